//! `summaries [PROC]`: the summaries the loaded boolean program's run computed so far.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "summaries",
    summary: "list a boolean program's summaries so far: pattern and effects",
    usage: "summaries [PROC]",
    help: "Lists the summaries of the current run of the boolean program loaded last (before any\n\
           `step` or `check`: the run about to start), each numbered, with its procedure, what\n\
           keys it (its pattern: the entry locations read before written, with their values;\n\
           with --no-patterns its canonical entry state), its effects (cells allocated,\n\
           locations written, values returned) and its states. With PROC, only that\n\
           procedure's. `show summary N` prints one with its canonical entry heap.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 1)?;
    crate::repl::boolprog::summaries(wb, args.first().map(String::as_str), out)
}
