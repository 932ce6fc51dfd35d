//! `unload THEORY`: drop a loaded theory and its goals (say, to load a changed copy of a
//! program whose goals have the same names).

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, Workbench, counted};

pub const SPEC: CommandSpec = CommandSpec {
    name: "unload",
    summary: "drop a loaded theory and its goals",
    usage: "unload THEORY",
    help: "Drops THEORY (its name as `theories` lists it) with its goals and their results, so\n\
           that another file whose goals have the same names can be loaded, such as a mutant\n\
           of a Java program. `undo` brings it back.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 1)?;
    let name = &args[0];
    let state = &mut wb.state;
    let Some(index) = state.theories.iter().position(|t| &t.name == name) else {
        let names: Vec<&str> = state.theories.iter().map(|t| t.name.as_str()).collect();
        return Err(if names.is_empty() {
            "nothing is loaded".to_string()
        } else {
            format!("no theory named `{name}` (theories: {})", names.join(", "))
        }
        .into());
    };
    let theory = state.theories.remove(index);
    let before = state.goals.len();
    state.goals.retain(|g| g.theory != index);
    let dropped = before - state.goals.len();
    // Goals name their theory by index: those after the dropped one move down by one.
    for g in &mut state.goals {
        if g.theory > index {
            g.theory -= 1;
        }
    }
    if let Some(last) = &state.last
        && !state.goals.iter().any(|g| g.name == last.goal)
    {
        state.last = None;
    }
    if let Some(last) = &state.last_smt
        && !state.goals.iter().any(|g| g.name == last.goal)
    {
        state.last_smt = None;
    }
    writeln!(
        out,
        "unloaded theory {} ({}, {})",
        theory.name,
        theory.path,
        counted(dropped, "goal")
    )?;
    Ok(Control::Continue)
}
