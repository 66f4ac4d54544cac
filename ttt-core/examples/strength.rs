//! The strength benchmark's Rust matches (`make strength`): Hard with the default settings
//! against Medium and against Easy on 15×15 and 10×10 five in a row and Connect Four (seats
//! alternating), and Hard against two Mediums on 10×10 four in a row with three players
//! (Hard's seat rotating). Prints one table row per match and Hard's move times.
//!
//! `cargo run --release -p ttt-core --example strength [-- GAMES [MATCH]]` (default 20 games a
//! match; with `MATCH`, only the matches whose name contains it, e.g. `"Connect Four"`);
//! `strength three GAMES [SEED]` plays the three-player match alone, with seeds from `SEED`
//! (default 2000). `strength engine [GAMES [SEED]]` (default 100 games a board, seeds from
//! 4000) plays Hard through one `Engine` a game against Hard through the free functions on
//! 15×15 and 10×10: what the engine keeps between moves must not cost strength.
//!
//! `strength old DRIVER [GAMES [BOARD]]` plays instead the match against the old Hard (commit
//! `5febaf0` at its default 2M nodes, `make strength-old`): `DRIVER` is the process of
//! `bench/strength/old_hard.rs`, asked for the old Hard's moves line by line. On 15×15 and 10×10
//! five in a row and Connect Four, from seeded two-ply openings, each opening played twice (the
//! new Hard moves first, then second), boards in turn, one line printed per game as it ends
//! (with its cells in the order played, so that where a game was decided can be checked with
//! the exact solver) and the table at the end; `BOARD` (a part of a board's name, such as `Connect`) plays only
//! the boards whose name contains it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
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

/// The old Hard's process (see `bench/strength/old_hard.rs`).
struct OldHard {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl OldHard {
    fn spawn(path: &str) -> OldHard {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {path}: {e}"));
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        OldHard { child, input, output }
    }

