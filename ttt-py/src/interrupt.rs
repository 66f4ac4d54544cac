//! Long calls with the GIL released and Ctrl-C honoured.
//!
//! The work runs on a helper thread; the calling thread waits with the GIL released and, every
//! 20 ms, takes the GIL just long enough to run Python's signal handlers. When one raises (Ctrl-C
//! gives `KeyboardInterrupt`), the search's `stop` flag is set, the helper returns its unproven
//! answer within a few thousand nodes, and the exception propagates.

use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

/// How often the waiting thread looks for signals.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work(stop)` with the GIL released. Small jobs (`small == true`) run on the calling
/// thread; others on a helper thread while the caller polls for signals.
///
/// # Errors
/// The exception raised by a signal handler; `work`'s answer is then discarded.
pub fn run<T, F>(py: Python<'_>, small: bool, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Arc<AtomicBool>) -> T + Send,
{
    let stop = Arc::new(AtomicBool::new(false));
    if small {
        return Ok(py.detach(|| work(stop)));
    }
    // The helper leaves its answer here and wakes the waiting thread.
    let slot: Mutex<Option<T>> = Mutex::new(None);
    let ready = Condvar::new();
    std::thread::scope(|scope| {
        let flag = Arc::clone(&stop);
        let (slot_ref, ready_ref) = (&slot, &ready);
        let handle = scope.spawn(move || {
            let answer = work(flag);
            *slot_ref.lock().unwrap_or_else(PoisonError::into_inner) = Some(answer);
            ready_ref.notify_all();
        });
        loop {
            let (answer, finished) = py.detach(|| {
                let guard = slot.lock().unwrap_or_else(PoisonError::into_inner);
                let (mut guard, _) = ready
                    .wait_timeout_while(guard, POLL, |a| a.is_none() && !handle.is_finished())
                    .unwrap_or_else(PoisonError::into_inner);
                (guard.take(), handle.is_finished())
            });
            if let Some(answer) = answer {
                return Ok(answer);
            }
            if finished {
                // The helper ended without an answer: it panicked. Re-raise the panic here,
                // where PyO3 turns it into a Python `PanicException`.
                return match py.detach(|| handle.join()) {
                    Err(payload) => std::panic::resume_unwind(payload),
                    Ok(()) => Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "the search thread ended without an answer",
                    )),
                };
            }
            if let Err(e) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // Wait for the helper without the GIL (it may need it for a Python rng).
                let _ = py.detach(|| handle.join());
                return Err(e);
            }
        }
    })
}
