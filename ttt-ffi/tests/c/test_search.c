/* C tests of the search exports of libttt: the perfect move, the analysis, search limits, the
 * stop flag and the time limit, the weak proof's budget, the engine, NULL arguments and short
 * buffers. */
#define _POSIX_C_SOURCE 200809L

#include "ttt.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"

static ttt_game *from_board(const char *board, int32_t to_move) {
    ttt_rules r = ttt_rules_classic();
    ttt_game *game = NULL;
    CHECK_OK(ttt_game_from_board_str(&r, board, to_move, &game));
    return game;
}

static void test_best_move(void) {
    ttt_rules r = ttt_rules_classic();
    ttt_game *game = NULL;
    size_t index = SIZE_MAX;
    CHECK_OK(ttt_game_new(&r, TTT_PLAYER_X, &game));
    CHECK_OK(ttt_game_best_move(game, &index));
    CHECK(index == 4);
    ttt_game_free(game);
    game = from_board("XX.OO....", TTT_PLAYER_X);
    CHECK_OK(ttt_game_best_move(game, &index));
    CHECK(index == 2);
    ttt_game_free(game);
    game = from_board("X...O...X", TTT_PLAYER_O);
    CHECK_OK(ttt_game_best_move(game, &index));
    CHECK(index == 1);
    {
        ttt_search_limits limits = ttt_search_limits_default();
        ttt_best_move best;
        CHECK(limits.max_nodes > 0 && limits.table_bytes > 0);
        CHECK_OK(ttt_game_best_move_with(game, &limits, &best));
        CHECK(best.index == 1 && best.proven && best.outcome == TTT_OUTCOME_DRAW);
        CHECK(best.plies == 6 && best.nodes > 0);
        CHECK_STATUS(ttt_game_best_move_with(game, NULL, &best), TTT_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(ttt_game_best_move_with(game, &limits, NULL), TTT_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(ttt_game_best_move_with(NULL, &limits, &best), TTT_STATUS_NULL_ARGUMENT);
    }
    CHECK_STATUS(ttt_game_best_move(NULL, &index), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_best_move(game, NULL), TTT_STATUS_NULL_ARGUMENT);
    ttt_game_free(game);

    /* A finished game: an error, never a crash; outputs untouched. */
    game = from_board("XXXOO....", TTT_PLAYER_O);
    index = 77;
    CHECK_STATUS(ttt_game_best_move(game, &index), TTT_STATUS_GAME_OVER);
    CHECK(index == 77);
    {
        ttt_search_limits limits = ttt_search_limits_default();
        ttt_best_move best;
        best.index = 77;
        CHECK_STATUS(ttt_game_best_move_with(game, &limits, &best), TTT_STATUS_GAME_OVER);
        CHECK(best.index == 77);
    }
    ttt_game_free(game);
}

static void test_analyze(void) {
    ttt_rules r = ttt_rules_classic();
    ttt_game *game = NULL;
    ttt_move_analysis moves[9];
    size_t n = 0, i;
    CHECK_OK(ttt_game_new(&r, TTT_PLAYER_X, &game));
    CHECK_STATUS(ttt_game_analyze(game, NULL, 0, &n), TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 9);
    moves[0].index = 1234;
    CHECK_STATUS(ttt_game_analyze(game, moves, 8, &n), TTT_STATUS_BUFFER_TOO_SMALL);
    CHECK(n == 9 && moves[0].index == 1234);
    CHECK_OK(ttt_game_analyze(game, moves, 9, &n));
    CHECK(n == 9 && moves[0].index == 4);
    for (i = 0; i < n; i++) {
        CHECK(moves[i].outcome == TTT_OUTCOME_DRAW && moves[i].plies == 9);
    }
    ttt_game_free(game);

    game = from_board("XX.OO....", TTT_PLAYER_X);
    CHECK_OK(ttt_game_analyze(game, moves, 9, &n));
    CHECK(n == 5);
    CHECK(moves[0].index == 2 && moves[0].outcome == TTT_OUTCOME_WIN && moves[0].plies == 1);
    CHECK(moves[n - 1].outcome == TTT_OUTCOME_LOSS || moves[n - 1].outcome == TTT_OUTCOME_WIN);
    CHECK_STATUS(ttt_game_analyze(NULL, moves, 9, &n), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_analyze(game, moves, 9, NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_game_analyze(game, NULL, 9, &n), TTT_STATUS_NULL_ARGUMENT);
    {
        ttt_search_limits limits = ttt_search_limits_default();
        CHECK_OK(ttt_game_analyze_with(game, &limits, moves, 9, &n));
        CHECK(n == 5 && moves[0].index == 2);
        CHECK_STATUS(ttt_game_analyze_with(game, NULL, moves, 9, &n), TTT_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(ttt_game_analyze_with(NULL, &limits, moves, 9, &n), TTT_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(ttt_game_analyze_with(game, &limits, moves, 9, NULL),
                     TTT_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(ttt_game_analyze_with(game, &limits, NULL, 9, &n), TTT_STATUS_NULL_ARGUMENT);
        CHECK_STATUS(ttt_game_analyze_with(game, &limits, moves, 4, &n),
                     TTT_STATUS_BUFFER_TOO_SMALL);
        CHECK(n == 5);
    }
    ttt_game_free(game);

    /* Over: no moves, not an error. */
    game = from_board("XXXOO....", TTT_PLAYER_O);
    CHECK_OK(ttt_game_analyze(game, NULL, 0, &n));
    CHECK(n == 0);
    ttt_game_free(game);
}

static void test_limits_on_a_big_board(void) {
    ttt_rules gomoku = {15, 15, 5, 2, false};
    ttt_game *game = NULL;
    ttt_search_limits tiny = ttt_search_limits_default();
    ttt_best_move best;
    ttt_move_analysis moves[225];
    size_t n = 0, i;
    int unknown = 0;
    tiny.max_nodes = 1000;
    CHECK(tiny.stop == NULL);
    CHECK_OK(ttt_game_new(&gomoku, TTT_PLAYER_X, &game));
    CHECK_OK(ttt_game_play(game, 112));
    CHECK_OK(ttt_game_best_move_with(game, &tiny, &best));
    CHECK(!best.proven);
    CHECK(best.outcome == TTT_OUTCOME_UNKNOWN && best.plies == -1);
    CHECK(best.index < 225 && best.index != 112);
    CHECK_OK(ttt_game_analyze_with(game, &tiny, moves, 225, &n));
    CHECK(n == 224);
    for (i = 0; i < n; i++) {
        if (moves[i].outcome == TTT_OUTCOME_UNKNOWN) {
            unknown++;
            CHECK(moves[i].plies == -1);
        }
    }
    CHECK(unknown > 0);
    ttt_game_free(game);
}

static void test_stop_flag(void) {
    ttt_rules gomoku = {15, 15, 5, 2, false};
    ttt_game *game = NULL;
    ttt_stop_flag *flag = NULL;
    ttt_search_limits limits = ttt_search_limits_default();
    ttt_best_move best;
    CHECK_OK(ttt_stop_flag_new(&flag));
    CHECK_OK(ttt_game_new(&gomoku, TTT_PLAYER_X, &game));
    /* A flag set before the call stops it at its first poll: far below the node budget. */
    CHECK_OK(ttt_stop_flag_set(flag));
    limits.stop = flag;
    CHECK_OK(ttt_game_best_move_with(game, &limits, &best));
    CHECK(!best.proven && best.nodes < limits.max_nodes / 100 && best.index < 225);
    /* Cleared, the same flag lets a small board be solved. */
    CHECK_OK(ttt_stop_flag_clear(flag));
    ttt_game_free(game);
    {
        ttt_rules classic = ttt_rules_classic();
        CHECK_OK(ttt_game_new(&classic, TTT_PLAYER_X, &game));
        CHECK_OK(ttt_game_best_move_with(game, &limits, &best));
        CHECK(best.proven && best.index == 4 && best.outcome == TTT_OUTCOME_DRAW);
    }
    CHECK_STATUS(ttt_stop_flag_new(NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_stop_flag_set(NULL), TTT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(ttt_stop_flag_clear(NULL), TTT_STATUS_NULL_ARGUMENT);
    ttt_stop_flag_free(flag);
    ttt_stop_flag_free(NULL);
    ttt_game_free(game);
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The time limit: on 20 x 20 with no node budget to speak of, a call with 200 ms returns well
 * within 2 s (a generous bound: the tests also run under valgrind), free function and engine,
 * best move and Hard's move alike. */
static void test_time_limit(void) {
    ttt_rules big = {20, 20, 5, 2, false};
    ttt_game *game = NULL;
    ttt_engine *engine = NULL;
    ttt_rng *rng = NULL;
    ttt_search_limits limits = ttt_search_limits_default();
    ttt_best_move best;
    size_t index = SIZE_MAX;
    bool proven = true;
    double start;
    CHECK(limits.max_time_ms == 0);
    limits.max_nodes = UINT64_MAX;
    limits.max_time_ms = 200;
    CHECK_OK(ttt_game_new(&big, TTT_PLAYER_X, &game));
    CHECK_OK(ttt_game_play(game, 210));
    CHECK_OK(ttt_game_play(game, 189));
    CHECK_OK(ttt_game_play(game, 211));
    CHECK_OK(ttt_engine_new(0, &engine));
    CHECK_OK(ttt_rng_new(4, &rng));
    start = now_seconds();
    CHECK_OK(ttt_game_best_move_with(game, &limits, &best));
    CHECK(now_seconds() - start < 2.0);
    CHECK(best.index < 400 && !best.proven && best.nodes > 0);
    start = now_seconds();
    CHECK_OK(ttt_engine_best_move_with(engine, game, &limits, &best));
    CHECK(now_seconds() - start < 2.0);
    CHECK(best.index < 400 && !best.proven);
    start = now_seconds();
    CHECK_OK(ttt_engine_choose_move_with(engine, game, TTT_DIFFICULTY_HARD, rng, &limits, &index,
                                         &proven));
    CHECK(now_seconds() - start < 2.0);
    CHECK(index < 400 && !proven);
    ttt_rng_free(rng);
    ttt_engine_free(engine);
    ttt_game_free(game);
}

/* The engine answers as the free functions do where the search finishes; it keeps its table
 * (the same search again costs fewer nodes); cleared, it answers exactly as a fresh engine. */
/* The weak solve: the outcome, proven, without the plies, and a move that keeps it; the same
 * outcome as the strong solve on every position tried, free function and engine alike. */
static void test_weak_solve(void) {
    static const struct {
        const char *board;
        int32_t to_move;
        size_t index;
        int32_t plies;
    } cases[] = {
        {".........", TTT_PLAYER_X, 4, -1}, /* a draw: the centre keeps it */
        {"XX.OO....", TTT_PLAYER_X, 2, 1},  /* a win at once, plies known */
        {"X...O...X", TTT_PLAYER_O, 1, -1}, /* a draw: the first edge, not a corner */
        {"X.O.X....", TTT_PLAYER_O, 8, -1}, /* lost whatever O does; 8 blocks, first */
    };
    ttt_search_limits limits = ttt_search_limits_default();
    ttt_engine *engine = NULL;
    size_t i;
    CHECK_OK(ttt_engine_new(0, &engine));
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ttt_game *game = from_board(cases[i].board, cases[i].to_move);
        ttt_best_move weak, strong, on_engine;
        CHECK_OK(ttt_game_weak_solve_with(game, &limits, &weak));
        CHECK_OK(ttt_game_best_move_with(game, &limits, &strong));
        CHECK_OK(ttt_engine_weak_solve_with(engine, game, &limits, &on_engine));
        CHECK(weak.proven && strong.proven && weak.outcome == strong.outcome);
        CHECK(weak.index == cases[i].index && weak.plies == cases[i].plies);
        CHECK(on_engine.outcome == weak.outcome && on_engine.index == weak.index);
        ttt_game_free(game);
    }
    {
        /* Connect Four, a position of Pons' End-Easy set that the mover wins. */
        const char *moves = "7422341735647741166133573473242566";
        ttt_rules c4 = ttt_rules_connect_four();
        ttt_game *game = NULL;
        ttt_best_move weak, strong;
        size_t cell = 0;
        limits.max_nodes = UINT64_MAX;
        CHECK_OK(ttt_game_new(&c4, TTT_PLAYER_X, &game));
        for (; *moves; moves++) CHECK_OK(ttt_game_play_column(game, (size_t)(*moves - '1'), &cell));
        CHECK_OK(ttt_game_weak_solve_with(game, &limits, &weak));
        CHECK_OK(ttt_game_best_move_with(game, &limits, &strong));
        CHECK(weak.proven && weak.outcome == TTT_OUTCOME_WIN && strong.outcome == TTT_OUTCOME_WIN);
        CHECK(weak.plies == -1 && strong.plies > 0 && weak.nodes < strong.nodes);
        /* Under a budget of five nodes and the weak proof off: no proof, and it says so. */
        limits.max_nodes = 5;
        limits.proof_nodes = 0;
        CHECK_OK(ttt_game_weak_solve_with(game, &limits, &weak));
        CHECK(!weak.proven && weak.outcome == TTT_OUTCOME_UNKNOWN && weak.plies == -1);
        /* With the default proof_nodes, the weak proof beyond the budget settles it. */
        limits.proof_nodes = ttt_search_limits_default().proof_nodes;
        CHECK_OK(ttt_game_weak_solve_with(game, &limits, &weak));
        CHECK(weak.proven && weak.outcome == TTT_OUTCOME_WIN && weak.plies == -1);
        CHECK(weak.nodes > limits.max_nodes);
        ttt_game_free(game);
        limits = ttt_search_limits_default();
    }
    {
        ttt_game *game = from_board("XXXOO....", TTT_PLAYER_O);
        ttt_best_move best;
        best.index = 77;
        CHECK_STATUS(ttt_game_weak_solve_with(game, &limits, &best), TTT_STATUS_GAME_OVER);
        CHECK_STATUS(ttt_engine_weak_solve_with(engine, game, &limits, &best),
                     TTT_STATUS_GAME_OVER);
        CHECK(best.index == 77);
        ttt_game_free(game);
    }
    ttt_engine_free(engine);
}

static void test_engine(void) {
    ttt_rules classic = ttt_rules_classic(), c4 = ttt_rules_connect_four();
    ttt_engine *engine = NULL, *fresh = NULL;
    ttt_game *game = NULL;
    ttt_search_limits limits = ttt_search_limits_default();
    ttt_best_move first, again, free_best;
    ttt_move_analysis ours[9], theirs[9];
    size_t index = SIZE_MAX, n = 0, m = 0, bytes = 0, i;
    CHECK_OK(ttt_engine_new(0, &engine));
    CHECK_OK(ttt_engine_table_bytes(engine, &bytes));
    CHECK(bytes == limits.table_bytes);
    ttt_engine_free(engine);
    CHECK_OK(ttt_engine_new(1 << 20, &engine));
    CHECK_OK(ttt_engine_table_bytes(engine, &bytes));
    CHECK(bytes == 1 << 20);

    CHECK_OK(ttt_game_new(&classic, TTT_PLAYER_X, &game));
    CHECK_OK(ttt_engine_best_move(engine, game, &index));
    CHECK(index == 4);
    ttt_game_free(game);
    game = from_board("X...O...X", TTT_PLAYER_O);
    CHECK_OK(ttt_engine_clear(engine));
    CHECK_OK(ttt_engine_best_move_with(engine, game, &limits, &first));
    CHECK(first.index == 1 && first.proven && first.outcome == TTT_OUTCOME_DRAW);
    CHECK(first.plies == 6 && first.nodes > 0);
    CHECK_OK(ttt_game_best_move_with(game, &limits, &free_best));
    CHECK(free_best.index == first.index && free_best.nodes == first.nodes);
    /* The table is kept: the same search again finds its work and costs fewer nodes. */
    CHECK_OK(ttt_engine_best_move_with(engine, game, &limits, &again));
    CHECK(again.index == 1 && again.proven && again.outcome == TTT_OUTCOME_DRAW);
    CHECK(again.nodes < first.nodes);
    CHECK_OK(ttt_engine_analyze(engine, game, ours, 9, &n));
    CHECK_OK(ttt_game_analyze(game, theirs, 9, &m));
    CHECK(n == 6 && m == 6);
    for (i = 0; i < n && i < m; i++) {
        CHECK(ours[i].index == theirs[i].index && ours[i].outcome == theirs[i].outcome &&
              ours[i].plies == theirs[i].plies);
    }
    CHECK_OK(ttt_engine_analyze_with(engine, game, &limits, ours, 9, &n));
    CHECK(n == 6 && ours[0].index == theirs[0].index);
    /* Cleared: exactly a fresh engine's answer, nodes included. */
    CHECK_OK(ttt_engine_clear(engine));
    CHECK_OK(ttt_engine_best_move_with(engine, game, &limits, &again));
    CHECK(again.index == first.index && again.nodes == first.nodes);
    ttt_game_free(game);

    /* Connect Four under a small budget, on a cleared engine and on a fresh one: the same. */
    CHECK_OK(ttt_engine_new(1 << 20, &fresh));
    CHECK_OK(ttt_game_new(&c4, TTT_PLAYER_X, &game));
    CHECK_OK(ttt_game_play(game, 38));
    limits.max_nodes = 20000;
    CHECK_OK(ttt_engine_best_move_with(engine, game, &limits, &first));
    CHECK_OK(ttt_engine_clear(engine));
    CHECK_OK(ttt_engine_best_move_with(engine, game, &limits, &again));
    CHECK_OK(ttt_engine_best_move_with(fresh, game, &limits, &free_best));
    CHECK(again.index == free_best.index && again.nodes == free_best.nodes &&
          again.proven == free_best.proven && again.outcome == free_best.outcome);
    CHECK(first.index < 42);
    ttt_engine_free(fresh);
    ttt_engine_free(engine);
    ttt_game_free(game);
}

static ttt_game *connect_four(const char *moves) {
    ttt_rules c4 = ttt_rules_connect_four();
    ttt_game *game = NULL;
    size_t cell = 0;
    CHECK_OK(ttt_game_new(&c4, TTT_PLAYER_X, &game));
    for (; *moves; moves++) CHECK_OK(ttt_game_play_column(game, (size_t)(*moves - '1'), &cell));
    return game;
}

/* proof_nodes, the weak proof under gravity beyond max_nodes: the last field of the struct, on
 * by default; 0 makes max_nodes a hard bound; the largest values are accepted. */
static void test_proof_nodes(void) {
    ttt_search_limits limits = ttt_search_limits_default();
    ttt_search_limits again = ttt_search_limits_default();
    ttt_engine *engine = NULL;
    ttt_best_move best;
    ttt_game *game = NULL;
    double start;
    /* Appended after max_time_ms (the layout of 0.2 up to there is unchanged). */
    CHECK(offsetof(ttt_search_limits, proof_nodes) ==
          offsetof(ttt_search_limits, max_time_ms) + sizeof(uint64_t));
    CHECK(offsetof(ttt_search_limits, proof_nodes) + sizeof(uint64_t) ==
          sizeof(ttt_search_limits));
    CHECK(limits.proof_nodes > 0 && limits.proof_nodes == again.proof_nodes);
    CHECK_OK(ttt_engine_new(1 << 20, &engine));

    /* Connect Four after 8 plies: a position the small budget cannot settle, filled enough
     * for the weak proof. Off, no call searches more than max_nodes. */
    game = connect_four("43443255");
    limits.max_nodes = 1000;
    limits.proof_nodes = 0;
    CHECK_OK(ttt_game_best_move_with(game, &limits, &best));
    CHECK(!best.proven && best.index < 42 && best.nodes > 0 && best.nodes <= limits.max_nodes);
    CHECK_OK(ttt_game_weak_solve_with(game, &limits, &best));
    CHECK(!best.proven && best.nodes > 0 && best.nodes <= limits.max_nodes);
    CHECK_OK(ttt_engine_best_move_with(engine, game, &limits, &best));
    CHECK(!best.proven && best.nodes > 0 && best.nodes <= limits.max_nodes);
    CHECK_OK(ttt_engine_clear(engine));
    CHECK_OK(ttt_engine_weak_solve_with(engine, game, &limits, &best));
    CHECK(!best.proven && best.nodes > 0 && best.nodes <= limits.max_nodes);
    /* On, the same calls go past max_nodes: the field reaches the search. */
    limits.proof_nodes = 20000;
    CHECK_OK(ttt_game_best_move_with(game, &limits, &best));
    CHECK(best.index < 42 && best.nodes > limits.max_nodes);
    CHECK_OK(ttt_engine_clear(engine));
    CHECK_OK(ttt_engine_weak_solve_with(engine, game, &limits, &best));
    CHECK(best.nodes > limits.max_nodes);

    /* UINT64_MAX for both: no overflow. Under a 100 ms clock the call ends by the clock... */
    limits.max_nodes = UINT64_MAX;
    limits.proof_nodes = UINT64_MAX;
    limits.max_time_ms = 100;
    start = now_seconds();
    CHECK_OK(ttt_game_best_move_with(game, &limits, &best));
    CHECK(best.index < 42 && now_seconds() - start < 2.0);
    start = now_seconds();
    CHECK_OK(ttt_engine_weak_solve_with(engine, game, &limits, &best));
    CHECK(best.index < 42 && now_seconds() - start < 2.0);
    ttt_game_free(game);
    /* ... and a position near the end is solved outright (no clock). */
    game = connect_four("7422341735647741166133573473242566");
    limits.max_time_ms = 0;
    CHECK_OK(ttt_game_best_move_with(game, &limits, &best));
    CHECK(best.proven && best.outcome == TTT_OUTCOME_WIN && best.plies > 0);
    CHECK_OK(ttt_game_weak_solve_with(game, &limits, &best));
    CHECK(best.proven && best.outcome == TTT_OUTCOME_WIN);
    /* A budget of five nodes with the largest proof (it gets at most ten times that): the
     * proof settles it. */
    limits.max_nodes = 5;
    CHECK_OK(ttt_engine_clear(engine));
    CHECK_OK(ttt_engine_best_move_with(engine, game, &limits, &best));
    CHECK(best.proven && best.outcome == TTT_OUTCOME_WIN && best.plies == -1);
    ttt_game_free(game);
    ttt_engine_free(engine);
}

int main(void) {
    test_best_move();
    test_analyze();
    test_limits_on_a_big_board();
    test_stop_flag();
    test_time_limit();
    test_engine();
    test_weak_solve();
    test_proof_nodes();
    return check_summary("test_search");
}
