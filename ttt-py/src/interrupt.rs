//! Long calls with the GIL released and Ctrl-C honoured, on the calling thread.
//!
//! The work runs on the thread that called, and no thread is started. Each search it runs
//! polls a check ([`ttt_core::search::with_stop_check`]) every few thousand nodes; the check
//! reads the clock and, once [`POLL`] has passed since its first poll or since its last look,
//! takes the GIL just long enough to run Python's signal handlers (`PyErr_CheckSignals`). When
//! one raises (Ctrl-C gives `KeyboardInterrupt`), the search stops at its next poll and the
//! exception is raised from the call.
//!
//! Two ways to run a call:
//! - [`run_search`], for pure searches (`solve`, `best_move`, `analyze`, on an engine or not):
//!   the search keeps the GIL until its first poll, and lets go of it there. A call that ends
//!   before (a few thousand nodes, most of a game's calls) never touches the GIL nor the clock:
//!   letting go of the GIL and taking it back is about 25 lines of the interpreter's code, which a
//!   small call brings from memory when its caches are cold (issue 13: a small call costs a few
//!   microseconds). Another Python thread then waits at most that long for the GIL.
//! - [`run`], for work that may call back into Python (a Python `rng`, a `Match` step, a
//!   batch, an engine that another thread holds): the GIL is let go at once, through PyO3.
//!
//! Taking the GIL back stalls the search while another thread holds it (a busy Python thread
//! gives it up only after its switch interval, 5 ms by default). So the next look comes 20
//! times as long after as this one waited, between [`POLL`] and [`MAX_POLL`]: the search
//! spends at most about a twentieth of its time waiting, and Ctrl-C still comes within
//! [`MAX_POLL`] and the wait.
//!
//! Python runs signal handlers only on its main thread, so a call made on another thread
//! never looks for them (it never takes the GIL back), and Ctrl-C does not interrupt it (as it
//! interrupts no Python code there): it ends by itself, or by its `time_limit=`/`max_nodes=`.
//! Which thread is the main one is asked of Python once per thread (a process forked from
//! another thread than the main one keeps that thread's answer). A Python callback the work
//! makes (an `rng`) runs on the calling thread with the GIL, where Ctrl-C reaches it as in
//! any Python code; the exception it then raises ends the call.

use pyo3::ffi;
use pyo3::prelude::*;
use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How often a running call looks for signals, at the most.
const POLL: Duration = Duration::from_millis(20);

/// How long a running call may go without looking for signals, at the most.
const MAX_POLL: Duration = Duration::from_millis(500);

/// How many times the time it waited for the GIL a call waits before its next look.
const BACK_OFF: u32 = 20;

/// The state of the call running on this thread (the innermost one, when a signal handler or
/// a callback makes a call of its own).
struct Call {
    /// When the call next takes the GIL to run the signal handlers; `None` until the first
    /// poll, which starts the clock (a call that ends before it reads no clock).
    next: Option<Instant>,
    /// The call's stop flag, set once a handler has raised.
    stop: Arc<AtomicBool>,
    /// The exception a signal handler raised.
    raised: Option<PyErr>,
}

/// What this thread knows of its calls, in one thread-local (each thread-local read from a
/// loaded library is a call into the dynamic linker: a small call costs a few microseconds,
/// issue 13).
struct Thread {
    /// The call running on this thread, if any.
    call: RefCell<Option<Call>>,
    /// Whether this is Python's main thread, the one that runs signal handlers; asked of
    /// Python at this thread's first call.
    main: Cell<Option<bool>>,
    /// The stop flag of this thread's last call, kept for the next one (see [`begin`]).
    spare: Cell<Option<Arc<AtomicBool>>>,
}

thread_local! {
    static THREAD: Thread = const {
        Thread { call: RefCell::new(None), main: Cell::new(None), spare: Cell::new(None) }
    };
}

/// Whether the calling thread is Python's main thread, asked of Python.
fn ask_main_thread(py: Python<'_>) -> bool {
    let ask = || -> PyResult<bool> {
        let threading = py.import("threading")?;
        let main = threading.call_method0("main_thread")?.getattr("ident")?;
        main.eq(threading.call_method0("get_ident")?)
    };
    // When Python cannot tell, look for signals anyway: on another thread that only costs time.
    ask().unwrap_or(true)
}

/// Whether this is Python's main thread: asked of Python at the thread's first call, then
/// remembered in `t` (no borrow is held while Python is asked).
fn is_main_thread(t: &Thread, py: Python<'_>) -> bool {
    t.main.get().unwrap_or_else(|| {
        let main = ask_main_thread(py);
        t.main.set(Some(main));
        main
    })
}

