//! `queries`: the query tree of the SMASH run on the C program loaded last.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "queries",
    summary: "print the SMASH run's query tree, each question with its state",
    usage: "queries",
    help: "Prints every question of the SMASH run (`help smash`) so far, indented under the\n\
           question at whose frontier it was asked, with the call edge, how many reachable\n\
           states it asks about, what it asks (a return into a region, or a failing check),\n\
           its state (in progress, yes with its must summary, no with its not-may summary,\n\
           unknown and why, or the run's verdict for q0) and its steps.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    crate::repl::smash::queries(wb, out)
}
