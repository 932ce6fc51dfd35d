//! SV-COMP's `termination` property (`F end`) for `craig cegar`: every run of the function
//! ends, shown by ranking functions the refinement engine checks
//! ([`crate::refine::termination`]), or a run that never ends, found by running the program
//! until it comes back to a state it has been in ([`crate::refine::endless`]). craig answers
//! `SAFE` (the task's `true`), `UNSAFE` (`false`) or `UNKNOWN`.
//!
//! A run with undefined behaviour (a signed overflow, a bad shift, a division by zero, a bad
//! access or free) may do anything, running forever included, so those checks are kept beside
//! the rankings: one that can fail leaves the answer `UNKNOWN`. An assertion or the error
//! location ends a run (`abort()` follows it), so they are assumed.

use std::io::Write;

use std::path::{Path, PathBuf};

use crate::c::task::Property;
use crate::c::{DataModel, Integers};
use crate::cli::CliError;
use crate::hol::Obligation;
use crate::ir::Program;
use crate::ir::interpret::Repeat;
use crate::refine::endless::find_endless_run;
use crate::refine::termination::{Outcome, prove_termination};
use crate::refine::{Domain, Limits};
use crate::syntax::SourceMap;

/// The checks kept under `termination`: undefined behaviour, and the model's own limit.
const KEPT: &[Obligation] = &[
    Obligation::Termination,
    Obligation::Overflow,
    Obligation::ShiftAmount,
    Obligation::DivisionByZero,
    Obligation::ArrayBound,
    Obligation::NullDereference,
    Obligation::MemoryAccess,
    Obligation::MemoryFree,
    Obligation::MemoryModel,
];

/// What `craig cegar` asks of a `termination` task.
pub(crate) struct Request<'a> {
    /// The program's file.
    pub file: PathBuf,
    /// The function whose runs must end.
    pub function: &'a str,
    /// The verdict the task expects, if it says.
    pub expected: Option<bool>,
    /// The data model.
    pub model: DataModel,
    /// How integers are read.
    pub integers: Integers,
    /// The engine's limits, for all its runs together.
    pub limits: Limits,
    /// The refinement domain (the language domain has no tree: IMPACT runs instead).
    pub domain: Domain,
    /// Where a witness was asked for.
    pub witness: Option<&'a Path>,
}

/// Decides `termination` for `craig cegar`; exit 0 for `SAFE`, 1 for `UNSAFE`, 3 for
/// `UNKNOWN`.
pub(crate) fn run(
    request: Request<'_>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CliError> {
    let Request { file, function, expected, model, integers, limits, domain, witness } = request;
    let mut sources = SourceMap::new();
    let mut program = super::load_program_file(&file, &mut sources, integers, model, err)?;
    program.assume_checks_except(KEPT);
    let locate = |span: Option<crate::syntax::Span>| match span {
        Some(s) => sources.location(s),
        None => file.display().to_string(),
    };
    let domain = if domain == Domain::Language { Domain::Impact } else { domain };
    let report = prove_termination(&program, function, limits, domain);
    let endless = match report.outcome {
        Outcome::Terminates(_) => None,
        _ => find_endless_run(&program, function),
    };
    let code = match (endless, &report.outcome) {
        (Some(repeat), _) => {
            write_endless_run(out, function, &repeat, &program, &locate)?;
            1
        }
        (None, Outcome::Terminates(rankings)) => {
            writeln!(out, "SAFE")?;
            if rankings.is_empty() {
                writeln!(
                    out,
                    "every run of `{}` ends: the program has no loop and no recursion",
                    function
                )?;
            } else {
                writeln!(
                    out,
                    "every run of `{}` ends: each loop's ranking function decreases on each \
                     iteration and stays at least 0 (checked):",
                    function
                )?;
            }
            for r in rankings {
                writeln!(
                    out,
                    "  the loop of `{}` at {}: `{}`",
                    r.procedure,
                    locate(r.head),
                    r.function
                )?;
            }
            0
        }
        (None, Outcome::CheckFails(cex)) => {
            writeln!(
                out,
                "UNKNOWN: a run has undefined behaviour, after which it need not end: {}: {} \
                 (replayed on the inputs {})",
                locate(cex.span),
                cex.failure(),
                if cex.inputs.is_empty() {
                    "(none)".to_string()
                } else {
                    cex.inputs.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
                }
            )?;
            3
        }
        (None, Outcome::Unknown { reason, at }) => {
            let place = match at {
                Some(at) => format!(" ({})", locate(Some(*at))),
                None => String::new(),
            };
            writeln!(out, "UNKNOWN: craig does not show that every run ends: {reason}{place}")?;
            3
        }
    };
    if let Some(path) = witness {
        writeln!(
            out,
            "note: no witness written to {}: craig writes no witness for `termination`",
            path.display()
        )?;
    }
    let expected = match expected {
        Some(verdict) => format!(", the task expects {verdict}"),
        None => String::new(),
    };
    writeln!(
        out,
        "property {}: every run ends; a run with undefined behaviour (overflow, a bad shift, \
         a division by zero, a bad access or free) is not shown to end, so those checks are \
         kept; assertions end a run{expected}",
        Property::Termination.name()
    )?;
    writeln!(out, "{}", integers.describe(model))?;
    let c = &report.counters;
    writeln!(
        out,
        "the termination run (domain {domain}, {} engine run{}): refinements {}, ART nodes {}, \
         steps {}, path checks {}, SMT calls {}",
        report.runs,
        if report.runs == 1 { "" } else { "s" },
        c.refinements,
        c.nodes,
        c.steps,
        c.checks,
        c.smt_calls
    )?;
    Ok(code)
}

/// Writes the answer for a run that never ends: `UNSAFE`, the input value, the period and the
/// place of the repeated steps.
fn write_endless_run(
    out: &mut dyn Write,
    function: &str,
    repeat: &Repeat,
    program: &Program,
    locate: &dyn Fn(Option<crate::syntax::Span>) -> String,
) -> Result<(), CliError> {
    writeln!(out, "UNSAFE")?;
    writeln!(
        out,
        "a run of `{function}` never ends: with every input read as {}, it comes back to the \
         same state (every location, variable and heap object) every {} steps from step {}, \
         repeating the steps from {} in `{}` (found by running the program on craig's \
         interpreter, which every counterexample is replayed on)",
        repeat.input,
        repeat.period,
        repeat.first,
        locate(repeat.span),
        program.procedure(repeat.procedure).name,
    )?;
    Ok(())
}
