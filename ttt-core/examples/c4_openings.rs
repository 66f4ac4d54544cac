//! The inner loop of Connect Four strength work: how often Hard, as the side to move in a won
//! position of the opening, plays a move that is no longer a win (issue 14), checked with the
//! exact solver (no budget).
//!
//! `cargo run --release -p ttt-core --example c4_openings -- [POSITIONS [PLIES [MAX_NODES [SEED]]]]`
//!
//! Draws `POSITIONS` (default 100) seeded random openings of `PLIES` plies (default `6-12`: a
//! range of even plies, so that the first player is to move), each move a column drawn with
//! weights 1-2-3-4-3-2-1 from the left (MCTS and people both favour the middle). Openings that
//! are over, or not a win for the side to move, are drawn again. For each, a fresh
//! [`Engine`] plays Hard's move with `MAX_NODES` (default: the default budget), and the exact
//! solver says whether the position after it is still won. Prints each position given away
//! (Pons' notation: 1-based columns), then the count, and Hard's move times (median, max).
//! Positions can also be given one per line on standard input with `-` as `POSITIONS`; with
//! `gen` as the first argument (`gen POSITIONS [PLIES [SEED]]`), the tool only prints the
//! openings it draws, for later runs on the same positions.
//!
//! `tree [PLIES [MAX_NODES]]` (default 4) walks Hard's own opening instead: Hard as the first
//! player from the empty board, against every reply of the second player, up to `PLIES` plies
//! (even), as long as Hard keeps the win (below a move that gives it away there is none to
//! keep). Each of Hard's moves is checked with the exact weak solver (one engine with a 1 GiB
//! table for every check: the first, of the position after Hard's first stone, takes about half
//! a minute, and fills the table for most of the others). Prints every position where Hard
//! moves, its column and whether the win is kept, then the moves that gave it away at each
//! ply. Hard's seed is the ply.
//!
//! `clock MILLISECONDS` reads positions (Pons' notation, one per line; a score after the moves,
//! as in his test sets, is ignored) and plays Hard's move from each under a clock alone (no
//! node budget), as a game with a turn budget would, then checks it with the exact solver:
//! prints the positions where the move is worse than the position's value, then their count.

use std::io::BufRead;
use std::time::{Duration, Instant};
use ttt_core::{
    Difficulty, Engine, GameState, Outcome, Player, Rules, SearchLimits, SeededRng, best_move_with,
};

/// A simple linear congruential generator for the openings (the `SeededRng` is for Hard).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 =
            self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

fn position(moves: &str) -> GameState {
    let mut game = GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap();
    for c in moves.bytes() {
        game = game.play_column(usize::from(c - b'1')).unwrap().0;
    }
    game
}

/// The exact outcome for the player to move.
fn exact(game: &GameState) -> Outcome {
    let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    best_move_with(game, &limits).and_then(|b| b.outcome).expect("the exact solver answers")
}

/// A random opening of `plies` plies, or `None` when it ended the game.
fn opening(rng: &mut Lcg, plies: usize) -> Option<String> {
    const WEIGHTS: [u64; 7] = [1, 2, 3, 4, 3, 2, 1];
    let mut game = GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap();
    let mut moves = String::new();
    while moves.len() < plies {
        let open: Vec<usize> = game.available_moves().iter().map(|&i| i % 7).collect();
        let total: u64 = open.iter().map(|&c| WEIGHTS[c]).sum();
        let mut r = rng.next(total);
        let col = *open
            .iter()
            .find(|&&c| {
                if r < WEIGHTS[c] {
                    return true;
                }
                r -= WEIGHTS[c];
                false
            })
            .unwrap();
        game = game.play_column(col).unwrap().0;
        moves.push(char::from(b'1' + col as u8));
        if game.is_over() {
            return None;
        }
    }
    Some(moves)
}

/// The `tree` mode of the module docs.
fn tree(plies: usize, limits: &SearchLimits) {
    let exact = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    let mut checker = Engine::with_table_bytes(1 << 30);
    // Per ply where Hard moves: (moves that kept the win, moves checked).
    let mut tally = vec![(0, 0); plies / 2 + 1];
    let mut frontier = vec![String::new()];
    while let Some(moves) = frontier.pop() {
        let game = position(&moves);
        let mut rng = SeededRng::new(moves.len() as u64);
        let choice = Engine::new().choose_move_with(&game, Difficulty::Hard, &mut rng, limits);
        let cell = choice.expect("the game is on").index;
        let after = game.apply_move(cell).unwrap();
        let outcome = checker.weak_solve_with(&after, &exact).and_then(|b| b.outcome);
        let kept = after.is_over() || outcome == Some(Outcome::Loss);
        let column = char::from(b'1' + (cell % 7) as u8);
        println!(
            "{moves:<8} Hard plays {column}: {}",
            if kept { "win kept" } else { "GIVEN AWAY" }
        );
        let t = &mut tally[moves.len() / 2];
        *t = (t.0 + usize::from(kept), t.1 + 1);
        // Below a move that kept the win every reply leaves a won position; below one that gave
        // it away there is no win to keep.
        if kept && moves.len() + 2 <= plies && !after.is_over() {
            for reply in after.available_moves() {
                if !after.apply_move(reply).unwrap().is_over() {
                    frontier.push(format!("{moves}{column}{}", reply % 7 + 1));
                }
            }
        }
    }
    for (i, (kept, checked)) in tally.iter().enumerate() {
        println!("ply {}: Hard gave the win away in {} of {checked}", 2 * i, checked - kept);
    }
}

