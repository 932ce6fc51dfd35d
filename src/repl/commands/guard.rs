//! `guard FUNCTION LINE`: where a line of a C function is reached in Saturn's unrolled graph,
//! and whether a run within the unrolling gets there.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "guard",
    summary: "show where a line of a C function is reached (Saturn's guard)",
    usage: "guard FUNCTION LINE",
    help: "On the C program loaded last, unrolls FUNCTION as Saturn does (its callees\n\
           expanded; the last `saturn` run's unrolling and width, else 2 times and 130 bits)\n\
           and prints the guard of the statements on LINE: the paths of branch conditions\n\
           that lead there, each condition in C's notation with its place and, inside a\n\
           loop, the iteration. Then whether some run within the unrolling reaches the line, with\n\
           the function's parameters on such a run (read from a checked SAT model).",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 2, 2)?;
    crate::repl::saturn::guard(wb, &args[0], &args[1], out)
}
