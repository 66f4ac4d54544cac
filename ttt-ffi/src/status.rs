//! `ttt_status`: the result of every fallible call, and its names.

use crate::boundary::{Failure, guard, with_last_error};
use std::ffi::{CStr, c_char};
use ttt_core::{InvalidMoveError, InvalidMoveReason, PositionError, RecordError, RulesError};

/// The result of a fallible call. `TTT_STATUS_OK` is 0; every other value is a failure, and
/// numbers are never reused for another meaning. A failed call leaves its out-parameters
/// untouched (except the length out-parameter of buffer calls, see `ttt_game_cells`) and
/// changes no handle; `ttt_last_error_message` then gives a detailed message.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ttt_status {
    /// Success.
    TTT_STATUS_OK = 0,
    /// A pointer argument that must not be NULL was NULL.
    TTT_STATUS_NULL_ARGUMENT = 1,
    /// An integer argument is out of its range: a player, difficulty or other enum value that
    /// does not exist, a cell value other than a player or `TTT_PLAYER_NONE`.
    TTT_STATUS_INVALID_ARGUMENT = 2,
    /// The caller's buffer is too small; the length out-parameter holds the length needed.
    TTT_STATUS_BUFFER_TOO_SMALL = 3,
    /// The rules are out of range: width or height not from 1 to 20, k not from 1 to the
    /// larger of width and height, players not from 2 to 4, or gravity neither 0 nor 1.
    TTT_STATUS_INVALID_RULES = 4,
    /// The player named has no seat in a game of these rules (for example Y in a two-player
    /// game).
    TTT_STATUS_PLAYER_NOT_IN_GAME = 5,
    /// Invalid move `game-over`: the game is already won or drawn. Also returned by the AI
    /// calls on a finished game.
    TTT_STATUS_GAME_OVER = 6,
    /// Invalid move `not-your-turn`: the move was made for another player or a stale ply.
    TTT_STATUS_NOT_YOUR_TURN = 7,
    /// Invalid move `out-of-range`: the index is not a cell of the board.
    TTT_STATUS_OUT_OF_RANGE = 8,
    /// Invalid move `occupied`: the cell already holds a mark.
    TTT_STATUS_OCCUPIED = 9,
    /// Invalid move `floating` (gravity): the cell below is empty.
    TTT_STATUS_FLOATING = 10,
    /// Refused position `wrong-length`: the board does not have width × height cells.
    TTT_STATUS_POSITION_WRONG_LENGTH = 11,
    /// Refused position `unknown-mark`: a board string holds a character that is neither a
    /// mark (X O Y Z) nor an empty cell (`.` `-` `_`).
    TTT_STATUS_POSITION_UNKNOWN_MARK = 12,
    /// Refused position `player-not-in-game`: a mark or the side to move has no seat.
    TTT_STATUS_POSITION_PLAYER_NOT_IN_GAME = 13,
    /// Refused position `floating` (gravity): a mark stands above an empty cell.
    TTT_STATUS_POSITION_FLOATING = 14,
    /// Refused position `mark-counts`: the mark counts do not fit the turn order.
    TTT_STATUS_POSITION_MARK_COUNTS = 15,
    /// Refused position `multiple-winners`: more than one player has a line.
    TTT_STATUS_POSITION_MULTIPLE_WINNERS = 16,
    /// Refused position `winner-did-not-move-last`.
    TTT_STATUS_POSITION_WINNER_DID_NOT_MOVE_LAST = 17,
    /// Refused position `lines-not-from-one-move`: no single last move made all the lines.
    TTT_STATUS_POSITION_LINES_NOT_FROM_ONE_MOVE = 18,
    /// A game record could not be loaded; the message says at which byte and why.
    TTT_STATUS_INVALID_RECORD = 19,
    /// A string argument is not valid UTF-8.
    TTT_STATUS_NOT_UTF8 = 20,
    /// A bug inside libttt was caught at the boundary (a Rust panic). Please report it.
    TTT_STATUS_PANIC = 21,
    /// Invalid move `no-gravity`: a column move (`ttt_game_play_column`) under rules without
    /// gravity, where a column does not name one cell.
    TTT_STATUS_NO_GRAVITY = 22,
}

