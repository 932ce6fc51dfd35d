//! `warnings`: the warnings of the Saturn run on the C program loaded last.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "warnings",
    summary: "list the Saturn run's warnings, one a line",
    usage: "warnings",
    help: "Lists the warnings of the last `saturn` run on the C program loaded last, numbered\n\
           as `show warning N` takes them: each one's file:line:col, rule (assert,\n\
           lock-type-a, lock-type-b), message, and for an assertion warning whether its\n\
           replay on the interpreter confirmed it; then the functions that could not be\n\
           analysed.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    crate::repl::saturn::warnings(wb, out)
}
