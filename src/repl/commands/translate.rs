//! `translate GOAL [FILE.p]`: a goal's clauses as a TPTP CNF problem, with the translation's
//! report, on screen or written to a file for another prover.

use std::fmt::Write as _;
use std::io::Write;

use super::{CommandSpec, arity};
use crate::fol::Problem;
use crate::repl::{CommandResult, Control, GoalProblem, Workbench};
use crate::session::write_atomic;
use crate::translate::write_translation;

pub const SPEC: CommandSpec = CommandSpec {
    name: "translate",
    summary: "print a goal's clauses as TPTP CNF (or write them to FILE.p)",
    usage: "translate GOAL|LEMMA|METHOD|THEORY [FILE.p]",
    help: "Prints the clauses the prover would start from, as TPTP CNF lines, preceded by the\n\
           translation's report as `%` comments (for a spec goal: sorts erased or guarded,\n\
           approximations with their locations, hypotheses left out). A lemma split into\n\
           sequents, a proof obligation, a Java method or a theory prints every one of its goals. With FILE.p the text is\n\
           written to that file (atomically) instead, ready for another prover such as E.\n\
           Spec goals and proof obligations are translated under the current `sorts` and\n\
           `retain` options.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 2)?;
    let target = args.get(1);
    if let Some(path) = target
        && !path.ends_with(".p")
    {
        return Err(format!("TPTP problem files end in .p, got {path}").into());
    }
    let state = &wb.state;
    let mut text = String::new();
    let names = state.goals_named(&args[0])?;
    for name in &names {
        let goal = state.goal(name)?;
        match state.sources_of(goal) {
            Some(sources) => {
                let translation = state.translation_of(goal)?;
                write_translation(&mut text, std::slice::from_ref(&translation), sources);
            }
            None => {
                let GoalProblem::Ready(problem) = state.problem_of(goal)? else {
                    unreachable!("a TPTP goal is always a problem")
                };
                let _ = writeln!(text, "% goal {name}");
                write_cnf(&mut text, &problem);
            }
        }
    }
    match target {
        None => out.write_all(text.as_bytes())?,
        Some(path) => {
            write_atomic(std::path::Path::new(path), text.as_bytes())
                .map_err(|e| format!("cannot write {path}: {e}"))?;
            writeln!(
                out,
                "wrote {} goal{} to {path}",
                names.len(),
                if names.len() == 1 { "" } else { "s" }
            )?;
        }
    }
    Ok(Control::Continue)
}

/// The clauses of a TPTP problem after clausification, one `cnf` line each.
fn write_cnf(text: &mut String, problem: &Problem) {
    for (i, c) in problem.clauses.iter().enumerate() {
        let role =
            if c.source.role.is_goal() { "negated_conjecture" } else { c.source.role.name() };
        let _ = writeln!(
            text,
            "cnf({}_{}, {role}, ({})).",
            c.source.name,
            i + 1,
            c.clause.display(&problem.signature, &problem.bank)
        );
    }
}
