//! The search against an exhaustive oracle on tiny boards (at most 16 cells; at most 9 empty
//! with two players, 7 with more; with or without gravity): `analyze` gives every legal move
//! with the exact outcome and plies, best first; `best_move` and `solve` give the best move
//! with the tie-breaks of the docs (nearest the centre, then lowest index), proven; Hard picks
//! only among moves of the best score; Medium wins at once when it can.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ttt_core::search::SearchLimits;
use ttt_core::{
    Difficulty, GameState, Outcome, SeededRng, analyze, best_move, best_move_with, choose_move,
};
use ttt_fuzz::{Bytes, Oracle, rules, seated, stones};

/// The most empty cells the oracle searches: its tree has no pruning, and with three or four
/// players no win ends a line of play early, so they get fewer.
fn max_empty(players: u8) -> usize {
    if players == 2 { 9 } else { 7 }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Bytes(data);
    let rules = rules(&mut input, 4);
    let starting = seated(&mut input, &rules);
    let mut state = GameState::new(rules, starting).expect("a seated player");
    // Moves from the input, then more until the search is small enough for the oracle.
    loop {
        let moves = state.available_moves();
        let empty = state.board().len() - stones(&state);
        if moves.is_empty() || (input.is_empty() && empty <= max_empty(rules.players())) {
            break;
        }
        let b = usize::from(input.byte());
        state = state.apply_move(moves[b % moves.len()]).expect("legal");
    }
    if state.is_over() {
        assert_eq!(best_move(&state), None);
        assert!(analyze(&state).is_empty());
        return;
    }
    let empty = state.board().len() - stones(&state);
    let mut oracle = Oracle::new(&state);
    let mut expected: Vec<(i32, usize, usize)> = state
        .available_moves()
        .into_iter()
        .map(|m| {
            let score = oracle.score(&state.apply_move(m).expect("legal"));
            (score, rules.centre_distance4(m), m)
        })
        .collect();
    // Best first: highest score, then nearest the centre, then lowest index.
    expected.sort_by_key(|&(score, dist, m)| (-score, dist, m));
    let record = state.to_record();

    let got = analyze(&state);
    assert_eq!(got.len(), expected.len(), "{record}");
    for (a, &(score, _, m)) in got.iter().zip(&expected) {
        let (outcome, plies) = oracle.outcome(score, empty);
        assert_eq!(a.index, m, "analyze order at {record}: {got:?} vs {expected:?}");
        assert_eq!(a.outcome.map(Outcome::as_str), Some(outcome), "{record} move {m}");
        assert_eq!(a.plies, Some(plies), "{record} move {m}");
    }

    let (best_score, _, best) = expected[0];
    assert_eq!(best_move(&state), Some(best), "{record}");
    let solved = best_move_with(&state, &SearchLimits::default()).expect("a game in progress");
    let (outcome, plies) = oracle.outcome(best_score, empty);
    assert!(solved.proven, "{record}");
    assert_eq!(solved.index, best, "{record}");
    assert_eq!(solved.outcome.map(Outcome::as_str), Some(outcome), "{record}");
    assert_eq!(solved.plies, Some(plies), "{record}");

    let seed = input.u64();
    let hard = choose_move(&state, Difficulty::Hard, &mut SeededRng::new(seed)).expect("on");
    let hard_score = expected.iter().find(|e| e.2 == hard).expect("a legal move").0;
    assert_eq!(hard_score, best_score, "Hard chose {hard} at {record}");

    let medium = choose_move(&state, Difficulty::Medium, &mut SeededRng::new(seed)).expect("on");
    let wins_now = |m: usize| state.apply_move(m).is_ok_and(|s| s.winner().is_some());
    if state.available_moves().into_iter().any(wins_now) {
        assert!(wins_now(medium), "Medium missed a win at {record}");
    }
});
