//! An instantiation-based refutation engine: ground instances of the input clauses chosen by
//! E-matching in rounds, decided by craig's ground SMT core ([`crate::smt`]), every
//! unsatisfiable answer checked before it is reported.
//!
//! The engine is for the clause sets superposition drowns in: small, nearly ground, whose
//! refutation needs case analysis on ground equalities (frame axioms `X = r | f2(X) = f(X)`,
//! typing axioms, invariants as guarded clauses). Superposition explores the equational
//! consequences of every clause; here only instances over the ground terms at hand are made,
//! and the SMT core does the case analysis.
//!
//! # The loop
//!
//! - Triggers ([`triggers`]): for every non-ground clause, its minimal non-variable subterms
//!   that contain all its variables, or, when none does, a set of subterms that together cover
//!   them (a multi-trigger). Variables left uncovered (occurring only directly under an
//!   equation) are instantiated with the known ground terms of the current generation.
//! - Generations: ground terms of the input have generation 0; a term first made by an
//!   instance whose substitution uses terms of generation at most `g` has generation `g + 1`.
//!   A round matches triggers only against terms up to the current bound; the bound grows by
//!   one when a round finds nothing new, so chains such as `alloc(left(left(..)))` grow one
//!   step at a time instead of exploding.
//! - Matching is syntactic, and modulo the equivalence classes of the last SMT model: an
//!   argument of a trigger may match any ground term the model puts in the same class.
//! - After each round that made instances, the input ground clauses and every instance go to
//!   [`crate::smt::check`]. Unsatisfiable: the instances in the SMT core are re-checked by
//!   [`check`] (an independent matcher) to be substitution instances of their source clauses,
//!   and the ground formulas to say what the instances say; then the answer is a refutation.
//!   Satisfiable: the model's classes guide the next round.
//!
//! Instantiation is incomplete, so the engine never answers "satisfiable": when the limits
//! (rounds, instances, generation, time, a cancel flag) are reached it answers "unknown".
//!
//! # Determinism
//!
//! Clauses, triggers and terms are visited in creation order; hash maps are only looked up,
//! never iterated; so the same input gives the same instances and counters. Only the time
//! limit and the cancel flag depend on the clock.

pub mod check;
pub mod triggers;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::fol::{Clause, Literal, Signature, SymbolId, TermBank, TermId, TermView};
use crate::smt::{self, Formula, SmtStats, SortId, TermStore};
use crate::syntax::clock::{Clock, Stopwatch};
use triggers::{ClauseTriggers, select_triggers};

/// Limits of one run.
#[derive(Clone, Debug)]
pub struct InstOptions {
    /// Rounds of matching (deterministic).
    pub max_rounds: u64,
    /// Instances made in all (deterministic).
    pub max_instances: usize,
    /// The largest term generation matched against.
    pub max_generation: u32,
    /// Matches one trigger may yield in one round (a guard against multi-trigger blow-up).
    pub max_matches_per_trigger: usize,
    /// Time limit, measured on `clock`.
    pub time: Option<Duration>,
    /// The clock `time` is measured on (CPU time unless a caller says otherwise:
    /// [`crate::syntax::clock`]).
    pub clock: Clock,
    /// Raised to stop the run (Ctrl-C).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for InstOptions {
    fn default() -> InstOptions {
        InstOptions {
            max_rounds: 64,
            max_instances: 20_000,
            max_generation: 6,
            max_matches_per_trigger: 2_000,
            time: None,
            clock: Clock::default(),
            cancel: None,
        }
    }
}

impl InstOptions {
    /// Limits derived from a given-clause limit `steps` of the prover, so that a caller with a
    /// deterministic budget (`--steps N`) gets a deterministic instantiation run of comparable
    /// effort: two instances per given clause (an instance is much cheaper than a given
    /// clause), and the default round and generation bounds.
    pub fn from_steps(steps: u64) -> InstOptions {
        InstOptions {
            max_instances: usize::try_from(steps.saturating_mul(2)).unwrap_or(usize::MAX).max(1),
            ..InstOptions::default()
        }
    }
}

