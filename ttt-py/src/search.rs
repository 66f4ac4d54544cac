//! The search from Python: `best_move`, `solve`, `analyze`, and the search limits.

use crate::convert;
use crate::interrupt;
use crate::state::GameState;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use ttt_core::{Outcome, SearchLimits};

/// The limits a Python call asks for: ``max_nodes=``, ``proof_nodes=``, ``table_bytes=`` and
/// ``time_limit=``, each `None` when not given (the default applies).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// ``max_nodes=``.
    pub max_nodes: Option<u64>,
    /// ``proof_nodes=``: the weak proof's nodes under gravity, beyond ``max_nodes``.
    pub proof_nodes: Option<u64>,
    /// ``table_bytes=``.
    pub table_bytes: Option<usize>,
    /// ``time_limit=``, in seconds.
    pub max_time: Option<Duration>,
}

/// The search limits of one call: the defaults, overridden by the keyword arguments.
pub fn limits(budget: Budget, stop: Arc<AtomicBool>) -> SearchLimits {
    let mut limits = limits_without_stop(budget);
    limits.stop = Some(stop);
    limits
}

/// The ``max_nodes=``, ``proof_nodes=``, ``table_bytes=`` and ``time_limit=`` keyword
/// arguments: integers in range or `None`, and a number of seconds greater than 0 or `None`
/// (see [`convert::opt_seconds`]).
///
/// # Errors
/// `TypeError` for a non-integer (non-number for ``time_limit``), `ValueError` for a value out
/// of range.
#[inline(always)]
pub fn budget(
    max_nodes: Option<&Bound<'_, PyAny>>,
    proof_nodes: Option<&Bound<'_, PyAny>>,
    table_bytes: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Budget> {
    Ok(Budget {
        max_nodes: convert::opt_uint(max_nodes, "max_nodes", u64::MAX)?,
        proof_nodes: convert::opt_uint(proof_nodes, "proof_nodes", u64::MAX)?,
        table_bytes: convert::opt_usize(table_bytes, "table_bytes")?,
        max_time: convert::opt_seconds(time_limit, "time_limit")?,
    })
}

/// The defaults, overridden by the keyword arguments, with no stop flag.
pub fn limits_without_stop(budget: Budget) -> SearchLimits {
    let mut limits = SearchLimits::default();
    if let Some(n) = budget.max_nodes {
        limits.max_nodes = n;
    }
    if let Some(n) = budget.proof_nodes {
        limits.proof_nodes = n;
    }
    if let Some(b) = budget.table_bytes {
        limits.table_bytes = b;
    }
    limits.max_time = budget.max_time;
    limits
}

/// One legal move with its proven outcome for the mover and the plies to the end of the game
/// under perfect play (this move is ply 1); ``outcome`` and ``plies`` are ``None`` when the
/// search could not prove them within its limits (never a guess).
///
/// ``MoveAnalysis(index, outcome=None, plies=None)`` rebuilds one (its ``repr`` is that call;
/// pickling uses it): ``outcome`` is ``'win'``, ``'draw'``, ``'loss'`` or ``None``, ``plies`` an
/// integer below 2**32 or ``None``, both given or both ``None`` (``ValueError``/``TypeError``
/// otherwise).
#[pyclass(module = "ttt", name = "MoveAnalysis", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct MoveAnalysis {
    index: usize,
    outcome: Option<Outcome>,
    plies: Option<u32>,
}

impl MoveAnalysis {
    /// The Python value of an engine answer (only its public fields are read).
    pub fn from_core(m: &ttt_core::MoveAnalysis) -> MoveAnalysis {
        MoveAnalysis { index: m.index, outcome: m.outcome, plies: m.plies }
    }
}

fn outcome<'py>(py: Python<'py>, o: Option<Outcome>) -> Option<Bound<'py, PyString>> {
    o.map(|o| PyString::intern(py, o.as_str()))
}

/// An outcome given from Python: ``'win'``, ``'draw'``, ``'loss'`` or ``None``.
fn outcome_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Outcome>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok(None) };
    let Ok(s) = obj.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "outcome is 'win', 'draw', 'loss' or None, not {}",
            convert::type_name(obj)
        )));
    };
    [Outcome::Win, Outcome::Draw, Outcome::Loss]
        .into_iter()
        .find(|o| s.to_cow().is_ok_and(|t| t == o.as_str()))
        .map(Some)
        .ok_or_else(|| PyValueError::new_err("outcome is 'win', 'draw', 'loss' or None"))
}

/// `outcome` and `plies` from Python as a pair that is either both known or both unknown.
fn proven_pair(
    outcome: Option<&Bound<'_, PyAny>>,
    plies: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Option<Outcome>, Option<u32>)> {
    let (outcome, plies) = (outcome_arg(outcome)?, plies_arg(plies)?);
    if outcome.is_some() != plies.is_some() {
        return Err(PyValueError::new_err("outcome and plies are both None or both given"));
    }
    Ok((outcome, plies))
}

