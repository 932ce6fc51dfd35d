//! `diff [STEP1 STEP2]`: what changed in the abstract reachability tree between two steps of the
//! refinement run.

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "diff",
    summary: "compare the refinement tree at two steps (default: around the last refinement)",
    usage: "diff [STEP1 STEP2]",
    help: "Prints a unified diff of `show art` after STEP1 and after STEP2 of the refinement\n\
           run on the C program loaded last (step 0 is the start): labels strengthened, nodes\n\
           added, coverings made and undone. Without steps, compares the tree before and after\n\
           the last refinement, which shows what its interpolants changed.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    crate::repl::refinement::diff(wb, args, SPEC.usage, out)
}
