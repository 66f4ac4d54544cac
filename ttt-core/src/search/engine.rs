//! The engine: one object that answers search calls and keeps what is worth keeping between
//! them, and the order in which a call spends its budget.
//!
//! # What survives between calls
//! The solver's transposition tables. Every entry is a proven bound on the value of a position,
//! true for as long as the rules and the seats stay the same, so a game played move by move
//! through one [`Engine`] finds the work of the moves before. Each call starts a new
//! generation (entries of earlier calls give way first, nothing is wiped). A call on other
//! rules, or with another seat to move at the same stone count, or (three or four players, whose
//! paranoid values depend on it) with another player to move at the root, clears them first.
//! Besides, the solver's setup for the rules (Zobrist keys, symmetry maps, windows, cell maps)
//! is kept for the next call on the same rules, which resets it to its position rather than
//! building it again (a small call then costs its search, issue 13).
//!
//! On boards without gravity, with two players, the anytime search's own table (step 4 below;
//! heuristic values to a depth and best moves, at most 3 MiB) is kept as well, and with it,
//! for each side, the depth that side's last anytime search reached. A value in that table is
//! the same search of the same position whichever root reached it, so the search of a later
//! move answers its shallow iterations from what the moves before found, and orders its moves
//! by their deeper searches. A side's next two moves then search **no deeper than its last
//! search that went to its budget** (every third move of a side goes to its budget again, so
//! the depth follows the game). They get there for fewer nodes than a fresh search, which is
//! what the free functions are, and stop. Measured on 15×15 (`examples/move_times 6`, and
//! `bench/strength/README.md` for the rest): six games of Hard against itself, 179 moves, took
//! 16% less time through one engine a game than through the free functions (each game 7% to
//! 22% less); Hard through an engine scored 48 / 1 / 51 against Hard through the free
//! functions in 100 games on 15×15 and 38 / 29 / 33 on 10×10 (`examples/strength engine`),
//! within the noise of 100 games: the saving costs no strength that shows. Under
//! gravity nothing of the anytime search is kept: its answers swing between odd and even
//! depths there (the strength benchmark's README), so a depth carried over from the last
//! move is no place to stop, and Connect Four's measured play stays as it was.
//!
//! Nothing else is kept: per-search state (node counts, the clock, the rest of the anytime
//! search) starts afresh at every call.
//!
//! # How one call spends its budget
//! On a board laid out in more than 64 bits, the node budget is first scaled by 64/bits (a
//! position there costs that much more), so that a budget takes about as long on every board.
//!
//! 1. **Tactics**: a win now, or a forced block (the only move that does not lose at once;
//!    `best_move` gives it an exact search with the share of step 2 for its value on boards of
//!    up to 64 bits): answered at once, proven.
//! 2. **Exact search** with half the node budget on boards of up to 64 bits, 64/bits of the
//!    half beyond (and three quarters of the clock): where it finishes the answer is exactly
//!    what the unbounded search gives.
//!    Under gravity (two players, at least one cell in fourteen filled), where it has not
//!    finished, a **weak proof** of the root follows with
//!    [`SearchLimits::proof_nodes`](super::SearchLimits::proof_nodes) more nodes, beyond the
//!    budget (half the clock left): a proven win or draw is answered by a move that keeps it,
//!    proven. The steps below then get the nodes they would have had without it.
//! 3. Otherwise, a **win by continuous threats** is the answer, proven: by fours (VCF, an
//!    eighth of the budget), else with threes (VCT, [`threats`](super::threats), another
//!    eighth).
//! 4. Otherwise, **the moves near the stones get a small exact search each** (a quarter of the
//!    budget, scaled as in step 2, shared out), so that moves proven lost are known, then
//!    **iterative deepening** with the evaluation over the rest, with the rest of the
//!    budget. Under a clock each of these steps may also use only a share of the time left (a
//!    quarter for VCF and for VCT, a third for the small searches, the rest for the iterative
//!    deepening), so that an exact search or a threat search that does not finish leaves time
//!    for the others. Before, the exact search took the whole clock, and where it did not
//!    finish the answer was the static evaluation's: from the first 15 positions of Pons'
//!    `Test_L1_R3` with a 1 s clock and no node budget, Hard's move was worse than the
//!    position's value in 11 of 45 tries (three runs), against 4 of 45 now
//!    (`examples/c4_openings.rs clock`). With three or four players that search is
//!    [max-n](super::maxn) (each player for itself), and it also breaks the ties among the
//!    moves the exact (paranoid) search proved lost equally slowly: a loss against the
//!    coalition need not be one against the players as they really play.
//! 5. The **answer rules** (issue 14): a proven win first (the best of them); else the
//!    unproven move the evaluation rates best; a proven draw only when every other move is
//!    proven lost; a proven loss only when every move is (then the slowest, as the spec's
//!    Hard picks on a solved position; with three or four players, among the slowest, the
//!    one max-n rates best).
//!
//! Free functions ([`best_move_with`](super::best_move_with) and the others) are a fresh engine
//! per call, so that each of their calls is deterministic under a node budget. An engine's
//! answers under a node budget also depend on what it searched before (that is the point of
//! keeping the table); [`Engine::clear`] forgets it.

use super::anytime_table::AnytimeTable;
use super::bits::{Bits, Wide, Wide4};
use super::evaluation::Evaluator;
use super::solver::Solver;
use super::table::Tables;
use super::{BestMove, MoveAnalysis, Outcome, SearchLimits, Width, describe, dispatch, tie_key};
use crate::rules::Rules;
use crate::state::GameState;
use std::any::Any;
use std::time::Instant;

/// A search engine that keeps its transposition table from one call to the next.
///
/// ```
/// use ttt_core::{Engine, GameState, Player, Rules, SearchLimits};
///
/// let mut engine = Engine::new();
/// let mut game = GameState::new(Rules::CONNECT_FOUR, Player::X)?;
/// let limits = SearchLimits { max_nodes: 20_000, ..SearchLimits::default() };
/// for _ in 0..4 {
///     let best = engine.best_move_with(&game, &limits).unwrap();
///     game = game.apply_move(best.index)?;
/// }
/// assert_eq!(game.ply(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Engine {
    table_bytes: usize,
    /// The anytime search's table, kept beside the tables (boards without gravity, two players;
    /// see the [module docs](self)); `None` until a call needs one, and after a clear.
    anytime: Option<AnytimeTable>,
    /// For each side (by the parity of the stones on the board), the depth its last anytime
    /// search without a target reached, and the stones then.
    natural_depth: [Option<(u32, i32)>; 2],
    context: Option<Context>,
    /// The solver of the last call with the rules it was built for, and in it the engine's
    /// tables (`None` before the first call: the tables are then made by the first solver). A
    /// call on the same rules resets it to its position instead of building the per-rules
    /// setup again (keys, symmetry maps, windows), a third of the cost of a call that searches
    /// a few dozen nodes; the tables stay in it, not moved in and out at every call (issue 13:
    /// cheap small calls).
    shell: Option<Shell>,
}

