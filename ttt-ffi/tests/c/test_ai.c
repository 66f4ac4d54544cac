/* C tests of the AI exports of libttt: the shared seeded test vectors reproduced move for move,
 * the seeded generator, callbacks, limits, NULL and invalid arguments.
 * Usage: test_ai [path/to/ai-vectors.tsv] (default testdata/ai-vectors.tsv). */
#include "ttt.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static ttt_game *from_board(const char *board, int32_t to_move) {
    ttt_rules r = ttt_rules_classic();
    ttt_game *game = NULL;
    CHECK_OK(ttt_game_from_board_str(&r, board, to_move, &game));
    return game;
}

static void test_vectors(const char *path) {
    FILE *f = fopen(path, "r");
    char line[4096];
    int rows = 0, boards_classic = 0, boards_c4 = 0, boards_4x4 = 0, mismatches = 0;
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        CHECK(f != NULL);
        return;
    }
    CHECK(fgets(line, sizeof line, f) != NULL);
    CHECK(strncmp(line, "record\tdifficulty\tseed\tmove", 27) == 0);
    while (fgets(line, sizeof line, f) != NULL) {
        char *record = line, *difficulty, *seed_text, *move_text, *end;
        uint32_t d;
        unsigned long long seed;
        size_t expected, got = SIZE_MAX;
        ttt_game *game = NULL;
        ttt_rng *rng = NULL;
        if (line[0] == '\n' || line[0] == '\0') continue;
        difficulty = strchr(record, '\t');
        if (difficulty == NULL) { CHECK(difficulty != NULL); continue; }
        *difficulty++ = '\0';
        seed_text = strchr(difficulty, '\t');
        if (seed_text == NULL) { CHECK(seed_text != NULL); continue; }
        *seed_text++ = '\0';
        move_text = strchr(seed_text, '\t');
        if (move_text == NULL) { CHECK(move_text != NULL); continue; }
        *move_text++ = '\0';
        d = strcmp(difficulty, "easy") == 0     ? TTT_DIFFICULTY_EASY
            : strcmp(difficulty, "medium") == 0 ? TTT_DIFFICULTY_MEDIUM
            : strcmp(difficulty, "hard") == 0   ? TTT_DIFFICULTY_HARD
                                                : 99;
        CHECK(d != 99);
        seed = strtoull(seed_text, &end, 10);
        expected = (size_t)strtoull(move_text, &end, 10);
        if (strstr(record, " 3x3 ")) boards_classic++;
        if (strstr(record, " 4x4 k=4 ")) boards_4x4++;
        if (strstr(record, " 7x6 ") && strstr(record, "gravity")) boards_c4++;
        CHECK_OK(ttt_game_from_record(record, strlen(record), &game));
        CHECK_OK(ttt_rng_new((uint64_t)seed, &rng));
        CHECK_OK(ttt_game_choose_move(game, d, rng, &got));
        if (got != expected) {
            mismatches++;
            fprintf(stderr, "vector %d: %s %s %llu: expected %zu, got %zu\n", rows + 1, record,
                    difficulty, seed, expected, got);
        }
        ttt_rng_free(rng);
        ttt_game_free(game);
        rows++;
    }
    fclose(f);
    printf("vectors: %d rows (classic %d, 4x4 %d, 7x6 gravity %d), %d mismatches\n", rows,
           boards_classic, boards_4x4, boards_c4, mismatches);
    CHECK(rows >= 200);
    CHECK(boards_classic > 0 && boards_4x4 > 0 && boards_c4 > 0);
    CHECK(mismatches == 0);
}

