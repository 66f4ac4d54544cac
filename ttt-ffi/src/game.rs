//! Rules and games: the `ttt_rules_*` and `ttt_game_*` exports.

use crate::boundary::{
    Failure, arg, arg_mut, copy_out, copy_str, guard, out, slice_in, status, write,
};
use crate::status::ttt_status;
use crate::types::{
    TTT_MAX_SIDE, cell_arg, player_arg, ttt_evaluation, ttt_game_state, ttt_player, ttt_rules,
};
use std::ffi::{CStr, c_char};
use ttt_core::{GameState, Player, Rules};

/// A game: one position and how it was reached. An opaque handle made by `ttt_game_new`,
/// `ttt_game_from_board`, `ttt_game_from_board_str`, `ttt_game_from_record` or
/// `ttt_game_clone`, and released with `ttt_game_free`.
///
/// Thread safety: a handle may be read (any call taking `const ttt_game *`) from several
/// threads at once; a call that changes it (`ttt_game_play*`, `ttt_game_undo`) needs exclusive
/// access. Different handles are independent.
pub struct ttt_game {
    pub(crate) state: GameState,
}

impl ttt_game {
    fn boxed(state: GameState) -> *mut ttt_game {
        Box::into_raw(Box::new(ttt_game { state }))
    }
}

/// The game behind a handle argument.
///
/// # Safety
/// `game` is NULL or a live handle from this library.
pub(crate) unsafe fn game_arg<'a>(game: *const ttt_game) -> Result<&'a GameState, Failure> {
    // SAFETY: forwarded contract.
    Ok(&unsafe { arg(game, "game") }?.state)
}

/// Writes a new handle for `state` through a checked out-parameter.
///
/// # Safety
/// `out_game` was checked by `out` and is valid for a write.
unsafe fn give(out_game: *mut *mut ttt_game, state: GameState) {
    // SAFETY: the caller's contract.
    unsafe { write(out_game, ttt_game::boxed(state)) }
}

fn rules_arg(rules: *const ttt_rules) -> Result<Rules, Failure> {
    // SAFETY: `rules` is NULL or points to a `ttt_rules` (caller's contract, documented).
    unsafe { arg(rules, "rules") }?.to_core()
}

/// The classic game: 3 × 3, three in a row, two players, no gravity.
#[unsafe(no_mangle)]
pub extern "C" fn ttt_rules_classic() -> ttt_rules {
    guard(Rules::CLASSIC.into(), || Rules::CLASSIC.into())
}

/// Connect Four: 7 wide, 6 high, four in a row, two players, gravity.
#[unsafe(no_mangle)]
pub extern "C" fn ttt_rules_connect_four() -> ttt_rules {
    guard(Rules::CONNECT_FOUR.into(), || Rules::CONNECT_FOUR.into())
}

/// Checks a set of rules: `TTT_STATUS_OK`, `TTT_STATUS_INVALID_RULES` (the message names the
/// field) or `TTT_STATUS_NULL_ARGUMENT`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_rules_check(rules: *const ttt_rules) -> ttt_status {
    status(|| rules_arg(rules).map(|_| ()))
}

