//! `theories`: list the loaded theories.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "theories",
    summary: "list the loaded theories",
    usage: "theories",
    help: "Lists each loaded theory with its file, its number of input formulas and clauses.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    if wb.state.theories.is_empty() {
        writeln!(out, "no theories loaded (try `load FILE`)")?;
    }
    let width = wb.state.theories.iter().map(|t| t.name.len()).max().unwrap_or(0);
    for t in &wb.state.theories {
        let mut names: Vec<&str> =
            t.problem.clauses.iter().map(|c| c.source.name.as_str()).collect();
        names.dedup();
        writeln!(
            out,
            "{:width$}  {}  {} formulas, {} clauses",
            t.name,
            t.path,
            names.len(),
            t.problem.clauses.len()
        )?;
    }
    Ok(Control::Continue)
}