static void test_choose_with_limits(void) {
    ttt_rules gomoku = {15, 15, 5, 2, false};
    ttt_game *game = NULL;
    ttt_search_limits tiny = ttt_search_limits_default();
    size_t index = 0;
    ttt_rng *rng = NULL;
    bool proven = true;
    tiny.max_nodes = 1000;
    CHECK_OK(ttt_game_new(&gomoku, TTT_PLAYER_X, &game));
    CHECK_OK(ttt_game_play(game, 112));
    CHECK_OK(ttt_rng_new(1, &rng));
    CHECK_OK(ttt_game_choose_move_with(game, TTT_DIFFICULTY_HARD, rng, &tiny, &index, &proven));
    CHECK(!proven && index != 112 && index < 225);
    CHECK_STATUS(ttt_game_choose_move_with(game, TTT_DIFFICULTY_HARD, rng, NULL, &index, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with(game, TTT_DIFFICULTY_HARD, rng, &tiny, &index, NULL),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with(game, 3, rng, &tiny, &index, &proven),
                 TTT_STATUS_INVALID_ARGUMENT);
    ttt_rng_free(rng);
    ttt_game_free(game);
}

typedef struct {
    int calls;
    double value;
} fixed_source;

static double fixed(void *user_data) {
    fixed_source *s = (fixed_source *)user_data;
    s->calls++;
    return s->value;
}

static double from_rng(void *user_data) {
    double v = -1.0;
    if (ttt_rng_next_f64((ttt_rng *)user_data, &v) != TTT_STATUS_OK) return -1.0;
    return v;
}

static void test_choose_move(void) {
    ttt_rules r = ttt_rules_classic();
    ttt_game *game = NULL;
    ttt_rng *rng = NULL, *a = NULL, *b = NULL;
    size_t index = 77;
    fixed_source src = {0, 0.0};
    int i;
    CHECK_OK(ttt_game_new(&r, TTT_PLAYER_X, &game));
    CHECK_OK(ttt_rng_new(42, &rng));

    /* Invalid difficulty values are refused, and nothing is drawn. */
    CHECK_STATUS(ttt_game_choose_move(game, 3, rng, &index), TTT_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move(game, UINT32_MAX, rng, &index),
                 TTT_STATUS_INVALID_ARGUMENT);
    CHECK(index == 77);
    CHECK_STATUS(ttt_game_choose_move(NULL, TTT_DIFFICULTY_EASY, rng, &index),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move(game, TTT_DIFFICULTY_EASY, NULL, &index),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move(game, TTT_DIFFICULTY_EASY, rng, NULL),
                 TTT_STATUS_NULL_ARGUMENT);
    {
        ttt_rng *fresh = NULL;
        double x = 0, y = 1;
        CHECK_OK(ttt_rng_new(42, &fresh));
        CHECK_OK(ttt_rng_next_f64(rng, &x));
        CHECK_OK(ttt_rng_next_f64(fresh, &y));
        CHECK(x == y && x >= 0.0 && x < 1.0);
        ttt_rng_free(fresh);
    }

    /* The callback is called exactly once per move; its value picks among the candidates in
     * ascending order (Easy: every legal move). */
    CHECK_OK(ttt_game_choose_move_with_callback(game, TTT_DIFFICULTY_EASY, fixed, &src, &index));
    CHECK(index == 0 && src.calls == 1);
    src.value = 0.999;
    CHECK_OK(ttt_game_choose_move_with_callback(game, TTT_DIFFICULTY_EASY, fixed, &src, &index));
    CHECK(index == 8 && src.calls == 2);
    src.value = NAN;
    CHECK_OK(ttt_game_choose_move_with_callback(game, TTT_DIFFICULTY_EASY, fixed, &src, &index));
    CHECK(index == 0);
    src.value = 5.0;
    CHECK_OK(ttt_game_choose_move_with_callback(game, TTT_DIFFICULTY_EASY, fixed, &src, &index));
    CHECK(index == 8);
    src.value = -3.0;
    CHECK_OK(ttt_game_choose_move_with_callback(game, TTT_DIFFICULTY_MEDIUM, fixed, &src, &index));
    CHECK(index == 0);
    src.calls = 0;
    CHECK_STATUS(ttt_game_choose_move_with_callback(game, 7, fixed, &src, &index),
                 TTT_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with_callback(game, TTT_DIFFICULTY_EASY, NULL, &src, &index),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK(src.calls == 0);
    /* Hard on the empty board: every move draws, so any value is fine; the callback still
     * draws once. */
    CHECK_OK(ttt_game_choose_move_with_callback(game, TTT_DIFFICULTY_HARD, fixed, &src, &index));
    CHECK(src.calls == 1 && index < 9);

    /* A callback reading a ttt_rng gives the same moves as the rng itself. */
    CHECK_OK(ttt_rng_new(2024, &a));
    CHECK_OK(ttt_rng_new(2024, &b));
    for (i = 0; i < 20; i++) {
        size_t x = 0, y = 1;
        uint32_t d = (uint32_t)(i % 3);
        CHECK_OK(ttt_game_choose_move(game, d, a, &x));
        CHECK_OK(ttt_game_choose_move_with_callback(game, d, from_rng, b, &y));
        CHECK(x == y);
    }
    ttt_rng_free(a);
    ttt_rng_free(b);

    /* Finished game: GAME_OVER from every difficulty, nothing drawn. */
    ttt_game_free(game);
    game = from_board("XXXOO....", TTT_PLAYER_O);
    src.calls = 0;
    for (i = 0; i < 3; i++) {
        index = 77;
        CHECK_STATUS(ttt_game_choose_move(game, (uint32_t)i, rng, &index), TTT_STATUS_GAME_OVER);
        CHECK_STATUS(ttt_game_choose_move_with_callback(game, (uint32_t)i, fixed, &src, &index),
                     TTT_STATUS_GAME_OVER);
        CHECK(index == 77);
    }
    CHECK(src.calls == 0);
    CHECK_STATUS(ttt_rng_new(1, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_rng_next_f64(NULL, &src.value), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_rng_next_f64(rng, NULL), TTT_STATUS_NULL_ARGUMENT);
    ttt_rng_free(rng);
    ttt_rng_free(NULL);
    ttt_game_free(game);
}

static void test_names(void) {
    ttt_difficulty d = TTT_DIFFICULTY_EASY;
    CHECK(strcmp(ttt_difficulty_name(TTT_DIFFICULTY_EASY), "easy") == 0);
    CHECK(strcmp(ttt_difficulty_name(TTT_DIFFICULTY_MEDIUM), "medium") == 0);
    CHECK(strcmp(ttt_difficulty_name(TTT_DIFFICULTY_HARD), "hard") == 0);
    CHECK(strcmp(ttt_difficulty_name(3), "unknown-difficulty") == 0);
    CHECK_OK(ttt_difficulty_parse("hard", &d));
    CHECK(d == TTT_DIFFICULTY_HARD);
    CHECK_OK(ttt_difficulty_parse("medium", &d));
    CHECK(d == TTT_DIFFICULTY_MEDIUM);
    CHECK_STATUS(ttt_difficulty_parse("Hard", &d), TTT_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(ttt_difficulty_parse("", &d), TTT_STATUS_INVALID_ARGUMENT);
    CHECK_STATUS(ttt_difficulty_parse("hard\xff", &d), TTT_STATUS_NOT_UTF8);
    CHECK_STATUS(ttt_difficulty_parse(NULL, &d), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_difficulty_parse("easy", NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK(d == TTT_DIFFICULTY_MEDIUM);
    CHECK(strcmp(ttt_outcome_name(TTT_OUTCOME_WIN), "win") == 0);
    CHECK(strcmp(ttt_outcome_name(TTT_OUTCOME_DRAW), "draw") == 0);
    CHECK(strcmp(ttt_outcome_name(TTT_OUTCOME_LOSS), "loss") == 0);
    CHECK(strcmp(ttt_outcome_name(TTT_OUTCOME_UNKNOWN), "unknown") == 0);
    CHECK(strcmp(ttt_outcome_name(UINT32_MAX), "unknown") == 0);
}

/* NULL for every pointer argument of the AI calls not covered above. */
static void test_null_arguments(void) {
    ttt_rules r = ttt_rules_classic();
    ttt_game *game = NULL;
    ttt_rng *rng = NULL;
    ttt_search_limits limits = ttt_search_limits_default();
    fixed_source src = {0, 0.5};
    size_t index = 77;
    bool proven = false;
    CHECK_OK(ttt_game_new(&r, TTT_PLAYER_X, &game));
    CHECK_OK(ttt_rng_new(5, &rng));
    CHECK_STATUS(ttt_game_choose_move_with_callback(NULL, 0, fixed, &src, &index),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with_callback(game, 0, fixed, &src, NULL),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK(src.calls == 0);
    /* user_data may be NULL: it is only handed back to the callback. */
    CHECK_STATUS(ttt_game_choose_move_with(NULL, 0, rng, &limits, &index, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with(game, 0, NULL, &limits, &index, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_choose_move_with(game, 0, rng, &limits, NULL, &proven),
                 TTT_STATUS_NULL_ARGUMENT);
    CHECK(index == 77);
    ttt_rng_free(rng);
    ttt_game_free(game);
}

/* Hard never loses, whoever starts, against Easy and Medium. */
static void test_hard_never_loses(void) {
    ttt_rules r = ttt_rules_classic();
    int game_no, losses = 0, games = 0;
    for (game_no = 0; game_no < 40; game_no++) {
        ttt_game *game = NULL;
        ttt_rng *rng = NULL;
        ttt_game_state st = TTT_GAME_STATE_IN_PROGRESS;
        ttt_player hard_seat = (game_no % 2) ? TTT_PLAYER_O : TTT_PLAYER_X, winner, current;
        uint32_t other = (game_no % 4) < 2 ? TTT_DIFFICULTY_EASY : TTT_DIFFICULTY_MEDIUM;
        CHECK_OK(ttt_game_new(&r, TTT_PLAYER_X, &game));
        CHECK_OK(ttt_rng_new((uint64_t)game_no, &rng));
        while (st == TTT_GAME_STATE_IN_PROGRESS) {
            size_t index = 0;
            CHECK_OK(ttt_game_current_player(game, &current));
            CHECK_OK(ttt_game_choose_move(game, current == hard_seat ? TTT_DIFFICULTY_HARD : other,
                                          rng, &index));
            CHECK_OK(ttt_game_play_as(game, current, index));
            CHECK_OK(ttt_game_status(game, &st));
        }
        CHECK_OK(ttt_game_winner(game, &winner));
        if (winner != TTT_PLAYER_NONE && winner != hard_seat) losses++;
        games++;
        ttt_rng_free(rng);
        ttt_game_free(game);
    }
    CHECK(games == 40 && losses == 0);
}

int main(int argc, char **argv) {
    test_choose_with_limits();
    test_null_arguments();
    test_names();
    test_choose_move();
    test_hard_never_loses();
    test_vectors(argc > 1 ? argv[1] : "testdata/ai-vectors.tsv");
    return check_summary("test_ai");
}
