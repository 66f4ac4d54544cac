//! Conversions between Python values and engine values. No rule of the game lives here.

use crate::errors;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};
use ttt_core::{Cell, Player, PositionError, Status, parse_board};

/// What a `__reduce__` returns: the callable that rebuilds the value, and its arguments.
pub type Reduced<'py> = PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)>;

/// The `__reduce__` answer `callable(*args)`.
pub fn reduced<'py, A>(callable: Bound<'py, PyAny>, args: A) -> Reduced<'py>
where
    A: IntoPyObject<'py, Target = PyTuple, Output = Bound<'py, PyTuple>>,
{
    let py = callable.py();
    let args = args.into_pyobject(py).map_err(Into::into)?;
    Ok((callable, args))
}

/// The mark of `player` as an interned Python string: `'X'`, `'O'`, `'Y'` or `'Z'`.
pub fn mark(py: Python<'_>, player: Player) -> Bound<'_, PyString> {
    match player {
        Player::X => intern!(py, "X").clone(),
        Player::O => intern!(py, "O").clone(),
        Player::Y => intern!(py, "Y").clone(),
        Player::Z => intern!(py, "Z").clone(),
    }
}

/// A cell as a Python value: a mark string or `None`.
pub fn cell(py: Python<'_>, cell: Cell) -> Bound<'_, PyAny> {
    match cell {
        Some(p) => mark(py, p).into_any(),
        None => py.None().into_bound(py),
    }
}

/// A status name as an interned Python string.
pub fn status(py: Python<'_>, status: Status) -> Bound<'_, PyString> {
    match status {
        Status::InProgress => intern!(py, "in-progress").clone(),
        Status::Win => intern!(py, "win").clone(),
        Status::Draw => intern!(py, "draw").clone(),
    }
}

/// Cells as a tuple of marks and `None`.
pub fn board<'py>(py: Python<'py>, cells: &[Cell]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, cells.iter().map(|&c| cell(py, c)))
}

/// A player given from Python: one of the strings `'X'`, `'O'`, `'Y'`, `'Z'` (either case).
///
/// # Errors
/// `TypeError` for a non-string, `ValueError` for any other string.
pub fn player(obj: &Bound<'_, PyAny>) -> PyResult<Player> {
    let Ok(s) = obj.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "a player is one of the strings 'X', 'O', 'Y', 'Z', not {}",
            type_name(obj)
        )));
    };
    player_str(&s.to_cow()?)
}

/// A player named by a string: `'X'`, `'O'`, `'Y'` or `'Z'` (either case).
///
/// # Errors
/// `ValueError` for any other string.
pub fn player_str(text: &str) -> PyResult<Player> {
    let mut chars = text.chars();
    match (chars.next().and_then(Player::from_mark), chars.next()) {
        (Some(p), None) => Ok(p),
        _ => Err(PyValueError::new_err(format!(
            "{text:?} is not a player: use 'X', 'O', 'Y' or 'Z'"
        ))),
    }
}

/// A move index given from Python. Anything that is not a non-negative integer fitting in
/// `usize` (a float, a string, `True`, a negative number) becomes `usize::MAX`, which the engine
/// refuses as `out-of-range` after its `game-over` and `not-your-turn` checks. Integer-like
/// objects (`numpy.int64`, anything with `__index__`) are accepted.
pub fn index(obj: &Bound<'_, PyAny>) -> usize {
    if obj.is_instance_of::<PyBool>() {
        return usize::MAX;
    }
    obj.extract::<usize>().unwrap_or(usize::MAX)
}

/// A board given from Python: a string of marks and `.` (whitespace ignored), or a sequence
/// whose items are `'X'`/`'O'`/`'Y'`/`'Z'` or `None`.
///
/// # Errors
/// `InvalidStateError` with reason `unknown-mark` for any other character or item.
pub fn board_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Cell>> {
    let py = obj.py();
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_board(&s.to_cow()?).map_err(|e| errors::invalid_state(py, e));
    }
    if obj.is_instance_of::<pyo3::types::PyBytes>() {
        return Err(PyTypeError::new_err("a board is a str or a sequence of marks, not bytes"));
    }
    let mut cells = Vec::new();
    for (i, item) in obj.try_iter()?.enumerate() {
        let item = item?;
        if item.is_none() {
            cells.push(None);
            continue;
        }
        let mark = item.cast::<PyString>().ok().and_then(|s| {
            let text = s.to_cow().ok()?;
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some(c),
                _ => None,
            }
        });
        match mark.map(|c| (c, Player::from_mark(c))) {
            Some((_, Some(p))) => cells.push(Some(p)),
            Some((c, None)) => {
                return Err(errors::invalid_state(
                    py,
                    PositionError::UnknownMark { index: i, mark: c },
                ));
            }
            None => {
                let shown = item.repr().map(|r| r.to_string()).unwrap_or_default();
                return Err(errors::invalid_state_msg(
                    py,
                    "unknown-mark",
                    format!(
                        "unknown mark {shown} at cell {i}: a cell is 'X', 'O', 'Y', 'Z' or None"
                    ),
                ));
            }
        }
    }
    Ok(cells)
}

/// The type name of `obj`, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".to_owned())
}