/// A kept solver (a `Box<Solver<B>>`, tables included) and the rules it was built for.
type Shell = (Rules, Box<dyn Kept>);

/// A kept solver, whatever its bitboard: what the engine needs of it without knowing `B`.
trait Kept: Any + Send + Sync {
    /// The solver's tables (the engine's).
    fn tables(&mut self) -> &mut Tables;
}

impl<B: Bits> Kept for Solver<B> {
    fn tables(&mut self) -> &mut Tables {
        &mut self.tables
    }
}

impl std::fmt::Debug for dyn Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Solver { .. }")
    }
}

thread_local! {
    /// The solver setup of this thread's last free-function call (see [`Engine::fresh_call`]):
    /// a few KiB (about 100 KiB at most, for four players on 20×20), its tables freed.
    static SHELL: std::cell::Cell<Option<Shell>> = const { std::cell::Cell::new(None) };
}

/// The weak proof under gravity gets at most this many times `max_nodes` (see
/// [`SearchLimits::proof_nodes`]): the default budget's 100,000 give the default proof's million, and a small budget, asked for a fast move, stays small.
const PROOF_FACTOR: u64 = 10;

/// The weak proof under gravity runs once at least one cell in this many holds a stone (ply 3
/// of Connect Four). Where it does not finish, the bounds it proved on the way still steer the
/// anytime search after it. Measured on Connect Four (`bench/strength/README.md`, stop 28), from
/// ply 6 (one cell in seven, as first chosen), ply 5 and ply 3: against the old Hard
/// (`make strength-old`) 11 / 0 / 9, 13 / 0 / 7 and 12 / 1 / 7; against OpenSpiel's MCTS with
/// 100,000 simulations where MCTS moves first 13 / 0 / 7, 15 / 2 / 3 and 18 / 2 / 0 (every game
/// Hard did not win went through a ply-3 draw that only one column keeps, `454` or `455`,
/// proven in 35 and 67 million nodes: from ply 3 the proof's bounds find the first).
const PROOF_FROM_PART: i32 = 14;

/// The fewest nodes worth giving a root move's own exact search.
const MIN_SLICE: u64 = 32;

/// The exact search's part of a budget of `total` nodes on a board laid out in `bits` bits.
fn exact_share(total: u64, bits: usize) -> u64 {
    if bits <= 64 {
        // No 128-bit division (a call into the runtime library, cold in a small call).
        return (total / 2).max(1);
    }
    let scaled = u128::from(total / 2) * 64 / bits as u128;
    (scaled as u64).max(1)
}

/// The nodes a budgeted answer may spend from a budget of `max_nodes` on a board laid out in
/// `bits` bits: all of it up to 64 bits, 64/bits of it beyond (a position of a bigger board
/// costs about that much more to search and evaluate), so that a budget takes about as long
/// on every board. An unbounded budget stays unbounded.
fn scaled_budget(max_nodes: u64, bits: usize) -> u64 {
    if max_nodes == u64::MAX || bits <= 64 {
        return max_nodes;
    }
    ((u128::from(max_nodes) * 64 / bits as u128) as u64).max(1)
}

/// What the table's entries are true for (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Context {
    rules: Rules,
    /// The seat to move when the board is empty, as the positions of this game count turns.
    offset: usize,
    /// The root player, with three or four players.
    root: Option<usize>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

/// What a budgeted call knows about one root move.
#[derive(Clone, Copy, Debug)]
struct RootMove {
    index: usize,
    pos: usize,
    /// Its exact score, when proven.
    exact: Option<i32>,
    /// Its value from the anytime search (or the evaluation), when searched.
    eval: Option<i64>,
    /// Three or four players, a move proven lost: the mover's live windows less its strongest
    /// opponent's after it, the last tie-break among equal losses.
    windows: i64,
}

impl RootMove {
    /// The answer rules as a sort key, greater is better: proven wins (by score), unproven
    /// moves (by value), proven draws, proven losses (by score, the slowest first: Hard picks
    /// among the best exact scores wherever they are known; then by their max-n value when
    /// they have one, three or four players, where a loss against the coalition need not be a
    /// real one; then by live windows).
    fn rank(&self) -> (u8, i64, i64, i64) {
        match self.exact {
            Some(v) if v > 0 => (3, i64::from(v), 0, 0),
            None => (2, self.eval.unwrap_or(i64::MIN), 0, 0),
            Some(0) => (1, 0, 0, 0),
            Some(v) => (0, i64::from(v), self.eval.unwrap_or(0), self.windows),
        }
    }
}

/// A budgeted answer: the candidate moves (ascending; Hard picks one at random, the others
/// take the first in tie order) and what is proven about them.
pub(crate) struct Answer {
    /// The moves the answer rules rate equal, best first in tie order.
    pub(crate) moves: Moves,
    /// Whether the answer is proven best: an exact value, a forced block, a threat-space win.
    pub(crate) proven: bool,
    /// The proven outcome and exact score of the first move, when known.
    pub(crate) exact: Option<i32>,
    pub(crate) outcome: Option<Outcome>,
}

impl Answer {
    /// A proven answer with the exact score `score` of a position with `n` stones on a board
    /// of `cells` cells.
    fn exact(moves: Moves, score: i32, cells: i32, n: i32) -> Answer {
        let outcome = Some(describe(score, cells, n).0);
        Answer { moves, proven: true, exact: Some(score), outcome }
    }

    /// A move that keeps the proven outcome `value` (1, 0 or -1; a weak proof: its distance
    /// not known) of a position with `n` stones on a board of `cells` cells.
    fn outcome_kept(index: usize, value: i32, cells: i32, n: i32) -> Answer {
        let outcome = Some(describe(value, cells, n).0);
        Answer { moves: Moves::One(index), proven: true, exact: None, outcome }
    }
}

