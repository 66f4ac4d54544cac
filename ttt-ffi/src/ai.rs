//! The computer player: a seedable generator handle, and moves by difficulty.

use crate::boundary::{Failure, arg_mut, guard, out, status, write};
use crate::game::{game_arg, ttt_game};
use crate::search::ttt_search_limits;
use crate::status::ttt_status;
use std::ffi::{CStr, c_char, c_void};
use ttt_core::{AiError, Difficulty, Rng, SeededRng};

/// How strong the computer plays. Taken as a plain `uint32_t` and validated: any other value
/// gives `TTT_STATUS_INVALID_ARGUMENT`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ttt_difficulty {
    /// A uniformly random legal move.
    TTT_DIFFICULTY_EASY = 0,
    /// Win now if possible, else block a win, else a random move.
    TTT_DIFFICULTY_MEDIUM = 1,
    /// Perfect play where the search finishes within its limits: uniformly random among all
    /// moves of the best exact score. On boards it cannot solve in time (15×15, Connect Four
    /// from the opening, ...): a win at once, a forced block or a forced win by continuous
    /// threats first (proven), else the best move of an anytime search with an evaluation,
    /// unproven (random among the moves it rates equal). See `ttt_engine` to keep its table
    /// between moves, and the README for three or four players (paranoid proofs, max-n
    /// where they do not decide).
    TTT_DIFFICULTY_HARD = 2,
}

/// The seeded random generator every language shares (ChaCha8 seeded from one 64-bit number):
/// the same seed gives the same moves in C, Rust and Python. Made by `ttt_rng_new`, released
/// by `ttt_rng_free`. Not shareable between threads while in use: each call that draws from it
/// needs exclusive access.
pub struct ttt_rng {
    pub(crate) inner: SeededRng,
}

/// A caller-supplied source of randomness: returns a float in [0, 1) each time it is called,
/// with the `user_data` given alongside it. Values outside [0, 1) are not an error: NaN and
/// values <= 0 pick the first candidate, values >= 1 the last. The callback must not unwind
/// (no C++ exception, no longjmp) through the library.
pub type ttt_rng_callback = Option<unsafe extern "C" fn(user_data: *mut c_void) -> f64>;

impl ttt_difficulty {
    fn name(self) -> &'static CStr {
        match self {
            ttt_difficulty::TTT_DIFFICULTY_EASY => c"easy",
            ttt_difficulty::TTT_DIFFICULTY_MEDIUM => c"medium",
            ttt_difficulty::TTT_DIFFICULTY_HARD => c"hard",
        }
    }

    fn from_core(d: Difficulty) -> ttt_difficulty {
        match d {
            Difficulty::Easy => ttt_difficulty::TTT_DIFFICULTY_EASY,
            Difficulty::Medium => ttt_difficulty::TTT_DIFFICULTY_MEDIUM,
            Difficulty::Hard => ttt_difficulty::TTT_DIFFICULTY_HARD,
        }
    }
}

/// The name of a difficulty, the same in every language: `"easy"`, `"medium"` or `"hard"`;
/// `"unknown-difficulty"` for any other value.
///
/// Ownership: the string is static (never free it). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn ttt_difficulty_name(difficulty: u32) -> *const c_char {
    guard(c"unknown-difficulty".as_ptr(), || match difficulty_arg(difficulty) {
        Ok(d) => ttt_difficulty::from_core(d).name().as_ptr(),
        Err(_) => c"unknown-difficulty".as_ptr(),
    })
}

