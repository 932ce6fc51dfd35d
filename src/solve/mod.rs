//! The one solve path: a first-order problem to a checked answer (build the prover, run it,
//! extract the proof, check it, decide the status), with the answers users read ([`answer`]),
//! minimal cores ([`core`]) and the goal checker for HOL sequents ([`goal`]). The command line,
//! the workbench, cores, interpolation and its verification all go through [`solve`], so they
//! cannot drift apart.

pub mod answer;
pub mod core;
pub mod goal;
pub mod portfolio;
pub mod schedule;
pub mod sine;

use std::path::Path;
use std::time::Duration;

use crate::fol::{Problem, SortMode};
use crate::input::InputError;
use crate::prover::check::{CheckError, CheckReport, check_proof};
use crate::prover::{InferenceFilter, Proof, ProofOutcome, Prover, ProverOptions, Stats};
use answer::SzsStatus;

/// The result of running the prover on a problem.
pub struct Solved {
    /// The problem as read (its signature and bank were moved into the prover).
    pub problem: Problem,
    /// The prover after the search, holding the final signature and term bank.
    pub prover: Prover,
    /// How the search ended.
    pub outcome: ProofOutcome,
    /// The refutation, when there is one.
    pub proof: Option<Proof>,
    /// The status to report.
    pub status: SzsStatus,
    /// The checker's verdict, when checking was asked for and there is a proof.
    pub check: Option<Result<CheckReport, CheckError>>,
}

impl Solved {
    /// The search counters.
    pub fn stats(&self) -> Stats {
        self.prover.stats
    }

    /// The problem whole again, over the prover's final signature and terms (a superset of the
    /// input's, so every clause of the problem still reads the same).
    pub fn whole_problem(&self) -> Problem {
        let mut problem = self.problem.clone();
        problem.signature = self.prover.signature.clone();
        problem.bank = self.prover.bank.clone();
        problem
    }
}

/// Loads `path` and proves it with `options`; `check` re-verifies any refutation with the
/// independent checker. A refutation that fails the check is reported as `Error`, never as a
/// theorem. `time_limit` counts from the start of loading.
pub fn solve_file(
    path: &Path,
    options: ProverOptions,
    time_limit: Option<Duration>,
    check: bool,
    on_step: &mut dyn FnMut(&Prover),
) -> Result<Solved, InputError> {
    solve_file_sorted(path, SortMode::default(), options, time_limit, check, on_step)
}

/// [`solve_file`] with the sort handling of a typed (TFF) problem chosen explicitly; untyped
/// problems are unaffected by `sorts`.
pub fn solve_file_sorted(
    path: &Path,
    sorts: SortMode,
    mut options: ProverOptions,
    time_limit: Option<Duration>,
    check: bool,
    on_step: &mut dyn FnMut(&Prover),
) -> Result<Solved, InputError> {
    // Loading counts against the limit, on the clock the search measures it on.
    let watch = crate::syntax::clock::Stopwatch::start(options.limits.clock);
    let problem = crate::input::load_problem_sorted(path, sorts)?;
    if let Some(limit) = time_limit {
        options.limits.time = Some(watch.remaining(limit));
    }
    Ok(solve_problem_traced(problem, options, check, on_step))
}

/// How to run the prover on a problem: options, whether to check, and the hooks the callers
/// need (a precedence and an inference filter for local proofs, an observer of every step).
pub struct Run<'a> {
    /// Limits and search options.
    pub options: ProverOptions,
    /// Re-verify a refutation with the independent checker; one it rejects is reported as
    /// `Error`, never as a theorem.
    pub check: bool,
    /// A symbol precedence replacing the one derived from the problem.
    pub precedence: Option<Vec<u32>>,
    /// Conclusions the search may keep (for local proofs).
    pub filter: Option<Box<dyn InferenceFilter>>,
    /// Called after every given clause (progress, Ctrl-C).
    pub on_step: Option<&'a mut dyn FnMut(&Prover)>,
}

impl Run<'_> {
    /// A checked run under `options`, with no hooks.
    pub fn checked(options: ProverOptions) -> Run<'static> {
        Run { options, check: true, precedence: None, filter: None, on_step: None }
    }
}

