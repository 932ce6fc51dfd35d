//! Confirming a counterexample found on the translated graph by running the program: the
//! interpreter runs the procedure on the path's inputs, and the answer is a counterexample only
//! when the run fails a check. A postcondition's failure is confirmed at the run's end from its
//! results and globals: the failing conjunct (the condition of the edge into its error
//! location) is evaluated there, with the parameters at their entry values (the run's first
//! inputs), as a postcondition reads them. Every engine on the translated graph (IMPACT, the
//! predicates domain, the may-must analysis of `smash`) reports an unsafe program only through
//! [`replay`].

use rug::Integer;

use super::flat::{Action, Flat};
use super::formula::{Linear, Pred};
use super::{Counterexample, Verdict};
use crate::hol::Obligation;
use crate::ir::interpret::{Outcome, Value, run as run_program};
use crate::ir::{ProcId, Program};

/// What replaying an error path's inputs gave.
pub enum Replayed {
    /// An answer: a counterexample, or the memory model's limit.
    Verdict(Verdict),
    /// The run did not fail: the path is feasible only on the approximation.
    Unconfirmed(String),
}

/// The most edges a replay of a counterexample takes (every command that replays one uses it).
pub const REPLAY_STEPS: usize = 10_000_000;

/// Runs `procedure` of `program` on a path's inputs, the path ending at the error location
/// `error` of `flat`: the check of the path failing is a counterexample; another check failing
/// is one too (every `assert` left in the program is a check the question is about), unless it
/// is the memory model's own limit; anything else leaves the path unconfirmed. `path` is kept
/// in the counterexample as the engine's own record of the path.
pub fn replay(
    program: &Program,
    procedure: ProcId,
    flat: &Flat,
    error: usize,
    inputs: Vec<Integer>,
    path: Vec<usize>,
) -> Replayed {
    let Some(site) = flat.locations[error].error.clone() else {
        return Replayed::Verdict(Verdict::Unknown(
            "internal error: a check of a location that is no error".into(),
        ));
    };
    let outcome = run_program(program, procedure, &inputs, REPLAY_STEPS);
    let verdict = match outcome {
        Outcome::AssertionFailed { obligation: Obligation::MemoryModel, what, .. } => {
            Verdict::Unknown(format!(
                "the run on the inputs ({}) leaves craig's memory model: {what}",
                inputs.iter().map(Integer::to_string).collect::<Vec<_>>().join(", ")
            ))
        }
        // The check the run fails is the one reported: several checks of one kind may share
        // a place (a dereference's null, live-object and bounds checks), and the path's own
        // may not be the first of them to fail.
        Outcome::AssertionFailed { obligation, what, span, .. } => {
            Verdict::Unsafe(Counterexample { inputs, check: obligation, what, span, path })
        }
        Outcome::Completed { ref results, ref globals, .. }
            if site.check == Obligation::Postcondition
                && postcondition_fails(
                    program, procedure, flat, error, &inputs, results, globals,
                ) =>
        {
            Verdict::Unsafe(Counterexample {
                inputs,
                check: site.check,
                what: site.what,
                span: site.span,
                path,
            })
        }
        other => {
            return Replayed::Unconfirmed(format!(
                "a counterexample was found on the approximated program (for the check: {}), \
                 but replaying its inputs ({}) did not fail that check: {}",
                site.what,
                inputs.iter().map(Integer::to_string).collect::<Vec<_>>().join(", "),
                short_outcome(&other)
            ));
        }
    };
    Replayed::Verdict(verdict)
}

/// What a run that did not fail the check ended with, in words.
fn short_outcome(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Completed { .. } => "the run completed".into(),
        Outcome::AssertionFailed { obligation, what, .. } => {
            format!("{} instead", super::failure_text(*obligation, what))
        }
        Outcome::Blocked { .. } => "the run blocked on an assumption".into(),
        Outcome::OutOfInputs { .. } => "the run needed more inputs".into(),
        Outcome::StepLimit { steps } => format!("the run took more than {steps} steps"),
        Outcome::Stuck { reason, .. } => format!("the run got stuck: {reason}"),
    }
}

/// Whether the run that ended with `results` and `globals`, started on `inputs`, violates the
/// postcondition whose error location is `error`: only when the condition into that location
/// evaluates to true (a condition over anything else, a local say, is not confirmed).
fn postcondition_fails(
    program: &Program,
    procedure: ProcId,
    flat: &Flat,
    error: usize,
    inputs: &[Integer],
    results: &[Value],
    globals: &[(String, Value)],
) -> bool {
    let Some(edge) = flat.edges.iter().find(|e| e.to == error) else { return false };
    let Action::Assume(fail) = &edge.action else { return false };
    let procedure = program.procedure(procedure);
    let value = |x: usize| -> Option<Integer> {
        let variable = &flat.variables[x];
        if let Some(k) = procedure.params.iter().position(|p| Some(*p) == variable.constant) {
            return inputs.get(k).cloned();
        }
        if let Some(k) = procedure.results.iter().position(|r| Some(*r) == variable.constant) {
            return int_of(results.get(k)?);
        }
        if variable.global {
            let (_, value) = globals.iter().find(|(name, _)| *name == variable.name)?;
            return int_of(value);
        }
        None
    };
    if !fail.variables().iter().any(|&v| flat.variables[v].scratch) {
        return fail.evaluate(&value) == Some(true);
    }
    // The condition reads scratch values (a quotient by a constant, say): they are bound on
    // the edge into its source, from the state's own values, which determine them. The
    // failure holds when the binding and the condition can hold together over those values.
    let Some(binding) = flat.edges.iter().find(|e| e.to == edge.from) else { return false };
    let Action::Assume(bound) = &binding.action else { return false };
    let known = |x: usize| value(x).map(Linear::constant);
    let both = Pred::and(vec![bound.substitute(&known), fail.substitute(&known)]);
    if both.variables().iter().any(|&v| !flat.variables[v].scratch) {
        return false;
    }
    let mut stats = crate::smt::SmtStats::default();
    matches!(super::path::implies(flat.variables.len(), &both, &Pred::False, &mut stats), Ok(false))
}

fn int_of(value: &Value) -> Option<Integer> {
    match value {
        Value::Int(n) => Some(n.clone()),
        Value::Bool(b) => Some(Integer::from(u8::from(*b))),
        _ => None,
    }
}
