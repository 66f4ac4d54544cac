//! Perfect play: search limits (with a stop flag), the best move, the analysis of every move.

use crate::boundary::{
    Failure, Outcome as Result_, arg, copy_out, guard, out, reserve, status, write,
};
use crate::game::{game_arg, ttt_game};
use crate::status::ttt_status;
use std::ffi::{CStr, c_char};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use ttt_core::{BestMove, GameState, MoveAnalysis, Outcome, SearchLimits};

/// The result of a move under perfect play, for the player making it.
///
/// Two players: ordinary perfect play. Three or four players: the search is *paranoid*: the
/// player making the move plays against the coalition of all the others, assumed to cooperate
/// against them. `TTT_OUTCOME_WIN` means they can force a win of their own whatever the others
/// do; `TTT_OUTCOME_LOSS` that the others together can force a win for one of them;
/// `TTT_OUTCOME_DRAW` that they can stop every other player from winning but cannot force a win.
///
/// Unproven answers: a search that reaches its node budget or time limit, or sees its stop
/// flag set, returns what it has. The moves it proved keep their outcome; the others are
/// `TTT_OUTCOME_UNKNOWN` (plies -1), never a guess. The best move is then a proven win if
/// there is one (a win at once and a forced win by continuous threats are found first); else
/// the unproven move the anytime search (iterative deepening with an evaluation of open lines
/// and threats) rates best, with `proven` false; a proven draw only when every other move is
/// proven lost, a proven loss only when every move is.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ttt_outcome {
    /// Not proven within the search budget (never a guess).
    TTT_OUTCOME_UNKNOWN = 0,
    /// The mover wins.
    TTT_OUTCOME_WIN = 1,
    /// Nobody wins.
    TTT_OUTCOME_DRAW = 2,
    /// The mover loses.
    TTT_OUTCOME_LOSS = 3,
}

impl From<Option<Outcome>> for ttt_outcome {
    fn from(o: Option<Outcome>) -> ttt_outcome {
        match o {
            None => ttt_outcome::TTT_OUTCOME_UNKNOWN,
            Some(Outcome::Win) => ttt_outcome::TTT_OUTCOME_WIN,
            Some(Outcome::Draw) => ttt_outcome::TTT_OUTCOME_DRAW,
            Some(Outcome::Loss) => ttt_outcome::TTT_OUTCOME_LOSS,
        }
    }
}

/// The name of an outcome, the same in every language: `"win"`, `"draw"`, `"loss"`, or
/// `"unknown"` for `TTT_OUTCOME_UNKNOWN` and any value that is not an outcome.
///
/// Ownership: the string is static (never free it). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn ttt_outcome_name(outcome: u32) -> *const c_char {
    guard(c"unknown".as_ptr(), || outcome_name(outcome).as_ptr())
}

fn outcome_name(outcome: u32) -> &'static CStr {
    match outcome {
        1 => c"win",
        2 => c"draw",
        3 => c"loss",
        _ => c"unknown",
    }
}

pub(crate) fn plies_out(plies: Option<u32>) -> i32 {
    plies.and_then(|p| i32::try_from(p).ok()).unwrap_or(-1)
}

/// Bounds on one search. Start from `ttt_search_limits_default()` and change what you need.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ttt_search_limits {
    /// Most nodes one call may visit before it returns its best unproven answer (a
    /// deterministic budget: the same call gives the same answer), give or take the few nodes
    /// by which each step of a call may pass its own share; see also `proof_nodes`.
    pub max_nodes: u64,
    /// Most bytes the transposition table may take (0 searches without a table, slowly).
    pub table_bytes: usize,
    /// A flag another thread may set to stop the search early (the call then returns its best
    /// unproven answer, as with the node budget), or NULL. Not owned: it must outlive the call.
    pub stop: *const ttt_stop_flag,
    /// Most wall-clock milliseconds one call may take, 0 for no limit (the default). The call
    /// then returns the best answer it has, within a few milliseconds of the limit (it is
    /// polled with the stop flag). A limit makes answers depend on the machine's speed and
    /// load; without one, the answer depends only on the node budget, the same on every
    /// machine. Whichever of the node budget, the time limit and the stop flag comes first
    /// ends the search. Every value is accepted.
    pub max_time_ms: u64,
    /// Most nodes a budgeted answer (`ttt_game_best_move_with`, `ttt_game_weak_solve_with`,
    /// Hard's move, and their engine forms) may spend, **beyond** `max_nodes`, on a weak proof
    /// of the position (win, draw or loss) on a gravity board (Connect Four and the like), when
    /// the exact search within `max_nodes` has not finished and enough of the board is filled;
    /// scaled by 64/bits on boards laid out in more than 64 bits, as `max_nodes` is, and never
    /// more than 10 times `max_nodes` (a small budget stays fast). A proven
    /// win or draw is then answered by a move that keeps it (`proven` true, `plies` -1). The
    /// default is the one `ttt_search_limits_default()` gives; 0 turns the proof off, and then
    /// `max_nodes` is the most nodes a call searches. The analysis (`ttt_game_analyze_with`,
    /// `ttt_engine_analyze_with`) does not use it. So a call searches at most
    /// `max_nodes + proof_nodes` nodes (saturating: every value is accepted), give or take the
    /// few nodes by which each step of a call may pass its own share.
    pub proof_nodes: u64,
}

