//! The AI from Python: `choose_move`, `best_move`, `solve`, `analyze` and `SeededRng`.

use crate::convert;
use crate::errors;
use crate::interrupt;
use crate::search::{Budget, budget, limits};
use crate::state::GameState;
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use ttt_core::{AiError, Difficulty, Rng};

/// The seeded generator shared by Rust, C and Python: ChaCha8 seeded with one 64-bit integer;
/// each call returns the next float in [0, 1) (the top 53 bits of one 64-bit output). The same
/// seed gives the same floats, hence the same AI moves, in every language.
///
/// ``SeededRng(seed)``: ``seed`` is an int in 0..2**64-1 (``ValueError`` otherwise,
/// ``TypeError`` for a non-integer). Called with no argument. Thread-safe.
///
/// Picklable and copyable: a copy goes on with the stream exactly where the original was (an
/// unpickled one seeks to its ``draws`` outputs in constant time).
#[pyclass(module = "ttt", name = "SeededRng", frozen)]
pub struct SeededRng {
    seed: u64,
    inner: Mutex<(ttt_core::SeededRng, u64)>,
}

impl SeededRng {
    /// A generator for `seed`.
    pub fn create(seed: u64) -> SeededRng {
        SeededRng { seed, inner: Mutex::new((ttt_core::SeededRng::new(seed), 0)) }
    }

    /// The next float, counted.
    pub fn draw(&self) -> f64 {
        let mut g = self.lock();
        g.1 += 1;
        g.0.next_f64()
    }