/// Starts a call on this thread: its stop flag, not set, and on Python's main thread the
/// enclosing call (if any) that the new call's state replaces until [`end`]. The flag is the
/// one of this thread's last call when nothing else holds it any more, else a new one (an
/// allocation and a free took two dozen cache lines of the C library's code of a small call,
/// cold; issue 13).
fn begin(py: Python<'_>) -> (Arc<AtomicBool>, Option<Option<Call>>) {
    THREAD.with(|t| {
        let flag = match t.spare.take() {
            // Only this thread holds it: no call can still read it.
            Some(flag) if Arc::strong_count(&flag) == 1 => {
                flag.store(false, Ordering::Relaxed);
                flag
            }
            _ => Arc::new(AtomicBool::new(false)),
        };
        let main = is_main_thread(t, py);
        let enclosing = main.then(|| {
            t.call.replace(Some(Call { next: None, stop: Arc::clone(&flag), raised: None }))
        });
        (flag, enclosing)
    })
}

/// Ends a call that [`begin`] started on the main thread: puts the enclosing call back and
/// keeps the call's flag for the next one; the exception a signal handler raised, if any.
fn end(enclosing: Option<Call>, flag: Arc<AtomicBool>) -> Option<PyErr> {
    THREAD.with(|t| {
        let call = t.call.replace(enclosing);
        t.spare.set(Some(flag));
        call.and_then(|call| call.raised)
    })
}

/// Puts the enclosing call back when a call ends by a panic ([`end`] does it otherwise).
struct Restore(Option<Option<Call>>);

impl Drop for Restore {
    fn drop(&mut self) {
        if let Some(enclosing) = self.0.take() {
            THREAD.with(|t| t.call.replace(enclosing));
        }
    }
}

/// The check the searches of a call poll: true once a signal handler has raised. Takes the
/// GIL at most once per [`POLL`].
fn check() -> bool {
    let due = THREAD.with(|t| match &mut *t.call.borrow_mut() {
        None => Some(false),
        Some(call) if call.raised.is_some() => Some(true),
        Some(call) => {
            let now = Instant::now();
            match call.next {
                None => {
                    call.next = Some(now + POLL);
                    Some(false)
                }
                Some(next) if now < next => Some(false),
                Some(_) => None,
            }
        }
    });
    if let Some(answer) = due {
        return answer;
    }
    // No borrow is held here: a handler may make a call of its own, which saves this
    // thread's call and puts it back around itself.
    let asked = Instant::now();
    let result = Python::attach(|py| py.check_signals());
    THREAD.with(|t| {
        let Some(call) = &mut *t.call.borrow_mut() else { return false };
        call.next = Some(next_look(asked));
        match result {
            Ok(()) => false,
            Err(e) => {
                call.stop.store(true, Ordering::Relaxed);
                call.raised.get_or_insert(e);
                true
            }
        }
    })
}

/// When to look for signals next, after a look that began at `asked` (waiting for the GIL,
/// then running the handlers): [`BACK_OFF`] times that long after now, within [`POLL`] and
/// [`MAX_POLL`].
fn next_look(asked: Instant) -> Instant {
    let now = Instant::now();
    now + (now - asked).saturating_mul(BACK_OFF).clamp(POLL, MAX_POLL)
}

/// Whether a signal handler has raised during the running call, looking for signals now if
/// [`POLL`] has passed since the last look. For work that waits without searching (a lock):
/// it should give up when this is true. False outside a call of [`run`].
pub fn interrupted() -> bool {
    check()
}

/// Whether a signal handler has raised during the running call (without looking for
/// signals). False outside a call of [`run`].
pub fn raised() -> bool {
    THREAD.with(|t| t.call.borrow().as_ref().is_some_and(|call| call.raised.is_some()))
}

/// Runs `work(stop)` on the calling thread with the GIL released; on Python's main thread,
/// its searches run Python's signal handlers from their stop-flag poll every [`POLL`] or more
/// (see the module's docs). `stop` is set when a handler raises; work that does not search
/// can read it, or [`interrupted`].
///
/// # Errors
/// The exception raised by a signal handler during the call; `work`'s answer is then
/// discarded.
pub fn run<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Arc<AtomicBool>) -> T + Send,
{
    let (flag, enclosing) = begin(py);
    let stop = Arc::clone(&flag);
    let Some(enclosing) = enclosing else {
        // Not the main thread: no signal handlers to run.
        let answer = py.detach(|| work(stop));
        THREAD.with(|t| t.spare.set(Some(flag)));
        return Ok(answer);
    };
    let mut restore = Restore(Some(enclosing));
    let answer = py.detach(|| ttt_core::search::with_stop_check(check, || work(stop)));
    let raised = end(restore.0.take().flatten(), flag);
    match raised {
        Some(e) => Err(e),
        None => Ok(answer),
    }
}

/// A call of [`run_search`], on its stack; its searches reach it through [`SEARCH`].
struct Search {
    /// What `PyEval_SaveThread` returned when the call let go of the GIL; null while this
    /// thread holds it (before the first poll, during a look, after a handler raised).
    released: Cell<*mut ffi::PyThreadState>,
    /// Whether the first poll has come.
    polled: Cell<bool>,
    /// When the call next looks for signals: `None` before the first poll, and on any thread
    /// but Python's main one, where it never looks.
    next: Cell<Option<Instant>>,
    /// Whether a signal handler has raised: every poll from then on says stop.
    stopped: Cell<bool>,
    /// The exception the handler raised.
    raised: Cell<Option<PyErr>>,
}

