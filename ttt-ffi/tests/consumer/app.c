/* A C consumer of libttt: Connect Four by columns against Hard (a small node budget), then
 * prints the record. Cells are numbered row-major from the top-left, from 0. */
#include <stdio.h>

#include "ttt.h"

int main(void) {
    ttt_rules rules = ttt_rules_connect_four();
    ttt_search_limits limits = ttt_search_limits_default();
    ttt_game *game = NULL;
    ttt_rng *rng = NULL;
    ttt_game_state state = TTT_GAME_STATE_IN_PROGRESS;
    char record[512];
    size_t len = 0, ply = 0;
    if (ttt_version_number() != TTT_VERSION_NUMBER) return 1;
    if (ttt_game_new(&rules, TTT_PLAYER_X, &game) != TTT_STATUS_OK) return 1;
    if (ttt_rng_new(1, &rng) != TTT_STATUS_OK) return 1;
    limits.max_nodes = 20000;
    while (state == TTT_GAME_STATE_IN_PROGRESS && ply < 8) {
        size_t index = 0;
        bool proven = false;
        /* X drops into the first column with room; Hard answers as O. */
        if (ply % 2 == 0) {
            size_t col = 0;
            while (ttt_game_play_column(game, col, &index) != TTT_STATUS_OK) col++;
        } else {
            if (ttt_game_choose_move_with(game, TTT_DIFFICULTY_HARD, rng, &limits, &index,
                                          &proven) != TTT_STATUS_OK)
                return 1;
            if (ttt_game_play(game, index) != TTT_STATUS_OK) return 1;
        }
        TTT_DISCARD(ttt_game_status(game, &state));
        ply++;
    }
    if (ttt_game_to_record(game, record, sizeof record, &len) != TTT_STATUS_OK) return 1;
    printf("%s\n", record);
    ttt_rng_free(rng);
    ttt_game_free(game);
    return 0;
}