    /// A copy that goes on from the same point of the stream.
    fn duplicate(&self) -> SeededRng {
        let g = self.lock();
        SeededRng { seed: self.seed, inner: Mutex::new((g.0.clone(), g.1)) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (ttt_core::SeededRng, u64)> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[pymethods]
impl SeededRng {
    #[new]
    fn new(seed: &Bound<'_, PyAny>) -> PyResult<SeededRng> {
        Ok(SeededRng::create(convert::uint(seed, "seed", u64::MAX)?))
    }

    /// The next float in [0, 1).
    fn __call__(&self) -> f64 {
        self.draw()
    }

    /// The next raw 64-bit output of the stream (one float uses one output).
    fn next_u64(&self) -> u64 {
        let mut g = self.lock();
        g.1 += 1;
        g.0.next_u64()
    }

    /// The seed it was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// How many outputs were drawn so far.
    #[getter]
    fn draws(&self) -> u64 {
        self.lock().1
    }

    fn __repr__(&self) -> String {
        format!("<SeededRng seed={} draws={}>", self.seed, self.draws())
    }

    /// The generator for ``seed`` after ``draws`` outputs: what unpickling calls.
    #[classmethod]
    fn _restore(
        _cls: &Bound<'_, pyo3::types::PyType>,
        seed: &Bound<'_, PyAny>,
        draws: &Bound<'_, PyAny>,
    ) -> PyResult<SeededRng> {
        let seed = convert::uint(seed, "seed", u64::MAX)?;
        let draws = convert::uint(draws, "draws", u64::MAX)?;
        let rng = ttt_core::SeededRng::at(seed, draws);
        Ok(SeededRng { seed, inner: Mutex::new((rng, draws)) })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u64, u64))> {
        let restore = slf.get_type().getattr("_restore")?;
        Ok((restore, (slf.get().seed, slf.get().draws())))
    }

    fn __copy__(&self) -> SeededRng {
        self.duplicate()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> SeededRng {
        self.duplicate()
    }
}

/// Where the floats of one call come from.
pub enum Source {
    /// A `ttt.SeededRng` object: used directly, without the GIL.
    Shared(Py<SeededRng>),
    /// A generator made for this call from `seed=` or from Python's `random` module.
    Owned(Box<ttt_core::SeededRng>),
    /// Any other zero-argument callable; its errors are kept and raised after the call.
    Callable(Py<PyAny>),
}

/// The source for `rng=` / `seed=`.
pub fn source(
    py: Python<'_>,
    rng: Option<&Bound<'_, PyAny>>,
    seed: Option<u64>,
) -> PyResult<Source> {
    match (rng, seed) {
        (Some(r), None) if r.is_none() => source(py, None, None),
        (Some(_), Some(_)) => Err(PyTypeError::new_err("pass rng or seed, not both")),
        (None, Some(seed)) => Ok(Source::Owned(Box::new(ttt_core::SeededRng::new(seed)))),
        (Some(r), None) => {
            if let Ok(shared) = r.cast::<SeededRng>() {
                Ok(Source::Shared(shared.clone().unbind()))
            } else if r.is_callable() {
                Ok(Source::Callable(r.clone().unbind()))
            } else {
                Err(PyTypeError::new_err(format!(
                    "rng must be a zero-argument callable returning a float in [0, 1), not {}",
                    convert::type_name(r)
                )))
            }
        }
        (None, None) => {
            // Follows `random.seed()`, like any other use of Python's `random` module.
            let seed: u64 = py.import("random")?.call_method1("getrandbits", (64,))?.extract()?;
            Ok(Source::Owned(Box::new(ttt_core::SeededRng::new(seed))))
        }
    }
}

/// Runs `f` with the floats of `source`; an error raised by a Python rng (or a value outside
/// [0, 1)) is returned instead of `f`'s answer.
///
/// `f` runs on the calling thread with the GIL released ([`interrupt::run`]); a Python rng is
/// called there with the GIL. Once it has raised (Ctrl-C included) or the call is
/// interrupted, it is not called again: the search is stopped and gets 0.0 until it ends.
pub fn with_rng<T, F>(py: Python<'_>, source: Source, f: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&mut dyn Rng, Arc<AtomicBool>) -> T + Send,
{
    match source {
        Source::Shared(shared) => interrupt::run(py, move |stop| {
            // Locked for each float, not for the whole search: a thread holding the GIL may
            // wait for the generator while this search waits for the GIL to look for signals.
            let rng = shared.get();
            f(&mut || rng.draw(), stop)
        }),
        Source::Owned(mut rng) => interrupt::run(py, move |stop| f(&mut *rng, stop)),
        Source::Callable(callable) => {
            let failure: Arc<Mutex<Option<PyErr>>> = Arc::new(Mutex::new(None));
            let theirs = Arc::clone(&failure);
            let answer = interrupt::run(py, move |stop| {
                let flag = Arc::clone(&stop);
                let mut draw = || {
                    if flag.load(Ordering::Relaxed) {
                        return 0.0;
                    }
                    Python::attach(|py| match checked_float(py, &callable) {
                        Ok(x) => x,
                        Err(e) => {
                            // The answer is dropped: the search need not go on.
                            flag.store(true, Ordering::Relaxed);
                            let mut slot = theirs.lock().unwrap_or_else(PoisonError::into_inner);
                            slot.get_or_insert(e);
                            0.0
                        }
                    })
                };
                f(&mut draw, stop)
            })?;
            let failure = failure.lock().unwrap_or_else(PoisonError::into_inner).take();
            match failure {
                Some(e) => Err(e),
                None => Ok(answer),
            }
        }
    }
}

/// One float from a Python rng, refused unless it is a float (or int) in [0, 1).
fn checked_float(py: Python<'_>, callable: &Py<PyAny>) -> PyResult<f64> {
    let value = callable.call0(py)?;
    let x: f64 = value.extract(py).map_err(|_| {
        PyTypeError::new_err(format!(
            "rng() must return a float in [0, 1), not {}",
            convert::type_name(value.bind(py))
        ))
    })?;
    if (0.0..1.0).contains(&x) {
        Ok(x)
    } else {
        Err(PyValueError::new_err(format!("rng() returned {x}, outside [0, 1)")))
    }
}

/// A difficulty given from Python: ``'easy'``, ``'medium'``, ``'hard'`` (or a ``str`` enum).
pub fn difficulty(obj: &Bound<'_, PyAny>) -> PyResult<Difficulty> {
    let Ok(s) = obj.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "difficulty is one of 'easy', 'medium', 'hard', not {}",
            convert::type_name(obj)
        )));
    };
    s.to_cow()?.parse().map_err(|e: ttt_core::ParseDifficultyError| {
        PyValueError::new_err(format!("{e}: use 'easy', 'medium' or 'hard'"))
    })
}