/// The candidate moves of an [`Answer`] (never empty): one is held without an allocation
/// (a small call allocates nothing; issue 13).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Moves {
    One(usize),
    Many(Vec<usize>),
}

impl Moves {
    /// The moves, in the order of the answer.
    pub(crate) fn as_slice(&self) -> &[usize] {
        match self {
            Moves::One(index) => std::slice::from_ref(index),
            Moves::Many(moves) => moves,
        }
    }
}

impl From<Vec<usize>> for Moves {
    fn from(moves: Vec<usize>) -> Moves {
        match moves[..] {
            [index] => Moves::One(index),
            _ => Moves::Many(moves),
        }
    }
}

impl Engine {
    /// An engine whose tables may take [`SearchLimits::DEFAULT_TABLE_BYTES`] together.
    pub fn new() -> Engine {
        Engine::with_table_bytes(SearchLimits::DEFAULT_TABLE_BYTES)
    }

    /// An engine whose tables may take `table_bytes` together (they start small and grow while
    /// needed), besides the anytime search's table it keeps without gravity (at most 3 MiB, see
    /// [`SearchLimits::table_bytes`]). 0 searches without a table. The engine's size applies to
    /// every call on it: the `table_bytes` of the [`SearchLimits`] passed to its methods is
    /// not used.
    pub fn with_table_bytes(table_bytes: usize) -> Engine {
        Engine { table_bytes, anytime: None, natural_depth: [None; 2], context: None, shell: None }
    }

    /// Runs `f` on a new engine whose tables may take `table_bytes` (a free function's call:
    /// a fresh table, so the same answers as a new engine, node counts included), lending it
    /// the solver setup this thread's last such call kept, so that a call on the same rules
    /// as the one before does not build it again (issue 13: cheap small calls).
    pub(crate) fn fresh_call<R>(table_bytes: usize, f: impl FnOnce(&mut Engine) -> R) -> R {
        let mut engine = Engine::with_table_bytes(table_bytes);
        // The kept setup holds no table: it gets one of this call's budget (no memory until
        // its first write), whose memory goes with the call, as a new engine's would.
        engine.shell = SHELL.take();
        if let Some((_, s)) = &mut engine.shell {
            *s.tables() = Tables::new(table_bytes);
        }
        let result = f(&mut engine);
        let mut shell = engine.shell.take();
        if let Some((_, s)) = &mut shell {
            *s.tables() = Tables::new(0);
        }
        SHELL.set(shell);
        result
    }

    /// The byte budget of the tables.
    pub fn table_bytes(&self) -> usize {
        self.table_bytes
    }

    /// Forgets everything searched so far (a new game); the engine then answers exactly as a
    /// fresh one. Cheap: the tables are emptied, not wiped nor freed (a cold table per call
    /// costs no allocation), and the solver's setup for the rules is kept.
    pub fn clear(&mut self) {
        if let Some((_, s)) = &mut self.shell {
            s.tables().clear();
        }
        self.anytime = None;
        self.natural_depth = [None; 2];
        // The context stays: it says what the entries of the tables mean, and they have none
        // now. A next call in the same context then does not run the emptying code a second
        // time (one or two of the 200 lines of code a small Connect Four call runs; issue 13).
    }

    /// [`best_move`](super::best_move) on this engine, with the default limits.
    pub fn best_move(&mut self, state: &GameState) -> Option<usize> {
        self.best_move_with(state, &SearchLimits::default()).map(|b| b.index)
    }

    /// [`best_move_with`](super::best_move_with) on this engine: within `limits` (node budget,
    /// time limit, stop flag; not `table_bytes`, see [`Engine::with_table_bytes`]). `None` when
    /// the game is over.
    #[inline(never)] // a caller's code stays small: see `weak_solve_with`
    pub fn best_move_with(&mut self, state: &GameState, limits: &SearchLimits) -> Option<BestMove> {
        if state.is_over() {
            return None;
        }
        Some(dispatch(state, |w| match w {
            Width::W64 => self.best_impl::<u64>(state, limits),
            Width::W128 => self.best_impl::<u128>(state, limits),
            Width::Wide4 => self.best_impl::<Wide4>(state, limits),
            Width::Wide => self.best_impl::<Wide>(state, limits),
        }))
    }

    /// [`weak_solve_with`](super::weak_solve_with) on this engine (not `limits.table_bytes`,
    /// see [`Engine::with_table_bytes`]). `None` when the game is over.
    // Out of line: inlined into a caller that calls both (the Python binding's `solve`), the
    // two and their four bitboard widths spread over 27 lines of code, 21 of them run by a
    // small call; out of line, a cold Connect Four call from Python runs 2.5 (weak) to 6
    // (strong) lines fewer. The same from Rust (`make bench-connect4-cold`). Issue 13.
    #[inline(never)]
    pub fn weak_solve_with(
        &mut self,
        state: &GameState,
        limits: &SearchLimits,
    ) -> Option<BestMove> {
        if state.is_over() {
            return None;
        }
        Some(dispatch(state, |w| match w {
            Width::W64 => self.weak_impl::<u64>(state, limits),
            Width::W128 => self.weak_impl::<u128>(state, limits),
            Width::Wide4 => self.weak_impl::<Wide4>(state, limits),
            Width::Wide => self.weak_impl::<Wide>(state, limits),
        }))
    }

    /// [`analyze`](super::analyze) on this engine, with the default limits.
    pub fn analyze(&mut self, state: &GameState) -> Vec<MoveAnalysis> {
        self.analyze_with(state, &SearchLimits::default())
    }

    /// [`analyze_with`](super::analyze_with) on this engine (not `limits.table_bytes`, see
    /// [`Engine::with_table_bytes`]). Empty when the game is over.
    pub fn analyze_with(&mut self, state: &GameState, limits: &SearchLimits) -> Vec<MoveAnalysis> {
        if state.is_over() {
            return Vec::new();
        }
        dispatch(state, |w| match w {
            Width::W64 => self.analyze_impl::<u64>(state, limits),
            Width::W128 => self.analyze_impl::<u128>(state, limits),
            Width::Wide4 => self.analyze_impl::<Wide4>(state, limits),
            Width::Wide => self.analyze_impl::<Wide>(state, limits),
        })
    }

