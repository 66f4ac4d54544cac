//! Conversions between Python values and engine values. No rule of the game lives here.

use crate::errors;
use pyo3::exceptions::{PyAttributeError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};
use std::ffi::c_ulong;
use ttt_core::{Cell, Player, PositionError, Status, parse_board};

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

/// A status given from Python: `'in-progress'`, `'win'` or `'draw'`.
///
/// # Errors
/// `TypeError` for a non-string, `ValueError` for any other string.
pub fn status_arg(obj: &Bound<'_, PyAny>) -> PyResult<Status> {
    let Ok(s) = obj.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "a status is 'in-progress', 'win' or 'draw', not {}",
            type_name(obj)
        )));
    };
    [Status::InProgress, Status::Win, Status::Draw]
        .into_iter()
        .find(|st| s.to_cow().is_ok_and(|t| t == st.as_str()))
        .ok_or_else(|| PyValueError::new_err("a status is 'in-progress', 'win' or 'draw'"))
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

/// What a Python object is as an integer argument.
enum Int {
    /// A non-negative integer that fits in `u64`.
    Fits(u64),
    /// A negative integer.
    Negative,
    /// An integer above `u64::MAX`.
    Huge,
}

/// An exact `int` (not a subclass, so not a `bool`) that fits in `u64`, read the short way;
/// `None` for anything else, which [`uint`] reads the general way ([`int`]). CPython's
/// `PyLong_AsUnsignedLong` reads the digits in a loop, where PyO3's `u64` conversion
/// (`PyLong_AsUnsignedLongLong`) goes through a byte array for any value above 2**30 and
/// looks for an exception after `2**64 - 1`, a script's "no budget": a dozen lines of code a
/// cold call brings from memory (issue 13: a small call costs a few microseconds).
fn exact_int_u64(obj: &Bound<'_, PyAny>) -> Option<u64> {
    if !obj.is_exact_instance_of::<PyInt>() {
        return None;
    }
    // SAFETY: `obj` is an `int` (checked above), and `Bound` proves the GIL is held.
    let v = unsafe { ffi::PyLong_AsUnsignedLong(obj.as_ptr()) };
    // SAFETY: the GIL is held.
    if v == c_ulong::MAX && unsafe { !ffi::PyErr_Occurred().is_null() } {
        // Negative, or too large for an `unsigned long`: the general way says which.
        // SAFETY: the GIL is held; the exception is the one raised just above.
        unsafe { ffi::PyErr_Clear() };
        return None;
    }
    #[allow(clippy::useless_conversion)] // `unsigned long` is 32 bits on Windows
    Some(u64::from(v))
}

/// Reads `obj` as an integer: an `int` or any object with `__index__` (`numpy.int64`...), but
/// not a `bool`. Never raises `OverflowError`: out-of-range integers are reported as such.
///
/// # Errors
/// `TypeError` naming `name` for anything else; the exception of a user's `__index__`.
#[inline(never)] // the general way, out of the way of `uint`'s short one (`exact_int_u64`)
fn int(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Int> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("{name} must be an int, not bool")));
    }
    match obj.extract::<u64>() {
        Ok(v) => Ok(Int::Fits(v)),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            // An integer that does not fit: its sign says which way.
            if is_negative(obj)? { Ok(Int::Negative) } else { Ok(Int::Huge) }
        }
        Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => {
            Err(PyTypeError::new_err(format!("{name} must be an int, not {}", type_name(obj))))
        }
        Err(e) => Err(e),
    }
}

/// Whether an integer, or an object with `__index__`, is below 0. Such an object may not
/// compare with an int: the int it stands for is compared.
///
/// # Errors
/// The exception of the object's `__index__` or comparison.
fn is_negative(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    if obj.is_instance_of::<PyInt>() {
        return obj.lt(0);
    }
    match obj.call_method0(intern!(obj.py(), "__index__")) {
        Ok(value) => value.lt(0),
        // Not an integer-like: compared as it is (a float too large for a duration...).
        Err(e) if e.is_instance_of::<PyAttributeError>(obj.py()) => obj.lt(0),
        Err(e) => Err(e),
    }
}

/// A count or size argument (`max_nodes=`, `seed=`, `ply`...): an integer in `0..=max`.
///
/// # Errors
/// `TypeError` for a non-integer (a `bool` included), `ValueError` for a negative integer or
/// one above `max`; never `OverflowError`.
#[inline(never)]
pub fn uint(obj: &Bound<'_, PyAny>, name: &str, max: u64) -> PyResult<u64> {
    match exact_int_u64(obj) {
        Some(v) if v <= max => return Ok(v),
        _ => {}
    }
    match int(obj, name)? {
        Int::Fits(v) if v <= max => Ok(v),
        Int::Negative => Err(PyValueError::new_err(format!("{name} must not be negative"))),
        Int::Fits(_) | Int::Huge => {
            Err(PyValueError::new_err(format!("{name} is too large (at most {max})")))
        }
    }
}

/// An integer at least 1 where more than enough means "as many as possible" (`threads=`):
/// integers above `u64::MAX` read as `u64::MAX`.
///
/// # Errors
/// `TypeError` for a non-integer, `ValueError` for 0 or a negative integer.
pub fn positive_saturating(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    match int(obj, name)? {
        Int::Fits(0) | Int::Negative => {
            Err(PyValueError::new_err(format!("{name} must be at least 1")))
        }
        Int::Fits(v) => Ok(v),
        Int::Huge => Ok(u64::MAX),
    }
}

