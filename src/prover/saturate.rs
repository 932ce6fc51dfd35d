//! The given-clause loop.
//!
//! craig uses the DISCOUNT loop (as E does): only active clauses take part in inferences and in
//! simplifying others; passive clauses wait untouched until selected, and are simplified then.
//! Each step is cheap because the passive set, which is usually far larger than the active one,
//! is never traversed. The Otter loop simplifies passive clauses too, which pays off only when
//! the passive set is small; under a few-seconds deadline on TPTP-sized problems it mostly costs.
//!
//! The loop can be advanced one given clause at a time (`Prover::step`), so the REPL can show
//! progress and stop it; `Prover::run` loops until an outcome.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

use super::index::{ClauseIndex, TermEntry, TermIndex};
use std::cmp::Reverse;

use super::options::{ClauseWeight, LiteralSelection, OrderingKind, PrecedenceKind, ProverOptions};
use super::passive::PassiveQueue;
use super::proof::{ClauseId, Premise, Proof, ProofNode, ProofStep, Rule};
use super::stats::Stats;
use super::store::{ClauseState, ClauseStore, IntoPosition};
use crate::fol::subst::Renaming;
use crate::fol::{
    ChosenOrdering, Clause, Comparison, Kbo, Literal, Lpo, Precedence, Scope, Signature,
    Substitution, SymbolId, TermBank, TermId, TermOrdering,
};

/// Which limit stopped a search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Limit {
    /// The time limit.
    Time,
    /// The given-clause limit.
    GivenClauses,
    /// The clause-count memory guard.
    Clauses,
    /// The term-count memory guard.
    Terms,
    /// The cancellation flag was raised (Ctrl-C in the REPL).
    Cancelled,
}

/// How a search ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ProofOutcome {
    /// The empty clause was derived.
    Refutation(ClauseId),
    /// No given clause is left. `complete` says whether the strategy and the input translation
    /// were complete, so that saturation means the input is satisfiable.
    Saturated {
        /// Whether saturation proves satisfiability.
        complete: bool,
    },
    /// A limit was reached.
    LimitReached(Limit),
}

/// Plain words for messages, e.g. "the time limit" (a limit's `Debug` name, `Time`, means
/// nothing to a user).
impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Limit::Time => "the time limit",
            Limit::GivenClauses => "the given-clause limit",
            Limit::Clauses => "the clause-count memory guard",
            Limit::Terms => "the term-count memory guard",
            Limit::Cancelled => "an interrupt (Ctrl-C)",
        })
    }
}

/// How a search ended, in plain words, e.g. "the time limit was reached before a refutation
/// was found".
impl std::fmt::Display for ProofOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProofOutcome::Refutation(_) => f.write_str("a refutation was found"),
            ProofOutcome::Saturated { complete: true } => {
                f.write_str("the clauses were saturated without a refutation: they are satisfiable")
            }
            ProofOutcome::Saturated { complete: false } => f.write_str(
                "the clauses were saturated without a refutation, by an incomplete strategy",
            ),
            ProofOutcome::LimitReached(Limit::Cancelled) => {
                f.write_str("the search was interrupted before a refutation was found")
            }
            ProofOutcome::LimitReached(limit) => {
                write!(f, "{limit} was reached before a refutation was found")
            }
        }
    }
}

/// What one call of `step` did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StepOutcome {
    /// A given clause was processed; the search goes on.
    Continue,
    /// The search has ended.
    Done(ProofOutcome),
}

/// Builds the indexes the loop uses, so tests and benchmarks can swap implementations.
pub struct IndexSet {
    /// Maximal sides of eligible positive equations of active clauses (superposition from).
    pub from: Box<dyn TermIndex>,
    /// Subterms of eligible literals of active clauses (superposition into).
    pub into: Box<dyn TermIndex>,
    /// Left sides of positive unit equations (forward demodulation).
    pub demodulators: Box<dyn TermIndex>,
    /// Every non-variable subterm of active clauses (backward demodulation).
    pub subterms: Box<dyn TermIndex>,
    /// Active clauses, for subsumption.
    pub clauses: Box<dyn ClauseIndex>,
}

