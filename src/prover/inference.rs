//! Generating inferences of ordered superposition with selection: superposition (into positive
//! and negative literals, which with the `p(..) = $true` encoding covers ordered resolution),
//! equality resolution and equality factoring (which covers ordered factoring).
//!
//! Eligibility is checked twice: cheaply before unification on the uninstantiated clause (a
//! literal smaller than another stays smaller in every instance), and exactly afterwards on the
//! instantiated premises, as the calculus states it.

use super::proof::{ClauseId, Rule};
use super::saturate::{Conclusion, Prover};
use crate::fol::{Comparison, Literal, Scope, Substitution, TermBank, TermId, TermOrdering};

impl Prover {
    /// All generating inferences between `given` (already active) and the active set.
    pub(crate) fn generate(&mut self, given: ClauseId, out: &mut Vec<Conclusion>) {
        self.equality_resolution(given, out);
        self.equality_factoring(given, out);
        self.superposition_from(given, out);
        self.superposition_into(given, out);
    }

    /// The premise literals instantiated with the current substitution, without renaming
    /// (for ordering checks only: instances in different scopes may share variable numbers, so
    /// they are kept apart by scope-offset numbering).
    /// Variables of scope `k` are numbered `k * offset + v`, so two scopes never clash; `offset`
    /// must exceed every variable number of the premises.
    fn instantiate_for_check(
        &mut self,
        clause: ClauseId,
        scope: Scope,
        offset: u32,
    ) -> Vec<Literal> {
        let (subst, bank) = (&self.subst, &mut self.bank);
        self.store
            .clause(clause)
            .literals
            .iter()
            .map(|l| {
                let lhs = apply_check(subst, bank, l.lhs, scope, offset);
                let rhs = apply_check(subst, bank, l.rhs, scope, offset);
                Literal::new(lhs, rhs, l.positive)
            })
            .collect()
    }

    fn check_offset(&self, a: ClauseId, b: ClauseId) -> u32 {
        let va = self.store.clause(a).var_bound(&self.bank);
        let vb = self.store.clause(b).var_bound(&self.bank);
        va.max(vb).max(1)
    }

    fn apply_check(&mut self, t: TermId, scope: Scope, offset: u32) -> TermId {
        apply_check(&self.subst, &mut self.bank, t, scope, offset)
    }

