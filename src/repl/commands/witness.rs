//! `witness`: the witness path of each protocol the last `cfa` found may be violated, and
//! whether the concrete machine confirms it.

use std::io::Write;

use super::CommandSpec;
use crate::repl::options::parse_words;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "witness",
    summary: "show the witness path of a possible protocol violation, checked concretely",
    usage: "witness [--steps N]",
    help: "For each protocol the last `cfa` found may be violated: the events and the abstract\n\
           path that violates it, state by state with the events marked, then whether a run of\n\
           the concrete CPS machine of at most N steps (default 100000) shows the violation.\n\
           The programs take no input, so their one run either confirms it or the witness is\n\
           probably spurious. A verified protocol has no witness.",
    changes_state: false,
    run,
};

/// The words of `witness`.
#[derive(clap::Parser)]
#[command(name = "witness")]
pub(crate) struct WitnessWords {
    /// The most steps the concrete run may take.
    #[arg(long, value_name = "N", default_value_t = crate::repl::cfa::CONCRETE_STEPS)]
    steps: usize,
}

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    let WitnessWords { steps } = parse_words(args, SPEC.usage)?;
    crate::repl::cfa::witness(wb, steps, out)
}