impl IndexSet {
    /// The default indexes: discrimination trees for terms, a feature-vector index for clauses.
    pub fn standard() -> Self {
        use super::index::{DiscriminationTree, FeatureVectorIndex};
        IndexSet {
            from: Box::new(DiscriminationTree::new()),
            into: Box::new(DiscriminationTree::new()),
            demodulators: Box::new(DiscriminationTree::new()),
            subterms: Box::new(DiscriminationTree::new()),
            clauses: Box::new(FeatureVectorIndex::new()),
        }
    }

    /// Brute-force indexes, the reference the real ones are tested against.
    pub fn linear() -> Self {
        use super::index::{LinearClauseIndex, LinearIndex};
        IndexSet {
            from: Box::new(LinearIndex::new()),
            into: Box::new(LinearIndex::new()),
            demodulators: Box::new(LinearIndex::new()),
            subterms: Box::new(LinearIndex::new()),
            clauses: Box::new(LinearClauseIndex::new()),
        }
    }
}

/// Decides which inference conclusions the loop keeps. Interpolation uses this to keep proofs
/// local (no inference mixes symbols of both sides); any filter that rejects something makes the
/// search incomplete, so saturation is then no longer reported as satisfiability.
pub trait InferenceFilter {
    /// Whether the conclusion made from `premises` may be kept.
    fn allows(&self, premises: &[&Clause], conclusion: &Clause, bank: &TermBank) -> bool;
}

/// The saturation prover over one clause set.
pub struct Prover {
    /// Symbols of the problem (the prover adds none).
    pub signature: Signature,
    /// Terms of the problem and of every derived clause.
    pub bank: TermBank,
    /// The term ordering (KBO or LPO, as the options say).
    pub ordering: ChosenOrdering,
    /// Search options.
    pub options: ProverOptions,
    /// Counters.
    pub stats: Stats,
    pub(crate) store: ClauseStore,
    passive: PassiveQueue,
    indexes: IndexSet,
    pub(crate) subst: Substitution,
    n_inputs: usize,
    cancel: Arc<AtomicBool>,
    started: Option<crate::syntax::clock::Stopwatch>,
    outcome: Option<ProofOutcome>,
    last_given: Option<ClauseId>,
    filter: Option<Box<dyn InferenceFilter>>,
    /// Whether saturation of this clause set means satisfiability.
    complete: bool,
    /// By symbol: its occurrences in the input clauses of the negated conjecture (for
    /// `ClauseWeight::ConjectureRelative`, which asks only whether there are any).
    conjecture_occurrences: Vec<u32>,
    /// Scratch buffers of the subsumption test (a subsuming clause's weighed literals, and which
    /// literals of the subsumed one are taken), kept so that the test allocates nothing.
    pub(crate) subsumption_literals: Vec<(u32, Literal)>,
    pub(crate) subsumption_used: Vec<bool>,
    /// The splitting state, when `options.splitting` is on.
    pub(crate) avatar: Option<Box<super::avatar::Avatar>>,
}

/// The precedence `kind` picks for a problem with these symbol occurrences (in all input clauses,
/// and in those of the negated conjecture).
fn choose_precedence(
    kind: PrecedenceKind,
    signature: &Signature,
    counts: &[u32],
    conjecture_counts: &[u32],
) -> Precedence {
    let count = |id: SymbolId| counts.get(id.0 as usize).copied().unwrap_or(0);
    match kind {
        PrecedenceKind::ArityThenRare => Precedence::by_arity_then_rarity(signature, counts),
        PrecedenceKind::RareHigh => Precedence::sorted_by(signature, |id| Reverse(count(id))),
        PrecedenceKind::FrequentHigh => Precedence::sorted_by(signature, count),
        PrecedenceKind::ConjectureHigh => Precedence::sorted_by(signature, |id| {
            let in_conjecture = conjecture_counts.get(id.0 as usize).is_some_and(|&c| c > 0);
            (in_conjecture, signature.arity(id), Reverse(count(id)))
        }),
    }
}

/// The ordering of `kind` over `precedence`.
fn make_ordering(kind: OrderingKind, precedence: Precedence) -> ChosenOrdering {
    match kind {
        OrderingKind::Kbo => ChosenOrdering::Kbo(Kbo::with_precedence(precedence)),
        OrderingKind::Lpo => ChosenOrdering::Lpo(Lpo::new(precedence)),
    }
}

