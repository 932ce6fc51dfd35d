//! Concurrent boolean programs in Getafix's conventions, checked up to a bound on context
//! switches.
//!
//! A concurrent Bebop program declares shared globals (the first two, by Getafix's rule, are
//! `super_atomic` and `atomic`), an `init` procedure that nothing calls, and threads: `main` and
//! every procedure whose name starts with `thread` (any case, as Getafix's translator finds
//! them), in the order they are written. The globals start unconstrained, `init` runs alone,
//! then the threads interleave; a context switch (the running thread stops, another one runs)
//! may happen before any statement while `atomic` and `super_atomic` are both false, and at most
//! K of them are taken. The error is SLAM's label `SLIC_ERROR` (or `--label NAME`) and any
//! failing `assert`.
//!
//! Two checks, one answer: [`reduce`] is Lal and Reps's reduction of K context switches to a
//! sequential boolean program (a copy of the globals per context, the copies' initial values
//! guessed and checked at the end), run on the summary engine; [`interleave`] is the explicit
//! interleaving semantics, which explores every schedule with at most K switches (the baseline)
//! and replays every counterexample, the reduction's included, before it is reported. So an
//! `unsafe` answer is always an interleaving of the program's own statements, and `safe` is
//! always said with its bound.

pub mod interleave;
pub mod reduce;

use crate::syntax::{Diagnostic, SourceMap, Span};

use super::ir::{Instr, ProcId, Program};
use super::semantics::FailureKind;
use super::summary::{Engine, Mode, Options, Stats, Verdict};
use interleave::{Bounds, ExploreStats, ITrace, Label};

/// Context switches allowed unless told otherwise (`craig check-bp --contexts`): two are the
/// fewest that let a thread be interrupted by another and then resume, the shape of most
/// atomicity bugs.
pub const DEFAULT_CONTEXTS: u32 = 2;

/// The most context switches a check accepts: the reduction keeps a copy of the globals per
/// context, and the explicit engines enumerate their valuations.
pub const MAX_CONTEXTS: u32 = 8;

/// A concurrent program: the sequential procedures, which of them set up and which run as
/// threads, and the globals that make sections atomic.
#[derive(Clone, Debug)]
pub struct Concurrent {
    /// The procedures (`main` gets no havoc of the globals: [`interleave`] gives every initial
    /// valuation before `init`).
    pub program: Program,
    /// The procedure that runs alone before the threads.
    pub init: Option<ProcId>,
    /// The threads' entry procedures: `main`, then the `thread...` procedures in source order.
    pub threads: Vec<ProcId>,
    /// The globals (`atomic`, `super_atomic`) under which no context switch happens while true.
    pub atomic: Vec<u32>,
    /// Why the program was read as concurrent (the sequential reader's refusal).
    pub why: Diagnostic,
}

/// True if a procedure name is a thread's by Getafix's convention: `thread` (in any case)
/// followed by at least one character.
pub fn is_thread_name(name: &str) -> bool {
    name.len() > 6 && name.get(..6).is_some_and(|p| p.eq_ignore_ascii_case("thread"))
}

impl Concurrent {
    /// Finds the threads, `init` and the atomic globals of a program the reader found to be
    /// concurrent, or says why it cannot be checked.
    pub fn new(program: Program, why: Diagnostic) -> Result<Concurrent, Diagnostic> {
        let file = why.primary.file;
        let refuse = |span: Span, msg: String| Diagnostic::error(span, msg);
        let called = |id: ProcId| {
            program
                .procs
                .iter()
                .flat_map(|p| &p.body)
                .any(|i| matches!(i, Instr::Call { proc, .. } if *proc == id))
        };
        let span_of = |id: ProcId| {
            let p = program.proc(id);
            p.spans.last().copied().unwrap_or(Span::new(file, 0, 0))
        };
        let init = program.procs.iter().position(|p| p.name == "init").map(|i| ProcId(i as u32));
        let mut threads = vec![program.main];
        for (i, p) in program.procs.iter().enumerate() {
            if is_thread_name(&p.name) {
                threads.push(ProcId(i as u32));
            }
        }
        for &t in init.iter().chain(&threads) {
            let p = program.proc(t);
            let role = if Some(t) == init { "`init`" } else { "a thread" };
            if p.params > 0 {
                return Err(refuse(
                    span_of(t),
                    format!(
                        "`{}` is {role} of a concurrent program and cannot take parameters",
                        p.name
                    ),
                ));
            }
            if called(t) {
                return Err(refuse(
                    span_of(t),
                    format!(
                        "`{}` is {role} of a concurrent program (Getafix's convention: `main` and \
                         the procedures named `thread...` are threads) but is also called; such \
                         a program cannot be checked",
                        p.name
                    ),
                ));
            }
        }
        if let Some(p) = program.procs.iter().find(|p| p.enforce.is_some()) {
            return Err(refuse(
                p.spans.last().copied().unwrap_or(Span::new(file, 0, 0)),
                format!(
                    "`{}` has an `enforce` clause, which concurrent programs cannot be checked \
                     with (it would constrain the other threads' states too)",
                    p.name
                ),
            ));
        }
        let atomic = program
            .globals()
            .iter()
            .enumerate()
            .filter(|(_, g)| g.name == "atomic" || g.name == "super_atomic")
            .map(|(i, _)| i as u32)
            .collect();
        Ok(Concurrent { program, init, threads, atomic, why })
    }

