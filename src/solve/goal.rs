//! The goal checker: HOL sequents translated (`crate::translate`) and proved, with the validity
//! of left-out schematic hypotheses decided once per hypothesis and cached.
//!
//! The translation never runs the prover. A schematic hypothesis about built-in operators only
//! is left out of the problem; leaving it out loses nothing if it is valid on its own, and that
//! is decided here, by proving it as a lemma without hypotheses (each type parameter standing for
//! an arbitrary sort, so a proof covers every type instance) within a deterministic given-clause
//! limit, with a checked proof. The answer depends on the hypothesis and the definitions alone,
//! so a [`ValidityCache`] kept with a loaded module answers each hypothesis once.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Arc;

use super::answer::SzsStatus;
use super::solve_problem;
use crate::fol::{Problem, Signature as FolSignature, TermBank};
use crate::hol::{Sequent, Signature as HolSignature};
use crate::prover::{Proof, ProverOptions};
use crate::translate::{
    SequentOutcome, SequentTranslation, TranslateOptions, VALIDITY_OPTIONS, translate_sequent,
    validity_sequent,
};

/// Given-clause limit of a validity proof: these are small, and a count (not a time) keeps
/// the translation deterministic.
pub const VALIDITY_GIVEN_CLAUSES: u64 = 2_000;

/// The validity of left-out hypotheses, by name, decided once: `Some(given clauses)` when proved
/// valid. Keep one per loaded module (names are unique in a module, and the answer depends only
/// on the hypothesis and its definitions).
#[derive(Debug, Default)]
pub struct ValidityCache {
    answers: RefCell<BTreeMap<String, Option<u64>>>,
    proofs_run: std::cell::Cell<u64>,
}

impl ValidityCache {
    /// An empty cache.
    pub fn new() -> ValidityCache {
        ValidityCache::default()
    }

    /// How many validity proofs were run (each hypothesis at most once).
    pub fn proofs_run(&self) -> u64 {
        self.proofs_run.get()
    }

    /// Whether hypothesis `index` of `sequent` is valid on its own; the given clauses of the
    /// checked proof if so.
    pub fn proved_valid(
        &self,
        signature: HolSignature<'_>,
        sequent: &Sequent,
        index: usize,
    ) -> Option<u64> {
        let name = &sequent.hypotheses[index].name;
        if let Some(answer) = self.answers.borrow().get(name) {
            return *answer;
        }
        self.proofs_run.set(self.proofs_run.get() + 1);
        let answer = prove_valid(signature, sequent, index);
        self.answers.borrow_mut().insert(name.clone(), answer);
        answer
    }
}

/// Proves hypothesis `index` of `sequent` valid on its own; the given clauses it took.
fn prove_valid(signature: HolSignature<'_>, sequent: &Sequent, index: usize) -> Option<u64> {
    let question = validity_sequent(sequent, index);
    let mut prover = ProverOptions::default();
    prover.limits.given_clauses = Some(VALIDITY_GIVEN_CLAUSES);
    prover.limits.time = None;
    let mut given = 0;
    for translation in translate_sequent(signature, &question, &VALIDITY_OPTIONS, "<validity>") {
        match translation.outcome {
            SequentOutcome::Discharged(_) => {}
            SequentOutcome::Refused(_) => return None,
            SequentOutcome::Problem(problem) => {
                // Its own left-out hypotheses are not asked about: the problem stays marked
                // incomplete, which only matters for saturation, and a refutation is a proof
                // either way.
                let solved = solve_problem(Arc::unwrap_or_clone(problem), prover.clone(), true);
                given += solved.stats().given;
                if !matches!(
                    solved.status,
                    SzsStatus::Theorem | SzsStatus::Unsatisfiable | SzsStatus::ContradictoryAxioms
                ) {
                    return None;
                }
            }
        }
    }
    Some(given)
}

/// Translates a sequent and settles its validity questions through `validity`.
pub fn translate_settled(
    signature: HolSignature<'_>,
    sequent: &Sequent,
    options: &TranslateOptions,
    file: &str,
    validity: &ValidityCache,
) -> Vec<SequentTranslation> {
    let mut translations = translate_sequent(signature, sequent, options, file);
    for translation in &mut translations {
        translation.settle_validity(|q| validity.proved_valid(signature, sequent, q.hypothesis));
    }
    translations
}

/// Whether a status is a refutation: the problem's clauses have no model.
fn proves(status: SzsStatus) -> bool {
    matches!(status, SzsStatus::Theorem | SzsStatus::ContradictoryAxioms | SzsStatus::Unsatisfiable)
}

