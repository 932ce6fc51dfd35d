//! `craig prove FILE.p`: a TPTP problem proved, its SZS status printed, with the proof, the core,
//! a minimal core, the counters or a trace on request.

use std::io::Write;
use std::path::PathBuf;

use super::{CliError, seconds};
use crate::fol::SortMode;
use crate::prover::{ClauseWeight, Limits, LiteralSelection, Prover, ProverOptions};
use crate::solve::answer::{SzsStatus, core_names, write_tstp_proof};
use crate::solve::core::minimize_core;
use crate::solve::solve_file_sorted;

/// Prove a TPTP problem (CNF or FOF) and print its SZS status.
#[derive(clap::Args)]
pub struct Args {
    /// The problem file; includes resolve next to it, then under $TPTP.
    pub file: PathBuf,
    /// Wall-clock limit in seconds (loading included).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Stop after this many given clauses (deterministic).
    #[arg(long, value_name = "N")]
    pub steps: Option<u64>,
    /// Print the refutation in TSTP form.
    #[arg(long)]
    pub proof: bool,
    /// List the input formulas the refutation used.
    #[arg(long)]
    pub core: bool,
    /// How a typed (TFF) problem's sorts are handled: erase the monotone ones and guard the
    /// rest (auto), guard all, or erase all (refused unless that is sound).
    #[arg(long, value_parser = super::sort_modes(), default_value = "auto")]
    pub sorts: SortMode,
    /// Make the core irreducible by deletion: prove again without each hypothesis in turn,
    /// print the minimal core with the number of prover runs, and re-prove it on its own.
    #[arg(long)]
    pub minimal_core: bool,
    /// Re-verify the refutation with the independent proof checker. This is the default; the
    /// flag is accepted so scripts can say so.
    #[arg(long, conflicts_with = "no_check")]
    pub check: bool,
    /// Skip the proof checker (a refutation the checker rejects is reported as `Error`,
    /// never as a theorem, so this only saves time).
    #[arg(long)]
    pub no_check: bool,
    /// Print the search counters.
    #[arg(long)]
    pub stats: bool,
    /// Print every given clause as it is activated (selected literal marked with `*`).
    #[arg(long)]
    pub trace: bool,
    /// Literal selection function.
    #[arg(long, value_parser = super::literal_selections(), default_value = "max-negative-if-positive")]
    pub selection: LiteralSelection,
    /// How the weight queue weighs clauses.
    #[arg(long, value_parser = super::clause_weights(), default_value = "symbols")]
    pub clause_weight: ClauseWeight,
    /// Given clauses picked by age, per `--weight-ratio` picked by weight.
    #[arg(long, default_value_t = 1)]
    pub age_ratio: u32,
    /// Given clauses picked by weight, per `--age-ratio` picked by age.
    #[arg(long, default_value_t = 5)]
    pub weight_ratio: u32,
    /// Memory guard: stop when this many clauses were made.
    #[arg(long, default_value_t = 4_000_000)]
    pub max_clauses: usize,
    /// Memory guard: stop when the term bank holds this many terms.
    #[arg(long, default_value_t = 40_000_000)]
    pub max_terms: usize,
    /// The engine: craig's superposition prover (followed by finite-model finding when it
    /// gives up), instantiation with ground SMT (which reports a checked refutation or gives
    /// up, never satisfiable), or finite-model finding alone (a checked model or gives up).
    #[arg(long, value_enum, default_value = "superposition")]
    pub engine: Engine,
    /// With the superposition engine, do not try finite-model finding when the prover gives up
    /// (the prover then has the whole time limit).
    #[arg(long)]
    pub no_fmb: bool,
}

/// The share of `--time-limit` the prover gets before finite-model finding takes the rest, on
/// the default path. Most finite models that exist are found at small sizes within a fraction
/// of a second, while the prover's late proofs are rare.
const PROVER_TIME_SHARE: f64 = 0.75;

/// The refutation engines `craig prove` can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// The saturation prover (the default).
    Superposition,
    /// E-matching instantiation in rounds, decided by the ground SMT core.
    Instantiation,
    /// Finite-model finding over the SAT solver (Paradox style): a checked model, or gives up.
    Fmb,
}

/// The finite-model finding limits for a run: a deterministic conflict budget from `--steps`,
/// the time left from `--time-limit`.
fn fmb_options(
    args: &Args,
    time_limit: Option<std::time::Duration>,
    start: std::time::Instant,
) -> crate::fmb::FmbOptions {
    let mut options =
        args.steps.map_or_else(crate::fmb::FmbOptions::default, crate::fmb::FmbOptions::from_steps);
    options.time = time_limit.map(|t| t.saturating_sub(start.elapsed()));
    options
}

