//! `goals`: list the goals with their last results.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, Goal, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "goals",
    summary: "list the goals and their status",
    usage: "goals",
    help: "Lists every goal with its theory and the status of its last attempt (`open` when it\n\
           was not tried, `obsolete` when the goal changed since).",
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

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    if wb.state.goals.is_empty() {
        writeln!(out, "no goals (try `load FILE`)")?;
    }
    let width = wb.state.goals.iter().map(|g| g.name.len()).max().unwrap_or(0);
    for g in &wb.state.goals {
        writeln!(
            out,
            "{:width$}  {:24}  theory {}",
            g.name,
            status_text(g),
            wb.state.theory_of(g).name
        )?;
    }
    Ok(Control::Continue)
}