thread_local! {
    /// The innermost call of [`run_search`] running on this thread, null when none.
    static SEARCH: Cell<*const Search> = const { Cell::new(std::ptr::null()) };
}

impl Search {
    /// Takes the GIL back if the call let go of it.
    fn attach(&self) {
        let tstate = self.released.replace(std::ptr::null_mut());
        if !tstate.is_null() {
            // SAFETY: `tstate` is what `PyEval_SaveThread` returned on this thread, and this
            // thread has not taken the GIL back since (`released` was not null).
            unsafe { ffi::PyEval_RestoreThread(tstate) };
        }
    }

    /// Lets go of the GIL until [`attach`](Self::attach).
    ///
    /// # Safety
    /// This thread holds the GIL, and until `attach` it neither touches a Python object nor
    /// calls into Python: the rest of the search is pure Rust ([`run_search`]'s contract), and
    /// this module's own code takes the GIL back before it calls Python.
    unsafe fn detach(&self) {
        // SAFETY: the caller holds the GIL (the function's contract).
        self.released.set(unsafe { ffi::PyEval_SaveThread() });
    }

    /// Runs Python's signal handlers; true, and the exception kept, when one raised.
    fn look(&self, py: Python<'_>) -> bool {
        if let Err(e) = py.check_signals() {
            self.raised.set(Some(e));
            self.stopped.set(true);
        }
        self.stopped.get()
    }

    /// The check of the call's searches (see the module's docs): true once a handler raised.
    fn poll(&self) -> bool {
        if self.stopped.get() {
            return true;
        }
        if !self.polled.replace(true) {
            // SAFETY: `run_search`'s caller holds the GIL (its `py`), and nothing has let go
            // of it since: this is the call's first poll.
            let py = unsafe { Python::assume_attached() };
            let main = THREAD.with(|t| is_main_thread(t, py));
            if main {
                if self.look(py) {
                    return true;
                }
                self.next.set(Some(Instant::now() + POLL));
            }
            // SAFETY: this thread holds the GIL (above), and the search that follows is pure
            // Rust until `run_search` takes the GIL back.
            unsafe { self.detach() };
            return false;
        }
        let Some(next) = self.next.get() else { return false };
        let asked = Instant::now();
        if asked < next {
            return false;
        }
        self.attach();
        // SAFETY: the GIL was just taken back.
        let py = unsafe { Python::assume_attached() };
        if self.look(py) {
            // The search stops at once: it ends with the GIL.
            return true;
        }
        // SAFETY: this thread holds the GIL (taken back above); see `detach`.
        unsafe { self.detach() };
        self.next.set(Some(next_look(asked)));
        false
    }
}

/// The check [`run_search`] installs: the innermost call's [`Search::poll`].
fn search_check() -> bool {
    SEARCH.with(|current| {
        // SAFETY: `current` is null or the `Search` of a call of `run_search` running on this
        // thread, which outlives every poll its work makes and puts the enclosing value back
        // before it returns (also when the work panics).
        unsafe { current.get().as_ref() }.is_some_and(Search::poll)
    })
}

/// Makes a [`Search`] the innermost call of this thread, until dropped: then takes the GIL
/// back, if the call let go of it, and puts the enclosing call back (also when the work
/// panics, so that PyO3 turns the panic into an exception with the GIL held).
struct Enter<'a> {
    current: &'a Cell<*const Search>,
    enclosing: *const Search,
    search: &'a Search,
}

impl Drop for Enter<'_> {
    fn drop(&mut self) {
        self.search.attach();
        self.current.set(self.enclosing);
    }
}

/// Runs the pure search `work()` on the calling thread: with the GIL until the search's first
/// poll (a few thousand nodes), without it from there on (see the module's docs); on
/// Python's main thread, looking for signals at that first poll and every [`POLL`] or more
/// after it. The GIL is held again when this returns.
///
/// # Safety
/// `work` and its answer touch no Python object and call no Python code, not even to drop a
/// `Py` reference: they may run without the GIL while PyO3 believes this thread holds it
/// (unlike [`Python::detach`], which tells PyO3, and which [`run`] uses for work that calls
/// back into Python).
///
/// # Errors
/// The exception raised by a signal handler during the call; `work`'s answer is then
/// discarded.
pub unsafe fn run_search<T, F>(_py: Python<'_>, work: F) -> PyResult<T>
where
    F: FnOnce() -> T,
{
    let search = Search {
        released: Cell::new(std::ptr::null_mut()),
        polled: Cell::new(false),
        next: Cell::new(None),
        stopped: Cell::new(false),
        raised: Cell::new(None),
    };
    let answer = SEARCH.with(|current| {
        let _enter = Enter { current, enclosing: current.replace(&search), search: &search };
        ttt_core::search::with_stop_check(search_check, work)
    });
    match search.raised.take() {
        Some(e) => Err(e),
        None => Ok(answer),
    }
}
