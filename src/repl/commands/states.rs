//! `states`: the states of the last `cfa`'s graph, one line each.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "states",
    summary: "list the abstract states of the last `cfa`, numbered",
    usage: "states",
    help: "Lists every state of the graph the last `cfa` built, one line each: its number, what\n\
           it does (`eval CALL` or `apply PROCEDURE to ARGUMENTS`) and its successors. States\n\
           are numbered in the order exploration first met them, so the same program and\n\
           options give the same numbers. `show state N` shows one in full.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    crate::repl::cfa::states(wb, out)
}