/// The counters of one run (deterministic: no times).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InstStats {
    /// Matching rounds run.
    pub rounds: u64,
    /// Instances made.
    pub instances: u64,
    /// Calls of the SMT core.
    pub smt_checks: u64,
    /// SAT calls inside the SMT core, over all checks.
    pub smt_rounds: u64,
    /// Theory lemmas the SMT core added, over all checks.
    pub smt_lemmas: u64,
    /// Distinct ground terms known at the end.
    pub ground_terms: u64,
    /// The generation bound reached.
    pub generation: u64,
}

impl InstStats {
    /// The counters as (name, value) pairs, in a fixed order, for `--stats`.
    pub fn counters(&self) -> [(&'static str, u64); 7] {
        [
            ("rounds", self.rounds),
            ("instances", self.instances),
            ("smt-checks", self.smt_checks),
            ("smt-rounds", self.smt_rounds),
            ("smt-lemmas", self.smt_lemmas),
            ("ground-terms", self.ground_terms),
            ("generation", self.generation),
        ]
    }
}

/// Why a run stopped without a refutation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The round limit was reached.
    Rounds,
    /// The instance limit was reached.
    Instances,
    /// Nothing new matched up to the largest generation (not a proof of satisfiability).
    Exhausted,
    /// The time limit was reached.
    Time,
    /// The cancel flag was raised.
    Cancelled,
    /// The SMT core failed, or a refutation failed the check (never reported as a proof).
    Error(String),
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstOutcome {
    /// The instances are unsatisfiable, checked; `core` lists the input clauses (indices) whose
    /// instances (or themselves, when ground) the refutation used, ascending.
    Unsat {
        /// Input clause indices, ascending.
        core: Vec<usize>,
    },
    /// No answer.
    Unknown(StopReason),
}

/// One ground instance of an input clause.
#[derive(Clone, Debug)]
pub struct Instance {
    /// The input clause (an index into the clauses given).
    pub source: usize,
    /// The term each variable of the source stands for (variable `i` at position `i`); empty
    /// for a ground input clause.
    pub substitution: Vec<TermId>,
    /// The instance, literal for literal the source's literals under the substitution.
    pub clause: Clause,
}

/// The result of [`refute`].
#[derive(Clone, Debug)]
pub struct InstResult {
    /// How it ended.
    pub outcome: InstOutcome,
    /// The counters.
    pub stats: InstStats,
    /// The ground clauses given to the SMT core in the last check: the ground input clauses,
    /// then the instances in the order they were made.
    pub instances: Vec<Instance>,
    /// For a refutation, the ground clauses its SMT core used (indices into `instances`,
    /// ascending): a small set whose unsatisfiability [`recheck_ground`] re-derives, which is
    /// what a proof cache keeps. Empty without a refutation.
    pub refutation: Vec<usize>,
}

/// The sorts of the SMT translation: craig's clauses are sort-erased, so one sort of
/// individuals; atoms are Boolean.
struct SmtTranslation {
    store: TermStore,
    individual: SortId,
    funs: FxHashMap<SymbolId, smt::FunId>,
    terms: FxHashMap<TermId, smt::TermId>,
}

impl SmtTranslation {
    fn new() -> SmtTranslation {
        let mut store = TermStore::new();
        let individual = store.declare_sort("U");
        SmtTranslation {
            store,
            individual,
            funs: FxHashMap::default(),
            terms: FxHashMap::default(),
        }
    }

