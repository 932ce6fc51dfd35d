//! Simplification: trivial literal removal, tautology deletion, forward and backward demodulation
//! with unit equations, forward and backward subsumption, and subsumption resolution.
//!
//! Every simplification that replaces a clause records a proof step with the instances it used,
//! and every deletion keeps the calculus complete: demodulation only uses instances of unit
//! equations smaller than the rewritten clause (the root of a positive literal's side is
//! rewritten only when the literal's other side is larger than the result), and subsumption is
//! multiset subsumption (distinct literals map to distinct literals), so a clause never deletes
//! one of its own factors.

use super::proof::{ClauseId, Premise, ProofStep, Rule};
use super::saturate::Prover;
use crate::fol::subst::Renaming;
use crate::fol::{Clause, Comparison, Literal, TermBank, TermId, TermOrdering};

/// How many literal match attempts one multiset subsumption test may make before it answers
/// "not subsumed" (see [`Prover::subsumes`]).
const SUBSUMPTION_MATCH_BUDGET: u32 = 5_000;

/// The ways a literal of a subsuming clause can be laid onto another literal: as written, and
/// for an equation between distinct sides also flipped (`=` is symmetric).
fn orientations(bank: &TermBank, l: &Literal) -> impl Iterator<Item = (TermId, TermId)> + use<> {
    let (lhs, rhs) = (l.lhs, l.rhs);
    let both = !l.is_predicate(bank) && lhs != rhs;
    std::iter::once((lhs, rhs)).chain(both.then_some((rhs, lhs)))
}

/// Whether `pattern` can match `target` as far as their head symbols tell: a variable pattern may
/// match anything, an application only an application of the same symbol.
fn heads_agree(bank: &TermBank, pattern: TermId, target: TermId) -> bool {
    match bank.head(pattern) {
        None => true,
        Some(f) => bank.head(target) == Some(f),
    }
}

/// A rewrite done by demodulation: the unit equation used and its instance.
struct RewriteStep {
    equation: ClauseId,
    instance: Vec<TermId>,
}

impl Prover {
    pub(crate) fn identity_instance(&mut self, id: ClauseId) -> Vec<TermId> {
        let n = self.store.clause(id).var_bound(&self.bank);
        (0..n).map(|v| self.bank.var(v)).collect()
    }

    /// Stores a clause made from `premise` (and others) by simplification; the clause takes the
    /// premise's goal flag. `clause` is over the premise's variables; it is normalized here.
    fn store_simplified(
        &mut self,
        rule: Rule,
        clause: Clause,
        mut premise_ids: Vec<ClauseId>,
        mut instances: Vec<Vec<TermId>>,
        main: ClauseId,
    ) -> ClauseId {
        premise_ids.insert(0, main);
        instances.insert(0, self.identity_instance(main));
        let bound = instances
            .iter()
            .flatten()
            .map(|&t| self.bank.var_bound(t))
            .chain(std::iter::once(clause.var_bound(&self.bank)))
            .max()
            .unwrap_or(0);
        let (clause, old_of_new) = clause.normalize_variables(&mut self.bank);
        let premises: Vec<Premise> =
            self.renumber_instances(&premise_ids, instances, &old_of_new, bound);
        let goal = premise_ids.iter().any(|&p| self.store.get(p).goal);
        self.store.add(clause, ProofStep { rule, premises, input_index: None }, goal)
    }

    /// Simplifies a freshly selected clause; `None` when it was deleted.
    pub(crate) fn forward_simplify(&mut self, id: ClauseId) -> Option<ClauseId> {
        let mut current = id;
        loop {
            let mut clause = self.store.clause(current).clone();
            if clause.remove_trivial_and_duplicate_literals() {
                let new = self.store_simplified(
                    Rule::TrivialLiteralRemoval,
                    clause,
                    vec![],
                    vec![],
                    current,
                );
                self.retire(current);
                current = new;
                continue;
            }
            if clause.is_tautology() {
                self.stats.tautologies += 1;
                self.retire(current);
                return None;
            }
            if let Some(new) = self.demodulate(current) {
                self.retire(current);
                current = new;
                continue;
            }
            if self.forward_subsumed(current) {
                self.stats.forward_subsumed += 1;
                self.retire(current);
                return None;
            }
            if let Some(new) = self.subsumption_resolution(current) {
                self.retire(current);
                current = new;
                continue;
            }
            return Some(current);
        }
    }

