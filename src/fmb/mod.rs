//! Finite-model finding in the style of Paradox and Vampire's FMB: a clause set is flattened
//! ([`flatten`]), and for domain sizes `n = 1, 2, ..` "there is a model with `n` elements" is
//! encoded propositionally ([`encode`]) and handed to craig's CDCL solver ([`crate::sat`]).
//! The first satisfiable size gives a model: a table per symbol ([`model`]), which is checked
//! against every input clause by [`check`] (sharing no code with the flattening or the
//! encoding) before it is returned.
//!
//! Finite-model finding only ever answers "satisfiable": a clause set without a finite model may
//! still have an infinite one, so running out of sizes, conflicts or time is "unknown". (With
//! no function symbol of arity one or more, a model can be shrunk to the values of its
//! constants, so sizes beyond the number of constants are not tried; that too ends in
//! "unknown", not in a refutation, since craig reports only checked refutations.)
//!
//! Definitional splitting: a flat clause with many variables costs `n^vars` instances. Before
//! encoding, a clause whose literals fall into two groups sharing few variables is split in two
//! with a fresh predicate over the shared variables ([`split`]): `C1 | C2` becomes
//! `C1 | q(shared)` and `~q(shared) | C2`, which has a model exactly when the original has (take
//! `q` as `~C1` for one direction; resolve on `q` for the other). The fresh predicates are the
//! engine's own, never shown and never checked: the checker reads the input clauses.
//!
//! # Determinism
//!
//! Symbols are laid out in order of first occurrence, clauses in input order, hash maps are only
//! looked up; the SAT solver is deterministic; so the same clauses and limits give the same
//! model and counters. Only the time limit and the cancel flag depend on the clock.

pub mod check;
pub mod encode;
pub mod flatten;
pub mod model;
pub mod split;

#[cfg(test)]
mod tests;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::syntax::clock::{Clock, Stopwatch};

use crate::fol::{Clause, Signature, SymbolKind, TermBank, TermId, TermView};
use crate::sat::{Limits, SatResult, Solver};
use check::CheckReport;
use encode::Encoding;
use flatten::{FlatClause, FlatLiteral, flatten_clause};
pub use model::FiniteModel;

/// Limits of one run.
#[derive(Clone, Debug)]
pub struct FmbOptions {
    /// The largest domain size tried.
    pub max_size: u32,
    /// SAT conflicts over all sizes (deterministic).
    pub max_conflicts: Option<u64>,
    /// The largest propositional encoding built for one size, in clauses (a memory guard).
    pub max_sat_clauses: u64,
    /// Time limit, measured on `clock`.
    pub time: Option<Duration>,
    /// The clock `time` is measured on (CPU time unless a caller says otherwise:
    /// [`crate::syntax::clock`]).
    pub clock: Clock,
    /// Raised to stop the run (Ctrl-C).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for FmbOptions {
    fn default() -> FmbOptions {
        FmbOptions {
            max_size: 32,
            max_conflicts: None,
            max_sat_clauses: 4_000_000,
            time: None,
            clock: Clock::default(),
            cancel: None,
        }
    }
}

impl FmbOptions {
    /// Limits derived from the prover's given-clause limit `steps`, so a deterministic budget
    /// (`--steps N`) gives a deterministic run of comparable effort: ten SAT conflicts per given
    /// clause (a conflict costs about as much as a few cheap inferences).
    pub fn from_steps(steps: u64) -> FmbOptions {
        FmbOptions { max_conflicts: Some(steps.saturating_mul(10).max(1)), ..FmbOptions::default() }
    }
}

/// The counters of one run (deterministic: no times).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FmbStats {
    /// Flat clauses after flattening and splitting.
    pub flat_clauses: u64,
    /// The most variables of one flat clause.
    pub flat_variables: u64,
    /// Clauses split by definitional splitting.
    pub splits: u64,
    /// Domain sizes handed to the SAT solver.
    pub sizes_tried: u64,
    /// The last size tried (the model's size when one was found).
    pub size: u64,
    /// SAT variables of the last size.
    pub sat_variables: u64,
    /// SAT clauses of the last size.
    pub sat_clauses: u64,
    /// SAT conflicts over all sizes.
    pub conflicts: u64,
    /// SAT decisions over all sizes.
    pub decisions: u64,
    /// SAT propagations over all sizes.
    pub propagations: u64,
}

