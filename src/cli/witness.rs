//! `craig cegar --witness FILE.graphml`: SV-COMP's violation witness of an `UNSAFE` answer,
//! made from the counterexample's run as the interpreter replays it (the values it reads from
//! nondeterministic calls, at their lines, and the line of the failing check).

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use rug::Integer;

use crate::c::DataModel;
use crate::c::task::Property;
use crate::c::witness::{ViolationWitness, WitnessInput, specification};
use crate::cli::CliError;
use crate::hol::Obligation;
use crate::ir::interpret::{Outcome, TraceStep, run as run_program};
use crate::ir::{Command, Program};
use crate::refine::REPLAY_STEPS;
use crate::syntax::{SourceMap, Span};

/// Whether `path` asks for a GraphML witness.
pub(crate) fn is_graphml(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("graphml"))
}

/// What a violation witness is made from.
pub(crate) struct Violation<'a> {
    /// The program as analysed (checks the property is not about assumed).
    pub program: &'a Program,
    /// The function run.
    pub function: &'a str,
    /// The counterexample's inputs.
    pub inputs: &'a [Integer],
    /// The check that fails.
    pub check: Obligation,
    /// The property decided, if one was given.
    pub property: Option<&'a Property>,
    /// The program file.
    pub file: &'a Path,
    /// The machine it was read for.
    pub data_model: DataModel,
}

/// The witness of `violation` as GraphML, or why there is none (the replay does not fail a
/// check, which an answer already replayed never meets).
pub(crate) fn violation_graphml(
    violation: &Violation<'_>,
    sources: &SourceMap,
) -> Result<String, CliError> {
    let failed = |why: String| CliError::Failed { message: why, code: 3 };
    let procedure = violation
        .program
        .find(violation.function)
        .ok_or_else(|| failed(format!("no function `{}`", violation.function)))?;
    let outcome = run_program(violation.program, procedure, violation.inputs, REPLAY_STEPS);
    let Outcome::AssertionFailed { trace, span: check_span, .. } = outcome else {
        return Err(failed(
            "no witness written: the replay of the counterexample did not fail a check".into(),
        ));
    };
    // Parameters of the function run take the first inputs; they are read from no call.
    let mut next = violation.program.procedure(procedure).params.len();
    let mut inputs = Vec::new();
    for step in &trace {
        let Some(cfg) = &violation.program.procedure(step.procedure).body else { continue };
        let havoc = cfg.edges.iter().find_map(|e| match &e.command {
            Command::Havoc(vars) if e.from == step.from && e.to == step.to => Some(vars.len()),
            _ => None,
        });
        for _ in 0..havoc.unwrap_or(0) {
            let Some(value) = violation.inputs.get(next) else { break };
            next += 1;
            let Some(span) = step.span else { continue };
            inputs.push(WitnessInput {
                line: line_of(sources, span),
                function: called_function(sources, span),
                value: value.to_string(),
            });
        }
    }
    let program_bytes = std::fs::read(violation.file).map_err(|e| CliError::Failed {
        message: format!("cannot read {}: {e}", violation.file.display()),
        code: 2,
    })?;
    let witness = ViolationWitness {
        program_file: violation.file.display().to_string(),
        program_bytes,
        specification: specification(violation.property, violation.check),
        data_model: violation.data_model,
        inputs,
        violation_line: violation_span(sources, check_span, &trace).map(|s| line_of(sources, s)),
        creation_time: creation_time(),
    };
    Ok(witness.graphml())
}

/// Where the witness puts the violation: the failing check, or, when it fails in a function of
/// craig's C library (`strcpy` writing past its buffer), the last step of the run in the
/// program's own file (the call), since validators read the program's lines only.
fn violation_span(sources: &SourceMap, check: Option<Span>, trace: &[TraceStep]) -> Option<Span> {
    let library = sources.find(crate::c::library::NAME);
    let in_program = |s: &Span| Some(s.file) != library;
    check.filter(in_program).or_else(|| trace.iter().rev().filter_map(|s| s.span).find(in_program))
}

/// The 1-based line a span starts on.
fn line_of(sources: &SourceMap, span: Span) -> usize {
    sources.line_col(span.file, span.start as usize).0
}

/// The function a call's span calls (`__VERIFIER_nondet_int` of `__VERIFIER_nondet_int()`),
/// when the span is a call of a named function.
fn called_function(sources: &SourceMap, span: Span) -> Option<String> {
    let text = sources.file(span.file).text.get(span.start as usize..span.end as usize)?;
    let (name, _) = text.split_once('(')?;
    let name = name.trim();
    let identifier = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    identifier.then(|| name.to_string())
}

/// Now, in ISO 8601 (UTC), or the time `SOURCE_DATE_EPOCH` gives (the reproducible-builds
/// convention), so that a witness can be made byte for byte again.
fn creation_time() -> String {
    let seconds = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .unwrap_or_else(|| {
            SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
        });
    let (days, rest) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01 (the era arithmetic of H. Hinnant's
/// `civil_from_days`: 400-year eras of 146,097 days, years starting in March).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month as u32, day)
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn days_since_the_epoch_are_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_787), (2026, 11, 30));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }
}
