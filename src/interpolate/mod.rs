//! Craig interpolation read off craig's refutations: binary interpolants for an A/B split of a
//! problem's clauses and sequence interpolants for parts `A1..An`, every one verified before it
//! is returned.
//!
//! Two routes, one per kind of problem:
//!
//! - **Propositional** clause sets (ground, predicate literals only): craig refutes the clauses
//!   unhindered and the refutation is read as a resolution proof, from which McMillan's or
//!   Pudlák's system builds the interpolant (`resolution`).
//! - **Everything else** (equality, functions, quantifiers): craig searches for a *local*
//!   refutation, helped by a precedence that puts local symbols above shared ones and held to it
//!   by an inference filter that refuses any step mixing symbols local to different sides
//!   (`colour`); the interpolant is then built node by node (`local`, whose `//!` comment has the
//!   soundness argument). Several precedences and selections are tried; a refutation that is not
//!   local is reported, never used.
//!
//! Every interpolant, raw and simplified (`simplify`, by equality saturation), is checked by
//! `verify`: both entailments are refuted by craig and the refutations re-checked by
//! `prover::check`, and the vocabulary is compared with the shared symbols. One that fails is
//! reported as unverified and never handed out as an interpolant.
//!
//! A symbol's colour comes from where it occurs, so the Skolem functions and definition
//! predicates clausification introduced for a formula are local to that formula's side.

pub mod colour;
pub mod formula;
mod ground;
pub mod local;
pub mod precedence;
pub mod report;
pub mod resolution;
pub mod simplify;
pub mod tptp_split;
pub mod verify;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use thiserror::Error;

use crate::fol::{Clause, Signature, SymbolOrigin};
use crate::fol::{Problem, formula::Formula};
use crate::input::InputError;
use crate::prover::check::CheckError;
use crate::prover::{
    InferenceFilter, Limit, LiteralSelection, OrderingKind, Proof, ProofOutcome, Prover,
    ProverOptions,
};
use crate::solve::Run;

use colour::{Colour, Colouring, LocalityFilter, Preference};
use formula::{SymbolKey, not};
pub use local::PartialInterpolant;
use local::{ProofView, local_interpolant};
pub use resolution::System;
use resolution::{is_propositional, resolution_interpolant};
pub use verify::Budget;
pub use verify::{CheckFigures, RefuteFailure, VerificationFailure};
use verify::{foreign_symbols, refute, symbol_key};

/// The side of an input clause in a binary split.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// The A side (`left_formula` in Vampire's markers): the interpolant follows from it.
    A,
    /// The B side (`right_formula`): the interpolant contradicts it.
    B,
    /// The background theory T, on both sides (a formula outside Vampire's sections that uses
    /// no symbol declared left or right): the interpolant satisfies `A ∧ T ⊨ I` and
    /// `I ∧ B ∧ T ⊨ ⊥`, and T's own symbols count as shared.
    Background,
}

/// Options of an interpolation run.
#[derive(Clone, Debug)]
pub struct InterpolateOptions {
    /// Propositional systems to use on propositional problems; empty means always use the
    /// local-proof route.
    pub systems: Vec<System>,
    /// Time limit of each proof search.
    pub time_limit: Duration,
    /// Time limit of each verification refutation.
    pub check_time_limit: Duration,
    /// Also simplify each interpolant by equality saturation (and verify the result).
    pub simplify: bool,
    /// Then drop the parts of a top-level disjunction or conjunction that the interpolant does
    /// not need (`minimise`), and verify the result.
    pub minimise: bool,
    /// Give a ground, untyped split with no background theory to the SMT engine first (its
    /// congruence-closure interpolants are smaller than a local refutation's); the prover's
    /// local refutation answers when the engine gives none.
    pub ground_smt: bool,
    /// Given clauses of each proof search and each verification refutation, if limited (the
    /// workbench's `steps`): a deterministic bound, unlike the time limits.
    pub given_limit: Option<u64>,
    /// Before anything else, try to refute each side alone with a small budget: `$false` is
    /// the interpolant when A alone is unsatisfiable, `$true` when B alone is. (Otherwise such
    /// a split can spend its whole time on local refutations of the two sides together.)
    pub sides_alone: bool,
    /// Raised from outside (Ctrl-C at the workbench prompt) to stop every search at its next
    /// given clause; the answer is then [`InterpolateError::Interrupted`].
    pub cancel: Option<Arc<AtomicBool>>,
    /// Sees every search's prover after each given clause (the workbench's status line).
    pub watch: Option<verify::Watch>,
}

