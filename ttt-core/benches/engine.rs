//! Benchmarks of the engine's answers on big boards (single thread):
//! `cargo bench -p ttt-core --bench engine`.
//!
//! - `win_now_20x20`, `forced_block_20x20`: tactics answered before any search (the
//!   anytime-search issue asks for at most 1 ms on any board up to 20×20);
//! - `vcf_15x15`: a win by continuous threats found and proven;
//! - `hard_default_*`: Hard's move with the default limits, from a middle-game position of
//!   15×15 and 10×10 five in a row and of Connect Four (a fresh engine per call);
//! - `time_limit_20ms_20x20`: a call with a 20 ms limit and no node budget (its overshoot);
//! - `game_15x15_30_moves`: the 30 positions of one game (Hard against itself on 15×15 five
//!   in a row, the first game from seed 3 on that lasts 30 moves), Hard's move at each,
//!   through one `Engine` kept from move to move and through the free functions (a fresh
//!   engine per call).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use ttt_core::{
    Difficulty, Engine, GameState, Player, Rules, SearchLimits, SeededRng, best_move_with,
    choose_move_with,
};

#[path = "../tests/common/mod.rs"]
mod common;
use common::position;

/// A game of `plies` moves of Medium against Medium from seed `seed`, still going.
fn middle_game(rules: Rules, plies: usize, seed: u64) -> GameState {
    let mut rng = SeededRng::new(seed);
    let mut s = GameState::new(rules, Player::X).unwrap();
    let limits = SearchLimits::default();
    while s.ply() < plies {
        let m = choose_move_with(&s, Difficulty::Medium, &mut rng, &limits).unwrap();
        let next = s.apply_move(m.index).unwrap();
        if next.is_over() {
            break;
        }
        s = next;
    }
    s
}

fn tactics(c: &mut Criterion) {
    let big = Rules::new(20, 20, 5, 2, false).unwrap();
    let xs = [(9, 5), (9, 6), (9, 7), (9, 8), (3, 3)];
    let os = [(9, 4), (0, 0), (0, 1), (19, 19), (12, 12)];
    let win = position(big, &xs, &os, Player::X);
    let block = position(big, &xs, &os[..4], Player::O);
    let limits = SearchLimits::default();
    let mut group = c.benchmark_group("tactics");
    group.bench_function("win_now_20x20", |b| b.iter(|| best_move_with(black_box(&win), &limits)));
    group.bench_function("forced_block_20x20", |b| {
        b.iter(|| best_move_with(black_box(&block), &limits))
    });
    let gomoku = Rules::new(15, 15, 5, 2, false).unwrap();
    let xs = [(7, 5), (7, 6), (7, 7), (5, 8), (6, 8), (8, 8)];
    let os = [(7, 4), (4, 8), (0, 0), (0, 14), (14, 0), (14, 14)];
    let vcf = position(gomoku, &xs, &os, Player::X);
    group.bench_function("vcf_15x15", |b| b.iter(|| best_move_with(black_box(&vcf), &limits)));
    group.finish();
}

fn hard(c: &mut Criterion) {
    let mut group = c.benchmark_group("hard_default");
    group.sample_size(10);
    let limits = SearchLimits::default();
    for (name, rules, plies) in [
        ("15x15_k5", Rules::new(15, 15, 5, 2, false).unwrap(), 12),
        ("10x10_k5", Rules::new(10, 10, 5, 2, false).unwrap(), 10),
        ("connect_four", Rules::CONNECT_FOUR, 8),
    ] {
        let s = middle_game(rules, plies, 7);
        group.bench_function(name, |b| {
            b.iter(|| {
                choose_move_with(black_box(&s), Difficulty::Hard, &mut SeededRng::new(1), &limits)
            })
        });
    }
    let big = GameState::new(Rules::new(20, 20, 5, 2, false).unwrap(), Player::X).unwrap();
    let big = big.apply_move(210).unwrap().apply_move(189).unwrap();
    let timed = SearchLimits {
        max_nodes: u64::MAX,
        max_time: Some(Duration::from_millis(20)),
        ..SearchLimits::default()
    };
    group.bench_function("time_limit_20ms_20x20", |b| {
        b.iter(|| best_move_with(black_box(&big), &timed))
    });
    group.finish();
}

fn game(c: &mut Criterion) {
    let rules = Rules::new(15, 15, 5, 2, false).unwrap();
    let limits = SearchLimits::default();
    // The first game from seed 3 on that lasts 30 moves.
    let positions = (3..)
        .take(100)
        .find_map(|seed| {
            let mut rng = SeededRng::new(seed);
            let mut s = GameState::new(rules, Player::X).unwrap();
            let mut positions = Vec::new();
            while positions.len() < 30 && !s.is_over() {
                positions.push(s.clone());
                let m = choose_move_with(&s, Difficulty::Hard, &mut rng, &limits).unwrap();
                s = s.apply_move(m.index).unwrap();
            }
            (positions.len() == 30).then_some(positions)
        })
        .expect("no game of 30 moves from 100 seeds");
    let mut group = c.benchmark_group("game_15x15_30_moves");
    group.sample_size(10);
    group.bench_function("free_functions", |b| {
        b.iter(|| {
            for p in &positions {
                let r = choose_move_with(p, Difficulty::Hard, &mut SeededRng::new(1), &limits);
                black_box(r.unwrap());
            }
        })
    });
    group.bench_function("engine", |b| {
        b.iter(|| {
            let mut engine = Engine::new();
            for p in &positions {
                let r =
                    engine.choose_move_with(p, Difficulty::Hard, &mut SeededRng::new(1), &limits);
                black_box(r.unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, tactics, hard, game);
criterion_main!(benches);