/// Looks at any board of these rules (`cells_len` values, each a `ttt_player`,
/// `TTT_PLAYER_NONE` for empty; reachability is NOT checked): a win for the mark of the first
/// full window in canonical order (horizontal, vertical, diagonal, anti-diagonal; then by
/// smallest index), else a draw when no cell is empty, else in progress. The classic engine's
/// `evaluate_board`.
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_INVALID_RULES`,
/// `TTT_STATUS_INVALID_ARGUMENT` (a value that is not a player or `TTT_PLAYER_NONE`),
/// `TTT_STATUS_POSITION_WRONG_LENGTH`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_rules_evaluate(
    rules: *const ttt_rules,
    cells: *const i32,
    cells_len: usize,
    out_evaluation: *mut ttt_evaluation,
) -> ttt_status {
    status(|| {
        let out_evaluation = out(out_evaluation, "out_evaluation")?;
        let rules = rules_arg(rules)?;
        // SAFETY: `cells` is valid for `cells_len` reads (caller's contract).
        let board = board_arg(unsafe { slice_in(cells, cells_len, "cells") }?)?;
        let eval = rules.evaluate(&board).ok_or_else(|| {
            Failure::from(ttt_core::PositionError::WrongLength {
                expected: rules.cell_count(),
                found: board.len(),
            })
        })?;
        let line = eval.winning_line.unwrap_or_default();
        let mut result = ttt_evaluation {
            state: eval.status.into(),
            winner: ttt_player::from_cell(eval.winner),
            line: [0; TTT_MAX_SIDE],
            line_len: line.len().min(TTT_MAX_SIDE),
        };
        for (slot, &cell) in result.line.iter_mut().zip(&line) {
            *slot = cell;
        }
        // SAFETY: checked out-parameter.
        unsafe { write(out_evaluation, result) };
        Ok(())
    })
}

fn board_arg(raw: &[i32]) -> Result<Vec<Option<Player>>, Failure> {
    raw.iter().enumerate().map(|(i, &v)| cell_arg(v, i)).collect()
}

/// A new game on an empty board with `starting_player` (a `ttt_player` value) to move.
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT`, `TTT_STATUS_INVALID_RULES`,
/// `TTT_STATUS_INVALID_ARGUMENT` (not a player), `TTT_STATUS_PLAYER_NOT_IN_GAME` (for example
/// Y in a two-player game).
///
/// Ownership: on success `*out_game` is a new handle the caller frees with `ttt_game_free`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_new(
    rules: *const ttt_rules,
    starting_player: i32,
    out_game: *mut *mut ttt_game,
) -> ttt_status {
    status(|| {
        let out_game = out(out_game, "out_game")?;
        let rules = rules_arg(rules)?;
        let player = player_arg(starting_player, "starting_player")?;
        let state = GameState::new(rules, player)?;
        // SAFETY: checked out-parameter.
        unsafe { give(out_game, state) };
        Ok(())
    })
}

