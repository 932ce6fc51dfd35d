//! `craig saturn FILE.c...`: Saturn's bug finders (seed 001) on C programs read by the C front
//! end: each function's body bit-blasted with loops unrolled, checks decided by SAT. Warnings
//! carry the run's inputs, read from a checked model and replayed on the IR's interpreter; the
//! output says which unsound steps the run took, since no warning is no proof.

use std::io::Write;
use std::path::PathBuf;

use crate::c::DataModel;
use crate::cli::CliError;
use crate::cli::cegar::{Analysed, read_analysed};
use crate::cli::parse_data_model;
use crate::ir::Program;
use crate::ir::interpret::failure_text;
use crate::repl::options::positive_count;
use crate::saturn::SaturnError;
use crate::saturn::assert::{self, Replay, Report};
use crate::saturn::lock::{self, LockError, LockSpec};
use crate::syntax::{SourceMap, Span};

/// Which checker runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Checker {
    /// Failing checks (`assert`, `reach_error`, and whatever the property keeps).
    Assert,
    /// Lock errors: Type A (double lock, unlock of an unlocked lock) and Type B (ambiguous
    /// exit state), from each function's inferred FSM summary.
    Lock,
}

/// Saturn's bug finders on C programs.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The programs (`.c`, `.i`) or SV-COMP tasks (`.yml`), each checked on its own.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The checker.
    #[arg(long, value_enum, default_value = "assert")]
    pub checker: Checker,
    /// The function the assertion checker starts from (calls are expanded).
    #[arg(long, value_name = "NAME", default_value = "main")]
    pub function: String,
    /// How many times each loop's back edge may be taken.
    #[arg(long, value_name = "K", default_value = "2")]
    pub unroll: u32,
    /// How many bits integers are blasted at.
    #[arg(long, value_name = "BITS", default_value = "130", value_parser = clap::value_parser!(u32).range(8..=512))]
    pub width: u32,
    /// The most nodes an unrolled function may have.
    #[arg(long, value_name = "N", value_parser = positive_count, default_value = "200000")]
    pub max_nodes: usize,
    /// Decide only this property: an SV-COMP name (`unreach-call`) or a `.prp` file.
    #[arg(long, value_name = "PROPERTY")]
    pub property: Option<String>,
    /// The machine a C file is read for: `LP64` (the default) or `ILP32`.
    #[arg(long, value_name = "MODEL", value_parser = parse_data_model)]
    pub data_model: Option<DataModel>,
    /// The lock specification (`KIND NAME ARGUMENT` lines); `stdlib/saturn/locks.spec` by
    /// default.
    #[arg(long, value_name = "FILE")]
    pub spec: Option<PathBuf>,
    /// Print the counters of each run.
    #[arg(long)]
    pub stats: bool,
}

/// Runs the checker on every file. Exit 1 when some warning was made, 0 when none, 3 when a
/// function could not be analysed, 2 on input errors.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let mut code = 0u8;
    let spec_text = match &args.spec {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", path.display())))?,
        None => lock::DEFAULT_SPEC.to_string(),
    };
    let spec = lock::LockSpec::parse(&spec_text)
        .map_err(|e| CliError::Usage(format!("lock specification, {e}")))?;
    for file in &args.files {
        let mut sources = SourceMap::new();
        let analysed = read_analysed(
            file,
            args.property.as_deref(),
            false,
            args.data_model,
            &mut sources,
            out,
            err,
        )?;
        let Analysed { file, mut program, .. } = match analysed {
            Ok(analysed) => analysed,
            Err(c) => {
                code = code.max(c);
                continue;
            }
        };
        let locate = |span: Option<Span>| match span {
            Some(s) => sources.location(s),
            None => file.display().to_string(),
        };
        if args.checker == Checker::Lock {
            // Lock errors are the question: every other check becomes an assumption.
            program.assume_checks_except(&[]);
            writeln!(
                out,
                "saturn: lock checker on {}, loops unrolled {} times, integers blasted at {} bits",
                file.display(),
                args.unroll,
                args.width
            )?;
            let found = write_locks(out, &program, &spec, args, &locate)?;
            code = code.max(found);
            continue;
        }
        let options = assert::Options {
            unroll: args.unroll,
            width: args.width,
            max_nodes: args.max_nodes,
            ..assert::Options::default()
        };
        writeln!(
            out,
            "saturn: assert checker on {}, from `{}`, loops unrolled {} times, integers blasted at {} bits",
            file.display(),
            args.function,
            args.unroll,
            args.width
        )?;
        match assert::check(&program, &args.function, options) {
            Ok(report) => {
                write_report(out, &report, &file, &locate, args.stats)?;
                if !report.warnings.is_empty() {
                    code = code.max(1);
                }
            }
            Err(SaturnError::Refused { what, name }) => {
                return Err(CliError::Usage(format!("{what} `{name}`")));
            }
            Err(reason) => {
                writeln!(out, "failed: `{}` could not be analysed: {reason}", args.function)?;
                code = code.max(3);
            }
        }
    }
    Ok(code)
}

