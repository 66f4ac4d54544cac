//! Building a state from a board, refusing positions no game could reach.
//!
//! The checks, in the order they are made (the first that fails is reported):
//!
//! 1. the board has `width × height` cells, each empty or holding the mark of a seated player,
//!    and the side to move is seated;
//! 2. under gravity no mark floats above an empty cell;
//! 3. the mark counts fit the turn order: `X` moved first and the players took turns, so after
//!    `p` marks seat `s` has played `ceil((p − s) / players)` times and seat `p mod players` is
//!    to move;
//! 4. at most one player has `k` in a row;
//! 5. a player with `k` in a row made the last move (the turn passed to the next seat);
//! 6. all of the winner's lines share a cell that could have been played last (under gravity,
//!    one with no mark above it): one move completed them all, and before it nobody had a line.
//!
//! Without gravity these checks are exact: every position they accept arises in a real game
//! (play the marks in any order that alternates, keeping the shared cell for last). On the
//! classic board that is exactly the 5478 reachable (board, side to move) pairs. Under gravity
//! they are sound but not complete: the order of the marks within each column must also fit
//! the turn order, and a position whose columns cannot be interleaved in turn (for example a
//! one-column board holding `X` above `X`) is accepted. Such a position can still be played on
//! by the engine; it simply never arose in a real game.

use crate::player::{Cell, Player};
use crate::rules::Rules;
use crate::state::GameState;

/// Why a board was refused as a starting position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PositionError {
    /// The board does not have `width × height` cells.
    #[error("the board has {found} cells; these rules need {expected}")]
    WrongLength {
        /// Cells the rules need.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A character of a board string is neither a mark nor an empty cell (`.`, `-` or `_`).
    #[error("unknown mark {mark:?} at cell {index}")]
    UnknownMark {
        /// The cell where it stands.
        index: usize,
        /// The character.
        mark: char,
    },
    /// A mark, or the side to move, belongs to a player with no seat in these rules.
    #[error("player {player} has no seat in a game of these rules")]
    PlayerNotInGame {
        /// The unseated player.
        player: Player,
    },
    /// Gravity: a mark stands above an empty cell.
    #[error("the mark at cell {index} floats above an empty cell")]
    Floating {
        /// The floating mark's cell.
        index: usize,
    },
    /// The number of marks of each player does not fit the turn order with `X` first and the
    /// given side to move.
    #[error("the mark counts do not fit the turn order with {to_move} to move")]
    MarkCounts {
        /// The side to move that was given.
        to_move: Player,
    },
    /// More than one player has `k` in a row.
    #[error("more than one player has a line")]
    MultipleWinners,
    /// The player with `k` in a row did not make the last move.
    #[error("{winner} has a line but did not move last")]
    WinnerDidNotMoveLast {
        /// The player with the line.
        winner: Player,
    },
    /// The winner's lines share no cell that one last move could have filled.
    #[error("{winner}'s lines could not have been completed by one move")]
    LinesNotFromOneMove {
        /// The player with the lines.
        winner: Player,
    },
}

impl PositionError {
    /// A short stable name for the reason, the same in every language: `"wrong-length"`,
    /// `"unknown-mark"`, `"player-not-in-game"`, `"floating"`, `"mark-counts"`,
    /// `"multiple-winners"`, `"winner-did-not-move-last"` or `"lines-not-from-one-move"`.
    pub const fn reason(&self) -> &'static str {
        match self {
            PositionError::WrongLength { .. } => "wrong-length",
            PositionError::UnknownMark { .. } => "unknown-mark",
            PositionError::PlayerNotInGame { .. } => "player-not-in-game",
            PositionError::Floating { .. } => "floating",
            PositionError::MarkCounts { .. } => "mark-counts",
            PositionError::MultipleWinners => "multiple-winners",
            PositionError::WinnerDidNotMoveLast { .. } => "winner-did-not-move-last",
            PositionError::LinesNotFromOneMove { .. } => "lines-not-from-one-move",
        }
    }
}

impl GameState {
    /// A state whose starting position is `board` with `to_move` to move, if a real game
    /// (started by `X`) could reach it. Undo never goes back past this position.
    ///
    /// # Errors
    /// [`PositionError`] naming the first failed check (see the [module docs](crate::position)).
    ///
    /// ```
    /// use ttt_core::{GameState, Player, PositionError, Rules};
    /// let (x, o) = (Some(Player::X), Some(Player::O));
    /// let board = [x, x, None, o, o, None, None, None, None];
    /// let state = GameState::from_board(Rules::default(), &board, Player::X)?;
    /// assert_eq!(state.available_moves(), vec![2, 5, 6, 7, 8]);
    /// // O cannot be to move when both have two marks.
    /// let err = GameState::from_board(Rules::default(), &board, Player::O).unwrap_err();
    /// assert_eq!(err.reason(), "mark-counts");
    /// # Ok::<(), PositionError>(())
    /// ```
    pub fn from_board(
        rules: Rules,
        board: &[Cell],
        to_move: Player,
    ) -> Result<GameState, PositionError> {
        check_position(&rules, board, to_move)?;
        Ok(GameState::from_checked_board(rules, board, to_move))
    }

