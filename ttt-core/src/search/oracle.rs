//! A plain exhaustive search for the tests of the search's shortcuts: no pruning, no bitboards,
//! nothing shared with the solver but the rules engine.

use crate::{GameState, Player};
use std::collections::HashMap;

/// Whether `attacker` can force a win from `state` (two players), memoized in `memo` (one map
/// per attacker).
pub(crate) fn can_force_win(
    state: &GameState,
    attacker: Player,
    memo: &mut HashMap<GameState, bool>,
) -> bool {
    if let Some(&known) = memo.get(state) {
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
    memo.insert(state.clone(), result);
    result
}
