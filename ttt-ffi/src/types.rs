//! The value types C sees: players, game status, rules.

use crate::boundary::Failure;
use crate::status::ttt_status;
use ttt_core::{Player, Rules, Status};

/// A player's mark, and the content of a cell. The values are the seat numbers; `TTT_PLAYER_NONE`
/// (-1) stands for an empty cell or "no player" (no winner yet).
///
/// Functions take players as plain `int32_t` and refuse any value other than `TTT_PLAYER_X`
/// to `TTT_PLAYER_Z` (or `TTT_PLAYER_NONE`, where an empty cell is meant) with
/// `TTT_STATUS_INVALID_ARGUMENT`.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ttt_player {
    /// No player: an empty cell, or no winner.
    TTT_PLAYER_NONE = -1,
    /// The first seat, `X`.
    TTT_PLAYER_X = 0,
    /// The second seat, `O`.
    TTT_PLAYER_O = 1,
    /// The third seat, `Y` (games of three or four players).
    TTT_PLAYER_Y = 2,
    /// The fourth seat, `Z` (games of four players).
    TTT_PLAYER_Z = 3,
}

impl ttt_player {
    pub(crate) fn from_cell(cell: Option<Player>) -> ttt_player {
        match cell {
            None => ttt_player::TTT_PLAYER_NONE,
            Some(Player::X) => ttt_player::TTT_PLAYER_X,
            Some(Player::O) => ttt_player::TTT_PLAYER_O,
            Some(Player::Y) => ttt_player::TTT_PLAYER_Y,
            Some(Player::Z) => ttt_player::TTT_PLAYER_Z,
        }
    }
}

/// Whether a game goes on, and how it ended: the game status `in-progress`, `win` or `draw`
/// of the other languages, read with `ttt_game_status`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ttt_game_state {
    /// Moves remain and nobody has won.
    TTT_GAME_STATE_IN_PROGRESS = 0,
    /// A player has k in a row.
    TTT_GAME_STATE_WIN = 1,
    /// The board is full and nobody has won.
    TTT_GAME_STATE_DRAW = 2,
}

impl From<Status> for ttt_game_state {
    fn from(s: Status) -> ttt_game_state {
        match s {
            Status::InProgress => ttt_game_state::TTT_GAME_STATE_IN_PROGRESS,
            Status::Win => ttt_game_state::TTT_GAME_STATE_WIN,
            Status::Draw => ttt_game_state::TTT_GAME_STATE_DRAW,
        }
    }
}

/// The rules of a game: a `width` × `height` board, `k` in a row to win, `players` players
/// (2 to 4) taking turns from X, and Connect-Four `gravity`. A plain value: fill it in, or start
/// from `ttt_rules_classic()`. Every call that takes rules checks them (`ttt_rules_check`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ttt_rules {
    /// Columns, 1 to 20.
    pub width: u32,
    /// Rows, 1 to 20.
    pub height: u32,
    /// Marks in a row needed to win, 1 to max(width, height).
    pub k: u32,
    /// Number of players, 2 to 4.
    pub players: u32,
    /// 1 when only the lowest empty cell of a column is playable (Connect Four), 0 otherwise.
    /// Any other value is refused with `TTT_STATUS_INVALID_RULES` by `ttt_rules_check` and every
    /// call that takes rules. (A byte rather than a `bool`, so that a stray value from C or from
    /// another language's FFI is refused instead of being read as a `bool` it is not.)
    pub gravity: u8,
}

impl From<Rules> for ttt_rules {
    fn from(r: Rules) -> ttt_rules {
        ttt_rules {
            width: r.width() as u32,
            height: r.height() as u32,
            k: r.k() as u32,
            players: u32::from(r.players()),
            gravity: u8::from(r.gravity()),
        }
    }
}

impl ttt_rules {
    /// The checked ttt-core rules.
    pub(crate) fn to_core(self) -> Result<Rules, Failure> {
        let rules = Rules::new(
            self.width as usize,
            self.height as usize,
            self.k as usize,
            self.players as usize,
            self.gravity != 0,
        )?;
        if self.gravity > 1 {
            return Err(Failure::new(
                ttt_status::TTT_STATUS_INVALID_RULES,
                format!("gravity must be 0 (off) or 1 (on), not {}", self.gravity),
            ));
        }
        Ok(rules)
    }
}

/// The largest width or height of a board (the 20 × 20 board of Gomoku tournaments), and so
/// the longest possible winning line.
pub const TTT_MAX_SIDE: usize = 20;
/// The most cells a board can have: a buffer of this many elements fits any board, any list of
/// legal moves and any analysis.
pub const TTT_MAX_CELLS: usize = 400;
/// The fewest players a game can have.
pub const TTT_MIN_PLAYERS: u32 = 2;
/// The most players a game can have.
pub const TTT_MAX_PLAYERS: u32 = 4;

/// How a board stands, from `ttt_rules_evaluate`: its state, the winner and the winning line.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ttt_evaluation {
    /// In progress, won or drawn.
    pub state: ttt_game_state,
    /// The winner, or `TTT_PLAYER_NONE`.
    pub winner: ttt_player,
    /// The winning line's cells, ascending (the first `line_len` entries).
    pub line: [usize; TTT_MAX_SIDE],
    /// Number of cells in `line`: k when won, else 0.
    pub line_len: usize,
}

/// A player from an integer argument: 0..=3, else `TTT_STATUS_INVALID_ARGUMENT`.
pub(crate) fn player_arg(value: i32, name: &str) -> Result<Player, Failure> {
    usize::try_from(value).ok().and_then(Player::from_seat).ok_or_else(|| {
        Failure::new(
            ttt_status::TTT_STATUS_INVALID_ARGUMENT,
            format!("`{name}` = {value} is not a player (0 = X, 1 = O, 2 = Y, 3 = Z)"),
        )
    })
}

/// A cell from an integer argument: -1 (empty) or 0..=3, else `TTT_STATUS_INVALID_ARGUMENT`.
pub(crate) fn cell_arg(value: i32, index: usize) -> Result<Option<Player>, Failure> {
    if value == ttt_player::TTT_PLAYER_NONE as i32 {
        return Ok(None);
    }
    usize::try_from(value).ok().and_then(Player::from_seat).map(Some).ok_or_else(|| {
        Failure::new(
            ttt_status::TTT_STATUS_INVALID_ARGUMENT,
            format!(
                "cell {index} holds {value}, neither a player (0 to 3) nor TTT_PLAYER_NONE (-1)"
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_match_ttt_core() {
        assert_eq!(TTT_MAX_SIDE, ttt_core::MAX_SIDE);
        assert_eq!(TTT_MAX_CELLS, ttt_core::MAX_SIDE * ttt_core::MAX_SIDE);
        assert_eq!(TTT_MIN_PLAYERS, u32::from(ttt_core::MIN_PLAYERS));
        assert_eq!(TTT_MAX_PLAYERS, u32::from(ttt_core::MAX_PLAYERS));
        assert!(Rules::new(TTT_MAX_SIDE, TTT_MAX_SIDE, 5, 4, true).is_ok());
        assert!(Rules::new(TTT_MAX_SIDE + 1, 1, 1, 2, false).is_err());
    }
}
