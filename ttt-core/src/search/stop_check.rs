//! A check that the searches of one thread run each time they poll their stop flag.
//!
//! A front end that must notice something only it can see while a search runs on its own
//! thread (Python's Ctrl-C: the signal handlers can only run on the thread that called, with
//! the interpreter lock) installs a check with [`with_stop_check`]. Every search run inside on
//! the same thread calls it where it reads [`SearchLimits::stop`](super::SearchLimits::stop),
//! every few thousand nodes, and stops as if the flag were set when it returns `true`. No
//! thread is started and nothing is allocated; a thread without a check pays one thread-local
//! read per poll.

use std::cell::Cell;

thread_local! {
    /// The check of the current thread, if any.
    static CHECK: Cell<Option<fn() -> bool>> = const { Cell::new(None) };
}

/// Puts the check that was there before back on drop, even when `work` panics.
struct Restore(Option<fn() -> bool>);

impl Drop for Restore {
    fn drop(&mut self) {
        CHECK.set(self.0);
    }
}

/// Runs `work` on this thread with `check` called by every search it starts on this thread
/// (not on threads it starts) each time that search polls its stop flag: every 4096 nodes on
/// boards of up to 64 bits, fewer beyond (see [`SearchLimits::stop`](super::SearchLimits::stop)).
/// When `check` returns `true` the search stops as if the flag were set: it returns its best
/// unproven answer. `check` should be cheap (rate-limit anything costly inside it) and may be
/// called any number of times, or never (a search that ends before its first poll).
///
/// Calls nest: an inner call's check replaces the outer one until the inner call returns, and
/// the outer one is back afterwards (also when `work` panics). A batch
/// ([`crate::batch::play_games`]) also calls it between blocks of games.
///
/// ```
/// use ttt_core::search::with_stop_check;
/// use ttt_core::{GameState, Player, Rules, SearchLimits, best_move_with};
///
/// let empty = GameState::new(Rules::CONNECT_FOUR, Player::X)?;
/// let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
/// // A check that says "stop" at once: the search gives up at its first poll, unproven.
/// let answer = with_stop_check(|| true, || best_move_with(&empty, &limits)).unwrap();
/// assert!(!answer.proven);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn with_stop_check<R>(check: fn() -> bool, work: impl FnOnce() -> R) -> R {
    let _restore = Restore(CHECK.replace(Some(check)));
    work()
}

/// Whether the check of this thread (if any) asks the search to stop.
pub(crate) fn should_stop() -> bool {
    CHECK.get().is_some_and(|check| check())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn checks_nest_and_are_restored() {
        assert!(!should_stop());
        with_stop_check(
            || true,
            || {
                assert!(should_stop());
                with_stop_check(|| false, || assert!(!should_stop()));
                assert!(should_stop());
            },
        );
        assert!(!should_stop());
    }

    #[test]
    fn a_panic_restores_the_check() {
        let result = std::panic::catch_unwind(|| with_stop_check(|| true, || panic!("boom")));
        assert!(result.is_err());
        assert!(!should_stop());
    }

    #[test]
    fn other_threads_do_not_see_the_check() {
        with_stop_check(|| true, || assert!(!std::thread::spawn(should_stop).join().unwrap()));
    }

    static CALLS: AtomicU32 = AtomicU32::new(0);

    #[test]
    fn a_long_search_calls_the_check_and_stops_when_it_says_so() {
        use crate::{GameState, Player, Rules, SearchLimits, analyze_with};
        let empty = GameState::new(Rules::CONNECT_FOUR, Player::X).unwrap();
        let limits = SearchLimits { max_nodes: u64::MAX, ..SearchLimits::default() };
        // Says "stop" at its third call: the search polled it, went on twice, then stopped.
        let check = || CALLS.fetch_add(1, Ordering::Relaxed) >= 2;
        let moves = with_stop_check(check, || analyze_with(&empty, &limits));
        assert_eq!(CALLS.load(Ordering::Relaxed), 3);
        assert!(moves.iter().all(|m| m.outcome.is_none()), "{moves:?}");
    }
}