impl FmbStats {
    /// The counters with their printed names, in a fixed order.
    pub fn counters(&self) -> [(&'static str, u64); 10] {
        [
            ("flat-clauses", self.flat_clauses),
            ("flat-variables", self.flat_variables),
            ("splits", self.splits),
            ("sizes-tried", self.sizes_tried),
            ("size", self.size),
            ("sat-variables", self.sat_variables),
            ("sat-clauses", self.sat_clauses),
            ("conflicts", self.conflicts),
            ("decisions", self.decisions),
            ("propagations", self.propagations),
        ]
    }
}

/// Why a run ended without a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Every size up to [`FmbOptions::max_size`] was unsatisfiable.
    SizeLimit,
    /// Every size that could hold a new model was unsatisfiable (no function of arity one or
    /// more: a model shrinks to its constants' values), or the input has the empty clause.
    Exhausted,
    /// The conflict budget ran out.
    Conflicts,
    /// The next size's encoding is larger than [`FmbOptions::max_sat_clauses`].
    EncodingTooLarge,
    /// The time limit was reached.
    Time,
    /// The cancel flag was raised.
    Cancelled,
    /// A clause is outside the kernel's equational encoding.
    Unsupported(String),
    /// A bug caught before it became a wrong answer (the SAT solver or the model checker
    /// refused a model).
    Error(String),
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FmbOutcome {
    /// A model of every input clause, checked by [`check::check_model`].
    Model {
        /// The model.
        model: FiniteModel,
        /// What the check covered.
        report: CheckReport,
    },
    /// No model found within the limits.
    Unknown(StopReason),
}

/// The outcome and the counters.
#[derive(Clone, Debug)]
pub struct FmbResult {
    /// How the run ended.
    pub outcome: FmbOutcome,
    /// The counters.
    pub stats: FmbStats,
}

/// Looks for a finite model of `clauses`, smallest size first. A model is returned only after
/// [`check::check_model`] has evaluated every one of `clauses` true in it.
pub fn find_model(
    signature: &Signature,
    bank: &TermBank,
    clauses: &[Clause],
    options: &FmbOptions,
) -> FmbResult {
    let start = Stopwatch::start(options.clock);
    let mut stats = FmbStats::default();
    let mut flat: Vec<FlatClause> = Vec::new();
    for clause in clauses {
        match flatten_clause(signature, bank, clause) {
            Ok(Some(c)) => flat.push(c),
            Ok(None) => {}
            Err(flatten::Unsupported(why)) => {
                return FmbResult {
                    outcome: FmbOutcome::Unknown(StopReason::Unsupported(why)),
                    stats,
                };
            }
        }
    }
    let first_fresh = signature.len() as u32;
    let (flat, splits) = split::split_clauses(flat, first_fresh);
    stats.splits = splits;
    stats.flat_clauses = flat.len() as u64;
    stats.flat_variables = flat.iter().map(|c| c.variables as u64).max().unwrap_or(0);
    if flat.iter().any(|c| c.literals.is_empty()) {
        return FmbResult { outcome: FmbOutcome::Unknown(StopReason::Exhausted), stats };
    }
    let largest_useful_size = size_bound(&flat);
    let cancelled = || options.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed));
    let out_of_time = || start.reached(options.time);
    for size in 1..=options.max_size {
        if largest_useful_size.is_some_and(|bound| size > bound) {
            return FmbResult { outcome: FmbOutcome::Unknown(StopReason::Exhausted), stats };
        }
        if cancelled() {
            return FmbResult { outcome: FmbOutcome::Unknown(StopReason::Cancelled), stats };
        }
        if out_of_time() {
            return FmbResult { outcome: FmbOutcome::Unknown(StopReason::Time), stats };
        }
        let too_large =
            FmbResult { outcome: FmbOutcome::Unknown(StopReason::EncodingTooLarge), stats };
        let Some(encoding) = Encoding::new(&flat, size) else { return too_large };
        if encoding.clause_bound(&flat).is_none_or(|bound| bound > options.max_sat_clauses) {
            return too_large;
        }
        let mut solver = Solver::new();
        for _ in 0..encoding.variables() {
            solver.new_var();
        }
        let mut sat_clauses = 0u64;
        let mut keep_going = || !cancelled() && !out_of_time();
        let finished = encoding.emit(
            &flat,
            &mut |lits| {
                sat_clauses += 1;
                solver.add_clause(lits);
            },
            &mut keep_going,
        );
        stats.sizes_tried += 1;
        stats.size = size as u64;
        stats.sat_variables = encoding.variables();
        stats.sat_clauses = sat_clauses;
        if !finished {
            let reason = if cancelled() { StopReason::Cancelled } else { StopReason::Time };
            return FmbResult { outcome: FmbOutcome::Unknown(reason), stats };
        }
        let conflicts_left = options.max_conflicts.map(|m| m.saturating_sub(stats.conflicts));
        if conflicts_left == Some(0) {
            return FmbResult { outcome: FmbOutcome::Unknown(StopReason::Conflicts), stats };
        }
        solver.set_limits(Limits {
            conflicts: conflicts_left,
            propagations: None,
            time: options.time.map(|limit| start.remaining(limit)),
            clock: options.clock,
        });
        if let Some(flag) = &options.cancel {
            solver.set_cancel_flag(flag.clone());
        }
        let answer = solver.solve();
        let sat_stats = *solver.stats();
        stats.conflicts += sat_stats.conflicts;
        stats.decisions += sat_stats.decisions;
        stats.propagations += sat_stats.propagations;
        let outcome = match answer {
            Err(e) => FmbOutcome::Unknown(StopReason::Error(e.to_string())),
            Ok(SatResult::Unsat { .. }) => continue,
            Ok(SatResult::Unknown(reason)) => FmbOutcome::Unknown(match reason {
                crate::sat::StopReason::ConflictLimit
                | crate::sat::StopReason::PropagationLimit => StopReason::Conflicts,
                crate::sat::StopReason::TimeLimit => StopReason::Time,
                crate::sat::StopReason::Cancelled | crate::sat::StopReason::Theory => {
                    StopReason::Cancelled
                }
            }),
            Ok(SatResult::Sat(assignment)) => {
                let mut model = encoding.extract(&assignment);
                complete_model(&mut model, signature, bank, clauses);
                // The splitting predicates are the engine's own: the model reported is the
                // reduct to the input's symbols.
                model.predicates.retain(|symbol, _| symbol.0 < first_fresh);
                match check::check_model(&model, signature, bank, clauses) {
                    Ok(report) => FmbOutcome::Model { model, report },
                    Err(e) => FmbOutcome::Unknown(StopReason::Error(format!(
                        "the model checker rejected the model: {e}"
                    ))),
                }
            }
        };
        return FmbResult { outcome, stats };
    }
    FmbResult { outcome: FmbOutcome::Unknown(StopReason::SizeLimit), stats }
}