/// A game whose starting position is the board `cells` (`cells_len` values, each a
/// `ttt_player`: `TTT_PLAYER_NONE` for an empty cell), with `to_move` to move, accepted only if
/// a real game started by X could reach it. Undo never goes back past this position.
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT` (`cells` may be NULL only when `cells_len` is 0),
/// `TTT_STATUS_INVALID_RULES`, `TTT_STATUS_INVALID_ARGUMENT` (a value that is not a player or
/// `TTT_PLAYER_NONE`), or one of the `TTT_STATUS_POSITION_*` refusal reasons.
///
/// Ownership: on success `*out_game` is a new handle the caller frees with `ttt_game_free`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_from_board(
    rules: *const ttt_rules,
    cells: *const i32,
    cells_len: usize,
    to_move: i32,
    out_game: *mut *mut ttt_game,
) -> ttt_status {
    status(|| {
        let out_game = out(out_game, "out_game")?;
        let rules = rules_arg(rules)?;
        // SAFETY: `cells` is valid for `cells_len` reads (caller's contract).
        let raw = unsafe { slice_in(cells, cells_len, "cells") }?;
        let to_move = player_arg(to_move, "to_move")?;
        let board = board_arg(raw)?;
        let state = GameState::from_board(rules, &board, to_move)?;
        // SAFETY: checked out-parameter.
        unsafe { give(out_game, state) };
        Ok(())
    })
}

/// Like `ttt_game_from_board`, reading the board from a NUL-terminated string: one character
/// per cell, row-major, `X` `O` `Y` `Z` (either case) for marks and `.` `-` `_` for empty cells;
/// whitespace is ignored. Example: `"XX.OO...."`.
///
/// Errors: as `ttt_game_from_board`, plus `TTT_STATUS_NOT_UTF8` and
/// `TTT_STATUS_POSITION_UNKNOWN_MARK`.
///
/// Ownership: on success `*out_game` is a new handle the caller frees with `ttt_game_free`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_from_board_str(
    rules: *const ttt_rules,
    board: *const c_char,
    to_move: i32,
    out_game: *mut *mut ttt_game,
) -> ttt_status {
    status(|| {
        let out_game = out(out_game, "out_game")?;
        let rules = rules_arg(rules)?;
        if board.is_null() {
            return Err(crate::boundary::null("board"));
        }
        // SAFETY: non-NULL and NUL-terminated (caller's contract).
        let text = unsafe { CStr::from_ptr(board) }.to_str().map_err(|e| {
            Failure::new(
                ttt_status::TTT_STATUS_NOT_UTF8,
                format!("the board is not UTF-8 (byte {})", e.valid_up_to()),
            )
        })?;
        let to_move = player_arg(to_move, "to_move")?;
        let state = GameState::from_board_str(rules, text, to_move)?;
        // SAFETY: checked out-parameter.
        unsafe { give(out_game, state) };
        Ok(())
    })
}

/// Loads a game from its record (`text`, `text_len` bytes, no NUL needed; one trailing newline
/// allowed), replaying every move, e.g. `"ttt/1 3x3 k=3 players=2 start=X moves=4,0"`.
///
/// Errors: `TTT_STATUS_NULL_ARGUMENT` (`text` may be NULL only when `text_len` is 0),
/// `TTT_STATUS_INVALID_RECORD` (`ttt_last_error_message` gives the byte offset and the reason,
/// non-UTF-8 input included). Nothing is loaded on failure.
///
/// Ownership: on success `*out_game` is a new handle the caller frees with `ttt_game_free`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_from_record(
    text: *const c_char,
    text_len: usize,
    out_game: *mut *mut ttt_game,
) -> ttt_status {
    status(|| {
        let out_game = out(out_game, "out_game")?;
        // SAFETY: valid for `text_len` reads (caller's contract).
        let bytes = unsafe { slice_in(text.cast::<u8>(), text_len, "text") }?;
        let state = GameState::from_record_bytes(bytes)?;
        // SAFETY: checked out-parameter.
        unsafe { give(out_game, state) };
        Ok(())
    })
}

/// Writes the game's record (NUL-terminated) into `buf`. On success and on
/// `TTT_STATUS_BUFFER_TOO_SMALL`, `*out_len` is the number of bytes needed, NUL included; the
/// buffer is written only on success. Call with `buf = NULL, buf_len = 0` to ask for the length.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_to_record(
    game: *const ttt_game,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract (live handle or NULL; buffer valid for `buf_len`).
        let state = unsafe { game_arg(game) }?;
        unsafe { copy_str(&state.to_record(), buf, buf_len, out_len) }
    })
}

/// Writes the board as one line of text (NUL-terminated), row after row, `X` `O` `Y` `Z` for
/// marks and `.` for empty cells: the form `ttt_game_from_board_str` reads. Buffer rules as
/// `ttt_game_to_record`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_board_string(
    game: *const ttt_game,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { copy_str(&state.board_string(), buf, buf_len, out_len) }
    })
}

/// A copy of `game` that evolves independently.
///
/// Ownership: on success `*out_game` is a new handle the caller frees with `ttt_game_free`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_clone(
    game: *const ttt_game,
    out_game: *mut *mut ttt_game,
) -> ttt_status {
    status(|| {
        let out_game = out(out_game, "out_game")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?.clone();
        unsafe { give(out_game, state) };
        Ok(())
    })
}

/// Releases a game handle. `ttt_game_free(NULL)` does nothing. The handle must not be used
/// afterwards, nor freed twice.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_free(game: *mut ttt_game) {
    guard((), || {
        if !game.is_null() {
            // SAFETY: a handle from `ttt_game::boxed`, freed once (caller's contract).
            drop(unsafe { Box::from_raw(game) });
        }
    })
}

/// Whether two games are the same: same rules, starting position, moves (and so board and
/// status). `*out_equal` is written on success.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_equal(
    a: *const ttt_game,
    b: *const ttt_game,
    out_equal: *mut bool,
) -> ttt_status {
    status(|| {
        let out_equal = out(out_equal, "out_equal")?;
        // SAFETY: caller's contract.
        let (a, b) = unsafe { (arg(a, "a")?, arg(b, "b")?) };
        unsafe { write(out_equal, a.state == b.state) };
        Ok(())
    })
}

/// The current player plays cell `index` (row-major from the top-left: `row * width + col`).
///
/// Errors (the invalid-move reasons, checked in this order): `TTT_STATUS_GAME_OVER`,
/// `TTT_STATUS_OUT_OF_RANGE`, `TTT_STATUS_OCCUPIED`, `TTT_STATUS_FLOATING`; and
/// `TTT_STATUS_NULL_ARGUMENT`. A refused move leaves the game unchanged.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_play(game: *mut ttt_game, index: usize) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract (live handle, exclusive access).
        let game = unsafe { arg_mut(game, "game") }?;
        game.state = game.state.apply_move(index)?;
        Ok(())
    })
}

/// `player` plays cell `index`: refused with `TTT_STATUS_NOT_YOUR_TURN` when it is not
/// `player`'s turn. This is how to take moves from a remote or untrusted source.
///
/// Errors: `TTT_STATUS_INVALID_ARGUMENT` (not a player), then as `ttt_game_play` with
/// `TTT_STATUS_NOT_YOUR_TURN` checked after `TTT_STATUS_GAME_OVER`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_play_as(
    game: *mut ttt_game,
    player: i32,
    index: usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let game = unsafe { arg_mut(game, "game") }?;
        let player = player_arg(player, "player")?;
        game.state = game.state.apply_move_as(player, index)?;
        Ok(())
    })
}

/// `player` plays cell `index` as move number `ply` (0 for the first move from the starting
/// position). A move for another player or for a ply that is not the current one (a stale
/// move) is refused with `TTT_STATUS_NOT_YOUR_TURN`. Errors as `ttt_game_play_as`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_play_at(
    game: *mut ttt_game,
    player: i32,
    ply: usize,
    index: usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let game = unsafe { arg_mut(game, "game") }?;
        let player = player_arg(player, "player")?;
        game.state = game.state.apply_move_at(player, ply, index)?;
        Ok(())
    })
}

/// Gravity rules (Connect Four): the current player drops a mark into column `col` (0 for the
/// leftmost); it lands in the lowest empty cell of the column, whose index (`row * width +
/// col`) is written to `*out_index` unless `out_index` is NULL (it is optional).
///
/// Errors, checked in this order: `TTT_STATUS_NULL_ARGUMENT` (`game`), `TTT_STATUS_GAME_OVER`,
/// `TTT_STATUS_NO_GRAVITY` (the rules have no gravity), `TTT_STATUS_OUT_OF_RANGE` (`col >=
/// width`), `TTT_STATUS_OCCUPIED` (the column is full). A refused move leaves the game
/// unchanged and `*out_index` unwritten.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_play_column(
    game: *mut ttt_game,
    col: usize,
    out_index: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract (live handle, exclusive access).
        let game = unsafe { arg_mut(game, "game") }?;
        let (next, cell) = game.state.play_column(col)?;
        game.state = next;
        if !out_index.is_null() {
            // SAFETY: non-NULL, valid for a write by the caller's contract.
            unsafe { write(out_index, cell) };
        }
        Ok(())
    })
}