    /// Hard's candidates (see [`crate::ai`]); the game must be on.
    pub(crate) fn hard_answer(&mut self, state: &GameState, limits: &SearchLimits) -> Answer {
        dispatch(state, |w| match w {
            Width::W64 => self.hard_impl::<u64>(state, limits),
            Width::W128 => self.hard_impl::<u128>(state, limits),
            Width::Wide4 => self.hard_impl::<Wide4>(state, limits),
            Width::Wide => self.hard_impl::<Wide>(state, limits),
        })
    }

    /// [`analyze_with`](Self::analyze_with) on the bitboard `B` (tests compare the widths).
    #[cfg(test)]
    pub(crate) fn analyze_as<B: Bits>(
        &mut self,
        s: &GameState,
        l: &SearchLimits,
    ) -> Vec<MoveAnalysis> {
        self.analyze_impl::<B>(s, l)
    }

    /// [`best_move_with`](Self::best_move_with) on the bitboard `B`.
    #[cfg(test)]
    pub(crate) fn best_as<B: Bits>(&mut self, s: &GameState, l: &SearchLimits) -> BestMove {
        self.best_impl::<B>(s, l)
    }

    /// A solver at `state` holding the engine's tables (cleared when they belong to another
    /// context), with the limits' budget, stop flag and deadline.
    fn solver<B: Bits>(&mut self, state: &GameState, limits: &SearchLimits) -> Box<Solver<B>> {
        // The clock is read only for a time limit (a small call does not need it).
        let started = limits.max_time.map(|t| (Instant::now(), t));
        let rules = *state.rules();
        let mut s = match self.shell.take() {
            Some((kept, shell)) if kept == rules && (&*shell as &dyn Any).is::<Solver<B>>() => {
                let any: Box<dyn Any + Send + Sync> = shell;
                let mut s = any.downcast::<Solver<B>>().expect("checked just above");
                s.reset(state, limits.max_nodes, limits.stop.clone());
                s
            }
            shell => self.new_solver(shell, state, limits),
        };
        debug_assert_eq!(s.tables.bytes(), self.table_bytes, "the engine's tables");
        // The context from the solver's count of stones (a second scan of the board cost a
        // few cache lines of code; issue 13).
        let players = usize::from(rules.players());
        let n = s.stones_on_board() as usize;
        let seat = state.current_player().seat();
        let context = Context {
            rules,
            offset: (seat + players - n % players) % players,
            root: (players > 2).then_some(seat),
        };
        if self.context != Some(context) {
            self.enter(context, &mut s.tables);
        }
        s.tables.next_generation();
        s.deadline = started.and_then(|(now, t)| now.checked_add(t));
        s
    }

    /// Moves the engine to `context` (a new game, or other rules): what the tables and the
    /// anytime search's memory held is for another one. Out of line and cold, as
    /// [`new_solver`](Self::new_solver).
    #[cold]
    #[inline(never)]
    fn enter(&mut self, context: Context, tables: &mut Tables) {
        tables.clear();
        self.anytime = None;
        self.natural_depth = [None; 2];
        self.context = Some(context);
    }

    /// A new solver at `state` for [`solver`](Self::solver): with the tables of the kept
    /// `shell` (a solver for other rules or another bitboard), else new ones. Out of line and
    /// cold: a call that reuses the kept solver then runs fewer lines of code (issue 13: a
    /// small call fetches its code from memory).
    #[cold]
    #[inline(never)]
    fn new_solver<B: Bits>(
        &self,
        shell: Option<Shell>,
        state: &GameState,
        limits: &SearchLimits,
    ) -> Box<Solver<B>> {
        let tables = match shell {
            Some((_, mut shell)) => std::mem::replace(shell.tables(), Tables::new(0)),
            None => Tables::new(self.table_bytes),
        };
        Box::new(Solver::new(state, limits.max_nodes, tables, limits.stop.clone()))
    }

    /// Keeps a solver made by [`solver`](Self::solver), and the tables in it, for the next
    /// call.
    fn give_back<B: Bits>(&mut self, mut s: Box<Solver<B>>) {
        s.stop = None; // not kept alive by the engine
        // The rules of the call that made it (`solver` set the context).
        self.shell = self.context.map(|c| (c.rules, s as Box<dyn Kept>));
    }

    fn best_impl<B: Bits>(&mut self, state: &GameState, limits: &SearchLimits) -> BestMove {
        self.best_or_weak::<B>(state, limits, false)
    }

    fn weak_impl<B: Bits>(&mut self, state: &GameState, limits: &SearchLimits) -> BestMove {
        self.best_or_weak::<B>(state, limits, true)
    }

    /// The answer of `best_move_with`, or with `weak` of `weak_solve_with`.
    fn best_or_weak<B: Bits>(
        &mut self,
        state: &GameState,
        limits: &SearchLimits,
        weak: bool,
    ) -> BestMove {
        let mut s = self.solver::<B>(state, limits);
        let answer = self.answer(&mut s, state, limits, false, weak);
        let (cells, n) = (s.cells(), s.stones_on_board());
        let nodes = s.nodes;
        self.give_back(s);
        let index = answer.moves.as_slice()[0];
        let (outcome, plies) = match answer.exact {
            Some(score) => {
                let (outcome, plies) = describe(score, cells, n);
                (Some(outcome), Some(plies))
            }
            None => (answer.outcome, None),
        };
        BestMove { index, outcome, plies, proven: answer.proven, nodes }
    }

    fn hard_impl<B: Bits>(&mut self, state: &GameState, limits: &SearchLimits) -> Answer {
        let mut s = self.solver::<B>(state, limits);
        let answer = self.answer(&mut s, state, limits, true, false);
        self.give_back(s);
        answer
    }

