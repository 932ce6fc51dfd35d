//! The one clock every time limit of craig is measured on: CPU time.
//!
//! Every `--time-limit` (`craig prove`, `verify`, `check`, `cegar`, `smt`, `sat`,
//! `interpolate`) and the prompt's `set time-limit` and `cegar --time-limit` count the CPU time
//! spent on the work they bound, never wall-clock time. Why CPU time: it is what E's
//! `--cpu-limit` and SV-COMP (BenchExec's `cputime`) measure, so a limit means the same to craig
//! as to the tools it is compared with; and it does not depend on what else the machine is
//! doing, so a run that fits its limit on an idle machine still fits on a loaded one (a wall
//! limit would cut it short when other builds share the cores). Wall time is still there for
//! whoever asks for it by name (`craig prove --wall-clock`).
//!
//! Which CPU time: the process's ([`Clock::ProcessCpu`], all threads, the default), since every
//! command does one thing at a time and reads its input on helper threads (the front ends'
//! large stacks), whose time counts too. The one exception is a command that runs several
//! limited tasks at once, `craig verify --jobs N`: each obligation's limit is the CPU time of
//! the thread proving it ([`Clock::ThreadCpu`]), so obligations on other threads do not eat
//! each other's budget, and `--jobs N` gives each obligation the budget `--jobs 1` gives it.
//!
//! Every engine with a time limit (the prover, the SAT solver, finite-model finding,
//! instantiation, refinement) measures it with a [`Stopwatch`] from here, on the clock it is
//! given, so the choice is made once, in [`Clock::default`]. This module depends on nothing.

use std::time::{Duration, Instant};

/// Which clock a time limit is measured on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, PartialOrd, Ord, Hash)]
pub enum Clock {
    /// CPU time consumed by the process, all threads: every time limit unless a caller says
    /// otherwise (see the module's documentation for why).
    #[default]
    ProcessCpu,
    /// CPU time consumed by the thread that started the stopwatch (readable from any thread
    /// while that one lives): the per-task limit of work that runs on several threads at once.
    ThreadCpu,
    /// Wall-clock time, only where asked for by name.
    Wall,
}

impl Clock {
    /// How the clock is named in help texts and messages.
    pub fn describe(self) -> &'static str {
        match self {
            Clock::ProcessCpu => "CPU time of the process",
            Clock::ThreadCpu => "CPU time of the thread doing the work",
            Clock::Wall => "wall-clock time",
        }
    }
}

/// The CPU time the process has consumed so far, from `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`.
/// `None` should the call fail (it does not on Linux or macOS); `Stopwatch` then falls back to
/// wall time, which is never less than the CPU time of a single-threaded search.
pub fn process_cpu_time() -> Option<Duration> {
    read_clock(libc::CLOCK_PROCESS_CPUTIME_ID)
}

fn read_clock(id: libc::clockid_t) -> Option<Duration> {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid, writable timespec; an id that names no clock (a thread that
    // ended) makes the call fail, which is reported as `None`.
    let result = unsafe { libc::clock_gettime(id, &mut now) };
    if result != 0 {
        return None;
    }
    Some(Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
}

/// The id of the calling thread's CPU-time clock, which other threads can read too (the
/// finite-model finder's watchdog reads the clock of the thread doing the search).
#[cfg(target_os = "linux")]
fn this_thread_clock() -> Option<libc::clockid_t> {
    let mut id: libc::clockid_t = 0;
    // SAFETY: `pthread_self` is the calling thread, alive during the call, and `id` is a valid,
    // writable clockid_t.
    let result = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) };
    (result == 0).then_some(id)
}

/// Elsewhere a thread's clock cannot be read from another thread: the process's stands in.
#[cfg(not(target_os = "linux"))]
fn this_thread_clock() -> Option<libc::clockid_t> {
    Some(libc::CLOCK_PROCESS_CPUTIME_ID)
}

/// Time elapsed on one clock since the stopwatch was started.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    wall_start: Instant,
    /// The CPU clock read and its reading at the start, when measuring CPU time and the clock
    /// can be read.
    cpu: Option<(libc::clockid_t, Duration)>,
}

impl Stopwatch {
    /// A stopwatch on `clock`, started now.
    pub fn start(clock: Clock) -> Stopwatch {
        let id = match clock {
            Clock::Wall => None,
            Clock::ProcessCpu => Some(libc::CLOCK_PROCESS_CPUTIME_ID),
            Clock::ThreadCpu => this_thread_clock(),
        };
        let cpu = id.and_then(|id| Some((id, read_clock(id)?)));
        Stopwatch { wall_start: Instant::now(), cpu }
    }

    /// The time elapsed since the start.
    pub fn elapsed(&self) -> Duration {
        match self.cpu.and_then(|(id, start)| Some(read_clock(id)?.saturating_sub(start))) {
            Some(cpu) => cpu,
            None => self.wall_start.elapsed(),
        }
    }

    /// What is left of `limit` after the time elapsed.
    pub fn remaining(&self, limit: Duration) -> Duration {
        limit.saturating_sub(self.elapsed())
    }

    /// Whether `limit` (if any) is spent.
    pub fn reached(&self, limit: Option<Duration>) -> bool {
        limit.is_some_and(|limit| self.elapsed() >= limit)
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
        assert!(watch.reached(Some(Duration::ZERO)) && !watch.reached(None));
    }

    #[test]
    fn the_default_clock_is_the_process_cpu_time() {
        assert_eq!(Clock::default(), Clock::ProcessCpu);
    }

    /// A thread's stopwatch, read from another thread, sees that thread's work and not the
    /// reader's: the case of `craig verify --jobs N` and of the model finder's watchdog.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_stopwatch_counts_only_its_thread_and_is_readable_elsewhere() {
        let (sender, receiver) = std::sync::mpsc::channel();
        let (done_sender, done) = std::sync::mpsc::channel::<()>();
        let worker = std::thread::spawn(move || {
            let watch = Stopwatch::start(Clock::ThreadCpu);
            sender.send(watch).expect("the reader waits");
            // Stay alive, idle, until the reader is done: an idle thread's clock stands still.
            done.recv().expect("the reader says when it is done");
        });
        let watch = receiver.recv().expect("the worker sends its stopwatch");
        let before = watch.elapsed();
        std::hint::black_box(burn(20_000_000));
        let after = watch.elapsed();
        done_sender.send(()).expect("the worker waits");
        worker.join().expect("the worker ends");
        assert!(
            after.saturating_sub(before) < Duration::from_millis(5),
            "the reader's work was counted on the idle worker's clock: {before:?} then {after:?}"
        );
    }
}