impl ttt_search_limits {
    /// The ttt-core limits, or NULL_ARGUMENT when `limits` is NULL.
    ///
    /// # Safety
    /// `limits` is NULL or valid, and its `stop` is NULL or a live flag.
    pub(crate) unsafe fn from_ptr(
        limits: *const ttt_search_limits,
    ) -> Result<SearchLimits, Failure> {
        // SAFETY: the caller's contract.
        let limits = unsafe { arg(limits, "limits") }?;
        // SAFETY: the caller's contract: NULL or a live flag.
        let stop = unsafe { limits.stop.as_ref() }.map(|flag| Arc::clone(&flag.flag));
        Ok(SearchLimits {
            max_nodes: limits.max_nodes,
            table_bytes: limits.table_bytes,
            stop,
            max_time: (limits.max_time_ms > 0).then(|| Duration::from_millis(limits.max_time_ms)),
            proof_nodes: limits.proof_nodes,
        })
    }
}

/// A flag to stop searches from another thread (for example a user interface cancelling a long
/// Hard move). Made by `ttt_stop_flag_new`, released by `ttt_stop_flag_free`; put it in
/// `ttt_search_limits.stop`. Thread safety: `ttt_stop_flag_set` and `ttt_stop_flag_clear` may
/// be called from any thread, also while a search reads the flag.
pub struct ttt_stop_flag {
    flag: Arc<AtomicBool>,
}

/// A new stop flag, not set.
///
/// Ownership: on success `*out_flag` is a new handle the caller frees with
/// `ttt_stop_flag_free`, after every search using it has returned.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_stop_flag_new(out_flag: *mut *mut ttt_stop_flag) -> ttt_status {
    status(|| {
        let out_flag = out(out_flag, "out_flag")?;
        let flag = Box::into_raw(Box::new(ttt_stop_flag { flag: Arc::default() }));
        // SAFETY: checked out-parameter.
        unsafe { write(out_flag, flag) };
        Ok(())
    })
}

/// Sets the flag: searches using it stop at their next poll (every few thousand nodes).
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_stop_flag_set(flag: *const ttt_stop_flag) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        unsafe { arg(flag, "flag") }?.flag.store(true, Ordering::Relaxed);
        Ok(())
    })
}

/// Clears the flag, so that it can be used for another search.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_stop_flag_clear(flag: *const ttt_stop_flag) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        unsafe { arg(flag, "flag") }?.flag.store(false, Ordering::Relaxed);
        Ok(())
    })
}

/// Releases a stop flag. `ttt_stop_flag_free(NULL)` does nothing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_stop_flag_free(flag: *mut ttt_stop_flag) {
    guard((), || {
        if !flag.is_null() {
            // SAFETY: a handle from `ttt_stop_flag_new`, freed once (caller's contract).
            drop(unsafe { Box::from_raw(flag) });
        }
    })
}

/// One legal move and what it leads to under perfect play.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ttt_move_analysis {
    /// The cell.
    pub index: usize,
    /// Win, draw or loss for the player making the move; `TTT_OUTCOME_UNKNOWN` when not proven
    /// within the budget.
    pub outcome: ttt_outcome,
    /// Plies to the end of the game under perfect play, this move being ply 1; -1 when unknown.
    pub plies: i32,
}

impl From<MoveAnalysis> for ttt_move_analysis {
    fn from(m: MoveAnalysis) -> ttt_move_analysis {
        ttt_move_analysis { index: m.index, outcome: m.outcome.into(), plies: plies_out(m.plies) }
    }
}

/// The perfect move found by `ttt_game_best_move_with`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ttt_best_move {
    /// The cell to play.
    pub index: usize,
    /// Win, draw or loss for the mover; `TTT_OUTCOME_UNKNOWN` when not proven.
    pub outcome: ttt_outcome,
    /// Plies to the end under perfect play (this move = 1); -1 when unknown.
    pub plies: i32,
    /// Whether the move is proven best, or on a gravity board proven to keep a win or draw
    /// (`plies` -1: see `ttt_search_limits.proof_nodes`); false when the budget ran out.
    pub proven: bool,
    /// Nodes searched.
    pub nodes: u64,
}

