//! Many games in one call, for the workloads that loop: statistics, self-play, training data.
//!
//! Games are played in blocks of [`GAMES_PER_SEED`] = 64: the games of block `b` (games
//! `64b .. 64b + 63`) start from the given state one after the other and draw all their
//! randomness from one [`SeededRng::new(seed + b)`](SeededRng::new) (wrapping), each move being
//! exactly [`choose_move_with`]`(state, seats[mover], rng, limits)`. So any game of a batch can be
//! replayed move for move through the public API in any language (play the games of its block
//! before it with the same generator), and the results do not depend on how the range of games
//! is split between threads: a range that starts inside a block replays the block's earlier
//! games to reach its own. One seed per block rather than per game spares the seeding and the
//! first 256-byte ChaCha refill of every game, a third of the time of a random classic game.
//!
//! When every seat is [`Difficulty::Easy`] the games run on one reusable board with no
//! allocation per move; this is the same engine (the same win scan and gravity rule, the same
//! draw and pick as Easy) and a test checks it against the move-by-move path.
//!
//! ```
//! use ttt_core::batch::play_games;
//! use ttt_core::{Difficulty, Player, Rules, GameState, SearchLimits};
//!
//! let start = GameState::new(Rules::default(), Player::X)?;
//! let games = play_games(&start, &[Difficulty::Easy; 2], 7, 0..1000, false, &SearchLimits::default())?;
//! let x_wins = games.iter().filter(|g| g.winner == Some(Player::X)).count();
//! assert!(x_wins > 400 && x_wins < 700); // random play favours the first player
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::ai::{AiError, Difficulty, Rng, SeededRng, choose_move_with, pick_index};
use crate::player::{Cell, Player};
use crate::search::SearchLimits;
use crate::state::{GameState, InvalidMoveError, supported, wins_through};
use std::ops::Range;
use std::sync::atomic::Ordering;

/// How one game of a batch ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameSummary {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Moves played from the start position.
    pub plies: u32,
    /// The moves played from the start position, when the batch records them.
    pub moves: Option<Vec<usize>>,
}

