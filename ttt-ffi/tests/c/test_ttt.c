/* C tests of every engine export of libttt: normal play, every invalid-move reason, every
 * refused-position reason, records, NULL for every pointer argument, invalid enum values,
 * zero-length and short buffers. Built with -Wall -Wextra -Wpedantic -Werror, run plain,
 * under valgrind and with AddressSanitizer by scripts/test-c.sh. */
#include "ttt.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

#define SENTINEL_GAME ((ttt_game *)(uintptr_t)0x1)

static ttt_game *classic_game(void) {
    ttt_rules rules = ttt_rules_classic();
    ttt_game *game = NULL;
    CHECK_OK(ttt_game_new(&rules, TTT_PLAYER_X, &game));
    return game;
}

static int board_is(const ttt_game *game, const char *expected) {
    char buf[512];
    size_t len = 0;
    if (ttt_game_board_string(game, buf, sizeof buf, &len) != TTT_STATUS_OK) return 0;
    return strcmp(buf, expected) == 0 && len == strlen(expected) + 1;
}

static int last_error_contains(const char *needle) {
    char buf[512];
    (void)ttt_last_error_message(buf, sizeof buf);
    return strstr(buf, needle) != NULL;
}

static void test_version(void) {
    char expected[64];
    snprintf(expected, sizeof expected, "%d.%d.%d", TTT_VERSION_MAJOR, TTT_VERSION_MINOR,
             TTT_VERSION_PATCH);
    CHECK(strcmp(ttt_version(), expected) == 0);
    CHECK(ttt_version_number() == TTT_VERSION_NUMBER);
    CHECK(TTT_VERSION_NUMBER ==
          ((TTT_VERSION_MAJOR << 16) | (TTT_VERSION_MINOR << 8) | TTT_VERSION_PATCH));
    /* The packed form orders versions: 0.1.0 < 0.2.0 < 1.0.0. */
    CHECK(TTT_VERSION_NUMBER < ((TTT_VERSION_MAJOR << 16) | ((TTT_VERSION_MINOR + 1) << 8)));
}

static void test_status_strings(void) {
    uint32_t s;
    CHECK(strcmp(ttt_status_name(TTT_STATUS_OK), "ok") == 0);
    CHECK(strcmp(ttt_status_name(TTT_STATUS_OCCUPIED), "occupied") == 0);
    CHECK(strcmp(ttt_status_name(TTT_STATUS_NOT_YOUR_TURN), "not-your-turn") == 0);
    CHECK(strcmp(ttt_status_name(TTT_STATUS_POSITION_MARK_COUNTS), "mark-counts") == 0);
    CHECK(strcmp(ttt_status_str(TTT_STATUS_OK), "success") == 0);
    for (s = 0; s <= TTT_STATUS_NO_GRAVITY; s++) {
        CHECK(ttt_status_name(s) != NULL && strlen(ttt_status_name(s)) > 0);
        CHECK(ttt_status_str(s) != NULL && strlen(ttt_status_str(s)) > 0);
        CHECK(strcmp(ttt_status_name(s), "unknown-status") != 0);
    }
    CHECK(strcmp(ttt_status_name(TTT_STATUS_NO_GRAVITY + 1), "unknown-status") == 0);
    CHECK(strcmp(ttt_status_name(UINT32_MAX), "unknown-status") == 0);
    CHECK(strcmp(ttt_status_str(UINT32_MAX), "unknown status") == 0);
}

static void test_last_error_buffers(void) {
    char buf[8];
    char big[256];
    size_t needed;
    ttt_rules rules = ttt_rules_classic();
    rules.width = 0;
    CHECK_STATUS(ttt_rules_check(&rules), TTT_STATUS_INVALID_RULES);
    needed = ttt_last_error_message(NULL, 0);
    CHECK(needed > sizeof buf);
    /* A zero-length buffer: nothing written, the length needed returned. */
    memset(buf, 'a', sizeof buf);
    CHECK(ttt_last_error_message(buf, 0) == needed);
    CHECK(buf[0] == 'a');
    /* One byte: only the NUL. */
    CHECK(ttt_last_error_message(buf, 1) == needed);
    CHECK(buf[0] == '\0' && buf[1] == 'a');
    /* Short: truncated and terminated, nothing past the buffer. */
    CHECK(ttt_last_error_message(buf, 4) == needed);
    CHECK(strlen(buf) == 3 && buf[4] == 'a');
    /* A length without a buffer: nothing written, the length needed returned. */
    CHECK(ttt_last_error_message(NULL, 16) == needed);
    CHECK(ttt_last_error_message(big, sizeof big) == needed);
    CHECK(strlen(big) + 1 == needed);
    CHECK(strstr(big, "the width must be from 1 to 20, not 0") != NULL);
    /* Successful calls leave the message alone. */
    rules.width = 3;
    CHECK_OK(ttt_rules_check(&rules));
    CHECK(ttt_last_error_message(NULL, 0) == needed);
}

