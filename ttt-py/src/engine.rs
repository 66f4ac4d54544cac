//! `ttt.Engine`: the search with a table kept from one call to the next (`ttt_core::Engine`).

use crate::ai::choose_by;
use crate::convert;
use crate::interrupt;
use crate::search::{BestMove, Budget, MoveAnalysis, budget, limits_without_stop};
use crate::state::GameState;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyType;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::Duration;

/// A search engine that keeps its transposition table from one call to the next, so that a
/// game played move by move through one engine finds the work of the moves before (the free
/// functions start from an empty table at every call).
///
/// ``Engine(*, table_bytes=None)``: ``table_bytes`` is the most bytes its table may take
/// (default 64 MiB; it starts small and grows while needed; 0 searches without a table). Its
/// methods are the free functions of the same names, on this engine's table: ``best_move``,
/// ``solve``, ``analyze``, ``choose_move`` and ``choose_move_with``, with ``max_nodes=``,
/// ``proof_nodes=`` and ``time_limit=`` (seconds) but no ``table_bytes=``. ``clear()`` forgets
/// everything (a new game); the engine then answers exactly as a fresh one. The table is
/// cleared by itself when a call comes with other rules (or another seating of the players),
/// so one engine can serve any game, but one engine per game is what makes it faster. Without
/// gravity it also keeps the anytime search's table, and a side's next two moves search no
/// deeper than that side's last search that went to its budget (fewer nodes, the same
/// strength).
///
/// On boards it solves within the limits, an engine gives the moves the free functions give
/// (the same for the same seed). Under a node budget its unproven answers also depend on what
/// it searched before (that is the point of keeping the table), so two engines with different
/// histories may answer differently; a time limit makes answers depend on the machine too.
///
/// Thread-safe: calls on one engine from several threads are serialised (each waits for the
/// one before, with the GIL released and Ctrl-C honoured while it waits); use one engine per
/// thread to search in parallel. Every call runs on the calling thread and releases the GIL (a
/// search after its first few thousand nodes); Ctrl-C interrupts a long search (on the main
/// thread) within a few tens of milliseconds, and the engine is free for the next call at once.
///
/// Picklable and copyable (``copy.copy``, ``copy.deepcopy``) as an empty engine with the same
/// ``table_bytes``: the table is a cache, not state worth shipping.
#[pyclass(module = "ttt", name = "Engine", frozen)]
pub struct Engine {
    table_bytes: usize,
    inner: Arc<Shared>,
}

/// The engine and the thread that holds it now.
struct Shared {
    engine: Mutex<ttt_core::Engine>,
    /// The [`thread_token`] of the thread running a call on the engine, 0 when none: a call
    /// from that same thread (a Python `rng` that calls the engine it was passed to) would wait
    /// for itself forever. An atomic, not a lock: it is written twice a call, and a small call
    /// costs a few microseconds (issue 13).
    holder: AtomicUsize,
}

thread_local! {
    /// A byte whose address tells this thread from the others (see [`thread_token`]).
    static TOKEN: u8 = const { 0 };
}

/// A number that no other living thread has, and never 0: the address of a thread-local.
/// Cheaper than `std::thread::current().id()`, which clones the thread's handle.
fn thread_token() -> usize {
    TOKEN.with(|t| std::ptr::from_ref(t) as usize)
}

/// The engine held by the current thread for one call; lets go of the holder mark on drop.
struct Held<'a> {
    engine: MutexGuard<'a, ttt_core::Engine>,
    holder: &'a AtomicUsize,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.holder.store(0, Ordering::Release);
    }
}

/// How often a call waiting for an engine another call holds tries again.
const WAIT: Duration = Duration::from_micros(500);