    fn equality_resolution(&mut self, given: ClauseId, out: &mut Vec<Conclusion>) {
        let clause = self.store.clause(given).clone();
        let selected = self.store.get(given).selected;
        for (i, l) in clause.literals.iter().enumerate() {
            if l.positive || !self.literal_eligible(&clause, selected, i) {
                continue;
            }
            self.subst.clear();
            if !self.subst.unify(&self.bank, l.lhs, 0, l.rhs, 0) {
                continue;
            }
            if selected.is_none() {
                let inst = self.instantiate_for_check(given, 0, 1);
                if !self.is_maximal(&inst, i, false) {
                    continue;
                }
            }
            let literals: Vec<(Literal, Scope)> = clause
                .literals
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &m)| (m, 0))
                .collect();
            self.stats.equality_resolutions += 1;
            out.push(self.make_conclusion(Rule::EqualityResolution, &[given], &literals));
        }
        self.subst.clear();
    }

    fn equality_factoring(&mut self, given: ClauseId, out: &mut Vec<Conclusion>) {
        let clause = self.store.clause(given).clone();
        let selected = self.store.get(given).selected;
        if selected.is_some() {
            return;
        }
        for (i, li) in clause.literals.iter().enumerate() {
            if !li.positive || !self.literal_eligible(&clause, None, i) {
                continue;
            }
            for (_, s, t) in self.candidate_sides(li) {
                for (j, lj) in clause.literals.iter().enumerate() {
                    if j == i || !lj.positive {
                        continue;
                    }
                    for (s2, t2) in [(lj.lhs, lj.rhs), (lj.rhs, lj.lhs)] {
                        if lj.lhs == lj.rhs && s2 == lj.rhs {
                            continue;
                        }
                        self.subst.clear();
                        if !self.subst.unify(&self.bank, s, 0, s2, 0) {
                            continue;
                        }
                        let inst = self.instantiate_for_check(given, 0, 1);
                        let (si, ti) = (self.apply_check(s, 0, 1), self.apply_check(t, 0, 1));
                        let cmp = self.ordering.compare(&self.bank, si, ti);
                        if cmp == Comparison::Less || cmp == Comparison::Equal {
                            continue;
                        }
                        if !self.is_maximal(&inst, i, false) {
                            continue;
                        }
                        let mut literals: Vec<(Literal, Scope)> =
                            vec![(Literal::new(t, t2, false), 0)];
                        for (k, &m) in clause.literals.iter().enumerate() {
                            if k != i {
                                literals.push((m, 0));
                            }
                        }
                        self.stats.equality_factorings += 1;
                        out.push(self.make_conclusion(
                            Rule::EqualityFactoring,
                            &[given],
                            &literals,
                        ));
                    }
                }
            }
        }
        self.subst.clear();
    }

    /// `given` as the clause whose equation rewrites: its eligible positive literals' maximal
    /// sides against subterms of active clauses.
    fn superposition_from(&mut self, given: ClauseId, out: &mut Vec<Conclusion>) {
        let clause = self.store.clause(given).clone();
        if self.store.get(given).selected.is_some() {
            return;
        }
        for (i, l) in clause.literals.iter().enumerate() {
            if !l.positive || !self.literal_eligible(&clause, None, i) {
                continue;
            }
            // A variable side rewrites every non-variable subterm (see `index_entries`).
            for (side, s, _) in self.candidate_sides(l) {
                let mut candidates = Vec::new();
                self.indexes().into.unifiable(&self.bank, s, &mut candidates);
                candidates.sort_unstable_by_key(|&(t, e)| (e, t));
                for (u, e) in candidates {
                    if !self.is_active(e.clause) {
                        continue;
                    }
                    self.try_superposition(given, i, side, e.clause, e.position, u, out);
                }
            }
        }
        self.subst.clear();
    }

    /// `given` as the clause rewritten into: its eligible subterms against maximal sides of
    /// active positive equations. Partners equal to `given` were handled by `superposition_from`.
    fn superposition_into(&mut self, given: ClauseId, out: &mut Vec<Conclusion>) {
        for k in 0..self.store.get(given).into_positions.len() {
            let position = &self.store.get(given).into_positions[k];
            let lit = self.store.clause(given).literals[position.literal as usize];
            let side_term = if position.side == 0 { lit.lhs } else { lit.rhs };
            let u = self.bank.subterm_at(side_term, &position.path).expect("position exists");
            let mut candidates = Vec::new();
            self.indexes().from.unifiable(&self.bank, u, &mut candidates);
            candidates.sort_unstable_by_key(|&(t, e)| (e, t));
            for (_, e) in candidates {
                if e.clause == given || !self.is_active(e.clause) {
                    continue;
                }
                self.try_superposition(
                    e.clause,
                    e.literal as usize,
                    e.side,
                    given,
                    k as u32,
                    u,
                    out,
                );
            }
        }
        self.subst.clear();
    }

    /// Superposition of literal `from_lit` (side `from_side` as the rewriting side) of `from`
    /// into `into` at its `position`-th into-position, whose subterm is `u`. `from` is scope 0
    /// and `into` scope 1.
    #[allow(clippy::too_many_arguments)]
    fn try_superposition(
        &mut self,
        from: ClauseId,
        from_lit: usize,
        from_side: u8,
        into: ClauseId,
        position: u32,
        u: TermId,
        out: &mut Vec<Conclusion>,
    ) {
        // Most attempts fail at unification or an ordering check: the premises' literals are
        // copied only once the conclusion is certain.
        let l_eq = self.store.clause(from).literals[from_lit];
        let (l, r) = if from_side == 0 { (l_eq.lhs, l_eq.rhs) } else { (l_eq.rhs, l_eq.lhs) };
        self.subst.clear();
        if !self.subst.unify(&self.bank, l, 0, u, 1) {
            return;
        }
        let offset = self.check_offset(from, into);
        // lσ must not be smaller than or equal to rσ.
        let (li, ri) = (self.apply_check(l, 0, offset), self.apply_check(r, 0, offset));
        let c = self.ordering.compare(&self.bank, li, ri);
        if c == Comparison::Less || c == Comparison::Equal {
            return;
        }
        let from_inst = self.instantiate_for_check(from, 0, offset);
        if !self.is_maximal(&from_inst, from_lit, true) {
            return;
        }
        let into_position = &self.store.get(into).into_positions[position as usize];
        let (into_literal, into_side, at_root) =
            (into_position.literal as usize, into_position.side, into_position.path.is_empty());
        let into_lit = self.store.clause(into).literals[into_literal];
        let (s, t) = if into_side == 0 {
            (into_lit.lhs, into_lit.rhs)
        } else {
            (into_lit.rhs, into_lit.lhs)
        };
        let (si, ti) = (self.apply_check(s, 1, offset), self.apply_check(t, 1, offset));
        let c = self.ordering.compare(&self.bank, si, ti);
        if c == Comparison::Less || c == Comparison::Equal {
            return;
        }
        // Into the root of a positive literal, the calculus requires (l = r)σ not to be greater
        // than or equal to (s = t)σ; with lσ = sσ that is rσ not ≥ tσ. Without it, every
        // positive atom superposes into itself and every other copy, giving `$true = $true`.
        if into_lit.positive && at_root {
            let c = self.ordering.compare(&self.bank, ri, ti);
            if c == Comparison::Greater || c == Comparison::Equal {
                return;
            }
        }
        let into_selected = self.store.get(into).selected;
        if into_selected.is_none() {
            let into_inst = self.instantiate_for_check(into, 1, offset);
            if !self.is_maximal(&into_inst, into_literal, into_lit.positive) {
                return;
            }
        }
        // The rewritten literal, written in scope 1 with rσ (scope 0) put in place: build it by
        // instantiating both parts, then replacing in the instance.
        let from_literals = &self.store.clause(from).literals;
        let into_literals = &self.store.clause(into).literals;
        let mut literals: Vec<(Literal, Scope)> =
            Vec::with_capacity(from_literals.len() + into_literals.len());
        for (k, &m) in from_literals.iter().enumerate() {
            if k != from_lit {
                literals.push((m, 0));
            }
        }
        for (k, &m) in into_literals.iter().enumerate() {
            if k != into_literal {
                literals.push((m, 1));
            }
        }
        let path = self.store.get(into).into_positions[position as usize].path.clone();
        let conclusion = self.make_superposition_conclusion(
            from,
            into,
            r,
            s,
            t,
            into_lit.positive,
            &path,
            &literals,
        );
        self.stats.superpositions += 1;
        out.push(conclusion);
    }

    /// Builds `s[r]_path ⋈ t ∨ rest` under the substitution, as one conclusion.
    #[allow(clippy::too_many_arguments)]
    fn make_superposition_conclusion(
        &mut self,
        from: ClauseId,
        into: ClauseId,
        r: TermId,
        s: TermId,
        t: TermId,
        positive: bool,
        path: &[u32],
        rest: &[(Literal, Scope)],
    ) -> Conclusion {
        // Bind a placeholder: rewrite s at `path` in scope-1 terms by r in scope 0. Since the two
        // sides live in different scopes, instantiate both first with a shared renaming.
        let mut renaming = crate::fol::subst::Renaming::new();
        let s_inst = self.subst.apply(&mut self.bank, s, 1, &mut renaming);
        let r_inst = self.subst.apply(&mut self.bank, r, 0, &mut renaming);
        let t_inst = self.subst.apply(&mut self.bank, t, 1, &mut renaming);
        let rewritten = self.bank.replace_at(s_inst, path, r_inst).expect("position exists");
        let mut instantiated = vec![Literal::new(rewritten, t_inst, positive)];
        for &(m, scope) in rest {
            let lhs = self.subst.apply(&mut self.bank, m.lhs, scope, &mut renaming);
            let rhs = self.subst.apply(&mut self.bank, m.rhs, scope, &mut renaming);
            instantiated.push(Literal::new(lhs, rhs, m.positive));
        }
        self.finish_conclusion(Rule::Superposition, &[from, into], instantiated, renaming)
    }
}

/// `t` (in `scope`) under `subst`, each unbound variable `v` of scope `k` written `k * offset + v`
/// (see [`Prover::instantiate_for_check`]).
fn apply_check(
    subst: &Substitution,
    bank: &mut TermBank,
    t: TermId,
    scope: Scope,
    offset: u32,
) -> TermId {
    let (t, scope) = subst.deref(bank, t, scope);
    if let Some(v) = bank.var_number(t) {
        return bank.var(scope as u32 * offset + v);
    }
    if bank.is_ground(t) {
        return t;
    }
    bank.rebuild_args(t, |bank, a| apply_check(subst, bank, a, scope, offset))
}
