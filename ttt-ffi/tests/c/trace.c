/* Plays the pseudo-random games of ttt-ffi/examples/trace.rs through libttt and prints the
 * same lines; scripts/test-c.sh checks that the outputs are identical. */
#include "ttt.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t lcg_state;

static uint64_t lcg_next(void) {
    lcg_state = lcg_state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return lcg_state >> 33;
}

static void must(ttt_status s, const char *what) {
    if (s != TTT_STATUS_OK) {
        fprintf(stderr, "%s failed: %s\n", what, ttt_status_name(s));
        exit(2);
    }
}

static char mark(ttt_player p) {
    char c = '?';
    must(ttt_player_mark(p, &c), "ttt_player_mark");
    return c;
}

static const char *state_name(const ttt_game *game) {
    ttt_game_state st;
    must(ttt_game_status(game, &st), "ttt_game_status");
    switch (st) {
        case TTT_GAME_STATE_IN_PROGRESS: return "in-progress";
        case TTT_GAME_STATE_WIN: return "win";
        case TTT_GAME_STATE_DRAW: return "draw";
    }
    return "?";
}

static void print_list(const size_t *items, size_t n) {
    size_t i;
    putchar('[');
    for (i = 0; i < n; i++) printf(i ? ", %zu" : "%zu", items[i]);
    putchar(']');
}

static void print_board(const ttt_game *game) {
    char board[401];
    size_t n;
    must(ttt_game_board_string(game, board, sizeof board, &n), "ttt_game_board_string");
    fputs(board, stdout);
}

static void print_record(const ttt_game *game) {
    char text[4096];
    size_t n;
    must(ttt_game_to_record(game, text, sizeof text, &n), "ttt_game_to_record");
    fputs(text, stdout);
}

int main(void) {
    static const struct {
        uint32_t w, h, k, players;
        bool gravity;
        int32_t start;
    } configs[] = {
        {3, 3, 3, 2, false, 0}, {3, 3, 3, 2, false, 1}, {4, 4, 3, 2, false, 0},
        {7, 6, 4, 2, true, 0},  {5, 5, 4, 3, false, 2}, {4, 3, 3, 4, true, 3},
        {1, 1, 1, 2, false, 0},
    };
    size_t c;
    for (c = 0; c < sizeof configs / sizeof configs[0]; c++) {
        ttt_rules rules = {configs[c].w, configs[c].h, configs[c].k, configs[c].players,
                           configs[c].gravity};
        uint64_t seed;
        size_t cells = (size_t)rules.width * rules.height;
        for (seed = 1; seed <= 12; seed++) {
            ttt_game *game = NULL;
            uint64_t step = 0;
            ttt_game_state st = TTT_GAME_STATE_IN_PROGRESS;
            size_t ply = 0;
            lcg_state = seed * 1000 + c;
            must(ttt_game_new(&rules, configs[c].start, &game), "ttt_game_new");
            printf("game %zu %" PRIu64 " ", c, seed);
            print_record(game);
            putchar('\n');
            while (st == TTT_GAME_STATE_IN_PROGRESS) {
                size_t moves[400], n, line[20], nline, index;
                ttt_player p;
                step++;
                if (step % 3 == 0) {
                    size_t bad = (size_t)(lcg_next() % (cells + 2));
                    int32_t seat = (int32_t)(lcg_next() % rules.players);
                    ttt_status s = ttt_game_play_as(game, seat, bad);
                    printf("try %c %zu %s\n", mark(seat), bad, ttt_status_name(s));
                    must(ttt_game_status(game, &st), "ttt_game_status");
                    continue;
                }
                must(ttt_game_legal_moves(game, moves, 400, &n), "ttt_game_legal_moves");
                index = moves[lcg_next() % n];
                must(ttt_game_play(game, index), "ttt_game_play");
                printf("play %zu ", index);
                print_board(game);
                printf(" %s ", state_name(game));
                must(ttt_game_winner(game, &p), "ttt_game_winner");
                printf("%c ", mark(p));
                must(ttt_game_current_player(game, &p), "ttt_game_current_player");
                printf("to-move=%c line=", mark(p));
                must(ttt_game_winning_line(game, line, 20, &nline), "ttt_game_winning_line");
                print_list(line, nline);
                printf(" legal=");
                must(ttt_game_legal_moves(game, moves, 400, &n), "ttt_game_legal_moves");
                print_list(moves, n);
                putchar('\n');
                must(ttt_game_status(game, &st), "ttt_game_status");
            }
            fputs("end ", stdout);
            print_record(game);
            putchar('\n');
            must(ttt_game_ply(game, &ply), "ttt_game_ply");
            while (ply > 0) {
                must(ttt_game_undo(game), "ttt_game_undo");
                fputs("undo ", stdout);
                print_board(game);
                printf(" %s\n", state_name(game));
                must(ttt_game_ply(game, &ply), "ttt_game_ply");
            }
            ttt_game_free(game);
        }
    }
    return 0;
}
