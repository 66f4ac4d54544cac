//! Easy: a uniformly random legal move.

use super::rng::{Rng, pick_index};
use crate::GameState;

/// A legal move chosen uniformly: `moves[pick_index(r, moves.len())]` with `moves` the legal moves
/// in ascending order and `r` exactly one draw. Deliberately beatable: no lookahead at all.
///
/// The caller has checked that the game is on, so `moves` is not empty.
pub(super) fn choose(state: &GameState, rng: &mut dyn Rng) -> usize {
    pick(&state.available_moves(), rng)
}

/// One draw picks one of `candidates` (ascending, not empty): the shared tie-break of every
/// strategy, made even when there is a single candidate so that the number of draws per call
/// never depends on the position.
pub(super) fn pick(candidates: &[usize], rng: &mut dyn Rng) -> usize {
    let r = rng.next_f64();
    candidates[pick_index(r, candidates.len())]
}
