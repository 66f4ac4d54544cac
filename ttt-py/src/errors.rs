//! Engine errors as the Python exceptions of `ttt._errors`.
//!
//! The exception classes are written in Python (typed fields, pickling); this module looks them
//! up once and builds instances carrying the engine's reason names and messages.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;
use ttt_core::{InvalidMoveError, PositionError, RecordError, RulesError};

const ERRORS: &str = "ttt._errors";

static INVALID_MOVE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static INVALID_STATE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static INVALID_RULES: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static INVALID_RECORD: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static GAME_OVER: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static MATCH_BUSY: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Builds an instance of `ttt.<name>` from `args`; if even that fails, the failure itself.
fn raise<'py, A>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
    args: A,
) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    match cell.import(py, ERRORS, name) {
        Ok(ty) => match ty.call1(args) {
            Ok(value) => PyErr::from_value(value),
            Err(e) => e,
        },
        Err(e) => e,
    }
}

/// `InvalidMoveError(index, reason, message)` where `index` is the object the caller gave.
pub fn invalid_move(py: Python<'_>, index: Bound<'_, PyAny>, error: InvalidMoveError) -> PyErr {
    // The engine's sentence, with the index as the caller wrote it (a non-integer index
    // reaches the engine as an off-board number).
    let message = match index.repr() {
        Ok(r) => error.message_with(&r),
        Err(_) => error.to_string(),
    };
    raise(py, &INVALID_MOVE, "InvalidMoveError", (index, error.reason.as_str(), message))
}

/// `InvalidStateError(reason, message)`.
pub fn invalid_state(py: Python<'_>, error: PositionError) -> PyErr {
    invalid_state_msg(py, error.reason(), error.to_string())
}

/// `InvalidStateError` with a reason and message made here (a board element that is not a mark
/// at all, which the engine never sees).
pub fn invalid_state_msg(py: Python<'_>, reason: &str, message: String) -> PyErr {
    raise(py, &INVALID_STATE, "InvalidStateError", (reason, message))
}

/// `InvalidRulesError(reason, message)`.
pub fn invalid_rules(py: Python<'_>, error: RulesError) -> PyErr {
    invalid_rules_msg(py, error.reason(), error.to_string())
}

/// `InvalidRulesError` with a message made here (a negative or huge size, which cannot reach
/// the engine's `usize` parameters).
pub fn invalid_rules_msg(py: Python<'_>, reason: &str, message: String) -> PyErr {
    raise(py, &INVALID_RULES, "InvalidRulesError", (reason, message))
}

/// `InvalidRecordError(offset, reason, message)`; `offset` is already in the caller's units.
pub fn invalid_record(py: Python<'_>, offset: usize, error: &RecordError) -> PyErr {
    let message = format!("bad game record at offset {offset}: {}", error.kind);
    raise(py, &INVALID_RECORD, "InvalidRecordError", (offset, error.kind.reason(), message))
}

/// `GameOverError(message)`.
pub fn game_over(py: Python<'_>, message: String) -> PyErr {
    raise(py, &GAME_OVER, "GameOverError", (message,))
}

/// `MatchBusyError(message)`.
pub fn match_busy(py: Python<'_>, message: String) -> PyErr {
    raise(py, &MATCH_BUSY, "MatchBusyError", (message,))
}
