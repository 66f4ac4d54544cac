//! Benchmarks of the AI and the batch (single thread): `cargo bench -p ttt-core --bench ai`.
//!
//! - `hard_empty_classic`: Hard's move from the empty classic board, cold (every call searches
//!   from scratch with its own table), as the AI issue's 50 µs budget measures it.
//! - `batch_random_classic_1000`: 1000 random classic games through the batch API.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use ttt_core::batch::play_games;
use ttt_core::{Difficulty, GameState, Player, Rules, SearchLimits, SeededRng, choose_move};

fn ai(c: &mut Criterion) {
    let empty = GameState::new(Rules::CLASSIC, Player::X).unwrap();
    let mut group = c.benchmark_group("ai");
    let mut rng = SeededRng::new(1);
    group.bench_function("hard_empty_classic", |b| {
        b.iter(|| choose_move(black_box(&empty), Difficulty::Hard, &mut rng).unwrap())
    });
    group.bench_function("medium_empty_classic", |b| {
        b.iter(|| choose_move(black_box(&empty), Difficulty::Medium, &mut rng).unwrap())
    });
    group.throughput(Throughput::Elements(1000));
    let limits = SearchLimits::default();
    let mut seed = 0;
    group.bench_function("batch_random_classic_1000", |b| {
        b.iter(|| {
            seed += 1000;
            play_games(&empty, &[Difficulty::Easy; 2], seed, 0..1000, false, &limits).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, ai);
criterion_main!(benches);