/// [`uint`] for `usize` arguments.
pub fn usize_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    // usize is 64 bits or less on every platform Python runs on.
    uint(obj, name, usize::MAX as u64).map(|v| v as usize)
}

/// [`uint`] for an optional keyword argument: `None` (or absent) stays `None`.
#[inline] // the `None` test where it is made: most keyword arguments are not given
pub fn opt_uint(obj: Option<&Bound<'_, PyAny>>, name: &str, max: u64) -> PyResult<Option<u64>> {
    match obj {
        Some(o) if !o.is_none() => uint(o, name, max).map(Some),
        _ => Ok(None),
    }
}

/// [`opt_uint`] for `usize` arguments.
#[inline]
pub fn opt_usize(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<usize>> {
    Ok(opt_uint(obj, name, usize::MAX as u64)?.map(|v| v as usize))
}

/// A cell, row or column position that may be off the board: an integer, with every negative
/// or huge one read as `usize::MAX` (off any board), so that the caller answers "off the
/// board" (`None` or `IndexError`) as it does for any other position past the end.
///
/// # Errors
/// `TypeError` for a non-integer (a `bool` included).
pub fn position(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    Ok(match int(obj, name)? {
        Int::Fits(v) => usize::try_from(v).unwrap_or(usize::MAX),
        Int::Negative | Int::Huge => usize::MAX,
    })
}

/// The items of an iterable argument, reading at most `max` of them: an endless or huge
/// iterable is refused after `max + 1` items instead of filling memory. `None` when there are
/// more than `max`; the caller says why that is too many.
///
/// # Errors
/// `TypeError` when `obj` is not iterable; the exception of the iterator itself.
pub fn take<'py>(obj: &Bound<'py, PyAny>, max: usize) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
    let mut items = Vec::new();
    for item in obj.try_iter()? {
        if items.len() == max {
            return Ok(None);
        }
        items.push(item?);
    }
    Ok(Some(items))
}

/// The most cells a board has (20 x 20): a board argument with more items is refused without
/// reading further.
pub const MAX_CELLS: usize = ttt_core::MAX_SIDE * ttt_core::MAX_SIDE;

/// A board given from Python: a string of marks and `.` (whitespace ignored), or an iterable
/// of at most 400 items, each `'X'`/`'O'`/`'Y'`/`'Z'` or `None` (an endless or longer iterable
/// is refused after item 401).
///
/// # Errors
/// `InvalidStateError` with reason `unknown-mark` for any other character or item, and with
/// `wrong-length` for more than 400 items; `TypeError` for bytes or a non-iterable.
pub fn board_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Cell>> {
    let py = obj.py();
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_board(&s.to_cow()?).map_err(|e| errors::invalid_state(py, e));
    }
    if obj.is_instance_of::<pyo3::types::PyBytes>() {
        return Err(PyTypeError::new_err("a board is a str or a sequence of marks, not bytes"));
    }
    let Some(items) = take(obj, MAX_CELLS)? else {
        return Err(errors::invalid_state_msg(
            py,
            "wrong-length",
            format!("a board has at most {MAX_CELLS} cells; this one has more"),
        ));
    };
    let mut cells = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
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

/// A time limit in seconds (`time_limit=`): an `int` or a `float` (or anything with
/// `__float__`, such as `numpy.float64`), finite and greater than 0; `None` (or absent) is no
/// limit. 0 is refused rather than read as "no limit" (as the C API's `max_time_ms = 0` is) or
/// as "stop at once": pass `None` for no limit, a small positive value for a quick answer.
///
/// # Errors
/// `TypeError` for a `bool`, a string or anything else that is not a number; `ValueError` for
/// NaN, an infinity, 0, a negative value, or one too large for a duration (about 1.8e19 s);
/// never `OverflowError` (an `int` too large for a float is "too large").
#[inline] // the `None` test where it is made: most calls give no time limit
pub fn opt_seconds(
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
) -> PyResult<Option<std::time::Duration>> {
    match obj {
        Some(o) if !o.is_none() => seconds(o, name).map(Some),
        _ => Ok(None),
    }
}

/// [`opt_seconds`] of an object that is not `None`.
#[inline(never)]
fn seconds(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<std::time::Duration> {
    let not_a_number = || {
        PyTypeError::new_err(format!(
            "{name} must be a number of seconds (int or float) or None, not {}",
            type_name(obj)
        ))
    };
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyString>() {
        return Err(not_a_number());
    }
    let too_large = || {
        PyValueError::new_err(format!(
            "{name} is too large (at most about 1.8e19 seconds); pass None for no limit"
        ))
    };
    let seconds: f64 = match obj.extract::<f64>() {
        Ok(v) => v,
        // An int too large for a float: its sign says which way.
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            if is_negative(obj)? {
                f64::NEG_INFINITY
            } else {
                return Err(too_large());
            }
        }
        Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => return Err(not_a_number()),
        Err(e) => return Err(e),
    };
    if seconds.is_nan() {
        return Err(PyValueError::new_err(format!("{name} must be a number of seconds, not NaN")));
    }
    if seconds <= 0.0 {
        return Err(PyValueError::new_err(format!(
            "{name} must be greater than 0; pass None for no limit"
        )));
    }
    if seconds.is_infinite() {
        return Err(PyValueError::new_err(format!(
            "{name} must be finite; pass None for no limit"
        )));
    }
    std::time::Duration::try_from_secs_f64(seconds).map_err(|_| too_large())
}
