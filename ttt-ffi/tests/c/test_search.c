/* C tests of the search exports of libttt: the perfect move, the analysis, search limits and
 * the stop flag, NULL arguments and short buffers. */
#include "ttt.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

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

int main(void) {
    test_best_move();
    test_analyze();
    test_limits_on_a_big_board();
    test_stop_flag();
    return check_summary("test_search");
}
