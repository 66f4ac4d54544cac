//! Perfect play by search: [`best_move`] and [`analyze`] for every rule set.
//!
//! One exact solver serves every board from 1×1 to 20×20, with or without gravity, for 2 to 4
//! players. It is a negamax search with alpha-beta pruning over bitboards sized to the board
//! (`u64`, `u128` or a 448-bit array), with:
//!
//! - **a score window clamped by what is still possible**: a side cannot win before its next
//!   stone, nor after the board is full;
//! - **threats**: a side that can complete a window now does so; a side facing two cells where
//!   the next player completes a window has lost; facing one, it must block there; under
//!   gravity it never plays just below a cell where the next player would win;
//! - **dead windows**: a side that can no longer complete any window (every window holds
//!   another player's mark) cannot win, so when neither side can the position is a draw; and
//!   with two players and no gravity, a cell that lies in no live window is never searched
//!   while a live cell is left (a stone there helps nobody, a stone elsewhere never hurts its
//!   owner);
//! - **strategies that need no search**: with two players and no gravity, a *pairing* (disjoint
//!   pairs of empty cells, one in every window a side can still complete, so that the other
//!   side answers each stone with its partner) proves that side cannot win; under gravity,
//!   Allis' *claimeven* and *baseinverse* (answer on top of the opponent's stone, or in the
//!   paired column) prove that the player to move cannot win, or even that they lose. These
//!   end most of the work of proving a draw or a second-player win;
//! - **a transposition table** of bounds and best moves, bounded in bytes
//!   ([`SearchLimits::table_bytes`], 64 MiB by default, growth included; nothing is
//!   allocated before the first write, then 512 bytes, eight times larger whenever half
//!   full; positions with at most 3/8 of the board empty, the bulk of the lookups, get their
//!   own small table, an eighth of the budget up to 1 MiB, that stays in the processor's
//!   cache), in pairs of slots that keep the costliest and the newest entry, keyed by a 64-bit
//!   Zobrist hash reduced over **the board's own symmetries** (8 for a square board, 4 for a
//!   rectangle, the left-right mirror alone under gravity), so a position and its mirror
//!   images are searched once. Two players under gravity on a board 7 wide and at most 7 high
//!   (Connect Four's) key it by the board itself instead, as Pons' solver does: the mover's
//!   stones and a mark above each column's top stone, a column a byte, one key per position,
//!   with no keys to read from memory (a small solve then touches fewer cache lines); its
//!   mirror image is its bytes reversed. Before searching its moves, a position looks its
//!   children up (enhanced transposition cutoff). The table lives for one call: nothing is
//!   shipped, nothing is built at start-up. Two different positions share a Zobrist key with
//!   probability about 2⁻⁶⁴ per lookup; the search does not guard against that (board keys
//!   never collide);
//! - **move ordering**: the table's best move, then the moves that make the most threats
//!   (cells where one more stone would complete a window), then the nearest to the centre
//!   (under gravity: the nearest column to the middle, and threats counted exactly, as in
//!   Pascal Pons' Connect Four solver);
//! - **null-window probes** that narrow the range of scores to find each exact value (as in
//!   Pascal Pons' Connect Four solver, with one change: after a probe for a fast win, the
//!   probes next to 0 come first (at least a draw? then a win? or else a loss at the latest
//!   stone?) before slower wins or faster losses are asked for, because most games of this
//!   family are draws or end on the last stones).
//!
//! # Scores
//!
//! As SPEC says, a move whose game ends after `plies` plies (the move itself is ply 1) is worth
//! `cells + 1 - plies` if the player to move wins, `plies - cells - 1` if they lose, and 0 for
//! a draw. So the search prefers the fastest win and the slowest loss. Among moves with the same
//! score, [`best_move`] prefers the one nearest the centre ([`Rules::centre_distance4`]), then
//! the lowest index. A drawn game ends when the board is full, so a draw's `plies` is the number
//! of empty cells.
//!
//! # Three or four players
//!
//! With more than two players the search is **paranoid**: the player to move at the root plays
//! against the coalition of all the others, who are assumed to cooperate against them. `Win`
//! means the player to move can force a win of their own whatever the others do; `Loss` means
//! the others together can force a win for one of them; `Draw` means the player to move can
//! stop every other player from winning but cannot force a win. With two players this is
//! ordinary perfect play.
//!
//! # Budgets
//!
//! Big boards cannot be solved exactly. Every call counts the positions it visits (nodes) and
//! stops after [`SearchLimits::max_nodes`] of them, after [`SearchLimits::max_time`], or soon
//! after another thread sets [`SearchLimits::stop`]. The node count makes the budget
//! deterministic: the same call with the same budget (and no time limit) gives the same answer
//! on every machine.
//!
//! [`best_move_with`] (and Hard) then answer in an order that keeps what is known (see
//! [`Engine`] for how the budget is spent): a win now; a forced block (the only move that does
//! not lose at once); the exact search where it finishes; a win by continuous threats
//! (threat-space search); otherwise the move that an **iterative-deepening search** with an
//! **evaluation** of live windows rates best, among the moves not proven lost. A move proven
//! lost is never preferred to one that is not, a proven draw never to a proven win. `proven` is
//! `true` whenever the answer is proven (with `plies: None` when the exact length is not known:
//! a threat-space win, a forced block), `outcome: None` when it is a heuristic choice.
//! [`analyze_with`] reports `outcome: None` for every move it could not prove.
//!
//! # Keeping the table: [`Engine`]
//!
//! The free functions search with a fresh table each call (they keep only the solver's setup
//! for the rules, per thread, so that calls on the same rules do not build it again). An [`Engine`] keeps its table from
//! one call to the next (aged, not wiped), so that a game played move by move gets cheaper as
//! it goes; its answers are the free functions' on every position both prove.
//!
//! # Examples
//!
//! ```
//! use ttt_core::{analyze, best_move, GameState, Outcome, Player, Rules};
//!
//! let empty = GameState::new(Rules::default(), Player::X)?;
//! assert_eq!(best_move(&empty), Some(4)); // every move draws; the centre is nearest
//!
//! // X wins at once on 2, rather than later elsewhere.
//! let state = GameState::from_board_str(Rules::default(), "XX.OO....", Player::X)?;
//! assert_eq!(best_move(&state), Some(2));
//! let moves = analyze(&state);
//! assert_eq!((moves[0].index, moves[0].outcome, moves[0].plies), (2, Some(Outcome::Win), Some(1)));
//! // Every legal move is there, best first.
//! assert_eq!(moves.len(), 5);
//! assert_eq!(moves.last().unwrap().outcome, Some(Outcome::Loss));
//!
//! // O must take an edge: a corner loses to a fork.
//! let state = GameState::from_board_str(Rules::default(), "X...O...X", Player::O)?;
//! assert_eq!(best_move(&state), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! With a budget:
//!
//! ```
//! use ttt_core::{best_move_with, GameState, Player, Rules, SearchLimits};
//!
//! let gomoku = GameState::new(Rules::new(15, 15, 5, 2, false)?, Player::X)?;
//! let limits = SearchLimits { max_nodes: 2_000, ..SearchLimits::default() };
//! let answer = best_move_with(&gomoku, &limits).unwrap();
//! assert!(!answer.proven);
//! assert_eq!(answer.outcome, None);
//! assert!(gomoku.is_legal(answer.index));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Rules::centre_distance4`]: crate::Rules::centre_distance4

