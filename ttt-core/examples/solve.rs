//! Solves a game from the empty board and prints its value, best move, nodes and time.
//!
//! `cargo run --release -p ttt-core --example solve -- WIDTH HEIGHT K [gravity|flat] [TABLE_MIB] [MAX_NODES]`
//! (run it under `/usr/bin/time -v` to see the peak memory).

use std::time::Instant;
use ttt_core::{GameState, Player, Rules, SearchLimits, best_move_with};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        return Err("usage: solve WIDTH HEIGHT K [gravity|flat] [TABLE_MIB] [MAX_NODES]".into());
    }
    let (w, h, k) = (args[0].parse()?, args[1].parse()?, args[2].parse()?);
    let gravity = args.get(3).is_some_and(|a| a == "gravity");
    let rules = Rules::new(w, h, k, 2, gravity)?;
    let game = GameState::new(rules, Player::X)?;
    let mut limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    if let Some(mib) = args.get(4) {
        limits.table_bytes = mib.parse::<usize>()? << 20;
    }
    if let Some(nodes) = args.get(5) {
        limits.max_nodes = nodes.parse()?;
    }
    let start = Instant::now();
    let best = best_move_with(&game, &limits).ok_or("game over")?;
    let elapsed = start.elapsed();
    println!(
        "{rules}: best move {} outcome {} plies {} proven {} nodes {} time {:.3?}",
        best.index,
        best.outcome.map_or("?", |o| o.as_str()),
        best.plies.map_or("?".to_string(), |p| p.to_string()),
        best.proven,
        best.nodes,
        elapsed
    );
    Ok(())
}
