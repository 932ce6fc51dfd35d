//! `valid-memtrack`, the part of `valid-memsafety` about leaks, for `craig cegar` and `craig
//! smash`: a second run of the refinement engine on the program's `valid-memcleanup` checks,
//! whose counterexample is replayed and read for heap objects lost ([`crate::c::memtrack`]).
//!
//! Why a cleanup failure: a lost object is never freed again, so a run that loses one and ends
//! fails the cleanup check at its end. The converse does not hold (an object still pointed to
//! when the program ends is no leak), which is why the replayed state is read. A `SAFE` cleanup
//! run is no proof of `valid-memtrack`: a run may lose an object and never reach the end (a
//! loop that does not end, `abort()`), and SV-COMP's property is about every finite run; the
//! answer is then `UNKNOWN`, saying so.

use std::io::Write;

use rug::Integer;

use crate::c::memtrack::LostObject;
use crate::cli::CliError;
use crate::cli::Replay;
use crate::hol::Obligation;
use crate::ir::Program;
use crate::ir::interpret::{Outcome, run as run_program};
use crate::refine::{Domain, Engine, Limits, REPLAY_STEPS, Verdict};
use crate::syntax::Span;

/// What the leak run needs besides the program.
pub(crate) struct LeakRun<'a> {
    /// The program with only its `valid-memcleanup` checks (and the memory model's limit) kept.
    pub program: &'a Program,
    /// The function analysed.
    pub function: &'a str,
    /// The limits of the first run, which this one gets again.
    pub limits: Limits,
    /// The refinement domain.
    pub domain: Domain,
    /// How the replay is shown.
    pub replay: Replay<'a>,
}

/// The leak run's answer.
pub(crate) struct LeakAnswer {
    /// The exit code: 1 for a leak (replayed), 3 otherwise.
    pub code: u8,
    /// The inputs of the run that leaks, for a leak.
    pub leak_inputs: Option<Vec<Integer>>,
}

/// Decides `valid-memtrack` after the first run's `first` verdict on `valid-deref` and
/// `valid-free` (`SAFE`, or `UNKNOWN`: an `UNSAFE` one is the answer itself), and writes the
/// answer.
pub(crate) fn decide(
    run: LeakRun<'_>,
    first: &Verdict,
    locate: &dyn Fn(Option<Span>) -> String,
    out: &mut dyn Write,
) -> Result<LeakAnswer, CliError> {
    let first = match first {
        Verdict::Unknown(reason) => {
            format!("valid-deref and valid-free are undecided ({reason})")
        }
        _ => "valid-deref and valid-free hold".to_string(),
    };
    let built = Engine::configured(run.program, run.function, run.limits, run.domain, true);
    let mut engine = match built {
        Ok(engine) => engine,
        Err(reason) => {
            writeln!(out, "UNKNOWN: {first}; valid-memtrack: {reason}")?;
            return Ok(LeakAnswer { code: 3, leak_inputs: None });
        }
    };
    let verdict = engine.run();
    let code = match &verdict {
        Verdict::Unsafe(cex) if cex.check == Obligation::MemoryCleanup => {
            let procedure = run.program.find(run.function).expect("the engine found it");
            let outcome = run_program(run.program, procedure, &cex.inputs, REPLAY_STEPS);
            let inputs: Vec<String> = cex.inputs.iter().map(Integer::to_string).collect();
            let shown = if inputs.is_empty() { "none".to_string() } else { inputs.join(", ") };
            let lost = lost_objects(run.program, &outcome);
            if lost.is_empty() {
                writeln!(
                    out,
                    "UNKNOWN: {first}; the run on the inputs ({shown}) ends at {} with heap \
                     objects not freed but still pointed to (valid-memcleanup fails there, \
                     valid-memtrack does not), and craig finds leaks only on runs that end",
                    locate(cex.span)
                )?;
                3
            } else {
                writeln!(out, "UNSAFE")?;
                write_lost(&lost, cex.span, locate, out)?;
                writeln!(
                    out,
                    "inputs (in the order they are read): {}",
                    if inputs.is_empty() { "(none)" } else { &shown }
                )?;
                let command = run.replay.flags(&inputs);
                writeln!(
                    out,
                    "replayed: `craig run {}{command} --property valid-memcleanup` fails the \
                     cleanup check there and finds the same object{} lost",
                    run.replay.file.display(),
                    if lost.len() == 1 { "" } else { "s" }
                )?;
                1
            }
        }
        Verdict::Unsafe(cex) => {
            writeln!(
                out,
                "UNKNOWN: {first}; the leak run failed another check: {}: {}",
                locate(cex.span),
                cex.failure()
            )?;
            3
        }
        Verdict::Safe { .. } => {
            writeln!(
                out,
                "UNKNOWN: {first}; valid-memcleanup holds: no run that reaches the end loses a \
                 heap object, but craig does not yet show it of runs that stop short of the end \
                 (a loop that does not end, abort()), which valid-memtrack is about too"
            )?;
            3
        }
        Verdict::Unknown(reason) => {
            writeln!(out, "UNKNOWN: {first}; valid-memtrack: {reason}")?;
            3
        }
    };
    let c = engine.counters();
    writeln!(
        out,
        "the leak run (domain {} on valid-memcleanup's checks): refinements {}, ART nodes {}, \
         steps {}, path checks {}, SMT calls {}",
        run.domain, c.refinements, c.nodes, c.steps, c.checks, c.smt_calls
    )?;
    let leak_inputs = match &verdict {
        Verdict::Unsafe(cex) if code == 1 => Some(cex.inputs.clone()),
        _ => None,
    };
    Ok(LeakAnswer { code, leak_inputs })
}

/// The heap objects lost where a run failed its cleanup check; none for any other outcome.
fn lost_objects(program: &Program, outcome: &Outcome) -> Vec<LostObject> {
    match outcome {
        Outcome::AssertionFailed {
            obligation: Obligation::MemoryCleanup, state, trace, ..
        } => crate::c::memtrack::lost_objects(program, state, trace),
        _ => Vec::new(),
    }
}

/// One line per object lost, at `span` (where the run ends).
fn write_lost(
    lost: &[LostObject],
    span: Option<Span>,
    locate: &dyn Fn(Option<Span>) -> String,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    for object in lost {
        let allocated = match object.allocated_at {
            Some(at) => format!("allocated at {}", locate(Some(at))),
            None => format!("numbered {}", object.object),
        };
        writeln!(
            out,
            "{}: valid-memtrack fails: the heap object {allocated} ({} bytes) is lost: no \
             variable and no object the program can still reach points to it",
            locate(span),
            object.size
        )?;
    }
    Ok(())
}

/// After `craig run`'s outcome: where the run failed its cleanup check, which of the heap
/// objects left are lost (a leak) and whether all are still pointed to.
pub(crate) fn write_leaks(
    program: &Program,
    outcome: &Outcome,
    locate: &dyn Fn(Option<Span>) -> String,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let Outcome::AssertionFailed { obligation: Obligation::MemoryCleanup, span, .. } = outcome
    else {
        return Ok(());
    };
    let lost = lost_objects(program, outcome);
    if lost.is_empty() {
        writeln!(
            out,
            "every heap object left is still pointed to: no leak (valid-memtrack holds on \
             this run; valid-memcleanup does not)"
        )?;
    }
    write_lost(&lost, *span, locate, out)
}
