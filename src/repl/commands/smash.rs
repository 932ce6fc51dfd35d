//! `smash [FUNCTION] [--mode may|must|smash]`: start SMASH's compositional may-must analysis
//! (seed 004) on the C program loaded last; `step` then applies its rules one at a time.

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "smash",
    summary: "start SMASH's compositional may-must analysis on a C function (then `step`)",
    usage: "smash [FUNCTION] [--mode may|must|smash] [--property P] [--max-steps N] \
            [--max-regions N]",
    help: "Starts the compositional may-must analysis of Godefroid, Nori, Rajamani and Tetali\n\
           (POPL'10) on FUNCTION (default main) of the C program loaded last: question q0\n\
           asks whether a check can fail. Each procedure's body is analysed once per question\n\
           asked of it; a call's frontier asks the callee (MAYMUST-CALL) unless a must summary\n\
           (a run of the callee) or a not-may summary (a certified proof that no run from a\n\
           set of states returns into a region) already answers. Nothing is done yet:\n\
           `step [N|all]` applies the next rule (or N, or all), each named as in the paper:\n\
           MUST-POST (a test), NOTMAY-PRE (a split by a precondition or an interpolant),\n\
           MUST-POST-USESUMMARY, NOTMAY-PRE-USESUMMARY, MAYMUST-CALL (a new question),\n\
           CREATE-MUSTSUMMARY, CREATE-NOTMAYSUMMARY, MERGE-MAYSUMMARY, VERIFIED, BUGFOUND.\n\
           Then `queries` prints the query tree, `summaries [PROC]` the summaries,\n\
           `show summary nK|mK` one, `show partition NODE [qK]` a question's regions at a\n\
           location, `dot FILE` the query tree with each question's regions, and `undo` puts\n\
           the run back. --mode may keeps only not-may summaries, --mode must only must\n\
           summaries, --mode smash (the default) both. A step limit (--max-steps, default\n\
           20000) and a region limit (--max-regions) bound each question's analysis.\n\
           --property P (unreach-call, no-overflow, valid-memsafety, ...) decides only that\n\
           property's checks and assumes the others, as `craig smash --property` does;\n\
           without it every check of the program is decided. Programs\n\
           with recursion are refused here (`cegar` unrolls recursion; `craig smash` inlines\n\
           it). SAFE is certified edge by edge, calls by their callees' not-may summaries;\n\
           UNSAFE is reported only once the inputs were replayed on the program.\n\
           Ctrl-C stops `step all` where it is; the run stays there.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    crate::repl::smash::start(wb, args, SPEC.usage, out)
}
