//! Game records: one line of text holding the rules, the starting position and the moves.
//!
//! ```
//! use ttt_core::GameState;
//! for text in [
//!     "ttt/1 3x3 k=3 players=2 start=X moves=4,0,8",
//!     // Moves are cell indices under gravity too, not columns: 38 is the bottom of column 3
//!     // on the 7-wide board (5 * 7 + 3), 31 the cell above it, 37 the bottom of column 2.
//!     "ttt/1 7x6 k=4 players=2 gravity start=X moves=38,31,37",
//!     "ttt/1 3x3 k=3 players=2 start=XX.OO....:X moves=2",
//! ] {
//!     let game = GameState::from_record(text)?;
//!     assert_eq!(game.to_record(), text);
//! }
//! # Ok::<(), ttt_core::RecordError>(())
//! ```
//!
//! Fields, separated by single spaces, in this order:
//! - `ttt/1`: the format and its version;
//! - `WxH`, `k=K`, `players=P` and, under gravity, the word `gravity`: the [`Rules`];
//! - `start=P` for an empty board with `P` to move, or `start=CELLS:P` for a board built with
//!   [`GameState::from_board`] (cells row-major, `.` for empty);
//! - `moves=` and the played cells, comma-separated (nothing after `=` for no moves).
//!
//! Loading replays every move through the engine, so a record that loads is a legal game, and
//! the same state is written back to the same text. Anything else (a truncated or empty record,
//! another version, a bad or huge number, bad rules, an unreachable start, an illegal move,
//! trailing text, bytes that are not UTF-8) is a [`RecordError`] giving the byte offset where the
//! trouble starts: never a panic, never a partly loaded game.

use crate::player::Player;
use crate::position::{PositionError, parse_board};
use crate::rules::{Rules, RulesError};
use crate::state::{GameState, InvalidMoveError, board_to_string};
use std::fmt::Write as _;

/// The current version of the notation, written as `ttt/1`.
pub const RECORD_VERSION: u32 = 1;

const MAGIC: &str = "ttt/";

/// A record that could not be loaded: where, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad game record at byte {offset}: {kind}")]
pub struct RecordError {
    /// Byte offset into the input where the problem starts.
    pub offset: usize,
    /// What is wrong there.
    pub kind: RecordErrorKind,
}

/// What is wrong with a game record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordErrorKind {
    /// The input is not valid UTF-8.
    #[error("not UTF-8 text")]
    NotUtf8,
    /// The input does not start with `ttt/`.
    #[error("not a ttt record (it must start with \"ttt/\")")]
    NotARecord,
    /// The record is written in a version of the notation this library does not read.
    #[error("unsupported version {0:?} (this library reads version 1)")]
    Version(String),
    /// The record ends before a required field.
    #[error("the record ends where {0} was expected")]
    Truncated(&'static str),
    /// A field is not of the expected form.
    #[error("expected {expected}, found {found:?}")]
    Unexpected {
        /// What the field should look like.
        expected: &'static str,
        /// What was there (cut to 40 characters).
        found: String,
    },
    /// A number is malformed or too large.
    #[error("{found:?} is not a valid number here")]
    Number {
        /// The text (cut to 40 characters).
        found: String,
    },
    /// The rules are out of range.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The starting board is not a reachable position.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move is illegal when replayed.
    #[error("move {ply} is illegal: {error}")]
    Move {
        /// The move's number, from 0.
        ply: usize,
        /// Why the engine refused it.
        error: InvalidMoveError,
    },
    /// Text follows the last field.
    #[error("unexpected trailing text {0:?}")]
    Trailing(String),
}

impl RecordErrorKind {
    /// A short stable name for the reason, the same in every language: `"not-utf8"`,
    /// `"not-a-record"`, `"version"`, `"truncated"`, `"unexpected"`, `"number"`, `"rules"`,
    /// `"position"`, `"move"` or `"trailing"`.
    pub const fn reason(&self) -> &'static str {
        match self {
            RecordErrorKind::NotUtf8 => "not-utf8",
            RecordErrorKind::NotARecord => "not-a-record",
            RecordErrorKind::Version(_) => "version",
            RecordErrorKind::Truncated(_) => "truncated",
            RecordErrorKind::Unexpected { .. } => "unexpected",
            RecordErrorKind::Number { .. } => "number",
            RecordErrorKind::Rules(_) => "rules",
            RecordErrorKind::Position(_) => "position",
            RecordErrorKind::Move { .. } => "move",
            RecordErrorKind::Trailing(_) => "trailing",
        }
    }
}

impl GameState {
    /// The game as one line of the record notation (see the [module docs](crate::record)).
    ///
    /// ```
    /// use ttt_core::{create_game, GameState, Player};
    /// let game = create_game(Player::X)?.apply_move(4)?.apply_move(0)?;
    /// let text = game.to_record();
    /// assert_eq!(text, "ttt/1 3x3 k=3 players=2 start=X moves=4,0");
    /// assert_eq!(GameState::from_record(&text)?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_record(&self) -> String {
        let mut out = format!("{MAGIC}{RECORD_VERSION} {} start=", self.rules());
        if self.has_starting_board() {
            out.push_str(&board_to_string(&self.starting_board()));
            out.push(':');
        }
        out.push(self.starting_player().mark());
        out.push_str(" moves=");
        for (i, m) in self.move_history().iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{m}");
        }
        out
    }

    /// Loads a game from the record notation, replaying every move. A single trailing newline
    /// is allowed.
    ///
    /// # Errors
    /// [`RecordError`] with the byte offset and the reason; nothing is loaded.
    pub fn from_record(text: &str) -> Result<GameState, RecordError> {
        Parser { text: text.strip_suffix('\n').unwrap_or(text), pos: 0 }.record()
    }

    /// [`from_record`](Self::from_record) for raw bytes, refusing input that is not UTF-8.
    ///
    /// # Errors
    /// [`RecordErrorKind::NotUtf8`] at the first bad byte, else as
    /// [`from_record`](Self::from_record).
    pub fn from_record_bytes(bytes: &[u8]) -> Result<GameState, RecordError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => GameState::from_record(text),
            Err(e) => Err(RecordError { offset: e.valid_up_to(), kind: RecordErrorKind::NotUtf8 }),
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