mod anytime_table;
mod bits;
mod engine;
mod evaluation;
mod iterative;
mod maxn;
mod pairing;
mod solver;
mod stop_check;
mod table;
mod tactics;
#[cfg(test)]
mod testkit;
mod threats;

pub use engine::Engine;
pub(crate) use stop_check::should_stop;
pub use stop_check::with_stop_check;

use crate::state::GameState;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How much one search call may spend.
///
/// ```
/// use ttt_core::SearchLimits;
/// let limits = SearchLimits { max_nodes: 10_000, ..SearchLimits::default() };
/// assert_eq!(limits.table_bytes, SearchLimits::DEFAULT_TABLE_BYTES);
/// ```
#[derive(Clone, Debug)]
pub struct SearchLimits {
    /// Most nodes (positions visited) one call may search before it returns its best unproven
    /// answer: a deterministic budget. It is kept to within a few nodes, not to the node: each
    /// step of a call checks its own share, and may pass it by the nodes it searches before
    /// its next check. A budgeted answer may also spend [`proof_nodes`](Self::proof_nodes)
    /// beyond it. Default [`SearchLimits::DEFAULT_MAX_NODES`].
    pub max_nodes: u64,
    /// Most bytes the transposition tables may take together (they start small and grow while
    /// needed; an eighth of this, up to 1 MiB, goes to the positions near the end of the game).
    /// Default [`SearchLimits::DEFAULT_TABLE_BYTES`]. 0 searches without a table (slowly).
    ///
    /// **Memory**: the tables never hold more than this, growth included (they grow in place
    /// within address space reserved once; only the pages written become resident). Beyond
    /// it a search uses a few hundred KiB (its own state, the anytime search's lists) and, when
    /// the exact search does not finish, the anytime search's own table (24 bytes for each node
    /// of its budget, at most 3 MiB, released when the call returns; an [`Engine`] keeps one
    /// without gravity), so a process's peak resident memory stays within `table_bytes` +
    /// 16 MiB, the program included
    /// (`tests/memory.rs` measures it: 22.7 MiB with a 16 MiB table, 39.0 MiB with 32 MiB). A
    /// budget the system cannot reserve gives a smaller table, never an abort.
    pub table_bytes: usize,
    /// Set to `true` from another thread to stop early (polled every 4096 nodes on boards of
    /// up to 64 bits, 1024 up to 128, 256 beyond and in the anytime search); the call then returns its best unproven answer, as with the node
    /// budget. A flag that is already set stops the call at its first poll. A check run at the
    /// same polls on the searching thread itself: [`with_stop_check`].
    pub stop: Option<Arc<AtomicBool>>,
    /// Most wall-clock time one call may take, polled with the stop flag: the call then returns
    /// the best answer it has (within a few milliseconds of the limit). `None` (the default):
    /// no limit, and the answer depends only on the node budget, the same on every machine.
    /// A limit makes answers depend on the machine's speed and load.
    pub max_time: Option<Duration>,
    /// Most nodes a budgeted answer ([`best_move_with`], [`weak_solve_with`], Hard) may spend,
    /// **beyond** `max_nodes`, on a weak proof of the root (win, draw or loss, as
    /// [`weak_solve_with`]) on a gravity board with two players, when the exact search of its
    /// budget has not finished and at least one cell in fourteen holds a stone (the third ply
    /// of Connect Four); scaled by 64/bits on boards laid out in more than 64 bits, as the
    /// rest. A proven win or draw is then answered by a move that keeps it (`proven`, `plies`
    /// not known); else the call goes on as without it, and its later steps get the nodes
    /// they would have had. It never gets more than 10 times `max_nodes`, so that a small
    /// budget, asked for a fast move, stays small. Default
    /// [`SearchLimits::DEFAULT_PROOF_NODES`]; 0 turns it off, and then `max_nodes` is the most
    /// nodes a call searches. [`analyze_with`] does not use it. So a call searches at most
    /// `max_nodes + proof_nodes` nodes (saturating), give or take the few nodes by which each
    /// of its steps may pass its own limit.
    ///
    /// Why: under gravity the evaluation is often wrong where a proof is within reach, and
    /// this solver's nodes are the cheapest of any board there. On Connect Four, Hard with
    /// the default budget gave away 10 of 300 random won positions of plies 8 to 12 without
    /// the proof and 2 with it; see `bench/strength/README.md`.
    pub proof_nodes: u64,
}

