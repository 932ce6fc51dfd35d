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
use crate::c::task::Property;
use crate::cli::CliError;
use crate::cli::Replay;
use crate::hol::Obligation;
use crate::ir::Program;
use crate::ir::interpret::{Outcome, run as run_program};
use crate::refine::termination::{Outcome as TerminationOutcome, prove_termination};
use crate::refine::{Domain, Engine, Limits, REPLAY_STEPS, Verdict};
use crate::syntax::Span;
use crate::syntax::clock::Stopwatch;

/// What the leak run needs besides the program.
pub(crate) struct LeakRun<'a> {
    /// The program with only its `valid-memcleanup` checks (and the memory model's limit) kept.
    pub program: &'a Program,
    /// The function analysed.
    pub function: &'a str,
    /// The limits of the whole answer: the leak run, then the termination run, get what is
    /// left of its time limit.
    pub limits: Limits,
    /// When the first run began.
    pub started: &'a Stopwatch,
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
    /// For a leak, the program whose cleanup check the run fails (the leak run's, or the
    /// termination run's with its checks where runs stop,
    /// [`crate::c::memtrack::with_checks_where_runs_stop`]): a witness replays it.
    pub violation_program: Option<Program>,
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
    let first_safe = matches!(first, Verdict::Safe { .. });
    let first = match first {
        Verdict::Unknown(reason) => {
            format!("valid-deref and valid-free are undecided ({reason})")
        }
        _ => "valid-deref and valid-free hold".to_string(),
    };
    // The leak run decides the cleanup checks alone.
    let mut leaks = run.program.clone();
    leaks.assume_checks_except(&[Obligation::MemoryCleanup, Obligation::MemoryModel]);
    let limits = run.limits.left_after(run.started);
    let built = Engine::configured(&leaks, run.function, limits, run.domain, true);
    let mut engine = match built {
        Ok(engine) => engine,
        Err(reason) => {
            writeln!(out, "UNKNOWN: {first}; valid-memtrack: {reason}")?;
            return Ok(LeakAnswer { code: 3, leak_inputs: None, violation_program: None });
        }
    };
    let verdict = engine.run();
    let mut stop_program = None;
    let mut stop_inputs = None;
    let mut termination_counters = None;
    let code = match &verdict {
        Verdict::Unsafe(cex) if cex.check == Obligation::MemoryCleanup => {
            let procedure = leaks.find(run.function).expect("the engine found it");
            let outcome = run_program(&leaks, procedure, &cex.inputs, REPLAY_STEPS);
            let inputs: Vec<String> = cex.inputs.iter().map(Integer::to_string).collect();
            let shown = if inputs.is_empty() { "none".to_string() } else { inputs.join(", ") };
            let lost = lost_objects(&leaks, &outcome);
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
                write_leak(&lost, cex.span, &inputs, locate, out)?;
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
            let ends = every_run_ends(&run, first_safe, &first, locate, out)?;
            termination_counters = ends.counters;
            stop_program = ends.violation_program;
            stop_inputs = ends.leak_inputs;
            ends.code
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
    if let Some(line) = termination_counters {
        writeln!(out, "{line}")?;
    }
    let leak_inputs = match &verdict {
        Verdict::Unsafe(cex) if code == 1 => Some(cex.inputs.clone()),
        _ => stop_inputs,
    };
    let violation_program = match &verdict {
        Verdict::Unsafe(_) if code == 1 => Some(leaks),
        _ => stop_program,
    };
    Ok(LeakAnswer { code, leak_inputs, violation_program })
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

/// `UNSAFE`, the objects lost at `span` and the inputs of the run.
fn write_leak(
    lost: &[LostObject],
    span: Option<Span>,
    inputs: &[String],
    locate: &dyn Fn(Option<Span>) -> String,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    writeln!(out, "UNSAFE")?;
    write_lost(lost, span, locate, out)?;
    let shown = if inputs.is_empty() { "(none)".to_string() } else { inputs.join(", ") };
    writeln!(out, "inputs (in the order they are read): {shown}")?;
    Ok(())
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

/// What [`every_run_ends`] decided.
struct Ending {
    code: u8,
    /// The termination run's counters, a line.
    counters: Option<String>,
    leak_inputs: Option<Vec<Integer>>,
    violation_program: Option<Program>,
}

/// After a `SAFE` leak run (no run that reaches the end loses an object): `valid-memtrack`
/// holds when, besides, every run ends (ranking functions, [`crate::refine::termination`]) and
/// every run that stops short of the end (`abort()`, a failing check craig assumes) leaves
/// the heap empty, since a run that lost an object can neither free it nor leave the heap
/// empty. `first_safe` says whether `valid-deref` and `valid-free`
/// were shown; without them no `SAFE` is given.
fn every_run_ends(
    run: &LeakRun<'_>,
    first_safe: bool,
    first: &str,
    locate: &dyn Fn(Option<Span>) -> String,
    out: &mut dyn Write,
) -> Result<Ending, CliError> {
    let unknown =
        |code| Ending { code, counters: None, leak_inputs: None, violation_program: None };
    let cleanup_holds = "valid-memcleanup holds: no run that reaches the end loses a heap object";
    if !first_safe {
        writeln!(
            out,
            "UNKNOWN: {first}; {cleanup_holds}, and runs that stop short of the end (a loop \
             that does not end, abort()) are not examined while the first two are undecided"
        )?;
        return Ok(unknown(3));
    }
    let proved = Property::ValidMemsafety.checks().unwrap_or_default();
    let (program, stops) = crate::c::memtrack::with_checks_where_runs_stop(run.program, proved);
    let limits = run.limits.left_after(run.started);
    let report = prove_termination(&program, run.function, limits, run.domain);
    let c = &report.counters;
    let counters = format!(
        "the termination run (domain {}, {} engine run{}, {} loop{} ranked, {stops} check{} \
         where a run may stop): refinements {}, ART nodes {}, steps {}, path checks {}, SMT \
         calls {}",
        run.domain,
        report.runs,
        if report.runs == 1 { "" } else { "s" },
        report.loops,
        if report.loops == 1 { "" } else { "s" },
        if stops == 1 { "" } else { "s" },
        c.refinements,
        c.nodes,
        c.steps,
        c.checks,
        c.smt_calls
    );
    let mut ending = match report.outcome {
        TerminationOutcome::Terminates(rankings) => {
            writeln!(out, "SAFE")?;
            writeln!(
                out,
                "valid-deref and valid-free hold; valid-memtrack holds: no run that reaches the \
                 end loses a heap object (the leak run), every run ends, and every run that \
                 stops short of the end (abort(), a failing assertion) leaves the heap empty \
                 (the termination run)"
            )?;
            if rankings.is_empty() {
                writeln!(out, "every run ends: the program has no loop and no recursion")?;
            }
            for r in &rankings {
                writeln!(
                    out,
                    "the loop of `{}` at {} ends: `{}` decreases on each iteration and stays at \
                     least 0 (checked)",
                    r.procedure,
                    locate(r.head),
                    r.function
                )?;
            }
            unknown(0)
        }
        TerminationOutcome::CheckFails(cex)
            if cex.check == Obligation::MemoryCleanup
                && crate::c::memtrack::is_stop_check(&cex.what) =>
        {
            let procedure = program.find(run.function).expect("the engine found it");
            let outcome = run_program(&program, procedure, &cex.inputs, REPLAY_STEPS);
            let inputs: Vec<String> = cex.inputs.iter().map(Integer::to_string).collect();
            let shown = if inputs.is_empty() { "none".to_string() } else { inputs.join(", ") };
            let lost = lost_objects(&program, &outcome);
            let stop = cex.what.strip_prefix(crate::c::memtrack::STOP_CHECK).unwrap_or_default();
            let stop = stop.trim_start_matches(": ");
            if lost.is_empty() {
                writeln!(
                    out,
                    "UNKNOWN: {first}; {cleanup_holds}, but the run on the inputs ({shown}) \
                     stops at {} ({stop}) with heap objects not freed, all still pointed to, \
                     and craig shows valid-memtrack of runs that stop short of the end only \
                     where they leave the heap empty",
                    locate(cex.span)
                )?;
                unknown(3)
            } else {
                write_leak(&lost, cex.span, &inputs, locate, out)?;
                writeln!(
                    out,
                    "replayed: craig's interpreter runs the program on these inputs to where it \
                     stops ({stop}) and finds the same object{} lost",
                    if lost.len() == 1 { "" } else { "s" }
                )?;
                Ending {
                    code: 1,
                    counters: None,
                    leak_inputs: Some(cex.inputs.clone()),
                    violation_program: Some(program),
                }
            }
        }
        TerminationOutcome::CheckFails(cex) => {
            writeln!(
                out,
                "UNKNOWN: {first}; {cleanup_holds}; the termination run failed another check: \
                 {}: {}",
                locate(cex.span),
                cex.failure()
            )?;
            unknown(3)
        }
        TerminationOutcome::Unknown { reason, at } => {
            let place = match at {
                Some(at) => format!(" ({})", locate(Some(at))),
                None => String::new(),
            };
            writeln!(
                out,
                "UNKNOWN: {first}; {cleanup_holds}, but craig does not show that every run \
                 ends, which valid-memtrack needs of runs that stop short of the end: \
                 {reason}{place}"
            )?;
            unknown(3)
        }
    };
    ending.counters = Some(counters);
    Ok(ending)
}
