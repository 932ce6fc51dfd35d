//! `get [NAME]`: show options.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, OPTION_NAMES, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "get",
    summary: "show one option, or all of them",
    usage: "get [NAME]",
    help: "Prints the value of option NAME, or of every option. `help set` describes them.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 1)?;
    let names: Vec<&str> = match args.first() {
        Some(n) => vec![n.as_str()],
        None => OPTION_NAMES.to_vec(),
    };
    for name in names {
        let value = wb.state.settings.get(name).ok_or_else(|| {
            format!("unknown option `{name}` (options: {})", OPTION_NAMES.join(", "))
        })?;
        writeln!(out, "{name} = {value}")?;
    }
    Ok(Control::Continue)
}