    /// The budgeted answer of the [module docs](self). With `all_best` (Hard) the candidates
    /// are every move rated best, and a proven answer needs the exact score of every move (as
    /// Hard always did); else the first in tie order. With `weak` (and not `all_best`) step 2
    /// proves only the outcome: the answer is a move that keeps it (a win, a draw: the one the
    /// search proved it with, else the first in tie order; the first in tie order when every
    /// move loses), with `exact: None`.
    fn answer<B: Bits>(
        &mut self,
        s: &mut Solver<B>,
        state: &GameState,
        limits: &SearchLimits,
        all_best: bool,
        weak: bool,
    ) -> Answer {
        let weak = weak && !all_best;
        let total = scaled_budget(limits.max_nodes, s.layout_bits());
        let (cells, n) = (s.cells(), s.stones_on_board());
        // 1. Win now: every immediate win has the best score there is.
        let winning = s.wins_now(); // one scan for every move (issue 13: cheap small calls)
        if !winning.is_zero() {
            let moves = if all_best {
                let mut all = s.cells_of(winning);
                all.sort_unstable();
                Moves::from(all)
            } else {
                Moves::One(s.first_in_tie_order(winning))
            };
            return Answer::exact(moves, cells - n, cells, n);
        }
        // A forced block: the only move that does not lose at once, so the best. Its value, for
        // `best_move`, if the exact search's share finds it on a board of up to 64 bits (on
        // bigger ones the answer stays within a millisecond, without it).
        if let Some(pos) = s.forced_block() {
            s.node_limit = exact_share(total, s.layout_bits());
            let small = s.layout_bits() <= 64;
            if weak {
                let outcome = if small { s.solve_move_weak(pos) } else { None };
                let outcome = outcome.map(|v| describe(v, cells, n).0);
                return Answer {
                    moves: Moves::One(s.cell(pos)),
                    proven: true,
                    exact: None,
                    outcome,
                };
            }
            let exact = if all_best || !small { None } else { s.solve_move(pos) };
            let outcome = exact.map(|v| describe(v, cells, n).0);
            return Answer { moves: Moves::One(s.cell(pos)), proven: true, exact, outcome };
        }
        // 2. The exact search, with half the budget on boards of up to 64 bits, less on bigger
        // ones, where a node costs more and the search rarely finishes (tactics and the
        // anytime search do better there): 64/bits of the half.
        s.node_limit = exact_share(total, s.layout_bits());
        let clock = s.deadline;
        let value = timed_step(s, clock, 3, 4, |s| if weak { s.solve_weak() } else { s.solve() });
        s.node_limit = total;
        s.aborted = s.stopped;
        // A won or drawn outcome that the search's root loop proved: its move keeps it
        // (`keeping_move`'s first choice), and the answer needs no list of the legal moves.
        if let (Some(v @ 0..), true) = (value, weak) {
            if let Some(pos) = s.proven_root_move(v) {
                return Answer::outcome_kept(s.cell(pos), v, cells, n);
            }
        }
        // The legal moves in the solver's room for them (no allocation once it is big enough).
        let mut legal = std::mem::take(&mut s.legal_room);
        s.legal_in_tie_order(&mut legal);
        let answer = self.answer_among(s, state, limits, all_best, weak, value, &legal);
        s.legal_room = legal;
        answer
    }

    /// [`answer`](Self::answer) after its step 2 (`value`, the exact search's result;
    /// `weak` is the call's and not `all_best`), the legal moves `legal` in tie order.
    #[allow(clippy::too_many_arguments)] // the state of one call, handed on between its steps
    fn answer_among<B: Bits>(
        &mut self,
        s: &mut Solver<B>,
        state: &GameState,
        limits: &SearchLimits,
        all_best: bool,
        weak: bool,
        value: Option<i32>,
        legal: &[usize],
    ) -> Answer {
        let bits = s.layout_bits();
        let mut total = scaled_budget(limits.max_nodes, bits);
        let (cells, n) = (s.cells(), s.stones_on_board());
        let clock = s.deadline;
        // 2b. Under gravity, where the exact search did not finish: a weak proof of the root
        // with the nodes of `proof_nodes`, beyond the budget (the steps after it get what
        // they would have had without it).
        let proof = value.is_none()
            && !s.stopped
            && limits.proof_nodes > 0
            && s.players == 2
            && state.rules().gravity()
            && n * PROOF_FROM_PART >= cells;
        if proof {
            let proof_nodes = limits.proof_nodes.min(limits.max_nodes.saturating_mul(PROOF_FACTOR));
            let (before, extra) = (s.nodes, scaled_budget(proof_nodes, bits));
            s.node_limit = s.nodes.saturating_add(extra);
            let kept = timed_step(s, clock, 1, 2, |s| {
                let v = s.solve_weak_one_window()?;
                Some((v, keeping_move(s, legal, v)?))
            });
            total = total.saturating_add((s.nodes - before).min(extra));
            s.node_limit = total;
            s.aborted = s.stopped;
            // A proven loss goes on as before: the anytime search picks among the losing moves.
            if let Some((v, index)) = kept.filter(|&(v, _)| weak || v >= 0) {
                return Answer::outcome_kept(index, v, cells, n);
            }
        }
        if let (Some(v), true) = (value, weak) {
            // The outcome is proven: a move that keeps it (every move keeps a loss).
            if let Some(index) = keeping_move(s, legal, v) {
                return Answer::outcome_kept(index, v, cells, n);
            }
            s.aborted = s.stopped;
        } else if let (Some(value), false) = (value, all_best) {
            // The first move in tie order that reaches the value is the answer.
            for &index in legal {
                match s.probe_move(s.pos(index), value - 1, value) {
                    Some(v) if v >= value => {
                        return Answer::exact(Moves::One(index), value, cells, n);
                    }
                    Some(_) => {}
                    None => break,
                }
            }
            s.aborted = s.stopped;
        }
        self.answer_unproven(s, state, all_best, legal, value.filter(|_| all_best), total)
    }

