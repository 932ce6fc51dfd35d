//! `run [N]`: advance the refinement run on the C program loaded last by N steps, or to its end.

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "run",
    summary: "advance a refinement run by N steps, or to its end",
    usage: "run [N]",
    help: "Takes N steps of the refinement run on the C program loaded last (starting one on\n\
           main if `cegar` did not), or without N runs until the run ends or reaches a limit.\n\
           Prints how many nodes were expanded and how many refinements were made, how many\n\
           nodes of the tree are covered now, where the run is, and at the end its verdict. Ctrl-C stops it between two steps;\n\
           `undo` puts the run back where it was. `step` does the same one step at a time,\n\
           saying what each step did.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    crate::repl::refinement::advance(wb, args, SPEC.usage, false, out)
}