/// Plies given from Python: an integer below 2**32, or ``None``.
fn plies_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    Ok(convert::opt_uint(obj, "plies", u64::from(u32::MAX))?.map(|p| p as u32))
}

fn repr_opt<T: std::fmt::Display>(v: Option<T>, quote: bool) -> String {
    match v {
        None => "None".to_owned(),
        Some(v) if quote => format!("'{v}'"),
        Some(v) => v.to_string(),
    }
}

/// The arguments that rebuild a `MoveAnalysis`, for pickling.
type AnalysisArgs<'py> = (usize, Option<Bound<'py, PyString>>, Option<u32>);

#[pymethods]
impl MoveAnalysis {
    #[new]
    #[pyo3(signature = (index, outcome = None, plies = None))]
    fn new(
        index: &Bound<'_, PyAny>,
        outcome: Option<&Bound<'_, PyAny>>,
        plies: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<MoveAnalysis> {
        let index = convert::usize_arg(index, "index")?;
        let (outcome, plies) = proven_pair(outcome, plies)?;
        Ok(MoveAnalysis { index, outcome, plies })
    }
    /// The cell.
    #[getter]
    fn index(&self) -> usize {
        self.index
    }
    /// ``'win'``, ``'draw'`` or ``'loss'`` for the player to move, or ``None`` if unproven.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        outcome(py, self.outcome)
    }
    /// Plies to the end under perfect play (this move is ply 1), or ``None`` if unproven.
    #[getter]
    fn plies(&self) -> Option<u32> {
        self.plies
    }
    /// Whether the outcome is proven.
    #[getter]
    fn proven(&self) -> bool {
        self.outcome.is_some()
    }
    fn __repr__(&self) -> String {
        format!(
            "MoveAnalysis(index={}, outcome={}, plies={})",
            self.index,
            repr_opt(self.outcome.map(Outcome::as_str), true),
            repr_opt(self.plies, false)
        )
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, AnalysisArgs<'py>) {
        let m = slf.get();
        (slf.get_type().into_any(), (m.index, outcome(slf.py(), m.outcome), m.plies))
    }
}

/// The answer of ``solve``: the move, its outcome and plies when proven, whether it is proven,
/// and the number of nodes searched.
///
/// ``BestMove(index, outcome=None, plies=None, proven=False, nodes=0)`` rebuilds one (its
/// ``repr`` is that call; pickling uses it); arguments as for ``MoveAnalysis``, ``nodes`` an
/// integer in 0..2**64-1; a ``proven`` move has an outcome (``ValueError`` otherwise).
#[pyclass(module = "ttt", name = "BestMove", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BestMove {
    index: usize,
    outcome: Option<Outcome>,
    plies: Option<u32>,
    proven: bool,
    nodes: u64,
}

impl BestMove {
    /// The Python value of an engine answer (only its public fields are read).
    pub fn from_core(b: &ttt_core::BestMove) -> BestMove {
        BestMove {
            index: b.index,
            outcome: b.outcome,
            plies: b.plies,
            proven: b.proven,
            nodes: b.nodes,
        }
    }
}

/// The arguments that rebuild a `BestMove`, for pickling.
type BestMoveArgs<'py> = (usize, Option<Bound<'py, PyString>>, Option<u32>, bool, u64);

#[pymethods]
impl BestMove {
    #[new]
    #[pyo3(signature = (index, outcome = None, plies = None, proven = false, nodes = None))]
    #[pyo3(text_signature = "(index, outcome=None, plies=None, proven=False, nodes=0)")]
    fn new(
        index: &Bound<'_, PyAny>,
        outcome: Option<&Bound<'_, PyAny>>,
        plies: Option<&Bound<'_, PyAny>>,
        proven: bool,
        nodes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<BestMove> {
        let index = convert::usize_arg(index, "index")?;
        let (outcome, plies) = proven_pair(outcome, plies)?;
        if proven && outcome.is_none() {
            return Err(PyValueError::new_err("a proven move has an outcome"));
        }
        Ok(BestMove {
            index,
            outcome,
            plies,
            proven,
            nodes: convert::opt_uint(nodes, "nodes", u64::MAX)?.unwrap_or(0),
        })
    }
    /// The cell to play.
    #[getter]
    fn index(&self) -> usize {
        self.index
    }
    /// ``'win'``, ``'draw'`` or ``'loss'`` for the player to move, or ``None`` if unproven.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        outcome(py, self.outcome)
    }
    /// Plies to the end under perfect play, or ``None`` if unproven.
    #[getter]
    fn plies(&self) -> Option<u32> {
        self.plies
    }
    /// Whether the move is proven best.
    #[getter]
    fn proven(&self) -> bool {
        self.proven
    }
    /// Nodes searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn __repr__(&self) -> String {
        format!(
            "BestMove(index={}, outcome={}, plies={}, proven={}, nodes={})",
            self.index,
            repr_opt(self.outcome.map(Outcome::as_str), true),
            repr_opt(self.plies, false),
            if self.proven { "True" } else { "False" },
            self.nodes
        )
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, BestMoveArgs<'py>) {
        let b = slf.get();
        let args = (b.index, outcome(slf.py(), b.outcome), b.plies, b.proven, b.nodes);
        (slf.get_type().into_any(), args)
    }
}

