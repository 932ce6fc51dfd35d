//! Generating inferences of ordered superposition with selection: superposition (into positive
//! and negative literals, which with the `p(..) = $true` encoding covers ordered resolution),
//! equality resolution and equality factoring (which covers ordered factoring).
//!
//! Eligibility is checked twice: cheaply before unification on the uninstantiated clause (a
//! literal smaller than another stays smaller in every instance), and exactly afterwards on the
//! instantiated premises, as the calculus states it.

use super::proof::{ClauseId, Rule};
use super::saturate::{Conclusion, Prover};
use super::store::IntoPosition;
use crate::fol::{Comparison, Literal, Scope, TermId, TermOrdering};

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
        let literals = self.store.clause(clause).literals.clone();
        literals
            .iter()
            .map(|l| {
                let lhs = self.apply_check(l.lhs, scope, offset);
                let rhs = self.apply_check(l.rhs, scope, offset);
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
        let (t, scope) = self.subst.deref(&self.bank, t, scope);
        if let Some(v) = self.bank.var_number(t) {
            return self.bank.var(scope as u32 * offset + v);
        }
        if self.bank.is_ground(t) {
            return t;
        }
        let head = self.bank.head(t).expect("not a variable");
        let is_atom = self.bank.is_atom(t);
        let args = self.bank.args(t).to_vec();
        let new_args: Vec<TermId> =
            args.iter().map(|&a| self.apply_check(a, scope, offset)).collect();
        self.bank.app_with_kind(head, is_atom, &new_args)
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
                    let position =
                        self.store.get(e.clause).into_positions[e.position as usize].clone();
                    self.try_superposition(given, i, side, e.clause, &position, u, out);
                }
            }
        }
        self.subst.clear();
    }

    /// `given` as the clause rewritten into: its eligible subterms against maximal sides of
    /// active positive equations. Partners equal to `given` were handled by `superposition_from`.
    fn superposition_into(&mut self, given: ClauseId, out: &mut Vec<Conclusion>) {
        let positions = self.store.get(given).into_positions.clone();
        for position in positions {
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
                    &position,
                    u,
                    out,
                );
            }
        }
        self.subst.clear();
    }

    /// Superposition of literal `from_lit` (side `from_side` as the rewriting side) of `from`
    /// into `into` at `position`, whose subterm is `u`. `from` is scope 0 and `into` scope 1.
    #[allow(clippy::too_many_arguments)]
    fn try_superposition(
        &mut self,
        from: ClauseId,
        from_lit: usize,
        from_side: u8,
        into: ClauseId,
        position: &IntoPosition,
        u: TermId,
        out: &mut Vec<Conclusion>,
    ) {
        let from_clause = self.store.clause(from).clone();
        let into_clause = self.store.clause(into).clone();
        let l_eq = from_clause.literals[from_lit];
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
        let into_lit = into_clause.literals[position.literal as usize];
        let (s, t) = if position.side == 0 {
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
        if into_lit.positive && position.path.is_empty() {
            let c = self.ordering.compare(&self.bank, ri, ti);
            if c == Comparison::Greater || c == Comparison::Equal {
                return;
            }
        }
        let into_selected = self.store.get(into).selected;
        if into_selected.is_none() {
            let into_inst = self.instantiate_for_check(into, 1, offset);
            if !self.is_maximal(&into_inst, position.literal as usize, into_lit.positive) {
                return;
            }
        }
        // The rewritten literal, written in scope 1 with rσ (scope 0) put in place: build it by
        // instantiating both parts, then replacing in the instance.
        let mut literals: Vec<(Literal, Scope)> = Vec::new();
        for (k, &m) in from_clause.literals.iter().enumerate() {
            if k != from_lit {
                literals.push((m, 0));
            }
        }
        for (k, &m) in into_clause.literals.iter().enumerate() {
            if k != position.literal as usize {
                literals.push((m, 1));
            }
        }
        let conclusion = self.make_superposition_conclusion(
            from,
            into,
            r,
            s,
            t,
            into_lit.positive,
            &position.path,
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
