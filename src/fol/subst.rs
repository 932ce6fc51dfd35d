//! Scoped substitutions, unification and matching.
//!
//! Two clauses taking part in one inference keep their own variable numbers; a scope tag (0, 1, ...)
//! says which clause a variable belongs to, so clauses never have to be copied to rename them apart.
//! A binding maps `(variable, scope)` to `(term, scope)`: the bound term is read in its own scope.
//! Applying the substitution rebuilds the result through the bank, renumbering variables with a
//! `Renaming`.

use rustc_hash::FxHashMap;

use super::term::{TermBank, TermId, TermView};

/// Which clause of an inference a variable belongs to.
pub type Scope = u8;

/// A scoped substitution with a trail, so that failed unification attempts can be undone.
#[derive(Clone, Debug, Default)]
pub struct Substitution {
    bindings: Vec<Vec<Option<(TermId, Scope)>>>,
    trail: Vec<(Scope, u32)>,
}

/// Maps the variables left after applying a substitution to fresh, dense numbers.
#[derive(Clone, Debug, Default)]
pub struct Renaming {
    map: FxHashMap<(Scope, u32), u32>,
    next: u32,
    keep: Option<Scope>,
}

impl Renaming {
    /// A renaming that numbers variables 0, 1, ... in order of first appearance.
    pub fn new() -> Self {
        Self::default()
    }

    /// A renaming under which the variables of `scope` keep their numbers, and all other
    /// variables are numbered from `first_fresh` on (which must exceed every kept number).
    pub fn keeping(scope: Scope, first_fresh: u32) -> Self {
        Renaming { map: FxHashMap::default(), next: first_fresh, keep: Some(scope) }
    }

    /// The new number of variable `v` of `scope`.
    pub fn rename(&mut self, scope: Scope, v: u32) -> u32 {
        if self.keep == Some(scope) {
            return v;
        }
        let next = &mut self.next;
        *self.map.entry((scope, v)).or_insert_with(|| {
            let n = *next;
            *next += 1;
            n
        })
    }

    /// How many fresh numbers were handed out (the next unused one).
    pub fn next_fresh(&self) -> u32 {
        self.next
    }
}

impl Substitution {
    /// The empty substitution.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets every binding.
    pub fn clear(&mut self) {
        for (scope, v) in self.trail.drain(..) {
            self.bindings[scope as usize][v as usize] = None;
        }
    }

    /// A mark to roll back to.
    pub fn checkpoint(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every binding made since `mark`.
    pub fn rollback(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (scope, v) = self.trail.pop().expect("trail is longer than mark");
            self.bindings[scope as usize][v as usize] = None;
        }
    }

    /// Whether no variable is bound.
    pub fn is_empty(&self) -> bool {
        self.trail.is_empty()
    }

    /// The binding of variable `v` in `scope`, if any.
    pub fn binding(&self, v: u32, scope: Scope) -> Option<(TermId, Scope)> {
        self.bindings.get(scope as usize)?.get(v as usize).copied().flatten()
    }

    /// Binds `v` of `scope` to `t` read in `t_scope`. The variable must be unbound.
    pub fn bind(&mut self, v: u32, scope: Scope, t: TermId, t_scope: Scope) {
        let s = scope as usize;
        if self.bindings.len() <= s {
            self.bindings.resize_with(s + 1, Vec::new);
        }
        let row = &mut self.bindings[s];
        if row.len() <= v as usize {
            row.resize(v as usize + 1, None);
        }
        debug_assert!(row[v as usize].is_none(), "variable bound twice");
        row[v as usize] = Some((t, t_scope));
        self.trail.push((scope, v));
    }

    /// Follows variable bindings until an unbound variable or a non-variable term.
    pub fn deref(&self, bank: &TermBank, mut t: TermId, mut scope: Scope) -> (TermId, Scope) {
        while let Some(v) = bank.var_number(t) {
            match self.binding(v, scope) {
                Some((u, u_scope)) => {
                    t = u;
                    scope = u_scope;
                }
                None => break,
            }
        }
        (t, scope)
    }

    fn occurs_scoped(
        &self,
        bank: &TermBank,
        v: u32,
        v_scope: Scope,
        t: TermId,
        scope: Scope,
    ) -> bool {
        let (t, scope) = self.deref(bank, t, scope);
        match bank.view(t) {
            TermView::Var(w) => w == v && scope == v_scope,
            TermView::App(_, args) => {
                // A ground subterm cannot contain any variable.
                if bank.is_ground(t) {
                    return false;
                }
                args.iter().any(|&a| self.occurs_scoped(bank, v, v_scope, a, scope))
            }
        }
    }

    /// Extends the substitution to a most general unifier of `s` (in `s_scope`) and `t`
    /// (in `t_scope`). On failure the substitution is left as it was. Variables never bind to
    /// atoms: the atom sort and the individual sort are kept apart.
    pub fn unify(
        &mut self,
        bank: &TermBank,
        s: TermId,
        s_scope: Scope,
        t: TermId,
        t_scope: Scope,
    ) -> bool {
        let mark = self.checkpoint();
        if self.unify_rec(bank, s, s_scope, t, t_scope) {
            true
        } else {
            self.rollback(mark);
            false
        }
    }

