//! What the search's tests share: positions of pseudo-random games, and a plain exhaustive
//! search to check the search's shortcuts against (no pruning, no bitboards, nothing shared
//! with the solver but the rules engine).

use crate::{Cell, GameState, Player, Rules};
use std::collections::HashMap;

/// Every position where the game is still on, in order, of `games` games from the empty board
/// of `rules` (X starting) with pseudo-random moves drawn from `seed`, which moves on (so that
/// calls in a row give other games).
pub(crate) fn random_positions(rules: Rules, games: usize, seed: &mut u64) -> Vec<GameState> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut state = GameState::new(rules, Player::X).unwrap();
        while !state.is_over() {
            let moves = state.available_moves();
            *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let next = state.apply_move(moves[(*seed >> 33) as usize % moves.len()]).unwrap();
            out.push(std::mem::replace(&mut state, next));
        }
    }
    out
}

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