fn write_report(
    out: &mut dyn Write,
    report: &Report,
    file: &std::path::Path,
    locate: &dyn Fn(Option<Span>) -> String,
    stats: bool,
) -> Result<(), CliError> {
    for w in &report.warnings {
        writeln!(out, "{}: warning[assert]: {}", locate(w.span), failure_text(w.check, &w.what))?;
        let shown: Vec<String> = w.inputs.iter().map(|(name, v)| format!("{name} = {v}")).collect();
        let shown = if shown.is_empty() { "(none)".to_string() } else { shown.join(", ") };
        writeln!(out, "  in `{}`; inputs (in the order the run reads them): {shown}", w.function)?;
        let values: Vec<String> = w.inputs.iter().map(|(_, v)| v.to_string()).collect();
        let command = if values.is_empty() {
            String::new()
        } else {
            format!(" --inputs {}", values.join(","))
        };
        match &w.replay {
            Replay::Confirmed => writeln!(
                out,
                "  confirmed: `craig run {}{command}` fails the same check",
                file.display()
            )?,
            Replay::NotConfirmed(what) => {
                writeln!(out, "  not confirmed by the interpreter: {}", what.trim_end())?
            }
        }
    }
    writeln!(
        out,
        "{} warning{}, {} check{} holding within the unrolling",
        report.warnings.len(),
        if report.warnings.len() == 1 { "" } else { "s" },
        report.holding.len(),
        if report.holding.len() == 1 { "" } else { "s" },
    )?;
    let u = &report.unsound;
    writeln!(out, "unsound steps taken:")?;
    if u.loops_cut.is_empty() && u.calls_kept.is_empty() && u.width_conditions == 0 {
        writeln!(out, "  none: every loop exited within the unrolling, every call was expanded")?;
    }
    for (function, span) in &u.loops_cut {
        writeln!(
            out,
            "  loop cut after the unrolling: back edge at {} in `{function}`",
            locate(*span)
        )?;
    }
    for (callee, span) in &u.calls_kept {
        writeln!(
            out,
            "  call to `{callee}` at {} not expanded (recursion or depth): results unknown",
            locate(*span)
        )?;
    }
    if u.width_conditions > 0 {
        writeln!(
            out,
            "  {} operations assume their value fits the blasting width (paths leaving it are cut)",
            u.width_conditions
        )?;
    }
    writeln!(out, "Saturn finds bugs: no warning is no proof of safety")?;
    if stats {
        let s = &report.stats;
        writeln!(out, "stats:")?;
        writeln!(out, "  unrolled graph: {} nodes, {} edges", s.unrolled_nodes, s.unrolled_edges)?;
        writeln!(out, "  boolean DAG: {} nodes, {} input bits", s.dag_nodes, s.dag_inputs)?;
        writeln!(out, "  guards: {} condition names, {} BDD nodes", s.guard_names, s.bdd_nodes)?;
        writeln!(
            out,
            "  checks: {} occurrences, {} queries, {} satisfiable",
            s.check_sites, s.queries, s.satisfiable
        )?;
        writeln!(
            out,
            "  SAT: {} nodes clausified, {} clauses, {} conflicts",
            s.nodes_clausified, s.clauses, s.conflicts
        )?;
    }
    Ok(())
}