impl InterpolateOptions {
    /// The budget of each proof search.
    fn search_budget(&self) -> Budget {
        Budget {
            time: self.time_limit,
            given_clauses: self.given_limit,
            cancel: self.cancel.clone(),
            watch: self.watch.clone(),
        }
    }

    /// The budget of each verification refutation.
    fn check_budget(&self) -> Budget {
        Budget { time: self.check_time_limit, ..self.search_budget() }
    }
}

impl Default for InterpolateOptions {
    fn default() -> Self {
        InterpolateOptions {
            systems: vec![System::McMillan],
            time_limit: Duration::from_secs(10),
            check_time_limit: Duration::from_secs(10),
            simplify: true,
            minimise: false,
            ground_smt: true,
            given_limit: None,
            sides_alone: true,
            cancel: None,
            watch: None,
        }
    }
}

/// Why no interpolant was produced.
#[derive(Debug, Error)]
pub enum InterpolateError {
    /// The input could not be read.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The side list does not match the clauses.
    #[error("{given} sides given for {clauses} clauses")]
    SideCount {
        /// Number of sides given.
        given: usize,
        /// Number of clauses of the problem.
        clauses: usize,
    },
    /// A side or part has no clauses.
    #[error("{0} has no clauses")]
    EmptySide(String),
    /// A symbol was declared in both colours, or its declared colour disagrees with where it
    /// occurs.
    #[error("{0}")]
    Colour(String),
    /// The clauses were saturated by a complete search: the split is satisfiable, so no
    /// interpolant exists.
    #[error("the split is satisfiable (craig saturated the clauses): no interpolant exists")]
    Satisfiable,
    /// A refutation exists but no attempt made it local.
    #[error("craig found no local refutation: {0}")]
    NotLocal(String),
    /// No refutation within the limits.
    #[error("no refutation found within the limits: {0}")]
    NoRefutation(String),
    /// A refutation failed the independent proof checker.
    #[error("the refutation failed the proof checker: {0}")]
    ProofRejected(CheckError),
    /// Interpolants were built but none passed verification.
    #[error("no interpolant passed verification: {0}")]
    Unverified(String),
    /// The cancel flag was raised (Ctrl-C at the prompt) before an interpolant was verified.
    #[error("interrupted")]
    Interrupted,
}

/// How an interpolant was computed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Method {
    /// From a local refutation.
    LocalProof,
    /// From a refutation read as resolution, with a propositional system.
    Resolution(System),
    /// From the SMT engine's refutation of a ground split (McMillan's system with EUF lemma
    /// interpolants), checked again here like the others.
    Smt,
    /// `$false` or `$true` from a refutation of side A or side B alone.
    SideAlone,
}

impl Method {
    /// The name shown to users.
    pub fn name(self) -> &'static str {
        match self {
            Method::LocalProof => "local-proof",
            Method::Resolution(system) => system.name(),
            Method::Smt => "smt",
            Method::SideAlone => "side-alone",
        }
    }
}

/// Figures of the two checked entailments of a binary interpolant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Verification {
    /// `A ⊨ I`: clauses of A with `¬I` refuted.
    pub entailed_by_a: CheckFigures,
    /// `I ∧ B ⊨ ⊥`: clauses of B with `I` refuted.
    pub refutes_b: CheckFigures,
}

/// A formula with the verdict of its verification.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The formula.
    pub formula: Formula,
    /// The figures of the checks, or why verification failed (then it is no interpolant).
    pub verdict: Result<Verification, VerificationFailure>,
}

impl Checked {
    /// Whether the formula passed every check.
    pub fn is_verified(&self) -> bool {
        self.verdict.is_ok()
    }
}

/// One interpolant with its provenance.
#[derive(Clone, Debug)]
pub struct Interpolant {
    /// How it was computed.
    pub method: Method,
    /// As built from the proof.
    pub raw: Checked,
    /// After equality-saturation simplification, when asked for and different from `raw`.
    pub simplified: Option<Checked>,
    /// The partial interpolant of every proof node, in proof order.
    pub partials: Vec<PartialInterpolant>,
}

impl Interpolant {
    /// The best verified formula: the simplified one when it passed, else the raw one.
    pub fn best(&self) -> Option<&Checked> {
        match &self.simplified {
            Some(s) if s.is_verified() => Some(s),
            _ => Some(&self.raw).filter(|r| r.is_verified()),
        }
    }
}

/// Figures of the refutation interpolants were read from.
#[derive(Clone, Debug)]
pub struct ProofFigures {
    /// Which attempt found it (precedence, selection, filter).
    pub attempt: String,
    /// Given clauses of the search.
    pub given_clauses: u64,
    /// Steps of the refutation.
    pub proof_steps: usize,
    /// Steps the independent checker re-verified.
    pub steps_checked: usize,
}