    fn term(&mut self, signature: &Signature, bank: &TermBank, t: TermId) -> smt::TermId {
        if let Some(&s) = self.terms.get(&t) {
            return s;
        }
        let result = match bank.view(t) {
            // Instances are ground; a variable here would be a bug upstream, and mapping it to
            // a constant of its own keeps the translation total (it only weakens nothing: the
            // check of the instances rejects non-ground ones before any answer is given).
            TermView::Var(v) => {
                let name = format!("$var{v}");
                let f = self.store.declare_fun(&name, Vec::new(), self.individual, true);
                self.store.apply(f, Vec::new())
            }
            TermView::App(head, args) if head == Signature::TRUE && args.is_empty() => {
                self.store.true_term()
            }
            TermView::App(head, args) => {
                let args: Vec<TermId> = args.to_vec();
                let smt_args: Vec<smt::TermId> =
                    args.iter().map(|&a| self.term(signature, bank, a)).collect();
                let individual = self.individual;
                let store = &mut self.store;
                let f = *self.funs.entry(head).or_insert_with(|| {
                    let result = if bank.is_atom(t) { SortId::BOOL } else { individual };
                    store.declare_fun(
                        signature.name(head),
                        vec![individual; args.len()],
                        result,
                        false,
                    )
                });
                self.store.apply(f, smt_args)
            }
        };
        self.terms.insert(t, result);
        result
    }

    fn literal(&mut self, signature: &Signature, bank: &TermBank, l: &Literal) -> Formula {
        let is_true = |t: TermId| bank.head(t) == Some(Signature::TRUE);
        let atom = match (is_true(l.lhs), is_true(l.rhs)) {
            (true, true) => Formula::True,
            (false, true) => Formula::Atom(self.term(signature, bank, l.lhs)),
            (true, false) => Formula::Atom(self.term(signature, bank, l.rhs)),
            (false, false) if bank.is_atom(l.lhs) && bank.is_atom(l.rhs) => Formula::Iff(
                Box::new(Formula::Atom(self.term(signature, bank, l.lhs))),
                Box::new(Formula::Atom(self.term(signature, bank, l.rhs))),
            ),
            (false, false) => {
                Formula::Eq(self.term(signature, bank, l.lhs), self.term(signature, bank, l.rhs))
            }
        };
        if l.positive { atom } else { Formula::Not(Box::new(atom)) }
    }

    fn clause(&mut self, signature: &Signature, bank: &TermBank, c: &Clause) -> Formula {
        Formula::Or(c.literals.iter().map(|l| self.literal(signature, bank, l)).collect())
    }
}

/// The ground terms known so far, with their generations, indexed by head symbol.
#[derive(Default)]
struct GroundTerms {
    generation: FxHashMap<TermId, u32>,
    /// Every known non-variable ground term, in the order it became known.
    all: Vec<TermId>,
    by_head: FxHashMap<SymbolId, Vec<TermId>>,
}

impl GroundTerms {
    /// Registers `t` and its subterms; a term already known keeps its generation.
    fn register(&mut self, bank: &TermBank, t: TermId, generation: u32) {
        if self.generation.contains_key(&t) || !bank.is_ground(t) {
            return;
        }
        let TermView::App(head, args) = bank.view(t) else { return };
        for &a in args {
            self.register(bank, a, generation);
        }
        if head == Signature::TRUE {
            return;
        }
        self.generation.insert(t, generation);
        self.all.push(t);
        self.by_head.entry(head).or_default().push(t);
    }

    fn generation_of(&self, t: TermId) -> u32 {
        self.generation.get(&t).copied().unwrap_or(0)
    }

    fn with_head(&self, head: SymbolId) -> &[TermId] {
        self.by_head.get(&head).map_or(&[], |v| v.as_slice())
    }
}

/// The classes of the last SMT model, for matching modulo equality: the class of each
/// individual term (its value), and each class's members by head.
#[derive(Default)]
struct ModelClasses {
    class_of: FxHashMap<TermId, (bool, u32)>,
    members: FxHashMap<((bool, u32), SymbolId), Vec<TermId>>,
}

/// A partial substitution: the term bound to each variable.
type Bindings = Vec<Option<TermId>>;

struct Matcher<'a> {
    bank: &'a TermBank,
    terms: &'a GroundTerms,
    classes: &'a ModelClasses,
    bound: u32,
    limit: usize,
}

