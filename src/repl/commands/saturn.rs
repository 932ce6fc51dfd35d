//! `saturn [FUNCTION] [--checker assert|lock|leak]`: one of Saturn's bug finders (seed 001) on the
//! C program loaded last, as `craig saturn` runs it.

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "saturn",
    summary: "run Saturn's bug finders (bit-precise, by SAT) on the C program loaded last",
    usage: "saturn [FUNCTION] [--checker assert|lock|leak] [--unroll K] [--width BITS] \
            [--spec FILE] [--jobs N] [--db FILE] [--stats]",
    help: "Runs one of the checkers of Xie and Aiken's Saturn (seed 001) on the C program\n\
           loaded last, as `craig saturn` does: each function's body is executed\n\
           symbolically with loops unrolled K times (default 2), every integer blasted into\n\
           BITS boolean circuits (default 130), every program point guarded by a BDD over its\n\
           branch conditions, and each question decided by craig's SAT solver.\n\
           --checker assert (the default) asks, from FUNCTION (default main) with its calls\n\
           expanded, whether a check can fail; each warning carries the run's inputs, read\n\
           off a checked model and replayed on the interpreter (confirmed or not).\n\
           --checker lock infers every function's lock summary R, callees first, and reports\n\
           Type A errors (a lock ends in Error whatever its entry state) and Type B errors\n\
           (one entry state and result can leave the lock held or free), for the primitives\n\
           of stdlib/saturn/locks.spec (--spec FILE for another list), N functions at once\n\
           (--jobs, default the cores there are; the output is the same for any N).\n\
           --checker leak looks at every function's exit (loops unrolled 3 times by\n\
           default): an object it allocates, or gets from an allocator it calls, leaks when\n\
           it is still live and neither the result, a global, memory the caller reaches, nor\n\
           another escaping object points to it; allocators are inferred (IsMalloc).\n\
           --db FILE keeps the lock and leak checkers' per-function results in a SQLite\n\
           database, as `craig saturn --db` does: a rerun reads every function whose body,\n\
           callees and settings did not change, and the run ends with what it read and\n\
           analysed.\n\
           Saturn finds bugs: every run lists the unsound steps it took (loops cut, calls not\n\
           expanded, values assumed to fit the width), and no warning is no proof.\n\
           Then `warnings` lists the warnings, `show warning N` shows one with its replayed\n\
           path, and `summary FUNCTION` a function's lock or leak summary. `undo` puts\n\
           back the run before; a new `saturn`, `cegar` or `smash` on the program replaces it.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    crate::repl::saturn::start(wb, args, SPEC.usage, out)
}
