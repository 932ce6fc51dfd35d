//! When a check must give up without an answer ([`SmtError::Interrupted`]): a time limit on a
//! stopwatch its caller started (a refinement run's limit covers many checks, so the check
//! gets what is left of it) and a flag set from outside (Ctrl-C at the prompt).
//!
//! [`SmtError::Interrupted`]: super::SmtError::Interrupted

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::sat::Limits;
use crate::syntax::clock::{Clock, Stopwatch};

/// A time limit and a cancel flag for one check; [`Deadline::none`] stops nothing.
#[derive(Clone, Debug, Default)]
pub struct Deadline {
    /// The limit, with the stopwatch it is measured on and that stopwatch's clock.
    pub time: Option<(Stopwatch, Duration, Clock)>,
    /// Set from outside to stop the check.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Calls of [`Deadline::passed_sometimes`] so far.
    calls: Cell<u32>,
}

/// [`Deadline::passed_sometimes`] reads the clock at one call in this many: the theory is
/// called at every propagation fixpoint, and a read of a CPU clock is a system call.
const CALLS_PER_CLOCK_READ: u32 = 64;

impl Deadline {
    /// No deadline: the check runs to its answer (or to its own limits, such as splits).
    pub fn none() -> Deadline {
        Deadline::default()
    }

    /// The deadline of a check that may run for `limit` on `watch` (already started, on
    /// `clock`), or be stopped by `cancel`.
    pub fn new(
        time: Option<(Stopwatch, Duration, Clock)>,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Deadline {
        Deadline { time, cancel, calls: Cell::new(0) }
    }

    /// Whether the time is spent or the flag is set.
    pub fn passed(&self) -> bool {
        self.cancelled()
            || self.time.as_ref().is_some_and(|(watch, limit, _)| watch.reached(Some(*limit)))
    }

    fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// [`Deadline::passed`] for a caller called very often: the flag at every call, the clock
    /// at one call in [`CALLS_PER_CLOCK_READ`].
    pub fn passed_sometimes(&self) -> bool {
        if self.cancelled() {
            return true;
        }
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        calls.is_multiple_of(CALLS_PER_CLOCK_READ) && self.passed()
    }

    /// The SAT solver's limits for one search that may use what is left of the time.
    pub(super) fn sat_limits(&self) -> Limits {
        match &self.time {
            Some((watch, limit, clock)) => {
                Limits { time: Some(watch.remaining(*limit)), clock: *clock, ..Limits::default() }
            }
            None => Limits::default(),
        }
    }
}
