//! `core [--minimal]`: the input formulas the last refutation used, traced back to their
//! hypotheses and source locations, and optionally made irreducible by deletion.

use std::io::Write;

use super::CommandSpec;
use super::proof::last_proof;
use crate::fol::InputSource;
use crate::fol::Problem;
use crate::repl::options::parse_words;
use crate::repl::{Attempt, CommandError, CommandResult, Control, Workbench};
use crate::solve::answer::{core_names, core_sources};
use crate::solve::core::minimize_core;

pub const SPEC: CommandSpec = CommandSpec {
    name: "core",
    summary: "list the hypotheses the last refutation used (--minimal: an irreducible core)",
    usage: "core [--minimal]",
    help: "Prints the names of the hypotheses (and conjecture) that the last refutation needed,\n\
           in input order: the unsat core. For a spec goal each is traced to its item (axiom,\n\
           definition, lemma, the sequent's own assumption) and its file:line:col; for a proof\n\
           obligation of Java files, to what it is in the program (precondition, class\n\
           invariant, statement, branch, call, ...) with its file:line:col and source line.\n\
           With --minimal, the core is made irreducible by deletion: each hypothesis in turn is\n\
           left out and the goal proved again under the current options; the count of prover\n\
           runs is printed, and the minimal core is proved once more on its own and checked.\n\
           A run that stops at a limit keeps its hypothesis, which is then reported undecided.\n\
           After `prove` on an SMT-LIB script's goal, the core is the script's assertions the\n\
           SMT core's refutation used, each with its file:line:col; --minimal leaves each out in\n\
           turn and decides the rest again (every answer checked), counting the solver runs.",
    changes_state: false,
    run,
};

/// The words of `core`.
#[derive(clap::Parser)]
#[command(name = "core")]
pub(crate) struct CoreWords {
    /// Make the core irreducible by deletion.
    #[arg(long)]
    minimal: bool,
}

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    let CoreWords { minimal } = parse_words(args, SPEC.usage)?;
    if let Some(attempt) = wb.state.last_smt.clone() {
        return crate::repl::smt::core(&attempt, minimal, out);
    }
    let (attempt, proof) = last_proof(wb)?;
    let names = core_names(&attempt.problem, proof);
    writeln!(out, "core of {} ({} formulas): {}", attempt.goal, names.len(), names.join(", "))?;
    describe(wb, &attempt.goal, &core_sources(&attempt.problem, proof), out)?;
    if !minimal {
        return Ok(Control::Continue);
    }
    let problem = problem_of_attempt(attempt);
    let obligation =
        wb.state.goal(&attempt.goal).is_ok_and(|g| wb.state.obligation_of(g).is_some());
    let options = wb.state.settings.prover_options(obligation);
    let goal = attempt.goal.clone();
    // The core left was not refuted again within the limits: a request craig could not
    // carry out, not a wrong one.
    let result = minimize_core(&problem, &names, &options)
        .map_err(|e| CommandError::Unsupported(e.to_string()))?;
    let dropped: Vec<String> =
        names.iter().filter(|n| !result.names.contains(n)).cloned().collect();
    crate::repl::write_minimal_core(
        out,
        &crate::repl::MinimalCore {
            goal: &goal,
            noun: "formula",
            engine: "prover",
            kept: &result.names,
            dropped: &dropped,
            undecided: &result.undecided,
            undecided_because: "the run without it stopped at a limit or its proof was rejected",
            total: names.len(),
            runs: result.runs,
        },
    )?;
    let steps = match &result.proof.check {
        Some(Ok(report)) => format!("proof checked, {} steps", report.steps_checked),
        _ => "proof not checked".to_string(),
    };
    writeln!(
        out,
        "  re-proved on the minimal core alone: {}, given {}, {steps}",
        result.proof.status.name(),
        result.proof.stats().given
    )?;
    Ok(Control::Continue)
}

/// The problem of an attempt, whole again: the search moved its signature and terms into the
/// prover, and the attempt kept those.
fn problem_of_attempt(attempt: &Attempt) -> Problem {
    let mut problem = attempt.problem.clone();
    problem.signature = attempt.signature.clone();
    problem.bank = attempt.bank.clone();
    problem
}

/// For a spec goal or a proof obligation, one line per core formula saying what it is and where
/// it was written, read off each clause's typed origin (for an obligation, in the program's
/// terms, with the source line quoted).
fn describe(
    wb: &Workbench,
    goal: &str,
    sources: &[&InputSource],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let Ok(goal) = wb.state.goal(goal) else { return Ok(()) };
    if let Some((java, obligation)) = wb.state.obligation_of(goal) {
        for source in sources {
            writeln!(out, "  {}: {}", source.name, java.describe_source(obligation, source))?;
        }
        return Ok(());
    }
    let (Some(spec), Some(sequent)) = (wb.state.spec_of(goal), wb.state.hol_sequent_of(goal))
    else {
        return Ok(());
    };
    for source in sources {
        writeln!(out, "  {}: {}", source.name, spec.describe_source(&sequent, source))?;
    }
    Ok(())
}
