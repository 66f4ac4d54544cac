//! Connect Four: the search against Pascal Pons' benchmark positions with exact scores
//! (`testdata/connect4/`, see its README for the source and the score convention).

mod common;

use ttt_core::{GameState, Outcome, SearchLimits, best_move_with};

/// Pons' score of the position from our best move's outcome and plies: a win with the mover's
/// `k`-th stone scores `22 - k`, a loss to the opponent's `k`-th stone `k - 22`.
fn pons_score(game: &GameState, outcome: Outcome, plies: u32) -> i32 {
    let n = game.ply() as i32;
    let (mine, theirs) = (n / 2, n - n / 2);
    let plies = plies as i32;
    match outcome {
        Outcome::Win => 22 - (mine + (plies + 1) / 2),
        Outcome::Loss => (theirs + plies / 2) - 22,
        Outcome::Draw => 0,
    }
}

fn check(name: &str, take: usize) {
    let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    let positions = common::pons_set(name, usize::MAX);
    assert_eq!(positions.len(), 1000);
    for (line, (game, want)) in positions.into_iter().take(take).enumerate() {
        let best = best_move_with(&game, &limits).unwrap();
        assert!(best.proven);
        let got = pons_score(&game, best.outcome.unwrap(), best.plies.unwrap());
        assert_eq!(got, want, "{name} line {}: {:?}", line + 1, game.move_history());
    }
}

#[test]
fn end_easy_all() {
    check("Test_L3_R1", 1000);
}

#[test]
fn middle_easy_sample() {
    check("Test_L2_R1", 1000);
}

#[test]
fn middle_medium_sample() {
    check("Test_L2_R2", 100);
}

#[test]
fn begin_easy_sample() {
    check("Test_L1_R1", 200);
}