/// An inference conclusion before it is stored.
pub(crate) struct Conclusion {
    pub literals: Vec<Literal>,
    pub rule: Rule,
    pub premises: Vec<Premise>,
    pub goal: bool,
}

impl Prover {
    /// A prover over `inputs` (each clause with whether it stems from the negated conjecture).
    /// `complete_input` says whether the clauses are an exact translation of the problem.
    pub fn new(
        signature: Signature,
        mut bank: TermBank,
        inputs: &[(Clause, bool)],
        options: ProverOptions,
        complete_input: bool,
    ) -> Self {
        let mut counts = vec![0u32; signature.len()];
        let mut conjecture_occurrences = vec![0u32; signature.len()];
        for (clause, goal) in inputs {
            for l in &clause.literals {
                count_symbols(&bank, l.lhs, &mut counts);
                count_symbols(&bank, l.rhs, &mut counts);
                if *goal {
                    count_symbols(&bank, l.lhs, &mut conjecture_occurrences);
                    count_symbols(&bank, l.rhs, &mut conjecture_occurrences);
                }
            }
        }
        let precedence =
            choose_precedence(options.precedence, &signature, &counts, &conjecture_occurrences);
        let ordering = make_ordering(options.ordering, precedence);
        bank.true_term();
        let avatar = options.splitting.then(|| Box::new(super::avatar::Avatar::new(&mut bank)));
        let mut prover = Prover {
            signature,
            bank,
            ordering,
            options,
            stats: Stats::default(),
            store: ClauseStore::new(),
            passive: PassiveQueue::new(),
            indexes: IndexSet::standard(),
            subst: Substitution::new(),
            n_inputs: inputs.len(),
            cancel: Arc::new(AtomicBool::new(false)),
            started: None,
            outcome: None,
            last_given: None,
            filter: None,
            complete: complete_input,
            conjecture_occurrences,
            subsumption_literals: Vec::new(),
            subsumption_used: Vec::new(),
            avatar,
        };
        for (i, (clause, goal)) in inputs.iter().enumerate() {
            let (clause, _) = clause.normalize_variables(&mut prover.bank);
            let step = ProofStep { rule: Rule::Input, premises: Vec::new(), input_index: Some(i) };
            let id = prover.store.add(clause, step, *goal);
            if prover.store.clause(id).is_empty() {
                prover.outcome = Some(ProofOutcome::Refutation(id));
            }
            let weight = prover.selection_weight(id);
            prover.passive.push(id, weight);
        }
        prover.stats.passive = prover.passive.len() as u64;
        prover
    }

    /// Replaces the symbol precedence of the ordering (before the first step):
    /// `precedence[symbol] = rank`, `$true` lowest.
    pub fn set_precedence(&mut self, precedence: Vec<u32>) {
        debug_assert_eq!(self.stats.given, 0, "the ordering must not change during a search");
        self.ordering = make_ordering(self.options.ordering, Precedence::from_ranks(precedence));
    }

    /// Installs a filter on inference conclusions (before the first step).
    pub fn set_inference_filter(&mut self, filter: Box<dyn InferenceFilter>) {
        self.filter = Some(filter);
    }

    /// Replaces the indexes (before the first step).
    pub fn set_indexes(&mut self, indexes: IndexSet) {
        self.indexes = indexes;
    }

    /// The flag that stops the search when raised (shared with a Ctrl-C handler).
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// Number of input clauses.
    pub fn input_count(&self) -> usize {
        self.n_inputs
    }

    /// The clause `id`.
    pub fn clause(&self, id: ClauseId) -> &Clause {
        self.store.clause(id)
    }

    /// The proof step that made `id`.
    pub fn step_of(&self, id: ClauseId) -> &ProofStep {
        &self.store.get(id).step
    }

    /// Number of clauses ever stored.
    pub fn clause_count(&self) -> usize {
        self.store.len()
    }

    /// The clause the last step activated (after simplification), if it was kept.
    pub fn last_given(&self) -> Option<ClauseId> {
        self.last_given
    }

