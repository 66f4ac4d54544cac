//! Long calls with the GIL released and Ctrl-C honoured, on the calling thread.
//!
//! The work runs on the thread that called, with the GIL released, and no thread is started.
//! Each search it runs polls a check ([`ttt_core::search::with_stop_check`]) every few
//! thousand nodes; the check reads the clock and, once [`POLL`] has passed since its first
//! poll or since its last look, takes the GIL just long enough to run Python's signal
//! handlers (`PyErr_CheckSignals`). When one raises (Ctrl-C gives `KeyboardInterrupt`), the
//! call's `stop` flag is set, the search stops at its next poll and the exception is raised
//! from the call. A call that ends within [`POLL`] never takes the GIL back, and one that ends
//! before its first poll (a few thousand nodes) reads no clock: it costs a few thread-local
//! reads and writes (issue 13: a small call costs a few microseconds).
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
        // No borrow is held while Python is asked (once per thread).
        let main = t.main.get().unwrap_or_else(|| {
            let main = ask_main_thread(py);
            t.main.set(Some(main));
            main
        });
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
        let now = Instant::now();
        call.next = Some(now + (now - asked).saturating_mul(BACK_OFF).clamp(POLL, MAX_POLL));
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
