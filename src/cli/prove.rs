//! `craig prove FILE.p`: a TPTP problem proved, its SZS status printed, with the proof, the core,
//! a minimal core, the counters or a trace on request.

use std::io::Write;
use std::path::PathBuf;

use super::{CliError, seconds};
use crate::fol::SortMode;
use crate::prover::{
    ClauseWeight, Clock, Limits, LiteralSelection, OrderingKind, PrecedenceKind, Prover,
    ProverOptions,
};
use crate::solve::answer::{SzsStatus, core_names, write_tstp_proof};
use crate::solve::core::minimize_core;
use crate::solve::portfolio::{Answer, Budget, EngineStep, Portfolio, ProverPlan, ScheduleUse};
use crate::solve::schedule::{self, Schedule};
use crate::solve::sine::SineOptions;
use crate::solve::write_model_report;

/// Prove a TPTP problem (CNF or FOF) and print its SZS status.
#[derive(clap::Args)]
pub struct Args {
    /// The problem file; includes resolve next to it, then under $TPTP.
    pub file: PathBuf,
    /// Time limit in seconds, loading included: CPU time of the process (as E's `--cpu-limit`
    /// and SV-COMP count it, and as every time limit of craig counts), or wall-clock time with
    /// `--wall-clock`.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Measure `--time-limit` in wall-clock time instead of CPU time.
    #[arg(long)]
    pub wall_clock: bool,
    /// Stop after this many given clauses (deterministic); a schedule shares them among its
    /// slices.
    #[arg(long, value_name = "N")]
    pub steps: Option<u64>,
    /// Run one strategy (the options below, or their defaults) instead of the schedule of the
    /// problem's class. Giving any of the strategy options below implies it.
    #[arg(long)]
    pub no_schedule: bool,
    /// Read the schedule from this RON file (the form of `src/solve/schedule.ron`) instead of
    /// the one craig was built with, to try a schedule without rebuilding.
    #[arg(long, value_name = "FILE", conflicts_with = "no_schedule")]
    pub schedule: Option<PathBuf>,
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
    /// Literal selection function (default max-negative-if-positive); implies `--no-schedule`.
    #[arg(long, value_parser = super::literal_selections())]
    pub selection: Option<LiteralSelection>,
    /// How the weight queue weighs clauses (default symbols); implies `--no-schedule`.
    #[arg(long, value_parser = super::clause_weights())]
    pub clause_weight: Option<ClauseWeight>,
    /// Given clauses picked by age, per `--weight-ratio` picked by weight (default 1); implies
    /// `--no-schedule`.
    #[arg(long)]
    pub age_ratio: Option<u32>,
    /// Given clauses picked by weight, per `--age-ratio` picked by age (default 5); implies
    /// `--no-schedule`.
    #[arg(long)]
    pub weight_ratio: Option<u32>,
    /// Weight multiplier in percent for clauses not descended from the conjecture (default
    /// 150; 100 turns the preference for goal-directed clauses off); implies `--no-schedule`.
    #[arg(long, value_name = "PERCENT")]
    pub non_goal_weight: Option<u32>,
    /// SInE axiom selection first, with this tolerance in percent (100 is the strictest):
    /// the prover sees the conjecture and the axioms its symbols reach; a saturation then
    /// proves nothing. Implies `--no-schedule`.
    #[arg(long, value_name = "PERCENT")]
    pub sine: Option<u32>,
    /// The term ordering (default kbo; lpo lets the precedence decide before size); implies
    /// `--no-schedule`.
    #[arg(long, value_parser = super::orderings())]
    pub ordering: Option<OrderingKind>,
    /// How the ordering's symbol precedence is chosen (default arity); implies `--no-schedule`.
    #[arg(long, value_parser = super::precedences())]
    pub precedence: Option<PrecedenceKind>,
    /// AVATAR-style splitting: clauses with variable-disjoint parts are split, and a SAT solver
    /// over the parts' names picks the ones the search assumes; implies `--no-schedule`.
    #[arg(long)]
    pub split: bool,
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

/// `craig prove --engine fmb`: the SZS status, the model, the counters.
fn write_fmb_answer(
    answer: &Answer,
    stats: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CliError> {
    let solved = answer.models.as_ref().expect("finite-model finding ran");
    write_fmb_errors(solved, err)?;
    let mut text = format!("% SZS status {} for {}\n", answer.status.name(), answer.name);
    write_model_report(solved, stats, &mut text);
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
fn write_instantiation_answer(
    answer: &Answer,
    args: &Args,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CliError> {
    let solved = answer.instantiation.as_ref().expect("instantiation ran");
    if let crate::inst::InstOutcome::Unknown(crate::inst::StopReason::Error(e)) =
        &solved.result.outcome
    {
        writeln!(err, "craig: the instantiation engine failed: {e}")?;
    }
    let mut text = format!("% SZS status {} for {}\n", answer.status.name(), answer.name);
    if let crate::inst::InstOutcome::Unsat { core } = &solved.result.outcome {
        text.push_str(&format!(
            "% refutation checked: {} instances of {} input clauses\n",
            solved.result.instances.len(),
            core.len()
        ));
        if args.core {
            let names = crate::solve::answer::formula_names(&solved.problem, core.iter().copied());
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

/// The single strategy `--no-schedule` (or an explicit strategy option) runs.
fn single_strategy(args: &Args, limits: Limits) -> ProverOptions {
    let default = ProverOptions::default();
    ProverOptions {
        age_ratio: args.age_ratio.unwrap_or(default.age_ratio),
        weight_ratio: args.weight_ratio.unwrap_or(default.weight_ratio),
        selection: args.selection.unwrap_or(default.selection),
        clause_weight: args.clause_weight.unwrap_or(default.clause_weight),
        non_goal_weight_percent: args.non_goal_weight.unwrap_or(default.non_goal_weight_percent),
        ordering: args.ordering.unwrap_or(default.ordering),
        precedence: args.precedence.unwrap_or(default.precedence),
        splitting: args.split,
        limits,
    }
}

/// Whether the schedule runs: not when asked not to, nor when a strategy option was given.
fn schedule_wanted(args: &Args) -> bool {
    !args.no_schedule
        && args.selection.is_none()
        && args.clause_weight.is_none()
        && args.age_ratio.is_none()
        && args.weight_ratio.is_none()
        && args.non_goal_weight.is_none()
        && args.sine.is_none()
        && args.ordering.is_none()
        && args.precedence.is_none()
        && !args.split
}

/// The lines `--stats` prints about a schedule: the class and its features, then each slice
/// run with its status and given clauses, the last being the one that answered (if any did).
fn write_schedule_report(used: &ScheduleUse, text: &mut String) {
    let ScheduleUse { class, features, slices, attempts } = used;
    text.push_str(&format!(
        "% schedule: class {} ({} clauses, {} axioms, conjecture {}, equations {}%, ground {}%, max arity {}, size {}), {} slices\n",
        class.name(),
        features.clauses,
        features.axioms,
        if features.has_conjecture { "yes" } else { "no" },
        features.equational_percent,
        features.ground_percent,
        features.max_arity,
        features.size,
        slices
    ));
    for (i, a) in attempts.iter().enumerate() {
        text.push_str(&format!(
            "% slice {} {}{}: {}, {} given\n",
            i + 1,
            a.strategy,
            if a.selected { " (SInE selection)" } else { "" },
            a.status.name(),
            a.given
        ));
    }
    if let Some(last) = attempts.last().filter(|a| !schedule::gave_up(a.status)) {
        text.push_str(&format!(
            "% solved by slice {} of {}: {}\n",
            attempts.len(),
            slices,
            last.strategy
        ));
    }
}

/// Runs the subcommand.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let clock = if args.wall_clock { Clock::Wall } else { Clock::ProcessCpu };
    let time_limit = args.time_limit.map(|s| seconds("--time-limit", s)).transpose()?;
    let budget = Budget::start(clock, time_limit, args.steps);
    let check = !args.no_check;
    let problem = crate::input::load_problem_sorted(&args.file, args.sorts)?;
    match args.engine {
        Engine::Instantiation => {
            let portfolio = Portfolio::single(EngineStep::Instantiation);
            let answer = portfolio.run(problem, &budget, check, &mut |_| {});
            return write_instantiation_answer(&answer, args, out, err);
        }
        Engine::Fmb => {
            let portfolio = Portfolio::single(EngineStep::FiniteModels);
            let answer = portfolio.run(problem, &budget, check, &mut |_| {});
            return write_fmb_answer(&answer, args.stats, out, err);
        }
        Engine::Superposition => {}
    }
    let limits = Limits {
        time: None,
        clock,
        given_clauses: args.steps,
        clauses: Some(args.max_clauses),
        terms: Some(args.max_terms),
    };
    let plan = if schedule_wanted(args) {
        let schedule = match &args.schedule {
            None => Schedule::builtin(),
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| CliError::Usage(format!("--schedule {}: {e}", path.display())))?;
                Schedule::parse_file(&text, Some(&path.display().to_string()))
                    .map_err(CliError::Usage)?
            }
        };
        ProverPlan::Schedule {
            schedule,
            base: ProverOptions { limits, ..ProverOptions::default() },
        }
    } else {
        let sine =
            args.sine.map(|tolerance_percent| SineOptions { tolerance_percent, depth: u32::MAX });
        ProverPlan::Single { options: single_strategy(args, limits), sine }
    };
    // When the prover gives up without an answer, finite-model finding gets the rest of the
    // budget: a checked model answers the satisfiable side the prover cannot reach.
    let portfolio = if args.no_fmb {
        Portfolio::single(EngineStep::Prover(plan))
    } else {
        Portfolio::prover_then_models(plan)
    };
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
    let answer = portfolio.run(problem, &budget, check, &mut on_step);
    if let Some(e) = trace_error {
        return Err(e.into());
    }
    let run = answer.prover.as_ref().expect("the prover ran first");
    let solved = &run.solved;
    // Each run of the minimization gets the whole time limit of its own.
    let mut minimize_options = run.options.clone();
    minimize_options.limits.time = time_limit;
    let mut text = String::new();
    if let Some(Err(e)) = &solved.check {
        writeln!(err, "craig: the proof checker rejected the refutation: {e}")?;
    }
    if let Some(m) = &answer.models
        && m.status == SzsStatus::Error
    {
        write_fmb_errors(m, err)?;
    }
    text.push_str(&format!("% SZS status {} for {}\n", answer.status.name(), answer.name));
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
        if let Some(used) = &run.schedule {
            write_schedule_report(used, &mut text);
        }
        text.push_str(&format!("% {}\n", counters.join(" ")));
    }
    if let Some(m) = &answer.models {
        write_model_report(m, args.stats, &mut text);
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
