//! The clocks a time limit can be measured on: wall-clock time, or the CPU time of the whole
//! process (what E's `--cpu-limit` and the TPTP benchmark measure, so a limit means the same to
//! craig as to the prover it is compared with).

use std::time::{Duration, Instant};

/// Which clock a time limit is measured on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Clock {
    /// Wall-clock time (the default for the workbench and the verifier, which run several
    /// threads, so process CPU time would count the others' work too).
    #[default]
    Wall,
    /// CPU time consumed by the process, all threads, from its start.
    ProcessCpu,
}

/// The CPU time the process has consumed so far, from `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`.
/// `None` should the call fail (it does not on Linux or macOS); `Stopwatch` then falls back to
/// wall time, which is never less than the CPU time of a single-threaded search.
pub fn process_cpu_time() -> Option<Duration> {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid, writable timespec and the clock id is a constant libc defines.
    let result = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    if result != 0 {
        return None;
    }
    Some(Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
}

/// Time elapsed on one clock since the stopwatch was started.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    wall_start: Instant,
    /// The process CPU time at the start, when measuring CPU time and the clock can be read.
    cpu_start: Option<Duration>,
}

impl Stopwatch {
    /// A stopwatch on `clock`, started now.
    pub fn start(clock: Clock) -> Stopwatch {
        let cpu_start = match clock {
            Clock::Wall => None,
            Clock::ProcessCpu => process_cpu_time(),
        };
        Stopwatch { wall_start: Instant::now(), cpu_start }
    }

    /// The time elapsed since the start.
    pub fn elapsed(&self) -> Duration {
        match self.cpu_start.and_then(|start| Some(process_cpu_time()?.saturating_sub(start))) {
            Some(cpu) => cpu,
            None => self.wall_start.elapsed(),
        }
    }

    /// What is left of `limit` after the time elapsed.
    pub fn remaining(&self, limit: Duration) -> Duration {
        limit.saturating_sub(self.elapsed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Work the optimizer cannot remove: a checksum over a long loop.
    fn burn(rounds: u64) -> u64 {
        let mut x = 1u64;
        for i in 0..rounds {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i));
        }
        x
    }

    #[test]
    fn process_cpu_time_is_monotone_and_counts_work() {
        let before = process_cpu_time().expect("the process CPU clock is readable");
        let mut last = before;
        for _ in 0..5 {
            std::hint::black_box(burn(2_000_000));
            let now = process_cpu_time().expect("the process CPU clock is readable");
            assert!(now >= last, "the CPU clock went back: {last:?} then {now:?}");
            last = now;
        }
        assert!(last > before, "ten million multiplications took no CPU time");
    }

    #[test]
    fn a_cpu_stopwatch_counts_the_work_done_since_it_started() {
        let watch = Stopwatch::start(Clock::ProcessCpu);
        std::hint::black_box(burn(5_000_000));
        assert!(watch.elapsed() > Duration::ZERO);
        assert_eq!(
            watch.remaining(Duration::ZERO),
            Duration::ZERO,
            "what is left never underflows"
        );
    }
}
