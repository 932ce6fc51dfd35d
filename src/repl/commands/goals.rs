//! `goals [NAME]`: list the goals with their last results; a Java theory's proof obligations
//! method by method.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, Goal, TheoryKind, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "goals",
    summary: "list the goals and their status",
    usage: "goals [LEMMA|METHOD|THEORY]",
    help: "Lists every goal with its theory and the status of its last attempt (`open` when it\n\
           was not tried, `obsolete` when the goal changed since). The proof obligations of Java\n\
           files are listed method by method: a line per method, then per obligation its name,\n\
           status, what it checks and where (file:line:col). With a name, only the goals it\n\
           stands for: a lemma's sequents, a method's obligations, a theory's goals.",
    changes_state: false,
    run,
};

/// The status column of a goal.
pub(crate) fn status_text(g: &Goal) -> String {
    match (&g.result, g.obsolete) {
        (None, false) => "open".to_string(),
        (None, true) => "open (changed)".to_string(),
        (Some(r), false) => r.status.clone(),
        (Some(r), true) => format!("obsolete (was {})", r.status),
    }
}

/// Whether a status says the goal was proved.
fn proved(g: &Goal) -> bool {
    !g.obsolete
        && g.result.as_ref().is_some_and(|r| {
            matches!(r.status.as_str(), "Theorem" | "Unsatisfiable" | "ContradictoryAxioms")
        })
}

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 1)?;
    let state = &wb.state;
    if state.goals.is_empty() {
        writeln!(out, "no goals (try `load FILE`)")?;
    }
    let shown: Vec<&Goal> = match args.first() {
        None => state.goals.iter().collect(),
        Some(name) => {
            let names = state.goals_named(name)?;
            state.goals.iter().filter(|g| names.contains(&g.name)).collect()
        }
    };
    let width = shown.iter().map(|g| g.name.len()).max().unwrap_or(0);
    // The method whose header was printed last: (theory, procedure).
    let mut method = None;
    for (i, g) in shown.iter().enumerate() {
        let Some((java, obligation)) = state.obligation_of(g) else {
            method = None;
            writeln!(
                out,
                "{:width$}  {:24}  theory {}",
                g.name,
                status_text(g),
                state.theory_of(g).name
            )?;
            continue;
        };
        let theory = g.theory;
        let procedure = java.obligation(obligation).procedure;
        if method != Some((theory, procedure)) {
            method = Some((theory, procedure));
            // The goals of one method are consecutive: obligations come procedure by procedure.
            let of_method: Vec<&&Goal> = shown[i..]
                .iter()
                .take_while(|h| {
                    state.obligation_of(h).is_some_and(|(j, o)| {
                        h.theory == theory && j.obligation(o).procedure == procedure
                    })
                })
                .collect();
            let done = of_method.iter().filter(|h| proved(h)).count();
            let p = java.verification.program.procedure(procedure);
            writeln!(
                out,
                "method {} ({}; theory {}): {} of {} proved",
                p.name,
                java.location(p.span),
                state.theory_of(g).name,
                done,
                crate::repl::counted(of_method.len(), "goal"),
            )?;
        }
        writeln!(out, "  {:width$}  {:24}  {}", g.name, status_text(g), java.what(obligation))?;
    }
    Ok(Control::Continue)
}