impl From<BestMove> for ttt_best_move {
    fn from(b: BestMove) -> ttt_best_move {
        ttt_best_move {
            index: b.index,
            outcome: b.outcome.into(),
            plies: plies_out(b.plies),
            proven: b.proven,
            nodes: b.nodes,
        }
    }
}

pub(crate) fn game_over(state: &GameState) -> Result_ {
    if state.is_over() {
        Err(Failure::new(ttt_status::TTT_STATUS_GAME_OVER, "the game is over"))
    } else {
        Ok(())
    }
}

/// The body of the calls that answer one move within limits (`ttt_game_best_move_with`,
/// `ttt_game_weak_solve_with`, and their forms on an engine): checks the pointers, refuses a
/// finished game, runs `search` and writes `*out_best` only on success.
///
/// # Safety
/// `game`, `limits` and `out_best` as in those calls' contracts.
pub(crate) unsafe fn best_move_into(
    game: *const ttt_game,
    limits: *const ttt_search_limits,
    out_best: *mut ttt_best_move,
    search: impl FnOnce(&GameState, &SearchLimits) -> Option<BestMove>,
) -> Result_ {
    let out_best = out(out_best, "out_best")?;
    // SAFETY: forwarded contract.
    let state = unsafe { game_arg(game) }?;
    let limits = unsafe { ttt_search_limits::from_ptr(limits) }?;
    game_over(state)?;
    let best = search(state, &limits)
        .ok_or_else(|| Failure::new(ttt_status::TTT_STATUS_GAME_OVER, "the game is over"))?;
    unsafe { write(out_best, best.into()) };
    Ok(())
}

/// What `ttt_search_limits_default` returns should it ever fail (it cannot).
const NO_LIMITS: ttt_search_limits = ttt_search_limits {
    max_nodes: 0,
    table_bytes: 0,
    stop: std::ptr::null(),
    max_time_ms: 0,
    proof_nodes: 0,
};

/// The default search limits: 100000 nodes (tens of milliseconds for Hard's move on any board:
/// a budgeted answer spends 64/bits of the budget on boards laid out in more than 64 bits,
/// `(width + 1) * height`, where a node costs that much more), a 64 MiB transposition table,
/// no stop flag, no time limit (`max_time_ms` = 0: the answer depends only on the node budget,
/// the same on every machine), and the library's default `proof_nodes` for the weak proof
/// under gravity (read it from here: it may change between versions; 0 turns the proof off).
/// For a game under a clock, set `max_time_ms` (and raise `max_nodes`, for example to
/// `UINT64_MAX`, so that the clock is what stops the search).
#[unsafe(no_mangle)]
pub extern "C" fn ttt_search_limits_default() -> ttt_search_limits {
    guard(NO_LIMITS, || {
        let d = SearchLimits::default();
        ttt_search_limits {
            max_nodes: d.max_nodes,
            table_bytes: d.table_bytes,
            stop: std::ptr::null(),
            max_time_ms: d.max_time.map_or(0, |t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX)),
            proof_nodes: d.proof_nodes,
        }
    })
}

/// The deterministic perfect move: the best exact score (fastest win, slowest loss), ties
/// broken by distance to the centre of the board, then by the lowest index. With the default
/// limits. `TTT_STATUS_GAME_OVER` when the game is over.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_best_move(
    game: *const ttt_game,
    out_index: *mut usize,
) -> ttt_status {
    status(|| {
        let out_index = out(out_index, "out_index")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        game_over(state)?;
        let index = ttt_core::best_move(state)
            .ok_or_else(|| Failure::new(ttt_status::TTT_STATUS_GAME_OVER, "the game is over"))?;
        unsafe { write(out_index, index) };
        Ok(())
    })
}

/// `ttt_game_best_move` within `*limits`, with the outcome, the plies to the end, whether it is
/// proven and the nodes searched. `TTT_STATUS_GAME_OVER` when the game is over.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_best_move_with(
    game: *const ttt_game,
    limits: *const ttt_search_limits,
    out_best: *mut ttt_best_move,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        unsafe { best_move_into(game, limits, out_best, ttt_core::best_move_with) }
    })
}