/// Why a batch could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// `seats` does not name one difficulty per player of the rules.
    #[error("{found} difficulties given for {expected} players")]
    Seats {
        /// The number of players of the rules.
        expected: usize,
        /// The number of difficulties given.
        found: usize,
    },
    /// The stop flag of the limits was set; the games played so far are dropped.
    #[error("the batch was stopped")]
    Stopped,
    /// A strategy failed. It cannot on a game in progress: this is here so that a broken
    /// strategy surfaces as an error, never as a panic.
    #[error(transparent)]
    Ai(#[from] AiError),
    /// The engine refused a strategy's move. As above, it cannot happen with the strategies of
    /// this crate, which only choose legal moves.
    #[error("a strategy chose an illegal move: {0}")]
    Move(#[from] InvalidMoveError),
}

/// How many consecutive games of a batch share one seeded generator (see the module docs).
pub const GAMES_PER_SEED: u64 = 64;

/// Plays games `games` of the batch given by `start`, `seats` and `seed` (see the module docs
/// for which generator each game draws from), `seats[p]` choosing the moves of the player in
/// seat `p`, and returns how each ended, in order.
///
/// A finished `start` gives games of zero plies with its result. `limits` bounds each Hard or
/// Medium decision as in [`choose_move_with`]; its `stop` flag is also read between blocks.
///
/// # Errors
/// [`BatchError::Seats`] unless `seats.len()` equals the number of players;
/// [`BatchError::Stopped`] when the stop flag is seen (or the thread's stop check,
/// [`crate::search::with_stop_check`], says stop), between blocks of games, and before each
/// game that is not all Easy.
pub fn play_games(
    start: &GameState,
    seats: &[Difficulty],
    seed: u64,
    games: Range<u64>,
    record_moves: bool,
    limits: &SearchLimits,
) -> Result<Vec<GameSummary>, BatchError> {
    let players = start.rules().players() as usize;
    if seats.len() != players {
        return Err(BatchError::Seats { expected: players, found: seats.len() });
    }
    let stopped = || {
        limits.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
            || crate::search::should_stop()
    };
    let count = usize::try_from(games.end.saturating_sub(games.start)).unwrap_or(usize::MAX);
    let mut out = Vec::with_capacity(count.min(1 << 20));
    let random = seats.iter().all(|&d| d == Difficulty::Easy);
    let mut playout = random.then(|| Playout::new(start));
    let mut next = games.start;
    while next < games.end {
        if stopped() {
            return Err(BatchError::Stopped);
        }
        let block = next / GAMES_PER_SEED;
        let mut rng = SeededRng::new(seed.wrapping_add(block));
        let first = block * GAMES_PER_SEED;
        let end = first.saturating_add(GAMES_PER_SEED).min(games.end);
        for i in first..end {
            // Games of the block before the range are played only to advance the generator.
            let keep = i >= next;
            let game = match playout.as_mut() {
                Some(p) => p.play(start, &mut rng, record_moves && keep),
                // A game with searches can take long, and once stopped its searches still
                // play (unsearched) moves to the end: look before each.
                None if stopped() => return Err(BatchError::Stopped),
                None => play_game(start, seats, &mut rng, limits, record_moves && keep)?,
            };
            if keep {
                out.push(game);
            }
        }
        next = end;
    }
    Ok(out)
}

/// One game move by move through [`choose_move_with`] and [`GameState::apply_move`].
fn play_game(
    start: &GameState,
    seats: &[Difficulty],
    rng: &mut dyn Rng,
    limits: &SearchLimits,
    record_moves: bool,
) -> Result<GameSummary, BatchError> {
    let mut state = start.clone();
    while !state.is_over() {
        let choice = choose_move_with(&state, seats[state.current_player().seat()], rng, limits)?;
        state = state.apply_move(choice.index)?;
    }
    let moves = &state.move_history()[start.ply()..];
    Ok(GameSummary {
        winner: state.winner(),
        plies: moves.len() as u32,
        moves: record_moves.then(|| moves.to_vec()),
    })
}

/// A reusable board for random games: marks are put down in place instead of building a new
/// state per move.
enum Playout {
    /// Boards that fit one `u64` in the bitboard layout of the search.
    Small(SmallPlayout),
    /// Any other board, on a plain cell array with the engine's own rule functions.
    Cells(CellPlayout),
}

impl Playout {
    fn new(start: &GameState) -> Playout {
        match SmallPlayout::new(start) {
            Some(small) => Playout::Small(small),
            None => Playout::Cells(CellPlayout::new(start)),
        }
    }

    /// A game of Easy against Easy: the same single draw per move and the same pick among the
    /// legal moves in ascending order as [`choose_move_with`] with [`Difficulty::Easy`]. A
    /// finished `start` gives its own result after zero plies.
    fn play(&mut self, start: &GameState, rng: &mut SeededRng, record: bool) -> GameSummary {
        let moves = record.then(Vec::new);
        if start.is_over() {
            return GameSummary { winner: start.winner(), plies: 0, moves };
        }
        match self {
            Playout::Small(p) => p.play(start, rng, moves),
            Playout::Cells(p) => p.play(start, rng, moves),
        }
    }
}

/// The hot path for boards of at most 64 bits laid out as the search lays them out: cell
/// `(row, col)` is bit `row × (width + 1) + col`, the spare bit closing each row stays clear, so
/// shifting a run sideways off a row lands on zero instead of wrapping. Bit order is cell order,
/// so "the j-th legal move in ascending order" is "the j-th set bit". This restates the rules in
/// bitboard form for speed (about 10 instructions per move); `tests/batch.rs` replays its games
/// move for move through the engine on every kind of rules it serves.
struct SmallPlayout {
    stride: u32,
    players: u8,
    gravity: bool,
    /// Every cell of the board.
    mask: u64,
    /// The bottom row (where gravity lets a mark rest on the floor).
    bottom: u64,
    /// Each seat's marks in the start position.
    start: [u64; 4],
    /// And-ing a set with itself shifted `n` cells along a direction keeps the cells that start
    /// a run of `n + 1`. Doubling the run at each step and topping it up once reaches `k` in
    /// about log2(k) steps: `shifts[i][d]` is the shift of step `i` in direction `d` (right,
    /// down, down-right, down-left: 1, w + 1, w + 2 and w bits per cell).
    shifts: [[u32; 4]; 6],
    /// The steps used of `shifts`.
    steps: usize,
}

impl SmallPlayout {
    fn new(state: &GameState) -> Option<SmallPlayout> {
        let rules = state.rules();
        let (w, h) = (rules.width(), rules.height());
        let stride = w + 1;
        if stride * h > 64 {
            return None;
        }
        let bit = |cell: usize| 1u64 << ((cell / w) * stride + cell % w);
        let mut start = [0u64; 4];
        for (cell, mark) in state.board().iter().enumerate() {
            if let Some(p) = mark {
                start[p.seat()] |= bit(cell);
            }
        }
        let k = rules.k();
        let mut lengths = Vec::new();
        let mut len = 1;
        while 2 * len <= k {
            lengths.push(len);
            len *= 2;
        }
        if len < k {
            // Two overlapping runs of `len` cells, `k − len` apart, cover exactly `k`.
            lengths.push(k - len);
        }
        let mut shifts = [[0u32; 4]; 6];
        for (step, &len) in shifts.iter_mut().zip(&lengths) {
            *step = [1, stride, stride + 1, stride - 1].map(|d| (d * len) as u32);
        }
        Some(SmallPlayout {
            stride: stride as u32,
            shifts,
            steps: lengths.len(),
            players: rules.players(),
            gravity: rules.gravity(),
            mask: (0..w * h).fold(0, |m, cell| m | bit(cell)),
            bottom: ((h - 1) * w..w * h).fold(0, |m, cell| m | bit(cell)),
            start,
        })
    }

    /// Whether `marks` hold `k` in a row, in the four directions at once: each step of
    /// [`shifts`](Self::shifts) keeps the cells that start a longer run.
    #[inline]
    fn has_line(&self, marks: u64) -> bool {
        let mut runs = [marks; 4];
        for shift in &self.shifts[..self.steps] {
            for (run, by) in runs.iter_mut().zip(shift) {
                *run &= *run >> by;
            }
        }
        (runs[0] | runs[1] | runs[2] | runs[3]) != 0
    }

    fn play(
        &self,
        start: &GameState,
        rng: &mut SeededRng,
        mut moves: Option<Vec<usize>>,
    ) -> GameSummary {
        let mut stones = self.start;
        let mut occupied = stones.iter().fold(0, |a, b| a | b);
        let (mut mover, mut plies) = (start.current_player(), 0);
        loop {
            let empty = self.mask & !occupied;
            // Under gravity a cell is playable on the floor or right above a mark (one row
            // further down is `stride` bits further up).
            let legal = if self.gravity {
                empty & ((occupied >> self.stride) | self.bottom)
            } else {
                empty
            };
            let mut rest = legal;
            for _ in 0..pick_index(rng.next_f64(), legal.count_ones() as usize) {
                rest &= rest - 1;
            }
            let pos = rest.trailing_zeros();
            stones[mover.seat()] |= 1 << pos;
            occupied |= 1 << pos;
            plies += 1;
            if let Some(m) = moves.as_mut() {
                // Each row above this one holds one spare bit.
                m.push((pos - pos / self.stride) as usize);
            }
            if self.has_line(stones[mover.seat()]) {
                return GameSummary { winner: Some(mover), plies, moves };
            }
            if occupied == self.mask {
                return GameSummary { winner: None, plies, moves };
            }
            mover = mover.next(self.players);
        }
    }
}

/// Random games on a plain cell array with the engine's own rule functions, for boards too big
/// for [`SmallPlayout`].
struct CellPlayout {
    board: Vec<Cell>,
    legal: Vec<usize>,
}

impl CellPlayout {
    fn new(start: &GameState) -> CellPlayout {
        let n = start.rules().cell_count();
        CellPlayout { board: Vec::with_capacity(n), legal: Vec::with_capacity(n) }
    }

    fn play(
        &mut self,
        start: &GameState,
        rng: &mut SeededRng,
        mut moves: Option<Vec<usize>>,
    ) -> GameSummary {
        let rules = start.rules();
        self.board.clear();
        self.board.extend_from_slice(start.board());
        let mut filled = self.board.iter().filter(|c| c.is_some()).count();
        let (mut mover, mut plies) = (start.current_player(), 0);
        let board = &self.board;
        self.legal.clear();
        self.legal
            .extend((0..board.len()).filter(|&i| board[i].is_none() && supported(rules, board, i)));
        loop {
            let pick = pick_index(rng.next_f64(), self.legal.len());
            let index = self.legal[pick];
            self.board[index] = Some(mover);
            // Placing a mark makes at most one cell newly playable: the one above it, under
            // gravity. The engine's own rule decides; the list stays in ascending order.
            self.legal.remove(pick);
            if let Some(above) = index.checked_sub(rules.width()) {
                if self.board[above].is_none() && supported(rules, &self.board, above) {
                    if let Err(at) = self.legal.binary_search(&above) {
                        self.legal.insert(at, above);
                    }
                }
            }
            filled += 1;
            plies += 1;
            if let Some(m) = moves.as_mut() {
                m.push(index);
            }
            if wins_through(rules, &self.board, index) {
                return GameSummary { winner: Some(mover), plies, moves };
            }
            if filled == self.board.len() {
                return GameSummary { winner: None, plies, moves };
            }
            mover = rules.next_player(mover);
        }
    }
}
