//! `summaries [PROC]`: the summaries the loaded boolean program's run computed so far.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "summaries",
    summary: "list a boolean program's or a SMASH run's summaries so far",
    usage: "summaries [PROC]",
    help: "Lists the summaries of the current run of the boolean program loaded last (before any\n\
           `step` or `check`: the run about to start), each numbered, with its procedure, what\n\
           keys it (its pattern: the entry locations read before written, with their values;\n\
           with --no-patterns its canonical entry state), its effects (cells allocated,\n\
           locations written, values returned) and its states. With PROC, only that\n\
           procedure's. `show summary N` prints one with its canonical entry heap.\n\
           On a C program with a SMASH run (`help smash`): its not-may summaries (nK: a\n\
           callee, the entry states, the region no run returns into or the check none fails)\n\
           and must summaries (mK: a callee's run, its starting values and inputs), with how\n\
           often each answered a later question; `show summary nK|mK` prints one.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 1)?;
    // The program asked about is the last loaded of a boolean program and a C program with a
    // SMASH run.
    let smash = wb
        .state
        .theories
        .iter()
        .rev()
        .find(|t| t.is::<crate::repl::BoolProgram>() || crate::repl::smash::has_run(t))
        .is_some_and(crate::repl::smash::has_run);
    if smash {
        return crate::repl::smash::summaries(wb, args.first().map(String::as_str), out);
    }
    crate::repl::boolprog::summaries(wb, args.first().map(String::as_str), out)
}