/// Takes back the last move (replaying the game from its starting position). With no move
/// since the starting position the game is left unchanged and the call still succeeds: compare
/// `ttt_game_ply` before and after to tell.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_undo(game: *mut ttt_game) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let game = unsafe { arg_mut(game, "game") }?;
        game.state = game.state.undo_last_move();
        Ok(())
    })
}

/// The rules of the game, written to `*out_rules`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_rules(
    game: *const ttt_game,
    out_rules: *mut ttt_rules,
) -> ttt_status {
    status(|| {
        let out_rules = out(out_rules, "out_rules")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { write(out_rules, (*state.rules()).into()) };
        Ok(())
    })
}

/// The board: `width * height` values, row-major from the top-left, each a `ttt_player`
/// (`TTT_PLAYER_NONE` for an empty cell). On success and on `TTT_STATUS_BUFFER_TOO_SMALL`,
/// `*out_len` is the number of cells; the buffer is written only on success (`buf` may be NULL
/// when `buf_len` is 0).
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_cells(
    game: *const ttt_game,
    buf: *mut ttt_player,
    buf_len: usize,
    out_len: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        let cells: Vec<ttt_player> =
            state.board().iter().map(|&c| ttt_player::from_cell(c)).collect();
        unsafe { copy_out(&cells, buf, buf_len, out_len) }
    })
}

/// The content of cell `index` (`TTT_PLAYER_NONE` when empty). `TTT_STATUS_OUT_OF_RANGE` when
/// `index` is not a cell of the board.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_cell(
    game: *const ttt_game,
    index: usize,
    out_player: *mut ttt_player,
) -> ttt_status {
    status(|| {
        let out_player = out(out_player, "out_player")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        if index >= state.board().len() {
            return Err(Failure::new(
                ttt_status::TTT_STATUS_OUT_OF_RANGE,
                format!("cell {index} is off the board of {} cells", state.board().len()),
            ));
        }
        unsafe { write(out_player, ttt_player::from_cell(state.cell(index))) };
        Ok(())
    })
}

/// Whose turn it is. After a win this is the player after the winner: use `ttt_game_winner`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_current_player(
    game: *const ttt_game,
    out_player: *mut ttt_player,
) -> ttt_status {
    status(|| {
        let out_player = out(out_player, "out_player")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { write(out_player, ttt_player::from_cell(Some(state.current_player()))) };
        Ok(())
    })
}

/// The player who was to move in the starting position.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_starting_player(
    game: *const ttt_game,
    out_player: *mut ttt_player,
) -> ttt_status {
    status(|| {
        let out_player = out(out_player, "out_player")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { write(out_player, ttt_player::from_cell(Some(state.starting_player()))) };
        Ok(())
    })
}

