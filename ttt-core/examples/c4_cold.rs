//! ttt's side of the cold-call model of `make bench-connect4-cold`
//! (`scripts/bench-connect4-cold.sh`): solves each position read from standard input with
//! every cache emptied first, so that a cache simulator (callgrind's) counts what one call
//! costs when it finds nothing of its own in the caches, as a small call between other
//! programs' work does.
//!
//! Input: one position per line, `MOVES` or `MOVES SCORE` (1-based column digits from the
//! empty 7×6 board; Pons' test-set lines); argument `strong` (default) or `weak`. Before each
//! position the engine is cleared and 84 MiB are written to (the size of Pons' table, whose
//! untimed `reset()` does the same to the caches in `make bench-connect4`); then
//! [`cold_solve`] solves it, the one function the simulator counts. The first position is
//! solved once before, outside `cold_solve`, so that the engine's one-time set-up (its solver
//! for the rules, its table's first memory) is not counted. Prints the number of positions
//! solved in `cold_solve`; a line it cannot read stops it with an error.

use std::io::BufRead;
#[path = "common/pons.rs"]
mod pons;

use pons::position;
use ttt_core::{BestMove, Engine, GameState, SearchLimits};

/// Bytes written between two calls: more than the last-level cache of any machine we bench on.
const EVICT_BYTES: usize = 84 << 20;

fn solve(engine: &mut Engine, game: &GameState, weak: bool) -> Option<BestMove> {
    let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    if weak { engine.weak_solve_with(game, &limits) } else { engine.best_move_with(game, &limits) }
}

/// The counted call (the script tells the simulator this name). `black_box` keeps it from
/// ending with a jump to `solve` (a tail call), which the simulator would not see return.
#[inline(never)]
fn cold_solve(engine: &mut Engine, game: &GameState, weak: bool) -> Option<BestMove> {
    std::hint::black_box(solve(engine, game, weak))
}

fn main() -> Result<(), String> {
    let weak = match std::env::args().nth(1).as_deref() {
        None | Some("strong") => false,
        Some("weak") => true,
        Some(other) => return Err(format!("usage: c4_cold [strong|weak] < POSITIONS ({other:?})")),
    };
    let mut games = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let moves = line.split_whitespace().next().unwrap_or("");
        games.push(position(moves).map_err(|e| format!("{line:?}: {e}"))?);
    }
    let mut engine = Engine::new();
    if let Some(first) = games.first() {
        std::hint::black_box(solve(&mut engine, first, weak));
    }
    let mut junk = vec![0u8; EVICT_BYTES];
    for (i, game) in games.iter().enumerate() {
        engine.clear();
        // A byte in every cache line is enough to take the line, and costs the simulator a
        // 64th of the stores.
        for line in junk.iter_mut().step_by(64) {
            *line = i as u8;
        }
        std::hint::black_box(&junk);
        std::hint::black_box(cold_solve(&mut engine, game, weak));
    }
    println!("{}", games.len());
    Ok(())
}
