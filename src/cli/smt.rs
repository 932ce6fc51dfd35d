//! `craig smt FILE.smt2`: run an SMT-LIB 2 script and print the answers as the standard prints
//! them (`sat`, `unsat`, models, cores, `(error "...")`, `unsupported`). The SMT core decides
//! the quantifier-free logics QF_UF, QF_LRA, QF_LIA, QF_UFLIA, QF_UFLRA, QF_AX, QF_ALIA and
//! QF_AUFLIA (with the difference-logic fragments QF_RDL, QF_IDL and QF_UFIDL); a script with
//! quantifiers over uninterpreted sorts (UF) goes to the superposition prover and finite-model
//! finding instead. The exit code is 1 when any command was answered `(error ...)`.

use std::io::{Read, Write};
use std::path::PathBuf;

use crate::cli::CliError;
use crate::smtlib::{FiniteTables, Outcome, Report, Session, Verdict};
use crate::solve::answer::{SzsStatus, core_names, write_tstp_proof};
use crate::solve::portfolio::{Budget, EngineStep, Portfolio, ProverPlan, Step, Until};
use crate::syntax::SourceMap;

/// Run an SMT-LIB 2 script: QF_UF, QF_LRA, QF_LIA, QF_UFLIA, QF_UFLRA, QF_AX, QF_ALIA,
/// QF_AUFLIA, ALL (every theory at once), or UF with quantifiers.
///
/// The SMT core decides the quantifier-free logics QF_UF, QF_LRA, QF_LIA, QF_UFLIA, QF_UFLRA,
/// QF_AX, QF_ALIA and QF_AUFLIA (and the difference-logic fragments QF_RDL, QF_IDL, QF_UFIDL);
/// a script with quantifiers over uninterpreted sorts (UF) goes to the superposition prover and
/// then finite-model finding, each under --time-limit. Every `sat` and `unsat` is checked.
/// Ill-formed commands are answered `(error "...")` and the script goes on; a `check-sat` that
/// follows an assertion answered `(error ...)` or `unsupported` says `unknown` rather than
/// `sat`. Exit code: 0; 1 when any command was answered `(error ...)` or on an internal error;
/// 2 when the file cannot be read.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The SMT-LIB 2 script; `-` reads standard input.
    pub file: PathBuf,
    /// Print the engine's counters (SAT rounds, theory lemmas) on the error stream at the end.
    #[arg(long)]
    pub stats: bool,
    /// Seconds of CPU time of the process (the clock of every time limit of craig) for each
    /// engine on a quantified problem (the prover, then finite-model finding).
    #[arg(long, default_value_t = 10.0)]
    pub time_limit: f64,
}

/// Runs the script; exit 0, or 1 when a command was answered `(error ...)` or the engine
/// caught an internal error, 2 when the file cannot be read.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let (name, text) = if args.file.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| CliError::Failed {
            message: format!("cannot read standard input: {e}"),
            code: 2,
        })?;
        ("<stdin>".to_string(), text)
    } else {
        let text = std::fs::read_to_string(&args.file).map_err(|e| CliError::Failed {
            message: format!("cannot read {}: {e}", args.file.display()),
            code: 2,
        })?;
        (args.file.display().to_string(), text)
    };
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, text);
    // Quantified scripts go to the superposition prover and finite-model finding through TFF;
    // ground ones to the SMT core.
    let quantified = crate::smtlib::parse(&sources.file(file).text, file)
        .is_ok_and(|commands| crate::smtlib::has_quantifiers(&commands));
    if quantified {
        // A limit too large for a duration is no limit (`from_secs_f64` would panic on it).
        let limit = std::time::Duration::try_from_secs_f64(args.time_limit.max(0.0))
            .unwrap_or(std::time::Duration::MAX);
        let mut decide = |tff: &str| decide_quantified(tff, limit);
        let mut report = Report::default();
        let outcome =
            crate::smtlib::run_quantified_diagnosed(&sources, file, out, &mut decide, &mut report)?;
        // The diagnostic channel is stderr (`:diagnostic-output-channel`).
        for diagnostic in &report.diagnostics {
            writeln!(err, "craig: {diagnostic}")?;
        }
        return Ok(exit_code(outcome, report.errors));
    }
    let mut session = Session::new();
    let outcome = session.run_script(&sources, file, out)?;
    for diagnostic in &session.diagnostics {
        writeln!(err, "craig: {diagnostic}")?;
    }
    if args.stats {
        let s = session.stats;
        writeln!(
            err,
            "rounds {} lemmas {} atoms {} arith_atoms {} arith_lemmas {} splits {} cuts {} pivots {} \
             interface_equalities {} array_lemmas {} theory_propagations {} conflicts {}",
            s.rounds,
            s.lemmas,
            s.atoms,
            s.arith_atoms,
            s.arith_lemmas,
            s.splits,
            s.cuts,
            s.pivots,
            s.interface_equalities,
            s.array_lemmas,
            s.theory_propagations,
            s.conflicts
        )?;
    }
    Ok(exit_code(outcome, session.errors))
}