/// The verdict on a lemma.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every sequent was discharged or refuted with a checked proof.
    Proved,
    /// Some sequent's clauses were saturated (or its translation refused): not provable as
    /// translated.
    NotProved,
    /// The prover stopped without an answer (limit, or an incomplete problem saturated).
    GaveUp,
}

impl Verdict {
    /// `proved`, `not proved`, `gave up`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Proved => "proved",
            Verdict::NotProved => "not proved",
            Verdict::GaveUp => "gave up",
        }
    }
}

/// The result of proving one lemma.
#[derive(Clone, Debug)]
pub struct LemmaResult {
    /// The lemma.
    pub lemma: String,
    /// The verdict.
    pub verdict: Verdict,
    /// Given clauses over all its sequents.
    pub given: u64,
    /// Generated clauses over all its sequents.
    pub generated: u64,
    /// Wall-clock time of translating and proving, over all its sequents.
    pub elapsed: std::time::Duration,
    /// How many sequents it was split into.
    pub sequents: usize,
    /// How many of them were discharged without the prover.
    pub discharged: usize,
    /// How many of them were searched (by the prover or the instantiation engine).
    pub searched: usize,
    /// How many of them a [`ProofHook`] settled by re-checking a proof it held.
    pub rechecked: usize,
}

/// What a caller may do around each problem of a lemma's translation: settle it from a proof it
/// already holds (a proof cache), and keep each refutation a search finds. The hook is trusted
/// to say `true` only for a proof it re-checked against `problem` itself, never for a stored
/// verdict.
pub trait ProofHook {
    /// Before part `part` of the lemma is searched under `strategy`: whether the hook settled it
    /// by re-checking a proof of `problem` it holds (then no search runs).
    fn settle(&mut self, part: usize, problem: &Problem, strategy: &Strategy) -> bool;
    /// After a search refuted part `part`: the refutation, checked, over `signature` and `bank`
    /// (supersets of the problem's: the prover may have named split components).
    fn refuted(&mut self, part: usize, proof: &Proof, signature: &FolSignature, bank: &TermBank);
    /// After the instantiation engine refuted part `part`: the run, checked by the engine and
    /// the SMT core, whose result names the ground clauses the refutation used.
    fn instantiated(&mut self, part: usize, solved: &super::InstSolved);
}

/// The hook that holds nothing and keeps nothing.
struct NoHook;

impl ProofHook for NoHook {
    fn settle(&mut self, _: usize, _: &Problem, _: &Strategy) -> bool {
        false
    }
    fn refuted(&mut self, _: usize, _: &Proof, _: &FolSignature, _: &TermBank) {}
    fn instantiated(&mut self, _: usize, _: &super::InstSolved) {}
}

/// How a translated problem is attacked: craig's superposition prover with these options, or
/// the instantiation engine ([`crate::inst`]) with these limits.
#[derive(Clone, Debug)]
pub enum Strategy {
    /// Saturation by the superposition prover.
    Superposition(ProverOptions),
    /// E-matching instantiation decided by the ground SMT core; it never saturates, so it
    /// answers proved or gave up.
    Instantiation(crate::inst::InstOptions),
}

/// Translates and proves one sequent (every split sequent of it); every proof is re-checked by
/// the proof checker.
pub fn check_sequent(
    signature: HolSignature<'_>,
    sequent: &Sequent,
    options: &TranslateOptions,
    prover: &ProverOptions,
    file: &str,
    validity: &ValidityCache,
) -> LemmaResult {
    let strategy = Strategy::Superposition(prover.clone());
    check_sequent_with(signature, sequent, options, &strategy, file, validity)
}

/// [`check_sequent`] under a [`Strategy`]: the same translation and the same reading of its
/// outcomes for either engine (an incomplete problem may be refuted; only a complete one's
/// saturation is a counter-model, and instantiation never claims one). An instantiation
/// refutation is checked by the engine before it counts (its instances re-matched by an
/// independent checker, its ground refutation by the SMT core's checks).
pub fn check_sequent_with(
    signature: HolSignature<'_>,
    sequent: &Sequent,
    options: &TranslateOptions,
    strategy: &Strategy,
    file: &str,
    validity: &ValidityCache,
) -> LemmaResult {
    check_sequent_hooked(signature, sequent, options, strategy, file, validity, &mut NoHook)
}

