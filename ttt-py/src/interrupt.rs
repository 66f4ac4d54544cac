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

thread_local! {
    /// The call running on this thread, if any.
    static CALL: RefCell<Option<Call>> = const { RefCell::new(None) };
    /// Whether this is Python's main thread, the one that runs signal handlers; asked of
    /// Python at this thread's first call.
    static MAIN: Cell<Option<bool>> = const { Cell::new(None) };
    /// The stop flag of this thread's last call, kept for the next one (see [`stop_flag`]).
    static SPARE: Cell<Option<Arc<AtomicBool>>> = const { Cell::new(None) };
}

/// A stop flag for a call, not set: this thread's last one when nothing else holds it any
/// more, else a new one. A small call costs a few microseconds, and an allocation and a free
/// took two dozen cache lines of the C library's code of it, cold (issue 13).
fn stop_flag() -> Arc<AtomicBool> {
    match SPARE.take() {
        // Only this thread holds it: no call can still read it.
        Some(flag) if Arc::strong_count(&flag) == 1 => {
            flag.store(false, Ordering::Relaxed);
            flag
        }
        _ => Arc::new(AtomicBool::new(false)),
    }
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
    let due = CALL.with_borrow_mut(|call| match call {
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
    CALL.with_borrow_mut(|call| {
        let Some(call) = call else { return false };
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
    let flag = stop_flag();
    let stop = Arc::clone(&flag);
    if !on_main_thread(py) {
        let answer = py.detach(|| work(stop));
        SPARE.set(Some(flag));
        return Ok(answer);
    }
    let call = Call { next: None, stop: Arc::clone(&stop), raised: None };
    let restore = Restore(CALL.replace(Some(call)));
    let answer = py.detach(|| ttt_core::search::with_stop_check(check, || work(stop)));
    let raised = CALL.take().and_then(|call| call.raised);
    drop(restore);
    // For the next call (a clone still held elsewhere makes that one take a new flag).
    SPARE.set(Some(flag));
    match raised {
        Some(e) => Err(e),
        None => Ok(answer),
    }
}