/// Cuts text quoted in an error, so that a huge input gives a small message.
fn excerpt(s: &str) -> String {
    s.chars().take(40).collect()
}

impl<'a> Parser<'a> {
    fn err(&self, offset: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { offset, kind }
    }

    /// The next space-separated field and its offset.
    fn field(&mut self, what: &'static str) -> Result<(usize, &'a str), RecordError> {
        if self.pos >= self.text.len() {
            return Err(self.err(self.text.len(), RecordErrorKind::Truncated(what)));
        }
        let start = self.pos;
        let rest = &self.text[start..];
        let len = rest.find(' ').unwrap_or(rest.len());
        self.pos = start + len + 1;
        Ok((start, &rest[..len]))
    }

    /// `field` that must start with `prefix`; returns what follows it.
    fn keyed(
        &mut self,
        prefix: &'static str,
        what: &'static str,
    ) -> Result<(usize, &'a str), RecordError> {
        let (at, f) = self.field(what)?;
        match f.strip_prefix(prefix) {
            Some(v) => Ok((at + prefix.len(), v)),
            None => {
                Err(self.err(at, RecordErrorKind::Unexpected { expected: what, found: excerpt(f) }))
            }
        }
    }

    fn number(&self, at: usize, s: &str) -> Result<usize, RecordError> {
        // Only plain decimal digits: no sign, no spaces, no leading '+'; overflow is an error.
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.err(at, RecordErrorKind::Number { found: excerpt(s) }));
        }
        s.parse().map_err(|_| self.err(at, RecordErrorKind::Number { found: excerpt(s) }))
    }

    fn record(mut self) -> Result<GameState, RecordError> {
        if !self.text.starts_with(MAGIC) {
            return Err(self.err(0, RecordErrorKind::NotARecord));
        }
        self.pos = MAGIC.len();
        let (at, version) = self.field("the version")?;
        if version != "1" {
            return Err(self.err(at, RecordErrorKind::Version(excerpt(version))));
        }
        let rules = self.rules()?;
        let mut state = self.start(rules)?;
        let (at, moves) = self.keyed("moves=", "moves=...")?;
        if !moves.is_empty() {
            let mut offset = at;
            for (ply, m) in moves.split(',').enumerate() {
                let index = self.number(offset, m)?;
                state = state
                    .apply_move(index)
                    .map_err(|error| self.err(offset, RecordErrorKind::Move { ply, error }))?;
                offset += m.len() + 1;
            }
        }
        if self.pos <= self.text.len() {
            let rest = &self.text[self.pos.min(self.text.len())..];
            let at = self.pos.saturating_sub(1);
            return Err(self.err(at, RecordErrorKind::Trailing(excerpt(&format!(" {rest}")))));
        }
        Ok(state)
    }

    fn rules(&mut self) -> Result<Rules, RecordError> {
        let (at, size) = self.field("the board size (WxH)")?;
        let Some((w, h)) = size.split_once('x') else {
            return Err(self.err(
                at,
                RecordErrorKind::Unexpected {
                    expected: "the board size (WxH)",
                    found: excerpt(size),
                },
            ));
        };
        let width = self.number(at, w)?;
        let height = self.number(at + w.len() + 1, h)?;
        let (at_k, k) = self.keyed("k=", "k=K")?;
        let k = self.number(at_k, k)?;
        let (at_p, players) = self.keyed("players=", "players=P")?;
        let players = self.number(at_p, players)?;
        let gravity = self.text[self.pos.min(self.text.len())..].starts_with("gravity ")
            || &self.text[self.pos.min(self.text.len())..] == "gravity";
        if gravity {
            self.field("gravity")?;
        }
        Rules::new(width, height, k, players, gravity).map_err(|e| self.err(at, e.into()))
    }

    fn start(&mut self, rules: Rules) -> Result<GameState, RecordError> {
        let (at, start) = self.keyed("start=", "start=...")?;
        let (board, player) = match start.rsplit_once(':') {
            Some((board, player)) => (Some(board), player),
            None => (None, start),
        };
        let player_at = at + board.map_or(0, |b| b.len() + 1);
        let mut chars = player.chars();
        let player = match (chars.next().and_then(Player::from_mark), chars.next()) {
            (Some(p), None) => p,
            _ => {
                return Err(self.err(
                    player_at,
                    RecordErrorKind::Unexpected {
                        expected: "a player mark (X, O, Y or Z)",
                        found: excerpt(player),
                    },
                ));
            }
        };
        match board {
            None => GameState::new(rules, player).map_err(|e| self.err(player_at, e.into())),
            Some(board) => {
                let cells = parse_board(board).map_err(|e| self.err(at, e.into()))?;
                GameState::from_board(rules, &cells, player).map_err(|e| self.err(at, e.into()))
            }
        }
    }
}
