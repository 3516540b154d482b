//! When rules work must stop. The API gives every request a [`Deadline`]: it is cancelled when
//! the request's time is up (or the request is dropped), and searches that could run long poll it
//! through a [`Budget`] and stop. A [`Budget`] also caps a search's work in steps, so that the
//! same state always gets the same answer, however fast the machine.
//!
//! The work of a request runs on one thread from start to end, so the API installs its deadline
//! there ([`Deadline::run`]) and rules code reads it with [`Deadline::current`]: the [`Game`]
//! functions keep their signatures, and only the few searches that can run long need to know.
//!
//! [`Game`]: super::Game

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A cancellation flag shared by the work and whoever waits for it, with the instant it is
/// cancelled by itself. Clones share the flag.
#[derive(Debug, Clone, Default)]
pub struct Deadline {
    shared: Arc<Shared>,
}

#[derive(Debug, Default)]
struct Shared {
    /// When the deadline passes by itself (`None`: only when cancelled).
    at: Option<Instant>,
    cancelled: AtomicBool,
}

thread_local! {
    /// The deadline of the work running on this thread (see [`Deadline::run`]).
    static CURRENT: RefCell<Deadline> = RefCell::new(Deadline::never());
}

impl Deadline {
    /// A deadline that passes only when cancelled.
    pub fn never() -> Deadline {
        Deadline::default()
    }

    /// A deadline that passes at `at` (or when cancelled before).
    pub fn at(at: Instant) -> Deadline {
        Deadline {
            shared: Arc::new(Shared {
                at: Some(at),
                cancelled: AtomicBool::new(false),
            }),
        }
    }

    /// A deadline that passes `duration` from now.
    pub fn after(duration: Duration) -> Deadline {
        Deadline::at(Instant::now() + duration)
    }

    /// The instant it passes by itself, if any.
    pub fn instant(&self) -> Option<Instant> {
        self.shared.at
    }

    /// Stops the work: every clone's [`Deadline::passed`] is true from now on.
    pub fn cancel(&self) {
        self.shared.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether the work must stop: cancelled, or its instant is past.
    pub fn passed(&self) -> bool {
        if self.shared.cancelled.load(Ordering::Relaxed) {
            return true;
        }
        let late = self.shared.at.is_some_and(|at| Instant::now() >= at);
        if late {
            self.cancel();
        }
        late
    }

    /// Runs `work` with this as the thread's [`Deadline::current`], then restores the one
    /// before (also when `work` panics: pool threads are reused).
    pub fn run<T>(&self, work: impl FnOnce() -> T) -> T {
        struct Restore(Option<Deadline>);
        impl Drop for Restore {
            fn drop(&mut self) {
                if let Some(before) = self.0.take() {
                    CURRENT.with(|c| *c.borrow_mut() = before);
                }
            }
        }
        let before = CURRENT.with(|c| c.replace(self.clone()));
        let _restore = Restore(Some(before));
        work()
    }

    /// The deadline of the work on this thread: the one [`Deadline::run`] installed, else one
    /// that never passes (tests, the command line, bots).
    pub fn current() -> Deadline {
        CURRENT.with(|c| c.borrow().clone())
    }

    /// A guard that cancels this deadline when dropped: the API holds one while it waits, so
    /// that work whose answer nobody will read (its request was dropped) stops too.
    pub fn cancel_on_drop(&self) -> CancelOnDrop {
        CancelOnDrop(self.clone())
    }
}

/// Cancels its deadline when dropped (see [`Deadline::cancel_on_drop`]).
#[derive(Debug)]
pub struct CancelOnDrop(Deadline);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// How many steps a search may still take, and the deadline it stops at. A step is the
/// search's own unit of work (a route extended, a pair of routes tried...); the deadline is
/// read every [`Budget::POLL_EVERY`] steps, so polling costs nothing measurable.
#[derive(Debug, Clone)]
pub struct Budget {
    left: u64,
    deadline: Deadline,
    until_poll: u32,
    /// Why the search stopped early, if it did.
    stopped: Option<Stop>,
}

/// Why a [`Budget`] stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// It took every step it was allowed.
    OutOfSteps,
    /// Its deadline passed or was cancelled.
    DeadlinePassed,
}

