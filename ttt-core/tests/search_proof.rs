//! The weak proof of budgeted answers under gravity (`SearchLimits::proof_nodes`, issues 9 and
//! 14): Connect Four positions where the evaluation gave a win away, kept by the proof; the
//! node bound it adds; and a weak solve that the default budget now finishes.

use ttt_core::{
    Difficulty, GameState, Outcome, SearchLimits, SeededRng, best_move_with, choose_move_with,
    weak_solve_with,
};

mod common;
use common::connect_four;

/// The exact outcome for the player to move (no budget, no proof needed).
fn outcome(game: &GameState) -> Outcome {
    let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    weak_solve_with(game, &limits).and_then(|b| b.outcome).unwrap()
}

/// A won position where Hard, with the default budget and no proof, gave the win away in games
/// against MCTS (bench/strength/README.md): `444646`, where it played column 6 (a weak proof
/// takes about 160,000 nodes from a cold table). With the default proof, `best_move` and Hard
/// keep the win, and say it is proven; without it, neither answer is proven. (Others of those
/// positions, such as `4444455552`, need 1.4 million nodes or more from a cold table, beyond
/// the default.)
#[test]
fn the_proof_keeps_connect_four_wins_the_evaluation_gave_away() {
    for moves in ["444646"] {
        let game = connect_four(moves);
        assert_eq!(outcome(&game), Outcome::Win, "{moves}");
        let best = best_move_with(&game, &SearchLimits::default()).unwrap();
        assert_eq!((best.outcome, best.plies, best.proven), (Some(Outcome::Win), None, true));
        assert_eq!(outcome(&game.apply_move(best.index).unwrap()), Outcome::Loss, "{moves}");
        for seed in 0..3 {
            let mut rng = SeededRng::new(seed);
            let hard =
                choose_move_with(&game, Difficulty::Hard, &mut rng, &SearchLimits::default())
                    .unwrap();
            assert!(hard.proven, "{moves}");
            assert_eq!(outcome(&game.apply_move(hard.index).unwrap()), Outcome::Loss, "{moves}");
        }
        let off = SearchLimits { proof_nodes: 0, ..SearchLimits::default() };
        let best = best_move_with(&game, &off).unwrap();
        assert!(!best.proven && best.outcome.is_none(), "{moves}: {best:?}");
    }
}

/// `max_nodes + proof_nodes` bounds a call; with `proof_nodes` 0, `max_nodes` alone does. A
/// Connect Four position of ply 6 (the proof runs from ply 5) that these budgets cannot prove,
/// so that each call runs every step to its end.
#[test]
fn the_proof_nodes_bound_the_call() {
    let game = connect_four("444333");
    let limits = SearchLimits { max_nodes: 10_000, proof_nodes: 0, ..SearchLimits::default() };
    let without = best_move_with(&game, &limits).unwrap();
    assert!(!without.proven);
    assert!(without.nodes <= 10_001, "{}", without.nodes);
    let limits = SearchLimits { proof_nodes: 30_000, ..limits };
    let with = best_move_with(&game, &limits).unwrap();
    assert!(!with.proven);
    // Each step may pass its own limit by a node or two.
    assert!(with.nodes > 10_001 && with.nodes <= 40_016, "{}", with.nodes);
    assert!(game.is_legal(with.index));
    // Saturating: both unbounded is accepted (a position solved at once).
    let limits = SearchLimits { max_nodes: u64::MAX, proof_nodes: u64::MAX, ..limits };
    let end = connect_four("7422341735647741166133573473242566");
    assert_eq!(best_move_with(&end, &limits).unwrap().outcome, Some(Outcome::Win));
}

/// A weak solve with the default limits goes on with the proof's nodes where the exact
/// search's share does not settle the outcome.
#[test]
fn a_weak_solve_uses_the_proof_nodes() {
    let game = connect_four("444646");
    let weak = weak_solve_with(&game, &SearchLimits::default()).unwrap();
    assert_eq!((weak.outcome, weak.proven), (Some(Outcome::Win), true));
    assert_eq!(outcome(&game.apply_move(weak.index).unwrap()), Outcome::Loss);
    let off = SearchLimits { proof_nodes: 0, ..SearchLimits::default() };
    assert!(!weak_solve_with(&game, &off).unwrap().proven);
}