/// The answer for a binary split.
#[derive(Clone, Debug)]
pub struct Interpolation {
    /// The refutation used.
    pub proof: ProofFigures,
    /// One interpolant per method asked for (propositional) or the local-proof one.
    pub interpolants: Vec<Interpolant>,
    /// Attempts that did not work out and other remarks, in order.
    pub notes: Vec<String>,
    /// Whether a background theory T was on both sides (then the checks were `A ∧ T ⊨ I` and
    /// `I ∧ B ∧ T ⊨ ⊥`).
    pub background: bool,
    /// Whether simplification was asked for (when it was not, the interpolant is shown as read
    /// off the refutation).
    pub simplify_asked: bool,
}

/// The answer for a sequence `A1..An`.
#[derive(Clone, Debug)]
pub struct SequenceInterpolation {
    /// The refutation used (one for every cut).
    pub proof: ProofFigures,
    /// `I1..I(n-1)` as built (`I0 = ⊤` and `In = ⊥` are implicit).
    pub raw: Vec<Formula>,
    /// For `k = 1..n`, the check of `I(k-1) ∧ Ak ⊨ Ik` on the raw sequence.
    pub raw_checks: Vec<CheckFigures>,
    /// The simplified sequence with its checks, when asked for and verified.
    pub simplified: Option<(Vec<Formula>, Vec<CheckFigures>)>,
    /// For each cut `k = 1..n-1`, the partial interpolants of the proof nodes.
    pub partials: Vec<Vec<PartialInterpolant>>,
    /// Remarks (attempts that failed, a simplified sequence that failed its checks).
    pub notes: Vec<String>,
}

/// A checked refutation with the prover that found it.
struct Refutation {
    prover: Prover,
    proof: Proof,
    figures: ProofFigures,
}

/// One way of searching for a local refutation.
struct Attempt {
    name: &'static str,
    preference: Preference,
    selection: LiteralSelection,
    ordering: OrderingKind,
}

const ATTEMPTS: &[Attempt] = &[
    Attempt {
        name: "local symbols above shared, earlier parts largest",
        preference: Preference::EarlierLargest,
        selection: LiteralSelection::MaxWeightNegativeIfPositive,
        ordering: OrderingKind::Kbo,
    },
    Attempt {
        name: "local symbols above shared, later parts largest",
        preference: Preference::LaterLargest,
        selection: LiteralSelection::MaxWeightNegativeIfPositive,
        ordering: OrderingKind::Kbo,
    },
    Attempt {
        name: "local symbols above shared, earlier parts largest, no literal selection",
        preference: Preference::EarlierLargest,
        selection: LiteralSelection::None,
        ordering: OrderingKind::Kbo,
    },
    Attempt {
        name: "local symbols above shared, later parts largest, no literal selection",
        preference: Preference::LaterLargest,
        selection: LiteralSelection::None,
        ordering: OrderingKind::Kbo,
    },
    // KBO with unit weights makes every term heavier than a constant it does not contain, so
    // `f(V) = c` with `c` local is oriented left to right and rewrites shared `f(..)` into the
    // local `c`, which the filter then refuses. Under an LPO with local symbols on top, `c` and
    // `f(V)` are incomparable, superposition may go into `c`, and the local side derives the
    // shared `f(X) = f(Y)` instead.
    Attempt {
        name: "LPO, local symbols on top, earlier parts largest",
        preference: Preference::EarlierLargest,
        selection: LiteralSelection::MaxWeightNegativeIfPositive,
        ordering: OrderingKind::Lpo,
    },
    Attempt {
        name: "LPO, local symbols on top, later parts largest",
        preference: Preference::LaterLargest,
        selection: LiteralSelection::MaxWeightNegativeIfPositive,
        ordering: OrderingKind::Lpo,
    },
];

/// How a search ended when it found no checked refutation.
enum SearchFailure {
    Ended(ProofOutcome),
    Rejected(CheckError),
}

