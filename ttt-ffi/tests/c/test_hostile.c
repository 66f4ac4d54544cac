/* Hostile input for every export of libttt: NULL in each pointer argument, integers outside
 * every enum, short buffers between guard bytes. Every failing call must return its status,
 * leave its out-parameters and buffers untouched, and write nothing outside what it was
 * given. Run plain, under valgrind and with AddressSanitizer by scripts/test-c.sh, which also
 * checks that every symbol libttt.so exports is named in this file. */
#include "ttt.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define GUARD 64
#define FILL 0xA5

/* A buffer of `len` bytes between two guard zones; everything starts as FILL. */
typedef struct {
    unsigned char *block;
    size_t len;
} guarded;

static guarded guarded_new(size_t len) {
    guarded g;
    g.len = len;
    g.block = malloc(len + 2 * GUARD);
    if (g.block == NULL) abort();
    memset(g.block, FILL, len + 2 * GUARD);
    return g;
}

static void *guarded_ptr(guarded g) { return g.block + GUARD; }

/* Whether the guard zones (and, with `inside`, the buffer too) still hold FILL. */
static int guarded_intact(guarded g, int inside) {
    size_t i;
    for (i = 0; i < g.len + 2 * GUARD; i++) {
        int in_buffer = i >= GUARD && i < GUARD + g.len;
        if ((inside || !in_buffer) && g.block[i] != FILL) return 0;
    }
    return 1;
}

static void guarded_free(guarded g) { free(g.block); }

#define SENTINEL_GAME ((ttt_game *)(uintptr_t)0x1)
#define SENTINEL_RNG ((ttt_rng *)(uintptr_t)0x1)
#define SENTINEL_FLAG ((ttt_stop_flag *)(uintptr_t)0x1)
#define SENTINEL_ENGINE ((ttt_engine *)(uintptr_t)0x1)
#define SENTINEL_SIZE ((size_t)0x5A5A5A5A)

static const int32_t BAD_PLAYERS[] = {-2, 4, 5, 100, INT32_MIN, INT32_MAX};
static const uint32_t BAD_ENUMS[] = {3, 4, 23, 1000, UINT32_MAX};

static double half(void *data) {
    (void)data;
    return 0.5;
}

static ttt_game *fresh_game(void) {
    ttt_rules rules = ttt_rules_classic();
    ttt_game *game = NULL;
    CHECK_OK(ttt_game_new(&rules, TTT_PLAYER_X, &game));
    return game;
}

/* The functions without pointer arguments, and the static strings, on every value. */
static void test_values(void) {
    size_t i;
    ttt_rules c = ttt_rules_classic(), c4 = ttt_rules_connect_four();
    ttt_search_limits d = ttt_search_limits_default();
    CHECK(ttt_version() != NULL && strlen(ttt_version()) > 0);
    CHECK(ttt_version_number() == TTT_VERSION_NUMBER);
    CHECK(c.gravity == 0 && c4.gravity == 1);
    CHECK(d.max_nodes > 0 && d.stop == NULL && d.max_time_ms == 0 && d.proof_nodes > 0);
    CHECK(d.proof_nodes == ttt_search_limits_default().proof_nodes);
    for (i = 0; i < sizeof BAD_ENUMS / sizeof BAD_ENUMS[0]; i++) {
        CHECK(ttt_status_name(BAD_ENUMS[i] + 20) != NULL);
        CHECK(ttt_status_str(BAD_ENUMS[i] + 20) != NULL);
        CHECK(strcmp(ttt_game_state_name(BAD_ENUMS[i]), "unknown-state") == 0);
        CHECK(strcmp(ttt_outcome_name(BAD_ENUMS[i] + 1), "unknown") == 0);
        CHECK(strcmp(ttt_difficulty_name(BAD_ENUMS[i]), "unknown-difficulty") == 0);
    }
    CHECK(strcmp(ttt_status_name(UINT32_MAX), "unknown-status") == 0);
    CHECK(strcmp(ttt_status_str(UINT32_MAX), "unknown status") == 0);
}

