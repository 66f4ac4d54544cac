//! The ttt side of the Connect Four side-by-side benchmark (`make bench-connect4`): a
//! long-running worker that reads one request per line on standard input and answers each on
//! standard output, so that process start-up and I/O stay out of the timings.
//!
//! Request: `strong MOVES` or `weak MOVES`, where `MOVES` are 1-based column digits from the
//! empty 7×6 board (Pons' test-set notation; may be empty). Answer: `SCORE NODES NANOS`, the
//! score in Pons' convention (a win with the mover's k-th stone is `22 - k`, a loss to the
//! opponent's k-th stone `k - 22`, a draw 0; for `weak`, only its sign), the nodes searched and
//! the nanoseconds of the solve alone. `unsupported` when this build has no such query;
//! `error: ...` for a request it cannot read.
//!
//! One [`Engine`] (default table size) solves every position, cold: the engine is cleared
//! before each one, outside the timed part, as Pons' worker resets its solver (`reset()`,
//! untimed) before each (its table then holds nothing, as a fresh one; the clear costs no
//! allocation), so what carries over is only what does not depend on the position (the
//! solver's setup for the rules, the table's memory). No node budget: `strong`
//! with [`Engine::best_move_with`] (the exact score and a move that reaches it), `weak` with
//! [`Engine::weak_solve_with`] (the outcome and a move that keeps it).
//!
//! `--warm-code`, a diagnostic (README, "Measuring"): before each timed call, a second engine
//! solves the same position, untimed, so that the timed call finds in the caches the code it
//! runs, but none of its own engine's data (its solver, its tables). The difference from a run
//! without it is what bringing the code back from memory costs a small call.

use std::io::{BufRead, Write};
use std::time::Instant;
#[path = "common/pons.rs"]
mod pons;

use pons::position;
use ttt_core::{Engine, Outcome, SearchLimits};

/// Pons' score from the outcome and plies of the best move of a position with `n` stones.
fn pons_score(n: u32, outcome: Outcome, plies: u32) -> i64 {
    // The game ends with stone number n + plies; the winner of a 7×6 game scores
    // 22 - (their stones at the end) = (44 - n - plies) / 2 for either side.
    let magnitude = (44 - i64::from(n) - i64::from(plies)) / 2;
    match outcome {
        Outcome::Win => magnitude,
        Outcome::Loss => -magnitude,
        Outcome::Draw => 0,
    }
}

fn answer(engine: &mut Engine, warm: Option<&mut Engine>, line: &str) -> String {
    let (kind, moves) = line.split_once(' ').unwrap_or((line, ""));
    let weak = match kind {
        "strong" => false,
        "weak" => true,
        _ => return format!("error: unknown query {kind:?}"),
    };
    let game = match position(moves.trim()) {
        Ok(g) => g,
        Err(e) => return format!("error: {e}"),
    };
    let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    let solve = |engine: &mut Engine| {
        if weak {
            engine.weak_solve_with(&game, &limits)
        } else {
            engine.best_move_with(&game, &limits)
        }
    };
    if let Some(other) = warm {
        other.clear();
        std::hint::black_box(solve(other));
    }
    engine.clear();
    let start = Instant::now();
    let answer = solve(engine);
    let nanos = start.elapsed().as_nanos();
    let Some(best) = answer else {
        return "error: the game is over".to_owned();
    };
    if weak {
        let Some(outcome) = best.outcome.filter(|_| best.proven) else {
            return "error: not proven".to_owned();
        };
        let sign = match outcome {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -1,
        };
        return format!("{sign} {} {nanos}", best.nodes);
    }
    let (Some(outcome), Some(plies)) = (best.outcome, best.plies) else {
        return "error: not proven".to_owned();
    };
    let score = pons_score(game.ply() as u32, outcome, plies);
    format!("{score} {} {nanos}", best.nodes)
}

fn main() -> Result<(), String> {
    let mut warm = match std::env::args().nth(1).as_deref() {
        None => None,
        Some("--warm-code") => Some(Engine::new()),
        Some(other) => return Err(format!("usage: c4_worker [--warm-code] ({other:?})")),
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut engine = Engine::new();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if writeln!(out, "{}", answer(&mut engine, warm.as_mut(), line.trim_end()))
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
    Ok(())
}
