//! `craig smash FILE.c`: may-must analysis (seed 004's Fig. 7, DASH) of a C program's function
//! (`main` by default, calls inlined): `SAFE` with the invariants the reachable regions give
//! (checked inductive), `UNSAFE` with the inputs of a test that reaches a failing check
//! (replayed by the interpreter), or `UNKNOWN` with why; then the counters, and with `--trace`
//! every step.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use crate::c::DataModel;
use crate::cli::cegar::{Analysed, built_or_unknown, read_analysed, write_property, write_unsafe};
use crate::cli::parse_data_model;
use crate::cli::{CliError, Replay, memtrack};
use crate::refine::{Limits, Verdict};
use crate::repl::options::{positive_count, seconds};
use crate::smash::{Dash, DashStep, Split};
use crate::syntax::SourceMap;

/// May-must analysis (DASH) of a C program.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The program (`.c`, `.i`, or `.java`), or an SV-COMP task (`.yml`).
    pub file: PathBuf,
    /// Decide only this property: an SV-COMP name (`unreach-call`) or a `.prp` file.
    #[arg(long, value_name = "PROPERTY")]
    pub property: Option<String>,
    /// The function to analyse (calls are inlined).
    #[arg(long, value_name = "NAME", default_value = "main")]
    pub function: String,
    /// Stop after this many steps (tests and splits).
    #[arg(long, value_name = "N", value_parser = positive_count)]
    pub max_steps: Option<usize>,
    /// Stop when this many regions are live.
    #[arg(long, value_name = "N", value_parser = positive_count)]
    pub max_regions: Option<usize>,
    /// Stop after this many seconds of CPU time.
    #[arg(long, value_name = "S", value_parser = seconds)]
    pub time_limit: Option<Duration>,
    /// Print every step: each test and each split with its formula.
    #[arg(long)]
    pub trace: bool,
    /// Read C's integers as mathematical integers instead of machine integers.
    #[arg(long)]
    pub math_int: bool,
    /// The machine a C file is read for: `LP64` (the default) or `ILP32`.
    #[arg(long, value_name = "MODEL", value_parser = parse_data_model)]
    pub data_model: Option<DataModel>,
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
    let mut dash = match built_or_unknown(
        Dash::new(&program, &args.function, limits.clone()),
        &integers_line,
        out,
    )? {
        Ok(dash) => dash,
        Err(code) => return Ok(code),
    };
    let verdict = dash.run();
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
                domain: crate::refine::Domain::Impact,
                replay: Replay { file: &file, math_int: args.math_int, model },
            };
            memtrack::decide(leak_run, &verdict, &locate, out)?.code
        }
        Verdict::Safe { invariants } => {
            writeln!(out, "SAFE")?;
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
    writeln!(
        out,
        "may-must (DASH, calls inlined): steps {}, tests {}, splits {}, regions {}, states {}, \
         SMT calls {}",
        c.steps, c.tests, c.splits, c.regions, c.states, c.smt_calls
    )?;
    if args.trace {
        for (k, step) in dash.log.iter().enumerate() {
            writeln!(out, "{}", describe_step(&dash, k + 1, step))?;
        }
    }
    Ok(code)
}

/// One line for a step of the analysis.
pub fn describe_step(dash: &Dash, number: usize, step: &DashStep) -> String {
    let names = |v: usize| dash.flat.variable_name(v);
    let edge = |e: usize| {
        let e = &dash.flat.edges[e];
        format!("{} -> {}", dash.flat.locations[e.from].name, dash.flat.locations[e.to].name)
    };
    match step {
        DashStep::Test { edge: e, from, to, added } => format!(
            "{number}. test along {}: region r{from} into r{to}, {added} state{} kept",
            edge(*e),
            if *added == 1 { "" } else { "s" }
        ),
        DashStep::Refined { edge: e, region, target, predicate, how, halves } => {
            let how = match how {
                Split::Precondition => "precondition",
                Split::Interpolant => "interpolant",
            };
            let shown =
                |h: &Option<usize>| h.map_or_else(|| "empty".to_string(), |r| format!("r{r}"));
            format!(
                "{number}. split r{region} along {} by {} `{}` (inside {}, outside {}); no step \
                 from outside into r{target}",
                edge(*e),
                how,
                predicate.show(&names),
                shown(&halves.0),
                shown(&halves.1)
            )
        }
        DashStep::Deepened { unrolling, reason } => format!(
            "{number}. {reason}; the run went through a recursive call the graph had cut, so \
             the analysis starts again with recursion unrolled {unrolling} times"
        ),
        DashStep::Finished(v) => format!(
            "{number}. {}",
            match v {
                Verdict::Safe { .. } => "no abstract error path is left: safe".to_string(),
                Verdict::Unsafe(_) => "a test reached a failing check: unsafe".to_string(),
                Verdict::Unknown(why) => format!("stopped: {why}"),
            }
        ),
    }
}