/// The move ``difficulty`` plays for the player to move. ``'easy'``: uniform over the legal
/// moves; ``'medium'``: win now, else block, else uniform; ``'hard'``: uniform among all moves
/// of best exact score (perfect play), within the search limits on big boards.
///
/// ``rng`` is a zero-argument callable returning a float in [0, 1) (for instance a
/// ``SeededRng`` or ``random.random``); ``seed=`` uses ``SeededRng(seed)``; with neither, a seed
/// is drawn from Python's ``random`` module. Exactly one float is drawn per call.
///
/// ``max_nodes`` (default 100,000 nodes) and ``time_limit`` (seconds, default no limit) bound
/// Hard's search, whichever comes first; ``proof_nodes`` is the weak proof's budget beyond
/// ``max_nodes`` on gravity boards (see ``best_move``; 0: off); ``table_bytes`` sizes its table
/// (default 64 MiB). Each call uses a fresh table; ``Engine.choose_move`` keeps one from move
/// to move. Under a node budget alone the move depends only on the position and the generator;
/// a time limit makes it depend on the machine's speed and load. Easy and Medium ignore the
/// limits.
///
/// Raises ``GameOverError`` on a finished game, ``ValueError`` for an unknown difficulty, an
/// rng value outside [0, 1) or a limit out of range (``time_limit`` must be a finite number
/// greater than 0, or ``None``), ``TypeError`` when both ``rng`` and ``seed`` are given or a
/// limit is not a number. Releases the GIL; Ctrl-C interrupts a long search.
#[pyfunction]
#[pyo3(signature = (state, difficulty, rng = None, *, seed = None, max_nodes = None, proof_nodes = None, table_bytes = None, time_limit = None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of one Python function
pub fn choose_move(
    py: Python<'_>,
    state: &Bound<'_, GameState>,
    difficulty: &Bound<'_, PyAny>,
    rng: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    proof_nodes: Option<&Bound<'_, PyAny>>,
    table_bytes: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    let budget = budget(max_nodes, proof_nodes, table_bytes, time_limit)?;
    choose(py, state, difficulty, rng, seed, budget).map(|c| c.index)
}

/// Like ``choose_move``, returning ``(index, proven)``: ``proven`` is ``True`` when Hard's move is
/// proven best (always on boards small enough to solve within the limits), ``False`` for Easy,
/// Medium and an unproven Hard answer.
#[pyfunction]
#[pyo3(signature = (state, difficulty, rng = None, *, seed = None, max_nodes = None, proof_nodes = None, table_bytes = None, time_limit = None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of one Python function
pub fn choose_move_with(
    py: Python<'_>,
    state: &Bound<'_, GameState>,
    difficulty: &Bound<'_, PyAny>,
    rng: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    proof_nodes: Option<&Bound<'_, PyAny>>,
    table_bytes: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<(usize, bool)> {
    let budget = budget(max_nodes, proof_nodes, table_bytes, time_limit)?;
    choose(py, state, difficulty, rng, seed, budget).map(|c| (c.index, c.proven))
}

fn choose(
    py: Python<'_>,
    state: &Bound<'_, GameState>,
    difficulty_arg: &Bound<'_, PyAny>,
    rng: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    budget: Budget,
) -> PyResult<ttt_core::Choice> {
    choose_by(py, state, difficulty_arg, rng, seed, budget, |game, d, rng, limits| {
        Some(ttt_core::choose_move_with(game, d, rng, limits))
    })
}

/// What every ``choose_move`` does around its search (the free function's and an engine's):
/// reads the difficulty, the seed and the rng, runs `pick(state, difficulty, rng, limits)`
/// through [`with_rng`] and turns a finished game into ``GameOverError``. `pick` gives `None`
/// when it was interrupted before it could search (an engine waiting for another call).
///
/// # Errors
/// As ``choose_move`` documents; the exception of a signal handler or of a Python rng.
pub fn choose_by<F>(
    py: Python<'_>,
    state: &Bound<'_, GameState>,
    difficulty_arg: &Bound<'_, PyAny>,
    rng: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    budget: Budget,
    pick: F,
) -> PyResult<ttt_core::Choice>
where
    F: FnOnce(
            &ttt_core::GameState,
            Difficulty,
            &mut dyn Rng,
            &ttt_core::SearchLimits,
        ) -> Option<Result<ttt_core::Choice, AiError>>
        + Send,
{
    let d = difficulty(difficulty_arg)?;
    let seed = convert::opt_uint(seed, "seed", u64::MAX)?;
    let game = state.get().inner.clone();
    let source = source(py, rng, seed)?;
    let result = with_rng(py, source, move |rng, stop| pick(&game, d, rng, &limits(budget, stop)))?;
    // `None` only when interrupted, and `with_rng` then returned the exception: not reached.
    let result = result.ok_or_else(|| PyKeyboardInterrupt::new_err(()))?;
    result.map_err(|e| match e {
        AiError::GameOver => errors::game_over(py, e.to_string()),
    })
}