impl Budget {
    /// Steps between two reads of the deadline.
    pub const POLL_EVERY: u32 = 1024;

    pub fn new(steps: u64, deadline: Deadline) -> Budget {
        Budget {
            left: steps,
            deadline,
            until_poll: 0,
            stopped: None,
        }
    }

    /// No cap on the steps, and a deadline that never passes: the search runs to its end.
    pub fn unlimited() -> Budget {
        Budget::new(u64::MAX, Deadline::never())
    }

    /// Takes one step; false when the search must stop (and from then on).
    pub fn step(&mut self) -> bool {
        self.steps(1)
    }

    /// Takes `n` steps at once; false when the search must stop (and from then on).
    pub fn steps(&mut self, n: u64) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if self.left < n {
            self.left = 0;
            self.stopped = Some(Stop::OutOfSteps);
            return false;
        }
        self.left -= n;
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        if self.until_poll <= n {
            self.until_poll = Self::POLL_EVERY;
            if self.deadline.passed() {
                self.stopped = Some(Stop::DeadlinePassed);
                return false;
            }
        } else {
            self.until_poll -= n;
        }
        true
    }

    /// Whether the search may go on (no step taken).
    pub fn going(&self) -> bool {
        self.stopped.is_none()
    }

    /// Why the search stopped early; `None` when it never did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// The steps still allowed.
    pub fn left(&self) -> u64 {
        self.left
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_deadline_has_passed_for_every_clone() {
        let deadline = Deadline::never();
        let clone = deadline.clone();
        assert!(!clone.passed());
        deadline.cancel();
        assert!(clone.passed());
    }

    #[test]
    fn a_deadline_passes_at_its_instant() {
        assert!(Deadline::at(Instant::now()).passed());
        assert!(!Deadline::after(Duration::from_secs(3600)).passed());
    }

    #[test]
    fn dropping_the_guard_cancels() {
        let deadline = Deadline::never();
        drop(deadline.cancel_on_drop());
        assert!(deadline.passed());
    }

    #[test]
    fn run_installs_the_deadline_for_its_work_only() {
        let deadline = Deadline::never();
        deadline.cancel();
        assert!(deadline.run(|| Deadline::current().passed()));
        assert!(!Deadline::current().passed());
        let panicked = std::panic::catch_unwind(|| deadline.run(|| panic!("a bug")));
        assert!(panicked.is_err());
        assert!(!Deadline::current().passed(), "restored after a panic");
    }

    #[test]
    fn a_budget_stops_after_its_steps() {
        let mut budget = Budget::new(3, Deadline::never());
        assert!(budget.step() && budget.step() && budget.step());
        assert!(!budget.step());
        assert_eq!(budget.stopped(), Some(Stop::OutOfSteps));
        assert!(!budget.step(), "stays stopped");
        let mut budget = Budget::new(10, Deadline::never());
        assert!(!budget.steps(11));
        assert_eq!(budget.left(), 0);
    }

    #[test]
    fn a_budget_stops_at_once_when_its_deadline_has_passed() {
        let deadline = Deadline::never();
        deadline.cancel();
        let mut budget = Budget::new(u64::MAX, deadline);
        assert!(!budget.step());
        assert_eq!(budget.stopped(), Some(Stop::DeadlinePassed));
    }

    #[test]
    fn a_budget_reads_the_deadline_every_poll_interval() {
        let deadline = Deadline::never();
        let mut budget = Budget::new(u64::MAX, deadline.clone());
        assert!(budget.step());
        deadline.cancel();
        let taken = (0..2 * Budget::POLL_EVERY)
            .take_while(|_| budget.step())
            .count();
        assert!(
            taken < Budget::POLL_EVERY as usize,
            "{taken} steps after the cancel"
        );
        assert_eq!(budget.stopped(), Some(Stop::DeadlinePassed));
    }
}
