//! `core`: the input formulas the last refutation used.

use std::io::Write;

use super::proof::last_proof;
use super::{CommandSpec, arity};
use crate::answer::core_names;
use crate::repl::{CommandResult, Control, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "core",
    summary: "list the input formulas the last refutation used",
    usage: "core",
    help: "Prints the names of the hypotheses (and conjecture) that the last refutation needed,\n\
           in input order: the unsat core.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    let (attempt, proof) = last_proof(wb)?;
    let names = core_names(&attempt.problem, proof);
    writeln!(out, "core of {} ({} formulas): {}", attempt.goal, names.len(), names.join(", "))?;
    Ok(Control::Continue)
}