/// [`check_sequent_with`] with a [`ProofHook`] asked before each problem is searched and told of
/// each refutation found.
pub fn check_sequent_hooked(
    signature: HolSignature<'_>,
    sequent: &Sequent,
    options: &TranslateOptions,
    strategy: &Strategy,
    file: &str,
    validity: &ValidityCache,
    hook: &mut dyn ProofHook,
) -> LemmaResult {
    let started = Started::now(strategy);
    let sequents = translate_settled(signature, sequent, options, file, validity);
    check_translated(&sequent.name, &sequents, strategy, hook, started)
}

/// When a lemma's check started: its time limit is measured on the strategy's clock (CPU time
/// unless its options say otherwise), its translation included; `elapsed` reports wall time,
/// for people.
#[derive(Clone, Copy, Debug)]
pub struct Started {
    watch: crate::syntax::clock::Stopwatch,
    wall: std::time::Instant,
}

impl Started {
    /// Now, on `strategy`'s clock.
    pub fn now(strategy: &Strategy) -> Started {
        let clock = match strategy {
            Strategy::Superposition(prover) => prover.limits.clock,
            Strategy::Instantiation(inst) => inst.clock,
        };
        Started {
            watch: crate::syntax::clock::Stopwatch::start(clock),
            wall: std::time::Instant::now(),
        }
    }
}

/// The search half of [`check_sequent_hooked`], on a lemma's translation made already (a
/// caller that looked its problems up in a cache first does not translate twice). `started`
/// is when the lemma's check started, its translation included.
pub fn check_translated(
    lemma: &str,
    sequents: &[SequentTranslation],
    strategy: &Strategy,
    hook: &mut dyn ProofHook,
    started: Started,
) -> LemmaResult {
    let Started { watch, wall: start } = started;
    let mut result = LemmaResult {
        lemma: lemma.to_string(),
        verdict: Verdict::Proved,
        given: 0,
        generated: 0,
        elapsed: std::time::Duration::ZERO,
        sequents: sequents.len(),
        discharged: 0,
        searched: 0,
        rechecked: 0,
    };
    // A strategy's time limit is for the whole lemma, however many parts it splits into: each
    // part gets what the parts before it left.
    let remaining = |limit: Option<std::time::Duration>| limit.map(|limit| watch.remaining(limit));
    for (part, s) in sequents.iter().enumerate() {
        let verdict = match &s.outcome {
            SequentOutcome::Discharged(_) => {
                result.discharged += 1;
                Verdict::Proved
            }
            SequentOutcome::Refused(_) => Verdict::NotProved,
            SequentOutcome::Problem(problem) if hook.settle(part, problem, strategy) => {
                result.rechecked += 1;
                Verdict::Proved
            }
            SequentOutcome::Problem(problem) => {
                result.searched += 1;
                let status = match strategy {
                    Strategy::Superposition(prover) => {
                        let mut prover = prover.clone();
                        prover.limits.time = remaining(prover.limits.time);
                        let solved =
                            solve_problem(Arc::unwrap_or_clone(problem.clone()), prover, true);
                        result.given += solved.stats().given;
                        result.generated += solved.stats().generated;
                        if let (Some(proof), Some(Ok(_))) = (&solved.proof, &solved.check)
                            && proves(solved.status)
                        {
                            hook.refuted(
                                part,
                                proof,
                                &solved.prover.signature,
                                &solved.prover.bank,
                            );
                        }
                        solved.status
                    }
                    Strategy::Instantiation(inst) => {
                        let inst =
                            crate::inst::InstOptions { time: remaining(inst.time), ..inst.clone() };
                        let solved = super::solve_instantiation(
                            Arc::unwrap_or_clone(problem.clone()),
                            &inst,
                        );
                        // Instances stand in for generated clauses in the counters.
                        result.generated += solved.result.stats.instances;
                        if proves(solved.status) {
                            hook.instantiated(part, &solved);
                        }
                        solved.status
                    }
                };
                match status {
                    _ if proves(status) => Verdict::Proved,
                    SzsStatus::CounterSatisfiable | SzsStatus::Satisfiable => Verdict::NotProved,
                    _ => Verdict::GaveUp,
                }
            }
        };
        result.verdict = match (result.verdict, verdict) {
            (Verdict::NotProved, _) | (_, Verdict::NotProved) => Verdict::NotProved,
            (Verdict::GaveUp, _) | (_, Verdict::GaveUp) => Verdict::GaveUp,
            _ => Verdict::Proved,
        };
        // A part that is not provable as translated settles the lemma: the parts after it
        // cannot change the verdict, only cost time.
        if result.verdict == Verdict::NotProved {
            break;
        }
    }
    result.elapsed = start.elapsed();
    result
}