impl Matcher<'_> {
    fn same_class(&self, a: TermId, b: TermId) -> bool {
        a == b
            || matches!(
                (self.classes.class_of.get(&a), self.classes.class_of.get(&b)),
                (Some(x), Some(y)) if x == y
            )
    }

    /// The ground terms `pattern` (headed by `head`) may match where `ground` stands: `ground`
    /// itself when its head agrees, and every term of its model class with that head.
    fn candidates(&self, head: SymbolId, ground: TermId) -> Vec<TermId> {
        let mut out = Vec::new();
        if self.bank.head(ground) == Some(head) {
            out.push(ground);
        }
        if let Some(class) = self.classes.class_of.get(&ground)
            && let Some(members) = self.classes.members.get(&(*class, head))
        {
            for &m in members {
                if m != ground && self.terms.generation_of(m) <= self.bound {
                    out.push(m);
                }
            }
        }
        out
    }

    /// Extends every substitution of `partial` so that `pattern` matches `ground` (modulo the
    /// model's classes below the root); the results, at most `self.limit` of them.
    fn extend(&self, pattern: TermId, ground: TermId, partial: Vec<Bindings>) -> Vec<Bindings> {
        match self.bank.view(pattern) {
            TermView::Var(v) => partial
                .into_iter()
                .filter_map(|mut b| {
                    let slot = b.get_mut(v as usize)?;
                    match *slot {
                        None => {
                            *slot = Some(ground);
                            Some(b)
                        }
                        Some(old) if self.same_class(old, ground) => Some(b),
                        Some(_) => None,
                    }
                })
                .collect(),
            TermView::App(head, pattern_args) => {
                if self.bank.is_ground(pattern) {
                    return if self.same_class(pattern, ground) { partial } else { Vec::new() };
                }
                let mut out = Vec::new();
                for candidate in self.candidates(head, ground) {
                    let ground_args = self.bank.args(candidate);
                    if ground_args.len() != pattern_args.len() {
                        continue;
                    }
                    let mut current = partial.clone();
                    for (&p, &g) in pattern_args.iter().zip(ground_args) {
                        if current.is_empty() {
                            break;
                        }
                        current = self.extend(p, g, current);
                    }
                    out.extend(current);
                    if out.len() >= self.limit {
                        out.truncate(self.limit);
                        break;
                    }
                }
                out
            }
        }
    }

    /// Every substitution under which the terms of `trigger` all match known ground terms of
    /// generation within the bound.
    fn match_trigger(&self, trigger: &[TermId], variables: usize) -> Vec<Bindings> {
        let mut partial: Vec<Bindings> = vec![vec![None; variables]];
        for &pattern in trigger {
            let Some(head) = self.bank.head(pattern) else { return Vec::new() };
            let mut next = Vec::new();
            for &ground in self.terms.with_head(head) {
                if self.terms.generation_of(ground) > self.bound {
                    continue;
                }
                let args = self.bank.args(ground);
                let pattern_args = self.bank.args(pattern);
                if args.len() != pattern_args.len() {
                    continue;
                }
                let mut current = partial.clone();
                for (&p, &g) in pattern_args.iter().zip(args) {
                    if current.is_empty() {
                        break;
                    }
                    current = self.extend(p, g, current);
                }
                next.extend(current);
                if next.len() >= self.limit {
                    next.truncate(self.limit);
                    break;
                }
            }
            partial = next;
            if partial.is_empty() {
                break;
            }
        }
        partial
    }
}

/// The state of one run.
struct Engine<'a> {
    signature: &'a Signature,
    bank: &'a mut TermBank,
    clauses: &'a [Clause],
    options: &'a InstOptions,
    triggers: Vec<Option<ClauseTriggers>>,
    terms: GroundTerms,
    classes: ModelClasses,
    ground: Vec<Instance>,
    made: FxHashSet<(usize, Vec<TermId>)>,
    smt: SmtTranslation,
    formulas: Vec<Formula>,
    stats: InstStats,
    start: Stopwatch,
    /// The SMT core of the refutation, once found (indices into `ground`).
    refutation: Vec<usize>,
}