    /// The literal selected in an active clause.
    pub fn selected_literal(&self, id: ClauseId) -> Option<u16> {
        self.store.get(id).selected
    }

    /// The outcome, once the search has ended.
    pub fn outcome(&self) -> Option<ProofOutcome> {
        self.outcome
    }

    /// Runs until an outcome.
    pub fn run(&mut self) -> ProofOutcome {
        loop {
            if let StepOutcome::Done(outcome) = self.step() {
                return outcome;
            }
        }
    }

    fn check_limits(&self) -> Option<Limit> {
        let limits = &self.options.limits;
        if self.cancel.load(AtomicOrdering::Relaxed) {
            return Some(Limit::Cancelled);
        }
        if let (Some(limit), Some(watch)) = (limits.time, self.started)
            && watch.elapsed() >= limit
        {
            return Some(Limit::Time);
        }
        if limits.given_clauses.is_some_and(|n| self.stats.given >= n) {
            return Some(Limit::GivenClauses);
        }
        if limits.clauses.is_some_and(|n| self.store.len() >= n) {
            return Some(Limit::Clauses);
        }
        if limits.terms.is_some_and(|n| self.bank.len() >= n) {
            return Some(Limit::Terms);
        }
        None
    }

    /// Processes one given clause.
    pub fn step(&mut self) -> StepOutcome {
        if let Some(outcome) = self.outcome {
            return StepOutcome::Done(outcome);
        }
        if self.started.is_none() {
            self.started = Some(crate::syntax::clock::Stopwatch::start(self.options.limits.clock));
        }
        if let Some(limit) = self.check_limits() {
            return self.finish(ProofOutcome::LimitReached(limit));
        }
        let Some(given) = self.passive.pop(self.options.age_ratio, self.options.weight_ratio)
        else {
            return self.finish(ProofOutcome::Saturated { complete: self.complete });
        };
        self.stats.passive = self.passive.len() as u64;
        self.stats.given += 1;
        self.last_given = None;
        let Some(given) = self.forward_simplify(given) else {
            return StepOutcome::Continue;
        };
        self.last_given = Some(given);
        if self.store.clause(given).is_empty() {
            return self.empty_clause(given).unwrap_or(StepOutcome::Continue);
        }
        if let Some(outcome) = self.split(given) {
            return outcome;
        }
        self.activate(given);
        self.backward_simplify(given);
        let mut conclusions = Vec::new();
        self.generate(given, &mut conclusions);
        for conclusion in conclusions {
            self.stats.generated += 1;
            if let Some(filter) = &self.filter {
                let premises: Vec<&Clause> =
                    conclusion.premises.iter().map(|p| self.store.clause(p.clause)).collect();
                let candidate = Clause::new(conclusion.literals.clone());
                if !filter.allows(&premises, &candidate, &self.bank) {
                    // A dropped conclusion may be needed for a refutation.
                    self.complete = false;
                    continue;
                }
            }
            if let Some(id) = self.store_conclusion(conclusion) {
                if !self.holds(id) {
                    // An empty clause earlier in this step moved the model off a premise.
                    self.freeze(id);
                    continue;
                }
                if self.store.clause(id).is_empty() {
                    match self.empty_clause(id) {
                        Some(outcome) => return outcome,
                        None => continue,
                    }
                }
                let weight = self.selection_weight(id);
                self.passive.push(id, weight);
            }
        }
        self.stats.passive = self.passive.len() as u64;
        StepOutcome::Continue
    }

    pub(crate) fn finish(&mut self, outcome: ProofOutcome) -> StepOutcome {
        self.outcome = Some(outcome);
        StepOutcome::Done(outcome)
    }

    fn selection_weight(&self, id: ClauseId) -> u64 {
        let stored = self.store.get(id);
        let mut weight = 0u64;
        for l in &stored.clause.literals {
            let w = match self.options.clause_weight {
                ClauseWeight::Symbols => l.weight(&self.bank) as u64,
                ClauseWeight::ConjectureRelative => {
                    self.conjecture_relative_weight(l.lhs) + self.conjecture_relative_weight(l.rhs)
                }
            };
            // Positive literals weigh more: they breed more superposition inferences.
            weight += if l.positive { 2 * w } else { w };
        }
        let percent = if stored.goal { 100 } else { self.options.non_goal_weight_percent as u64 };
        weight * percent
    }