/// Runs craig on the problem's clauses, under the locality filter and precedence of `attempt`
/// when given, and checks any refutation.
fn search(
    problem: &Problem,
    colouring: &Colouring,
    attempt: Option<&Attempt>,
    budget: &Budget,
) -> Result<Refutation, SearchFailure> {
    // Splitting stays off (the default): interpolants are read off proofs whose every step is
    // an inference over the input's symbols, and split names are symbols of neither side.
    let mut options = ProverOptions::default();
    if let Some(attempt) = attempt {
        options.selection = attempt.selection;
        options.ordering = attempt.ordering;
    }
    let run = Run {
        precedence: attempt.map(|a| colouring.precedence(&problem.signature, a.preference)),
        filter: attempt.map(|_| {
            Box::new(LocalityFilter { colouring: colouring.clone() }) as Box<dyn InferenceFilter>
        }),
        ..Run::checked(options)
    };
    let solved = budget.solve(problem.clone(), run);
    let (Some(proof), Some(verdict)) = (solved.proof, solved.check) else {
        return Err(SearchFailure::Ended(solved.outcome));
    };
    let report = verdict.map_err(SearchFailure::Rejected)?;
    let prover = solved.prover;
    let figures = ProofFigures {
        attempt: attempt.map_or("unrestricted search", |a| a.name).to_string()
            + if attempt.is_some() { ", locality filter" } else { "" },
        given_clauses: prover.stats.given,
        proof_steps: proof.nodes.len(),
        steps_checked: report.steps_checked,
    };
    Ok(Refutation { prover, proof, figures })
}

/// A search without filter decides what to report when no local refutation was found.
fn explain_failure(
    problem: &Problem,
    colouring: &Colouring,
    budget: &Budget,
    notes: &[String],
) -> InterpolateError {
    match search(problem, colouring, None, budget) {
        Err(SearchFailure::Ended(ProofOutcome::Saturated { complete: true })) => {
            InterpolateError::Satisfiable
        }
        Err(SearchFailure::Ended(ProofOutcome::LimitReached(Limit::Cancelled))) => {
            InterpolateError::Interrupted
        }
        Err(SearchFailure::Rejected(e)) => InterpolateError::ProofRejected(e),
        Err(SearchFailure::Ended(outcome)) => {
            InterpolateError::NoRefutation(format!("{outcome}; {}", notes.join("; ")))
        }
        Ok(_) => InterpolateError::NotLocal(notes.join("; ")),
    }
}

/// Given clauses each attempt may take in the first round of `local_refutation`.
const FIRST_ROUND_GIVEN_CLAUSES: u64 = 1000;

/// Finds a refutation local for every cut of `parts`, trying each attempt in turn: first each
/// with `FIRST_ROUND_GIVEN_CLAUSES` given clauses, so that an attempt whose ordering leads the
/// search astray (a local constant defined by a larger shared term, under KBO) does not use up
/// the time of the one that would succeed at once; then each that ran out of clauses again, with
/// the time limit alone. Both rounds are deterministic up to the time limit of the second.
fn local_refutation(
    problem: &Problem,
    colouring: &Colouring,
    part_of_input: &[u32],
    options: &InterpolateOptions,
    notes: &mut Vec<String>,
) -> Result<Refutation, InterpolateError> {
    let budget = options.search_budget();
    // With a given-clause limit of the caller's no larger than the first round's, the second
    // round would repeat the first.
    let second_round = options.given_limit.is_none_or(|g| g > FIRST_ROUND_GIVEN_CLAUSES);
    let mut again = Vec::new();
    for attempt in ATTEMPTS {
        let first =
            search(problem, colouring, Some(attempt), &budget.at_most(FIRST_ROUND_GIVEN_CLAUSES));
        if let Err(SearchFailure::Ended(ProofOutcome::LimitReached(Limit::GivenClauses))) = first
            && second_round
        {
            again.push(attempt);
            continue;
        }
        if let Some(found) = local_or_note(first, attempt, colouring, part_of_input, notes)? {
            return Ok(found);
        }
    }
    for attempt in again {
        let second = search(problem, colouring, Some(attempt), &budget);
        if let Some(found) = local_or_note(second, attempt, colouring, part_of_input, notes)? {
            return Ok(found);
        }
    }
    Err(explain_failure(problem, colouring, &budget, notes))
}

/// The refutation of a search when it is local for every cut; otherwise a note of why not
/// (`None`), or the error of a refutation the checker rejected.
fn local_or_note(
    searched: Result<Refutation, SearchFailure>,
    attempt: &Attempt,
    colouring: &Colouring,
    part_of_input: &[u32],
    notes: &mut Vec<String>,
) -> Result<Option<Refutation>, InterpolateError> {
    match searched {
        Ok(refutation) => {
            let view = ProofView {
                proof: &refutation.proof,
                signature: &refutation.prover.signature,
                bank: &refutation.prover.bank,
                part_of_input,
                colouring,
            };
            let non_local = (1..colouring.parts()).find_map(|k| local_interpolant(&view, k).err());
            match non_local {
                None => return Ok(Some(refutation)),
                Some(node) => notes.push(format!(
                    "{}: the refutation is not local (clause {} mixes local symbols)",
                    attempt.name, node.0
                )),
            }
        }
        Err(SearchFailure::Rejected(e)) => return Err(InterpolateError::ProofRejected(e)),
        // Ctrl-C: no further attempt is made.
        Err(SearchFailure::Ended(ProofOutcome::LimitReached(Limit::Cancelled))) => {
            return Err(InterpolateError::Interrupted);
        }
        // The prover calls its saturation complete, but the locality filter refused
        // inferences: it says nothing about the split's satisfiability.
        Err(SearchFailure::Ended(ProofOutcome::Saturated { .. })) => notes.push(format!(
            "{}: saturated under the locality filter without a refutation",
            attempt.name
        )),
        Err(SearchFailure::Ended(outcome)) => notes.push(format!("{}: {outcome}", attempt.name)),
    }
    Ok(None)
}

