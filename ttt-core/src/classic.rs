//! Classic 3×3 tic-tac-toe with the names and shapes of the original engine specification.
//!
//! These are thin views of the general engine with [`Rules::CLASSIC`]: there is one engine,
//! and these functions only fix its parameters.

use crate::player::{Cell, Player};
use crate::rules::{Rules, RulesError};
use crate::state::{Evaluation, GameState, InvalidMoveError};

/// Side of the classic board.
pub const BOARD_SIZE: usize = 3;

/// Cells of the classic board.
pub const CELL_COUNT: usize = 9;

/// The eight winning lines of the classic board: three rows, three columns, two diagonals.
///
/// Written out rather than generated, because this is the rule itself and should read at a
/// glance. The engine does not scan this table (it scans the four directions through the cell
/// just played); a test proves that the engine's canonical windows on the classic board are
/// exactly these, in this order.
pub const WIN_LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// A classic game: nine empty cells, `starting_player` to move, status in progress.
///
/// # Errors
/// [`RulesError::PlayerNotInGame`] for `Y` or `Z`: only `X` and `O` play the classic game.
///
/// ```
/// use ttt_core::{create_game, Player, Status};
/// let game = create_game(Player::X)?;
/// assert_eq!(game.board(), &[None; 9]);
/// assert_eq!(game.status(), Status::InProgress);
/// assert!(create_game(Player::Y).is_err());
/// # Ok::<(), ttt_core::RulesError>(())
/// ```
pub fn create_game(starting_player: Player) -> Result<GameState, RulesError> {
    GameState::new(Rules::CLASSIC, starting_player)
}

/// Looks at a classic board: a win (with the first winning line in [`WIN_LINES`] order), else a
/// draw when the board is full, else in progress. The board need not be reachable.
///
/// ```
/// use ttt_core::{evaluate_board, Player, Status};
/// let o = Some(Player::O);
/// let eval = evaluate_board(&[o, None, None, None, o, None, None, None, o]);
/// assert_eq!((eval.status, eval.winner), (Status::Win, Some(Player::O)));
/// assert_eq!(eval.winning_line, Some(vec![0, 4, 8]));
/// ```
pub fn evaluate_board(board: &[Cell; CELL_COUNT]) -> Evaluation {
    match Rules::CLASSIC.evaluate(board) {
        Some(eval) => eval,
        None => unreachable!("a classic board has nine cells"),
    }
}

/// The state after the current player plays `index`; see [`GameState::apply_move`].
///
/// # Errors
/// [`InvalidMoveError`] with reason `game-over`, `out-of-range`, `occupied` or `floating`.
pub fn apply_move(state: &GameState, index: usize) -> Result<GameState, InvalidMoveError> {
    state.apply_move(index)
}

/// The state before the last move; see [`GameState::undo_last_move`]. Unchanged when there is
/// nothing to undo.
pub fn undo_last_move(state: &GameState) -> GameState {
    state.undo_last_move()
}

/// Ascending playable cells, empty when the game is over; see [`GameState::available_moves`].
pub fn available_moves(state: &GameState) -> Vec<usize> {
    state.available_moves()
}
