//! `predicate add LOCATION "FORMULA"`: refine the run on the C program loaded last by hand.

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "predicate",
    summary: "refine by hand: strengthen the labels at a location with a predicate",
    usage: "predicate add LOCATION \"FORMULA\"",
    help: "LOCATION is a location as `show art` names it (main:l11); FORMULA is linear integer\n\
           arithmetic over the program's variables, with C's connectives or craig's (x == 0 &&\n\
           y != 1, x = 0 & y != 1, !, ||, |, <, <=, >, >=, +, -, * by a number), quoted.\n\
           For each open node at the location: if some run along the node's path reaches it\n\
           with the formula false, the node is left alone and that is said; otherwise the path\n\
           is refined as a spurious error path is, with the negated formula as the error, so\n\
           every label on the way is strengthened by an interpolant and the node's label\n\
           becomes its old label and the formula. Coverings are undone and redone as after any\n\
           refinement. Under IMPACT the formula is also kept for the location (a hand\n\
           predicate, given even before the tree reaches it): each node that reaches the\n\
           location later gets it the same way where it holds, checked from the nearest node\n\
           before it at the location (one loop iteration) or else from the root, so a loop\n\
           head whose formula is inductive is covered after one iteration; error paths through\n\
           such a node are refined from its label on. Under predicate abstraction the formula\n\
           joins the location's predicates. The hand refinement is a step of the run: `diff`,\n\
           `show interpolants` and `undo` treat it as one.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    match args {
        [add, location, formula] if add == "add" => {
            crate::repl::refinement::predicate_add(wb, location, formula, out)
        }
        _ => Err(format!("usage: {}", SPEC.usage).into()),
    }
}