/// Proves an already loaded problem.
pub fn solve_problem(problem: Problem, options: ProverOptions, check: bool) -> Solved {
    solve(problem, Run { check, ..Run::checked(options) })
}

/// Proves an already loaded problem, calling `on_step` after every given clause.
pub fn solve_problem_traced(
    problem: Problem,
    options: ProverOptions,
    check: bool,
    on_step: &mut dyn FnMut(&Prover),
) -> Solved {
    solve(problem, Run { check, on_step: Some(on_step), ..Run::checked(options) })
}

/// The one path from a problem to an answer: build the prover, run it, extract the proof, check
/// it, and decide the status. Everything that proves (the command line, the workbench, cores,
/// interpolation and its verification, the goal checker) goes through here.
pub fn solve(mut problem: Problem, run: Run<'_>) -> Solved {
    let inputs: Vec<(crate::fol::Clause, bool)> =
        problem.clauses.iter().map(|c| (c.clause.clone(), c.source.role.is_goal())).collect();
    let signature = std::mem::take(&mut problem.signature);
    let bank = std::mem::take(&mut problem.bank);
    let mut prover = Prover::new(signature, bank, &inputs, run.options, problem.complete);
    if let Some(precedence) = run.precedence {
        prover.set_precedence(precedence);
    }
    if let Some(filter) = run.filter {
        prover.set_inference_filter(filter);
    }
    let mut on_step = run.on_step;
    let outcome = loop {
        match prover.step() {
            crate::prover::StepOutcome::Continue => {
                if let Some(observer) = on_step.as_mut() {
                    observer(&prover);
                }
            }
            crate::prover::StepOutcome::Done(outcome) => break outcome,
        }
    };
    let proof = match outcome {
        ProofOutcome::Refutation(empty) => Some(prover.extract_proof(empty)),
        _ => None,
    };
    let mut status = SzsStatus::of(outcome, &problem, proof.as_ref());
    let check = match (&proof, run.check) {
        (Some(proof), true) => {
            let clauses: Vec<crate::fol::Clause> =
                problem.clauses.iter().map(|c| c.clause.clone()).collect();
            let verdict = check_proof(proof, &clauses, &prover.signature, &prover.bank);
            if verdict.is_err() {
                status = SzsStatus::Error;
            }
            Some(verdict)
        }
        _ => None,
    };
    Solved { problem, prover, outcome, proof, status, check }
}

/// The problem restricted to the clauses `keep` accepts, sharing nothing with the original but
/// what it copies: the signature, the terms and the kept clauses.
pub fn restrict(problem: &Problem, keep: impl Fn(&crate::fol::InputClause) -> bool) -> Problem {
    Problem {
        name: problem.name.clone(),
        signature: problem.signature.clone(),
        bank: problem.bank.clone(),
        clauses: problem.clauses.iter().filter(|c| keep(c)).cloned().collect(),
        has_conjecture: problem.has_conjecture,
        complete: problem.complete,
        sort_decisions: problem.sort_decisions.clone(),
    }
}

/// The result of running the instantiation engine ([`crate::inst`]) on a problem.
pub struct InstSolved {
    /// The problem, its term bank grown by the instances' terms.
    pub problem: Problem,
    /// The engine's answer, counters and instances.
    pub result: crate::inst::InstResult,
    /// The status to report: a refutation status only for a checked refutation (the engine
    /// checks before it answers), never a satisfiable one (instantiation is incomplete).
    pub status: SzsStatus,
}

/// Runs the instantiation engine on a problem. As for the prover, an incomplete translation
/// (`Problem::complete` false) may still be refuted: its clauses are weakenings of what was
/// meant, so their refutation stands; only satisfiable answers would need completeness, and
/// this engine gives none.
pub fn solve_instantiation(mut problem: Problem, options: &crate::inst::InstOptions) -> InstSolved {
    let clauses: Vec<crate::fol::Clause> =
        problem.clauses.iter().map(|c| c.clause.clone()).collect();
    let result = crate::inst::refute(&problem.signature, &mut problem.bank, &clauses, options);
    let status = match &result.outcome {
        crate::inst::InstOutcome::Unsat { core } => {
            if !problem.has_conjecture {
                SzsStatus::Unsatisfiable
            } else if core.iter().any(|&i| problem.clauses[i].source.role.is_goal()) {
                SzsStatus::Theorem
            } else {
                SzsStatus::ContradictoryAxioms
            }
        }
        crate::inst::InstOutcome::Unknown(reason) => match reason {
            crate::inst::StopReason::Time => SzsStatus::Timeout,
            crate::inst::StopReason::Cancelled => SzsStatus::User,
            crate::inst::StopReason::Error(_) => SzsStatus::Error,
            _ => SzsStatus::GaveUp,
        },
    };
    InstSolved { problem, result, status }
}

