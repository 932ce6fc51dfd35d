//! `help [CMD]`: the command list, or one command's usage and description.

use std::io::Write;

use super::{COMMANDS, CommandSpec, arity, find};
use crate::repl::{CommandResult, Control, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "help",
    summary: "list the commands, or explain one",
    usage: "help [COMMAND]",
    help: "Without an argument, lists every command with a one-line summary. With a command\n\
           name, prints its usage and a description.",
    changes_state: false,
    run,
};

fn run(_wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 1)?;
    match args.first() {
        None => {
            writeln!(out, "Commands (type `help COMMAND` for details):")?;
            let width = COMMANDS.iter().map(|c| c.name.len()).max().unwrap_or(0);
            for c in COMMANDS {
                writeln!(out, "  {:width$}  {}", c.name, c.summary)?;
            }
        }
        Some(name) => {
            let c = find(name).ok_or_else(|| format!("no command named `{name}`"))?;
            writeln!(out, "usage: {}", c.usage)?;
            writeln!(out, "{}", c.help)?;
        }
    }
    Ok(Control::Continue)
}