    /// Like [`from_board`](Self::from_board), reading the board from text: one character per
    /// cell in row-major order, `X` `O` `Y` `Z` (either case) for marks and `.` `-` `_` for
    /// empty cells. Whitespace is ignored, so the multi-line form that [`GameState`] displays
    /// reads back.
    ///
    /// # Errors
    /// [`PositionError::UnknownMark`] for any other character, then as
    /// [`from_board`](Self::from_board).
    ///
    /// ```
    /// use ttt_core::{GameState, Player, Rules};
    /// let state = GameState::from_board_str(Rules::default(), "XX.OO....", Player::X)?;
    /// assert_eq!(state.board_string(), "XX.OO....");
    /// # Ok::<(), ttt_core::PositionError>(())
    /// ```
    pub fn from_board_str(
        rules: Rules,
        board: &str,
        to_move: Player,
    ) -> Result<GameState, PositionError> {
        let cells = parse_board(board)?;
        GameState::from_board(rules, &cells, to_move)
    }
}

/// Reads a board string: marks, `.`/`-`/`_` for empty cells, whitespace ignored.
///
/// # Errors
/// [`PositionError::UnknownMark`] at the first other character.
pub fn parse_board(text: &str) -> Result<Vec<Cell>, PositionError> {
    let mut cells = Vec::with_capacity(text.len());
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        let cell = match c {
            '.' | '-' | '_' => None,
            _ => match Player::from_mark(c) {
                Some(p) => Some(p),
                None => return Err(PositionError::UnknownMark { index: cells.len(), mark: c }),
            },
        };
        cells.push(cell);
    }
    Ok(cells)
}

/// The classic engine's validating parser: a classic board and the side to move, refused
/// unless it is one of the 5478 reachable positions.
///
/// # Errors
/// [`PositionError`] naming why the position cannot arise.
///
/// ```
/// use ttt_core::{parse_state, Player};
/// let o = Some(Player::O);
/// assert_eq!(parse_state(&[o, None, None, None, None, None, None, None, None], Player::X)
///     .unwrap_err().reason(), "mark-counts");
/// ```
pub fn parse_state(board: &[Cell], turn: Player) -> Result<GameState, PositionError> {
    GameState::from_board(Rules::CLASSIC, board, turn)
}

fn check_position(rules: &Rules, board: &[Cell], to_move: Player) -> Result<(), PositionError> {
    if board.len() != rules.cell_count() {
        return Err(PositionError::WrongLength {
            expected: rules.cell_count(),
            found: board.len(),
        });
    }
    let mut counts = [0usize; 4];
    for player in board.iter().flatten().copied().chain([to_move]) {
        if !rules.has_player(player) {
            return Err(PositionError::PlayerNotInGame { player });
        }
    }
    for player in board.iter().flatten() {
        counts[player.seat()] += 1;
    }
    if rules.gravity() {
        let w = rules.width();
        if let Some(index) =
            (0..board.len() - w).find(|&i| board[i].is_some() && board[i + w].is_none())
        {
            return Err(PositionError::Floating { index });
        }
    }
    let n = rules.players() as usize;
    let plies: usize = counts.iter().sum();
    let turn_fits = (0..n).all(|s| counts[s] == plies.saturating_sub(s).div_ceil(n));
    if !turn_fits || to_move.seat() != plies % n {
        return Err(PositionError::MarkCounts { to_move });
    }

    let full = |w: &crate::rules::Window, p: Player| w.cells().all(|i| board[i] == Some(p));
    let mut winner = None;
    for player in rules.seats() {
        if rules.windows().any(|w| full(&w, player)) {
            if winner.is_some() {
                return Err(PositionError::MultipleWinners);
            }
            winner = Some(player);
        }
    }
    let Some(winner) = winner else { return Ok(()) };
    // A line exists, so plies >= 1 and the last mover is the seat before `to_move`.
    if winner.seat() != (plies + n - 1) % n {
        return Err(PositionError::WinnerDidNotMoveLast { winner });
    }
    // The cells in every one of the winner's lines: the candidates for the last move.
    let mut shared: Vec<bool> = board.iter().map(|&c| c == Some(winner)).collect();
    for w in rules.windows().filter(|w| full(w, winner)) {
        let cells: Vec<usize> = w.cells().collect();
        for (i, keep) in shared.iter_mut().enumerate() {
            *keep &= cells.contains(&i);
        }
    }
    let playable_last =
        |i: usize| !rules.gravity() || i < rules.width() || board[i - rules.width()].is_none();
    if !(0..board.len()).any(|i| shared[i] && playable_last(i)) {
        return Err(PositionError::LinesNotFromOneMove { winner });
    }
    Ok(())
}