/// The deterministic perfect move: best exact score (fastest win, slowest loss), ties broken by
/// distance to the centre, then lowest index. ``None`` when the game is over. On boards too big
/// to solve within the limits, the search's best unproven move (see ``solve``). Releases the
/// GIL after the search's first few thousand nodes; Ctrl-C interrupts a long search.
///
/// Limits (on every search function, whichever comes first): ``max_nodes`` (default 100,000;
/// deterministic), ``time_limit`` (seconds, a finite number greater than 0, default ``None``:
/// no clock; answers then depend on the machine) and ``table_bytes`` (default 64 MiB). A bad
/// limit is ``ValueError`` (out of range, NaN, infinite, 0) or ``TypeError`` (not a number).
///
/// ``proof_nodes`` (an integer, default ``None``: the library's default): on a gravity board
/// (Connect Four and the like), where the exact search within ``max_nodes`` has not finished and
/// enough of the board is filled, the most nodes spent **beyond** ``max_nodes`` on a weak proof
/// of the position (never more than 10 times ``max_nodes``, so that a small budget stays
/// fast); a proven win or draw is then played, proven, with ``plies`` ``None``. 0
/// turns it off, and ``max_nodes`` is then the most nodes a call searches (else
/// ``max_nodes + proof_nodes``). ``analyze`` accepts it and does not use it.
#[pyfunction]
#[pyo3(signature = (state, *, max_nodes = None, proof_nodes = None, table_bytes = None, time_limit = None))]
pub fn best_move(
    py: Python<'_>,
    state: &Bound<'_, GameState>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    proof_nodes: Option<&Bound<'_, PyAny>>,
    table_bytes: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<usize>> {
    Ok(solve(py, state, false, max_nodes, proof_nodes, table_bytes, time_limit)?.map(|b| b.index))
}

/// ``best_move`` with its outcome, plies, proof flag and node count (a ``BestMove``), or
/// ``None`` when the game is over.
///
/// ``weak=True`` is the weak solve: the outcome (win, draw or loss), proven, without the plies
/// (``plies`` is ``None`` unless known before any search: a win at once), usually much faster;
/// the move keeps the outcome (the one the search proved it with; when every move loses, the
/// first in ``best_move``'s tie order). ``weak`` must be a ``bool`` (``TypeError`` otherwise).
#[pyfunction]
#[pyo3(signature = (state, *, weak = false, max_nodes = None, proof_nodes = None, table_bytes = None, time_limit = None))]
pub fn solve(
    py: Python<'_>,
    state: &Bound<'_, GameState>,
    weak: bool,
    max_nodes: Option<&Bound<'_, PyAny>>,
    proof_nodes: Option<&Bound<'_, PyAny>>,
    table_bytes: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<BestMove>> {
    let budget = budget(max_nodes, proof_nodes, table_bytes, time_limit)?;
    // Borrowed, not cloned: the state is frozen, and `state` keeps it alive while the search
    // runs without the GIL.
    let game = &state.get().inner;
    // SAFETY: a search of Rust values only, answering a Rust value.
    let answer = unsafe {
        interrupt::run_search(py, move || {
            // No stop flag: the stop check of `interrupt` stops the search.
            let limits = limits_without_stop(budget);
            if weak {
                ttt_core::weak_solve_with(game, &limits)
            } else {
                ttt_core::best_move_with(game, &limits)
            }
        })
    }?;
    Ok(answer.as_ref().map(BestMove::from_core))
}

/// Every legal move with its outcome for the mover and its plies to the end, best first (the
/// order of ``best_move``'s preference); empty when the game is over. Moves the search could not
/// prove within its limits have ``outcome`` and ``plies`` ``None``. Releases the GIL; Ctrl-C
/// interrupts a long search.
#[pyfunction]
#[pyo3(signature = (state, *, max_nodes = None, proof_nodes = None, table_bytes = None, time_limit = None))]
pub fn analyze(
    py: Python<'_>,
    state: &Bound<'_, GameState>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    proof_nodes: Option<&Bound<'_, PyAny>>,
    table_bytes: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<MoveAnalysis>> {
    let budget = budget(max_nodes, proof_nodes, table_bytes, time_limit)?;
    // Borrowed, not cloned: the state is frozen, and `state` keeps it alive while the search
    // runs without the GIL.
    let game = &state.get().inner;
    // SAFETY: a search of Rust values only, answering Rust values.
    let moves = unsafe {
        interrupt::run_search(py, move || {
            ttt_core::analyze_with(game, &limits_without_stop(budget))
        })
    }?;
    Ok(moves.iter().map(MoveAnalysis::from_core).collect())
}