    /// A term's weight with the conjecture's symbols at 1 and other symbols and variables at 10.
    /// Recursive, as `count_symbols` is: it runs on every new clause, so it allocates nothing.
    fn conjecture_relative_weight(&self, term: TermId) -> u64 {
        let Some(symbol) = self.bank.head(term) else { return 10 };
        let in_conjecture =
            self.conjecture_occurrences.get(symbol.0 as usize).is_some_and(|&n| n > 0);
        let own = if in_conjecture || symbol == Signature::TRUE { 1 } else { 10 };
        own + self.bank.args(term).iter().map(|&a| self.conjecture_relative_weight(a)).sum::<u64>()
    }

    /// Stores an inference conclusion as a new passive clause, unless it is a tautology.
    pub(crate) fn store_conclusion(&mut self, conclusion: Conclusion) -> Option<ClauseId> {
        let clause = Clause::new(conclusion.literals);
        if clause.is_tautology() {
            self.stats.tautologies += 1;
            return None;
        }
        let step =
            ProofStep { rule: conclusion.rule, premises: conclusion.premises, input_index: None };
        Some(self.store.add(clause, step, conclusion.goal))
    }

    /// Builds the conclusion of an inference: `literals` are written over the variables of the
    /// premises (scope `i` for premise `i`) and are instantiated with the current substitution;
    /// `s != s` and repeated literals are dropped; variables are renumbered from 0; each premise's
    /// instance is recorded over the conclusion's variables.
    pub(crate) fn make_conclusion(
        &mut self,
        rule: Rule,
        premises: &[ClauseId],
        literals: &[(Literal, Scope)],
    ) -> Conclusion {
        let mut renaming = Renaming::new();
        let mut instantiated: Vec<Literal> = Vec::with_capacity(literals.len());
        for &(l, scope) in literals {
            let lhs = self.subst.apply(&mut self.bank, l.lhs, scope, &mut renaming);
            let rhs = self.subst.apply(&mut self.bank, l.rhs, scope, &mut renaming);
            instantiated.push(Literal::new(lhs, rhs, l.positive));
        }
        self.finish_conclusion(rule, premises, instantiated, renaming)
    }

    /// Completes a conclusion whose literals are already instantiated under the current
    /// substitution with `renaming`: drops `s != s` and repeated literals, records each premise's
    /// instance (premise `i` is scope `i`) with the same renaming, renumbers the conclusion's
    /// variables from 0 and the instances with them.
    pub(crate) fn finish_conclusion(
        &mut self,
        rule: Rule,
        premises: &[ClauseId],
        instantiated: Vec<Literal>,
        mut renaming: Renaming,
    ) -> Conclusion {
        let mut clause = Clause::new(instantiated);
        clause.remove_trivial_and_duplicate_literals();
        let mut instances: Vec<Vec<TermId>> = Vec::with_capacity(premises.len());
        for (scope, &p) in premises.iter().enumerate() {
            let n = self.store.clause(p).var_bound(&self.bank);
            let mut inst = Vec::with_capacity(n as usize);
            for v in 0..n {
                let x = self.bank.var(v);
                inst.push(self.subst.apply(&mut self.bank, x, scope as Scope, &mut renaming));
            }
            instances.push(inst);
        }
        let (clause, old_of_new) = clause.normalize_variables(&mut self.bank);
        let premises =
            self.renumber_instances(premises, instances, &old_of_new, renaming.next_fresh());
        let goal = premises.iter().any(|p| self.store.get(p.clause).goal);
        Conclusion { literals: clause.literals, rule, premises, goal }
    }

