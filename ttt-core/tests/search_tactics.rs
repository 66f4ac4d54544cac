//! The tactics suite: 58 five-in-a-row positions on 15×15, built from seeds (a pattern in one
//! of the four directions, placed at random in the middle of the board, and isolated stones in
//! the corners to even the counts), each with what a correct answer is:
//!
//! - 12 wins in one (four stones of a window of five, the gap anywhere): the answer wins at
//!   once, proven;
//! - 12 fours to block (the other side has a broken four, four of a window of five with the gap
//!   inside): the answer is the gap, proven;
//! - 12 open threes to block (three in a row, two empty cells at each end): the answer is one of
//!   the two cells next to the three (every other move loses: the three becomes an open four);
//! - 6 double fours (one stone makes two fours) and 6 four-threes (one stone makes a four and an
//!   open three): wins by continuous threats, proven wins, checked here by answering every
//!   reply of the other side;
//! - 4 positions lost to two fours of the other side: proven losses;
//! - 6 three-threes (two open twos crossing at an empty cell): wins by threats with threes
//!   (VCT), proven wins, checked by answering every reply.
//!
//! No timing here (the `engine` bench times tactics); `make strength` names this suite.

use ttt_core::{
    Difficulty, GameState, Outcome, Player, Rules, SearchLimits, SeededRng, best_move_with,
    choose_move_with,
};

const W: usize = 15;

fn rules() -> Rules {
    Rules::new(W, W, 5, 2, false).unwrap()
}

/// Directions (row step, column step).
const DIRS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// The middle of the board, where the patterns go (rows and columns `LO..=HI`).
const LO: isize = 3;
const HI: isize = 11;

struct Rand(u64);