/// The keys of the symbols shared across cut `k` that occur in the problem.
fn shared_symbols(problem: &Problem, colouring: &Colouring, k: u32) -> Vec<SymbolKey> {
    problem
        .signature
        .ids()
        .filter(|&s| s != Signature::TRUE && colouring.colour(s, k) == Colour::Shared)
        .map(|s| symbol_key(problem, s))
        .collect()
}

fn colouring_of(problem: &Problem, part_of_input: &[u32], parts: u32) -> Colouring {
    let clauses: Vec<(&Clause, u32)> =
        problem.clauses.iter().zip(part_of_input).map(|(c, &p)| (&c.clause, p)).collect();
    Colouring::new(&problem.signature, &problem.bank, &clauses, parts)
}

/// Verifies a binary interpolant for the cut `k`: vocabulary, `A ⊨ I`, `I ∧ B ⊨ ⊥`, where the
/// clauses marked `background` (all in parts `>= k`) count on the A side too.
fn verify_binary(
    problem: &Problem,
    part_of_input: &[u32],
    background: &[bool],
    shared: &[SymbolKey],
    k: u32,
    formula: &Formula,
    budget: &Budget,
) -> Result<Verification, VerificationFailure> {
    let foreign = foreign_symbols(formula, shared);
    if !foreign.is_empty() {
        let names: Vec<String> = foreign.iter().map(|(n, a, _)| format!("{n}/{a}")).collect();
        return Err(VerificationFailure::NotShared(names));
    }
    let (a, b) = side_indices(part_of_input, background, k);
    let entailed_by_a = refute(problem, &a, &[not(formula.clone())], budget)
        .map_err(VerificationFailure::NotEntailedByA)?;
    let refutes_b = refute(problem, &b, std::slice::from_ref(formula), budget)
        .map_err(VerificationFailure::NotRefutingB)?;
    Ok(Verification { entailed_by_a, refutes_b })
}

/// The clause indices of the two sides of cut `k`: A (parts `< k`, and the background clauses,
/// which hold on both sides) and B (parts `>= k`, the background among them).
fn side_indices(part_of_input: &[u32], background: &[bool], k: u32) -> (Vec<usize>, Vec<usize>) {
    let a = (0..part_of_input.len()).filter(|&i| part_of_input[i] < k || background[i]).collect();
    let b = (0..part_of_input.len()).filter(|&i| part_of_input[i] >= k).collect();
    (a, b)
}

/// Part 0 for A, part 1 for B and for the background theory: a background clause is a leaf of
/// the B side in the proof, while its input symbols count as shared (`interpolate`).
/// Given clauses each entailment check of `minimise` may take.
const MINIMISE_GIVEN_CLAUSES: u64 = 2000;

/// At most this many entailment checks per `minimise`.
const MINIMISE_CHECKS: usize = 24;

/// `formula` with parts of its top-level disjunction or conjunction dropped while it stays an
/// interpolant, repeated until no part can go. Dropping a disjunct strengthens the formula, so
/// only `A ∧ T ⊨ I` needs checking again; dropping a conjunct weakens it, so only
/// `I ∧ B ∧ T ⊨ ⊥` does. These checks have a given-clause bound and are only a guide: the
/// result is verified in full like any interpolant, and a part whose check runs out stays.
/// The typical catch is a disjunct that the background theory refutes on its own.
fn minimise(
    problem: &Problem,
    part_of_input: &[u32],
    background: &[bool],
    formula: &Formula,
    budget: &Budget,
) -> Formula {
    let (a, b) = side_indices(part_of_input, background, 1);
    let mut current = formula.clone();
    let mut checks = 0;
    'drop: loop {
        let (parts, disjunction) = match &current {
            Formula::Or(parts) => (parts.clone(), true),
            Formula::And(parts) => (parts.clone(), false),
            _ => break,
        };
        for i in 0..parts.len() {
            if checks == MINIMISE_CHECKS {
                break 'drop;
            }
            checks += 1;
            let mut rest = parts.clone();
            rest.remove(i);
            let candidate = match (rest.len(), disjunction) {
                (1, _) => rest.pop().expect("one part"),
                (_, true) => Formula::Or(rest),
                (_, false) => Formula::And(rest),
            };
            // A ∧ T ∧ ¬I' refuted, or I' ∧ B ∧ T.
            let (clauses, with) =
                if disjunction { (&a, not(candidate.clone())) } else { (&b, candidate.clone()) };
            let holds = refute(problem, clauses, &[with], &budget.at_most(MINIMISE_GIVEN_CLAUSES));
            if holds.is_ok() {
                current = candidate;
                continue 'drop;
            }
        }
        break;
    }
    current
}

