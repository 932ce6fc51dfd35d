//! `craig check-bp FILE`: decides the assertions of a boolean program (Bebop `.bp`) or of a
//! program with references (`.qr`), and whether its error label (`SLIC_ERROR`, or the one
//! `--label` names) is reachable, with procedure summaries, and prints the verdict, the
//! replayed counterexample and the statistics. A concurrent program in Getafix's conventions is
//! checked up to `--contexts K` context switches (`boolprog::concurrent`).

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::boolprog::concurrent::{self, Checker, Concurrent, DEFAULT_CONTEXTS, MAX_CONTEXTS};
use crate::boolprog::summary::{Engine, Mode, Options};
use crate::boolprog::{self, Answer, Loaded, Method, RunStats, render};
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
    /// For a concurrent program (Getafix's conventions): the most context switches explored
    /// (default 2); the answer `safe` is then said with this bound.
    #[arg(long, value_name = "K")]
    pub contexts: Option<u32>,
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
    let mut prog = match boolprog::load_any(&mut sources, &args.file) {
        Ok(Loaded::Sequential(p)) => p,
        Ok(Loaded::Concurrent(c)) => return check_concurrent(args, *c, &sources, out),
        Err(diags) => {
            write!(out, "{}", render_all(&diags, &sources))?;
            return Ok(2);
        }
    };
    if args.contexts.is_some() {
        writeln!(
            out,
            "error: {}: --contexts bounds the context switches of a concurrent program, and this \
             one is sequential",
            args.file.display()
        )?;
        return Ok(2);
    }
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

/// Checks a concurrent program up to the bound on context switches and writes the verdict.
fn check_concurrent(
    args: &Args,
    mut conc: Concurrent,
    sources: &SourceMap,
    out: &mut dyn Write,
) -> Result<u8, CheckBpError> {
    let contexts = args.contexts.unwrap_or(DEFAULT_CONTEXTS);
    if contexts > MAX_CONTEXTS {
        writeln!(out, "error: --contexts {contexts}: at most {MAX_CONTEXTS} context switches")?;
        return Ok(2);
    }
    if args.dot.is_some() {
        writeln!(out, "error: --dot draws a sequential program's call graph")?;
        return Ok(2);
    }
    let label = match boolprog::mark_error_label(&mut conc.program, args.label.as_deref()) {
        Ok(label) => label,
        Err(e) => {
            writeln!(out, "error: {}: {e}", args.file.display())?;
            return Ok(2);
        }
    };
    let checker = match args.search.method() {
        Method::Patterns => Checker::Reduction(Mode::Patterns),
        Method::FullStates => Checker::Reduction(Mode::FullStates),
        Method::Explicit => Checker::Explicit,
    };
    let start = Instant::now();
    let (answer, stats) =
        concurrent::check(&conc, contexts, checker, args.max_states, args.max_depth);
    let elapsed = start.elapsed();
    let code = match &answer {
        concurrent::Answer::SafeUpTo(k) => {
            let what = match &label {
                Some(label) => format!("label `{label}` is unreachable and no assertion fails"),
                None => "no assertion fails".to_string(),
            };
            writeln!(out, "safe up to {k} context switches: {what}")?;
            0
        }
        concurrent::Answer::Failure(trace) => {
            let steps = trace.statements();
            writeln!(
                out,
                "{} after {} context switch{} (interleaving replayed, {steps} steps):",
                trace.kind.describe(),
                trace.switches,
                if trace.switches == 1 { "" } else { "es" }
            )?;
            write!(out, "{}", concurrent::render_trace(&conc, sources, trace))?;
            1
        }
        concurrent::Answer::Unknown(why) => {
            writeln!(out, "unknown: {why}")?;
            3
        }
    };
    if args.stats {
        let text = match &stats {
            concurrent::RunStats::Reduction { stats, procedures, globals } => format!(
                "reduced program: {procedures} procedures, {globals} globals\n{}",
                render::summary_stats(stats)
            ),
            concurrent::RunStats::Explicit(s) => format!(
                "interleavings: states {}, moves {}, cut by depth {}",
                s.states, s.moves, s.cut_by_depth
            ),
        };
        for line in text.lines() {
            writeln!(out, "% {line}")?;
        }
        writeln!(out, "% time_ms {:.3}", elapsed.as_secs_f64() * 1000.0)?;
    }
    Ok(code)
}
