//! The search from Python: `best_move`, `solve`, `analyze`, and the search limits.

use crate::convert::{Reduced, reduced};
use crate::interrupt;
use crate::state::GameState;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use ttt_core::{Outcome, SearchLimits};

/// Searches of at most this many empty cells finish in milliseconds: they run on the calling
/// thread (GIL released) without the Ctrl-C poller.
const SMALL_SEARCH: usize = 10;

/// The search limits of one call: the defaults, overridden by the keyword arguments.
pub fn limits(
    max_nodes: Option<u64>,
    table_bytes: Option<usize>,
    stop: Arc<AtomicBool>,
) -> SearchLimits {
    let mut limits = limits_without_stop(max_nodes, table_bytes);
    limits.stop = Some(stop);
    limits
}

/// The defaults, overridden by the keyword arguments, with no stop flag.
pub fn limits_without_stop(max_nodes: Option<u64>, table_bytes: Option<usize>) -> SearchLimits {
    let mut limits = SearchLimits::default();
    if let Some(n) = max_nodes {
        limits.max_nodes = n;
    }
    if let Some(b) = table_bytes {
        limits.table_bytes = b;
    }
    limits
}

/// Whether a search of `state` is small enough to skip the Ctrl-C poller.
pub fn small(state: &ttt_core::GameState) -> bool {
    state.board().iter().filter(|c| c.is_none()).count() <= SMALL_SEARCH
}

/// One legal move with its proven outcome for the mover and the plies to the end of the game
/// under perfect play (this move is ply 1); ``outcome`` and ``plies`` are ``None`` when the
/// search could not prove them within its limits (never a guess).
#[pyclass(module = "ttt", name = "MoveAnalysis", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct MoveAnalysis {
    inner: ttt_core::MoveAnalysis,
}

fn outcome<'py>(py: Python<'py>, o: Option<Outcome>) -> Option<Bound<'py, PyString>> {
    o.map(|o| PyString::intern(py, o.as_str()))
}

fn repr_opt<T: std::fmt::Display>(v: Option<T>, quote: bool) -> String {
    match v {
        None => "None".to_owned(),
        Some(v) if quote => format!("'{v}'"),
        Some(v) => v.to_string(),
    }
}

/// The outcome named by `name` (``'win'``, ``'draw'``, ``'loss'``), for the constructors that
/// unpickling calls.
fn outcome_arg(name: Option<&str>) -> PyResult<Option<Outcome>> {
    match name {
        None => Ok(None),
        Some("win") => Ok(Some(Outcome::Win)),
        Some("draw") => Ok(Some(Outcome::Draw)),
        Some("loss") => Ok(Some(Outcome::Loss)),
        Some(other) => Err(PyValueError::new_err(format!(
            "an outcome is 'win', 'draw', 'loss' or None, not {other:?}"
        ))),
    }
}

/// `outcome` and `plies` as a pair that is either both known or both unknown.
fn proven_pair(
    outcome: Option<&str>,
    plies: Option<u32>,
) -> PyResult<(Option<Outcome>, Option<u32>)> {
    let outcome = outcome_arg(outcome)?;
    if outcome.is_some() != plies.is_some() {
        return Err(PyValueError::new_err("outcome and plies are both None or both given"));
    }
    Ok((outcome, plies))
}

#[pymethods]
impl MoveAnalysis {
    /// ``MoveAnalysis(index, outcome, plies)``, as the search reports it (this is how it
    /// unpickles). Raises ``ValueError`` for an unknown outcome, or ``outcome`` and ``plies``
    /// not both given or both ``None``.
    #[new]
    fn new(index: usize, outcome: Option<&str>, plies: Option<u32>) -> PyResult<MoveAnalysis> {
        let (outcome, plies) = proven_pair(outcome, plies)?;
        Ok(MoveAnalysis { inner: ttt_core::MoveAnalysis { index, outcome, plies } })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py> {
        let m = slf.get().inner;
        reduced(slf.get_type().into_any(), (m.index, m.outcome.map(Outcome::as_str), m.plies))
    }

    /// The cell.
    #[getter]
    fn index(&self) -> usize {
        self.inner.index
    }
    /// ``'win'``, ``'draw'`` or ``'loss'`` for the player to move, or ``None`` if unproven.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        outcome(py, self.inner.outcome)
    }
    /// Plies to the end under perfect play (this move is ply 1), or ``None`` if unproven.
    #[getter]
    fn plies(&self) -> Option<u32> {
        self.inner.plies
    }
    /// Whether the outcome is proven.
    #[getter]
    fn proven(&self) -> bool {
        self.inner.outcome.is_some()
    }
    fn __repr__(&self) -> String {
        format!(
            "MoveAnalysis(index={}, outcome={}, plies={})",
            self.inner.index,
            repr_opt(self.inner.outcome.map(Outcome::as_str), true),
            repr_opt(self.inner.plies, false)
        )
    }
}

