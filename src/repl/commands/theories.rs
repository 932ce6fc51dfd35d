//! `theories`: list the loaded theories.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "theories",
    summary: "list the loaded theories",
    usage: "theories",
    help: "Lists each loaded theory with its file: for a TPTP problem the number of input\n\
           formulas and clauses, for a spec file its items and lemmas, for Java files their\n\
           methods and proof obligations.",
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
        writeln!(out, "{:width$}  {}  {}", t.name, t.path, t.content.summary())?;
    }
    Ok(Control::Continue)
}