    /// Steps 2 (with `all_best`, the exact value of every move; `value` is the root's) to 5
    /// of [`answer_among`](Self::answer_among). Out of line, so that a call the steps before
    /// answer runs only their compact code: a small call fetches its code from memory, and
    /// the fewer lines of it the less it waits (issue 13: cheap small calls).
    #[inline(never)]
    fn answer_unproven<B: Bits>(
        &mut self,
        s: &mut Solver<B>,
        state: &GameState,
        all_best: bool,
        legal: &[usize],
        value: Option<i32>,
        total: u64,
    ) -> Answer {
        let (cells, n) = (s.cells(), s.stones_on_board());
        let clock = s.deadline; // the call's: each step gives it back
        let proven = |mut moves: Vec<usize>, score: i32| {
            moves.sort_unstable();
            Answer::exact(Moves::from(moves), score, cells, n)
        };
        // The root moves as the steps below see them.
        let mut roots: Vec<RootMove> = legal
            .iter()
            .map(|&index| RootMove {
                index,
                pos: s.pos(index),
                exact: None,
                eval: None,
                windows: 0,
            })
            .collect();
        if let Some(value) = value {
            self.exact_pass(s, &mut roots, total);
            if roots.iter().all(|r| r.exact.is_some()) {
                let best = roots.iter().filter_map(|r| r.exact).max().unwrap_or(value);
                // Three or four players, every move lost against the coalition: the
                // max-n search below chooses among them (issue 14, item 4).
                if s.players == 2 || best >= 0 {
                    let moves = roots.iter().filter(|r| r.exact == Some(best)).map(|r| r.index);
                    return proven(moves.collect(), best);
                }
            }
            let moves: Vec<usize> =
                roots.iter().filter(|r| r.exact == Some(value)).map(|r| r.index).collect();
            if !moves.is_empty() && (value >= 0 || s.players == 2) {
                return proven(moves, value);
            }
        }
        // 3. Tactics: a win by continuous fours, else by threats with threes.
        if !s.stopped {
            s.node_limit = s.nodes.saturating_add(total / 8).min(total);
            let mut vcf = timed_step(s, clock, 1, 4, Solver::vcf);
            s.aborted = s.stopped;
            if vcf.is_none() && !s.stopped {
                s.node_limit = s.nodes.saturating_add(total / 8).min(total);
                vcf = timed_step(s, clock, 1, 4, Solver::vct);
            }
            s.node_limit = total;
            s.aborted = s.stopped;
            if let Some(pos) = vcf {
                let index = s.cell(pos);
                return Answer {
                    moves: Moves::One(index),
                    proven: true,
                    exact: None,
                    outcome: Some(Outcome::Win),
                };
            }
        }
        // 4. A small exact search of every move, then iterative deepening over the rest.
        let share = s.nodes.saturating_add(exact_share(total / 4, s.layout_bits())).min(total);
        timed_step(s, clock, 1, 3, |s| self.exact_slices(s, &mut roots, share));
        let ev = Evaluator::new(s);
        // With three or four players, moves lost against the coalition are searched too: the
        // max-n search tells them apart, against the players as they really play.
        let multi = s.players > 2;
        let open = |r: &RootMove| r.exact.is_none() || (multi && r.exact.is_some_and(|v| v < 0));
        let searchable: Vec<usize> = roots.iter().filter(|r| open(r)).map(|r| r.pos).collect();
        let has_win = roots.iter().any(|r| r.exact.is_some_and(|v| v > 0));
        if !searchable.is_empty() && !has_win && !s.stopped {
            let mut order = Vec::new();
            // The root moves by the solver's move order, then the ones it would not search.
            let all = searchable.iter().fold(B::ZERO, |acc, &p| acc | B::bit(p));
            let ranked = s.search_moves(all, usize::MAX);
            order.extend(ranked.iter().copied());
            let mut rest = all;
            for &p in &ranked {
                rest = rest ^ B::bit(p);
            }
            let mut far = Vec::new();
            while !rest.is_zero() {
                let p = rest.lowest();
                rest = rest ^ B::bit(p);
                far.push(p);
            }
            s.node_limit = total;
            s.aborted = false;
            let scores = if multi {
                s.maxn_iterate(&ev, &order, Instant::now())
            } else {
                self.iterate(s, &ev, &order, total, state.rules().gravity())
            };
            if let Some(scores) = scores {
                for (pos, v) in scores {
                    if let Some(r) = roots.iter_mut().find(|r| r.pos == pos) {
                        r.eval = Some(v);
                    }
                }
            }
            // Cells far from every stone come after every move the search rated (even one it
            // saw lost: its view is narrow), by the evaluation after them.
            for p in far {
                if let Some(r) = roots.iter_mut().find(|r| r.pos == p) {
                    if r.eval.is_none() {
                        r.eval = Some(-4 * super::iterative::MATE + after_move(s, &ev, p));
                    }
                }
            }
            s.aborted = s.stopped;
        }
        if multi {
            for r in roots.iter_mut().filter(|r| r.exact.is_some_and(|v| v < 0)) {
                r.windows = own_windows(s, &ev, r.pos);
            }
        }
        // Moves the anytime search did not reach: the static evaluation after them.
        for r in roots.iter_mut().filter(|r| r.exact.is_none() && r.eval.is_none()) {
            r.eval = Some(after_move(s, &ev, r.pos));
        }
        // 5. The answer rules.
        let top = roots.iter().map(RootMove::rank).max().unwrap_or((0, 0, 0, 0));
        let mut moves: Vec<usize> =
            roots.iter().filter(|r| r.rank() == top).map(|r| r.index).collect();
        if all_best {
            moves.sort_unstable();
        }
        let first = roots.iter().find(|r| r.rank() == top).and_then(|r| r.exact);
        let all_proven = roots.iter().all(|r| r.exact.is_some());
        match first {
            // Every move proven: the exact answer. A proven win: proven, its length not shown
            // (a faster win may be among the unproven moves).
            Some(score) if all_proven || score > 0 => Answer {
                moves: Moves::from(moves),
                proven: true,
                exact: all_proven.then_some(score),
                outcome: Some(describe(score, cells, n).0),
            },
            _ => Answer { moves: Moves::from(moves), proven: false, exact: None, outcome: None },
        }
    }

    /// The anytime search of a two-player answer (step 4) up to `total` nodes, over `order`.
    /// Without gravity it keeps its table for the next call, and the same side's next two
    /// moves search no deeper than its last search that had no such target: see the
    /// [module docs](self).
    fn iterate<B: Bits>(
        &mut self,
        s: &mut Solver<B>,
        ev: &Evaluator<B>,
        order: &[usize],
        total: u64,
        gravity: bool,
    ) -> Option<Vec<(usize, i64)>> {
        let budget = total.saturating_sub(s.nodes);
        let n = s.stones_on_board();
        let kept = if gravity { None } else { self.anytime.take() };
        let mut tt = match kept {
            Some(kept) if kept.entries() >= AnytimeTable::entries_for(budget) => kept,
            _ => AnytimeTable::for_nodes(budget),
        };
        let side = (n % 2) as usize;
        let target = if gravity { None } else { self.natural_depth[side] };
        let target = target.filter(|&(_, then)| n > then && n <= then + 4).map(|(d, _)| d);
        let result = s.iterate(ev, &mut tt, order, target, Instant::now())?;
        if !gravity {
            self.anytime = Some(tt);
            if !result.at_target {
                self.natural_depth[side] = Some((result.depth, n));
            }
        }
        Some(result.scores)
    }

