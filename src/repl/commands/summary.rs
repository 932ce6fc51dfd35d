//! `summary FUNCTION`: a function's lock or leak summary from the Saturn run on the C program
//! loaded last.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "summary",
    summary: "show a function's Saturn lock summary R or leak summary",
    usage: "summary FUNCTION",
    help: "After `saturn --checker lock`, prints FUNCTION's summary R: for each lock it\n\
           touches (named by the first primitive call on it), each entry state (Locked,\n\
           Unlocked), the truth of its result where it returns an integer, and the exit\n\
           state that entry can lead to; then how many errors were read off it. A function\n\
           that could not be analysed has the no-op summary, and says why. After\n\
           `saturn --checker leak`, prints what the leak checker found in FUNCTION: whether\n\
           it is an allocator (IsMalloc), its allocations and its leaks.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 1)?;
    crate::repl::saturn::summary(wb, &args[0], out)
}