/// The result of running finite-model finding ([`crate::fmb`]) on a problem.
pub struct FmbSolved {
    /// The problem as given.
    pub problem: Problem,
    /// The engine's answer and counters; `None` when the engine was not run because the
    /// problem's clauses are not equisatisfiable with its input (an inexact translation).
    pub result: Option<crate::fmb::FmbResult>,
    /// The status to report: `Satisfiable` (or `CounterSatisfiable` with a conjecture) only for
    /// a model the independent checker accepted on every input clause; never a refutation.
    pub status: SzsStatus,
}

/// Runs finite-model finding on a problem. A model of the clauses is a model of the input only
/// when the clausification was exact (`Problem::complete`); otherwise the engine is not run and
/// the answer is `GaveUp`. The sort encodings are fine: a model of the guarded clauses restricts
/// to a sorted model (the guards are nonempty and closed under the symbols, by the typing
/// axioms), and a model of erased clauses is a sorted model with every sort the whole domain.
pub fn solve_fmb(problem: Problem, options: &crate::fmb::FmbOptions) -> FmbSolved {
    if !problem.complete {
        return FmbSolved { problem, result: None, status: SzsStatus::GaveUp };
    }
    let clauses: Vec<crate::fol::Clause> =
        problem.clauses.iter().map(|c| c.clause.clone()).collect();
    let result = crate::fmb::find_model(&problem.signature, &problem.bank, &clauses, options);
    let status = match &result.outcome {
        crate::fmb::FmbOutcome::Model { .. } if problem.has_conjecture => {
            SzsStatus::CounterSatisfiable
        }
        crate::fmb::FmbOutcome::Model { .. } => SzsStatus::Satisfiable,
        crate::fmb::FmbOutcome::Unknown(reason) => match reason {
            crate::fmb::StopReason::Time => SzsStatus::Timeout,
            crate::fmb::StopReason::Cancelled => SzsStatus::User,
            crate::fmb::StopReason::Error(_) => SzsStatus::Error,
            crate::fmb::StopReason::Conflicts | crate::fmb::StopReason::EncodingTooLarge => {
                SzsStatus::ResourceOut
            }
            crate::fmb::StopReason::SizeLimit
            | crate::fmb::StopReason::Exhausted
            | crate::fmb::StopReason::Unsupported(_) => SzsStatus::GaveUp,
        },
    };
    FmbSolved { problem, result: Some(result), status }
}

/// The TPTP form of a finite model found for `problem`, between the SZS output markers.
pub fn write_finite_model(problem: &Problem, model: &crate::fmb::FiniteModel, out: &mut String) {
    use std::fmt::Write as _;
    let _ = writeln!(out, "% SZS output start FiniteModel for {}", problem.name);
    model.write_tptp(&problem.signature, out);
    let _ = writeln!(out, "% SZS output end FiniteModel for {}", problem.name);
}

/// What `craig prove` and the workbench print of a finite-model finding run: the check that
/// passed and the model, when there is one, and with `stats` the engine's counters.
pub fn write_model_report(solved: &FmbSolved, stats: bool, text: &mut String) {
    use std::fmt::Write as _;
    let Some(result) = &solved.result else { return };
    if let crate::fmb::FmbOutcome::Model { model, report } = &result.outcome {
        let _ = writeln!(
            text,
            "% model checked: {} input clauses, {} ground instances",
            report.clauses, report.instances
        );
        write_finite_model(&solved.problem, model, text);
    }
    if stats {
        let counters: Vec<String> =
            result.stats.counters().iter().map(|(name, value)| format!("{name} {value}")).collect();
        let _ = writeln!(text, "% fmb: {}", counters.join(" "));
    }
}