    /// Renumbers instance terms the way `normalize_variables` renumbered the conclusion; variables
    /// that do not occur in the conclusion get numbers after the conclusion's.
    pub(crate) fn renumber_instances(
        &mut self,
        premises: &[ClauseId],
        instances: Vec<Vec<TermId>>,
        old_of_new: &[u32],
        bound: u32,
    ) -> Vec<Premise> {
        let identity = old_of_new.iter().enumerate().all(|(i, &v)| i as u32 == v);
        let mut new_of_old: Vec<u32> = vec![u32::MAX; bound.max(1) as usize];
        for (new, &old) in old_of_new.iter().enumerate() {
            if (old as usize) < new_of_old.len() {
                new_of_old[old as usize] = new as u32;
            }
        }
        let mut next = old_of_new.len() as u32;
        let mut result = Vec::with_capacity(premises.len());
        for (&clause, inst) in premises.iter().zip(instances) {
            let instance = if identity {
                inst
            } else {
                inst.into_iter()
                    .map(|t| {
                        self.bank.map_vars(t, &mut |bank, v| {
                            if new_of_old.len() <= v as usize {
                                new_of_old.resize(v as usize + 1, u32::MAX);
                            }
                            if new_of_old[v as usize] == u32::MAX {
                                new_of_old[v as usize] = next;
                                next += 1;
                            }
                            bank.var(new_of_old[v as usize])
                        })
                    })
                    .collect()
            };
            result.push(Premise { clause, instance });
        }
        result
    }

    /// Chooses the selected literal of a clause about to become active.
    fn select_literal(&self, clause: &Clause) -> Option<u16> {
        let has_positive = clause.literals.iter().any(|l| l.positive);
        let wanted = match self.options.selection {
            LiteralSelection::None => false,
            LiteralSelection::MaxWeightNegative => true,
            LiteralSelection::MaxWeightNegativeIfPositive => has_positive,
            LiteralSelection::MostInstantiatedNegative => true,
            LiteralSelection::Complex => return self.select_complex(clause),
        };
        if !wanted {
            return None;
        }
        let instantiation = |l: &Literal| -> u32 {
            if self.options.selection != LiteralSelection::MostInstantiatedNegative {
                return 0;
            }
            let mut n = 0;
            for side in [l.lhs, l.rhs] {
                if self.bank.head(side) == Some(Signature::TRUE) {
                    continue;
                }
                n += if self.bank.is_var(side) { 0 } else { 1 };
                n += self.bank.args(side).iter().filter(|&&a| !self.bank.is_var(a)).count() as u32;
            }
            n
        };
        let mut best: Option<((u32, u32), usize)> = None;
        for (i, l) in clause.literals.iter().enumerate() {
            if !l.positive {
                let key = (instantiation(l), l.weight(&self.bank));
                if best.is_none_or(|(bk, _)| key > bk) {
                    best = Some((key, i));
                }
            }
        }
        best.map(|(_, i)| i as u16)
    }

    /// [`LiteralSelection::Complex`]'s choice.
    fn select_complex(&self, clause: &Clause) -> Option<u16> {
        let negatives: Vec<usize> =
            (0..clause.literals.len()).filter(|&i| !clause.literals[i].positive).collect();
        if negatives.is_empty() {
            return None;
        }
        let positives: Vec<usize> =
            (0..clause.literals.len()).filter(|&i| clause.literals[i].positive).collect();
        if let [head] = positives[..] {
            let head_literal = &clause.literals[head];
            let strictly_maximal = negatives.iter().all(|&i| {
                head_literal.compare(&clause.literals[i], &self.ordering, &self.bank)
                    == Comparison::Greater
            });
            if strictly_maximal {
                return None;
            }
        }
        let bank = &self.bank;
        if let Some(&i) = negatives.iter().find(|&&i| {
            let l = &clause.literals[i];
            bank.is_var(l.lhs) && bank.is_var(l.rhs)
        }) {
            return Some(i as u16);
        }
        let ground_lightest = negatives
            .iter()
            .filter(|&&i| {
                bank.is_ground(clause.literals[i].lhs) && bank.is_ground(clause.literals[i].rhs)
            })
            .min_by_key(|&&i| (clause.literals[i].weight(bank), i));
        if let Some(&i) = ground_lightest {
            return Some(i as u16);
        }
        let lopsidedness = |i: usize| {
            let l = &clause.literals[i];
            bank.weight(l.lhs).abs_diff(bank.weight(l.rhs))
        };
        // The first of the most lopsided: `max_by_key` would take the last.
        negatives
            .iter()
            .copied()
            .min_by_key(|&i| (std::cmp::Reverse(lopsidedness(i)), i))
            .map(|i| i as u16)
    }

