//! The strength benchmark's Rust matches (`make strength`): Hard with the default settings
//! against Medium and against Easy on 15×15 and 10×10 five in a row and Connect Four (seats
//! alternating), and Hard against two Mediums on 10×10 four in a row with three players
//! (Hard's seat rotating). Prints one table row per match and Hard's move times.
//!
//! `cargo run --release -p ttt-core --example strength [-- GAMES [MATCH]]` (default 20 games a
//! match; with `MATCH`, only the matches whose name contains it, e.g. `"Connect Four"`).

use std::time::{Duration, Instant};
use ttt_core::{Difficulty, Engine, GameState, Player, Rules, SearchLimits, SeededRng};

/// The result of a set of games, from Hard's side, and Hard's move times.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    times: Vec<Duration>,
}

/// One game: `seats[i]` plays seat i; Hard's seat is the one with `Difficulty::Hard`.
fn play(rules: Rules, seats: &[Difficulty], seed: u64, tally: &mut Tally) {
    let hard_seat = seats.iter().position(|&d| d == Difficulty::Hard).unwrap();
    let mut rng = SeededRng::new(seed);
    let mut engine = Engine::new();
    let limits = SearchLimits::default();
    let mut s = GameState::new(rules, Player::X).unwrap();
    while !s.is_over() {
        let seat = s.current_player().seat();
        let d = seats[seat];
        let start = Instant::now();
        let c = engine.choose_move_with(&s, d, &mut rng, &limits).unwrap();
        if d == Difficulty::Hard {
            tally.times.push(start.elapsed());
        }
        s = s.apply_move(c.index).unwrap();
    }
    match s.winner() {
        Some(p) if p.seat() == hard_seat => tally.wins += 1,
        Some(_) => tally.losses += 1,
        None => tally.draws += 1,
    }
}

fn report(name: &str, t: &mut Tally) {
    t.times.sort();
    let games = t.wins + t.draws + t.losses;
    let median = t.times.get(t.times.len() / 2).copied().unwrap_or_default();
    let max = t.times.last().copied().unwrap_or_default();
    println!(
        "| {name:<38} | {games:>5} | {:>4} | {:>5} | {:>6} | {:>5.1}% | {:>8.1?} | {:>8.1?} |",
        t.wins,
        t.draws,
        t.losses,
        100.0 * f64::from(t.wins) / f64::from(games.max(1)),
        median,
        max
    );
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let only = std::env::args().nth(2).unwrap_or_default();
    println!(
        "| match                                  | games | wins | draws | losses |  wins  | median   | max      |"
    );
    println!(
        "|----------------------------------------|-------|------|-------|--------|--------|----------|----------|"
    );
    let boards = [
        ("15x15 k=5", Rules::new(15, 15, 5, 2, false).unwrap()),
        ("10x10 k=5", Rules::new(10, 10, 5, 2, false).unwrap()),
        ("Connect Four", Rules::CONNECT_FOUR),
    ];
    for (board, rules) in boards {
        for opponent in [Difficulty::Medium, Difficulty::Easy] {
            let name = format!("Hard vs {opponent}, {board}");
            if !name.contains(&only) {
                continue;
            }
            let mut t = Tally::default();
            for g in 0..games {
                let seats = if g % 2 == 0 {
                    [Difficulty::Hard, opponent]
                } else {
                    [opponent, Difficulty::Hard]
                };
                play(rules, &seats, 1000 + g, &mut t);
            }
            report(&name, &mut t);
        }
    }
    let name = "Hard vs two Mediums, 10x10 k=4, 3 players";
    if !name.contains(&only) {
        return;
    }
    let three = Rules::new(10, 10, 4, 3, false).unwrap();
    let mut t = Tally::default();
    for g in 0..games {
        let mut seats = [Difficulty::Medium; 3];
        seats[(g % 3) as usize] = Difficulty::Hard;
        play(three, &seats, 2000 + g, &mut t);
    }
    report(name, &mut t);
}
