//! `compare [THEORY] [OPTIONS]`: the ΓCFA of a Scheme program without GC, with GC and with
//! conditional GC, side by side.

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "compare",
    summary: "run `cfa` without GC, with GC and with conditional GC side by side",
    usage: "compare [THEORY] [OPTIONS]",
    help: "Runs the analysis of `cfa` three times, without abstract GC, with it and with\n\
           conditional GC, and prints states, edges, time and the verdict per protocol of\n\
           each, then the ratio of states without and with GC. THEORY and OPTIONS are those\n\
           of `cfa` (see `help cfa`; the GC options are what varies). Without options, on\n\
           the program the last `cfa` analysed, its options, protocols and oracle are used.\n\
           The last `cfa`'s result stays as it was.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    crate::repl::cfa::run_compare(wb, args, out)
}