    /// Whether literal `i` of `clause` may take part in inferences, judged before instantiation:
    /// selected, or (nothing selected and) not smaller than another literal.
    pub(crate) fn literal_eligible(
        &self,
        clause: &Clause,
        selected: Option<u16>,
        i: usize,
    ) -> bool {
        match selected {
            Some(s) => s as usize == i,
            None => {
                let l = &clause.literals[i];
                clause.literals.iter().enumerate().all(|(j, m)| {
                    j == i || m.compare(l, &self.ordering, &self.bank) != Comparison::Greater
                })
            }
        }
    }

    /// Whether `literals[i]` is maximal (`strict`: strictly maximal) among `literals`.
    pub(crate) fn is_maximal(&self, literals: &[Literal], i: usize, strict: bool) -> bool {
        let l = &literals[i];
        literals.iter().enumerate().all(|(j, m)| {
            if j == i {
                return true;
            }
            match m.compare(l, &self.ordering, &self.bank) {
                Comparison::Greater => false,
                Comparison::Equal => !strict,
                _ => true,
            }
        })
    }

    /// Sides of a literal that can be maximal: `(side, this, other)`; the `$true` side never is.
    pub(crate) fn candidate_sides(&self, l: &Literal) -> Vec<(u8, TermId, TermId)> {
        let mut sides = Vec::with_capacity(2);
        let cmp = self.ordering.compare(&self.bank, l.lhs, l.rhs);
        let true_rhs = l.is_predicate(&self.bank);
        if cmp != Comparison::Less {
            sides.push((0, l.lhs, l.rhs));
        }
        if !true_rhs && cmp != Comparison::Greater && cmp != Comparison::Equal {
            sides.push((1, l.rhs, l.lhs));
        }
        sides
    }

    fn index_entries(&self, id: ClauseId) -> IndexedTerms {
        let stored = self.store.get(id);
        let clause = &stored.clause;
        let mut entries = IndexedTerms::default();
        let unit_equation = clause.len() == 1
            && clause.literals[0].positive
            && !clause.literals[0].is_predicate(&self.bank);
        if unit_equation {
            let l = clause.literals[0];
            for (side, s, _) in self.candidate_sides(&l) {
                if !self.bank.is_var(s) {
                    entries.demodulators.push((s, entry(id, 0, side, 0)));
                }
            }
        }
        for (i, l) in clause.literals.iter().enumerate() {
            for (side, s) in [(0u8, l.lhs), (1u8, l.rhs)] {
                let mut positions = Vec::new();
                self.bank.non_variable_positions(s, &mut positions);
                for path in positions {
                    let t = self.bank.subterm_at(s, &path).expect("position exists");
                    if self.bank.head(t) != Some(Signature::TRUE) {
                        entries.subterms.push((t, entry(id, i, side, 0)));
                    }
                }
            }
        }
        let mut into_positions = Vec::new();
        for (i, l) in clause.literals.iter().enumerate() {
            if !self.literal_eligible(clause, stored.selected, i) {
                continue;
            }
            for (side, s, _) in self.candidate_sides(l) {
                // A variable side is a candidate only when the other side does not contain it
                // (`candidate_sides` keeps no smaller side): `X = f(a)` says every term equals
                // `f(a)`, and refutations of such sets need it to rewrite any subterm.
                if l.positive && stored.selected.is_none() {
                    entries.from.push((s, entry(id, i, side, 0)));
                }
                let mut positions = Vec::new();
                self.bank.non_variable_positions(s, &mut positions);
                for path in positions {
                    let t = self.bank.subterm_at(s, &path).expect("position exists");
                    let k = into_positions.len() as u32;
                    entries.into.push((t, entry(id, i, side, k)));
                    into_positions.push(IntoPosition { literal: i as u16, side, path });
                }
            }
        }
        entries.into_positions = into_positions;
        entries
    }

