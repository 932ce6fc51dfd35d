//! A CDCL SAT solver with resolution proofs, an independent proof checker, LRAT/DRAT export and
//! a DIMACS reader: the propositional engine under the SMT and finite-model layers.
//!
//! The module is written as if it were a crate: it names no other craig module except
//! [`crate::syntax`], whose diagnostics the DIMACS reader reports through (`tests/it/tidy.rs`).
//!
//! # Design
//!
//! - **Search** ([`solver`]): two watched literals with blocking literals (binary clauses are
//!   propagated from the watch list without touching the clause), first-UIP conflict analysis with
//!   recursive clause minimisation (MiniSat's abstract-level test), phase saving, and
//!   learned-clause reduction that keeps glue clauses (LBD ≤ 2) and drops half of the rest,
//!   worst LBD first, lower activity breaking ties, then the clause id.
//! - **Theories** ([`theory`]): [`Solver::solve_with_theory`] runs the same search with a
//!   [`Theory`] that sees every propagation fixpoint, every backjump and the complete
//!   assignment, and answers with conflict clauses or propagations; each becomes an original
//!   clause mid-search (a proof leaf with an id, reported back to the theory), so proofs,
//!   checking and cores are as for clauses given up front (CDCL(T), used by the SMT engine).
//! - **Decisions**: VSIDS (exponential bumping, MiniSat's variant) over a binary heap. VMTF is as
//!   fast on average and simpler to bump, but VSIDS scores every variable by recent conflict
//!   participation, which restarts with saved phases exploit well, and it is the heuristic of the
//!   MiniSat baseline this solver is benchmarked against, so a difference in the figures is a
//!   difference in engineering, not in heuristic.
//! - **Restarts**: Glucose-style by default: restart when the fast exponential moving average of
//!   learned-clause LBDs (window ~32) exceeds the slow one (window ~8192) by 25%, at least 50
//!   conflicts apart. Luby restarts (unit 100 conflicts) are an option ([`RestartPolicy`]).
//!   Glucose-style restarts help on structured unsatisfiable problems, where proofs are wanted.
//! - **Determinism**: no hash-map iteration, no randomness; the decision heap breaks ties by the
//!   variable index and the reduction sort by clause id; two runs on the same clauses take the
//!   same steps, so [`Stats`] are equal (wall time only decides when a time limit stops a run).
//!
//! # Soundness
//!
//! Every [`SatResult::Sat`] model is checked against every original clause before it is
//! returned; a failure is [`SolverError::ModelRejected`], never `Sat`. With
//! [`SolverOptions::proof`] on, every learned clause records its resolution chain in a
//! [`Proof`] ([`proof`]): originals are leaves, level-0 units and the final empty clause are
//! derived steps too. With [`SolverOptions::check_proofs`] on, [`check`] replays the chains
//! (sharing no code with propagation or analysis) before `Unsat` is returned.

pub mod check;
pub mod dimacs;
mod heap;
pub mod lit;
pub mod proof;
pub mod solver;
pub mod theory;

use std::time::Duration;

use thiserror::Error;

pub use check::{CheckReport, ProofError};
pub use lit::{Lit, Var};
pub use proof::{ClauseId, Proof, Step};
pub use solver::Solver;
pub use theory::{Assignment, Theory, TheoryAnswer};

/// A satisfying assignment of every variable of the solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    values: Vec<bool>,
}

impl Model {
    /// A model from one value per variable.
    pub fn new(values: Vec<bool>) -> Model {
        Model { values }
    }

    /// The value of `var` (false for a variable the solver never saw).
    pub fn value(&self, var: Var) -> bool {
        self.values.get(var.index()).copied().unwrap_or(false)
    }

    /// The value of `lit`.
    pub fn lit_value(&self, lit: Lit) -> bool {
        self.value(lit.var()) != lit.is_negative()
    }

    /// True if some literal of `clause` is true.
    pub fn satisfies(&self, clause: &[Lit]) -> bool {
        clause.iter().any(|&l| self.lit_value(l))
    }

    /// The number of variables assigned.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True if no variable is assigned.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The values, indexed by variable.
    pub fn values(&self) -> &[bool] {
        &self.values
    }
}

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// [`Limits::conflicts`] reached.
    ConflictLimit,
    /// [`Limits::propagations`] reached.
    PropagationLimit,
    /// [`Limits::time`] reached.
    TimeLimit,
    /// The cancel flag was raised.
    Cancelled,
    /// The theory of [`Solver::solve_with_theory`] answered [`TheoryAnswer::Stop`].
    Theory,
}