/// The largest size worth trying when no function has arguments: a model restricted to the
/// values of the constants (a substructure, closed since there are no other functions) is
/// still a model of the universal clauses, so a model exists only if one of at most
/// `max(1, constants)` elements does. `None` when some function has arguments.
fn size_bound(clauses: &[FlatClause]) -> Option<u32> {
    let mut constants = BTreeSet::new();
    for literal in clauses.iter().flat_map(|c| &c.literals) {
        if let FlatLiteral::Function { symbol, args, .. } = literal {
            if !args.is_empty() {
                return None;
            }
            constants.insert(*symbol);
        }
    }
    Some((constants.len() as u32).max(1))
}

/// Gives every symbol of `clauses` the encoding did not see (it occurred only in clauses
/// dropped as tautologies) a table: any values do, the clauses being true whatever they are.
fn complete_model(
    model: &mut FiniteModel,
    signature: &Signature,
    bank: &TermBank,
    clauses: &[Clause],
) {
    let mut symbols = BTreeSet::new();
    let mut stack: Vec<TermId> =
        clauses.iter().flat_map(|c| &c.literals).flat_map(|l| [l.lhs, l.rhs]).collect();
    while let Some(t) = stack.pop() {
        if let TermView::App(symbol, args) = bank.view(t) {
            symbols.insert(symbol);
            stack.extend_from_slice(args);
        }
    }
    for symbol in symbols {
        let entries = (model.size as usize).pow(signature.arity(symbol));
        match signature.info(symbol).kind {
            SymbolKind::Function => {
                model.functions.entry(symbol).or_insert_with(|| vec![0; entries]);
            }
            SymbolKind::Predicate => {
                model.predicates.entry(symbol).or_insert_with(|| vec![false; entries]);
            }
            SymbolKind::True => {}
        }
    }
}
