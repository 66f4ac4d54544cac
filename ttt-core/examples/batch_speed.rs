//! Throughput of the batch API on random classic games, on one thread:
//! `cargo run --release -p ttt-core --example batch_speed [games]`.
//! (`make bench-python` measures the same through Python on every core, against OpenSpiel.)

use std::time::Instant;
use ttt_core::batch::play_games;
use ttt_core::{Difficulty, GameState, Player, Rules, SearchLimits};

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2_000_000);
    let start = GameState::new(Rules::CLASSIC, Player::X).expect("classic rules seat X");
    let t = Instant::now();
    let games =
        play_games(&start, &[Difficulty::Easy; 2], 1, 0..n, false, &SearchLimits::default())
            .expect("two seats");
    let secs = t.elapsed().as_secs_f64();
    let x = games.iter().filter(|g| g.winner == Some(Player::X)).count();
    println!("{n} games in {secs:.3} s: {:.0} games/s (X won {x})", n as f64 / secs);
}
