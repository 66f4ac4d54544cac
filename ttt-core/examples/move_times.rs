//! Hard's move time with the default settings, as a game developer meets it: Hard against
//! Medium from the empty board, seats alternating, on the boards of the anytime-search issue.
//!
//! `cargo run --release -p ttt-core --example move_times [-- GAMES [MAX_NODES]]`
//!
//! Prints, per board, the median and the largest move time of Hard and the results of the
//! games (a smoke check of strength; the strength benchmark is `make strength`); then games of
//! Hard against itself on 15×15 (up to 30 moves each, one a seed, GAMES of them) through one
//! engine a game, and the same positions answered by the free functions (a fresh table each
//! call), with the times of each game and in all.

use std::time::{Duration, Instant};
use ttt_core::{
    Difficulty, Engine, GameState, Player, Rules, SearchLimits, SeededRng, choose_move_with,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(4);
    let mut limits = SearchLimits::default();
    if let Some(n) = args.get(1).and_then(|a| a.parse().ok()) {
        limits.max_nodes = n;
    }
    let boards = [
        ("15x15 k=5", Rules::new(15, 15, 5, 2, false).unwrap()),
        ("10x10 k=5", Rules::new(10, 10, 5, 2, false).unwrap()),
        ("Connect Four", Rules::CONNECT_FOUR),
    ];
    println!("board         moves  median     max  hard wins/draws/losses vs medium");
    for (name, rules) in boards {
        let mut times: Vec<Duration> = Vec::new();
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for game in 0..games {
            let hard_seat = if game % 2 == 0 { Player::X } else { Player::O };
            let mut rng = SeededRng::new(game);
            let mut engine = Engine::new();
            let mut s = GameState::new(rules, Player::X).unwrap();
            while !s.is_over() {
                let m = if s.current_player() == hard_seat {
                    let start = Instant::now();
                    let c = engine.choose_move_with(&s, Difficulty::Hard, &mut rng, &limits);
                    times.push(start.elapsed());
                    c.unwrap().index
                } else {
                    engine.choose_move(&s, Difficulty::Medium, &mut rng).unwrap()
                };
                s = s.apply_move(m).unwrap();
            }
            match s.winner() {
                Some(p) if p == hard_seat => wins += 1,
                Some(_) => losses += 1,
                None => draws += 1,
            }
        }
        times.sort();
        let median = times[times.len() / 2];
        let max = times[times.len() - 1];
        println!(
            "{name:<13} {:>5} {:>7.1?} {:>7.1?}  {wins}/{draws}/{losses}",
            times.len(),
            median,
            max
        );
    }
    // Hard against itself on 15×15 through one engine, up to 30 moves, against the free
    // functions on the same positions; one game a seed (Hard picks at random among the moves
    // it rates equal, so each seed plays its own game).
    let rules = Rules::new(15, 15, 5, 2, false).unwrap();
    let (mut total_engine, mut total_free, mut total_moves) = (Duration::ZERO, Duration::ZERO, 0);
    for seed in 9..9 + games.max(1) {
        let mut engine = Engine::new();
        let mut s = GameState::new(rules, Player::X).unwrap();
        let mut positions = Vec::new();
        let mut with_engine = Duration::ZERO;
        while positions.len() < 30 && !s.is_over() {
            positions.push(s.clone());
            let start = Instant::now();
            let mut rng = SeededRng::new(seed);
            let c = engine.choose_move_with(&s, Difficulty::Hard, &mut rng, &limits);
            with_engine += start.elapsed();
            s = s.apply_move(c.unwrap().index).unwrap();
        }
        let start = Instant::now();
        for p in &positions {
            let _ = choose_move_with(p, Difficulty::Hard, &mut SeededRng::new(seed), &limits);
        }
        let free = start.elapsed();
        println!(
            "15x15, seed {seed}, {} moves of Hard: {with_engine:.1?} through one engine, \
             {free:.1?} through the free functions",
            positions.len()
        );
        (total_engine, total_free) = (total_engine + with_engine, total_free + free);
        total_moves += positions.len();
    }
    println!(
        "15x15, all {total_moves} moves: {total_engine:.1?} through one engine a game, \
         {total_free:.1?} through the free functions"
    );
}
