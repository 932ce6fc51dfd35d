//! `load FILE`: read a TPTP problem as a theory with its goal.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::state::load_theory;
use crate::repl::{CommandResult, Control, State, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "load",
    summary: "load a TPTP problem (.p) as a theory with one goal",
    usage: "load FILE",
    help: "Reads FILE (includes are looked up beside it, then under $TPTP). A TPTP problem is a\n\
           theory with one goal named after the file: its axioms are the hypotheses and its\n\
           conjecture, if any, the statement. Spec files are not supported yet.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 1)?;
    let path = &args[0];
    if let Some(t) = wb.state.theories.iter().find(|t| &t.path == path) {
        return Err(
            format!("{} is already loaded as theory `{}` (use `reload`)", path, t.name).into()
        );
    }
    let theory = load_theory(path)?;
    let index = wb.state.theories.len();
    let goals = State::goals_of(&theory, index);
    for g in &goals {
        if let Ok(existing) = wb.state.goal(&g.name) {
            let other = wb.state.theory_of(existing);
            return Err(
                format!("a goal named `{}` is already loaded from {}", g.name, other.path).into()
            );
        }
    }
    let p = &theory.problem;
    writeln!(
        out,
        "loaded theory {} from {}: {} clauses, {} goal{}",
        theory.name,
        theory.path,
        p.clauses.len(),
        goals.len(),
        if goals.len() == 1 { "" } else { "s" }
    )?;
    wb.state.theories.push(theory);
    wb.state.goals.extend(goals);
    Ok(Control::Continue)
}
