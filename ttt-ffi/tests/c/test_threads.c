/* The thread-safety rules of ttt.h, exercised: distinct handles on distinct threads, one game
 * read from several threads at once (const calls), a stop flag set from another thread, and the
 * last error message kept per thread. Built with -pthread. */
#define _POSIX_C_SOURCE 200809L

#include "ttt.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"

#define THREADS 4

static const ttt_game *shared_game;
static int results[THREADS];

/* Each thread plays its own games with its own generator, reads the shared game (const calls
 * only) and makes its own error, then checks that its message is its own. */
static void *worker(void *arg) {
    int id = (int)(intptr_t)arg, round, ok = 1;
    ttt_rules rules = ttt_rules_classic();
    ttt_rng *rng = NULL;
    char msg[256];
    if (ttt_rng_new((uint64_t)id, &rng) != TTT_STATUS_OK) ok = 0;
    for (round = 0; ok && round < 20; round++) {
        ttt_game *game = NULL;
        ttt_game_state st = TTT_GAME_STATE_IN_PROGRESS;
        size_t best = 0, moves[9], n = 0;
        if (ttt_game_new(&rules, TTT_PLAYER_X, &game) != TTT_STATUS_OK) ok = 0;
        while (ok && st == TTT_GAME_STATE_IN_PROGRESS) {
            size_t index = 0;
            if (ttt_game_choose_move(game, TTT_DIFFICULTY_HARD, rng, &index) != TTT_STATUS_OK ||
                ttt_game_play(game, index) != TTT_STATUS_OK ||
                ttt_game_status(game, &st) != TTT_STATUS_OK)
                ok = 0;
        }
        if (st != TTT_GAME_STATE_DRAW) ok = 0; /* Hard against Hard always draws */
        ttt_game_free(game);
        if (ttt_game_best_move(shared_game, &best) != TTT_STATUS_OK || best != 2) ok = 0;
        if (ttt_game_legal_moves(shared_game, moves, 9, &n) != TTT_STATUS_OK || n != 5) ok = 0;
    }
    /* A failure of this thread's own: out-of-range with its id as the index. */
    {
        ttt_game *game = NULL;
        char expected[64];
        if (ttt_game_new(&rules, TTT_PLAYER_X, &game) != TTT_STATUS_OK) ok = 0;
        if (ttt_game_play(game, (size_t)(100 + id)) != TTT_STATUS_OUT_OF_RANGE) ok = 0;
        (void)ttt_last_error_message(msg, sizeof msg);
        snprintf(expected, sizeof expected, "cannot play %d: it is off the board", 100 + id);
        if (strcmp(msg, expected) != 0) ok = 0;
        ttt_game_free(game);
    }
    ttt_rng_free(rng);
    results[id] = ok;
    return NULL;
}

static ttt_stop_flag *flag;

static void *stopper(void *arg) {
    struct timespec pause = {0, 50 * 1000 * 1000};
    (void)arg;
    /* Setting the flag from another thread is allowed at any time, also during a search. */
    nanosleep(&pause, NULL);
    if (ttt_stop_flag_set(flag) != TTT_STATUS_OK) return (void *)1;
    return NULL;
}

int main(void) {
    pthread_t threads[THREADS], stop_thread;
    ttt_rules rules = ttt_rules_classic();
    ttt_game *game = NULL;
    int i;
    CHECK_OK(ttt_game_from_board_str(&rules, "XX.OO....", TTT_PLAYER_X, &game));
    shared_game = game;
    for (i = 0; i < THREADS; i++) {
        CHECK(pthread_create(&threads[i], NULL, worker, (void *)(intptr_t)i) == 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
        CHECK(results[i] == 1);
    }
    ttt_game_free(game);

    /* A search stopped by another thread while it runs returns its best unproven answer long
     * before its node budget (which would take seconds: a 15x15 board cannot be solved). */
    {
        ttt_rules gomoku = {15, 15, 5, 2, false};
        ttt_search_limits limits = ttt_search_limits_default();
        ttt_best_move best;
        void *rc = (void *)1;
        CHECK_OK(ttt_stop_flag_new(&flag));
        CHECK_OK(ttt_game_new(&gomoku, TTT_PLAYER_X, &game));
        limits.stop = flag;
        CHECK(pthread_create(&stop_thread, NULL, stopper, NULL) == 0);
        CHECK_OK(ttt_game_best_move_with(game, &limits, &best));
        CHECK(pthread_join(stop_thread, &rc) == 0 && rc == NULL);
        CHECK(!best.proven && best.index < 225 && best.nodes < limits.max_nodes);
        ttt_stop_flag_free(flag);
        ttt_game_free(game);
    }
    return check_summary("test_threads");
}