    /// The old Hard's move after `moves` (X started) under `rules`, with its rng seeded `seed`.
    fn choose(&mut self, rules: Rules, moves: &[usize], seed: u64) -> usize {
        let mut line = format!(
            "{} {} {} {} {seed}",
            rules.width(),
            rules.height(),
            rules.k(),
            u8::from(rules.gravity())
        );
        for m in moves {
            line.push_str(&format!(" {m}"));
        }
        writeln!(self.input, "{line}").and_then(|()| self.input.flush()).expect("driver stdin");
        let mut answer = String::new();
        self.output.read_line(&mut answer).expect("driver stdout");
        answer.trim().parse().unwrap_or_else(|_| panic!("driver answered {answer:?} to {line}"))
    }
}

impl Drop for OldHard {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A seeded two-ply opening: two moves drawn from the cells within two rows and columns of the
/// centre (every column under gravity).
fn opening(rules: Rules, seed: u64) -> Vec<usize> {
    let mut rng = SeededRng::new(seed);
    let mut s = GameState::new(rules, Player::X).unwrap();
    let (w, h) = (rules.width() as isize, rules.height() as isize);
    let mut moves = Vec::new();
    for _ in 0..2 {
        let near: Vec<usize> = s
            .available_moves()
            .into_iter()
            .filter(|&m| {
                let (r, c) = rules.row_col(m).unwrap();
                rules.gravity()
                    || ((r as isize - (h - 1) / 2).abs() <= 2
                        && (c as isize - (w - 1) / 2).abs() <= 2)
            })
            .collect();
        let m = near[(rng.next_u64() % near.len() as u64) as usize];
        s = s.apply_move(m).unwrap();
        moves.push(m);
    }
    moves
}

/// One game of the new Hard (seat `new_seat`) against the old one, from `opening`.
fn play_old(
    rules: Rules,
    old: &mut OldHard,
    opening: &[usize],
    new_seat: usize,
    seed: u64,
    tally: &mut Tally,
) -> (char, Vec<usize>) {
    let mut rng = SeededRng::new(seed);
    let mut engine = Engine::new();
    let limits = SearchLimits::default();
    let mut s = GameState::new(rules, Player::X).unwrap();
    for &m in opening {
        s = s.apply_move(m).unwrap();
    }
    while !s.is_over() {
        let index = if s.current_player().seat() == new_seat {
            let start = Instant::now();
            let c = engine.choose_move_with(&s, Difficulty::Hard, &mut rng, &limits).unwrap();
            tally.times.push(start.elapsed());
            c.index
        } else {
            old.choose(rules, s.move_history(), seed.wrapping_add(s.ply() as u64))
        };
        s = s.apply_move(index).unwrap();
    }
    let result = match s.winner() {
        Some(p) if p.seat() == new_seat => {
            tally.wins += 1;
            'W'
        }
        Some(_) => {
            tally.losses += 1;
            'L'
        }
        None => {
            tally.draws += 1;
            'D'
        }
    };
    (result, s.move_history().to_vec())
}

/// The match against the old Hard (see the module docs).
fn against_old(driver: &str, games: u64, only: &str) {
    let boards: Vec<_> = [
        ("15x15 k=5", Rules::new(15, 15, 5, 2, false).unwrap()),
        ("10x10 k=5", Rules::new(10, 10, 5, 2, false).unwrap()),
        ("Connect Four", Rules::CONNECT_FOUR),
    ]
    .into_iter()
    .filter(|(name, _)| name.contains(only))
    .collect();
    let mut old = OldHard::spawn(driver);
    let mut tallies: Vec<Tally> = boards.iter().map(|_| Tally::default()).collect();
    for g in 0..games {
        for (b, &(name, rules)) in boards.iter().enumerate() {
            let seed = 3000 + g / 2;
            let open = opening(rules, seed);
            let new_seat = (g % 2) as usize;
            let (r, moves) = play_old(rules, &mut old, &open, new_seat, seed, &mut tallies[b]);
            println!(
                "game {g} {name}: opening {open:?}, new Hard plays seat {new_seat}: {r}, moves {moves:?}"
            );
        }
    }
    print_header();
    for (b, &(name, _)) in boards.iter().enumerate() {
        report(&format!("Hard vs old Hard, {name}"), &mut tallies[b]);
    }
}

/// Hard through one `Engine` a game (what it keeps between moves) against Hard through the free
/// functions (a fresh search every move) on the boards where an engine keeps the anytime
/// search's table (15×15 and 10×10 five in a row), from the seeded two-ply openings of the
/// old-Hard match, each played twice (the engine first, then second). The times are the
/// engine side's moves; the free side's total is printed after each board.
fn engine_against_free(games: u64, base: u64) {
    print_header();
    for (name, rules) in [
        ("15x15 k=5", Rules::new(15, 15, 5, 2, false).unwrap()),
        ("10x10 k=5", Rules::new(10, 10, 5, 2, false).unwrap()),
    ] {
        let (mut t, mut free_time) = (Tally::default(), Duration::ZERO);
        let limits = SearchLimits::default();
        for g in 0..games {
            let seed = base + g / 2;
            let engine_seat = (g % 2) as usize;
            let mut engine = Engine::new();
            let mut rng = SeededRng::new(seed);
            let mut s = GameState::new(rules, Player::X).unwrap();
            for m in opening(rules, seed) {
                s = s.apply_move(m).unwrap();
            }
            while !s.is_over() {
                let start = Instant::now();
                let mine = s.current_player().seat() == engine_seat;
                let choice = if mine {
                    engine.choose_move_with(&s, Difficulty::Hard, &mut rng, &limits)
                } else {
                    ttt_core::choose_move_with(&s, Difficulty::Hard, &mut rng, &limits)
                };
                if mine {
                    t.times.push(start.elapsed());
                } else {
                    free_time += start.elapsed();
                }
                s = s.apply_move(choice.unwrap().index).unwrap();
            }
            match s.winner() {
                Some(p) if p.seat() == engine_seat => t.wins += 1,
                Some(_) => t.losses += 1,
                None => t.draws += 1,
            }
        }
        let engine_time: Duration = t.times.iter().sum();
        report(&format!("Engine Hard vs free Hard, {name}"), &mut t);
        println!("  (all moves: {engine_time:.1?} through the engine, {free_time:.1?} free)");
    }
}

fn print_header() {
    println!(
        "| match                                  | games | wins | draws | losses |  wins  | median   | max      |"
    );
    println!(
        "|----------------------------------------|-------|------|-------|--------|--------|----------|----------|"
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("old") {
        let driver = args.get(1).expect("strength old DRIVER [GAMES [BOARD]]");
        let games = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
        against_old(driver, games, args.get(3).map_or("", String::as_str));
        return;
    }
    if args.first().map(String::as_str) == Some("engine") {
        let games = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
        let base = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4000);
        engine_against_free(games, base);
        return;
    }
    if args.first().map(String::as_str) == Some("three") {
        // The three-player row alone, from the seed base given (default 2000).
        let games = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
        let base = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2000);
        print_header();
        three_players(games, base);
        return;
    }
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let only = args.get(1).cloned().unwrap_or_default();
    print_header();
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
    if THREE_PLAYERS.contains(&only) {
        three_players(games, 2000);
    }
}

/// The name of the three-player match's row.
const THREE_PLAYERS: &str = "Hard vs two Mediums, 10x10 k=4, 3 players";

/// Hard against two Mediums on 10×10 four in a row, Hard's seat rotating, seeds from `base`.
fn three_players(games: u64, base: u64) {
    let three = Rules::new(10, 10, 4, 3, false).unwrap();
    let mut t = Tally::default();
    for g in 0..games {
        let mut seats = [Difficulty::Medium; 3];
        seats[(g % 3) as usize] = Difficulty::Hard;
        play(three, &seats, base + g, &mut t);
    }
    report(THREE_PLAYERS, &mut t);
}