impl Rand {
    fn below(&mut self, n: usize) -> usize {
        self.0 =
            self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A pattern placed on the board: the cell at offset `i` along its line, for a random
/// direction and a start that keeps offsets `lo..hi` inside rows and columns `LO..=HI`.
struct Line {
    start: (isize, isize),
    dir: (isize, isize),
}

impl Line {
    fn random(rng: &mut Rand, lo: isize, hi: isize) -> Line {
        loop {
            let dir = DIRS[rng.below(4)];
            let span = (HI - LO + 1) as usize;
            let start = (LO + rng.below(span) as isize, LO + rng.below(span) as isize);
            let line = Line { start, dir };
            if (lo..hi).all(|i| line.fits(i)) {
                return line;
            }
        }
    }

    fn fits(&self, i: isize) -> bool {
        let (r, c) = (self.start.0 + i * self.dir.0, self.start.1 + i * self.dir.1);
        (LO..=HI).contains(&r) && (LO..=HI).contains(&c)
    }

    fn cell(&self, i: isize) -> usize {
        let (r, c) = (self.start.0 + i * self.dir.0, self.start.1 + i * self.dir.1);
        r as usize * W + c as usize
    }
}

/// The position with `xs` and `os` (cell indices) plus filler stones so that `to_move` is to
/// play (X started). Fillers go on every third row and column and the last ones (so a window
/// holds at most two of them) at least four cells from every stone of the pattern.
fn build(mut xs: Vec<usize>, mut os: Vec<usize>, to_move: Player) -> GameState {
    let pattern: Vec<usize> = xs.iter().chain(&os).copied().collect();
    let far = |cell: usize| {
        pattern.iter().all(|&p| (p / W).abs_diff(cell / W).max((p % W).abs_diff(cell % W)) >= 4)
    };
    let lines = [0, 3, 6, 9, 12, 14];
    let grid: Vec<usize> = (0..W * W)
        .filter(|&c| lines.contains(&(c / W)) && lines.contains(&(c % W)) && far(c))
        .collect();
    let mut filler = grid.into_iter();
    let want_x = |o: usize| if to_move == Player::X { o } else { o + 1 };
    while xs.len() != want_x(os.len()) {
        let f = filler.next().unwrap();
        if xs.len() < want_x(os.len()) { xs.push(f) } else { os.push(f) }
    }
    let mut board = vec!['.'; W * W];
    for &x in &xs {
        board[x] = 'X';
    }
    for &o in &os {
        board[o] = 'O';
    }
    let text: String = board.into_iter().collect();
    GameState::from_board_str(rules(), &text, to_move).unwrap()
}

fn hard(state: &GameState, seed: u64) -> ttt_core::Choice {
    choose_move_with(state, Difficulty::Hard, &mut SeededRng::new(seed), &SearchLimits::default())
        .unwrap()
}

/// The empty cells where `player` would complete five (a window of the rules holding four of
/// their stones and that cell), whoever is to move.
fn wins_for(state: &GameState, player: Player) -> Vec<usize> {
    let board = state.board();
    let mut out: Vec<usize> = rules()
        .windows()
        .filter_map(|w| {
            let cells: Vec<usize> = w.cells().collect();
            let mine = cells.iter().filter(|&&c| board[c] == Some(player)).count();
            let empty: Vec<usize> = cells.iter().copied().filter(|&c| board[c].is_none()).collect();
            (mine == 4 && empty.len() == 1).then(|| empty[0])
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[test]
fn wins_in_one() {
    let mut rng = Rand(1);
    for seed in 0..12 {
        let line = Line::random(&mut rng, 0, 5);
        let gap = rng.below(5) as isize;
        let xs = (0..5).filter(|&i| i != gap).map(|i| line.cell(i)).collect();
        let s = build(xs, vec![], Player::X);
        let c = hard(&s, seed);
        assert!(c.proven, "{s}");
        assert_eq!(s.apply_move(c.index).unwrap().winner(), Some(Player::X), "{s}");
    }
}

#[test]
fn fours_are_blocked() {
    let mut rng = Rand(2);
    for seed in 0..12 {
        let line = Line::random(&mut rng, 0, 5);
        // The gap inside (a broken four), so that it is the only cell that completes five.
        let gap = 1 + rng.below(3) as isize;
        let os = (0..5).filter(|&i| i != gap).map(|i| line.cell(i)).collect();
        let s = build(vec![], os, Player::X);
        let c = hard(&s, seed);
        assert_eq!((c.index, c.proven), (line.cell(gap), true), "{s}");
        let best = best_move_with(&s, &SearchLimits::default()).unwrap();
        assert_eq!((best.index, best.proven), (line.cell(gap), true));
    }
}

#[test]
fn open_threes_are_blocked_next_to_them() {
    let mut rng = Rand(3);
    for seed in 0..12 {
        // Offsets -2..=4: two empty cells, the three (0, 1, 2), two empty cells.
        let line = Line::random(&mut rng, -2, 5);
        let os = (0..3).map(|i| line.cell(i)).collect();
        let s = build(vec![], os, Player::X);
        let ends = [line.cell(-1), line.cell(3)];
        let c = hard(&s, seed);
        assert!(ends.contains(&c.index), "{s}: {}", c.index);
        let best = best_move_with(&s, &SearchLimits::default()).unwrap();
        assert!(ends.contains(&best.index), "{s}: {best:?}");
    }
}

/// After `m`, checked with the rules engine alone: whatever O replies, X wins at once, or
/// (when O blocked the four) X makes two fives-to-be at once while O has none, so that O can
/// block only one of them. That is a forced win.
fn check_forced_win(s: &GameState, m: usize) {
    let after = s.apply_move(m).unwrap();
    for reply in after.available_moves() {
        let next = after.apply_move(reply).unwrap();
        assert!(!next.is_over(), "{s}\n{m} then {reply}");
        if !wins_for(&next, Player::X).is_empty() {
            continue;
        }
        let double = next.available_moves().into_iter().any(|x| {
            let then = next.apply_move(x).unwrap();
            wins_for(&then, Player::X).len() >= 2 && wins_for(&then, Player::O).is_empty()
        });
        assert!(double, "{s}\n{m} then {reply}: no double threat for X");
    }
}

#[test]
fn double_fours_and_four_threes_win() {
    let mut rng = Rand(4);
    for seed in 0..12 {
        let double_four = seed % 2 == 0;
        // Two lines through one empty cell `key` (offset 0 of both), in two directions.
        let (a, b) = loop {
            let a = Line::random(&mut rng, -4, 5);
            let dir = DIRS[rng.below(4)];
            let b = Line { start: a.start, dir };
            if dir != a.dir && (-4..5).all(|i| b.fits(i)) {
                break (a, b);
            }
        };
        let key = a.cell(0);
        // Line a: three X stones next to the key (a four once X plays there), one end open.
        let mut xs: Vec<usize> = (1..4).map(|i| a.cell(i)).collect();
        // Line b: three stones for a double four, two for a four-three (an open three after
        // the key, with both ends and the cells beyond them free).
        let b_len = if double_four { 3 } else { 2 };
        xs.extend((1..=b_len).map(|i| b.cell(-i)));
        let s = build(xs, vec![a.cell(-1)], Player::X);
        let best = best_move_with(&s, &SearchLimits::default()).unwrap();
        assert!(best.proven && best.outcome == Some(Outcome::Win), "{s}: {best:?}");
        assert!(hard(&s, seed).proven);
        if best.index == key {
            check_forced_win(&s, key);
        } else {
            // Another forced win: its first move makes a four, as every such line starts.
            let after = s.apply_move(best.index).unwrap();
            assert!(!wins_for(&after, Player::X).is_empty(), "{s}: {best:?}");
        }
    }
}

#[test]
fn two_fours_against_are_a_proven_loss() {
    let mut rng = Rand(5);
    for _ in 0..4 {
        let (a, b) = loop {
            let a = Line::random(&mut rng, -4, 5);
            let b = Line::random(&mut rng, 0, 5);
            let cells_a: Vec<usize> = (0..5).map(|i| a.cell(i)).collect();
            if (0..5).all(|i| !cells_a.contains(&b.cell(i))) {
                break (a, b);
            }
        };
        // O: a four on each line (gap at offset 4), X to move: it can block only one.
        let os: Vec<usize> = (0..4).map(|i| a.cell(i)).chain((0..4).map(|i| b.cell(i))).collect();
        let s = build(vec![], os, Player::X);
        let best = best_move_with(&s, &SearchLimits::default()).unwrap();
        assert_eq!(
            (best.proven, best.outcome, best.plies),
            (true, Some(Outcome::Loss), Some(2)),
            "{s}"
        );
    }
}

/// Threat-space search with threes (VCT): two open twos of X that cross at an empty cell, no
/// four anywhere (VCF has nothing to start with). The crossing makes two open threes at once
/// (a three-three): O can stop only one, the other becomes an open four. The answer is a proven
/// win, checked here by answering every reply of O with the rules engine alone.
#[test]
fn three_threes_win_by_threats_with_threes() {
    let mut rng = Rand(6);
    for seed in 0..6 {
        let (a, b) = loop {
            let a = Line::random(&mut rng, -3, 4);
            let dir = DIRS[rng.below(4)];
            let b = Line { start: a.start, dir };
            if dir != a.dir && (-3..4).all(|i| b.fits(i)) {
                break (a, b);
            }
        };
        let key = a.cell(0);
        // Two X stones after the key on each line; the cells from -3 to 3 are otherwise empty.
        let xs: Vec<usize> = (1..3).map(|i| a.cell(i)).chain((1..3).map(|i| b.cell(i))).collect();
        let s = build(xs, vec![], Player::X);
        assert!(wins_for(&s, Player::X).is_empty(), "{s}");
        let best = best_move_with(&s, &SearchLimits::default()).unwrap();
        assert!(best.proven && best.outcome == Some(Outcome::Win), "{s}: {best:?}");
        let c = hard(&s, seed);
        assert!(c.proven, "{s}");
        assert_eq!(best.index, key, "{s}");
        check_forced_win(&s, key);
    }
}