    /// Exact scores of every root move, as [`analyze_with`](super::analyze_with) shares out its
    /// budget: a slice each, then the rest to the moves still unproven, in order.
    fn exact_pass<B: Bits>(&mut self, s: &mut Solver<B>, roots: &mut [RootMove], total: u64) {
        let share = (total.saturating_sub(s.nodes) / (2 * roots.len() as u64)).max(1);
        for r in roots.iter_mut() {
            if s.stopped {
                break;
            }
            s.node_limit = s.nodes.saturating_add(share).min(total);
            s.aborted = false;
            r.exact = s.solve_move(r.pos);
        }
        for r in roots.iter_mut() {
            if s.stopped || s.nodes >= total {
                break;
            }
            if r.exact.is_none() {
                s.node_limit = total;
                s.aborted = false;
                r.exact = s.solve_move(r.pos);
            }
        }
        s.node_limit = total;
        s.aborted = s.stopped;
    }

    /// A small exact search of the root moves worth searching (near a stone, see
    /// `search_moves`) not yet proven, sharing out the nodes up to `until`; none when the
    /// share would be too small to prove anything.
    fn exact_slices<B: Bits>(&mut self, s: &mut Solver<B>, roots: &mut [RootMove], until: u64) {
        let total = s.node_limit;
        let all =
            roots.iter().filter(|r| r.exact.is_none()).fold(B::ZERO, |a, r| a | B::bit(r.pos));
        let worth = s.search_moves(all, usize::MAX);
        let share = until.saturating_sub(s.nodes) / worth.len().max(1) as u64;
        if share < MIN_SLICE {
            return;
        }
        for r in roots.iter_mut().filter(|r| r.exact.is_none() && worth.contains(&r.pos)) {
            if s.stopped || s.nodes >= until {
                break;
            }
            s.node_limit = s.nodes.saturating_add(share).min(until);
            s.aborted = false;
            r.exact = s.solve_move(r.pos);
        }
        s.node_limit = total;
        s.aborted = s.stopped;
    }

    fn analyze_impl<B: Bits>(
        &mut self,
        state: &GameState,
        limits: &SearchLimits,
    ) -> Vec<MoveAnalysis> {
        let mut s = self.solver::<B>(state, limits);
        let (cells, n) = (s.cells(), s.stones_on_board());
        let mut roots: Vec<RootMove> = heuristic_order(&mut s, state)
            .into_iter()
            .map(|(index, _)| RootMove {
                index,
                pos: s.pos(index),
                exact: None,
                eval: None,
                windows: 0,
            })
            .collect();
        let total = limits.max_nodes;
        self.exact_pass(&mut s, &mut roots, total);
        // Unproven moves are ordered by the evaluation after them.
        if roots.iter().any(|r| r.exact.is_none()) {
            let ev = Evaluator::new(&s);
            for r in roots.iter_mut().filter(|r| r.exact.is_none()) {
                r.eval = Some(after_move(&mut s, &ev, r.pos));
            }
        }
        self.give_back(s);
        let mut ranked: Vec<((u8, i64, i64, i64), MoveAnalysis)> = roots
            .iter()
            .map(|r| {
                let analysis = match r.exact {
                    Some(score) => {
                        let (outcome, plies) = describe(score, cells, n);
                        MoveAnalysis { index: r.index, outcome: Some(outcome), plies: Some(plies) }
                    }
                    None => MoveAnalysis { index: r.index, outcome: None, plies: None },
                };
                (r.rank(), analysis)
            })
            .collect();
        ranked.sort_by(|a, b| {
            b.0.cmp(&a.0).then_with(|| tie_key(state, a.1.index).cmp(&tie_key(state, b.1.index)))
        });
        ranked.into_iter().map(|r| r.1).collect()
    }
}

/// A move that keeps the weak value `value` (1, 0 or -1, as `solve_weak` gives it) of the
/// position: with a loss, the first legal move (every move keeps it); else the move the search
/// proved it with, when its root's move loop did (no search needed); else the move the table
/// holds for the position when it checks out, else the first in `legal`'s order that does.
/// `None` when the budget runs out first.
fn keeping_move<B: Bits>(s: &mut Solver<B>, legal: &[usize], value: i32) -> Option<usize> {
    if value < 0 {
        return legal.first().copied();
    }
    if let Some(pos) = s.proven_root_move(value) {
        return Some(s.cell(pos));
    }
    // Checked: cheap, its value is in the table too.
    if let Some(pos) = s.table_move() {
        if s.probe_move(pos, value - 1, value).is_some_and(|v| v >= value) {
            return Some(s.cell(pos));
        }
    }
    for &index in legal {
        match s.probe_move(s.pos(index), value - 1, value) {
            Some(v) if v >= value => return Some(index),
            Some(_) => {}
            None => return None,
        }
    }
    None
}

/// Runs one step of a call. Under a clock (`deadline`, the call's), the steps share out its
/// time as they share out its nodes (else the first step that does not finish would take the
/// whole clock, and the others nothing): the step gets a deadline of its own, `num / den` of the
/// time left. A step ended by its own deadline lets the call go on; one ended by the call's
/// deadline, the stop flag or the thread's stop check (each asked again: they stay set) ends
/// the call. Without a clock, just `step(s)`.
fn timed_step<B: Bits, R>(
    s: &mut Solver<B>,
    deadline: Option<Instant>,
    num: u32,
    den: u32,
    step: impl FnOnce(&mut Solver<B>) -> R,
) -> R {
    let Some(end) = deadline else { return step(s) };
    let now = Instant::now();
    // Divided first: no overflow for any clock (the share is at most what is left).
    s.deadline = Some(now + end.saturating_duration_since(now) / den * num);
    let result = step(s);
    s.deadline = deadline;
    if s.stopped {
        s.stopped = false;
        s.aborted = false;
        s.poll();
    }
    result
}

/// The value of playing `pos` for the player to move, by the evaluation of the position after
/// it (from that player's side); a win at once is worth the most.
fn after_move<B: Bits>(s: &mut Solver<B>, ev: &Evaluator<B>, pos: usize) -> i64 {
    if s.wins_at(pos) {
        return super::iterative::MATE;
    }
    let same = s.same_side_next();
    s.play(pos);
    let v = ev.evaluate(s);
    s.undo(pos);
    if same { v } else { -v }
}