impl StopReason {
    /// A short lower-case name for messages.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::ConflictLimit => "conflict limit",
            StopReason::PropagationLimit => "propagation limit",
            StopReason::TimeLimit => "time limit",
            StopReason::Cancelled => "cancelled",
            StopReason::Theory => "stopped by the theory",
        }
    }
}

/// The answer of one `solve` call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatResult {
    /// Satisfiable; the model was checked against every original clause.
    Sat(Model),
    /// Unsatisfiable under the assumptions: `failed_assumptions` is the subset of them the
    /// refutation used, in the order they were given (empty: unsatisfiable outright).
    Unsat {
        /// Assumptions responsible for the conflict.
        failed_assumptions: Vec<Lit>,
    },
    /// A limit or the cancel flag stopped the search.
    Unknown(StopReason),
}

/// Budgets for one `solve` call, counted from the start of that call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many conflicts.
    pub conflicts: Option<u64>,
    /// Stop after this many propagated literals.
    pub propagations: Option<u64>,
    /// Stop after this much time, measured on `clock`.
    pub time: Option<Duration>,
    /// The clock `time` is measured on (CPU time unless a caller says otherwise:
    /// [`crate::syntax::clock`]).
    pub clock: crate::syntax::clock::Clock,
}

/// Which restart schedule the search follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestartPolicy {
    /// Restart when recent learned clauses are worse (higher LBD) than the long-run average.
    Glucose,
    /// Restart after `100 * luby(i)` conflicts.
    Luby,
}

/// Solver settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverOptions {
    /// Record the resolution chain of every derived clause.
    pub proof: bool,
    /// Check the proof of every `Unsat` answer before returning it (implies `proof`).
    pub check_proofs: bool,
    /// Restart schedule.
    pub restarts: RestartPolicy,
    /// Remove redundant literals from learned clauses.
    pub minimise: bool,
    /// VSIDS decay (activity is divided by this after each conflict).
    pub var_decay: f64,
    /// Learned-clause activity decay.
    pub clause_decay: f64,
    /// Conflicts before the first reduction of the learned clauses.
    pub reduce_first: u64,
    /// Growth of the interval between reductions, in conflicts.
    pub reduce_increment: u64,
}

impl Default for SolverOptions {
    fn default() -> SolverOptions {
        SolverOptions {
            proof: false,
            check_proofs: false,
            restarts: RestartPolicy::Glucose,
            minimise: true,
            var_decay: 0.95,
            clause_decay: 0.999,
            reduce_first: 2000,
            reduce_increment: 300,
        }
    }
}

impl SolverOptions {
    /// The defaults with proof logging and checking on.
    pub fn checked() -> SolverOptions {
        SolverOptions { proof: true, check_proofs: true, ..SolverOptions::default() }
    }
}

/// Search counters; deterministic (equal for equal input and options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Decisions made (assumptions included).
    pub decisions: u64,
    /// Literals propagated.
    pub propagations: u64,
    /// Conflicts found.
    pub conflicts: u64,
    /// Restarts.
    pub restarts: u64,
    /// Clauses learned (units included).
    pub learned: u64,
    /// Literals in the learned clauses, after minimisation.
    pub learned_literals: u64,
    /// Learned clauses deleted by reductions.
    pub deleted: u64,
    /// Reductions of the learned-clause database.
    pub reductions: u64,
    /// Literals removed from learned clauses by minimisation.
    pub minimised_literals: u64,
}

/// A bug caught before it became a wrong answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolverError {
    /// The model found falsifies an original clause.
    #[error("internal error: the model found falsifies original clause {0:?}")]
    ModelRejected(ClauseId),
    /// The refutation did not pass the proof checker.
    #[error("internal error: the refutation was rejected by the proof checker: {0}")]
    ProofRejected(#[from] ProofError),
}

#[cfg(test)]
pub(crate) mod tests_support {
    //! Problem generators shared by the unit tests.
    use super::{Lit, Var};

    /// The pigeonhole principle PHP(n+1, n): n+1 pigeons in n holes, unsatisfiable.
    pub(crate) fn pigeonhole(n: u32) -> Vec<Vec<Lit>> {
        let var = |pigeon: u32, hole: u32| Var(pigeon * n + hole);
        let mut clauses = Vec::new();
        for p in 0..=n {
            clauses.push((0..n).map(|h| var(p, h).positive()).collect());
        }
        for h in 0..n {
            for p in 0..=n {
                for q in p + 1..=n {
                    clauses.push(vec![var(p, h).negative(), var(q, h).negative()]);
                }
            }
        }
        clauses
    }
}
