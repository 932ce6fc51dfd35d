//! `craig smash FILE.c`: may-must analysis of a C program's function (`main` by default):
//! SMASH (seed 004's Fig. 10) with calls answered by not-may and must summaries, one kind only
//! (`--mode may|must`), or DASH (Fig. 7) with calls inlined (`--mode dash`, and every recursive
//! program): `SAFE` with the invariants the reachable regions give (checked inductive; on calls,
//! against the summaries, which are listed), `UNSAFE` with the inputs of a test that reaches a
//! failing check (replayed by the interpreter), or `UNKNOWN` with why; then the counters, and
//! with `--trace` every rule application (in the compositional modes, of every question, each
//! named by the question it belongs to, as the prompt's `step` prints them).

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use crate::c::DataModel;
use crate::cli::cegar::{Analysed, built_or_unknown, read_analysed, write_property, write_unsafe};
use crate::cli::parse_data_model;
use crate::cli::{CliError, Replay, memtrack};
use crate::refine::{Limits, Verdict};
use crate::repl::options::{positive_count, seconds};
use crate::smash::Dash;
use crate::smash::compose::{Mode, Smash, Target};
use crate::syntax::SourceMap;

/// May-must analysis (DASH) of a C program.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The program (`.c`, `.i`, or `.java`), or an SV-COMP task (`.yml`).
    pub file: PathBuf,
    /// Decide only this property: an SV-COMP name (`unreach-call`) or a `.prp` file.
    #[arg(long, value_name = "PROPERTY")]
    pub property: Option<String>,
    /// The function to analyse.
    #[arg(long, value_name = "NAME", default_value = "main")]
    pub function: String,
    /// Which summaries to keep and use: `smash` (not-may and must summaries, each analysis
    /// using the other's), `may` (not-may only), `must` (must only), or `dash` (no summaries:
    /// calls inlined, every callee analysed again at each call site).
    #[arg(long, value_name = "MODE", default_value = "smash", value_parser = parse_mode)]
    pub mode: Mode,
    /// Stop after this many steps (tests and splits).
    #[arg(long, value_name = "N", value_parser = positive_count)]
    pub max_steps: Option<usize>,
    /// Stop when this many regions are live.
    #[arg(long, value_name = "N", value_parser = positive_count)]
    pub max_regions: Option<usize>,
    /// Stop after this many seconds of CPU time.
    #[arg(long, value_name = "S", value_parser = seconds)]
    pub time_limit: Option<Duration>,
    /// Print every rule application: each test, split, question and summary, with formulas.
    #[arg(long)]
    pub trace: bool,
    /// Read C's integers as mathematical integers instead of machine integers.
    #[arg(long)]
    pub math_int: bool,
    /// The machine a C file is read for: `LP64` (the default) or `ILP32`.
    #[arg(long, value_name = "MODEL", value_parser = parse_data_model)]
    pub data_model: Option<DataModel>,
}

fn parse_mode(text: &str) -> Result<Mode, String> {
    Mode::parse(text).ok_or_else(|| format!("`{text}` is no mode: dash, may, must or smash"))
}