/// The mover's live windows less those of its strongest opponent after playing `pos`.
fn own_windows<B: Bits>(s: &mut Solver<B>, ev: &Evaluator<B>, pos: usize) -> i64 {
    let me = s.mover;
    s.play(pos);
    let scores = ev.player_scores(s);
    s.undo(pos);
    let strongest = (0..s.players).filter(|&p| p != me).map(|p| scores[p]).max();
    scores[me] - strongest.unwrap_or(0)
}

/// The legal moves by the solver's heuristic, best first: `(index, score)`: a win at once,
/// else a forced block, else by the threats a stone makes and closeness to the centre.
fn heuristic_order<B: Bits>(s: &mut Solver<B>, state: &GameState) -> Vec<(usize, i32)> {
    let empty = s.empty();
    let playable = s.playable(empty);
    let forced = s.candidates().ok();
    let maps = s.order_scores(empty);
    let mut moves = Vec::new();
    let mut rest = playable;
    while !rest.is_zero() {
        let pos = rest.lowest();
        rest = rest ^ B::bit(pos);
        let mut score = s.order_score(pos, &maps);
        if s.wins_at(pos) {
            score += 1 << 24;
        } else if forced.is_some_and(|m| m.has(pos) && m != playable) {
            score += 1 << 22;
        }
        moves.push((s.cell(pos), score));
    }
    moves.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| tie_key(state, a.0).cmp(&tie_key(state, b.0))));
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testkit::random_positions;
    use crate::search::{analyze_with, best_move_with, weak_solve_with};

    /// The tables live in the solver an engine keeps: they stay with the engine when the rules
    /// change (moved into the new solver, their memory kept for reuse, nothing of the old rules
    /// found), and a free function's call lets its table go with it (the setup it leaves for
    /// the next call on this thread holds none).
    #[test]
    fn the_tables_stay_with_the_engine_and_leave_with_a_free_call() {
        let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
        let four = GameState::new(Rules::CONNECT_FOUR, crate::Player::X).unwrap();
        let four = "5554224333234511764415115"
            .bytes()
            .fold(four, |g, c| g.play_column(usize::from(c - b'1')).unwrap().0);
        let three = GameState::new(Rules::new(3, 3, 3, 2, false).unwrap(), crate::Player::X);
        let three = three.unwrap();
        let tables = |e: &mut Engine| {
            let (_, s) = e.shell.as_mut().expect("a kept solver");
            (s.tables().bytes(), s.tables().held())
        };
        let mut engine = Engine::with_table_bytes(1 << 20);
        let first = engine.best_move_with(&four, &limits);
        let (bytes, held) = tables(&mut engine);
        assert_eq!(bytes, 1 << 20);
        assert!(held > 0 && held <= 1 << 20, "{held}");
        // Other rules: the same memory, emptied.
        let other = engine.best_move_with(&three, &limits);
        assert_eq!(other, Engine::new().best_move_with(&three, &limits));
        let (after, held_after) = tables(&mut engine);
        assert!(after == bytes && held_after >= held, "{after} {held_after}");
        // And back: as a fresh engine, node counts included.
        assert_eq!(engine.best_move_with(&four, &limits), first);
        // A free function: the same answer, and no table memory kept for this thread.
        assert_eq!(best_move_with(&four, &limits), first);
        let (_, mut kept) = SHELL.take().expect("the setup kept for the next call");
        assert_eq!((kept.tables().bytes(), kept.tables().held()), (0, 0));
    }

    /// One engine, cleared before every call, answers every call exactly as a fresh one (the
    /// free functions), node counts included, while it keeps its solver from call to call
    /// and the rules change under it (other sizes, bitboard widths, gravity, players): the
    /// solver reset to a position is the solver built there, and the cleared table is cold.
    #[test]
    fn a_cleared_engine_answers_as_a_fresh_one_across_rules() {
        let rules = [
            Rules::new(3, 3, 3, 2, false).unwrap(),
            Rules::CONNECT_FOUR,
            Rules::new(4, 4, 3, 3, false).unwrap(),
            Rules::new(9, 9, 5, 2, false).unwrap(), // 90 bits: u128
            Rules::new(5, 4, 4, 2, true).unwrap(),
            Rules::new(4, 4, 3, 4, true).unwrap(),
        ];
        let mut seed = 11u64;
        let mut engine = Engine::new();
        let mut kept = 0;
        for round in 0..2 {
            for &r in &rules {
                let positions = random_positions(r, 2, &mut seed);
                for (i, state) in positions.iter().enumerate().filter(|(i, _)| i % 3 == round) {
                    let limits = SearchLimits { max_nodes: 3_000, ..SearchLimits::default() };
                    kept += usize::from(engine.shell.as_ref().is_some_and(|(k, _)| *k == r));
                    engine.clear();
                    let got = engine.best_move_with(state, &limits);
                    assert_eq!(got, Engine::new().best_move_with(state, &limits), "{r} #{i}");
                    // The free functions (which lend this thread's kept setup) as well.
                    assert_eq!(got, best_move_with(state, &limits), "{r} #{i}\n{state}");
                    engine.clear();
                    let got = engine.weak_solve_with(state, &limits);
                    assert_eq!(got, Engine::new().weak_solve_with(state, &limits), "{r} #{i}");
                    assert_eq!(got, weak_solve_with(state, &limits), "{r} #{i}\n{state}");
                    engine.clear();
                    let got = engine.analyze_with(state, &limits);
                    assert_eq!(got, Engine::new().analyze_with(state, &limits), "{r} #{i}");
                    assert_eq!(got, analyze_with(state, &limits), "{r} #{i}\n{state}");
                    engine.clear();
                    let hard = engine.hard_answer(state, &limits);
                    let fresh = Engine::new().hard_answer(state, &limits);
                    assert_eq!(
                        (hard.moves, hard.proven, hard.exact, hard.outcome),
                        (fresh.moves, fresh.proven, fresh.exact, fresh.outcome),
                        "{r} #{i}\n{state}"
                    );
                }
            }
        }
        // The solver was reused (not rebuilt) for most calls.
        assert!(kept > 20, "the solver was kept for only {kept} calls");
    }
}
