//! `dot FILE`: draw a graph of the loaded program as Graphviz, for the kind of program loaded
//! last that has one to draw (a boolean program: its call graph or a summary's heap; a Scheme
//! program: the last `cfa`'s state graph).

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, TheoryContent, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "dot",
    summary: "write a program's graph as Graphviz DOT (call graph, summary heap or state graph)",
    usage: "dot FILE.dot [summary N]",
    help: "Writes a Graphviz file (atomically; .dot or .gv) for the program loaded last that has\n\
           a graph to draw. For a boolean program (.bp or .qr): the call graph of its current\n\
           run, each procedure with its number of summaries and effects, each call made an\n\
           edge; with `summary N`, the canonical entry heap of summary N (globals and locals\n\
           as roots, cells as records). For a Scheme program (.scm): the state graph of the\n\
           last `cfa` (events filled, halting states doubled, the first witness path in red).",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    // The program drawn is the last one loaded of a kind that has a graph.
    for (index, theory) in wb.state.theories.iter().enumerate().rev() {
        match &theory.content {
            TheoryContent::BoolProg(_) => {
                return crate::repl::boolprog::boolprog_dot(wb, index, args, SPEC.usage, out);
            }
            TheoryContent::Scheme(_) => {
                super::arity("dot FILE", args, 1, 1)?;
                return crate::repl::cfa::cfa_dot(wb, &args[0], out);
            }
            TheoryContent::Tptp(_)
            | TheoryContent::Spec(_)
            | TheoryContent::Java(_)
            | TheoryContent::C(_) => continue,
        }
    }
    Err("dot needs a boolean program or a Scheme program loaded".into())
}
