//! `undo`: revert the last state-changing command.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandError, CommandResult, Control, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "undo",
    summary: "revert the last command that changed the state",
    usage: "undo",
    help: "Reverts the last `load`, `reload`, `prove`, `set` or `restore` (and so on backwards,\n\
           up to 100 steps). Files written by `save` or `record` stay written.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    let (line, state) =
        wb.undo.pop().ok_or_else(|| CommandError::Refused("nothing to undo".into()))?;
    wb.state = state;
    writeln!(out, "undone: {line}")?;
    Ok(Control::Continue)
}
