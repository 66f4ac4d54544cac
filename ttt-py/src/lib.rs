//! The native half of the Python package `ttt` (`ttt._ttt`): a thin PyO3 layer over
//! [`ttt_core`]. Every rule of the game and every search lives in `ttt-core`; this crate only
//! converts values and errors between Rust and Python, and releases the GIL around long calls.
//!
//! The Python-facing documentation is in the docstrings below and in the hand-written stub
//! `python/ttt/_ttt.pyi`.

mod ai;
mod batch;
mod convert;
mod errors;
mod interrupt;
mod players;
mod rules;
mod search;
mod state;

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use rules::{Rules, rules_arg};
use state::{Evaluation, GameState};

/// A classic game (or a game of ``rules``) on an empty board with ``starting_player`` to move.
///
/// Raises ``InvalidRulesError`` (``'player-not-in-game'``) for a mark with no seat in the
/// rules, such as ``'Y'`` in a two-player game.
#[pyfunction]
#[pyo3(signature = (starting_player = "X", *, rules = None))]
fn create_game(
    py: Python<'_>,
    starting_player: &str,
    rules: Option<&Bound<'_, Rules>>,
) -> PyResult<GameState> {
    state::new_game(py, rules_arg(rules), starting_player)
}

/// The state after the current player plays ``index``; see ``GameState.apply_move``.
#[pyfunction]
fn apply_move(state: &Bound<'_, GameState>, index: &Bound<'_, PyAny>) -> PyResult<GameState> {
    state.get().apply(index)
}

/// Gravity rules: the state after the current player drops a mark into column ``col``; see
/// ``GameState.play_column``.
#[pyfunction]
fn play_column(state: &Bound<'_, GameState>, col: &Bound<'_, PyAny>) -> PyResult<GameState> {
    state.get().column(col)
}

/// The state before the last move; unchanged when there is nothing to undo.
#[pyfunction]
fn undo_last_move(state: &Bound<'_, GameState>) -> GameState {
    GameState::from_core(state.get().inner.undo_last_move())
}

/// Ascending playable cells; empty when the game is over.
#[pyfunction]
fn available_moves<'py>(state: &Bound<'py, GameState>) -> PyResult<Bound<'py, PyList>> {
    state.get().moves_list(state.py())
}

/// Looks at a classic board (nine cells, as a string or a sequence of marks and ``None``): a
/// win with the first winning line in ``WIN_LINES`` order, else a draw when full, else in
/// progress. The board need not be reachable.
///
/// Raises ``InvalidStateError`` (``'wrong-length'``, ``'unknown-mark'``) for a malformed board.
#[pyfunction]
fn evaluate_board(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Evaluation> {
    let cells = convert::board_arg(board)?;
    match <&[ttt_core::Cell; ttt_core::CELL_COUNT]>::try_from(&cells[..]) {
        Ok(cells) => Ok(Evaluation::from_core(&ttt_core::evaluate_board(cells))),
        Err(_) => Err(errors::invalid_state(
            py,
            ttt_core::PositionError::WrongLength {
                expected: ttt_core::CELL_COUNT,
                found: cells.len(),
            },
        )),
    }
}

/// The opponent in a two-player game: ``'X'`` <-> ``'O'`` (and ``'Y'`` <-> ``'Z'``).
#[pyfunction]
fn other_player<'py>(py: Python<'py>, player: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    Ok(convert::mark(py, ttt_core::other_player(convert::player(player)?)).into_any())
}

/// The classic engine's validating parser: a classic board and the side to move, refused with
/// ``InvalidStateError`` (and its ``reason``) unless it is one of the 5478 reachable positions.
#[pyfunction]
fn parse_state(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    turn: &Bound<'_, PyAny>,
) -> PyResult<GameState> {
    state::from_board(py, ttt_core::Rules::CLASSIC, board, turn)
}

/// Loads a game record (``str`` or ``bytes``); see ``GameState.from_record``.
#[pyfunction]
fn from_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<GameState> {
    state::from_record(py, record)
}

#[pymodule]
fn _ttt(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Rules>()?;
    m.add_class::<GameState>()?;
    m.add_class::<Evaluation>()?;
    m.add_class::<search::MoveAnalysis>()?;
    m.add_class::<search::BestMove>()?;
    m.add_function(wrap_pyfunction!(search::best_move, m)?)?;
    m.add_function(wrap_pyfunction!(search::solve, m)?)?;
    m.add_function(wrap_pyfunction!(search::analyze, m)?)?;
    m.add_class::<ai::SeededRng>()?;
    m.add_function(wrap_pyfunction!(ai::choose_move, m)?)?;
    m.add_function(wrap_pyfunction!(ai::choose_move_with, m)?)?;
    m.add_class::<players::Move>()?;
    m.add_class::<players::HumanPlayer>()?;
    m.add_class::<players::ComputerPlayer>()?;
    m.add_class::<players::Match>()?;
    m.add_class::<players::Step>()?;
    m.add_class::<batch::BatchResult>()?;
    m.add_function(wrap_pyfunction!(batch::play_games, m)?)?;
    m.add_function(wrap_pyfunction!(create_game, m)?)?;
    m.add_function(wrap_pyfunction!(apply_move, m)?)?;
    m.add_function(wrap_pyfunction!(play_column, m)?)?;
    m.add_function(wrap_pyfunction!(undo_last_move, m)?)?;
    m.add_function(wrap_pyfunction!(available_moves, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_board, m)?)?;
    m.add_function(wrap_pyfunction!(other_player, m)?)?;
    m.add_function(wrap_pyfunction!(parse_state, m)?)?;
    m.add_function(wrap_pyfunction!(from_record, m)?)?;
    m.add("BOARD_SIZE", ttt_core::BOARD_SIZE)?;
    m.add("CELL_COUNT", ttt_core::CELL_COUNT)?;
    let lines = ttt_core::WIN_LINES
        .iter()
        .map(|line| PyTuple::new(py, line))
        .collect::<PyResult<Vec<_>>>()?;
    m.add("WIN_LINES", PyTuple::new(py, lines)?)?;
    m.add("MAX_SIDE", ttt_core::MAX_SIDE)?;
    m.add("MIN_PLAYERS", ttt_core::MIN_PLAYERS)?;
    m.add("MAX_PLAYERS", ttt_core::MAX_PLAYERS)?;
    m.add("RECORD_VERSION", ttt_core::RECORD_VERSION)?;
    m.add("MAX_THREADS", batch::MAX_THREADS)?;
    Ok(())
}