impl Shared {
    /// The engine, locked for the current thread, if it is free now (`Ok(None)` when a call on
    /// another thread holds it). An engine left poisoned by a panic is cleared first (its table
    /// may be half-written).
    ///
    /// # Errors
    /// `ValueError` when a call holding the engine runs on this very thread (the engine called
    /// from the `rng` of one of its own calls), which would wait for itself forever.
    // Inlined, as `solve_impl` and `search::budget`: each out of line was a 4 KiB page of
    // code of its own for a cold call (README, "Measuring": pages cost as lines do).
    #[inline(always)]
    fn try_hold(&self) -> PyResult<Option<Held<'_>>> {
        let engine = match self.engine.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::Poisoned(poisoned)) => {
                self.engine.clear_poison();
                let mut guard = poisoned.into_inner();
                guard.clear();
                guard
            }
            Err(TryLockError::WouldBlock) => {
                self.refuse_own_call()?;
                return Ok(None);
            }
        };
        self.holder.store(thread_token(), Ordering::Release);
        Ok(Some(Held { engine, holder: &self.holder }))
    }

    /// Refuses a call on the engine from one of its own calls on this thread.
    ///
    /// # Errors
    /// `ValueError` when a call holding the engine runs on this very thread (the engine called
    /// from the `rng` of one of its own calls), which would wait for itself forever.
    fn refuse_own_call(&self) -> PyResult<()> {
        // Only this thread ever writes its own token, and it clears it when its call lets go:
        // a match means this thread holds the engine now.
        if self.holder.load(Ordering::Acquire) == thread_token() {
            return Err(PyValueError::new_err(
                "this Engine is in the middle of a call on this thread (an rng that calls its \
                 own engine): use another Engine or the free functions there",
            ));
        }
        Ok(())
    }

    /// The engine, locked for the current thread, once the call holding it (if any) lets go;
    /// `None` when the call is interrupted meanwhile ([`interrupt::interrupted`]: the wait runs
    /// inside [`interrupt::run`]). An engine left poisoned by a panic is cleared first. The
    /// caller has made sure ([`try_hold`](Self::try_hold)) that the holder is not this thread.
    fn hold_unless_interrupted(&self) -> Option<Held<'_>> {
        loop {
            // Not this thread's own call (checked before): `Err` cannot come.
            if let Ok(Some(held)) = self.try_hold() {
                return Some(held);
            }
            if interrupt::interrupted() {
                return None;
            }
            std::thread::sleep(WAIT);
        }
    }

    /// [`Engine::run`] when another call holds the engine: waits for it with the GIL released
    /// ([`interrupt::run`]), then runs `work`. Out of line: the usual call does not bring this
    /// code into the cache (issue 13).
    #[cold]
    #[inline(never)]
    fn run_when_free<T, F>(&self, py: Python<'_>, work: F) -> PyResult<T>
    where
        T: Send,
        F: FnOnce(&mut ttt_core::Engine) -> T + Send,
    {
        let answer = interrupt::run(py, move |_| {
            self.hold_unless_interrupted().map(|mut held| work(&mut held.engine))
        })?;
        // `None` only when a signal handler raised, and `interrupt::run` then returned its
        // exception: this is not reached.
        answer.ok_or_else(|| PyKeyboardInterrupt::new_err(()))
    }
}

impl Engine {
    fn create(table_bytes: usize) -> Engine {
        Engine {
            table_bytes,
            inner: Arc::new(Shared {
                engine: Mutex::new(ttt_core::Engine::with_table_bytes(table_bytes)),
                holder: AtomicUsize::new(0),
            }),
        }
    }

    /// Runs the search `work` on the locked engine on the calling thread, the GIL let go once
    /// it has run a few thousand nodes ([`interrupt::run_search`]), once the call holding the
    /// engine, if any, lets go (waiting for it with the GIL released, [`interrupt::run`]).
    ///
    /// # Safety
    /// `work` and its answer touch no Python object and call no Python code
    /// ([`interrupt::run_search`]).
    unsafe fn run<T, F>(&self, py: Python<'_>, work: F) -> PyResult<T>
    where
        T: Send,
        F: FnOnce(&mut ttt_core::Engine) -> T + Send,
    {
        // The usual case: the engine is free, and is locked here, with the GIL, without the
        // waiting machinery (issue 13: a small call costs a few microseconds).
        if let Some(mut held) = self.inner.try_hold()? {
            let engine: &mut ttt_core::Engine = &mut held.engine;
            // SAFETY: the caller's promise.
            return unsafe { interrupt::run_search(py, move || work(engine)) };
        }
        self.inner.run_when_free(py, work)
    }

    #[inline(always)]
    fn solve_impl(
        &self,
        py: Python<'_>,
        state: &Bound<'_, GameState>,
        budget: Budget,
        weak: bool,
    ) -> PyResult<Option<ttt_core::BestMove>> {
        // Borrowed, not cloned: the state is frozen, and `state` keeps it alive while the
        // search runs without the GIL.
        let game = &state.get().inner;
        // SAFETY: a search of Rust values only, answering a Rust value.
        unsafe {
            self.run(py, move |engine| {
                // No stop flag: the stop check of `interrupt` stops the search.
                let limits = limits_without_stop(budget);
                if weak {
                    engine.weak_solve_with(game, &limits)
                } else {
                    engine.best_move_with(game, &limits)
                }
            })
        }
    }

    fn choose_impl(
        &self,
        py: Python<'_>,
        state: &Bound<'_, GameState>,
        difficulty_arg: &Bound<'_, PyAny>,
        rng: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        budget: Budget,
    ) -> PyResult<ttt_core::Choice> {
        self.inner.refuse_own_call()?;
        let inner = &*self.inner;
        choose_by(py, state, difficulty_arg, rng, seed, budget, move |game, d, rng, limits| {
            let mut held = inner.hold_unless_interrupted()?;
            Some(held.engine.choose_move_with(game, d, rng, limits))
        })
    }
}

fn engine_budget(
    max_nodes: Option<&Bound<'_, PyAny>>,
    proof_nodes: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Budget> {
    budget(max_nodes, proof_nodes, None, time_limit)
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (*, table_bytes = None))]
    fn new(table_bytes: Option<&Bound<'_, PyAny>>) -> PyResult<Engine> {
        let table_bytes = convert::opt_usize(table_bytes, "table_bytes")?;
        Ok(Engine::create(table_bytes.unwrap_or(ttt_core::SearchLimits::DEFAULT_TABLE_BYTES)))
    }