    /// Rewrites `id` to normal form with the active unit equations; `None` when nothing changes.
    fn demodulate(&mut self, id: ClauseId) -> Option<ClauseId> {
        if self.indexes().demodulators.is_empty() {
            return None;
        }
        let clause = self.store.clause(id).clone();
        let first_fresh = clause.var_bound(&self.bank);
        let mut steps: Vec<RewriteStep> = Vec::new();
        let mut literals = Vec::with_capacity(clause.len());
        for l in &clause.literals {
            let lhs_guard = l.positive.then_some(l.rhs);
            let rhs_guard = l.positive.then_some(l.lhs);
            let lhs = self.normalize_term(id, l.lhs, lhs_guard, first_fresh, &mut steps);
            let rhs = self.normalize_term(id, l.rhs, rhs_guard, first_fresh, &mut steps);
            literals.push(Literal::new(lhs, rhs, l.positive));
        }
        if steps.is_empty() {
            return None;
        }
        self.stats.forward_rewrites += steps.len() as u64;
        let mut new_clause = Clause::new(literals);
        new_clause.remove_trivial_and_duplicate_literals();
        let (ids, instances): (Vec<_>, Vec<_>) =
            steps.into_iter().map(|s| (s.equation, s.instance)).unzip();
        Some(self.store_simplified(Rule::Demodulation, new_clause, ids, instances, id))
    }

    /// Innermost normal form of `t`. `root_guard` is the other side of a positive literal: the
    /// root of `t` may only be rewritten to a result smaller than it.
    fn normalize_term(
        &mut self,
        target: ClauseId,
        t: TermId,
        root_guard: Option<TermId>,
        first_fresh: u32,
        steps: &mut Vec<RewriteStep>,
    ) -> TermId {
        let Some(head) = self.bank.head(t) else {
            return t;
        };
        let args = self.bank.args(t).to_vec();
        let mut changed = false;
        let mut new_args = Vec::with_capacity(args.len());
        for &a in &args {
            let n = self.normalize_term(target, a, None, first_fresh, steps);
            changed |= n != a;
            new_args.push(n);
        }
        let mut current = if changed {
            let is_atom = self.bank.is_atom(t);
            self.bank.app_with_kind(head, is_atom, &new_args)
        } else {
            t
        };
        // A rewrite at the root yields a new term, normalized again (its root included).
        if let Some(next) = self.rewrite_root(target, current, root_guard, first_fresh, steps) {
            current = self.normalize_term(target, next, root_guard, first_fresh, steps);
        }
        current
    }

    /// One rewrite step at the root of `t`, if a demodulator applies.
    fn rewrite_root(
        &mut self,
        target: ClauseId,
        t: TermId,
        root_guard: Option<TermId>,
        first_fresh: u32,
        steps: &mut Vec<RewriteStep>,
    ) -> Option<TermId> {
        if self.bank.is_atom(t) {
            return None;
        }
        let mut candidates = Vec::new();
        self.indexes().demodulators.generalizations(&self.bank, t, &mut candidates);
        if candidates.is_empty() {
            return None;
        }
        candidates.sort_unstable_by_key(|&(term, e)| (e, term));
        for (_, e) in candidates {
            if !self.is_active(e.clause) || !self.may_simplify(e.clause, target) {
                continue;
            }
            let eq = self.store.clause(e.clause).literals[0];
            let (l, r) = if e.side == 0 { (eq.lhs, eq.rhs) } else { (eq.rhs, eq.lhs) };
            self.subst.clear();
            if !self.subst.matches(&self.bank, l, 0, t, 1) {
                continue;
            }
            let mut renaming = Renaming::keeping(1, first_fresh);
            let r_inst = self.subst.apply(&mut self.bank, r, 0, &mut renaming);
            // Variables of r not bound by matching l: not a rewrite of t to a smaller term.
            if renaming.next_fresh() != first_fresh {
                continue;
            }
            let oriented = self.ordering.compare(&self.bank, l, r) == Comparison::Greater;
            if !oriented && self.ordering.compare(&self.bank, t, r_inst) != Comparison::Greater {
                continue;
            }
            if let Some(guard) = root_guard
                && self.ordering.compare(&self.bank, guard, r_inst) != Comparison::Greater
            {
                continue;
            }
            let n = self.store.clause(e.clause).var_bound(&self.bank);
            let mut instance = Vec::with_capacity(n as usize);
            for v in 0..n {
                let x = self.bank.var(v);
                instance.push(self.subst.apply(&mut self.bank, x, 0, &mut renaming));
            }
            self.subst.clear();
            steps.push(RewriteStep { equation: e.clause, instance });
            return Some(r_inst);
        }
        self.subst.clear();
        None
    }