impl SearchLimits {
    /// The default node budget: 100 thousand nodes, so that Hard's move fits a game's turn
    /// (tens of milliseconds; see the `move_times` example and the `engine` bench). Budgeted
    /// answers ([`best_move_with`], Hard) spend 64/bits of a budget on boards laid out in more
    /// than 64 bits (`(width + 1) × height`), where a node costs that much more.
    /// [`analyze_with`] spends it whole. Earlier versions used 2 million; for scale, a node
    /// costs more on a bigger board: 2 million, used up,
    /// this budget took about 0.4 s of CPU on Connect Four, 2.5 s on 15×15 and 4 s on 20×20 on
    /// the machine the benchmarks ran on. For scale: the empty 5×5 board with four in a row is
    /// solved in about 18 thousand nodes, Pons' middle-game Connect Four test positions
    /// (`Test_L2_R2`) in about 30 thousand on average.
    pub const DEFAULT_MAX_NODES: u64 = 100_000;
    /// The default table size: 64 MiB.
    pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;
    /// The default budget of the weak proof under gravity ([`SearchLimits::proof_nodes`]): a
    /// million nodes, at most about 0.13 s on Connect Four on the benchmark machine (as good
    /// as 3.2 million on the positions measured).
    pub const DEFAULT_PROOF_NODES: u64 = 1_000_000;
}

