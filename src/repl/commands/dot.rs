//! `dot FILE`: draw a graph of the loaded program as Graphviz, for the kind of program loaded
//! last that has one to draw (a boolean program: its call graph or a summary's heap; a Scheme
//! program: the last `cfa`'s state graph; a C program: its refinement run's tree).

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandError, CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "dot",
    summary: "write a program's graph as Graphviz DOT (call graph, summary heap, state graph, \
              refinement tree)",
    usage: "dot FILE.dot|FILE.svg [summary N]",
    help: "Writes a Graphviz file (atomically; .dot or .gv) for the program loaded last that has\n\
           a graph to draw; a FILE ending in .svg is drawn by Graphviz's `dot` in one command\n\
           when it is installed. For a boolean program (.bp or .qr): the call graph of its current\n\
           run, each procedure with its number of summaries and effects, each call made an\n\
           edge; with `summary N`, the canonical entry heap of summary N (globals and locals\n\
           as roots, cells as records). For a Scheme program (.scm): the state graph of the\n\
           last `cfa` (events filled, halting states doubled, the first witness path in red).\n\
           For a C program, or Java files with a `cegar` run: the abstract reachability tree\n\
           of the refinement run (labels in the nodes, coverings dashed, error nodes red).\n\
           For a hybrid system (.hy): the minimal DFA of the run's language and T_L, the\n\
           transition graph it induces (`language` or `graph` after FILE: one of them).",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    let Some((path, words)) = args.split_first() else {
        return Err(format!("usage: {}", SPEC.usage).into());
    };
    // The program drawn is the last one loaded of a kind that has a graph now.
    for theory in wb.state.theories.iter().rev() {
        if let Some(graph) = theory.content.dot(theory, words) {
            let graph = graph?;
            return write_graph(path, &graph.text, &graph.what, out);
        }
    }
    Err(CommandError::Refused(
        "dot needs a boolean program, a Scheme program, a C program or a refinement run on \
         Java files"
            .into(),
    ))
}

/// Writes a graph to `path`: the DOT text itself for `.dot` or `.gv`, or for `.svg` the picture
/// Graphviz's `dot` draws of it (when `dot` is installed), atomically either way.
fn write_graph(path: &str, text: &str, what: &str, out: &mut dyn Write) -> CommandResult {
    let bytes = if path.ends_with(".dot") || path.ends_with(".gv") {
        text.as_bytes().to_vec()
    } else if path.ends_with(".svg") {
        draw_svg(text)?
    } else {
        return Err(format!(
            "graph files end in .dot or .gv (or .svg, drawn by Graphviz), got {path}"
        )
        .into());
    };
    crate::session::write_atomic(std::path::Path::new(path), &bytes)
        .map_err(|e| format!("cannot write {path}: {e}"))?;
    if path.ends_with(".svg") {
        writeln!(out, "wrote a drawing of {what} to {path}")?;
    } else {
        writeln!(out, "wrote {what} to {path}")?;
    }
    Ok(crate::repl::Control::Continue)
}

/// The SVG Graphviz draws of `text`, or why there is none. Without a working Graphviz the
/// request is one craig cannot carry out here (the DOT file it can still write).
fn draw_svg(text: &str) -> Result<Vec<u8>, CommandError> {
    use std::process::{Command, Stdio};
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            CommandError::Unsupported(format!(
                "cannot run Graphviz's `dot` ({e}): write FILE.dot instead and draw it where \
                 Graphviz is installed (`dot -Tsvg FILE.dot -o FILE.svg`)"
            ))
        })?;
    // The DOT text is small (one line a node), so writing it all before reading cannot block.
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(text.as_bytes())
            .map_err(|e| CommandError::Unsupported(format!("cannot feed `dot`: {e}")))?;
    }
    let output = child
        .wait_with_output()
        .map_err(|e| CommandError::Unsupported(format!("`dot` failed: {e}")))?;
    if !output.status.success() {
        return Err(CommandError::Unsupported(format!(
            "`dot -Tsvg` failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    Ok(output.stdout)
}