    /// Whether `c` subsumes the literals `d` (multiset subsumption); on success the instance of
    /// `c`'s variables, over `d`'s variables.
    pub(crate) fn subsumes(&mut self, c: ClauseId, d: &[Literal]) -> Option<Vec<TermId>> {
        let d_weight = d.iter().map(|l| l.weight(&self.bank)).sum();
        self.subsumes_using(c, d, d_weight, None)
    }

    /// [`Self::subsumes`] with `d`'s weight computed once by the caller, and optionally a literal
    /// `d[required]` that some literal of `c` must match (checked first, as it is cheap).
    fn subsumes_using(
        &mut self,
        c: ClauseId,
        d: &[Literal],
        d_weight: u32,
        required: Option<usize>,
    ) -> Option<Vec<TermId>> {
        let c_literals = &self.store.clause(c).literals;
        if c_literals.len() > d.len() {
            return None;
        }
        // Most candidates fail on weight: test it before copying anything.
        let c_weight: u32 = c_literals.iter().map(|l| l.weight(&self.bank)).sum();
        if c_weight > d_weight {
            return None;
        }
        // `c`'s literals are copied (the matching below needs `self` mutably) into a buffer the
        // prover keeps, so that a subsumption test allocates nothing.
        let mut weighed = std::mem::take(&mut self.subsumption_literals);
        weighed.clear();
        weighed.extend(c_literals.iter().map(|l| (l.weight(&self.bank), *l)));
        let result = self.subsumes_weighed(c, &mut weighed, d, required);
        self.subsumption_literals = weighed;
        result
    }

    /// [`Self::subsumes_using`] once `c`'s literals are in `weighed` with their weights.
    fn subsumes_weighed(
        &mut self,
        c: ClauseId,
        weighed: &mut [(u32, Literal)],
        d: &[Literal],
        required: Option<usize>,
    ) -> Option<Vec<TermId>> {
        self.subst.clear();
        if let Some(j) = required
            && !weighed.iter().any(|(_, cl)| self.literal_matches(cl, &d[j]))
        {
            return None;
        }
        // A literal of `c` that matches no literal of `d` on its own ends the test in linear
        // time; without this check the search below would find it out once per partial match
        // of the literals before it, which is exponential in long clauses.
        for (_, cl) in weighed.iter() {
            if !d.iter().any(|dl| self.literal_matches(cl, dl)) {
                return None;
            }
        }
        // Heavier literals first: they fail sooner. (A stable sort, as before: ties keep the
        // clause's order, so the search and the instance found do not change.)
        weighed.sort_by_key(|(w, _)| std::cmp::Reverse(*w));
        let mut used = std::mem::take(&mut self.subsumption_used);
        used.clear();
        used.resize(d.len(), false);
        // Multiset subsumption is NP-complete; the search is cut after a fixed number of match
        // attempts (deterministically), which only ever keeps a clause that could be deleted.
        let mut budget = SUBSUMPTION_MATCH_BUDGET;
        let found = self.subsume_rec(weighed, 0, d, &mut used, &mut budget);
        self.subsumption_used = used;
        let result = found.then(|| {
            let n = self.store.clause(c).var_bound(&self.bank);
            (0..n)
                .map(|v| match self.subst.binding(v, 0) {
                    Some((t, _)) => t,
                    // Unreachable for clauses whose variables all occur; harmless otherwise.
                    None => self.bank.var(0),
                })
                .collect()
        });
        self.subst.clear();
        result
    }

    /// Whether `cl` matches `dl` (in either orientation of an equation) under no earlier
    /// bindings; the substitution is left as it was.
    fn literal_matches(&mut self, cl: &Literal, dl: &Literal) -> bool {
        if dl.positive != cl.positive {
            return false;
        }
        if self.sides_match_unbound(cl.lhs, cl.rhs, dl) {
            return true;
        }
        // The flipped orientation, for an equation between distinct sides (see `orientations`).
        !cl.is_predicate(&self.bank)
            && cl.lhs != cl.rhs
            && self.sides_match_unbound(cl.rhs, cl.lhs, dl)
    }

    /// Whether `a = b` matches onto `dl`'s sides in this orientation; the substitution is left as
    /// it was. Most pairs differ in a head symbol, which is tested before the substitution is
    /// touched: this check runs for every literal pair of every subsumption candidate.
    fn sides_match_unbound(&mut self, a: TermId, b: TermId, dl: &Literal) -> bool {
        if !heads_agree(&self.bank, a, dl.lhs) || !heads_agree(&self.bank, b, dl.rhs) {
            return false;
        }
        let mark = self.subst.checkpoint();
        let found = self.subst.matches(&self.bank, a, 0, dl.lhs, 1)
            && self.subst.matches(&self.bank, b, 0, dl.rhs, 1);
        self.subst.rollback(mark);
        found
    }