impl Default for SearchLimits {
    /// [`DEFAULT_MAX_NODES`](Self::DEFAULT_MAX_NODES) nodes,
    /// [`DEFAULT_TABLE_BYTES`](Self::DEFAULT_TABLE_BYTES) of table, no stop flag, no clock,
    /// [`DEFAULT_PROOF_NODES`](Self::DEFAULT_PROOF_NODES) for the weak proof under gravity.
    fn default() -> Self {
        SearchLimits {
            max_nodes: Self::DEFAULT_MAX_NODES,
            table_bytes: Self::DEFAULT_TABLE_BYTES,
            stop: None,
            max_time: None,
            proof_nodes: Self::DEFAULT_PROOF_NODES,
        }
    }
}

/// How a game ends under perfect play, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move can force a win.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The other side can force a win.
    Loss,
}

impl Outcome {
    /// The name used in every language: `"win"`, `"draw"` or `"loss"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One legal move and what it leads to under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveAnalysis {
    /// The cell played.
    pub index: usize,
    /// The outcome for the player making the move; `None` when not proven within the budget
    /// (never a guess).
    pub outcome: Option<Outcome>,
    /// Plies to the end of the game under perfect play, this move being ply 1; `None` when not
    /// proven.
    pub plies: Option<u32>,
}

/// The answer of [`best_move_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BestMove {
    /// The cell to play.
    pub index: usize,
    /// The outcome of that move for the player to move; `None` when not proven.
    pub outcome: Option<Outcome>,
    /// Plies to the end of the game under perfect play (this move is ply 1); `None` when not
    /// proven or not known exactly.
    pub plies: Option<u32>,
    /// Whether the answer is proven: the move [`best_move`] defines (best exact score, then
    /// nearest the centre, then lowest index; `outcome` and `plies` given), or a move proven to
    /// win whose exact length is not known (a threat-space win, or a move proven to win while
    /// others were not searched to the end: `outcome: Some(Win)`, `plies: None`), or a forced
    /// block, the only move that does not lose at once (`outcome` given when its value was
    /// searched to the end), or, on a gravity board, a move the weak proof
    /// ([`SearchLimits::proof_nodes`]) showed keeps the position's outcome, a win or a draw
    /// (`outcome` given, `plies: None`). When `false` the budget ran out or the search was
    /// stopped and this is the anytime search's choice among the moves not proven lost.
    pub proven: bool,
    /// Nodes searched.
    pub nodes: u64,
}

/// The deterministic perfect move: best exact score (fastest win, slowest loss), ties broken by
/// squared Euclidean distance to the centre, then lowest index. `None` when the game is over.
///
/// Uses [`SearchLimits::default()`]; on a board too big to solve within it, the answer is the
/// unproven choice [`best_move_with`] describes. Use [`best_move_with`] to set the budget and
/// learn whether the answer is proven.
///
/// ```
/// use ttt_core::{best_move, GameState, Player, Rules};
/// let game = GameState::new(Rules::default(), Player::X)?;
/// assert_eq!(best_move(&game), Some(4));
/// let over = GameState::from_board_str(Rules::default(), "XXXOO....", Player::O)?;
/// assert_eq!(best_move(&over), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn best_move(state: &GameState) -> Option<usize> {
    best_move_with(state, &SearchLimits::default()).map(|b| b.index)
}

