//! Long calls with the GIL released and Ctrl-C honoured, on the calling thread.
//!
//! The work runs on the thread that called, with the GIL released, and no thread is started.
//! Each search it runs polls a check ([`ttt_core::search::with_stop_check`]) every few
//! thousand nodes; the check reads the clock and, once [`POLL`] has passed since the call
//! began or since its last look, takes the GIL just long enough to run Python's signal
//! handlers (`PyErr_CheckSignals`). When one raises (Ctrl-C gives `KeyboardInterrupt`), the
//! call's `stop` flag is set, the search stops at its next poll and the exception is raised
//! from the call. A call that ends within [`POLL`] never takes the GIL back: it costs a clock
//! read and two thread-local writes.
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
    /// When the call next takes the GIL to run the signal handlers.
    next: Instant,
    /// The call's stop flag, set once a handler has raised.
    stop: Arc<AtomicBool>,
    /// The exception a signal handler raised.
    raised: Option<PyErr>,
}

thread_local! {
    /// The call running on this thread, if any.
    static CALL: RefCell<Option<Call>> = const { RefCell::new(None) };
    /// Whether this is Python's main thread, the one that runs signal handlers; asked of
    /// Python at this thread's first call.
    static MAIN: Cell<Option<bool>> = const { Cell::new(None) };
}

/// Whether the calling thread is Python's main thread.
fn on_main_thread(py: Python<'_>) -> bool {
    if let Some(main) = MAIN.get() {
        return main;
    }
    let ask = || -> PyResult<bool> {
        let threading = py.import("threading")?;
        let main = threading.call_method0("main_thread")?.getattr("ident")?;
        main.eq(threading.call_method0("get_ident")?)
    };
    // When Python cannot tell, look for signals anyway: on another thread that only costs time.
    let main = ask().unwrap_or(true);
    MAIN.set(Some(main));
    main
}

/// Puts the enclosing call (if any) back when a call ends, also by a panic.
struct Restore(Option<Call>);

impl Drop for Restore {
    fn drop(&mut self) {
        CALL.set(self.0.take());
    }
}

/// The check the searches of a call poll: true once a signal handler has raised. Takes the
/// GIL at most once per [`POLL`].
fn check() -> bool {
    let due = CALL.with_borrow(|call| match call {
        None => Some(false),
        Some(call) if call.raised.is_some() => Some(true),
        Some(call) if Instant::now() < call.next => Some(false),
        Some(_) => None,
    });
    if let Some(answer) = due {
        return answer;
    }
    // No borrow is held here: a handler may make a call of its own, which saves this
    // thread's call and puts it back around itself.
    let asked = Instant::now();
    let result = Python::attach(|py| py.check_signals());
    CALL.with_borrow_mut(|call| {
        let Some(call) = call else { return false };
        let now = Instant::now();
        call.next = now + (now - asked).saturating_mul(BACK_OFF).clamp(POLL, MAX_POLL);
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
    CALL.with_borrow(|call| call.as_ref().is_some_and(|call| call.raised.is_some()))
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
    let stop = Arc::new(AtomicBool::new(false));
    if !on_main_thread(py) {
        return Ok(py.detach(|| work(stop)));
    }
    let call = Call { next: Instant::now() + POLL, stop: Arc::clone(&stop), raised: None };
    let restore = Restore(CALL.replace(Some(call)));
    let answer = py.detach(|| ttt_core::search::with_stop_check(check, || work(stop)));
    let raised = CALL.take().and_then(|call| call.raised);
    drop(restore);
    match raised {
        Some(e) => Err(e),
        None => Ok(answer),
    }
}
