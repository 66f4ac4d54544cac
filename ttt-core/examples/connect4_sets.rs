//! Solves the first N positions of a Connect Four test set and prints the mean nodes and time.
//!
//! `cargo run --release -p ttt-core --example connect4_sets -- testdata/connect4/Test_L2_R2 100`

use std::time::Instant;
use ttt_core::{GameState, Player, Rules, SearchLimits, best_move_with};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().ok_or("usage: connect4_sets FILE [COUNT]")?;
    let count: usize = args.get(1).map_or(Ok(usize::MAX), |c| c.parse())?;
    let text = std::fs::read_to_string(path)?;
    let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    let (mut nodes, mut solved) = (0u64, 0u32);
    let start = Instant::now();
    for line in text.lines().take(count) {
        let moves = line.split(' ').next().ok_or("empty line")?;
        let mut game = GameState::new(Rules::CONNECT_FOUR, Player::X)?;
        for column in moves.bytes().map(|b| usize::from(b - b'1')) {
            let cell = game.available_moves().into_iter().find(|&i| i % 7 == column);
            game = game.apply_move(cell.ok_or("full column")?)?;
        }
        let best = best_move_with(&game, &limits).ok_or("game over")?;
        nodes += best.nodes;
        solved += 1;
    }
    let elapsed = start.elapsed();
    println!(
        "{path}: {solved} positions, mean {:.1} nodes, mean {:.3?}",
        nodes as f64 / f64::from(solved),
        elapsed / solved
    );
    Ok(())
}
