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
use crate::repl::options::positive_count;
use crate::saturn::SaturnError;
use crate::saturn::assert;
use crate::saturn::database::{self, Database, Run, Shard};
use crate::saturn::lock;
use crate::saturn::render::{self, Outcome, Places};
use crate::saturn::sarif;
use crate::saturn::schedule;
use crate::syntax::SourceMap;

/// Which checker runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Checker {
    /// Failing checks (`assert`, `reach_error`, and whatever the property keeps).
    Assert,
    /// Lock errors: Type A (double lock, unlock of an unlocked lock) and Type B (ambiguous
    /// exit state), from each function's inferred FSM summary.
    Lock,
    /// Leaks: allocations a function can lose when it returns (escape analysis at each
    /// function's exit, allocators inferred).
    Leak,
}

/// How the findings are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Lines for a reader: each warning with its place, inputs and replay, then the unsound
    /// steps.
    Text,
    /// One SARIF 2.1.0 log on standard output (a run per file), for code-scanning tools.
    Sarif,
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
    /// How many times each loop's back edge may be taken (default 2; 3 for the leak checker,
    /// as the paper has them).
    #[arg(long, value_name = "K")]
    pub unroll: Option<u32>,
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
    /// How many functions the lock or leak checker analyses at once (default: the cores there are);
    /// the output is the same for any number.
    #[arg(long, value_name = "N", value_parser = positive_count)]
    pub jobs: Option<usize>,
    /// Print the counters of each run (text only).
    #[arg(long)]
    pub stats: bool,
    /// How the findings are written: text, or a SARIF 2.1.0 log.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// The summary database (SQLite; created if missing): the lock and leak checkers read
    /// each function's result from it when nothing it depends on has changed, and store what
    /// they analyse.
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// Analyse only share I of N of the functions (by name), against the database: run the N
    /// shares anywhere (a batch array), then once without `--shard` to read them all.
    #[arg(long, value_name = "I/N", requires = "db")]
    pub shard: Option<Shard>,
    /// Copy into the database, before the run, the summaries of these databases (shards that
    /// each wrote their own file).
    #[arg(long, value_name = "FILE", requires = "db", num_args = 1..)]
    pub merge: Vec<PathBuf>,
}

