//! `predicates [LOCATION]`: the predicates the refinement run has at each location.

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "predicates",
    summary: "list a refinement run's predicates per location (what the interpolants introduced)",
    usage: "predicates [LOCATION]",
    help: "For the refinement run on the program loaded last: under the predicates domain, the\n\
           precision (the predicates of each location, in the order refinements or `predicate\n\
           add` gave them); under IMPACT, the distinct atoms of the labels of the nodes at each\n\
           location, which are the predicates its interpolants introduced. With LOCATION (as\n\
           `show art` names it), that location only.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    super::arity(SPEC.usage, args, 0, 1)?;
    crate::repl::refinement::predicates(wb, args.first().map(String::as_str), out)
}
