//! Long calls with the GIL released and Ctrl-C honoured.
//!
//! The work runs on a helper thread; the calling thread waits with the GIL released and, every
//! 20 ms, takes the GIL just long enough to run Python's signal handlers. When one raises (Ctrl-C
//! gives `KeyboardInterrupt`), the search's `stop` flag is set and the exception propagates at
//! once: the caller does not wait for the helper. The helper finishes on its own (a search
//! within a few thousand nodes; a Python callback it was running when the signal came, such as
//! a slow `rng`, when that callback returns; it calls no Python code after that) and its answer
//! is dropped. A callback that never returns keeps its helper thread blocked for the life of the
//! process, but the call that started it has returned.

use pyo3::prelude::*;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

/// How often the waiting thread looks for signals.
const POLL: Duration = Duration::from_millis(20);

/// Where the helper leaves its answer (or its panic) for the waiting thread.
type Slot<T> = (Mutex<Option<std::thread::Result<T>>>, Condvar);

/// Runs `work(stop)` with the GIL released. Small jobs (`small == true`) run on the calling
/// thread; others on a helper thread while the caller polls for signals. When no thread can be
/// started, the work runs on the calling thread.
///
/// # Errors
/// The exception raised by a signal handler; `work`'s answer is then discarded.
pub fn run<T, F>(py: Python<'_>, small: bool, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
{
    let stop = Arc::new(AtomicBool::new(false));
    if small {
        return Ok(py.detach(|| work(stop)));
    }
    let slot: Arc<Slot<T>> = Arc::new((Mutex::new(None), Condvar::new()));
    // The work is handed over through a cell, so that it can be taken back if the thread
    // cannot be started.
    let job = Arc::new(Mutex::new(Some(work)));
    let (theirs, their_job, flag) = (Arc::clone(&slot), Arc::clone(&job), Arc::clone(&stop));
    let spawned = std::thread::Builder::new().name("ttt-search".to_owned()).spawn(move || {
        let work = their_job.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(work) = work {
            let answer = std::panic::catch_unwind(AssertUnwindSafe(|| work(flag)));
            let (cell, ready) = &*theirs;
            *cell.lock().unwrap_or_else(PoisonError::into_inner) = Some(answer);
            ready.notify_all();
        }
    });
    let handle = match spawned {
        Ok(handle) => handle,
        Err(_) => {
            let work = job.lock().unwrap_or_else(PoisonError::into_inner).take();
            let work = work.expect("the thread that failed to start did not run");
            return Ok(py.detach(|| work(stop)));
        }
    };
    loop {
        let answer = py.detach(|| {
            let (cell, ready) = &*slot;
            let guard = cell.lock().unwrap_or_else(PoisonError::into_inner);
            let (mut guard, _) = ready
                .wait_timeout_while(guard, POLL, |a| a.is_none())
                .unwrap_or_else(PoisonError::into_inner);
            guard.take()
        });
        match answer {
            Some(Ok(answer)) => {
                // The helper has nothing left to do but exit.
                let _ = py.detach(|| handle.join());
                return Ok(answer);
            }
            // A panic of the engine: re-raised here, where PyO3 turns it into a Python
            // `PanicException` (a bug to report; the engine does not panic on any input).
            Some(Err(payload)) => std::panic::resume_unwind(payload),
            None => {}
        }
        if let Err(e) = py.check_signals() {
            stop.store(true, Ordering::Relaxed);
            return Err(e);
        }
    }
}