/// The answer of ``solve``: the move, its outcome and plies when proven, whether it is proven,
/// and the number of nodes searched.
#[pyclass(module = "ttt", name = "BestMove", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BestMove {
    inner: ttt_core::BestMove,
}

#[pymethods]
impl BestMove {
    /// ``BestMove(index, outcome, plies, proven, nodes)``, as ``solve`` reports it (this is how
    /// it unpickles). Raises ``ValueError`` for an unknown outcome, ``outcome`` and ``plies`` not
    /// both given or both ``None``, or ``proven`` without an outcome.
    #[new]
    fn new(
        index: usize,
        outcome: Option<&str>,
        plies: Option<u32>,
        proven: bool,
        nodes: u64,
    ) -> PyResult<BestMove> {
        let (outcome, plies) = proven_pair(outcome, plies)?;
        if proven && outcome.is_none() {
            return Err(PyValueError::new_err("a proven move has an outcome"));
        }
        Ok(BestMove { inner: ttt_core::BestMove { index, outcome, plies, proven, nodes } })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduced<'py> {
        let b = slf.get().inner;
        let args = (b.index, b.outcome.map(Outcome::as_str), b.plies, b.proven, b.nodes);
        reduced(slf.get_type().into_any(), args)
    }

    /// The cell to play.
    #[getter]
    fn index(&self) -> usize {
        self.inner.index
    }
    /// ``'win'``, ``'draw'`` or ``'loss'`` for the player to move, or ``None`` if unproven.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        outcome(py, self.inner.outcome)
    }
    /// Plies to the end under perfect play, or ``None`` if unproven.
    #[getter]
    fn plies(&self) -> Option<u32> {
        self.inner.plies
    }
    /// Whether the move is proven best.
    #[getter]
    fn proven(&self) -> bool {
        self.inner.proven
    }
    /// Nodes searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.inner.nodes
    }
    fn __repr__(&self) -> String {
        format!(
            "BestMove(index={}, outcome={}, plies={}, proven={}, nodes={})",
            self.inner.index,
            repr_opt(self.inner.outcome.map(Outcome::as_str), true),
            repr_opt(self.inner.plies, false),
            if self.inner.proven { "True" } else { "False" },
            self.inner.nodes
        )
    }
}

/// The deterministic perfect move: best exact score (fastest win, slowest loss), ties broken by
/// distance to the centre, then lowest index. ``None`` when the game is over. On boards too big
/// to solve within the limits, the search's best unproven move (see ``solve``). Releases the
/// GIL; Ctrl-C interrupts a long search.
#[pyfunction]
#[pyo3(signature = (state, *, max_nodes = None, table_bytes = None))]
pub fn best_move(
    py: Python<'_>,
    state: &Bound<'_, GameState>,
    max_nodes: Option<u64>,
    table_bytes: Option<usize>,
) -> PyResult<Option<usize>> {
    Ok(solve(py, state, max_nodes, table_bytes)?.map(|b| b.inner.index))
}

/// ``best_move`` with its outcome, plies, proof flag and node count (a ``BestMove``), or
/// ``None`` when the game is over.
#[pyfunction]
#[pyo3(signature = (state, *, max_nodes = None, table_bytes = None))]
pub fn solve(
    py: Python<'_>,
    state: &Bound<'_, GameState>,
    max_nodes: Option<u64>,
    table_bytes: Option<usize>,
) -> PyResult<Option<BestMove>> {
    let game = &state.get().inner;
    let answer = interrupt::run(py, small(game), move |stop| {
        ttt_core::best_move_with(game, &limits(max_nodes, table_bytes, stop))
    })?;
    Ok(answer.map(|inner| BestMove { inner }))
}

/// Every legal move with its outcome for the mover and its plies to the end, best first (the
/// order of ``best_move``'s preference); empty when the game is over. Moves the search could not
/// prove within its limits have ``outcome`` and ``plies`` ``None``. Releases the GIL; Ctrl-C
/// interrupts a long search.
#[pyfunction]
#[pyo3(signature = (state, *, max_nodes = None, table_bytes = None))]
pub fn analyze(
    py: Python<'_>,
    state: &Bound<'_, GameState>,
    max_nodes: Option<u64>,
    table_bytes: Option<usize>,
) -> PyResult<Vec<MoveAnalysis>> {
    let game = &state.get().inner;
    let moves = interrupt::run(py, small(game), move |stop| {
        ttt_core::analyze_with(game, &limits(max_nodes, table_bytes, stop))
    })?;
    Ok(moves.into_iter().map(|inner| MoveAnalysis { inner }).collect())
}