/// Searches for a refutation of `clauses` (over `signature` and `bank`; the instances' terms
/// are added to `bank`) by instantiation and ground SMT, within `options`' limits. An `Unsat`
/// answer has passed [`check`]: every instance it used is a substitution instance of its
/// source, and the ground refutation was checked by the SMT core.
pub fn refute(
    signature: &Signature,
    bank: &mut TermBank,
    clauses: &[Clause],
    options: &InstOptions,
) -> InstResult {
    let triggers = clauses
        .iter()
        .map(|c| if c.is_ground(bank) { None } else { Some(select_triggers(bank, c)) })
        .collect();
    let mut engine = Engine {
        signature,
        bank,
        clauses,
        options,
        triggers,
        terms: GroundTerms::default(),
        classes: ModelClasses::default(),
        ground: Vec::new(),
        made: FxHashSet::default(),
        smt: SmtTranslation::new(),
        formulas: Vec::new(),
        stats: InstStats::default(),
        start: Stopwatch::start(options.clock),
        refutation: Vec::new(),
    };
    let outcome = engine.run();
    engine.stats.ground_terms = engine.terms.all.len() as u64;
    let refutation = std::mem::take(&mut engine.refutation);
    InstResult { outcome, stats: engine.stats, instances: engine.ground, refutation }
}

