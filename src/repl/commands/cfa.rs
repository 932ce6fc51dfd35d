//! `cfa [THEORY] [OPTIONS]`: the ΓCFA state graph of a Scheme program, with a verdict per
//! protocol; the result stays for `states`, `show state`, `succ`, `witness` and `dot`.

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "cfa",
    summary: "build the abstract state graph of a Scheme program and check protocols on it",
    usage: "cfa [THEORY] [OPTIONS]",
    help: "Runs ΓCFA (Might, Chambers and Shivers) on THEORY, a loaded Scheme program (default:\n\
           the most recently loaded one), prints states, edges and time, what the governor\n\
           oracle refuted, possible run-time errors and a verdict per protocol. The result is\n\
           kept: `states`, `show state N`, `succ N`, `witness` and `dot FILE` read it (`undo`\n\
           brings back the one before). The options are those of `craig cfa`:\n\
           --k N              context sensitivity: k-CFA (default 0, at most 8)\n\
           --no-gc            no abstract garbage collection\n\
           --conditional-gc   collect bindings whose uses have unsatisfiable governors\n\
           --oracle smt|none  who decides governors the flow sets cannot (default smt:\n\
                              craig's SMT core; only checked refutations collect)\n\
           --no-counting      no abstract counting (every count is ∞)\n\
           --no-rebinding     no rebinding check in counting\n\
           --no-merge         do not merge states at join-point continuations\n\
           --no-subsumption   explore states subsumed by an explored one\n\
           --protocol FILE    a protocol file (repeatable; default: the lock discipline)\n\
           --max-states N     stop exploring at N states (default 200000)",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    crate::repl::cfa::run_cfa(wb, args, out)
}