    fn unify_rec(&mut self, bank: &TermBank, s: TermId, ss: Scope, t: TermId, ts: Scope) -> bool {
        let (s, ss) = self.deref(bank, s, ss);
        let (t, ts) = self.deref(bank, t, ts);
        if s == t && (ss == ts || bank.is_ground(s)) {
            return true;
        }
        match (bank.view(s), bank.view(t)) {
            (TermView::Var(v), _) => {
                if bank.is_atom(t) || self.occurs_scoped(bank, v, ss, t, ts) {
                    return false;
                }
                self.bind(v, ss, t, ts);
                true
            }
            (_, TermView::Var(w)) => {
                if bank.is_atom(s) || self.occurs_scoped(bank, w, ts, s, ss) {
                    return false;
                }
                self.bind(w, ts, s, ss);
                true
            }
            (TermView::App(f, fa), TermView::App(g, ga)) => {
                if f != g || fa.len() != ga.len() {
                    return false;
                }
                // `fa` and `ga` borrow the bank, not `self`: no copy is needed.
                fa.iter().zip(ga.iter()).all(|(&a, &b)| self.unify_rec(bank, a, ss, b, ts))
            }
        }
    }

    /// Extends the substitution so that `pattern` (in `pattern_scope`) becomes `target` (in
    /// `target_scope`), binding only variables of `pattern_scope`; variables of the target are
    /// treated as constants. On failure the substitution is left as it was.
    pub fn matches(
        &mut self,
        bank: &TermBank,
        pattern: TermId,
        pattern_scope: Scope,
        target: TermId,
        target_scope: Scope,
    ) -> bool {
        debug_assert_ne!(pattern_scope, target_scope);
        let mark = self.checkpoint();
        if self.match_rec(bank, pattern, pattern_scope, target, target_scope) {
            true
        } else {
            self.rollback(mark);
            false
        }
    }

    fn match_rec(&mut self, bank: &TermBank, p: TermId, ps: Scope, t: TermId, ts: Scope) -> bool {
        match bank.view(p) {
            TermView::Var(v) => match self.binding(v, ps) {
                Some((bound, bound_scope)) => bound == t && bound_scope == ts,
                None => {
                    if bank.is_atom(t) {
                        return false;
                    }
                    self.bind(v, ps, t, ts);
                    true
                }
            },
            TermView::App(f, fa) => {
                if bank.is_ground(p) {
                    return p == t;
                }
                match bank.view(t) {
                    TermView::App(g, ga) if f == g && fa.len() == ga.len() => {
                        fa.iter().zip(ga.iter()).all(|(&a, &b)| self.match_rec(bank, a, ps, b, ts))
                    }
                    _ => false,
                }
            }
        }
    }

    /// `t` (in `scope`) with the substitution applied and remaining variables renamed.
    pub fn apply(
        &self,
        bank: &mut TermBank,
        t: TermId,
        scope: Scope,
        renaming: &mut Renaming,
    ) -> TermId {
        let (t, scope) = self.deref(bank, t, scope);
        match bank.view(t) {
            TermView::Var(v) => {
                let n = renaming.rename(scope, v);
                bank.var(n)
            }
            TermView::App(..) => {
                if bank.is_ground(t) {
                    return t;
                }
                bank.rebuild_args(t, |bank, a| self.apply(bank, a, scope, renaming))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fol::signature::{Signature, SymbolKind};

    struct Fixture {
        sig: Signature,
        bank: TermBank,
    }

    impl Fixture {
        fn new() -> Self {
            Fixture { sig: Signature::new(), bank: TermBank::new() }
        }
        fn f(&mut self, name: &str, args: &[TermId]) -> TermId {
            let s = self.sig.intern(name, args.len() as u32, SymbolKind::Function);
            self.bank.app(&self.sig, s, args)
        }
        fn x(&mut self, n: u32) -> TermId {
            self.bank.var(n)
        }
    }

    #[test]
    fn unifies_across_scopes_without_renaming() {
        let mut fx = Fixture::new();
        let x = fx.x(0);
        let a = fx.f("a", &[]);
        let gx = fx.f("g", &[x]);
        let s = fx.f("f", &[x, gx]);
        let ga = fx.f("g", &[a]);
        let t = fx.f("f", &[a, x]);
        let mut sub = Substitution::new();
        // Same variable number, different scopes: X0@0 := a, X0@1 := g(a).
        assert!(sub.unify(&fx.bank, s, 0, t, 1));
        let mut r = Renaming::new();
        let s_inst = sub.apply(&mut fx.bank, s, 0, &mut r);
        let t_inst = sub.apply(&mut fx.bank, t, 1, &mut r);
        assert_eq!(s_inst, t_inst);
        let expected = fx.f("f", &[a, ga]);
        assert_eq!(s_inst, expected);
    }

    #[test]
    fn occurs_check_fails_and_rolls_back() {
        let mut fx = Fixture::new();
        let x = fx.x(0);
        let fx_ = fx.f("g", &[x]);
        let mut sub = Substitution::new();
        assert!(!sub.unify(&fx.bank, x, 0, fx_, 0));
        assert!(sub.is_empty());
        // In different scopes, X0@0 and g(X0)@1 unify.
        assert!(sub.unify(&fx.bank, x, 0, fx_, 1));
    }

    #[test]
    fn matching_treats_target_variables_as_constants() {
        let mut fx = Fixture::new();
        let x = fx.x(0);
        let y = fx.x(1);
        let a = fx.f("a", &[]);
        let pattern = fx.f("f", &[x, x]);
        let t1 = fx.f("f", &[y, y]);
        let t2 = fx.f("f", &[y, a]);
        let mut sub = Substitution::new();
        assert!(sub.matches(&fx.bank, pattern, 0, t1, 1));
        sub.clear();
        assert!(!sub.matches(&fx.bank, pattern, 0, t2, 1));
        assert!(!sub.matches(&fx.bank, t2, 0, pattern, 1));
    }
}
