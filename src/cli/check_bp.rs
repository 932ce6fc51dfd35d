//! `craig check-bp FILE`: decides the assertions of a boolean program (Bebop `.bp`) or of a
//! program with references (`.qr`), and whether its error label (`SLIC_ERROR`, or the one
//! `--label` names) is reachable, with procedure summaries, and prints the verdict, the
//! replayed counterexample and the statistics.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::boolprog::summary::{Engine, Mode, Options};
use crate::boolprog::{self, Answer, Method, RunStats, render};
use crate::repl::options::SearchOptions;
use crate::syntax::{SourceMap, render_all};

/// Arguments of `check-bp`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The program: `.bp` (Bebop) or `.qr` (programs with references).
    pub file: PathBuf,
    /// The engine, as the prompt's `check` chooses it.
    #[command(flatten)]
    pub search: SearchOptions,
    /// Print the counters (and the time).
    #[arg(long)]
    pub stats: bool,
    /// Write the call graph with summary counts (Graphviz) to FILE (summary engines only).
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Give up after this many states.
    #[arg(long, value_name = "N", default_value_t = boolprog::DEFAULT_MAX_STATES)]
    pub max_states: usize,
    /// Check whether this label is reachable (besides the assertions). By default the label
    /// `SLIC_ERROR` is the error when the program has it, as in SLAM's boolean programs.
    #[arg(long, value_name = "NAME")]
    pub label: Option<String>,
    /// With `--no-summaries`: do not explore stacks deeper than this many frames.
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub max_depth: usize,
}

/// Errors of the command itself (not of the program checked).
#[derive(Debug, thiserror::Error)]
pub enum CheckBpError {
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
}

/// Runs the check. Exit codes: 0 safe, 1 failure found, 2 input error, 3 unknown.
pub fn run(args: &Args, out: &mut dyn Write, _err: &mut dyn Write) -> Result<u8, super::CliError> {
    check(args, out).map_err(|e| super::CliError::Failed { message: e.to_string(), code: 2 })
}

/// Reads the program, checks it and writes the verdict.
fn check(args: &Args, out: &mut dyn Write) -> Result<u8, CheckBpError> {
    let mut sources = SourceMap::new();
    let mut prog = match boolprog::load(&mut sources, &args.file) {
        Ok(p) => p,
        Err(diags) => {
            write!(out, "{}", render_all(&diags, &sources))?;
            return Ok(2);
        }
    };
    let label = match boolprog::mark_error_label(&mut prog, args.label.as_deref()) {
        Ok(label) => label,
        Err(e) => {
            writeln!(out, "error: {}: {e}", args.file.display())?;
            return Ok(2);
        }
    };
    let method = args.search.method();
    let start = Instant::now();
    let mut dot = None;
    let mut per_procedure = None;
    let (answer, stats) = if method == Method::Explicit {
        boolprog::check_with(&prog, method, args.max_states, args.max_depth)
    } else {
        // Run the engine here (not through `check`) so its summaries can be listed and drawn.
        let mode = if method == Method::Patterns { Mode::Patterns } else { Mode::FullStates };
        let mut engine = Engine::new(&prog, Options { mode, max_states: args.max_states });
        let verdict = engine.run();
        let answer = boolprog::answer_of(&prog, verdict, args.max_states);
        dot = args.dot.as_ref().map(|_| render::dot_call_graph(&engine));
        per_procedure = Some(render::per_procedure(&engine));
        (answer, RunStats::Summary(engine.stats()))
    };
    let elapsed = start.elapsed();
    let code = match &answer {
        Answer::Safe => {
            match &label {
                Some(label) => writeln!(out, "safe: label `{label}` is unreachable")?,
                None => writeln!(out, "safe")?,
            }
            0
        }
        Answer::Failure(trace) => {
            writeln!(
                out,
                "{} (trace replayed, {} steps):",
                trace.kind.describe(),
                trace.steps.len()
            )?;
            write!(out, "{}", render::trace(&prog, &sources, trace))?;
            1
        }
        Answer::Unknown(why) => {
            writeln!(out, "unknown: {why}")?;
            3
        }
    };
    if args.stats {
        let text = match &stats {
            RunStats::Summary(s) => render::summary_stats(s),
            RunStats::Explicit(s) => render::explicit_stats(s),
        };
        for line in text.lines() {
            writeln!(out, "% {line}")?;
        }
        writeln!(out, "% time_ms {:.3}", elapsed.as_secs_f64() * 1000.0)?;
    }
    if args.stats
        && let Some(text) = per_procedure
    {
        for line in text.lines() {
            writeln!(out, "% {line}")?;
        }
    }
    match (&args.dot, dot) {
        (Some(path), Some(dot)) => std::fs::write(path, dot)?,
        (Some(_), None) => writeln!(out, "% no call graph written: --dot needs summaries")?,
        _ => {}
    }
    Ok(code)
}
