//! `check`: decide the assertions of the loaded boolean program in one run, as `craig check-bp`.

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "check",
    summary: "decide a boolean program's assertions: verdict and statistics",
    usage: "check [--no-summaries] [--no-patterns] [--contexts K]",
    help: "Works on the boolean program (.bp or .qr) loaded last. Starts a new run and takes it\n\
           to the end, then prints the verdict (safe, or the failure with where it happens;\n\
           every counterexample is replayed on the concrete semantics first), the algorithm,\n\
           the statistics (summaries, effects, look-ups, hits, states, applications,\n\
           invalidations, steps, time) and the summaries per procedure, as\n\
           `craig check-bp FILE --stats` does.\n\
           --no-patterns  key summaries by whole canonical visible states (Section 5) instead\n\
                          of patterns (Section 6)\n\
           --no-summaries the baseline: explicit search over whole states with a stack\n\
           Afterwards `trace` prints the counterexample, and `summaries`, `show summary N` and\n\
           `dot` show the run's summaries. Ctrl-C stops the run where it is.\n\
           A concurrent program (Getafix's conventions) is checked up to --contexts K context\n\
           switches (default 2) by Lal and Reps's reduction on the summary engine (with\n\
           --no-summaries: the explicit interleaving baseline); the verdict says the bound, and\n\
           a failure's interleaving, replayed first, is printed with it.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    crate::repl::boolprog::check(wb, args, SPEC.usage, out)
}
