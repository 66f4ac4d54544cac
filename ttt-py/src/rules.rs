//! `ttt.Rules`: the rules of one game of the m,n,k family.

use crate::convert;
use crate::errors;
use crate::state::Evaluation;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The rules of one game: a ``width`` x ``height`` board, ``k`` in a row to win, 2 to 4
/// ``players`` and optionally Connect-Four ``gravity``. Immutable, hashable, picklable.
///
/// Raises ``InvalidRulesError`` (reason ``'width'``, ``'height'``, ``'k'`` or ``'players'``)
/// when ``width`` or ``height`` is outside 1..20, ``k`` outside 1..max(width, height) or
/// ``players`` outside 2..4, checked in that order; ``TypeError`` for a non-integer.
#[pyclass(module = "ttt", name = "Rules", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    pub inner: ttt_core::Rules,
}

/// The constructor arguments of a `Rules`, for pickling.
type RulesArgs = (usize, usize, usize, u8, bool);

/// A size parameter as `usize`: `InvalidRulesError` naming it when it is an integer that does
/// not fit (negative or huge), `TypeError` when it is not an integer (or is a `bool`).
fn size(obj: &Bound<'_, PyAny>, name: &str, range: &str) -> PyResult<usize> {
    convert::usize_arg(obj, name).map_err(|e| {
        if e.is_instance_of::<PyValueError>(obj.py()) {
            errors::invalid_rules_msg(obj.py(), name, format!("{name} is out of range ({range})"))
        } else {
            e
        }
    })
}

impl Rules {
    /// Wraps engine rules.
    pub fn from_core(inner: ttt_core::Rules) -> Rules {
        Rules { inner }
    }
}

/// The rules of an optional `rules=` argument: the classic game when `None`.
pub fn rules_arg(rules: Option<&Bound<'_, Rules>>) -> ttt_core::Rules {
    rules.map_or(ttt_core::Rules::CLASSIC, |r| r.get().inner)
}

#[pymethods]
impl Rules {
    #[new]
    #[pyo3(signature = (width = None, height = None, k = None, players = None, gravity = false))]
    fn new(
        py: Python<'_>,
        width: Option<&Bound<'_, PyAny>>,
        height: Option<&Bound<'_, PyAny>>,
        k: Option<&Bound<'_, PyAny>>,
        players: Option<&Bound<'_, PyAny>>,
        gravity: bool,
    ) -> PyResult<Rules> {
        let get = |obj: Option<&Bound<'_, PyAny>>, default: usize, name: &str, range: &str| {
            obj.map_or(Ok(default), |o| size(o, name, range))
        };
        let width = get(width, 3, "width", "1..=20")?;
        let height = get(height, 3, "height", "1..=20")?;
        let k = get(k, 3, "k", "1..=max(width, height)")?;
        let players = get(players, 2, "players", "2..=4")?;
        ttt_core::Rules::new(width, height, k, players, gravity)
            .map(Rules::from_core)
            .map_err(|e| errors::invalid_rules(py, e))
    }

    /// Classic tic-tac-toe: 3x3, three in a row, two players.
    #[classattr]
    #[pyo3(name = "CLASSIC")]
    fn classic() -> Rules {
        Rules::from_core(ttt_core::Rules::CLASSIC)
    }

    /// Connect Four: 7 wide, 6 high, four in a row, gravity.
    #[classattr]
    #[pyo3(name = "CONNECT_FOUR")]
    fn connect_four() -> Rules {
        Rules::from_core(ttt_core::Rules::CONNECT_FOUR)
    }

    /// Number of columns.
    #[getter]
    fn width(&self) -> usize {
        self.inner.width()
    }
    /// Number of rows.
    #[getter]
    fn height(&self) -> usize {
        self.inner.height()
    }
    /// Marks in a row needed to win.
    #[getter]
    fn k(&self) -> usize {
        self.inner.k()
    }
    /// Number of players, 2 to 4.
    #[getter]
    fn players(&self) -> u8 {
        self.inner.players()
    }
    /// Whether only the lowest empty cell of a column is playable.
    #[getter]
    fn gravity(&self) -> bool {
        self.inner.gravity()
    }
    /// Number of cells, ``width * height``.
    #[getter]
    fn cell_count(&self) -> usize {
        self.inner.cell_count()
    }
    /// The marks of the players in turn order from ``'X'``: ``('X', 'O')``, ``('X', 'O', 'Y')``
    /// or ``('X', 'O', 'Y', 'Z')``.
    #[getter]
    fn marks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.seats().map(|p| convert::mark(py, p)).collect::<Vec<_>>())
    }

    /// The index of the cell at ``row``, ``col`` (row-major from the top-left), or ``None``
    /// when either is off the board (negative included). ``TypeError`` for a non-integer.
    fn index(&self, row: &Bound<'_, PyAny>, col: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        let (row, col) = (convert::position(row, "row")?, convert::position(col, "col")?);
        Ok(self.inner.index(row, col))
    }

    /// The ``(row, col)`` of cell ``index``, or ``None`` when it is off the board (negative
    /// included). ``TypeError`` for a non-integer.
    fn row_col(&self, index: &Bound<'_, PyAny>) -> PyResult<Option<(usize, usize)>> {
        Ok(self.inner.row_col(convert::position(index, "index")?))
    }

    /// Four times the squared Euclidean distance from cell ``index`` to the centre of the board
    /// (an exact integer on every board), or ``None`` when ``index`` is off the board (negative
    /// included); ``TypeError`` for a non-integer. The search breaks ties between equally good
    /// moves by it (nearest first, then lowest index).
    fn centre_distance4(&self, index: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        let index = convert::position(index, "index")?;
        Ok(self.inner.row_col(index).map(|_| self.inner.centre_distance4(index)))
    }

    /// Every window of ``k`` cells in a straight line, in the canonical order (horizontal,
    /// vertical, diagonal, anti-diagonal; then by smallest cell), each as a tuple of ascending
    /// indices. For the classic rules this is ``WIN_LINES``.
    fn windows<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        self.inner.windows().map(|w| PyTuple::new(py, w.cells().collect::<Vec<_>>())).collect()
    }

    /// Looks at a whole board (a string such as ``"XX.OO...."`` or a sequence of marks and
    /// ``None``) without checking that a game could reach it: a win for the mark of the first
    /// full window in canonical order, else a draw when the board is full, else in progress.
    ///
    /// Raises ``InvalidStateError`` (``'wrong-length'``, ``'unknown-mark'``) for a malformed board.
    fn evaluate(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Evaluation> {
        let cells = convert::board_arg(board)?;
        match self.inner.evaluate(&cells) {
            Some(e) => Ok(Evaluation::from_core(&e)),
            None => Err(errors::invalid_state(
                py,
                ttt_core::PositionError::WrongLength {
                    expected: self.inner.cell_count(),
                    found: cells.len(),
                },
            )),
        }
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "Rules(width={}, height={}, k={}, players={}, gravity={})",
            r.width(),
            r.height(),
            r.k(),
            r.players(),
            if r.gravity() { "True" } else { "False" }
        )
    }

    /// The rules in the notation of game records, e.g. ``7x6 k=4 players=2 gravity``.
    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, RulesArgs)> {
        let r = slf.get().inner;
        Ok((slf.get_type().into_any(), (r.width(), r.height(), r.k(), r.players(), r.gravity())))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}