/// Runs the lock checker on every function and writes its warnings and summaries; returns the
/// exit code (1 with warnings, 3 when a function failed and none was found).
fn write_locks(
    out: &mut dyn Write,
    program: &Program,
    spec: &LockSpec,
    args: &Args,
    locate: &dyn Fn(Option<Span>) -> String,
) -> Result<u8, CliError> {
    let results = lock::check_program(program, spec, args.unroll, args.width);
    let (mut warnings, mut failed, mut cut, mut queries) = (0usize, 0usize, 0usize, 0usize);
    let show = |inputs: &[(String, rug::Integer)]| {
        let shown: Vec<String> = inputs.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        if shown.is_empty() { "no parameters".to_string() } else { shown.join(", ") }
    };
    for (name, result) in &results {
        let r = match result {
            Ok(r) => r,
            Err(reason) => {
                failed += 1;
                writeln!(out, "failed: `{name}` could not be analysed (no-op summary): {reason}")?;
                continue;
            }
        };
        cut += r.loops_cut;
        queries += r.queries;
        let lock_name = |l: usize| format!("the lock first used at {}", locate(r.locks[l]));
        for e in &r.errors {
            warnings += 1;
            match e {
                LockError::TypeA { lock, from_locked, from_unlocked } => {
                    writeln!(
                        out,
                        "{}: warning[lock]: Type A in `{name}`: {} ends in Error whatever its state on entry",
                        locate(from_unlocked.0),
                        lock_name(*lock)
                    )?;
                    writeln!(
                        out,
                        "  held on entry: the call at {} errs ({})",
                        locate(from_locked.0),
                        show(&from_locked.1)
                    )?;
                    writeln!(
                        out,
                        "  free on entry: the call at {} errs ({})",
                        locate(from_unlocked.0),
                        show(&from_unlocked.1)
                    )?;
                }
                LockError::TypeB { lock, from, out: value } => {
                    let returning = match value {
                        Some(true) => ", returning nonzero,",
                        Some(false) => ", returning 0,",
                        None => "",
                    };
                    writeln!(
                        out,
                        "{}: warning[lock]: Type B in `{name}`: from {}{returning} it can exit with {} Locked or Unlocked",
                        locate(r.locks[*lock]),
                        from.name(),
                        lock_name(*lock)
                    )?;
                }
            }
        }
        if !r.transitions.is_empty() {
            writeln!(out, "summary of `{name}` (R):")?;
            for t in &r.transitions {
                let value = match t.out {
                    Some(true) => " [result nonzero]",
                    Some(false) => " [result 0]",
                    None => "",
                };
                writeln!(
                    out,
                    "  lock {}: {} -> {}{value}",
                    locate(r.locks[t.lock]),
                    t.from.name(),
                    t.to.name()
                )?;
            }
        }
    }
    writeln!(
        out,
        "{warnings} warning{}, {} function{} analysed, {failed} failed",
        if warnings == 1 { "" } else { "s" },
        results.len() - failed,
        if results.len() - failed == 1 { "" } else { "s" },
    )?;
    writeln!(out, "unsound steps taken:")?;
    writeln!(
        out,
        "  {cut} back edges cut after the unrolling; callees expanded to depth 8, deeper and recursive calls have unknown results"
    )?;
    writeln!(
        out,
        "  distinct lock addresses are distinct locks unless their address expressions are the same"
    )?;
    writeln!(out, "Saturn finds bugs: no warning is no proof of safety")?;
    if args.stats {
        writeln!(out, "stats:\n  SAT queries: {queries}")?;
    }
    Ok(if warnings > 0 {
        1
    } else if failed > 0 {
        3
    } else {
        0
    })
}
