//! The reusable search engine: a handle that keeps its transposition table from one call to the
//! next (ttt-core's `Engine`), with the search and AI calls of the free functions on it.

use crate::ai::{ai_error, difficulty_arg, ttt_rng};
use crate::boundary::{Failure, arg_mut, guard, out, status, write};
use crate::game::{game_arg, ttt_game};
use crate::search::{
    analyze_into_with, best_move_into, game_over, ttt_best_move, ttt_move_analysis,
    ttt_search_limits,
};
use crate::status::ttt_status;
use ttt_core::{Engine, SearchLimits};

/// A search engine that keeps what it learns from one call to the next, so that a game played
/// move by move through one engine does not prove again what earlier moves proved (the free
/// functions, `ttt_game_best_move` and the others, start from nothing at every call). Made by
/// `ttt_engine_new`, released by `ttt_engine_free`.
///
/// What it keeps: its transposition tables, whose entries are proven bounds on the value of
/// positions, true as long as the rules and the seats stay the same. Each call starts a new
/// generation (entries of earlier calls give way first when the table is full). A call on
/// other rules, or with the seats in another order, clears them by itself; a call for another
/// root player clears them too with three or four players. On boards without gravity, with two
/// players, it also keeps the anytime search's table (heuristic values and best moves, at most
/// 3 MiB), and a side's next two moves search no deeper than that side's last search that went
/// to its budget, a depth the kept table reaches for fewer nodes: a game through one engine takes
/// less time than through the free functions. Nothing else survives a call (node counts, the
/// clock, the rest of the anytime search start afresh). Call `ttt_engine_clear` for a new game
/// when you want its answers to be those of a fresh engine: under a node budget an engine's
/// answers depend on what it searched before (that is the point of keeping the table), so two
/// runs are identical only if they make the same calls from the same state.
///
/// The engine's table size applies to every call on it: the `table_bytes` of the
/// `ttt_search_limits` passed to its calls is not used.
///
/// Thread safety: an engine is used by one thread at a time (every call takes it non-const and
/// needs exclusive access for the duration of the call); it may move between threads between
/// calls. The stop flag of the limits may be set from any other thread while a call runs.
/// Several engines may search at once on several threads.
pub struct ttt_engine {
    inner: Engine,
}

/// The table size `ttt_engine_new` gives for 0: 64 MiB, as the default limits.
fn table_bytes_arg(table_bytes: usize) -> usize {
    if table_bytes == 0 { SearchLimits::DEFAULT_TABLE_BYTES } else { table_bytes }
}

/// A new engine whose transposition tables may take `table_bytes` bytes together (0: the
/// default, 64 MiB, the `table_bytes` of `ttt_search_limits_default()`). The tables start small
/// and grow while a search fills them, up to that size. Every value is accepted, but choose
/// one the machine can give: as with `ttt_search_limits.table_bytes`, tables growing past the
/// memory available end the process (an allocation failure is not recoverable).
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT` when `out_engine` is NULL.
///
/// Ownership: on success `*out_engine` is a new handle the caller frees with
/// `ttt_engine_free`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_new(
    table_bytes: usize,
    out_engine: *mut *mut ttt_engine,
) -> ttt_status {
    status(|| {
        let out_engine = out(out_engine, "out_engine")?;
        let inner = Engine::with_table_bytes(table_bytes_arg(table_bytes));
        let engine = Box::into_raw(Box::new(ttt_engine { inner }));
        // SAFETY: checked out-parameter.
        unsafe { write(out_engine, engine) };
        Ok(())
    })
}

/// Releases an engine and its tables. `ttt_engine_free(NULL)` does nothing. The handle must
/// not be used afterwards, nor freed twice, nor freed while a call on it runs.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_free(engine: *mut ttt_engine) {
    guard((), || {
        if !engine.is_null() {
            // SAFETY: a handle from `ttt_engine_new`, freed once (caller's contract).
            drop(unsafe { Box::from_raw(engine) });
        }
    })
}

/// Forgets everything the engine has searched (for a new game): it then answers exactly as a
/// fresh engine of the same size (its tables shrink back to their small starting size).
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_clear(engine: *mut ttt_engine) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract (live handle, exclusive access).
        unsafe { engine_arg(engine) }?.clear();
        Ok(())
    })
}

/// The byte budget of the engine's tables (the size given to `ttt_engine_new`, or the default
/// for 0) into `*out_bytes`. Though it takes a const handle, it must not run while another
/// call on the same engine does (an engine is used by one thread at a time).
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_table_bytes(
    engine: *const ttt_engine,
    out_bytes: *mut usize,
) -> ttt_status {
    status(|| {
        let out_bytes = out(out_bytes, "out_bytes")?;
        // SAFETY: caller's contract.
        let bytes = unsafe { crate::boundary::arg(engine, "engine") }?.inner.table_bytes();
        unsafe { write(out_bytes, bytes) };
        Ok(())
    })
}

/// The engine from a C pointer, for exclusive use.
///
/// # Safety
/// `engine` is NULL or a live handle nothing else uses during the call.
unsafe fn engine_arg<'a>(engine: *mut ttt_engine) -> Result<&'a mut Engine, Failure> {
    // SAFETY: forwarded contract.
    Ok(&mut unsafe { arg_mut(engine, "engine") }?.inner)
}

/// `ttt_game_best_move` on the engine (default limits; the engine's own table).
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_GAME_OVER`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_best_move(
    engine: *mut ttt_engine,
    game: *const ttt_game,
    out_index: *mut usize,
) -> ttt_status {
    status(|| {
        let out_index = out(out_index, "out_index")?;
        // SAFETY: caller's contract.
        let engine = unsafe { engine_arg(engine) }?;
        let state = unsafe { game_arg(game) }?;
        game_over(state)?;
        let best = engine.best_move_with(state, &SearchLimits::default()).ok_or_else(over)?;
        unsafe { write(out_index, best.index) };
        Ok(())
    })
}

