//! Connect Four openings where Hard, with its default settings, must keep a win (issue 14):
//! positions from games Hard lost to OpenSpiel's MCTS as the first player, checked against the
//! exact solver with no budget. Positions are in Pons' notation (1-based columns from the
//! empty board). `examples/c4_openings.rs` measures the same on hundreds of random openings.

mod common;

use ttt_core::{
    Difficulty, GameState, Outcome, SearchLimits, SeededRng, best_move_with, choose_move_with,
};

/// The exact outcome for the player to move (no budget).
fn exact(game: &GameState) -> Outcome {
    let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    best_move_with(game, &limits).unwrap().outcome.unwrap()
}

/// `moves` has the exact outcome `value` (a win or a draw) for the side to move, and Hard with
/// the default limits, whatever its seed, plays a move that keeps it: after it the other side
/// is lost (a win kept) or does not win (a draw kept).
fn hard_keeps(moves: &str, value: Outcome) {
    let game = common::connect_four(moves);
    assert_eq!(exact(&game), value, "{moves}: the outcome for the side to move");
    let mut checked = Vec::new();
    for seed in 0..4 {
        let choice = choose_move_with(
            &game,
            Difficulty::Hard,
            &mut SeededRng::new(seed),
            &SearchLimits::default(),
        )
        .unwrap();
        if checked.contains(&choice.index) {
            continue;
        }
        checked.push(choice.index);
        let after = game.apply_move(choice.index).unwrap();
        let kept = match after.winner() {
            Some(winner) => winner == game.current_player(),
            None if after.is_over() => value == Outcome::Draw,
            None if value == Outcome::Win => exact(&after) == Outcome::Loss,
            None => exact(&after) != Outcome::Win,
        };
        assert!(kept, "{moves}: Hard (seed {seed}) played column {}", choice.index % 7 + 1);
    }
}

fn hard_keeps_the_win(moves: &str) {
    hard_keeps(moves, Outcome::Win);
}

fn hard_keeps_the_draw(moves: &str) {
    hard_keeps(moves, Outcome::Draw);
}

/// After `4444` only the centre keeps X's win (the six other columns are proven losses). Every
/// first-player loss against OpenSpiel's MCTS with 100,000 simulations went through this
/// position until the evaluation's factor of 2 a stone under gravity (issue 14). The exact
/// check of the answer takes about ten seconds.
#[test]
fn win_kept_after_4444() {
    hard_keeps_the_win("4444");
}

/// After `45` X wins, but not with every column: only 1 and 2 keep the win; 4 and 5 draw
/// (issue 14: Hard used to stack on the centre). The exact check of the answer takes about a
/// minute.
#[test]
#[ignore = "fails since the factor of 2 a stone under gravity (issue 14): Hard plays column 4, a draw"]
fn win_kept_after_45() {
    hard_keeps_the_win("45");
}

// Only one column keeps the win in each of the three below, and the exact search needs 0.3 to
// 1.9 million nodes to see it. The weak proof of `SearchLimits::proof_nodes` settles the first;
// the other two still fail with the default limits (the proof does not finish within its
// million nodes from a fresh engine's table, and the evaluation rates another column better).
// Run them with `cargo test --release --test connect4_openings -- --ignored`.

#[test]
fn ply_10_win_kept_4446462333() {
    hard_keeps_the_win("4446462333");
}

#[test]
#[ignore = "fails with the default limits (issue 14): Hard plays column 6, only column 5 wins"]
fn ply_10_win_kept_4444656652() {
    hard_keeps_the_win("4444656652");
}

#[test]
#[ignore = "fails with the default limits (issue 14): Hard plays column 2, only column 3 wins"]
fn ply_10_win_kept_4444232236() {
    hard_keeps_the_win("4444232236");
}

/// Ply 5, O to move and winning: only columns 3 and 6 keep the win. From the match against the
/// old Hard (`make strength-old`, the opening `76`): Hard played column 4, a loss, while the
/// weak proof ran from ply 6 only; since it runs earlier, its bounds steer the anytime search
/// to column 3, though it does not finish (16 million nodes prove the position, cold).
#[test]
fn ply_5_win_kept_76633() {
    hard_keeps_the_win("76633");
}

// The ply-3 positions behind every game Hard did not win as the second player against
// OpenSpiel's MCTS with 100,000 simulations while the weak proof ran from ply 5 (`mcts.py
// --match c4 --second-only`: 15 / 2 / 3): each is a draw that only one column keeps (4 after
// `454`, 5 after `455`), proven in 35 and 67 million nodes. The proof's bounds, from ply 3 on,
// find the first; the anytime search still plays column 4 after `455`. The exact checks take
// seconds.

#[test]
fn ply_3_draw_kept_454() {
    hard_keeps_the_draw("454");
}

#[test]
#[ignore = "fails with the default limits (issue 9): Hard plays column 4, only column 5 draws"]
fn ply_3_draw_kept_455() {
    hard_keeps_the_draw("455");
}