/// Why [`recheck_ground`] did not re-derive a refutation.
#[derive(Debug, thiserror::Error)]
pub enum GroundError {
    /// An instance names an input clause the problem does not have.
    #[error("instance {index} names input clause {source_index}, which the problem lacks")]
    NoSource {
        /// The instance's position.
        index: usize,
        /// The input clause it names.
        source_index: usize,
    },
    /// An instance is not a ground substitution instance of its source, or its formula does
    /// not say what it says.
    #[error("instance {index}: {error}")]
    Instance {
        /// The instance's position.
        index: usize,
        /// What the instance checker found.
        error: check::CheckError,
    },
    /// The SMT core stopped or rejected one of its own steps.
    #[error("the SMT core failed: {0}")]
    Smt(#[from] smt::SmtError),
    /// The SMT core found a model: the ground clauses do not refute anything.
    #[error("the ground clauses are satisfiable")]
    Satisfiable,
}

/// Re-derives a refutation from the ground clauses it used (as [`InstResult::refutation`]
/// names them), with nothing of the search that found it: each instance (an input clause's
/// index into `clauses` and a ground clause over `signature` and `bank`) is checked to be a
/// substitution instance of its source by the independent matcher ([`check::check_instance`])
/// and its SMT formula to say what it says ([`check::check_formula`]); then the SMT core decides
/// the ground clauses as given (no matching, no rounds), and its unsatisfiable answer is itself
/// checked (each theory lemma by a naive congruence closure, the SAT refutation by
/// `crate::sat`'s proof checker). `Ok` only when all of that holds.
pub fn recheck_ground(
    signature: &Signature,
    bank: &TermBank,
    clauses: &[Clause],
    instances: &[(usize, Clause)],
) -> Result<(), GroundError> {
    let mut smt = SmtTranslation::new();
    let mut formulas = Vec::with_capacity(instances.len());
    for (index, (source_index, instance)) in instances.iter().enumerate() {
        let source = clauses
            .get(*source_index)
            .ok_or(GroundError::NoSource { index, source_index: *source_index })?;
        let formula = smt.clause(signature, bank, instance);
        check::check_instance(bank, source, instance)
            .and_then(|()| check::check_formula(signature, bank, &smt.store, instance, &formula))
            .map_err(|error| GroundError::Instance { index, error })?;
        formulas.push(formula);
    }
    // Nothing is tracked: only the verdict matters, not which clauses it used.
    let tracked = vec![false; formulas.len()];
    let mut stats = SmtStats::default();
    match smt::check(&smt.store, &formulas, &tracked, &mut stats)? {
        smt::Answer::Unsat { .. } => Ok(()),
        smt::Answer::Sat(_) => Err(GroundError::Satisfiable),
    }
}

impl Engine<'_> {
    fn stopped(&self) -> Option<StopReason> {
        if self.options.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Some(StopReason::Cancelled);
        }
        if self.start.reached(self.options.time) {
            return Some(StopReason::Time);
        }
        None
    }

    /// Adds a ground clause (an input clause or an instance) to the set the SMT core decides.
    fn add_ground(&mut self, instance: Instance, generation: u32) {
        for l in &instance.clause.literals {
            self.terms.register(self.bank, l.lhs, generation);
            self.terms.register(self.bank, l.rhs, generation);
        }
        let formula = self.smt.clause(self.signature, self.bank, &instance.clause);
        self.formulas.push(formula);
        self.ground.push(instance);
    }

    fn run(&mut self) -> InstOutcome {
        for (i, c) in self.clauses.iter().enumerate() {
            if c.is_ground(self.bank) {
                let instance = Instance { source: i, substitution: Vec::new(), clause: c.clone() };
                self.add_ground(instance, 0);
            }
        }
        // Non-ground clauses' ground subterms (constants such as `r_1` in `X = r_1 | ..`) are
        // known terms of generation 0 too.
        for c in self.clauses {
            for l in &c.literals {
                for side in [l.lhs, l.rhs] {
                    self.register_ground_subterms(side);
                }
            }
        }
        let mut bound = 0u32;
        let mut checked_count = usize::MAX;
        loop {
            if let Some(reason) = self.stopped() {
                return InstOutcome::Unknown(reason);
            }
            // Decide what we have whenever it changed since the last check.
            if checked_count != self.ground.len() {
                checked_count = self.ground.len();
                match self.decide() {
                    Ok(Some(core)) => return InstOutcome::Unsat { core },
                    Ok(None) => {}
                    Err(reason) => return InstOutcome::Unknown(reason),
                }
            }
            if self.stats.rounds >= self.options.max_rounds {
                return InstOutcome::Unknown(StopReason::Rounds);
            }
            if self.stats.instances as usize >= self.options.max_instances {
                return InstOutcome::Unknown(StopReason::Instances);
            }
            self.stats.rounds += 1;
            self.stats.generation = u64::from(bound);
            let made = self.round(bound);
            if made == 0 {
                if bound >= self.options.max_generation {
                    return InstOutcome::Unknown(StopReason::Exhausted);
                }
                bound += 1;
            }
        }
    }

    fn register_ground_subterms(&mut self, t: TermId) {
        if self.bank.is_ground(t) {
            self.terms.register(self.bank, t, 0);
            return;
        }
        let args = self.bank.args(t).to_vec();
        for a in args {
            self.register_ground_subterms(a);
        }
    }

    /// One round of matching at generation bound `bound`: the number of instances made.
    fn round(&mut self, bound: u32) -> usize {
        let mut found: Vec<(usize, Vec<TermId>)> = Vec::new();
        {
            let matcher = Matcher {
                bank: self.bank,
                terms: &self.terms,
                classes: &self.classes,
                bound,
                limit: self.options.max_matches_per_trigger,
            };
            for (i, triggers) in self.triggers.iter().enumerate() {
                let Some(triggers) = triggers else { continue };
                let variables = triggers.variables as usize;
                for trigger in &triggers.triggers {
                    let matches = matcher.match_trigger(&trigger.terms, variables);
                    for bindings in matches {
                        for full in
                            complete(self.bank, &bindings, &trigger.uncovered, &self.terms, bound)
                        {
                            if !self.made.contains(&(i, full.clone())) {
                                found.push((i, full));
                            }
                        }
                    }
                }
            }
        }
        let mut made = 0;
        for (source, substitution) in found {
            if self.stats.instances as usize >= self.options.max_instances {
                break;
            }
            if !self.made.insert((source, substitution.clone())) {
                continue;
            }
            let generation =
                substitution.iter().map(|&t| self.terms.generation_of(t)).max().unwrap_or(0);
            let clause = instantiate(self.bank, &self.clauses[source], &substitution);
            self.add_ground(Instance { source, substitution, clause }, generation + 1);
            self.stats.instances += 1;
            made += 1;
        }
        made
    }

    /// Runs the SMT core on every ground clause so far: `Some(core)` when unsatisfiable and
    /// checked, `None` when satisfiable (the model's classes are kept for matching).
    fn decide(&mut self) -> Result<Option<Vec<usize>>, StopReason> {
        self.stats.smt_checks += 1;
        let tracked = vec![true; self.formulas.len()];
        let mut smt_stats = SmtStats::default();
        let answer = smt::check(&self.smt.store, &self.formulas, &tracked, &mut smt_stats);
        self.stats.smt_rounds += smt_stats.rounds;
        self.stats.smt_lemmas += smt_stats.lemmas;
        match answer {
            Err(e) => Err(StopReason::Error(e.to_string())),
            Ok(smt::Answer::Unsat { core }) => {
                let mut sources = Vec::new();
                for &i in &core {
                    let Some(instance) = self.ground.get(i) else {
                        return Err(StopReason::Error("core names no instance".to_string()));
                    };
                    let Some(source) = self.clauses.get(instance.source) else {
                        return Err(StopReason::Error("instance of no input clause".to_string()));
                    };
                    if let Err(e) = check::check_instance(self.bank, source, &instance.clause)
                        .and_then(|()| {
                            check::check_formula(
                                self.signature,
                                self.bank,
                                &self.smt.store,
                                &instance.clause,
                                &self.formulas[i],
                            )
                        })
                    {
                        return Err(StopReason::Error(format!("refutation rejected: {e}")));
                    }
                    sources.push(instance.source);
                }
                sources.sort_unstable();
                sources.dedup();
                self.refutation = core;
                Ok(Some(sources))
            }
            Ok(smt::Answer::Sat(model)) => {
                self.classes = ModelClasses::default();
                for &t in &self.terms.all {
                    let Some(&s) = self.smt.terms.get(&t) else { continue };
                    let is_bool = self.smt.store.sort_of(s) == SortId::BOOL;
                    let class = (is_bool, model.value(&self.smt.store, s));
                    self.classes.class_of.insert(t, class);
                    if let Some(head) = self.bank.head(t) {
                        self.classes.members.entry((class, head)).or_default().push(t);
                    }
                }
                Ok(None)
            }
        }
    }
}