/// [`best_move`] within `limits`, with the move's outcome, its plies and whether it is proven.
/// `None` when the game is over.
///
/// ```
/// use ttt_core::{best_move_with, GameState, Outcome, Player, Rules, SearchLimits};
/// let game = GameState::new(Rules::new(4, 3, 3, 2, false)?, Player::X)?;
/// let best = best_move_with(&game, &SearchLimits::default()).unwrap();
/// assert!(best.proven);
/// assert_eq!(best.outcome, Some(Outcome::Win));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn best_move_with(state: &GameState, limits: &SearchLimits) -> Option<BestMove> {
    Engine::fresh_call(limits.table_bytes, |engine| engine.best_move_with(state, limits))
}

/// The **weak solve**: whether the player to move wins, draws or loses under perfect play,
/// proven, without the number of plies (as Pascal Pons' solver's `-w`), and a move that keeps
/// that outcome: a winning move, or a drawing one (the move the search proved the outcome
/// with), and when every move loses, the first in [`best_move`]'s tie order (nearest the
/// centre, then lowest index). The same call gives the same move. `None` when the game is
/// over.
///
/// It costs one search with the window (-1, 1) and a check of the move found, where
/// [`best_move_with`] narrows the exact score with several searches: usually much less. `plies` is
/// `Some` only when the answer comes before any search (a win at once). The move is not
/// always [`best_move`]'s: a win found here may be slower than the fastest, a loss faster than
/// the slowest.
///
/// Within `limits` as [`best_move_with`]: when the budget runs out or the search is stopped,
/// the answer is what [`best_move_with`] would give then (an unproven move, `proven: false`,
/// `outcome: None`, or a proven win whose length is not known).
///
/// ```
/// use ttt_core::{weak_solve_with, GameState, Outcome, Player, Rules, SearchLimits};
///
/// let empty = GameState::new(Rules::default(), Player::X)?;
/// let answer = weak_solve_with(&empty, &SearchLimits::default()).unwrap();
/// assert_eq!((answer.outcome, answer.plies, answer.proven), (Some(Outcome::Draw), None, true));
///
/// // A Connect Four position of Pascal Pons' End-Easy set (columns from 1): a win.
/// let mut game = GameState::new(Rules::CONNECT_FOUR, Player::X)?;
/// for col in "7422341735647741166133573473242566".bytes() {
///     game = game.play_column(usize::from(col - b'1'))?.0;
/// }
/// let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
/// let answer = weak_solve_with(&game, &limits).unwrap();
/// assert_eq!(answer.outcome, Some(Outcome::Win));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn weak_solve_with(state: &GameState, limits: &SearchLimits) -> Option<BestMove> {
    Engine::fresh_call(limits.table_bytes, |engine| engine.weak_solve_with(state, limits))
}

/// Every legal move with its outcome and plies, best first: by exact score, then nearest the
/// centre, then lowest index, so that `analyze(s)[0].index == best_move(s)`. Empty when the game
/// is over.
///
/// Uses [`SearchLimits::default()`]; see [`analyze_with`] for what happens when it runs out.
///
/// ```
/// use ttt_core::{analyze, GameState, Outcome, Player, Rules};
/// let game = GameState::new(Rules::default(), Player::X)?;
/// let moves = analyze(&game);
/// assert_eq!(moves.len(), 9);
/// assert!(moves.iter().all(|m| m.outcome == Some(Outcome::Draw) && m.plies == Some(9)));
/// assert_eq!(moves[0].index, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyze(state: &GameState) -> Vec<MoveAnalysis> {
    analyze_with(state, &SearchLimits::default())
}

/// [`analyze`] within `limits`. Empty when the game is over.
///
/// The budget is shared out: first every move gets a slice of it, then the moves left unproven
/// share what remains. A move not proven by then has `outcome: None` and `plies: None`. The
/// order is then: proven wins (fastest first), unproven moves (the best first by the
/// evaluation of the position after them), proven draws, proven losses (slowest first).
pub fn analyze_with(state: &GameState, limits: &SearchLimits) -> Vec<MoveAnalysis> {
    Engine::fresh_call(limits.table_bytes, |engine| engine.analyze_with(state, limits))
}