static void test_rules(void) {
    ttt_rules r = ttt_rules_classic();
    ttt_rules c4 = ttt_rules_connect_four();
    CHECK(r.width == 3 && r.height == 3 && r.k == 3 && r.players == 2 && !r.gravity);
    CHECK(c4.width == 7 && c4.height == 6 && c4.k == 4 && c4.players == 2 && c4.gravity);
    CHECK_OK(ttt_rules_check(&r));
    CHECK_OK(ttt_rules_check(&c4));
    CHECK_STATUS(ttt_rules_check(NULL), TTT_STATUS_NULL_ARGUMENT);
    {
        ttt_rules bad[] = {
            {0, 3, 3, 2, false}, {21, 3, 3, 2, false}, {3, 0, 3, 2, false},
            {3, 21, 3, 2, false}, {3, 3, 0, 2, false}, {3, 3, 4, 2, false},
            {3, 3, 3, 1, false}, {3, 3, 3, 5, false}, {UINT32_MAX, 3, 3, 2, false},
        };
        size_t i;
        for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            ttt_game *game = SENTINEL_GAME;
            CHECK_STATUS(ttt_rules_check(&bad[i]), TTT_STATUS_INVALID_RULES);
            CHECK_STATUS(ttt_game_new(&bad[i], TTT_PLAYER_X, &game), TTT_STATUS_INVALID_RULES);
            CHECK(game == SENTINEL_GAME); /* out-parameter untouched on failure */
        }
    }
    {
        ttt_rules big = {20, 20, 5, 4, true};
        CHECK_OK(ttt_rules_check(&big));
    }
    /* gravity is a byte: 0 or 1, anything else refused by every call that takes rules (it
     * used to pass as gravity, and the record then lost it). */
    {
        static const uint8_t bytes[] = {2, 3, 0x7f, 0x80, 0xff};
        size_t i;
        int32_t cells[9] = {-1, -1, -1, -1, -1, -1, -1, -1, -1};
        ttt_evaluation ev;
        for (i = 0; i < sizeof bytes; i++) {
            ttt_rules odd = ttt_rules_connect_four();
            ttt_game *game = SENTINEL_GAME;
            odd.gravity = bytes[i];
            CHECK_STATUS(ttt_rules_check(&odd), TTT_STATUS_INVALID_RULES);
            CHECK(last_error_contains("gravity"));
            CHECK_STATUS(ttt_game_new(&odd, TTT_PLAYER_X, &game), TTT_STATUS_INVALID_RULES);
            odd.width = odd.height = 3;
            odd.k = 3;
            CHECK_STATUS(ttt_game_from_board(&odd, cells, 9, TTT_PLAYER_X, &game),
                         TTT_STATUS_INVALID_RULES);
            CHECK_STATUS(ttt_game_from_board_str(&odd, ".........", TTT_PLAYER_X, &game),
                         TTT_STATUS_INVALID_RULES);
            CHECK_STATUS(ttt_rules_evaluate(&odd, cells, 9, &ev), TTT_STATUS_INVALID_RULES);
            CHECK(game == SENTINEL_GAME);
        }
    }
}