/// Runs the analysis. Exit 0 for `SAFE`, 1 for `UNSAFE`, 3 for `UNKNOWN`, 2 on input errors.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let mut sources = SourceMap::new();
    let analysed = read_analysed(
        &args.file,
        args.property.as_deref(),
        args.math_int,
        args.data_model,
        &mut sources,
        out,
        err,
    )?;
    let Analysed { file, program, property, expected, model, integers_line, leak_program, .. } =
        match analysed {
            Ok(analysed) => analysed,
            Err(code) => return Ok(code),
        };
    let limits = Limits {
        max_steps: args.max_steps,
        max_nodes: args.max_regions,
        time: args.time_limit,
        ..Limits::default()
    };
    // The leak and termination runs get what is left of the time limit.
    let started = crate::syntax::clock::Stopwatch::start(limits.clock);
    // The compositional modes need a program without recursion; on one with recursion the
    // analysis inlines calls instead, and says so.
    let mut compositional = None;
    if args.mode != Mode::Dash {
        match Smash::new(&program, &args.function, limits.clone(), args.mode) {
            Ok(smash) => compositional = Some(smash),
            Err(crate::refine::RefineError::Unsupported(reason)) => writeln!(
                out,
                "note: no compositional analysis ({reason}); calls are inlined as in --mode dash"
            )?,
            Err(e) => {
                let unknown = built_or_unknown::<()>(Err(e), &integers_line, out)?;
                return Ok(unknown.err().unwrap_or(3));
            }
        }
    }
    let (verdict, dash) = match &mut compositional {
        Some(smash) => {
            if args.trace {
                smash.keep_trace(crate::smash::trace::Trace::new());
            }
            smash.run(&mut |_, _| {})
        }
        None => {
            let mut dash = match built_or_unknown(
                Dash::new(&program, &args.function, limits.clone()),
                &integers_line,
                out,
            )? {
                Ok(dash) => dash,
                Err(code) => return Ok(code),
            };
            (dash.run(), dash)
        }
    };
    let locate = |span: Option<crate::syntax::Span>| match span {
        Some(s) => sources.location(s),
        None => args.file.display().to_string(),
    };
    let names = |v: usize| dash.flat.variable_name(v);
    let code = match &verdict {
        Verdict::Safe { .. } | Verdict::Unknown(_) if leak_program.is_some() => {
            // The leak run is IMPACT's, as `craig cegar`'s: DASH has no leak reading yet.
            let leak_run = memtrack::LeakRun {
                program: leak_program.as_ref().expect("matched"),
                function: &args.function,
                limits: limits.clone(),
                started: &started,
                domain: crate::refine::Domain::Impact,
                replay: Replay { file: &file, math_int: args.math_int, model },
            };
            memtrack::decide(leak_run, &verdict, &locate, out)?.code
        }
        Verdict::Safe { invariants } => {
            writeln!(out, "SAFE")?;
            if let Some(smash) = &compositional {
                write_not_may(out, smash, &dash)?;
            }
            writeln!(
                out,
                "invariants at the loop heads (the reachable regions of all {} reached \
                 locations, checked inductive):",
                invariants.len()
            )?;
            for (l, p) in invariants {
                let location = &dash.flat.locations[*l];
                if location.loop_head {
                    writeln!(
                        out,
                        "  {} ({}): {}",
                        location.name,
                        locate(location.span),
                        p.show(&names)
                    )?;
                }
            }
            0
        }
        Verdict::Unsafe(cex) => {
            let replay = Replay { file: &file, math_int: args.math_int, model };
            write_unsafe(out, cex, &replay, &locate)?;
            1
        }
        Verdict::Unknown(reason) => {
            writeln!(out, "UNKNOWN: {reason}")?;
            3
        }
    };
    for (span, what) in &dash.flat.approximations {
        writeln!(out, "note: {}: over-approximated: {what}", locate(*span))?;
    }
    write_property(out, property.as_ref(), expected)?;
    writeln!(out, "{integers_line}")?;
    let c = dash.counters();
    match &compositional {
        None => writeln!(
            out,
            "may-must (DASH, calls inlined): steps {}, tests {}, splits {}, regions {}, states \
             {}, SMT calls {}",
            c.steps, c.tests, c.splits, c.regions, c.states, c.smt_calls
        )?,
        Some(smash) => {
            let s = &smash.counters;
            writeln!(
                out,
                "may-must (--mode {}, calls answered by summaries): {} at the top (steps {}, \
                 tests {}, splits {}, regions {}, states {}, SMT calls {}); in callees steps \
                 {}, tests {}, splits {}, SMT calls {}",
                args.mode.name(),
                args.function,
                c.steps,
                c.tests,
                c.splits,
                c.regions,
                c.states,
                c.smt_calls,
                s.steps,
                s.tests,
                s.splits,
                s.smt_calls
            )?;
            let analysed: Vec<String> =
                s.analysed.iter().map(|(name, n)| format!("{name} {n}")).collect();
            writeln!(
                out,
                "questions at calls {}, callee analyses {}, not-may summaries made {} merged {} \
                 used {}, must summaries made {} used {}",
                s.questions,
                if analysed.is_empty() { "none".to_string() } else { analysed.join(", ") },
                s.not_may_made,
                s.not_may_merged,
                s.not_may_used,
                s.must_made,
                s.must_used
            )?;
        }
    }
    if args.trace {
        match compositional.as_ref().and_then(|s| s.trace.as_ref()) {
            Some(trace) => {
                for (k, event) in trace.events.iter().enumerate() {
                    writeln!(out, "{}. q{} {}: {}", k + 1, event.question, event.rule, event.text)?;
                }
            }
            None => {
                for (k, step) in dash.log.iter().enumerate() {
                    let (rule, text) = crate::smash::trace::describe(&dash.flat, step, None);
                    writeln!(out, "{}. {rule}: {text}", k + 1)?;
                }
            }
        }
    }
    Ok(code)
}

/// The not-may summaries a compositional proof rests on, one line each.
fn write_not_may(out: &mut dyn Write, smash: &Smash, dash: &Dash) -> Result<(), CliError> {
    if smash.not_may.is_empty() {
        return Ok(());
    }
    writeln!(out, "not-may summaries (each a callee's certified analysis):")?;
    let names = |v: usize| dash.flat.variable_name(v);
    for (k, n) in smash.not_may.iter().enumerate() {
        let callee = &smash.program().procedure(n.callee).name;
        let what = match &n.target {
            Target::Return => format!("returns into `{}`", n.exit.show(&names)),
            Target::Failure(site) => format!("fails the check `{}`", site.what),
        };
        writeln!(
            out,
            "  n{k}: no run of {callee} from `{}` {what} (used {} more time{})",
            n.entry.show(&names),
            n.uses,
            if n.uses == 1 { "" } else { "s" }
        )?;
    }
    Ok(())
}