/* ttt_last_error_message into short buffers: terminated, never past the end. */
static void test_last_error(void) {
    ttt_rules bad = {0, 3, 3, 2, 0};
    size_t needed, len;
    CHECK_STATUS(ttt_rules_check(&bad), TTT_STATUS_INVALID_RULES);
    needed = ttt_last_error_message(NULL, 0);
    CHECK(needed > 1);
    CHECK(ttt_last_error_message(NULL, 100) == needed); /* NULL with a length: no write */
    for (len = 0; len <= needed + 1; len++) {
        guarded g = guarded_new(len);
        CHECK(ttt_last_error_message(guarded_ptr(g), len) == needed);
        CHECK(guarded_intact(g, 0));
        if (len > 0) {
            char *text = guarded_ptr(g);
            size_t written = len < needed ? len - 1 : needed - 1;
            CHECK(text[written] == '\0' && strlen(text) == written);
        } else {
            CHECK(guarded_intact(g, 1));
        }
        guarded_free(g);
    }
}

/* Every call that takes rules: NULL, and rules out of range in each field (gravity too). */
static void test_rules_arguments(void) {
    ttt_rules bad[8];
    int32_t cells[9] = {-1, -1, -1, -1, -1, -1, -1, -1, -1};
    ttt_evaluation ev, ev_before;
    ttt_game *game = SENTINEL_GAME;
    size_t i;
    for (i = 0; i < 8; i++) bad[i] = ttt_rules_classic();
    bad[0].width = 0;
    bad[1].height = 21;
    bad[2].k = 4;
    bad[3].k = 0;
    bad[4].players = 1;
    bad[5].players = 5;
    bad[6].gravity = 2;
    bad[7].gravity = 0xFF;
    memset(&ev, 0x5A, sizeof ev);
    ev_before = ev;

    CHECK_STATUS(ttt_rules_check(NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_rules_evaluate(NULL, cells, 9, &ev), TTT_STATUS_NULL_ARGUMENT);
    {
        ttt_rules ok = ttt_rules_classic();
        CHECK_STATUS(ttt_rules_evaluate(&ok, NULL, 9, &ev), TTT_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(ttt_rules_evaluate(&ok, cells, 9, NULL), TTT_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(ttt_rules_evaluate(&ok, cells, 8, &ev), TTT_STATUS_POSITION_WRONG_LENGTH);
        CHECK_STATUS(ttt_rules_evaluate(&ok, NULL, 0, &ev), TTT_STATUS_POSITION_WRONG_LENGTH);
        for (i = 0; i < sizeof BAD_PLAYERS / sizeof BAD_PLAYERS[0]; i++) {
            int32_t odd[9] = {-1, -1, -1, -1, -1, -1, -1, -1, -1};
            odd[4] = BAD_PLAYERS[i];
            CHECK_STATUS(ttt_rules_evaluate(&ok, odd, 9, &ev), TTT_STATUS_INVALID_ARGUMENT);
            CHECK_STATUS(ttt_game_from_board(&ok, odd, 9, TTT_PLAYER_X, &game),
                         TTT_STATUS_INVALID_ARGUMENT);
        }
        CHECK(memcmp(&ev, &ev_before, sizeof ev) == 0);
    }
    CHECK_STATUS(ttt_game_new(NULL, TTT_PLAYER_X, &game), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board(NULL, cells, 9, TTT_PLAYER_X, &game),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board_str(NULL, ".........", TTT_PLAYER_X, &game),
                 TTT_STATUS_NULL_ARGUMENT);
    for (i = 0; i < 8; i++) {
        CHECK_STATUS(ttt_rules_check(&bad[i]), TTT_STATUS_INVALID_RULES);
        CHECK_STATUS(ttt_rules_evaluate(&bad[i], cells, 9, &ev), TTT_STATUS_INVALID_RULES);
        CHECK_STATUS(ttt_game_new(&bad[i], TTT_PLAYER_X, &game), TTT_STATUS_INVALID_RULES);
        CHECK_STATUS(ttt_game_from_board(&bad[i], cells, 9, TTT_PLAYER_X, &game),
                     TTT_STATUS_INVALID_RULES);
        CHECK_STATUS(ttt_game_from_board_str(&bad[i], ".........", TTT_PLAYER_X, &game),
                     TTT_STATUS_INVALID_RULES);
    }
    CHECK(memcmp(&ev, &ev_before, sizeof ev) == 0);
    CHECK(game == SENTINEL_GAME);
}

/* The constructors: NULL in each pointer, players out of range, bad text. */
static void test_constructors(void) {
    ttt_rules r = ttt_rules_classic();
    int32_t cells[9] = {-1, -1, -1, -1, -1, -1, -1, -1, -1};
    ttt_game *game = SENTINEL_GAME, *src = fresh_game();
    size_t i;
    static const char record[] = "ttt/1 3x3 k=3 players=2 start=X moves=4";

    CHECK_STATUS(ttt_game_new(&r, TTT_PLAYER_X, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board(&r, NULL, 9, TTT_PLAYER_X, &game), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board(&r, cells, 9, TTT_PLAYER_X, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board_str(&r, NULL, TTT_PLAYER_X, &game), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board_str(&r, ".........", TTT_PLAYER_X, NULL),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_record(NULL, 5, &game), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_record(record, sizeof record - 1, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_record(NULL, 0, &game), TTT_STATUS_INVALID_RECORD);
    CHECK_STATUS(ttt_game_clone(NULL, &game), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_clone(src, NULL), TTT_STATUS_NULL_ARGUMENT);
    for (i = 0; i < sizeof BAD_PLAYERS / sizeof BAD_PLAYERS[0]; i++) {
        CHECK_STATUS(ttt_game_new(&r, BAD_PLAYERS[i], &game), TTT_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(ttt_game_from_board(&r, cells, 9, BAD_PLAYERS[i], &game),
                     TTT_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(ttt_game_from_board_str(&r, ".........", BAD_PLAYERS[i], &game),
                     TTT_STATUS_INVALID_ARGUMENT);
    }
    CHECK_STATUS(ttt_game_new(&r, TTT_PLAYER_NONE, &game), TTT_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(ttt_game_new(&r, TTT_PLAYER_Y, &game), TTT_STATUS_PLAYER_NOT_IN_GAME);
    /* Text that is not UTF-8, a record cut at every length, and bytes after a NUL. */
    CHECK_STATUS(ttt_game_from_board_str(&r, "\xff\xfe.......", TTT_PLAYER_X, &game),
                 TTT_STATUS_NOT_UTF8);
    CHECK_STATUS(ttt_game_from_record("\xff\xfe", 2, &game), TTT_STATUS_INVALID_RECORD);
    for (i = 0; i + 1 < sizeof record - 1; i++) {
        /* An exact-size copy: ASan sees any read past the length given. */
        char *cut = malloc(i + 1);
        if (cut == NULL) abort();
        memcpy(cut, record, i);
        cut[i] = 'Z';
        CHECK(ttt_game_from_record(cut, i, &game) != TTT_STATUS_OK);
        free(cut);
    }
    CHECK_STATUS(ttt_game_from_record("ttt/1 3x3 k=3 players=2 start=X moves=4\0junk", 44, &game),
                 TTT_STATUS_INVALID_RECORD);
    CHECK(game == SENTINEL_GAME);
    /* *_free(NULL) does nothing. */
    ttt_game_free(NULL);
    ttt_rng_free(NULL);
    ttt_stop_flag_free(NULL);
    ttt_game_free(src);
}

/* The buffer calls of a game: NULL buffers with a length, every short length between guard
 * bytes (nothing written), the exact length (written, guards intact). */
typedef ttt_status (*buffer_call)(const ttt_game *, void *, size_t, size_t *);

static ttt_status call_cells(const ttt_game *g, void *b, size_t n, size_t *o) {
    return ttt_game_cells(g, b, n, o);
}
static ttt_status call_winning_line(const ttt_game *g, void *b, size_t n, size_t *o) {
    return ttt_game_winning_line(g, b, n, o);
}
static ttt_status call_history(const ttt_game *g, void *b, size_t n, size_t *o) {
    return ttt_game_history(g, b, n, o);
}
static ttt_status call_legal_moves(const ttt_game *g, void *b, size_t n, size_t *o) {
    return ttt_game_legal_moves(g, b, n, o);
}
static ttt_status call_to_record(const ttt_game *g, void *b, size_t n, size_t *o) {
    return ttt_game_to_record(g, b, n, o);
}
static ttt_status call_board_string(const ttt_game *g, void *b, size_t n, size_t *o) {
    return ttt_game_board_string(g, b, n, o);
}
static ttt_status call_analyze(const ttt_game *g, void *b, size_t n, size_t *o) {
    return ttt_game_analyze(g, b, n, o);
}
static ttt_status call_analyze_with(const ttt_game *g, void *b, size_t n, size_t *o) {
    ttt_search_limits limits = ttt_search_limits_default();
    limits.max_nodes = 5000;
    return ttt_game_analyze_with(g, &limits, b, n, o);
}
/* The engine the buffer calls on an engine use (made by test_buffers). */
static ttt_engine *buffer_engine;
static ttt_status call_engine_analyze(const ttt_game *g, void *b, size_t n, size_t *o) {
    return ttt_engine_analyze(buffer_engine, g, b, n, o);
}
static ttt_status call_engine_analyze_with(const ttt_game *g, void *b, size_t n, size_t *o) {
    ttt_search_limits limits = ttt_search_limits_default();
    limits.max_nodes = 5000;
    return ttt_engine_analyze_with(buffer_engine, g, &limits, b, n, o);
}

static void check_buffer_call(const char *name, buffer_call call, size_t elem,
                              const ttt_game *game) {
    size_t needed = SENTINEL_SIZE, n, len;
    ttt_status s = call(game, NULL, 0, &needed);
    CHECK(s == TTT_STATUS_OK || s == TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(needed != SENTINEL_SIZE);
    n = SENTINEL_SIZE;
    CHECK_STATUS(call(NULL, NULL, 0, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK(n == SENTINEL_SIZE);
    CHECK_STATUS(call(game, NULL, 0, NULL), TTT_STATUS_NULL_ARGUMENT);
    if (needed > 0) CHECK_STATUS(call(game, NULL, needed, &n), TTT_STATUS_NULL_ARGUMENT);
    for (len = 0; len <= needed; len++) {
        guarded g = guarded_new(len * elem);
        n = SENTINEL_SIZE;
        s = call(game, guarded_ptr(g), len, &n);
        if (len < needed) {
            CHECK(s == TTT_STATUS_BUFFER_TOO_SMALL && n == needed);
            CHECK(guarded_intact(g, 1)); /* nothing written on failure */
        } else {
            CHECK(s == TTT_STATUS_OK && n == needed);
            CHECK(guarded_intact(g, 0));
        }
        if (!guarded_intact(g, len < needed)) fprintf(stderr, "  in %s, length %zu\n", name, len);
        guarded_free(g);
    }
}

static void test_buffers(void) {
    ttt_game *game = fresh_game(), *won = NULL;
    ttt_rules c4 = ttt_rules_connect_four();
    CHECK_OK(ttt_game_play(game, 4));
    CHECK_OK(ttt_game_play(game, 0));
    CHECK_OK(ttt_game_from_record("ttt/1 3x3 k=3 players=2 start=X moves=0,3,1,4,2", 47, &won));
    check_buffer_call("cells", call_cells, sizeof(ttt_player), game);
    check_buffer_call("winning_line", call_winning_line, sizeof(size_t), won);
    check_buffer_call("history", call_history, sizeof(size_t), game);
    check_buffer_call("legal_moves", call_legal_moves, sizeof(size_t), game);
    check_buffer_call("to_record", call_to_record, 1, game);
    check_buffer_call("board_string", call_board_string, 1, game);
    check_buffer_call("analyze", call_analyze, sizeof(ttt_move_analysis), game);
    check_buffer_call("analyze_with", call_analyze_with, sizeof(ttt_move_analysis), game);
    CHECK_OK(ttt_engine_new(1 << 20, &buffer_engine));
    check_buffer_call("engine_analyze", call_engine_analyze, sizeof(ttt_move_analysis), game);
    check_buffer_call("engine_analyze_with", call_engine_analyze_with, sizeof(ttt_move_analysis),
                      game);
    ttt_game_free(game);
    CHECK_OK(ttt_game_new(&c4, TTT_PLAYER_X, &game));
    check_buffer_call("legal_moves c4", call_legal_moves, sizeof(size_t), game);
    check_buffer_call("analyze_with c4", call_analyze_with, sizeof(ttt_move_analysis), game);
    check_buffer_call("engine_analyze_with c4", call_engine_analyze_with,
                      sizeof(ttt_move_analysis), game);
    ttt_engine_free(buffer_engine);
    buffer_engine = NULL;
    ttt_game_free(game);
    ttt_game_free(won);
}

/* Single-value accessors and moves: NULL in each pointer, enums out of range; the outputs
 * keep their sentinels on failure and the game does not change. */
static void test_game_calls(void) {
    ttt_game *game = fresh_game(), *other = fresh_game();
    ttt_player p = (ttt_player)77;
    ttt_game_state st = (ttt_game_state)77;
    ttt_rules rules;
    size_t n = SENTINEL_SIZE, i;
    bool b = true;
    char mark = '#';
    char before[64], after[64];
    CHECK_OK(ttt_game_play(game, 4));
    CHECK_OK(ttt_game_board_string(game, before, sizeof before, &n));
    n = SENTINEL_SIZE;
    memset(&rules, 0x5A, sizeof rules);

    CHECK_STATUS(ttt_game_equal(NULL, other, &b), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_equal(game, NULL, &b), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_equal(game, other, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(b == true);
    CHECK_STATUS(ttt_game_play(NULL, 0), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_play_as(NULL, TTT_PLAYER_O, 0), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_play_at(NULL, TTT_PLAYER_O, 1, 0), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_play_column(NULL, 0, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_undo(NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_rules(NULL, &rules), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_rules(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_cell(NULL, 0, &p), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_cell(game, 0, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_cell(game, 9, &p), TTT_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(ttt_game_cell(game, SIZE_MAX, &p), TTT_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(ttt_game_current_player(NULL, &p), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_current_player(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_starting_player(NULL, &p), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_starting_player(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_status(NULL, &st), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_status(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_winner(NULL, &p), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_winner(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_ply(NULL, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_ply(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_is_legal(NULL, 0, &b), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_is_legal(game, 0, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_player_mark(TTT_PLAYER_X, NULL), TTT_STATUS_NULL_ARGUMENT);
    for (i = 0; i < sizeof BAD_PLAYERS / sizeof BAD_PLAYERS[0]; i++) {
        CHECK_STATUS(ttt_game_play_as(game, BAD_PLAYERS[i], 0), TTT_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(ttt_game_play_at(game, BAD_PLAYERS[i], 1, 0), TTT_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(ttt_player_mark(BAD_PLAYERS[i], &mark), TTT_STATUS_INVALID_ARGUMENT);
    }
    CHECK_STATUS(ttt_game_play_as(game, TTT_PLAYER_NONE, 0), TTT_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(ttt_game_play(game, SIZE_MAX), TTT_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(ttt_game_play_at(game, TTT_PLAYER_O, SIZE_MAX, 0), TTT_STATUS_NOT_YOUR_TURN);
    CHECK_STATUS(ttt_game_play_column(game, 0, &n), TTT_STATUS_NO_GRAVITY);
    CHECK(p == (ttt_player)77 && st == (ttt_game_state)77 && n == SENTINEL_SIZE && b == true);
    CHECK(mark == '#');
    {
        ttt_rules probe;
        memset(&probe, 0x5A, sizeof probe);
        CHECK(memcmp(&rules, &probe, sizeof rules) == 0);
    }
    CHECK_OK(ttt_game_board_string(game, after, sizeof after, &n));
    CHECK(strcmp(before, after) == 0);
    ttt_game_free(game);
    ttt_game_free(other);
}

/* Search, AI, generators and stop flags: NULL in each pointer, difficulties out of range,
 * a NULL callback, limits with a NULL stop flag (allowed). */
static void test_search_and_ai(void) {
    ttt_game *game = fresh_game();
    ttt_rng *rng = SENTINEL_RNG;
    ttt_stop_flag *flag = SENTINEL_FLAG;
    ttt_search_limits limits = ttt_search_limits_default();
    ttt_best_move best, best_before;
    ttt_difficulty d = (ttt_difficulty)77;
    size_t index = SENTINEL_SIZE, i;
    bool proven = true;
    double value = -1.0;
    memset(&best, 0x5A, sizeof best);
    best_before = best;

    CHECK_STATUS(ttt_stop_flag_new(NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(flag == SENTINEL_FLAG);
    CHECK_STATUS(ttt_stop_flag_set(NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_stop_flag_clear(NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_rng_new(1, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(rng == SENTINEL_RNG);
    CHECK_STATUS(ttt_rng_next_f64(NULL, &value), TTT_STATUS_NULL_ARGUMENT);
    CHECK_OK(ttt_rng_new(1, &rng));
    CHECK_STATUS(ttt_rng_next_f64(rng, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(value == -1.0);
    CHECK_STATUS(ttt_difficulty_parse(NULL, &d), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_difficulty_parse("hard", NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_difficulty_parse("", &d), TTT_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(ttt_difficulty_parse("\xff", &d), TTT_STATUS_NOT_UTF8);
    CHECK(d == (ttt_difficulty)77);

    CHECK_STATUS(ttt_game_best_move(NULL, &index), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_best_move(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_best_move_with(NULL, &limits, &best), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_best_move_with(game, NULL, &best), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_best_move_with(game, &limits, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_weak_solve_with(NULL, &limits, &best), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_weak_solve_with(game, NULL, &best), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_weak_solve_with(game, &limits, NULL), TTT_STATUS_NULL_ARGUMENT);
    {
        size_t n = SENTINEL_SIZE;
        ttt_move_analysis moves[9];
        CHECK_STATUS(ttt_game_analyze_with(game, NULL, moves, 9, &n), TTT_STATUS_NULL_ARGUMENT);
        CHECK(n == SENTINEL_SIZE);
    }
    CHECK_STATUS(ttt_game_choose_move(NULL, TTT_DIFFICULTY_EASY, rng, &index),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move(game, TTT_DIFFICULTY_EASY, NULL, &index),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move(game, TTT_DIFFICULTY_EASY, rng, NULL),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with_callback(NULL, 0, half, NULL, &index),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with_callback(game, 0, NULL, NULL, &index),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with_callback(game, 0, half, NULL, NULL),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with(NULL, 0, rng, &limits, &index, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with(game, 0, NULL, &limits, &index, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with(game, 0, rng, NULL, &index, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with(game, 0, rng, &limits, NULL, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with(game, 0, rng, &limits, &index, NULL),
                 TTT_STATUS_NULL_ARGUMENT);
    for (i = 0; i < sizeof BAD_ENUMS / sizeof BAD_ENUMS[0]; i++) {
        CHECK_STATUS(ttt_game_choose_move(game, BAD_ENUMS[i], rng, &index),
                     TTT_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(ttt_game_choose_move_with_callback(game, BAD_ENUMS[i], half, NULL, &index),
                     TTT_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(ttt_game_choose_move_with(game, BAD_ENUMS[i], rng, &limits, &index, &proven),
                     TTT_STATUS_INVALID_ARGUMENT);
    }
    CHECK(index == SENTINEL_SIZE && proven == true);
    CHECK(memcmp(&best, &best_before, sizeof best) == 0);
    /* A stop flag already set: the call still answers (unproven), never hangs or fails. */
    CHECK_OK(ttt_stop_flag_new(&flag));
    CHECK_OK(ttt_stop_flag_set(flag));
    limits.stop = flag;
    CHECK_OK(ttt_game_best_move_with(game, &limits, &best));
    CHECK(best.index < 9);
    CHECK_OK(ttt_stop_flag_clear(flag));
    ttt_stop_flag_free(flag);
    ttt_rng_free(rng);
    ttt_game_free(game);
}

/* The engine: NULL in each pointer argument (the engine, the game, the rng, the limits and each
 * output), difficulties out of range, a finished game, a stop flag already set and the largest
 * time limit; outputs keep their sentinels on failure. Buffers are checked by test_buffers. */
static void test_engine(void) {
    ttt_game *game = fresh_game(), *won = NULL;
    ttt_engine *engine = SENTINEL_ENGINE;
    ttt_rng *rng = NULL;
    ttt_stop_flag *flag = NULL;
    ttt_search_limits limits = ttt_search_limits_default();
    ttt_best_move best, best_before;
    ttt_move_analysis moves[9];
    size_t index = SENTINEL_SIZE, n = SENTINEL_SIZE, bytes = SENTINEL_SIZE, i;
    bool proven = true;
    double value = -1.0;
    memset(&best, 0x5A, sizeof best);
    best_before = best;
    CHECK_OK(ttt_game_from_record("ttt/1 3x3 k=3 players=2 start=X moves=0,3,1,4,2", 47, &won));

    CHECK_STATUS(ttt_engine_new(0, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(engine == SENTINEL_ENGINE);
    ttt_engine_free(NULL);
    CHECK_STATUS(ttt_engine_clear(NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_table_bytes(NULL, &bytes), TTT_STATUS_NULL_ARGUMENT);
    CHECK(bytes == SENTINEL_SIZE);
    /* Any size is accepted: the tables only grow while searches fill them. */
    CHECK_OK(ttt_engine_new(SIZE_MAX, &engine));
    CHECK_OK(ttt_engine_table_bytes(engine, &bytes));
    CHECK(bytes == SIZE_MAX);
    CHECK_OK(ttt_engine_best_move(engine, game, &index));
    CHECK(index == 4);
    ttt_engine_free(engine);
    CHECK_OK(ttt_engine_new(1, &engine));
    CHECK_OK(ttt_engine_best_move(engine, game, &index));
    CHECK(index == 4);
    ttt_engine_free(engine);
    CHECK_OK(ttt_engine_new(0, &engine));
    bytes = SENTINEL_SIZE;
    CHECK_STATUS(ttt_engine_table_bytes(engine, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_OK(ttt_rng_new(9, &rng));

    index = SENTINEL_SIZE;
    CHECK_STATUS(ttt_engine_best_move(NULL, game, &index), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_best_move(engine, NULL, &index), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_best_move(engine, game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_best_move(engine, won, &index), TTT_STATUS_GAME_OVER);
    CHECK_STATUS(ttt_engine_best_move_with(NULL, game, &limits, &best), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_best_move_with(engine, NULL, &limits, &best), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_best_move_with(engine, game, NULL, &best), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_best_move_with(engine, game, &limits, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_best_move_with(engine, won, &limits, &best), TTT_STATUS_GAME_OVER);
    CHECK_STATUS(ttt_engine_weak_solve_with(NULL, game, &limits, &best), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_weak_solve_with(engine, NULL, &limits, &best), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_weak_solve_with(engine, game, NULL, &best), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_weak_solve_with(engine, game, &limits, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_weak_solve_with(engine, won, &limits, &best), TTT_STATUS_GAME_OVER);
    CHECK_STATUS(ttt_engine_analyze(NULL, game, moves, 9, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_analyze_with(NULL, game, &limits, moves, 9, &n),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_analyze_with(engine, game, NULL, moves, 9, &n),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK(n == SENTINEL_SIZE);
    CHECK_STATUS(ttt_engine_choose_move(NULL, game, 0, rng, &index), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_choose_move(engine, NULL, 0, rng, &index), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_choose_move(engine, game, 0, NULL, &index), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_choose_move(engine, game, 0, rng, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_choose_move(engine, won, 2, rng, &index), TTT_STATUS_GAME_OVER);
    CHECK_STATUS(ttt_engine_choose_move_with(NULL, game, 0, rng, &limits, &index, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_choose_move_with(engine, NULL, 0, rng, &limits, &index, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_choose_move_with(engine, game, 0, NULL, &limits, &index, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_choose_move_with(engine, game, 0, rng, NULL, &index, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_choose_move_with(engine, game, 0, rng, &limits, NULL, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_choose_move_with(engine, game, 0, rng, &limits, &index, NULL),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_engine_choose_move_with(engine, won, 2, rng, &limits, &index, &proven),
                 TTT_STATUS_GAME_OVER);
    for (i = 0; i < sizeof BAD_ENUMS / sizeof BAD_ENUMS[0]; i++) {
        CHECK_STATUS(ttt_engine_choose_move(engine, game, BAD_ENUMS[i], rng, &index),
                     TTT_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(
            ttt_engine_choose_move_with(engine, game, BAD_ENUMS[i], rng, &limits, &index, &proven),
            TTT_STATUS_INVALID_ARGUMENT);
    }
    CHECK(index == SENTINEL_SIZE && proven == true);
    CHECK(memcmp(&best, &best_before, sizeof best) == 0);
    /* Failed calls drew nothing from the generator: it gives what a fresh one of its seed does. */
    {
        ttt_rng *fresh = NULL;
        double expected = -2.0;
        CHECK_OK(ttt_rng_new(9, &fresh));
        CHECK_OK(ttt_rng_next_f64(fresh, &expected));
        CHECK_OK(ttt_rng_next_f64(rng, &value));
        CHECK(value == expected);
        ttt_rng_free(fresh);
    }
    /* A stop flag already set, the largest time limit, no node limit and the largest weak
     * proof: answers, never hangs. */
    CHECK_OK(ttt_stop_flag_new(&flag));
    CHECK_OK(ttt_stop_flag_set(flag));
    limits.stop = flag;
    limits.max_nodes = UINT64_MAX;
    limits.max_time_ms = UINT64_MAX;
    limits.proof_nodes = UINT64_MAX;
    CHECK_OK(ttt_engine_best_move_with(engine, game, &limits, &best));
    CHECK(best.index < 9);
    CHECK_OK(ttt_engine_choose_move_with(engine, game, 2, rng, &limits, &index, &proven));
    CHECK(index < 9);
    CHECK_OK(ttt_engine_analyze_with(engine, game, &limits, moves, 9, &n));
    CHECK(n == 9);
    /* The largest budget with the smallest time limit: the clock stops it. */
    limits.stop = NULL;
    limits.max_time_ms = 1;
    CHECK_OK(ttt_engine_best_move_with(engine, game, &limits, &best));
    CHECK(best.index < 9);
    /* The same on Connect Four, where the weak proof runs (UINT64_MAX + UINT64_MAX nodes must
     * saturate, not wrap): the flag set, then the smallest clock. */
    {
        /* Columns 4, 3, 4, 4, 3, 2, 5, 5. */
        static const char record[] =
            "ttt/1 7x6 k=4 players=2 gravity start=X moves=38,37,31,24,30,36,39,32";
        ttt_game *c4 = NULL;
        CHECK_OK(ttt_game_from_record(record, sizeof record - 1, &c4));
        limits.stop = flag;
        CHECK_OK(ttt_engine_best_move_with(engine, c4, &limits, &best));
        CHECK(best.index < 42);
        CHECK_OK(ttt_engine_weak_solve_with(engine, c4, &limits, &best));
        CHECK(best.index < 42);
        CHECK_OK(ttt_game_best_move_with(c4, &limits, &best));
        CHECK(best.index < 42);
        limits.stop = NULL;
        CHECK_OK(ttt_engine_choose_move_with(engine, c4, 2, rng, &limits, &index, &proven));
        CHECK(index < 42);
        CHECK_OK(ttt_game_weak_solve_with(c4, &limits, &best));
        CHECK(best.index < 42);
        ttt_game_free(c4);
    }
    CHECK_OK(ttt_engine_clear(engine));
    CHECK_OK(ttt_engine_clear(engine));
    ttt_stop_flag_free(flag);
    ttt_rng_free(rng);
    ttt_engine_free(engine);
    ttt_game_free(won);
    ttt_game_free(game);
}

int main(void) {
    test_values();
    test_last_error();
    test_rules_arguments();
    test_constructors();
    test_buffers();
    test_game_calls();
    test_search_and_ai();
    test_engine();
    return check_summary("test_hostile");
}
