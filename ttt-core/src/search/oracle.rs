//! A plain exhaustive search for the tests of the search's shortcuts: no pruning, no bitboards,
//! nothing shared with the solver but the rules engine.

use crate::{Cell, GameState, Player};
use std::collections::HashMap;

/// Positions already decided, by board and player to move (not by `GameState`, whose equality
/// also looks at the move history, so that transpositions would not meet).
pub(crate) type Memo = HashMap<(Vec<Cell>, Player), bool>;

/// Whether `attacker` can force a win from `state` (two players), memoized in `memo` (one map
/// per attacker).
pub(crate) fn can_force_win(state: &GameState, attacker: Player, memo: &mut Memo) -> bool {
    let key = (state.board().to_vec(), state.current_player());
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let result = if state.is_over() {
        state.winner() == Some(attacker)
    } else {
        let mut children =
            state.available_moves().into_iter().map(|i| state.apply_move(i).unwrap());
        if state.current_player() == attacker {
            children.any(|c| can_force_win(&c, attacker, memo))
        } else {
            children.all(|c| can_force_win(&c, attacker, memo))
        }
    };
    memo.insert(key, result);
    result
}