/// The model (when there is one), the check that passed and, with `--stats`, the counters of a
/// finite-model finding run.
fn write_fmb_report(solved: &crate::solve::FmbSolved, stats: bool, text: &mut String) {
    let Some(result) = &solved.result else { return };
    if let crate::fmb::FmbOutcome::Model { model, report } = &result.outcome {
        text.push_str(&format!(
            "% model checked: {} input clauses, {} ground instances\n",
            report.clauses, report.instances
        ));
        crate::solve::write_finite_model(&solved.problem, model, text);
    }
    if stats {
        let counters: Vec<String> =
            result.stats.counters().iter().map(|(name, value)| format!("{name} {value}")).collect();
        text.push_str(&format!("% fmb: {}\n", counters.join(" ")));
    }
}

/// `craig prove --engine fmb`: the SZS status, the model, the counters.
fn run_fmb(
    args: &Args,
    time_limit: Option<std::time::Duration>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CliError> {
    let start = std::time::Instant::now();
    let problem = crate::input::load_problem_sorted(&args.file, args.sorts)?;
    let solved = crate::solve::solve_fmb(problem, &fmb_options(args, time_limit, start));
    write_fmb_errors(&solved, err)?;
    let mut text = format!("% SZS status {} for {}\n", solved.status.name(), solved.problem.name);
    write_fmb_report(&solved, args.stats, &mut text);
    out.write_all(text.as_bytes())?;
    Ok(0)
}

/// Tells the user why finite-model finding could not run or failed.
fn write_fmb_errors(solved: &crate::solve::FmbSolved, err: &mut dyn Write) -> Result<(), CliError> {
    match solved.result.as_ref().map(|r| &r.outcome) {
        None => writeln!(
            err,
            "craig: finite-model finding skipped: the clausification is not exact, so a model of the clauses need not be one of the input"
        )?,
        Some(crate::fmb::FmbOutcome::Unknown(crate::fmb::StopReason::Error(e))) => {
            writeln!(err, "craig: finite-model finding failed: {e}")?
        }
        Some(crate::fmb::FmbOutcome::Unknown(crate::fmb::StopReason::Unsupported(e))) => {
            writeln!(err, "craig: finite-model finding does not support this problem: {e}")?
        }
        _ => {}
    }
    Ok(())
}

/// `craig prove --engine instantiation`: the SZS status, the core on request, the counters.
fn run_instantiation(
    args: &Args,
    time_limit: Option<std::time::Duration>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CliError> {
    let start = std::time::Instant::now();
    let problem = crate::input::load_problem_sorted(&args.file, args.sorts)?;
    let mut options = args
        .steps
        .map_or_else(crate::inst::InstOptions::default, crate::inst::InstOptions::from_steps);
    options.time = time_limit.map(|t| t.saturating_sub(start.elapsed()));
    let solved = crate::solve::solve_instantiation(problem, &options);
    if let crate::inst::InstOutcome::Unknown(crate::inst::StopReason::Error(e)) =
        &solved.result.outcome
    {
        writeln!(err, "craig: the instantiation engine failed: {e}")?;
    }
    let mut text = format!("% SZS status {} for {}\n", solved.status.name(), solved.problem.name);
    if let crate::inst::InstOutcome::Unsat { core } = &solved.result.outcome {
        text.push_str(&format!(
            "% refutation checked: {} instances of {} input clauses\n",
            solved.result.instances.len(),
            core.len()
        ));
        if args.core {
            let names: Vec<String> =
                core.iter().map(|&i| solved.problem.clauses[i].source.name.clone()).collect();
            let mut names = names;
            names.dedup();
            text.push_str(&format!("% SZS core: {}\n", names.join(", ")));
        }
    }
    if args.stats {
        let counters: Vec<String> = solved
            .result
            .stats
            .counters()
            .iter()
            .map(|(name, value)| format!("{name} {value}"))
            .collect();
        text.push_str(&format!("% {}\n", counters.join(" ")));
    }
    out.write_all(text.as_bytes())?;
    Ok(0)
}

/// The line `--trace` prints for the clause just given.
fn trace_line(prover: &Prover) -> Option<String> {
    let id = prover.last_given()?;
    let clause = prover.clause(id);
    let selected = prover.selected_literal(id);
    let mut line = String::new();
    for (i, l) in clause.literals.iter().enumerate() {
        if i > 0 {
            line.push_str(" | ");
        }
        if selected == Some(i as u16) {
            line.push('*');
        }
        l.write_tptp(&prover.signature, &prover.bank, &mut line);
    }
    if clause.literals.is_empty() {
        line.push_str("$false");
    }
    Some(format!("% given {} c_{}: {}\n", prover.stats.given, id.0, line))
}

/// Runs the subcommand.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let time_limit = args.time_limit.map(|s| seconds("--time-limit", s)).transpose()?;
    let start = std::time::Instant::now();
    match args.engine {
        Engine::Instantiation => return run_instantiation(args, time_limit, out, err),
        Engine::Fmb => return run_fmb(args, time_limit, out, err),
        Engine::Superposition => {}
    }
    let try_fmb = !args.no_fmb;
    let prover_time_limit = match time_limit {
        Some(t) if try_fmb => Some(t.mul_f64(PROVER_TIME_SHARE)),
        other => other,
    };
    let options = ProverOptions {
        age_ratio: args.age_ratio,
        weight_ratio: args.weight_ratio,
        selection: args.selection,
        clause_weight: args.clause_weight,
        limits: Limits {
            time: None,
            given_clauses: args.steps,
            clauses: Some(args.max_clauses),
            terms: Some(args.max_terms),
        },
        ..ProverOptions::default()
    };
    // Each run of the minimization gets the whole time limit of its own.
    let mut minimize_options = options.clone();
    minimize_options.limits.time = time_limit;
    let mut trace_error = None;
    let mut on_step = |prover: &Prover| {
        if args.trace
            && trace_error.is_none()
            && let Some(line) = trace_line(prover)
            && let Err(e) = out.write_all(line.as_bytes())
        {
            trace_error = Some(e);
        }
    };
    let check = !args.no_check;
    let solved =
        solve_file_sorted(&args.file, args.sorts, options, prover_time_limit, check, &mut on_step)?;
    if let Some(e) = trace_error {
        return Err(e.into());
    }
    let mut text = String::new();
    if let Some(Err(e)) = &solved.check {
        writeln!(err, "craig: the proof checker rejected the refutation: {e}")?;
    }
    // When the prover gives up without an answer, finite-model finding gets the rest of the
    // budget: a checked model answers the satisfiable side the prover cannot reach.
    let prover_gave_up =
        matches!(solved.status, SzsStatus::GaveUp | SzsStatus::ResourceOut | SzsStatus::Timeout);
    let model_search = (try_fmb && prover_gave_up).then(|| {
        crate::solve::solve_fmb(solved.whole_problem(), &fmb_options(args, time_limit, start))
    });
    let found_model = model_search
        .as_ref()
        .filter(|m| matches!(m.status, SzsStatus::Satisfiable | SzsStatus::CounterSatisfiable));
    let status = found_model.map_or(solved.status, |m| m.status);
    if let Some(m) = &model_search
        && m.status == SzsStatus::Error
    {
        write_fmb_errors(m, err)?;
    }
    text.push_str(&format!("% SZS status {} for {}\n", status.name(), solved.problem.name));
    if let Some(Ok(report)) = &solved.check {
        text.push_str(&format!(
            "% proof checked: {} steps, {} input clauses\n",
            report.steps_checked, report.inputs_checked
        ));
    }
    if args.stats {
        let counters: Vec<String> = solved
            .stats()
            .counters()
            .iter()
            .map(|(counter, value)| format!("{} {value}", counter.flag))
            .collect();
        text.push_str(&format!("% {}\n", counters.join(" ")));
    }
    if let Some(m) = &model_search {
        write_fmb_report(m, args.stats, &mut text);
    }
    if let Some(p) = &solved.proof
        && solved.status != SzsStatus::Error
    {
        if args.proof {
            write_tstp_proof(
                &mut text,
                &solved.problem,
                &solved.prover.signature,
                &solved.prover.bank,
                p,
            );
        }
        if args.core || args.minimal_core {
            text.push_str(&format!("% SZS core: {}\n", core_names(&solved.problem, p).join(", ")));
        }
        if args.minimal_core {
            let problem = solved.whole_problem();
            let initial = core_names(&solved.problem, p);
            match minimize_core(&problem, &initial, &minimize_options) {
                Ok(m) => {
                    text.push_str(&format!(
                        "% minimal core ({} of {} formulas, {} prover runs): {}\n",
                        m.names.len(),
                        initial.len(),
                        m.runs,
                        m.names.join(", ")
                    ));
                    if !m.undecided.is_empty() {
                        text.push_str(&format!(
                            "% undecided (kept; the run without it hit a limit): {}\n",
                            m.undecided.join(", ")
                        ));
                    }
                    if let Some(Ok(report)) = &m.proof.check {
                        text.push_str(&format!(
                            "% minimal core re-proved: {}, proof checked: {} steps\n",
                            m.proof.status.name(),
                            report.steps_checked
                        ));
                    }
                }
                Err(e) => writeln!(err, "craig: cannot minimize the core: {e}")?,
            }
        }
    }
    out.write_all(text.as_bytes())?;
    Ok(0)
}
