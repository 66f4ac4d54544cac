//! The marks players put on the board.

use std::fmt;

/// One player's mark. Two-player games use `X` and `O`; three and four players add `Y`
/// and then `Z`, in that turn order.
///
/// The discriminant is the player's seat: `X` = 0, `O` = 1, `Y` = 2, `Z` = 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Player {
    /// The first seat: moves first in a fresh game unless told otherwise.
    X = 0,
    /// The second seat.
    O = 1,
    /// The third seat, present in games of three or four players.
    Y = 2,
    /// The fourth seat, present in games of four players.
    Z = 3,
}

impl Player {
    /// Every mark in seat order.
    pub const ALL: [Player; 4] = [Player::X, Player::O, Player::Y, Player::Z];

    /// The seat number: `X` = 0, `O` = 1, `Y` = 2, `Z` = 3.
    pub const fn seat(self) -> usize {
        self as usize
    }

    /// The player in seat `seat`, or `None` when `seat > 3`.
    pub const fn from_seat(seat: usize) -> Option<Player> {
        match seat {
            0 => Some(Player::X),
            1 => Some(Player::O),
            2 => Some(Player::Y),
            3 => Some(Player::Z),
            _ => None,
        }
    }

    /// The character that stands for this mark in boards and records: `'X'`, `'O'`, `'Y'`, `'Z'`.
    pub const fn mark(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
            Player::Y => 'Y',
            Player::Z => 'Z',
        }
    }

    /// The player whose mark is `c` (upper or lower case), or `None` for any other character.
    pub const fn from_mark(c: char) -> Option<Player> {
        match c {
            'X' | 'x' => Some(Player::X),
            'O' | 'o' => Some(Player::O),
            'Y' | 'y' => Some(Player::Y),
            'Z' | 'z' => Some(Player::Z),
            _ => None,
        }
    }

    /// The player after this one in a game of `players` seats (seat order, wrapping round).
    ///
    /// A `players` outside `2..=4`, or a player whose seat is not below `players`, is a caller bug;
    /// the result is then still a valid `Player` (the seat number is reduced modulo `players`,
    /// treating anything below 2 as 2), never a panic.
    pub const fn next(self, players: u8) -> Player {
        let n: usize = if players < 2 {
            2
        } else if players > 4 {
            4
        } else {
            players as usize
        };
        match Player::from_seat((self.seat() + 1) % n) {
            Some(p) => p,
            None => Player::X,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mark())
    }
}

/// A square of the board: a mark, or `None` when empty.
pub type Cell = Option<Player>;

/// The opponent in a two-player game: `X` ↔ `O`.
///
/// Games of three or four players have no single opponent; for them use
/// [`GameState::current_player`](crate::GameState::current_player) or [`Player::next`]. Given `Y`
/// or `Z` this pairs them the same way (`Y` ↔ `Z`), so it never fails.
///
/// ```
/// use ttt_core::{other_player, Player};
/// assert_eq!(other_player(Player::X), Player::O);
/// assert_eq!(other_player(Player::O), Player::X);
/// ```
pub const fn other_player(player: Player) -> Player {
    match player {
        Player::X => Player::O,
        Player::O => Player::X,
        Player::Y => Player::Z,
        Player::Z => Player::Y,
    }
}