impl ttt_status {
    /// Every status, in numeric order.
    pub(crate) const ALL: [ttt_status; 23] = [
        ttt_status::TTT_STATUS_OK,
        ttt_status::TTT_STATUS_NULL_ARGUMENT,
        ttt_status::TTT_STATUS_INVALID_ARGUMENT,
        ttt_status::TTT_STATUS_BUFFER_TOO_SMALL,
        ttt_status::TTT_STATUS_INVALID_RULES,
        ttt_status::TTT_STATUS_PLAYER_NOT_IN_GAME,
        ttt_status::TTT_STATUS_GAME_OVER,
        ttt_status::TTT_STATUS_NOT_YOUR_TURN,
        ttt_status::TTT_STATUS_OUT_OF_RANGE,
        ttt_status::TTT_STATUS_OCCUPIED,
        ttt_status::TTT_STATUS_FLOATING,
        ttt_status::TTT_STATUS_POSITION_WRONG_LENGTH,
        ttt_status::TTT_STATUS_POSITION_UNKNOWN_MARK,
        ttt_status::TTT_STATUS_POSITION_PLAYER_NOT_IN_GAME,
        ttt_status::TTT_STATUS_POSITION_FLOATING,
        ttt_status::TTT_STATUS_POSITION_MARK_COUNTS,
        ttt_status::TTT_STATUS_POSITION_MULTIPLE_WINNERS,
        ttt_status::TTT_STATUS_POSITION_WINNER_DID_NOT_MOVE_LAST,
        ttt_status::TTT_STATUS_POSITION_LINES_NOT_FROM_ONE_MOVE,
        ttt_status::TTT_STATUS_INVALID_RECORD,
        ttt_status::TTT_STATUS_NOT_UTF8,
        ttt_status::TTT_STATUS_PANIC,
        ttt_status::TTT_STATUS_NO_GRAVITY,
    ];

    /// The stable short name. For invalid moves and refused positions it is the reason name
    /// ttt-core uses in every language (a test checks that they agree).
    pub fn name(self) -> &'static CStr {
        use ttt_status::*;
        match self {
            TTT_STATUS_OK => c"ok",
            TTT_STATUS_NULL_ARGUMENT => c"null-argument",
            TTT_STATUS_INVALID_ARGUMENT => c"invalid-argument",
            TTT_STATUS_BUFFER_TOO_SMALL => c"buffer-too-small",
            TTT_STATUS_INVALID_RULES => c"invalid-rules",
            TTT_STATUS_PLAYER_NOT_IN_GAME => c"player-not-in-game",
            TTT_STATUS_GAME_OVER => c"game-over",
            TTT_STATUS_NOT_YOUR_TURN => c"not-your-turn",
            TTT_STATUS_OUT_OF_RANGE => c"out-of-range",
            TTT_STATUS_OCCUPIED => c"occupied",
            TTT_STATUS_FLOATING => c"floating",
            TTT_STATUS_POSITION_WRONG_LENGTH => c"wrong-length",
            TTT_STATUS_POSITION_UNKNOWN_MARK => c"unknown-mark",
            TTT_STATUS_POSITION_PLAYER_NOT_IN_GAME => c"player-not-in-game",
            TTT_STATUS_POSITION_FLOATING => c"floating",
            TTT_STATUS_POSITION_MARK_COUNTS => c"mark-counts",
            TTT_STATUS_POSITION_MULTIPLE_WINNERS => c"multiple-winners",
            TTT_STATUS_POSITION_WINNER_DID_NOT_MOVE_LAST => c"winner-did-not-move-last",
            TTT_STATUS_POSITION_LINES_NOT_FROM_ONE_MOVE => c"lines-not-from-one-move",
            TTT_STATUS_INVALID_RECORD => c"invalid-record",
            TTT_STATUS_NOT_UTF8 => c"not-utf8",
            TTT_STATUS_PANIC => c"panic",
            TTT_STATUS_NO_GRAVITY => c"no-gravity",
        }
    }

    /// A one-line English description.
    pub fn description(self) -> &'static CStr {
        use ttt_status::*;
        match self {
            TTT_STATUS_OK => c"success",
            TTT_STATUS_NULL_ARGUMENT => c"a required pointer argument is NULL",
            TTT_STATUS_INVALID_ARGUMENT => c"an integer argument is out of range",
            TTT_STATUS_BUFFER_TOO_SMALL => c"the buffer is too small",
            TTT_STATUS_INVALID_RULES => c"the rules are out of range",
            TTT_STATUS_PLAYER_NOT_IN_GAME => c"the player has no seat in a game of these rules",
            TTT_STATUS_GAME_OVER => c"invalid move: the game is over",
            TTT_STATUS_NOT_YOUR_TURN => c"invalid move: it is not this player's turn",
            TTT_STATUS_OUT_OF_RANGE => c"invalid move: the index is off the board",
            TTT_STATUS_OCCUPIED => c"invalid move: the cell is occupied",
            TTT_STATUS_FLOATING => c"invalid move: the cell below is empty",
            TTT_STATUS_POSITION_WRONG_LENGTH => c"refused position: wrong number of cells",
            TTT_STATUS_POSITION_UNKNOWN_MARK => c"refused position: unknown mark in the board",
            TTT_STATUS_POSITION_PLAYER_NOT_IN_GAME => {
                c"refused position: a player has no seat in these rules"
            }
            TTT_STATUS_POSITION_FLOATING => c"refused position: a mark floats above an empty cell",
            TTT_STATUS_POSITION_MARK_COUNTS => {
                c"refused position: the mark counts do not fit the turn order"
            }
            TTT_STATUS_POSITION_MULTIPLE_WINNERS => {
                c"refused position: more than one player has a line"
            }
            TTT_STATUS_POSITION_WINNER_DID_NOT_MOVE_LAST => {
                c"refused position: the winner did not move last"
            }
            TTT_STATUS_POSITION_LINES_NOT_FROM_ONE_MOVE => {
                c"refused position: the lines could not come from one move"
            }
            TTT_STATUS_INVALID_RECORD => c"the game record could not be loaded",
            TTT_STATUS_NOT_UTF8 => c"a string argument is not UTF-8",
            TTT_STATUS_PANIC => c"internal error in libttt (a bug; please report it)",
            TTT_STATUS_NO_GRAVITY => {
                c"invalid move: these rules have no gravity, so no column moves"
            }
        }
    }

    fn from_u32(value: u32) -> Option<ttt_status> {
        ttt_status::ALL.get(value as usize).copied()
    }
}