/// How many ground terms an uncovered variable may range over in one match (they come only
/// from clauses whose variables occur directly under equations, which are rare).
const UNCOVERED_TERMS: usize = 32;

/// The full substitutions extending `bindings`: each variable in `uncovered` (bound by no
/// trigger) ranges over the known individual terms of generation within `bound`.
fn complete(
    bank: &TermBank,
    bindings: &Bindings,
    uncovered: &[u32],
    terms: &GroundTerms,
    bound: u32,
) -> Vec<Vec<TermId>> {
    let mut partial: Vec<Bindings> = vec![bindings.clone()];
    for &v in uncovered {
        let choices: Vec<TermId> = terms
            .all
            .iter()
            .copied()
            .filter(|&t| !bank.is_atom(t) && terms.generation_of(t) <= bound)
            .take(UNCOVERED_TERMS)
            .collect();
        let mut next = Vec::new();
        for b in &partial {
            for &t in &choices {
                let mut b = b.clone();
                if let Some(slot) = b.get_mut(v as usize) {
                    *slot = Some(t);
                }
                next.push(b);
            }
        }
        partial = next;
    }
    partial.into_iter().filter_map(|b| b.into_iter().collect::<Option<Vec<TermId>>>()).collect()
}

/// `clause` under the substitution (variable `i` to `substitution[i]`), literal for literal.
pub fn instantiate(bank: &mut TermBank, clause: &Clause, substitution: &[TermId]) -> Clause {
    let mut map = |bank: &mut TermBank, v: u32| {
        substitution.get(v as usize).copied().unwrap_or_else(|| bank.var(v))
    };
    let literals = clause
        .literals
        .iter()
        .map(|l| {
            Literal::new(bank.map_vars(l.lhs, &mut map), bank.map_vars(l.rhs, &mut map), l.positive)
        })
        .collect();
    Clause::new(literals)
}

#[cfg(test)]
mod tests;
