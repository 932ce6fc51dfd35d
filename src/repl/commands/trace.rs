//! `trace`: the counterexample of the loaded boolean program's finished run.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "trace",
    summary: "print a boolean program's counterexample: calls, returns and the heap at each step",
    usage: "trace",
    help: "After a run of the boolean program loaded last found a failure (`check`, or `step`\n\
           until the verdict), prints the counterexample as replayed on the concrete\n\
           semantics: one line per step with its file:line:col, procedure and statement,\n\
           indented by call depth, then the globals, the locals and the reachable cells after\n\
           it. A safe run says there is none; a run without a verdict yet is an error.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    crate::repl::boolprog::trace(wb, out)
}
