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
//! Python runs signal handlers only on its main thread, so a call made on another thread is
//! not interrupted by Ctrl-C (as any Python code there): it ends by itself, or by its
//! `time_limit=`/`max_nodes=`. A Python callback the work makes (an `rng`) runs on the calling
//! thread with the GIL, where Ctrl-C reaches it as in any Python code; the exception it then
//! raises ends the call.

use pyo3::prelude::*;
use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How often a running call looks for signals.
const POLL: Duration = Duration::from_millis(20);

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
    let result = Python::attach(|py| py.check_signals());
    CALL.with_borrow_mut(|call| {
        let Some(call) = call else { return false };
        call.next = Instant::now() + POLL;
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

/// Runs `work(stop)` on the calling thread with the GIL released, running Python's signal
/// handlers every [`POLL`] from the searches' stop-flag poll (see the module's docs). `stop` is
/// set when a handler raises; work that does not search can read it, or [`interrupted`].
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