    pub(crate) fn activate(&mut self, id: ClauseId) {
        let selected = self.select_literal(self.store.clause(id));
        {
            let stored = self.store.get_mut(id);
            stored.selected = selected;
            stored.state = ClauseState::Active;
        }
        let entries = self.index_entries(id);
        for &(t, e) in &entries.from {
            self.indexes.from.insert(&self.bank, t, e);
        }
        for &(t, e) in &entries.into {
            self.indexes.into.insert(&self.bank, t, e);
        }
        for &(t, e) in &entries.demodulators {
            self.indexes.demodulators.insert(&self.bank, t, e);
        }
        for &(t, e) in &entries.subterms {
            self.indexes.subterms.insert(&self.bank, t, e);
        }
        let clause = self.store.clause(id).clone();
        self.indexes.clauses.insert(&self.bank, &clause, id);
        self.store.get_mut(id).into_positions = entries.into_positions;
        self.stats.active += 1;
    }

    /// Removes an active clause from the active set and every index; it stays in the store.
    pub(crate) fn retire(&mut self, id: ClauseId) {
        self.leave_search(id, ClauseState::Retired);
    }

    /// Takes a clause out of the search (the active set and its indexes, or the passive set)
    /// into `state`.
    pub(crate) fn leave_search(&mut self, id: ClauseId, new_state: ClauseState) {
        let state = self.store.get(id).state;
        if state == ClauseState::Active {
            let entries = self.index_entries(id);
            for &(t, e) in &entries.from {
                self.indexes.from.remove(&self.bank, t, e);
            }
            for &(t, e) in &entries.into {
                self.indexes.into.remove(&self.bank, t, e);
            }
            for &(t, e) in &entries.demodulators {
                self.indexes.demodulators.remove(&self.bank, t, e);
            }
            for &(t, e) in &entries.subterms {
                self.indexes.subterms.remove(&self.bank, t, e);
            }
            let clause = self.store.clause(id).clone();
            self.indexes.clauses.remove(&self.bank, &clause, id);
            self.stats.active -= 1;
        } else if state == ClauseState::Passive {
            self.passive.remove(id);
            self.stats.passive = self.passive.len() as u64;
        }
        self.store.get_mut(id).state = new_state;
    }

    pub(crate) fn is_active(&self, id: ClauseId) -> bool {
        self.store.get(id).state == ClauseState::Active
    }

    pub(crate) fn indexes(&self) -> &IndexSet {
        &self.indexes
    }

    /// Pushes a clause made by simplification of an active clause back into the passive set.
    pub(crate) fn requeue(&mut self, id: ClauseId) {
        let weight = self.selection_weight(id);
        self.passive.push(id, weight);
    }

    /// The refutation ending in `empty`: every clause it depends on, premises first.
    pub fn extract_proof(&self, empty: ClauseId) -> Proof {
        let mut seen = vec![false; self.store.len()];
        let mut order = Vec::new();
        // Iterative post-order so deep proofs cannot overflow the stack.
        let mut stack: Vec<(ClauseId, bool)> = vec![(empty, false)];
        while let Some((id, expanded)) = stack.pop() {
            if expanded {
                order.push(id);
                continue;
            }
            if seen[id.0 as usize] {
                continue;
            }
            seen[id.0 as usize] = true;
            stack.push((id, true));
            for p in self.store.get(id).step.premises.iter().rev() {
                if !seen[p.clause.0 as usize] {
                    stack.push((p.clause, false));
                }
            }
        }
        Proof {
            nodes: order
                .into_iter()
                .map(|id| ProofNode {
                    id,
                    clause: self.proof_clause(id),
                    step: self.store.get(id).step.clone(),
                })
                .collect(),
        }
    }
}

fn entry(clause: ClauseId, literal: usize, side: u8, position: u32) -> TermEntry {
    TermEntry { clause, literal: literal as u16, side, position }
}

#[derive(Default)]
struct IndexedTerms {
    from: Vec<(TermId, TermEntry)>,
    into: Vec<(TermId, TermEntry)>,
    demodulators: Vec<(TermId, TermEntry)>,
    subterms: Vec<(TermId, TermEntry)>,
    into_positions: Vec<IntoPosition>,
}

fn count_symbols(bank: &TermBank, t: TermId, counts: &mut [u32]) {
    if let Some(h) = bank.head(t) {
        if let Some(c) = counts.get_mut(h.0 as usize) {
            *c += 1;
        }
        for &a in bank.args(t) {
            count_symbols(bank, a, counts);
        }
    }
}