fn parts_of_sides(sides: &[Side]) -> Vec<u32> {
    sides.iter().map(|s| if *s == Side::A { 0 } else { 1 }).collect()
}

/// An interpolant for the split of `problem`'s clauses into `sides` (one per clause, in
/// `Problem::clauses` order): a formula over shared symbols implied by the A clauses and
/// inconsistent with the B clauses, verified before it is returned.
///
/// Background clauses (the theory T) hold on both sides: the interpolant satisfies `A ∧ T ⊨ I`
/// and `I ∧ B ∧ T ⊨ ⊥`, and may use T's input symbols. In the proof, a T clause is a leaf of
/// the B side, which makes `A ⊨ I` and `I ∧ B ∧ T ⊨ ⊥`; counting T's symbols as shared only
/// lets more inferences pass the locality filter and more symbols into `I`, and every symbol
/// of T occurs on both sides. T's Skolem and definition symbols stay local to B, so `I` never
/// names them.
pub fn interpolate(
    problem: &Problem,
    sides: &[Side],
    options: &InterpolateOptions,
) -> Result<Interpolation, InterpolateError> {
    let result = split_interpolant(problem, sides, options);
    // A search or check stopped by the cancel flag fails as one out of time would: say why
    // instead. (Nothing unverified is returned either way.)
    if options.search_budget().cancelled() {
        return Err(InterpolateError::Interrupted);
    }
    result
}

/// Given clauses for refuting one side alone, before the split itself is searched.
const SIDE_ALONE_GIVEN_CLAUSES: u64 = 300;

/// `$false` with the figures of the refutation when A (with the background) is unsatisfiable
/// on its own, else `$true` when B is: each is then an interpolant, whatever the other side
/// says, and the one the split's own searches would take longest to find (the locality filter
/// and the precedences favour inferences across the split). Refuted with a small budget; a
/// side that is not refuted within it is left to the usual routes.
fn side_alone(
    problem: &Problem,
    part_of_input: &[u32],
    background: &[bool],
    options: &InterpolateOptions,
) -> Result<Option<(Formula, ProofFigures)>, InterpolateError> {
    let (a, b) = side_indices(part_of_input, background, 1);
    let budget = options.search_budget().at_most(SIDE_ALONE_GIVEN_CLAUSES);
    for (clauses, interpolant, side) in [(&a, Formula::False, "A"), (&b, Formula::True, "B")] {
        match refute(problem, clauses, &[], &budget) {
            Ok(figures) => {
                let figures = ProofFigures {
                    attempt: format!("side {side} alone is unsatisfiable, unrestricted search"),
                    given_clauses: figures.given_clauses,
                    proof_steps: figures.proof_steps,
                    steps_checked: figures.steps_checked,
                };
                return Ok(Some((interpolant, figures)));
            }
            Err(_) if budget.cancelled() => return Err(InterpolateError::Interrupted),
            Err(_) => {}
        }
    }
    Ok(None)
}