    fn subsume_rec(
        &mut self,
        c: &[(u32, Literal)],
        i: usize,
        d: &[Literal],
        used: &mut [bool],
        budget: &mut u32,
    ) -> bool {
        let Some(&(_, cl)) = c.get(i) else {
            return true;
        };
        for (j, dl) in d.iter().enumerate() {
            if used[j] || dl.positive != cl.positive {
                continue;
            }
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            for (a, b) in orientations(&self.bank, &cl) {
                if !heads_agree(&self.bank, a, dl.lhs) || !heads_agree(&self.bank, b, dl.rhs) {
                    continue;
                }
                let mark = self.subst.checkpoint();
                if self.subst.matches(&self.bank, a, 0, dl.lhs, 1)
                    && self.subst.matches(&self.bank, b, 0, dl.rhs, 1)
                {
                    used[j] = true;
                    if self.subsume_rec(c, i + 1, d, used, budget) {
                        return true;
                    }
                    used[j] = false;
                }
                self.subst.rollback(mark);
            }
        }
        false
    }

    fn forward_subsumed(&mut self, id: ClauseId) -> bool {
        let clause = self.store.clause(id).clone();
        let mut candidates = Vec::new();
        self.indexes().clauses.subsumer_candidates(&self.bank, &clause, &mut candidates);
        candidates.sort_unstable();
        candidates.dedup();
        let weight = clause.weight(&self.bank);
        for c in candidates {
            if c != id
                && self.is_active(c)
                && self.may_simplify(c, id)
                && self.subsumes_using(c, &clause.literals, weight, None).is_some()
            {
                return true;
            }
        }
        false
    }

    /// `L | D` and an active `C` that subsumes `~L | D`: replace `L | D` by `D`.
    fn subsumption_resolution(&mut self, id: ClauseId) -> Option<ClauseId> {
        let clause = self.store.clause(id).clone();
        for k in 0..clause.len() {
            let mut flipped = clause.clone();
            flipped.literals[k] = flipped.literals[k].negated();
            let mut candidates = Vec::new();
            self.indexes().clauses.subsumer_candidates(&self.bank, &flipped, &mut candidates);
            candidates.sort_unstable();
            candidates.dedup();
            let weight = flipped.weight(&self.bank);
            for c in candidates {
                if c == id || !self.is_active(c) || !self.may_simplify(c, id) {
                    continue;
                }
                // A `C` that subsumes `~L | D` without using `~L` subsumes `L | D` itself, which
                // forward subsumption has already ruled out: only a `C` matching `~L` can cut.
                if let Some(instance) = self.subsumes_using(c, &flipped.literals, weight, Some(k)) {
                    let mut rest = clause.clone();
                    rest.literals.remove(k);
                    self.stats.subsumption_resolutions += 1;
                    return Some(self.store_simplified(
                        Rule::SubsumptionResolution,
                        rest,
                        vec![c],
                        vec![instance],
                        id,
                    ));
                }
            }
        }
        None
    }

    /// Simplifies the active set with the new active clause `given`: deletes clauses it subsumes
    /// and rewrites clauses it can demodulate (the results go back to the passive set).
    pub(crate) fn backward_simplify(&mut self, given: ClauseId) {
        let clause = self.store.clause(given).clone();
        let mut candidates = Vec::new();
        self.indexes().clauses.subsumed_candidates(&self.bank, &clause, &mut candidates);
        candidates.sort_unstable();
        candidates.dedup();
        for d in candidates {
            if d == given || !self.is_active(d) || !self.may_simplify(given, d) {
                continue;
            }
            let d_lits = self.store.clause(d).literals.clone();
            if self.subsumes(given, &d_lits).is_some() {
                self.stats.backward_subsumed += 1;
                self.retire(d);
            }
        }
        let unit_equation = clause.len() == 1
            && clause.literals[0].positive
            && !clause.literals[0].is_predicate(&self.bank);
        if !unit_equation {
            return;
        }
        let l = clause.literals[0];
        let mut victims = Vec::new();
        for (_, s, _) in self.candidate_sides(&l) {
            if self.bank.is_var(s) {
                continue;
            }
            let mut found = Vec::new();
            self.indexes().subterms.instances(&self.bank, s, &mut found);
            victims.extend(found.into_iter().map(|(_, e)| e.clause));
        }
        victims.sort_unstable();
        victims.dedup();
        for d in victims {
            if d == given || !self.is_active(d) {
                continue;
            }
            if let Some(new) = self.demodulate(d) {
                self.stats.backward_rewritten += 1;
                self.retire(d);
                self.requeue(new);
            }
        }
    }
}