    /// The most bytes the engine's table may take.
    #[getter]
    fn table_bytes(&self) -> usize {
        self.table_bytes
    }

    /// Forgets everything searched so far (a new game): the engine then answers exactly as a
    /// fresh one. Waits for a call running on another thread to finish first.
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        // Clearing takes a few instructions (the table is emptied, not wiped): a free engine is
        // cleared at once, with the GIL held.
        if let Some(mut held) = self.inner.try_hold()? {
            held.engine.clear();
            return Ok(());
        }
        // SAFETY: clearing touches Rust values only.
        unsafe { self.run(py, |engine| engine.clear()) }
    }

    /// ``ttt.best_move`` on this engine's table.
    #[pyo3(signature = (state, *, max_nodes = None, proof_nodes = None, time_limit = None))]
    fn best_move(
        &self,
        py: Python<'_>,
        state: &Bound<'_, GameState>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        proof_nodes: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<usize>> {
        let budget = engine_budget(max_nodes, proof_nodes, time_limit)?;
        Ok(self.solve_impl(py, state, budget, false)?.map(|b| b.index))
    }

    /// ``ttt.solve`` on this engine's table: a ``BestMove``, or ``None`` when the game is over
    /// (``weak=True``: the weak solve, as ``ttt.solve``'s).
    #[pyo3(signature = (state, *, weak = false, max_nodes = None, proof_nodes = None, time_limit = None))]
    fn solve(
        &self,
        py: Python<'_>,
        state: &Bound<'_, GameState>,
        weak: bool,
        max_nodes: Option<&Bound<'_, PyAny>>,
        proof_nodes: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<BestMove>> {
        let answer =
            self.solve_impl(py, state, engine_budget(max_nodes, proof_nodes, time_limit)?, weak)?;
        Ok(answer.as_ref().map(BestMove::from_core))
    }

    /// ``ttt.analyze`` on this engine's table: every legal move, best first (empty when the
    /// game is over).
    #[pyo3(signature = (state, *, max_nodes = None, proof_nodes = None, time_limit = None))]
    fn analyze(
        &self,
        py: Python<'_>,
        state: &Bound<'_, GameState>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        proof_nodes: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<MoveAnalysis>> {
        let budget = engine_budget(max_nodes, proof_nodes, time_limit)?;
        // Borrowed, not cloned: the state is frozen, and `state` keeps it alive while the
        // search runs without the GIL.
        let game = &state.get().inner;
        // SAFETY: a search of Rust values only, answering Rust values.
        let moves = unsafe {
            self.run(py, move |engine| engine.analyze_with(game, &limits_without_stop(budget)))
        }?;
        Ok(moves.iter().map(MoveAnalysis::from_core).collect())
    }

    /// ``ttt.choose_move`` on this engine's table (``rng``, ``seed`` and the errors as there).
    #[pyo3(signature = (state, difficulty, rng = None, *, seed = None, max_nodes = None, proof_nodes = None, time_limit = None))]
    #[allow(clippy::too_many_arguments)] // the keyword arguments of one Python method
    fn choose_move(
        &self,
        py: Python<'_>,
        state: &Bound<'_, GameState>,
        difficulty: &Bound<'_, PyAny>,
        rng: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        proof_nodes: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let budget = engine_budget(max_nodes, proof_nodes, time_limit)?;
        Ok(self.choose_impl(py, state, difficulty, rng, seed, budget)?.index)
    }

    /// ``ttt.choose_move_with`` on this engine's table: ``(index, proven)``.
    #[pyo3(signature = (state, difficulty, rng = None, *, seed = None, max_nodes = None, proof_nodes = None, time_limit = None))]
    #[allow(clippy::too_many_arguments)] // the keyword arguments of one Python method
    fn choose_move_with(
        &self,
        py: Python<'_>,
        state: &Bound<'_, GameState>,
        difficulty: &Bound<'_, PyAny>,
        rng: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        proof_nodes: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(usize, bool)> {
        let budget = engine_budget(max_nodes, proof_nodes, time_limit)?;
        let c = self.choose_impl(py, state, difficulty, rng, seed, budget)?;
        Ok((c.index, c.proven))
    }

    fn __repr__(&self) -> String {
        format!("Engine(table_bytes={})", self.table_bytes)
    }

    /// An empty engine of ``table_bytes``: what unpickling calls.
    #[classmethod]
    fn _restore(_cls: &Bound<'_, PyType>, table_bytes: &Bound<'_, PyAny>) -> PyResult<Engine> {
        Ok(Engine::create(convert::usize_arg(table_bytes, "table_bytes")?))
    }

    /// Pickles as an empty engine with the same ``table_bytes``.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (usize,))> {
        let restore = slf.get_type().getattr("_restore")?;
        Ok((restore, (slf.get().table_bytes,)))
    }

    /// An empty engine with the same ``table_bytes``.
    fn __copy__(&self) -> Engine {
        Engine::create(self.table_bytes)
    }

    /// An empty engine with the same ``table_bytes``.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Engine {
        Engine::create(self.table_bytes)
    }
}