/// [`interpolate`], before the cancel flag is looked at.
fn split_interpolant(
    problem: &Problem,
    sides: &[Side],
    options: &InterpolateOptions,
) -> Result<Interpolation, InterpolateError> {
    if sides.len() != problem.clauses.len() {
        return Err(InterpolateError::SideCount {
            given: sides.len(),
            clauses: problem.clauses.len(),
        });
    }
    for (side, name) in [(Side::A, "side A"), (Side::B, "side B")] {
        if !sides.contains(&side) {
            return Err(InterpolateError::EmptySide(name.to_string()));
        }
    }
    let part_of_input = parts_of_sides(sides);
    let background: Vec<bool> = sides.iter().map(|s| *s == Side::Background).collect();
    let mut colouring = colouring_of(problem, &part_of_input, 2);
    for (clause, _) in problem.clauses.iter().zip(&background).filter(|(_, t)| **t) {
        for s in colour::clause_symbols(&problem.bank, &clause.clause) {
            if problem.signature.info(s).origin == SymbolOrigin::Input {
                colouring.share(s);
            }
        }
    }
    let shared = shared_symbols(problem, &colouring, 1);
    let mut notes = Vec::new();
    let clauses: Vec<&Clause> = problem.clauses.iter().map(|c| &c.clause).collect();
    let mut built: Vec<(Method, Formula, Vec<PartialInterpolant>)> = Vec::new();
    let mut figures = None;
    if options.sides_alone
        && let Some((f, found)) = side_alone(problem, &part_of_input, &background, options)?
    {
        built.push((Method::SideAlone, f, Vec::new()));
        figures = Some(found);
    }
    if built.is_empty() && !options.systems.is_empty() && is_propositional(&problem.bank, &clauses)
    {
        let refutation = match search(problem, &colouring, None, &options.search_budget()) {
            Ok(r) => r,
            Err(SearchFailure::Ended(ProofOutcome::Saturated { complete: true })) => {
                return Err(InterpolateError::Satisfiable);
            }
            Err(SearchFailure::Ended(ProofOutcome::LimitReached(Limit::Cancelled))) => {
                return Err(InterpolateError::Interrupted);
            }
            Err(SearchFailure::Ended(outcome)) => {
                return Err(InterpolateError::NoRefutation(outcome.to_string()));
            }
            Err(SearchFailure::Rejected(e)) => return Err(InterpolateError::ProofRejected(e)),
        };
        let view = ProofView {
            proof: &refutation.proof,
            signature: &refutation.prover.signature,
            bank: &refutation.prover.bank,
            part_of_input: &part_of_input,
            colouring: &colouring,
        };
        for &system in &options.systems {
            match resolution_interpolant(&view, 1, system) {
                Ok((f, partials)) => built.push((Method::Resolution(system), f, partials)),
                Err(e) => notes.push(format!("{}: {}", system.name(), e.0)),
            }
        }
        figures = Some(refutation.figures);
    }
    if built.is_empty()
        && options.ground_smt
        && let Some(f) = ground::smt_interpolant(problem, sides)
    {
        built.push((Method::Smt, f, Vec::new()));
        figures = Some(ProofFigures {
            attempt: "the SMT engine (CDCL(T), congruence closure), its proof checked".into(),
            given_clauses: 0,
            proof_steps: 0,
            steps_checked: 0,
        });
    }
    if built.is_empty() {
        let refutation =
            local_refutation(problem, &colouring, &part_of_input, options, &mut notes)?;
        let view = ProofView {
            proof: &refutation.proof,
            signature: &refutation.prover.signature,
            bank: &refutation.prover.bank,
            part_of_input: &part_of_input,
            colouring: &colouring,
        };
        let (f, partials) = local_interpolant(&view, 1).map_err(|node| {
            InterpolateError::NotLocal(format!("clause {} mixes local symbols", node.0))
        })?;
        built.push((Method::LocalProof, f, partials));
        figures = Some(refutation.figures);
    }
    let mut interpolants = Vec::new();
    for (method, raw, partials) in built {
        let check = |f: &Formula| {
            let verdict = verify_binary(
                problem,
                &part_of_input,
                &background,
                &shared,
                1,
                f,
                &options.check_budget(),
            );
            Checked { formula: f.clone(), verdict }
        };
        let simplified = if options.simplify {
            let mut s = simplify::simplify(&raw);
            if options.minimise {
                s = minimise(problem, &part_of_input, &background, &s, &options.check_budget());
            }
            (s != raw).then(|| check(&s))
        } else {
            None
        };
        let raw = check(&raw);
        interpolants.push(Interpolant { method, raw, simplified, partials });
    }
    if interpolants.iter().all(|i| i.best().is_none()) {
        if interpolants.iter().all(|i| i.method == Method::Smt) {
            // The prover did not confirm the SMT engine's interpolant (within its limits): the
            // prover's own local refutation answers instead.
            // (Neither side alone was refuted: that was tried first.)
            let local =
                InterpolateOptions { ground_smt: false, sides_alone: false, ..options.clone() };
            return split_interpolant(problem, sides, &local);
        }
        let reasons: Vec<String> = interpolants
            .iter()
            .filter_map(|i| {
                i.raw.verdict.as_ref().err().map(|e| format!("{}: {e}", i.method.name()))
            })
            .collect();
        return Err(InterpolateError::Unverified(reasons.join("; ")));
    }
    let proof = figures.unwrap_or(ProofFigures {
        attempt: String::new(),
        given_clauses: 0,
        proof_steps: 0,
        steps_checked: 0,
    });
    Ok(Interpolation {
        proof,
        interpolants,
        notes,
        background: background.contains(&true),
        simplify_asked: options.simplify,
    })
}

