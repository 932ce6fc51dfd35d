//! `quit`: leave the workbench.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "quit",
    summary: "leave the workbench (Ctrl-D does the same)",
    usage: "quit",
    help: "Ends the session. Unsaved results are lost; `save FILE.ron` keeps them.",
    changes_state: false,
    run,
};

fn run(_wb: &mut Workbench, args: &[String], _out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    Ok(Control::Quit)
}