/// 1 when the engine caught an internal error or any command was answered `(error ...)`: the
/// script goes on after an error, as SMT-LIB asks, but a shell or a test harness must still
/// see that it was not read as written. 0 otherwise.
fn exit_code(outcome: Outcome, errors: usize) -> u8 {
    if outcome == Outcome::InternalError || errors > 0 { 1 } else { 0 }
}

/// Why a quantified problem got no answer it could stand by: each a failure of craig itself
/// (the translation, the prover or its checker), printed as the `(error ...)` that ends the
/// script, never an answer to the script.
#[derive(Debug, thiserror::Error)]
pub enum QuantifiedFailure {
    /// The TFF text the front end wrote was refused by craig's own TFF reader.
    #[error("internal error: the TFF translation was not read back: {0}")]
    TranslationUnreadable(crate::input::InputError),
    /// The checker accepted a refutation that has no proof to print.
    #[error("internal error: a checked refutation without a proof")]
    CheckedWithoutProof,
    /// The independent checker rejected the prover's refutation.
    #[error("internal error: the refutation was rejected: {0}")]
    RefutationRejected(crate::prover::check::CheckError),
    /// The refutation was not handed to the checker.
    #[error("internal error: the refutation was not checked")]
    RefutationUnchecked,
}

/// Decides a quantified problem given as TFF: `unsat` only on a refutation the independent
/// checker accepted, `sat` only on a finite model the model checker accepted on every clause
/// of an exact clausification, `unknown` otherwise with the reason. The engine portfolio runs
/// the prover, then finite-model finding unless the prover refuted, each with `limit` (the
/// portfolio's limit is twice it, half each; time the prover leaves goes to the model search).
pub fn decide_quantified(
    tff: &str,
    limit: std::time::Duration,
) -> Result<Verdict, QuantifiedFailure> {
    let problem = crate::input::parse_problem(tff, "<smt2 as tff>", "smt", &[])
        .map_err(QuantifiedFailure::TranslationUnreadable)?;
    let plan = ProverPlan::Single {
        options: crate::prover::options::ProverOptions::default(),
        sine: None,
    };
    let portfolio = Portfolio {
        steps: vec![
            Step { engine: EngineStep::Prover(plan), percent: 50 },
            Step { engine: EngineStep::FiniteModels, percent: 50 },
        ],
        until: Until::RefutationOrModel,
    };
    // A limit too large to double is no limit.
    let budget = Budget::start(crate::prover::Clock::default(), limit.checked_mul(2), None);
    let answer = portfolio.run(problem, &budget, true, &mut |_| {});
    let solved = &answer.prover.as_ref().expect("the prover ran first").solved;
    let refuted = matches!(
        solved.status,
        SzsStatus::Unsatisfiable | SzsStatus::ContradictoryAxioms | SzsStatus::Theorem
    );
    if refuted {
        return match (&solved.check, &solved.proof) {
            (Some(Ok(_)), Some(proof)) => {
                let used = core_names(&solved.problem, proof);
                let mut text = String::new();
                write_tstp_proof(
                    &mut text,
                    &solved.problem,
                    &solved.prover.signature,
                    &solved.prover.bank,
                    proof,
                );
                Ok(Verdict::Unsat { used, proof: text })
            }
            (Some(Ok(_)), None) => Err(QuantifiedFailure::CheckedWithoutProof),
            (Some(Err(e)), _) => Err(QuantifiedFailure::RefutationRejected(e.clone())),
            (None, _) => Err(QuantifiedFailure::RefutationUnchecked),
        };
    }
    let found = answer.models.as_ref().expect("finite-model finding runs unless refuted");
    if let Some(model) = answer.model()
        && found.status == SzsStatus::Satisfiable
    {
        return Ok(Verdict::Sat(tables(&found.problem, model)));
    }
    Ok(Verdict::Unknown(format!(
        "the prover answered {} and finite-model finding {}",
        solved.status.name(),
        found.status.name()
    )))
}

/// A finite model of the TFF translation by symbol names, with each sort's elements: all of
/// them for an erased sort, those its guard predicate holds of for a guarded one.
fn tables(problem: &crate::fol::Problem, model: &crate::fmb::FiniteModel) -> FiniteTables {
    let signature = &problem.signature;
    let mut tables = FiniteTables { size: model.size, ..FiniteTables::default() };
    for (&symbol, table) in &model.functions {
        tables.functions.insert(signature.name(symbol).to_string(), table.clone());
    }
    for (&symbol, table) in &model.predicates {
        tables.predicates.insert(signature.name(symbol).to_string(), table.clone());
    }
    for decision in &problem.sort_decisions {
        let Some(guard) = &decision.guard else { continue };
        // A guard no clause mentions has no table: any nonempty set would do, so every
        // element is the sort's (the guard is true of all of them in some model).
        let elements = match tables.predicates.get(guard) {
            Some(truths) => (0..model.size).filter(|&e| truths[e as usize]).collect(),
            None => (0..model.size).collect(),
        };
        tables.sorts.insert(decision.sort.clone(), elements);
    }
    tables
}