/// Whether the game goes on, was won or was drawn.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_status(
    game: *const ttt_game,
    out_state: *mut ttt_game_state,
) -> ttt_status {
    status(|| {
        let out_state = out(out_state, "out_state")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { write(out_state, state.status().into()) };
        Ok(())
    })
}

/// The winner, or `TTT_PLAYER_NONE` on a draw or while the game is in progress.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_winner(
    game: *const ttt_game,
    out_player: *mut ttt_player,
) -> ttt_status {
    status(|| {
        let out_player = out(out_player, "out_player")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { write(out_player, ttt_player::from_cell(state.winner())) };
        Ok(())
    })
}

/// The winning line: the first window of k cells of the winner's mark (horizontal, vertical,
/// diagonal, anti-diagonal; then by smallest index), cells ascending. `*out_len` is 0 unless
/// the game is won. Buffer rules as `ttt_game_cells`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_winning_line(
    game: *const ttt_game,
    buf: *mut usize,
    buf_len: usize,
    out_len: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        let line = state.winning_line().unwrap_or_default();
        unsafe { copy_out(&line, buf, buf_len, out_len) }
    })
}

/// The cells played since the starting position, in order. Buffer rules as `ttt_game_cells`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_history(
    game: *const ttt_game,
    buf: *mut usize,
    buf_len: usize,
    out_len: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { copy_out(state.move_history(), buf, buf_len, out_len) }
    })
}

/// The number of moves played since the starting position.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_ply(game: *const ttt_game, out_ply: *mut usize) -> ttt_status {
    status(|| {
        let out_ply = out(out_ply, "out_ply")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { write(out_ply, state.ply()) };
        Ok(())
    })
}

/// The playable cells in ascending order, none when the game is over (under gravity, the
/// lowest empty cell of each column that is not full). A buffer of `width * height` elements is
/// always large enough. Buffer rules as `ttt_game_cells`.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_legal_moves(
    game: *const ttt_game,
    buf: *mut usize,
    buf_len: usize,
    out_len: *mut usize,
) -> ttt_status {
    status(|| {
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { copy_out(&state.available_moves(), buf, buf_len, out_len) }
    })
}

/// Whether the current player may play `index` now. Any index is accepted (an off-board one
/// is simply not legal).
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_game_is_legal(
    game: *const ttt_game,
    index: usize,
    out_legal: *mut bool,
) -> ttt_status {
    status(|| {
        let out_legal = out(out_legal, "out_legal")?;
        // SAFETY: caller's contract.
        let state = unsafe { game_arg(game) }?;
        unsafe { write(out_legal, state.is_legal(index)) };
        Ok(())
    })
}

/// The name of a game state, the same in every language: `"in-progress"`, `"win"` or
/// `"draw"`; `"unknown-state"` for any other value.
///
/// Ownership: the string is static (never free it). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn ttt_game_state_name(state: u32) -> *const c_char {
    guard(c"unknown-state".as_ptr(), || state_name(state).as_ptr())
}

fn state_name(state: u32) -> &'static CStr {
    match state {
        0 => c"in-progress",
        1 => c"win",
        2 => c"draw",
        _ => c"unknown-state",
    }
}

/// The character of a player's mark: `'X'`, `'O'`, `'Y'`, `'Z'`, or `'.'` for
/// `TTT_PLAYER_NONE`. `TTT_STATUS_INVALID_ARGUMENT` for any other value.
#[must_use]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_player_mark(player: i32, out_mark: *mut c_char) -> ttt_status {
    status(|| {
        let out_mark = out(out_mark, "out_mark")?;
        let mark = match cell_arg(player, 0) {
            Ok(Some(p)) => p.mark(),
            Ok(None) => '.',
            Err(_) => {
                return Err(Failure::new(
                    ttt_status::TTT_STATUS_INVALID_ARGUMENT,
                    format!(
                        "player {player} is neither a player (0 to 3) nor TTT_PLAYER_NONE (-1)"
                    ),
                ));
            }
        };
        // SAFETY: checked out-parameter; marks are ASCII.
        unsafe { write(out_mark, mark as u8 as c_char) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Status;

    #[test]
    fn state_names_agree_with_ttt_core() {
        for s in [Status::InProgress, Status::Win, Status::Draw] {
            let ours = ttt_game_state::from(s) as u32;
            assert_eq!(state_name(ours).to_str().unwrap(), s.as_str());
        }
        assert_eq!(state_name(3).to_str().unwrap(), "unknown-state");
    }
}
