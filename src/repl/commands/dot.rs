//! `dot FILE`: a graph of the most recently loaded program as Graphviz DOT, by the program's
//! kind (a Scheme program: the last `cfa`'s state graph).

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, TheoryContent, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "dot",
    summary: "write a program's graph as Graphviz DOT (a Scheme program: its state graph)",
    usage: "dot FILE",
    help: "Writes a graph of the most recently loaded program to FILE in Graphviz DOT, replacing\n\
           the file atomically. For a Scheme program: the state graph of the last `cfa`\n\
           (events filled, halting states doubled, the first witness path in red).",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 1)?;
    let program = wb.state.theories.iter().rev().find_map(|t| match &t.content {
        TheoryContent::Scheme(_) => Some(&t.content),
        _ => None,
    });
    match program {
        Some(TheoryContent::Scheme(_)) => crate::repl::cfa::cfa_dot(wb, &args[0], out),
        _ => Err("dot needs a boolean program or a Scheme program loaded".into()),
    }
}