/// `ttt_game_best_move_with` on the engine: within `*limits` (node budget, time limit, stop
/// flag; not its `table_bytes`).
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_GAME_OVER`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_best_move_with(
    engine: *mut ttt_engine,
    game: *const ttt_game,
    limits: *const ttt_search_limits,
    out_best: *mut ttt_best_move,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let engine = unsafe { engine_arg(engine) }?;
        unsafe {
            best_move_into(game, limits, out_best, |state, limits| {
                engine.best_move_with(state, limits)
            })
        }
    })
}

/// `ttt_game_weak_solve_with` on the engine: within `*limits` (node budget, time limit, stop
/// flag; not its `table_bytes`), on the engine's table.
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_GAME_OVER`; `*out_best` is written only on
/// success.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_weak_solve_with(
    engine: *mut ttt_engine,
    game: *const ttt_game,
    limits: *const ttt_search_limits,
    out_best: *mut ttt_best_move,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let engine = unsafe { engine_arg(engine) }?;
        unsafe {
            best_move_into(game, limits, out_best, |state, limits| {
                engine.weak_solve_with(state, limits)
            })
        }
    })
}

/// `ttt_game_analyze` on the engine (default limits), into `buf`, with the same buffer
/// convention: a short buffer gets `TTT_STATUS_BUFFER_TOO_SMALL` with `*out_len` set, before
/// any search is done; none when the game is over (`*out_len` = 0).
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_BUFFER_TOO_SMALL`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_analyze(
    engine: *mut ttt_engine,
    game: *const ttt_game,
    buf: *mut ttt_move_analysis,
    buf_len: usize,
    out_len: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let engine = unsafe { engine_arg(engine) }?;
        let state = unsafe { game_arg(game) }?;
        let analyze = |s: &_, l: &_| engine.analyze_with(s, l);
        unsafe {
            analyze_into_with(state, &SearchLimits::default(), buf, buf_len, out_len, analyze)
        }
    })
}

/// `ttt_engine_analyze` within `*limits` (not its `table_bytes`).
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_BUFFER_TOO_SMALL`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_analyze_with(
    engine: *mut ttt_engine,
    game: *const ttt_game,
    limits: *const ttt_search_limits,
    buf: *mut ttt_move_analysis,
    buf_len: usize,
    out_len: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let engine = unsafe { engine_arg(engine) }?;
        let state = unsafe { game_arg(game) }?;
        let limits = unsafe { ttt_search_limits::from_ptr(limits) }?;
        let analyze = |s: &_, l: &_| engine.analyze_with(s, l);
        unsafe { analyze_into_with(state, &limits, buf, buf_len, out_len, analyze) }
    })
}

/// `ttt_game_choose_move` on the engine: the move the computer plays at `difficulty` (a
/// `ttt_difficulty` value), drawing exactly one float from `rng`; Hard searches with the
/// default limits and keeps its table for the next call.
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_INVALID_ARGUMENT` (difficulty),
/// `TTT_STATUS_GAME_OVER` (nothing is drawn from `rng` then).
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_choose_move(
    engine: *mut ttt_engine,
    game: *const ttt_game,
    difficulty: u32,
    rng: *mut ttt_rng,
    out_index: *mut usize,
) -> ttt_status {
    status(|| {
        let out_index = out(out_index, "out_index")?;
        // SAFETY: caller's contract.
        let engine = unsafe { engine_arg(engine) }?;
        let state = unsafe { game_arg(game) }?;
        let rng = unsafe { arg_mut(rng, "rng") }?;
        let difficulty = difficulty_arg(difficulty)?;
        let choice = engine
            .choose_move_with(state, difficulty, &mut rng.inner, &SearchLimits::default())
            .map_err(ai_error)?;
        unsafe { write(out_index, choice.index) };
        Ok(())
    })
}

/// `ttt_game_choose_move_with` on the engine: Hard's search bounded by `*limits` (not its
/// `table_bytes`); `*out_proven` tells whether the move is proven best (always false for Easy
/// and Medium).
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_INVALID_ARGUMENT` (difficulty),
/// `TTT_STATUS_GAME_OVER` (nothing is drawn from `rng` then).
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_engine_choose_move_with(
    engine: *mut ttt_engine,
    game: *const ttt_game,
    difficulty: u32,
    rng: *mut ttt_rng,
    limits: *const ttt_search_limits,
    out_index: *mut usize,
    out_proven: *mut bool,
) -> ttt_status {
    status(|| {
        let out_index = out(out_index, "out_index")?;
        let out_proven = out(out_proven, "out_proven")?;
        // SAFETY: caller's contract.
        let engine = unsafe { engine_arg(engine) }?;
        let state = unsafe { game_arg(game) }?;
        let rng = unsafe { arg_mut(rng, "rng") }?;
        let limits = unsafe { ttt_search_limits::from_ptr(limits) }?;
        let difficulty = difficulty_arg(difficulty)?;
        let choice = engine
            .choose_move_with(state, difficulty, &mut rng.inner, &limits)
            .map_err(ai_error)?;
        unsafe {
            write(out_index, choice.index);
            write(out_proven, choice.proven);
        }
        Ok(())
    })
}

fn over() -> Failure {
    Failure::new(ttt_status::TTT_STATUS_GAME_OVER, "the game is over")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_means_the_default_table() {
        assert_eq!(table_bytes_arg(0), SearchLimits::DEFAULT_TABLE_BYTES);
        assert_eq!(table_bytes_arg(1 << 20), 1 << 20);
    }
}