impl From<InvalidMoveError> for Failure {
    fn from(e: InvalidMoveError) -> Failure {
        use ttt_status::*;
        let status = match e.reason {
            InvalidMoveReason::GameOver => TTT_STATUS_GAME_OVER,
            InvalidMoveReason::NotYourTurn => TTT_STATUS_NOT_YOUR_TURN,
            InvalidMoveReason::OutOfRange => TTT_STATUS_OUT_OF_RANGE,
            InvalidMoveReason::Occupied => TTT_STATUS_OCCUPIED,
            InvalidMoveReason::Floating => TTT_STATUS_FLOATING,
            InvalidMoveReason::NoGravity => TTT_STATUS_NO_GRAVITY,
        };
        Failure::new(status, e.to_string())
    }
}

impl From<PositionError> for Failure {
    fn from(e: PositionError) -> Failure {
        use ttt_status::*;
        let status = match e {
            PositionError::WrongLength { .. } => TTT_STATUS_POSITION_WRONG_LENGTH,
            PositionError::UnknownMark { .. } => TTT_STATUS_POSITION_UNKNOWN_MARK,
            PositionError::PlayerNotInGame { .. } => TTT_STATUS_POSITION_PLAYER_NOT_IN_GAME,
            PositionError::Floating { .. } => TTT_STATUS_POSITION_FLOATING,
            PositionError::MarkCounts { .. } => TTT_STATUS_POSITION_MARK_COUNTS,
            PositionError::MultipleWinners => TTT_STATUS_POSITION_MULTIPLE_WINNERS,
            PositionError::WinnerDidNotMoveLast { .. } => {
                TTT_STATUS_POSITION_WINNER_DID_NOT_MOVE_LAST
            }
            PositionError::LinesNotFromOneMove { .. } => {
                TTT_STATUS_POSITION_LINES_NOT_FROM_ONE_MOVE
            }
        };
        Failure::new(status, format!("refused position: {e}"))
    }
}