/// The `clock` mode of the module docs.
fn clock(millis: u64) {
    let exact = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
    let limits = SearchLimits {
        max_nodes: u64::MAX,
        max_time: Some(Duration::from_millis(millis)),
        ..SearchLimits::default()
    };
    let mut checker = Engine::with_table_bytes(1 << 28);
    let mut value_of = |game: &GameState| {
        checker.weak_solve_with(game, &exact).and_then(|b| b.outcome).expect("exact")
    };
    let (mut checked, mut worse) = (0, 0);
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let Some(moves) = line.split_whitespace().next() else { continue };
        let game = position(moves);
        let value = value_of(&game);
        let mut rng = SeededRng::new(1);
        let choice = Engine::new().choose_move_with(&game, Difficulty::Hard, &mut rng, &limits);
        let after = game.apply_move(choice.expect("the game is on").index).unwrap();
        // The value after the move, for the side that made it.
        let kept = match after.is_over() {
            true => Outcome::Win,
            false => match value_of(&after) {
                Outcome::Win => Outcome::Loss,
                Outcome::Loss => Outcome::Win,
                Outcome::Draw => Outcome::Draw,
            },
        };
        checked += 1;
        if kept != value {
            worse += 1;
            println!("{moves}: {value:?} for the side to move, {kept:?} after Hard's move");
        }
    }
    println!("worse than the position's value: {worse} of {checked} (clock {millis} ms)");
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "clock") {
        return clock(args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000));
    }
    if args.first().is_some_and(|a| a == "tree") {
        let plies = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
        let mut limits = SearchLimits::default();
        if let Some(n) = args.get(2).and_then(|a| a.parse().ok()) {
            limits.max_nodes = n;
        }
        return tree(plies, &limits);
    }
    let only_print = args.first().is_some_and(|a| a == "gen");
    if only_print {
        args.remove(0);
        if args.len() == 3 {
            args.insert(2, String::new()); // no budget: the seed is third
        }
    }
    let count_arg = args.first().map_or("100", String::as_str);
    let plies: Vec<usize> = match args.get(1).map(String::as_str) {
        Some(range) if range.contains('-') => {
            let (a, b) = range.split_once('-').unwrap();
            (a.parse().unwrap()..=b.parse().unwrap()).step_by(2).collect()
        }
        Some(p) => vec![p.parse().unwrap()],
        None => vec![6, 8, 10, 12],
    };
    let mut limits = SearchLimits::default();
    if let Some(n) = args.get(2).and_then(|a| a.parse().ok()) {
        limits.max_nodes = n;
    }
    let mut rng = Lcg(args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1));
    let positions: Vec<String> = if count_arg == "-" {
        std::io::stdin().lock().lines().map_while(Result::ok).map(|l| l.trim().to_owned()).collect()
    } else {
        let count: usize = count_arg.parse().unwrap();
        let mut out = Vec::new();
        while out.len() < count {
            let p = plies[out.len() % plies.len()];
            if let Some(moves) = opening(&mut rng, p) {
                if exact(&position(&moves)) == Outcome::Win {
                    out.push(moves);
                }
            }
        }
        out
    };
    if only_print {
        for moves in &positions {
            println!("{moves}");
        }
        return;
    }
    let mut times: Vec<Duration> = Vec::new();
    let (mut checked, mut given_away) = (0, 0);
    for (i, moves) in positions.iter().enumerate() {
        let game = position(moves);
        if exact(&game) != Outcome::Win {
            println!("{moves}: not a win for the side to move, skipped");
            continue;
        }
        let mut engine = Engine::new();
        let mut hard_rng = SeededRng::new(i as u64);
        let start = Instant::now();
        let choice = engine.choose_move_with(&game, Difficulty::Hard, &mut hard_rng, &limits);
        times.push(start.elapsed());
        let cell = choice.expect("the game is on").index;
        let after = game.apply_move(cell).unwrap();
        checked += 1;
        let still_won = after.is_over() || exact(&after) == Outcome::Loss;
        if !still_won {
            given_away += 1;
            println!("{moves}: Hard played column {} and gave the win away", cell % 7 + 1);
        }
    }
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let max = times.last().copied().unwrap_or_default();
    let source = if count_arg == "-" {
        "from standard input".to_owned()
    } else {
        format!("plies {plies:?}")
    };
    println!(
        "won positions given away: {given_away} of {checked} ({source}, max_nodes {}); \
         Hard's move time median {median:.1?}, max {max:.1?}",
        limits.max_nodes
    );
}
