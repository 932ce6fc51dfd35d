//! `succ N`: the successors of one state of the last `cfa`'s graph, with the rule.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "succ",
    summary: "list the successors of state N of the last `cfa`, with the transition rule",
    usage: "succ N",
    help: "Lists the successors of state N (as `states` numbers them) in the last `cfa`'s\n\
           graph, each with the rule that makes it: argument evaluation, conditional,\n\
           let-binding, letrec-binding, assignment, procedure application or primitive\n\
           application (an event's says which). A state without successors says whether the\n\
           program halts there or is stuck.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 1)?;
    crate::repl::cfa::successors(wb, &args[0], out)
}
