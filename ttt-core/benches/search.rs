//! Benchmarks of the search (single thread, a cold table in every iteration: each call builds
//! its own). `cargo bench -p ttt-core --bench search`; one group: `cargo bench ... -- solve`.
//!
//! The two longest solves (8×4 k=4 and 6×6 k=4 with gravity) take seconds each: with ten
//! samples, about a minute together. The example `solve` times one solve once.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use ttt_core::{GameState, Player, Rules, SearchLimits, analyze, best_move_with};

/// Every reachable in-progress classic position (4520 of them).
fn classic_positions() -> Vec<GameState> {
    let out = common::reachable_in_progress(Rules::default());
    assert_eq!(out.len(), 4520);
    out
}

fn classic(c: &mut Criterion) {
    let empty = GameState::new(Rules::default(), Player::X).unwrap();
    let mut group = c.benchmark_group("classic");
    // What Hard does on the empty board: an exact analysis of every move.
    group.bench_function("analyze_empty", |b| b.iter(|| analyze(black_box(&empty))));
    group.bench_function("best_move_empty", |b| {
        b.iter(|| best_move_with(black_box(&empty), &SearchLimits::default()))
    });
    let positions = classic_positions();
    group.sample_size(20);
    group.bench_function("analyze_all_4520", |b| {
        b.iter(|| positions.iter().map(|s| analyze(black_box(s)).len()).sum::<usize>())
    });
    group.finish();
}

/// The exact value and best move from the empty board.
fn solve_empty(w: usize, h: usize, k: usize, gravity: bool) -> ttt_core::BestMove {
    let game = GameState::new(Rules::new(w, h, k, 2, gravity).unwrap(), Player::X).unwrap();
    let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    let best = best_move_with(&game, &limits).unwrap();
    assert!(best.proven);
    best
}

fn solves(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(2));
    let boards = [
        (4, 4, 4, false),
        (5, 5, 4, false),
        (6, 5, 4, false),
        (4, 4, 4, true),
        (5, 4, 4, true),
        (6, 6, 4, true),
        (8, 4, 4, false),
    ];
    for (w, h, k, gravity) in boards {
        let name = format!("{w}x{h}_k{k}{}", if gravity { "_gravity" } else { "" });
        let start = std::time::Instant::now();
        let best = solve_empty(w, h, k, gravity);
        // Room for the ten samples of the slow solves (criterion warns otherwise).
        group.measurement_time(Duration::from_secs(2).max(start.elapsed() * 12));
        eprintln!("{name}: {:?} in {:?} plies, {} nodes", best.outcome, best.plies, best.nodes);
        group.bench_function(name, |b| b.iter(|| solve_empty(w, h, k, gravity)));
    }
    group.finish();
}

criterion_group!(benches, classic, solves);
criterion_main!(benches);