/// The weak solve within `*limits`: whether the player to move wins, draws or loses under
/// perfect play, proven, without the number of plies (as Pascal Pons' solver's `-w`; usually
/// much faster than `ttt_game_best_move_with`), and a move that keeps that outcome: a winning
/// or drawing move (the one the search proved it with), and when every move loses, the first
/// in `ttt_game_best_move`'s tie order. `plies` is -1 unless known before any search (a win at once). When the budget
/// runs out or the search is stopped, the answer is what `ttt_game_best_move_with` gives then
/// (`proven` false, `outcome` `TTT_OUTCOME_UNKNOWN`, or a proven win of unknown length).
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT` (NULL `game`, `limits` or `out_best`),
/// `TTT_STATUS_GAME_OVER`; `*out_best` is written only on success.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_weak_solve_with(
    game: *const ttt_game,
    limits: *const ttt_search_limits,
    out_best: *mut ttt_best_move,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        unsafe { best_move_into(game, limits, out_best, ttt_core::weak_solve_with) }
    })
}

/// Every legal move with its outcome and plies under perfect play, best first (the order of
/// `ttt_game_best_move`'s preference), into `buf`. The number of entries is the number of legal
/// moves (`ttt_game_legal_moves`; `width * height` always suffices); a short buffer gets
/// `TTT_STATUS_BUFFER_TOO_SMALL` with `*out_len` set, before any search is done. None when the
/// game is over (`*out_len` = 0). With the default limits; unproven moves are reported as
/// `TTT_OUTCOME_UNKNOWN`, never guessed.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_analyze(
    game: *const ttt_game,
    buf: *mut ttt_move_analysis,
    buf_len: usize,
    out_len: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { analyze_into(state, &SearchLimits::default(), buf, buf_len, out_len) }
    })
}

/// `ttt_game_analyze` within `*limits`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_analyze_with(
    game: *const ttt_game,
    limits: *const ttt_search_limits,
    buf: *mut ttt_move_analysis,
    buf_len: usize,
    out_len: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        let limits = unsafe { ttt_search_limits::from_ptr(limits) }?;
        unsafe { analyze_into(state, &limits, buf, buf_len, out_len) }
    })
}

/// Checks the buffer against the number of legal moves first, so that asking for the length
/// costs no search.
///
/// # Safety
/// As `copy_out`.
unsafe fn analyze_into(
    state: &GameState,
    limits: &SearchLimits,
    buf: *mut ttt_move_analysis,
    buf_len: usize,
    out_len: *mut usize,
) -> Result_ {
    // SAFETY: forwarded contract.
    unsafe { analyze_into_with(state, limits, buf, buf_len, out_len, ttt_core::analyze_with) }
}

/// [`analyze_into`] with the analysis made by `analyze` (a free function or an engine's).
///
/// # Safety
/// As `copy_out`.
pub(crate) unsafe fn analyze_into_with(
    state: &GameState,
    limits: &SearchLimits,
    buf: *mut ttt_move_analysis,
    buf_len: usize,
    out_len: *mut usize,
    analyze: impl FnOnce(&GameState, &SearchLimits) -> Vec<MoveAnalysis>,
) -> Result_ {
    let needed = state.available_moves().len();
    // SAFETY: forwarded contract.
    unsafe { reserve(needed, buf, buf_len, out_len) }?;
    let analysis: Vec<ttt_move_analysis> =
        analyze(state, limits).into_iter().map(Into::into).collect();
    // SAFETY: forwarded contract.
    unsafe { copy_out(&analysis, buf, buf_len, out_len) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_names_agree_with_ttt_core() {
        for o in [Outcome::Win, Outcome::Draw, Outcome::Loss] {
            let ours = ttt_outcome::from(Some(o)) as u32;
            assert_eq!(outcome_name(ours).to_str().unwrap(), o.as_str());
        }
        assert_eq!(ttt_outcome::from(None) as u32, 0);
        assert_eq!(outcome_name(0).to_str().unwrap(), "unknown");
    }

    #[test]
    fn the_limits_are_the_core_defaults_and_pass_through() {
        let d = ttt_search_limits_default();
        let core = SearchLimits::default();
        assert_eq!(
            (d.max_nodes, d.table_bytes, d.proof_nodes),
            (core.max_nodes, core.table_bytes, core.proof_nodes)
        );
        assert!(d.proof_nodes > 0 && d.stop.is_null() && d.max_time_ms == 0);
        for proof_nodes in [0, 1, u64::MAX] {
            let c = ttt_search_limits { proof_nodes, max_nodes: 7, ..d };
            // SAFETY: a live struct with a NULL stop flag.
            let limits = unsafe { ttt_search_limits::from_ptr(&c) }.unwrap();
            assert_eq!((limits.proof_nodes, limits.max_nodes), (proof_nodes, 7));
        }
    }
}