/// Runs the checker on every file. Exit 1 when some warning was made, 0 when none, 3 when a
/// function could not be analysed, 2 on input errors. With `--format sarif` standard output
/// holds only the log; what the text would say around the findings goes to standard error.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let mut code = 0u8;
    let spec_text = match &args.spec {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", path.display())))?,
        None => lock::DEFAULT_SPEC.to_string(),
    };
    let spec = lock::LockSpec::parse(&spec_text)
        .map_err(|e| CliError::Usage(format!("lock specification, {e}")))?;
    let sarif = args.format == Format::Sarif;
    let mut database = open_database(args, if sarif { &mut *err } else { &mut *out })?;
    let mut runs = Vec::new();
    for file in &args.files {
        let mut sources = SourceMap::new();
        let mut said = Vec::new();
        let analysed = read_analysed(
            file,
            args.property.as_deref(),
            false,
            args.data_model,
            &mut sources,
            if sarif { &mut said } else { &mut *out },
            err,
        )?;
        err.write_all(&said)?;
        let Analysed { file, mut program, model, integers_line, .. } = match analysed {
            Ok(analysed) => analysed,
            Err(c) => {
                code = code.max(c);
                continue;
            }
        };
        let shown = file.display().to_string();
        let unroll = args.unroll.unwrap_or(if args.checker == Checker::Leak { 3 } else { 2 });
        let places = Places { sources: &sources, file: &shown };
        let header = if args.checker != Checker::Assert {
            format!(
                "saturn: {} checker on {shown}, loops unrolled {} times, integers blasted at {} \
                 bits",
                if args.checker == Checker::Lock { "lock" } else { "leak" },
                unroll,
                args.width
            )
        } else {
            format!(
                "saturn: assert checker on {shown}, from `{}`, loops unrolled {} times, integers \
                 blasted at {} bits",
                args.function, unroll, args.width
            )
        };
        if sarif {
            writeln!(err, "{header}")?;
        } else {
            writeln!(out, "{header}")?;
        }
        let front_end = format!("{}; {integers_line}", model.name());
        let settings = database::Settings {
            checker: if args.checker == Checker::Lock { "lock" } else { "leak" },
            unroll,
            width: args.width,
            front_end: &front_end,
            spec: (args.checker == Checker::Lock).then_some(spec_text.as_str()),
        };
        let jobs = args.jobs.unwrap_or_else(schedule::default_jobs);
        let mut run = Run::new(database.as_mut(), args.shard, &settings, jobs);
        let failed =
            |e: database::DatabaseError| CliError::Failed { message: e.to_string(), code: 2 };
        let mut counts = None;
        let outcome = if args.checker == Checker::Lock {
            // Lock errors are the question: every other check becomes an assumption.
            program.assume_checks_except(&[]);
            let (results, c) = database::check_locks(&program, &spec, unroll, args.width, &mut run)
                .map_err(failed)?;
            counts = Some(c);
            Outcome::Lock(results)
        } else if args.checker == Checker::Leak {
            // Leaks are the question: every other check becomes an assumption.
            program.assume_checks_except(&[]);
            let (results, c) =
                database::check_leaks(&program, unroll, args.width, &mut run).map_err(failed)?;
            counts = Some(c);
            Outcome::Leak(results)
        } else {
            let options = assert::Options {
                unroll,
                width: args.width,
                max_nodes: args.max_nodes,
                ..assert::Options::default()
            };
            match assert::check(&program, &args.function, options) {
                Ok(report) => Outcome::Assert(report),
                Err(SaturnError::Refused { what, name }) => {
                    return Err(CliError::Usage(format!("{what} `{name}`")));
                }
                Err(reason) => {
                    let line =
                        format!("failed: `{}` could not be analysed: {reason}", args.function);
                    if sarif {
                        writeln!(err, "{line}")?;
                    } else {
                        writeln!(out, "{line}")?;
                    }
                    code = code.max(3);
                    continue;
                }
            }
        };
        code = code.max(exit_code(&outcome));
        if sarif {
            runs.push(sarif::run(&outcome, &places));
        } else {
            render::write_outcome(out, &outcome, &places, args.stats)?;
        }
        if let (Some(db), Some(c)) = (&database, counts) {
            let line = c.line(db.path(), args.shard);
            if sarif {
                writeln!(err, "{line}")?;
            } else {
                writeln!(out, "{line}")?;
            }
        }
    }
    if sarif {
        writeln!(out, "{}", sarif::log(runs))?;
    }
    Ok(code)
}

/// 1 with warnings, else 3 when a function failed, else 0.
fn exit_code(outcome: &Outcome) -> u8 {
    if !outcome.findings().is_empty() {
        1
    } else if !outcome.failed().is_empty() {
        3
    } else {
        0
    }
}

/// The database named by `--db`, after merging `--merge`'s into it; refused for the assertion
/// checker, which keeps no per-function results.
fn open_database(args: &Args, said: &mut dyn Write) -> Result<Option<Database>, CliError> {
    let Some(path) = &args.db else { return Ok(None) };
    if args.checker == Checker::Assert {
        return Err(CliError::Usage(
            "--db works with the lock and leak checkers (the assertion checker expands its one \
             function and keeps no summaries)"
                .to_string(),
        ));
    }
    let failed = |e: database::DatabaseError| CliError::Failed { message: e.to_string(), code: 2 };
    let mut database = Database::open(path).map_err(failed)?;
    for other in &args.merge {
        let copied = database.merge(other).map_err(failed)?;
        writeln!(
            said,
            "summary database {}: {copied} summaries merged from {}",
            path.display(),
            other.display()
        )?;
    }
    Ok(Some(database))
}