/// Which bitboard holds the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Width {
    W64,
    W128,
    Wide4,
    Wide,
}

fn dispatch<R>(state: &GameState, f: impl FnOnce(Width) -> R) -> R {
    let rules = state.rules();
    let bits = (rules.width() + 1) * rules.height();
    f(if bits <= 64 {
        Width::W64
    } else if bits <= 128 {
        Width::W128
    } else if bits <= 256 {
        Width::Wide4
    } else {
        Width::Wide
    })
}

/// The outcome and plies of an exact score seen from a position with `n` stones.
fn describe(score: i32, cells: i32, n: i32) -> (Outcome, u32) {
    use std::cmp::Ordering::*;
    // A win ending at stone `s` scores cells + 1 - s; a loss s - cells - 1; a draw fills the board.
    let (outcome, end) = match score.cmp(&0) {
        Greater => (Outcome::Win, cells + 1 - score),
        Less => (Outcome::Loss, cells + 1 + score),
        Equal => (Outcome::Draw, cells),
    };
    (outcome, (end - n) as u32)
}

/// The tie-break of equal scores: nearest the centre, then lowest index (smaller is better).
fn tie_key(state: &GameState, index: usize) -> (usize, usize) {
    (state.rules().centre_distance4(index), index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bits::{Wide, Wide4};
    use crate::search::testkit::random_positions;
    use crate::{Player, Rules};

    /// The three bitboard widths give the same answers (the wide ones are normally used only
    /// for big boards, so small boards are the way to compare them).
    #[test]
    fn every_bitboard_width_agrees() {
        let limits = SearchLimits::default();
        for rules in [
            Rules::default(),
            Rules::new(4, 4, 3, 2, false).unwrap(),
            Rules::new(5, 4, 4, 2, true).unwrap(),
            Rules::new(4, 3, 3, 3, false).unwrap(),
        ] {
            for s in random_positions(rules, 2, &mut 12_345).into_iter().filter(|s| s.ply() >= 2) {
                let narrow = Engine::new().analyze_as::<u64>(&s, &limits);
                assert_eq!(Engine::new().analyze_as::<u128>(&s, &limits), narrow, "{rules}\n{s}");
                assert_eq!(Engine::new().analyze_as::<Wide>(&s, &limits), narrow, "{rules}\n{s}");
                assert_eq!(Engine::new().analyze_as::<Wide4>(&s, &limits), narrow);
                let best = Engine::new().best_as::<u64>(&s, &limits);
                assert_eq!(Engine::new().best_as::<u128>(&s, &limits), best);
                assert_eq!(Engine::new().best_as::<Wide>(&s, &limits), best);
                assert_eq!(Engine::new().best_as::<Wide4>(&s, &limits), best);
                assert_eq!(best.index, narrow[0].index);
            }
        }
    }

    #[test]
    fn widths_are_chosen_by_board_size() {
        let width = |w, h| {
            let s = GameState::new(Rules::new(w, h, 3, 2, false).unwrap(), Player::X).unwrap();
            dispatch(&s, |w| w)
        };
        assert_eq!(width(7, 8), Width::W64); // 8 × 8 = 64 bits
        assert_eq!(width(8, 8), Width::W128); // 9 × 8 = 72
        assert_eq!(width(15, 8), Width::W128); // 16 × 8 = 128
        assert_eq!(width(15, 9), Width::Wide4);
        assert_eq!(width(15, 15), Width::Wide4); // 16 × 15 = 240
        assert_eq!(width(15, 16), Width::Wide4); // 256
        assert_eq!(width(16, 16), Width::Wide); // 272
        assert_eq!(width(20, 20), Width::Wide);
    }

    #[test]
    fn describe_scores() {
        // 9 cells, 2 stones on the board: a win with the 5th stone is 3 plies away.
        assert_eq!(describe(5, 9, 2), (Outcome::Win, 3));
        assert_eq!(describe(-4, 9, 2), (Outcome::Loss, 4));
        assert_eq!(describe(0, 9, 2), (Outcome::Draw, 7));
    }
}