    /// A thread's name (its entry procedure's).
    pub fn thread_name(&self, thread: u32) -> &str {
        &self.program.proc(self.threads[thread as usize]).name
    }
}

/// Which engine decides a concurrent program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checker {
    /// Lal and Reps's reduction, run on the summary engine with patterns (the default).
    Reduction(Mode),
    /// The explicit interleaving baseline.
    Explicit,
}

/// A checked answer about a concurrent program.
#[derive(Clone, Debug)]
pub enum Answer {
    /// No failure within this many context switches.
    SafeUpTo(u32),
    /// A failure, on an interleaving replayed on the concrete semantics.
    Failure(ITrace),
    /// No answer: a bound was hit, or a counterexample did not replay.
    Unknown(String),
}

/// The counters of whichever engine ran.
#[derive(Clone, Copy, Debug)]
pub enum RunStats {
    /// The summary engine on the reduced program, and the reduced program's size.
    Reduction {
        /// The summary engine's counters.
        stats: Stats,
        /// Procedures of the reduced program.
        procedures: usize,
        /// Globals of the reduced program.
        globals: usize,
    },
    /// The explicit interleaving search.
    Explicit(ExploreStats),
}

/// Checks a concurrent program with at most `contexts` context switches.
pub fn check(
    conc: &Concurrent,
    contexts: u32,
    engine: Checker,
    max_states: usize,
    max_depth: usize,
) -> (Answer, RunStats) {
    match engine {
        Checker::Explicit => {
            let bounds = Bounds { contexts, max_states, max_depth };
            let (verdict, stats) = interleave::explore(conc, bounds);
            let answer = match verdict {
                interleave::Verdict::Safe => Answer::SafeUpTo(contexts),
                interleave::Verdict::Failure(labels) => confirm(conc, contexts, &labels),
                interleave::Verdict::Bounded => Answer::Unknown(format!(
                    "no failure found within {contexts} context switches before a bound was hit \
                     (stacks of {max_depth} frames, {max_states} states)"
                )),
            };
            (answer, RunStats::Explicit(stats))
        }
        Checker::Reduction(mode) => {
            let reduced = reduce::reduce(conc, contexts);
            let mut engine = Engine::new(&reduced.program, Options { mode, max_states });
            let verdict = engine.run();
            let stats = RunStats::Reduction {
                stats: engine.stats(),
                procedures: reduced.program.procs.len(),
                globals: reduced.program.globals().len(),
            };
            let answer = match verdict {
                Verdict::Safe => Answer::SafeUpTo(contexts),
                Verdict::OutOfBudget => {
                    Answer::Unknown(format!("state bound of {max_states} reached"))
                }
                Verdict::Failure { kind, choices } => {
                    match reduce::interleaving(&reduced, conc, &choices, kind) {
                        Ok(labels) => confirm(conc, contexts, &labels),
                        Err(e) => Answer::Unknown(format!(
                            "internal error: the reduced program's counterexample is not an \
                             interleaving ({e})"
                        )),
                    }
                }
            };
            (answer, stats)
        }
    }
}

/// Replays an interleaving on the concrete semantics: a failure only if it fails there.
fn confirm(conc: &Concurrent, contexts: u32, labels: &[Label]) -> Answer {
    match interleave::replay(conc, contexts, labels) {
        Ok(trace) => Answer::Failure(trace),
        Err(e) => Answer::Unknown(format!(
            "internal error: the counterexample does not replay on the interleaving semantics ({e})"
        )),
    }
}

/// The interleaved trace, one line per step with its thread, and the state after it.
pub fn render_trace(conc: &Concurrent, sources: &SourceMap, trace: &ITrace) -> String {
    interleave::render(conc, sources, trace)
}

/// How a failure is named in a verdict.
pub fn describe(kind: FailureKind) -> &'static str {
    kind.describe()
}