/// Reads a difficulty from its name (`"easy"`, `"medium"` or `"hard"`, exactly: lower case, no
/// spaces) into `*out_difficulty`.
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_NOT_UTF8`, `TTT_STATUS_INVALID_ARGUMENT` for
/// any other name.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_difficulty_parse(
    name: *const c_char,
    out_difficulty: *mut ttt_difficulty,
) -> ttt_status {
    status(|| {
        let out_difficulty = out(out_difficulty, "out_difficulty")?;
        if name.is_null() {
            return Err(crate::boundary::null("name"));
        }
        // SAFETY: non-NULL and NUL-terminated (caller's contract).
        let text = unsafe { CStr::from_ptr(name) }.to_str().map_err(|_| {
            Failure::new(ttt_status::TTT_STATUS_NOT_UTF8, "the difficulty name is not UTF-8")
        })?;
        let d: Difficulty = text
            .parse()
            .map_err(|e| Failure::new(ttt_status::TTT_STATUS_INVALID_ARGUMENT, format!("{e}")))?;
        // SAFETY: checked out-parameter.
        unsafe { write(out_difficulty, ttt_difficulty::from_core(d)) };
        Ok(())
    })
}

pub(crate) fn difficulty_arg(value: u32) -> Result<Difficulty, Failure> {
    match value {
        0 => Ok(Difficulty::Easy),
        1 => Ok(Difficulty::Medium),
        2 => Ok(Difficulty::Hard),
        _ => Err(Failure::new(
            ttt_status::TTT_STATUS_INVALID_ARGUMENT,
            format!("difficulty {value} is not one of 0 (easy), 1 (medium), 2 (hard)"),
        )),
    }
}

pub(crate) fn ai_error(e: AiError) -> Failure {
    match e {
        AiError::GameOver => Failure::new(ttt_status::TTT_STATUS_GAME_OVER, e.to_string()),
    }
}

/// A new generator for `seed` (every value is a valid seed).
///
/// Ownership: on success `*out_rng` is a new handle the caller frees with `ttt_rng_free`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_rng_new(seed: u64, out_rng: *mut *mut ttt_rng) -> ttt_status {
    status(|| {
        let out_rng = out(out_rng, "out_rng")?;
        let rng = Box::into_raw(Box::new(ttt_rng { inner: SeededRng::new(seed) }));
        // SAFETY: checked out-parameter.
        unsafe { write(out_rng, rng) };
        Ok(())
    })
}

/// Releases a generator. `ttt_rng_free(NULL)` does nothing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_rng_free(rng: *mut ttt_rng) {
    guard((), || {
        if !rng.is_null() {
            // SAFETY: a handle from `ttt_rng_new`, freed once (caller's contract).
            drop(unsafe { Box::from_raw(rng) });
        }
    })
}

/// The generator's next float in [0, 1) (the same stream the AI draws from).
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_rng_next_f64(rng: *mut ttt_rng, out_value: *mut f64) -> ttt_status {
    status(|| {
        let out_value = out(out_value, "out_value")?;
        // SAFETY: caller's contract (live handle, exclusive access).
        let rng = unsafe { arg_mut(rng, "rng") }?;
        let value = rng.inner.next_f64();
        unsafe { write(out_value, value) };
        Ok(())
    })
}

/// The move the computer plays at `difficulty` (a `ttt_difficulty` value) for the player to
/// move, drawing exactly one float from `rng`. Hard searches with the default limits
/// (`ttt_search_limits_default`); on boards too large to solve within them it plays its best
/// unproven move (use `ttt_game_choose_move_with` to know).
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_INVALID_ARGUMENT` (difficulty),
/// `TTT_STATUS_GAME_OVER` (nothing is drawn from `rng` then).
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_choose_move(
    game: *const ttt_game,
    difficulty: u32,
    rng: *mut ttt_rng,
    out_index: *mut usize,
) -> ttt_status {
    status(|| {
        let out_index = out(out_index, "out_index")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        let rng = unsafe { arg_mut(rng, "rng") }?;
        let difficulty = difficulty_arg(difficulty)?;
        let index = ttt_core::choose_move(state, difficulty, &mut rng.inner).map_err(ai_error)?;
        unsafe { write(out_index, index) };
        Ok(())
    })
}

/// Like `ttt_game_choose_move`, drawing from a caller's callback instead of a `ttt_rng`:
/// `callback(user_data)` is called exactly once on success, never on failure.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_choose_move_with_callback(
    game: *const ttt_game,
    difficulty: u32,
    callback: ttt_rng_callback,
    user_data: *mut c_void,
    out_index: *mut usize,
) -> ttt_status {
    status(|| {
        let out_index = out(out_index, "out_index")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        let Some(callback) = callback else { return Err(crate::boundary::null("callback")) };
        let difficulty = difficulty_arg(difficulty)?;
        // SAFETY: the caller's callback, called with the caller's data (their contract).
        let mut draw = || unsafe { callback(user_data) };
        let index = ttt_core::choose_move(state, difficulty, &mut draw).map_err(ai_error)?;
        unsafe { write(out_index, index) };
        Ok(())
    })
}

/// Like `ttt_game_choose_move` with Hard's search bounded by `*limits`; `*out_proven` tells
/// whether the move is proven best (always false for Easy and Medium, which make no claim).
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_choose_move_with(
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
        let state = unsafe { game_arg(game) }?;
        let rng = unsafe { arg_mut(rng, "rng") }?;
        let limits = unsafe { ttt_search_limits::from_ptr(limits) }?;
        let difficulty = difficulty_arg(difficulty)?;
        let choice = ttt_core::choose_move_with(state, difficulty, &mut rng.inner, &limits)
            .map_err(ai_error)?;
        unsafe {
            write(out_index, choice.index);
            write(out_proven, choice.proven);
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_names_agree_with_ttt_core() {
        for d in Difficulty::ALL {
            let ours = ttt_difficulty::from_core(d);
            assert_eq!(ours.name().to_str().unwrap(), d.as_str());
            assert_eq!(difficulty_arg(ours as u32).unwrap(), d);
        }
        assert!(difficulty_arg(3).is_err());
    }
}