impl From<RulesError> for Failure {
    fn from(e: RulesError) -> Failure {
        let status = match e {
            RulesError::PlayerNotInGame { .. } => ttt_status::TTT_STATUS_PLAYER_NOT_IN_GAME,
            RulesError::Width(_)
            | RulesError::Height(_)
            | RulesError::K { .. }
            | RulesError::Players(_) => ttt_status::TTT_STATUS_INVALID_RULES,
        };
        Failure::new(status, e.to_string())
    }
}

impl From<RecordError> for Failure {
    fn from(e: RecordError) -> Failure {
        Failure::new(ttt_status::TTT_STATUS_INVALID_RECORD, e.to_string())
    }
}

/// The stable short name of a status, e.g. `"ok"`, `"occupied"`, `"mark-counts"`: for invalid
/// moves and refused positions the same reason names as in Rust and Python. A value that is not a
/// status gets `"unknown-status"`.
///
/// Ownership: the string is static (never free it). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn ttt_status_name(status: u32) -> *const c_char {
    guard(c"panic".as_ptr(), || match ttt_status::from_u32(status) {
        Some(s) => s.name().as_ptr(),
        None => c"unknown-status".as_ptr(),
    })
}

/// A one-line English description of a status, e.g. `"invalid move: the cell is occupied"`. A
/// value that is not a status gets `"unknown status"`.
///
/// Ownership: the string is static (never free it). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn ttt_status_str(status: u32) -> *const c_char {
    guard(c"internal error".as_ptr(), || match ttt_status::from_u32(status) {
        Some(s) => s.description().as_ptr(),
        None => c"unknown status".as_ptr(),
    })
}

/// Copies the detailed message of the last call on this thread that failed (for example
/// `"bad game record at byte 6: unsupported version \"2\" ..."`) into `buf`, truncating it to
/// `buf_len - 1` bytes if needed, always NUL-terminated when `buf_len > 0`. Returns the length
/// needed to hold the whole message including its NUL; with `buf_len == 0` nothing is written
/// (`buf` may then be NULL). Before any failure the message is empty (the result is 1).
///
/// The message is kept per thread until the next failure on that thread; successful calls do
/// not clear it, so read it right after the failed call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ttt_last_error_message(buf: *mut c_char, buf_len: usize) -> usize {
    guard(0, || {
        with_last_error(|message| {
            let bytes = message.as_bytes_with_nul();
            if buf.is_null() || buf_len == 0 {
                return bytes.len();
            }
            let n = (bytes.len() - 1).min(buf_len - 1);
            // SAFETY: `buf` is non-NULL and valid for `buf_len` writes (caller's contract);
            // we write `n + 1 <= buf_len` bytes.
            unsafe {
                std::ptr::copy_nonoverlapping(bytes.as_ptr().cast::<c_char>(), buf, n);
                buf.add(n).write(0);
            }
            bytes.len()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttt_core::Player;

    #[test]
    fn reason_names_agree_with_ttt_core() {
        for reason in InvalidMoveReason::ALL {
            let status = Failure::from(InvalidMoveError { index: 0, reason }).status;
            assert_eq!(status.name().to_str().unwrap(), reason.as_str());
        }
        let positions = [
            PositionError::WrongLength { expected: 0, found: 0 },
            PositionError::UnknownMark { index: 0, mark: '?' },
            PositionError::PlayerNotInGame { player: Player::Y },
            PositionError::Floating { index: 0 },
            PositionError::MarkCounts { to_move: Player::X },
            PositionError::MultipleWinners,
            PositionError::WinnerDidNotMoveLast { winner: Player::X },
            PositionError::LinesNotFromOneMove { winner: Player::X },
        ];
        for e in positions {
            assert_eq!(Failure::from(e).status.name().to_str().unwrap(), e.reason());
        }
    }

    #[test]
    fn statuses_are_numbered_in_order_and_named_uniquely() {
        for (i, s) in ttt_status::ALL.iter().enumerate() {
            assert_eq!(*s as u32 as usize, i);
            assert_eq!(ttt_status::from_u32(i as u32), Some(*s));
        }
        let mut descriptions: Vec<_> = ttt_status::ALL.iter().map(|s| s.description()).collect();
        descriptions.sort();
        descriptions.dedup();
        assert_eq!(descriptions.len(), ttt_status::ALL.len());
        assert_eq!(ttt_status::from_u32(ttt_status::ALL.len() as u32), None);
    }
}