static void test_evaluate(void) {
    ttt_rules r = ttt_rules_classic();
    ttt_rules c4 = ttt_rules_connect_four();
    ttt_evaluation e;
    /* O on the main diagonal; not a reachable position, which evaluate does not check. */
    int32_t diag[9] = {1, -1, -1, -1, 1, -1, -1, -1, 1};
    int32_t full[9] = {0, 1, 0, 0, 1, 1, 1, 0, 0};
    int32_t empty[42];
    size_t i;
    CHECK_OK(ttt_rules_evaluate(&r, diag, 9, &e));
    CHECK(e.state == TTT_GAME_STATE_WIN && e.winner == TTT_PLAYER_O);
    CHECK(e.line_len == 3 && e.line[0] == 0 && e.line[1] == 4 && e.line[2] == 8);
    CHECK_OK(ttt_rules_evaluate(&r, full, 9, &e));
    CHECK(e.state == TTT_GAME_STATE_DRAW && e.winner == TTT_PLAYER_NONE && e.line_len == 0);
    for (i = 0; i < 42; i++) empty[i] = TTT_PLAYER_NONE;
    CHECK_OK(ttt_rules_evaluate(&c4, empty, 42, &e));
    CHECK(e.state == TTT_GAME_STATE_IN_PROGRESS && e.line_len == 0);
    /* The first window in canonical order: both the top row and the left column are X. */
    {
        int32_t two[9] = {0, 0, 0, 0, 1, 1, 0, 1, -1};
        CHECK_OK(ttt_rules_evaluate(&r, two, 9, &e));
        CHECK(e.winner == TTT_PLAYER_X && e.line[0] == 0 && e.line[1] == 1 && e.line[2] == 2);
    }
    e.line_len = 99;
    CHECK_STATUS(ttt_rules_evaluate(&r, diag, 8, &e), TTT_STATUS_POSITION_WRONG_LENGTH);
    diag[3] = 9;
    CHECK_STATUS(ttt_rules_evaluate(&r, diag, 9, &e), TTT_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(ttt_rules_evaluate(NULL, diag, 9, &e), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_rules_evaluate(&r, NULL, 9, &e), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_rules_evaluate(&r, diag, 9, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(e.line_len == 99);
    CHECK(TTT_MAX_CELLS == TTT_MAX_SIDE * TTT_MAX_SIDE && TTT_MIN_PLAYERS == 2 &&
          TTT_MAX_PLAYERS == 4);
    CHECK(strcmp(ttt_game_state_name(TTT_GAME_STATE_IN_PROGRESS), "in-progress") == 0);
    CHECK(strcmp(ttt_game_state_name(TTT_GAME_STATE_WIN), "win") == 0);
    CHECK(strcmp(ttt_game_state_name(TTT_GAME_STATE_DRAW), "draw") == 0);
    CHECK(strcmp(ttt_game_state_name(3), "unknown-state") == 0);
}

static void test_new_and_players(void) {
    ttt_rules r = ttt_rules_classic();
    ttt_rules four = {5, 5, 4, 4, false};
    ttt_game *game = SENTINEL_GAME;
    ttt_player p = TTT_PLAYER_NONE;
    int32_t bad_players[] = {-2, -1, 4, 100, INT32_MIN, INT32_MAX};
    size_t i;
    for (i = 0; i < sizeof bad_players / sizeof bad_players[0]; i++) {
        CHECK_STATUS(ttt_game_new(&r, bad_players[i], &game), TTT_STATUS_INVALID_ARGUMENT);
    }
    CHECK_STATUS(ttt_game_new(&r, TTT_PLAYER_Y, &game), TTT_STATUS_PLAYER_NOT_IN_GAME);
    CHECK(game == SENTINEL_GAME);
    CHECK_STATUS(ttt_game_new(NULL, TTT_PLAYER_X, &game), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_new(&r, TTT_PLAYER_X, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(game == SENTINEL_GAME);

    CHECK_OK(ttt_game_new(&r, TTT_PLAYER_O, &game));
    CHECK_OK(ttt_game_current_player(game, &p));
    CHECK(p == TTT_PLAYER_O);
    CHECK_OK(ttt_game_starting_player(game, &p));
    CHECK(p == TTT_PLAYER_O);
    ttt_game_free(game);

    /* Four players take turns X, O, Y, Z. */
    CHECK_OK(ttt_game_new(&four, TTT_PLAYER_Z, &game));
    CHECK_OK(ttt_game_play(game, 0));
    CHECK_OK(ttt_game_current_player(game, &p));
    CHECK(p == TTT_PLAYER_X);
    CHECK_OK(ttt_game_play_as(game, TTT_PLAYER_X, 1));
    CHECK_OK(ttt_game_play_as(game, TTT_PLAYER_O, 2));
    CHECK_OK(ttt_game_current_player(game, &p));
    CHECK(p == TTT_PLAYER_Y);
    CHECK(board_is(game, "ZXO......................"));
    ttt_game_free(game);

    {
        char mark = '?';
        CHECK_OK(ttt_player_mark(TTT_PLAYER_X, &mark));
        CHECK(mark == 'X');
        CHECK_OK(ttt_player_mark(TTT_PLAYER_Z, &mark));
        CHECK(mark == 'Z');
        CHECK_OK(ttt_player_mark(TTT_PLAYER_NONE, &mark));
        CHECK(mark == '.');
        mark = '?';
        CHECK_STATUS(ttt_player_mark(4, &mark), TTT_STATUS_INVALID_ARGUMENT);
        CHECK_STATUS(ttt_player_mark(-2, &mark), TTT_STATUS_INVALID_ARGUMENT);
        CHECK(mark == '?');
        CHECK_STATUS(ttt_player_mark(TTT_PLAYER_X, NULL), TTT_STATUS_NULL_ARGUMENT);
    }
}

static void test_classic_game(void) {
    ttt_game *game = classic_game();
    ttt_game_state state = TTT_GAME_STATE_DRAW;
    ttt_player p;
    size_t moves[9], n = 99, line[3], ply = 99;
    ttt_rules rules;
    bool legal = true;

    CHECK_OK(ttt_game_status(game, &state));
    CHECK(state == TTT_GAME_STATE_IN_PROGRESS);
    CHECK_OK(ttt_game_legal_moves(game, moves, 9, &n));
    CHECK(n == 9 && moves[0] == 0 && moves[8] == 8);
    CHECK_OK(ttt_game_rules(game, &rules));
    CHECK(rules.width == 3 && rules.k == 3);
    CHECK_OK(ttt_game_ply(game, &ply));
    CHECK(ply == 0);

    /* X: 0, 1, 2 wins the top row; O: 3, 4. */
    CHECK_OK(ttt_game_play(game, 0));
    CHECK_OK(ttt_game_play(game, 3));
    CHECK_OK(ttt_game_play(game, 1));
    CHECK_OK(ttt_game_play(game, 4));
    CHECK_OK(ttt_game_is_legal(game, 2, &legal));
    CHECK(legal);
    CHECK_OK(ttt_game_is_legal(game, 0, &legal));
    CHECK(!legal);
    CHECK_OK(ttt_game_is_legal(game, SIZE_MAX, &legal));
    CHECK(!legal);
    CHECK_OK(ttt_game_play(game, 2));
    CHECK(board_is(game, "XXXOO...."));
    CHECK_OK(ttt_game_status(game, &state));
    CHECK(state == TTT_GAME_STATE_WIN);
    CHECK_OK(ttt_game_winner(game, &p));
    CHECK(p == TTT_PLAYER_X);
    CHECK_OK(ttt_game_winning_line(game, line, 3, &n));
    CHECK(n == 3 && line[0] == 0 && line[1] == 1 && line[2] == 2);
    CHECK_OK(ttt_game_history(game, moves, 9, &n));
    CHECK(n == 5 && moves[0] == 0 && moves[1] == 3 && moves[4] == 2);
    CHECK_OK(ttt_game_legal_moves(game, moves, 9, &n));
    CHECK(n == 0);
    CHECK_OK(ttt_game_cell(game, 3, &p));
    CHECK(p == TTT_PLAYER_O);
    CHECK_OK(ttt_game_cell(game, 8, &p));
    CHECK(p == TTT_PLAYER_NONE);
    p = TTT_PLAYER_Z;
    CHECK_STATUS(ttt_game_cell(game, 9, &p), TTT_STATUS_OUT_OF_RANGE);
    CHECK(p == TTT_PLAYER_Z);

    /* Undo replays: the win is gone. */
    CHECK_OK(ttt_game_undo(game));
    CHECK_OK(ttt_game_status(game, &state));
    CHECK(state == TTT_GAME_STATE_IN_PROGRESS);
    CHECK_OK(ttt_game_winner(game, &p));
    CHECK(p == TTT_PLAYER_NONE);
    CHECK_OK(ttt_game_winning_line(game, line, 3, &n));
    CHECK(n == 0);
    CHECK(board_is(game, "XX.OO...."));
    ttt_game_free(game);

    /* A draw: X O X / X O O / O X X. */
    game = classic_game();
    {
        size_t order[] = {0, 1, 2, 4, 3, 5, 7, 6, 8};
        size_t i;
        for (i = 0; i < 9; i++) CHECK_OK(ttt_game_play(game, order[i]));
    }
    CHECK_OK(ttt_game_status(game, &state));
    CHECK(state == TTT_GAME_STATE_DRAW);
    CHECK_OK(ttt_game_winner(game, &p));
    CHECK(p == TTT_PLAYER_NONE);
    ttt_game_free(game);
}

static void test_invalid_moves(void) {
    ttt_game *game = classic_game();
    ttt_rules c4 = ttt_rules_connect_four();
    size_t ply = 0;

    CHECK_OK(ttt_game_play(game, 4));
    CHECK_STATUS(ttt_game_play(game, 9), TTT_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(ttt_game_play(game, SIZE_MAX), TTT_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(ttt_game_play(game, 4), TTT_STATUS_OCCUPIED);
    CHECK(last_error_contains("cannot play 4: that cell is already taken"));
    CHECK_STATUS(ttt_game_play_as(game, TTT_PLAYER_X, 0), TTT_STATUS_NOT_YOUR_TURN);
    CHECK_STATUS(ttt_game_play_as(game, TTT_PLAYER_Y, 0), TTT_STATUS_NOT_YOUR_TURN);
    CHECK_STATUS(ttt_game_play_as(game, 7, 0), TTT_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(ttt_game_play_as(game, -1, 0), TTT_STATUS_INVALID_ARGUMENT);
    /* A stale move: right player, old ply. */
    CHECK_STATUS(ttt_game_play_at(game, TTT_PLAYER_O, 0, 0), TTT_STATUS_NOT_YOUR_TURN);
    CHECK_STATUS(ttt_game_play_at(game, TTT_PLAYER_O, 2, 0), TTT_STATUS_NOT_YOUR_TURN);
    CHECK_STATUS(ttt_game_play_at(game, 9, 1, 0), TTT_STATUS_INVALID_ARGUMENT);
    /* not-your-turn is checked before out-of-range and occupied. */
    CHECK_STATUS(ttt_game_play_as(game, TTT_PLAYER_X, 4), TTT_STATUS_NOT_YOUR_TURN);
    /* Refused moves changed nothing. */
    CHECK(board_is(game, "....X...."));
    CHECK_OK(ttt_game_ply(game, &ply));
    CHECK(ply == 1);
    CHECK_OK(ttt_game_play_at(game, TTT_PLAYER_O, 1, 0));
    CHECK_OK(ttt_game_play_as(game, TTT_PLAYER_X, 1));
    CHECK_OK(ttt_game_play(game, 3));
    CHECK_OK(ttt_game_play(game, 7)); /* X wins the middle column */
    /* game-over comes first of all. */
    CHECK_STATUS(ttt_game_play(game, 8), TTT_STATUS_GAME_OVER);
    CHECK_STATUS(ttt_game_play(game, 100), TTT_STATUS_GAME_OVER);
    CHECK_STATUS(ttt_game_play_as(game, TTT_PLAYER_X, 8), TTT_STATUS_GAME_OVER);
    CHECK_STATUS(ttt_game_play_at(game, TTT_PLAYER_O, 5, 8), TTT_STATUS_GAME_OVER);
    ttt_game_free(game);

    /* Gravity: only the bottom row is playable on an empty board. */
    CHECK_OK(ttt_game_new(&c4, TTT_PLAYER_X, &game));
    CHECK_STATUS(ttt_game_play(game, 0), TTT_STATUS_FLOATING);
    CHECK_STATUS(ttt_game_play(game, 42), TTT_STATUS_OUT_OF_RANGE);
    CHECK_OK(ttt_game_play(game, 38));
    CHECK_STATUS(ttt_game_play(game, 38), TTT_STATUS_OCCUPIED);
    CHECK_OK(ttt_game_play(game, 31));
    {
        size_t moves[42], n = 0;
        CHECK_OK(ttt_game_legal_moves(game, moves, 42, &n));
        CHECK(n == 7 && moves[0] == 24 && moves[1] == 35);
    }
    ttt_game_free(game);
}

/* Column moves: the cell landed in, every refusal reason, and nothing changed on refusal. */
static void test_play_column(void) {
    ttt_rules c4 = ttt_rules_connect_four();
    ttt_game *game = NULL;
    size_t cell = 999, ply = 0;
    int i;

    CHECK_OK(ttt_game_new(&c4, TTT_PLAYER_X, &game));
    CHECK_OK(ttt_game_play_column(game, 3, &cell));
    CHECK(cell == 38); /* bottom row 5, column 3: 5 * 7 + 3 */
    CHECK_OK(ttt_game_play_column(game, 3, &cell));
    CHECK(cell == 31);
    CHECK_OK(ttt_game_play_column(game, 0, NULL)); /* out_index is optional */
    /* Rows 0-3 empty, row 4 "...O...", row 5 "X..X...". */
    CHECK(board_is(game, "............................"
                         "...O..."
                         "X..X..."));
    cell = 999;
    CHECK_STATUS(ttt_game_play_column(game, 7, &cell), TTT_STATUS_OUT_OF_RANGE);
    CHECK_STATUS(ttt_game_play_column(game, SIZE_MAX, &cell), TTT_STATUS_OUT_OF_RANGE);
    CHECK(cell == 999);
    for (i = 0; i < 4; i++) CHECK_OK(ttt_game_play_column(game, 6, &cell));
    CHECK_OK(ttt_game_play_column(game, 6, &cell));
    CHECK_OK(ttt_game_play_column(game, 6, &cell));
    CHECK(cell == 6); /* the top cell */
    CHECK_OK(ttt_game_ply(game, &ply));
    CHECK_STATUS(ttt_game_play_column(game, 6, &cell), TTT_STATUS_OCCUPIED);
    {
        size_t after = 0;
        CHECK_OK(ttt_game_ply(game, &after));
        CHECK(after == ply);
    }
    CHECK_STATUS(ttt_game_play_column(NULL, 0, &cell), TTT_STATUS_NULL_ARGUMENT);
    ttt_game_free(game);

    /* Four in column 1 for X wins; then every column move is game-over. */
    CHECK_OK(ttt_game_new(&c4, TTT_PLAYER_X, &game));
    for (i = 0; i < 7; i++) CHECK_OK(ttt_game_play_column(game, (size_t)(1 + i % 2), NULL));
    CHECK_STATUS(ttt_game_play_column(game, 4, &cell), TTT_STATUS_GAME_OVER);
    CHECK_STATUS(ttt_game_play_column(game, 99, &cell), TTT_STATUS_GAME_OVER);
    ttt_game_free(game);

    /* No gravity, no column moves. */
    game = classic_game();
    CHECK_STATUS(ttt_game_play_column(game, 0, &cell), TTT_STATUS_NO_GRAVITY);
    CHECK(strcmp(ttt_status_name(TTT_STATUS_NO_GRAVITY), "no-gravity") == 0);
    CHECK(board_is(game, "........."));
    ttt_game_free(game);
}

static void test_buffers(void) {
    ttt_game *game = classic_game();
    size_t moves[9], n = 77;
    ttt_player cells[9];
    char text[64];
    size_t i;

    CHECK_OK(ttt_game_play(game, 4));
    /* Zero-length: the length needed, nothing written. */
    CHECK_STATUS(ttt_game_legal_moves(game, NULL, 0, &n), TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 8);
    CHECK_STATUS(ttt_game_cells(game, NULL, 0, &n), TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 9);
    CHECK_STATUS(ttt_game_history(game, NULL, 0, &n), TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 1);
    CHECK_STATUS(ttt_game_to_record(game, NULL, 0, &n), TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == strlen("ttt/1 3x3 k=3 players=2 start=X moves=4") + 1);
    CHECK_STATUS(ttt_game_board_string(game, NULL, 0, &n), TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 10);
    /* Short: untouched. */
    for (i = 0; i < 9; i++) moves[i] = 1000;
    CHECK_STATUS(ttt_game_legal_moves(game, moves, 7, &n), TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 8 && moves[0] == 1000 && moves[6] == 1000);
    memset(text, 'z', sizeof text);
    CHECK_STATUS(ttt_game_board_string(game, text, 9, &n), TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 10 && text[0] == 'z' && text[8] == 'z');
    for (i = 0; i < 9; i++) cells[i] = TTT_PLAYER_Z;
    CHECK_STATUS(ttt_game_cells(game, cells, 8, &n), TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(cells[0] == TTT_PLAYER_Z);
    /* Exact fits. */
    CHECK_OK(ttt_game_legal_moves(game, moves, 8, &n));
    CHECK(n == 8 && moves[3] == 3 && moves[4] == 5);
    CHECK_OK(ttt_game_board_string(game, text, 10, &n));
    CHECK(strcmp(text, "....X....") == 0);
    CHECK_OK(ttt_game_cells(game, cells, 9, &n));
    CHECK(n == 9 && cells[4] == TTT_PLAYER_X && cells[0] == TTT_PLAYER_NONE);
    /* A buffer with a length but no pointer; no length out-parameter. */
    CHECK_STATUS(ttt_game_legal_moves(game, NULL, 9, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_legal_moves(game, moves, 9, NULL), TTT_STATUS_NULL_ARGUMENT);
    /* An empty result fits in an empty buffer. */
    CHECK_OK(ttt_game_winning_line(game, NULL, 0, &n));
    CHECK(n == 0);
    ttt_game_free(game);
}

static void test_from_board(void) {
    ttt_rules r = ttt_rules_classic();
    ttt_rules c4 = ttt_rules_connect_four();
    ttt_game *game = SENTINEL_GAME;
    size_t moves[9], n = 0;
    int32_t cells[9] = {0, 0, -1, 1, 1, -1, -1, -1, -1}; /* XX.OO.... */
    bool eq = false;

    CHECK_OK(ttt_game_from_board(&r, cells, 9, TTT_PLAYER_X, &game));
    CHECK_OK(ttt_game_legal_moves(game, moves, 9, &n));
    CHECK(n == 5 && moves[0] == 2);
    {
        ttt_game *same = NULL;
        CHECK_OK(ttt_game_from_board_str(&r, "XX.\nOO.\n...", TTT_PLAYER_X, &same));
        CHECK_OK(ttt_game_equal(game, same, &eq));
        CHECK(eq);
        ttt_game_free(same);
    }
    /* Undo never goes past the starting board. */
    CHECK_OK(ttt_game_play(game, 2));
    CHECK_OK(ttt_game_undo(game));
    CHECK_OK(ttt_game_undo(game));
    CHECK(board_is(game, "XX.OO...."));
    ttt_game_free(game);

    game = SENTINEL_GAME;
    CHECK_STATUS(ttt_game_from_board(&r, cells, 9, TTT_PLAYER_O, &game),
                 TTT_STATUS_POSITION_MARK_COUNTS);
    CHECK(last_error_contains("the mark counts do not fit the turn order"));
    CHECK_STATUS(ttt_game_from_board(&r, cells, 8, TTT_PLAYER_X, &game),
                 TTT_STATUS_POSITION_WRONG_LENGTH);
    CHECK_STATUS(ttt_game_from_board(&r, NULL, 0, TTT_PLAYER_X, &game),
                 TTT_STATUS_POSITION_WRONG_LENGTH);
    CHECK_STATUS(ttt_game_from_board(&r, NULL, 9, TTT_PLAYER_X, &game), TTT_STATUS_NULL_ARGUMENT);
    cells[8] = 5;
    CHECK_STATUS(ttt_game_from_board(&r, cells, 9, TTT_PLAYER_X, &game),
                 TTT_STATUS_INVALID_ARGUMENT);
    cells[8] = -7;
    CHECK_STATUS(ttt_game_from_board(&r, cells, 9, TTT_PLAYER_X, &game),
                 TTT_STATUS_INVALID_ARGUMENT);
    cells[8] = -1;
    CHECK_STATUS(ttt_game_from_board(&r, cells, 9, 4, &game), TTT_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board_str(&r, "XX.OO..Y.", TTT_PLAYER_X, &game),
                 TTT_STATUS_POSITION_PLAYER_NOT_IN_GAME);
    CHECK_STATUS(ttt_game_from_board_str(&r, "XX.OO....", TTT_PLAYER_Y, &game),
                 TTT_STATUS_POSITION_PLAYER_NOT_IN_GAME);
    CHECK_STATUS(ttt_game_from_board_str(&r, "XXXOOO...", TTT_PLAYER_X, &game),
                 TTT_STATUS_POSITION_MULTIPLE_WINNERS);
    CHECK_STATUS(ttt_game_from_board_str(&r, "XXXOO.O..", TTT_PLAYER_X, &game),
                 TTT_STATUS_POSITION_WINNER_DID_NOT_MOVE_LAST);
    /* Two X lines that no single last move could have completed, with counts that fit. */
    {
        ttt_rules wide = {5, 3, 3, 2, false};
        /* X has two separate lines (0,1,2) and (10,11,12): no single last move made both. */
        CHECK_STATUS(ttt_game_from_board_str(&wide, "XXXOO.OO..XXXO.", TTT_PLAYER_O, &game),
                     TTT_STATUS_POSITION_LINES_NOT_FROM_ONE_MOVE);
    }
    CHECK_STATUS(ttt_game_from_board_str(&r, "XX.OO..Q.", TTT_PLAYER_X, &game),
                 TTT_STATUS_POSITION_UNKNOWN_MARK);
    CHECK_STATUS(ttt_game_from_board_str(&r, "XX.OO...\xff", TTT_PLAYER_X, &game),
                 TTT_STATUS_NOT_UTF8);
    {
        char floating[43];
        memset(floating, '.', 42);
        floating[42] = '\0';
        floating[0] = 'X';  /* top-left, above five empty cells */
        floating[35] = 'O'; /* bottom-left */
        CHECK_STATUS(ttt_game_from_board_str(&c4, floating, TTT_PLAYER_X, &game),
                     TTT_STATUS_POSITION_FLOATING);
    }
    CHECK_STATUS(ttt_game_from_board_str(&r, NULL, TTT_PLAYER_X, &game), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board_str(NULL, "XX.OO....", TTT_PLAYER_X, &game),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board_str(&r, "XX.OO....", TTT_PLAYER_X, NULL),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board(NULL, cells, 9, TTT_PLAYER_X, &game),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_board(&r, cells, 9, TTT_PLAYER_X, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(game == SENTINEL_GAME);
}

static void test_records(void) {
    ttt_game *game = classic_game();
    ttt_game *loaded = SENTINEL_GAME;
    char text[128];
    size_t n = 0;
    bool eq = false;
    const char *bad[] = {
        "",
        "hello",
        "ttt/2 3x3 k=3 players=2 start=X moves=",
        "ttt/1 3x3 k=3 players=2 start=X",
        "ttt/1 3x3 k=4 players=2 start=X moves=",
        "ttt/1 3x3 k=3 players=2 start=X moves=4,4",
        "ttt/1 3x3 k=3 players=2 start=X moves=4,99999999999999999999999",
        "ttt/1 3x3 k=3 players=2 start=X moves=4 trailing",
        "ttt/1 3x3 k=3 players=2 start=OO.......:X moves=",
    };
    size_t i;

    CHECK_OK(ttt_game_play(game, 4));
    CHECK_OK(ttt_game_play(game, 0));
    CHECK_OK(ttt_game_to_record(game, text, sizeof text, &n));
    CHECK(strcmp(text, "ttt/1 3x3 k=3 players=2 start=X moves=4,0") == 0);
    CHECK(n == strlen(text) + 1);
    CHECK_OK(ttt_game_from_record(text, strlen(text), &loaded));
    CHECK_OK(ttt_game_equal(game, loaded, &eq));
    CHECK(eq);
    ttt_game_free(loaded);
    /* A trailing newline is allowed; the NUL is not needed (length-delimited). */
    {
        const char with_nl[] = "ttt/1 7x6 k=4 players=2 gravity start=X moves=38,31,39\nGARBAGE";
        char expected[43];
        memset(expected, '.', 42);
        expected[42] = '\0';
        expected[31] = 'O';
        expected[38] = 'X';
        expected[39] = 'X';
        CHECK_OK(ttt_game_from_record(with_nl, strlen(with_nl) - 7, &loaded));
        CHECK(board_is(loaded, expected));
        ttt_game_free(loaded);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        loaded = SENTINEL_GAME;
        CHECK_STATUS(ttt_game_from_record(bad[i], strlen(bad[i]), &loaded),
                     TTT_STATUS_INVALID_RECORD);
        CHECK(loaded == SENTINEL_GAME);
        CHECK(last_error_contains("byte"));
    }
    CHECK_STATUS(ttt_game_from_record("ttt/1 3x3 k=3 players=2 start=X moves=\xff", 39, &loaded),
                 TTT_STATUS_INVALID_RECORD);
    CHECK(last_error_contains("UTF-8"));
    CHECK_STATUS(ttt_game_from_record(NULL, 0, &loaded), TTT_STATUS_INVALID_RECORD);
    CHECK_STATUS(ttt_game_from_record(NULL, 5, &loaded), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_from_record(text, strlen(text), NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(loaded == SENTINEL_GAME);
    ttt_game_free(game);
}

static void test_clone_equal_free(void) {
    ttt_game *a = classic_game();
    ttt_game *b = SENTINEL_GAME;
    bool eq = false;
    CHECK_OK(ttt_game_play(a, 4));
    CHECK_OK(ttt_game_clone(a, &b));
    CHECK_OK(ttt_game_equal(a, b, &eq));
    CHECK(eq);
    CHECK_OK(ttt_game_play(b, 0));
    CHECK_OK(ttt_game_equal(a, b, &eq));
    CHECK(!eq);
    CHECK(board_is(a, "....X...."));
    CHECK_STATUS(ttt_game_clone(NULL, &b), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_clone(a, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_equal(NULL, b, &eq), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_equal(a, NULL, &eq), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_equal(a, b, NULL), TTT_STATUS_NULL_ARGUMENT);
    ttt_game_free(a);
    ttt_game_free(b);
    ttt_game_free(NULL);
}

/* NULL for every pointer argument of every game accessor. */
static void test_null_arguments(void) {
    ttt_game *game = classic_game();
    ttt_player p;
    ttt_game_state st;
    ttt_rules rules;
    size_t n, buf[9];
    bool b;
    char text[64];
    ttt_player cells[9];

    CHECK_STATUS(ttt_game_play(NULL, 0), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_play_as(NULL, TTT_PLAYER_X, 0), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_play_at(NULL, TTT_PLAYER_X, 0, 0), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_undo(NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_rules(NULL, &rules), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_rules(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_cells(NULL, cells, 9, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_cells(game, cells, 9, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_cells(game, NULL, 9, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_cell(NULL, 0, &p), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_cell(game, 0, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_current_player(NULL, &p), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_current_player(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_starting_player(NULL, &p), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_starting_player(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_status(NULL, &st), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_status(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_winner(NULL, &p), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_winner(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_winning_line(NULL, buf, 9, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_winning_line(game, buf, 9, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_history(NULL, buf, 9, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_history(game, buf, 9, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_ply(NULL, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_ply(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_legal_moves(NULL, buf, 9, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_is_legal(NULL, 0, &b), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_is_legal(game, 0, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_to_record(NULL, text, sizeof text, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_to_record(game, text, sizeof text, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_to_record(game, NULL, sizeof text, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_board_string(NULL, text, sizeof text, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_board_string(game, text, sizeof text, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(last_error_contains("out_len"));
    CHECK(board_is(game, "........."));
    ttt_game_free(game);
}

int main(void) {
    test_version();
    test_status_strings();
    test_last_error_buffers();
    test_rules();
    test_evaluate();
    test_new_and_players();
    test_classic_game();
    test_invalid_moves();
    test_play_column();
    test_buffers();
    test_from_board();
    test_records();
    test_clone_equal_free();
    test_null_arguments();
    return check_summary("test_ttt");
}