/// Checks `I(k-1) ∧ Ak ⊨ Ik` for `k = 1..n` and the vocabulary of each `Ik`.
fn verify_sequence(
    problem: &Problem,
    part_of_input: &[u32],
    colouring: &Colouring,
    sequence: &[Formula],
    budget: &Budget,
) -> Result<Vec<CheckFigures>, VerificationFailure> {
    let n = colouring.parts();
    for (i, f) in sequence.iter().enumerate() {
        let k = i as u32 + 1;
        let foreign = foreign_symbols(f, &shared_symbols(problem, colouring, k));
        if !foreign.is_empty() {
            return Err(VerificationFailure::NotSharedAcrossCut(k));
        }
    }
    let mut figures = Vec::new();
    for k in 1..=n {
        let previous = if k == 1 { Formula::True } else { sequence[k as usize - 2].clone() };
        let next = if k == n { Formula::False } else { sequence[k as usize - 1].clone() };
        let clauses: Vec<usize> =
            (0..part_of_input.len()).filter(|&i| part_of_input[i] == k - 1).collect();
        let f = refute(problem, &clauses, &[previous, not(next)], budget)
            .map_err(|failure| VerificationFailure::SequenceStep { cut: k, failure })?;
        figures.push(f);
    }
    Ok(figures)
}

/// Sequence interpolants for the parts `A1..An`: `parts[i]` (below `n`) is the part of clause
/// `i`. All `I1..I(n-1)` come from one refutation local for every cut, and the sequence is
/// verified (`I(k-1) ∧ Ak ⊨ Ik` for every `k`, with `I0 = ⊤`, `In = ⊥`) before it is returned.
pub fn interpolate_sequence(
    problem: &Problem,
    parts: &[usize],
    n: usize,
    options: &InterpolateOptions,
) -> Result<SequenceInterpolation, InterpolateError> {
    if parts.len() != problem.clauses.len() {
        return Err(InterpolateError::SideCount {
            given: parts.len(),
            clauses: problem.clauses.len(),
        });
    }
    for j in 0..n {
        if !parts.contains(&j) {
            return Err(InterpolateError::EmptySide(format!("part {}", j + 1)));
        }
    }
    if let Some(&bad) = parts.iter().find(|&&p| p >= n) {
        return Err(InterpolateError::EmptySide(format!("part {} of {n}", bad + 1)));
    }
    let part_of_input: Vec<u32> = parts.iter().map(|&p| p as u32).collect();
    let colouring = colouring_of(problem, &part_of_input, n as u32);
    let mut notes = Vec::new();
    let refutation = local_refutation(problem, &colouring, &part_of_input, options, &mut notes)?;
    let view = ProofView {
        proof: &refutation.proof,
        signature: &refutation.prover.signature,
        bank: &refutation.prover.bank,
        part_of_input: &part_of_input,
        colouring: &colouring,
    };
    let mut raw = Vec::new();
    let mut partials = Vec::new();
    for k in 1..n as u32 {
        let (f, p) = local_interpolant(&view, k).map_err(|node| {
            InterpolateError::NotLocal(format!("clause {} mixes local symbols", node.0))
        })?;
        raw.push(f);
        partials.push(p);
    }
    let check = options.check_budget();
    let raw_checks =
        verify_sequence(problem, &part_of_input, &colouring, &raw, &check).map_err(|e| {
            if check.cancelled() {
                InterpolateError::Interrupted
            } else {
                InterpolateError::Unverified(e.to_string())
            }
        })?;
    let simplified = if options.simplify {
        let s: Vec<Formula> = raw.iter().map(simplify::simplify).collect();
        match verify_sequence(problem, &part_of_input, &colouring, &s, &check) {
            Ok(checks) => Some((s, checks)),
            Err(e) => {
                notes.push(format!("the simplified sequence is not shown: {e}"));
                None
            }
        }
    } else {
        None
    };
    // A simplified sequence whose checks were stopped is not a failed one.
    if check.cancelled() {
        return Err(InterpolateError::Interrupted);
    }
    Ok(SequenceInterpolation {
        proof: refutation.figures,
        raw,
        raw_checks,
        simplified,
        partials,
        notes,
    })
}

/// Whether the clause set of `problem` is propositional (the McMillan/Pudlák route applies).
pub fn problem_is_propositional(problem: &Problem) -> bool {
    let clauses: Vec<&Clause> = problem.clauses.iter().map(|c| &c.clause).collect();
    is_propositional(&problem.bank, &clauses)
}
