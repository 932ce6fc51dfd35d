//! The term bank: every first-order term exists once, named by a `TermId` (perfect sharing).
//!
//! Structural equality of terms is equality of ids. Per-term facts that the ordering, the
//! indexes and clause selection read on every step (weight, groundness, largest variable, whether
//! the term is an atom) are computed once when the term is built.

use rustc_hash::FxHashMap;

use super::signature::{Signature, SymbolId, SymbolKind};

/// A hash-consed term, an index into a `TermBank`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct TermId(pub u32);

/// The shape of one term node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TermView<'a> {
    /// Variable number `n`; clauses number their variables from 0.
    Var(u32),
    /// A symbol applied to arguments (a constant has none).
    App(SymbolId, &'a [TermId]),
}

#[derive(Clone, Copy, Debug)]
struct TermData {
    /// `u32::MAX` marks a variable, whose number is then in `args_start`.
    head: u32,
    args_start: u32,
    args_len: u32,
    /// Symbol count plus variable count; variables weigh 1 like every symbol.
    weight: u32,
    /// One more than the largest variable number occurring, 0 for ground terms.
    var_bound: u32,
    /// Whether this term is an atom (its head is a predicate symbol or `$true`).
    is_atom: bool,
}

const VAR_HEAD: u32 = u32::MAX;

/// The shared store of all terms of a problem.
#[derive(Clone, Debug, Default)]
pub struct TermBank {
    nodes: Vec<TermData>,
    args: Vec<TermId>,
    /// Each application as `[head, arg ids...]`; keyed by the slice so that a lookup can borrow
    /// `key` instead of allocating a key of its own (most lookups find the term already built).
    memo: FxHashMap<Box<[u32]>, TermId>,
    vars: Vec<TermId>,
    /// The key of the application being looked up, reused across calls.
    key: Vec<u32>,
}

/// Arities up to this rebuild their arguments in a stack array rather than a heap vector.
const INLINE_ARITY: usize = 8;

impl TermBank {
    /// An empty bank.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of distinct terms built so far (the memory guard reads this).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no term was built yet.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The variable numbered `n`.
    pub fn var(&mut self, n: u32) -> TermId {
        while self.vars.len() <= n as usize {
            let k = self.vars.len() as u32;
            let id = TermId(self.nodes.len() as u32);
            self.nodes.push(TermData {
                head: VAR_HEAD,
                args_start: k,
                args_len: 0,
                weight: 1,
                var_bound: k + 1,
                is_atom: false,
            });
            self.vars.push(id);
        }
        self.vars[n as usize]
    }

    /// `head(args)`, shared with any equal term built before. `signature` tells atoms apart.
    pub fn app(&mut self, signature: &Signature, head: SymbolId, args: &[TermId]) -> TermId {
        let kind = signature.info(head).kind;
        self.app_with_kind(head, kind != SymbolKind::Function, args)
    }

    /// `head(args)` where the caller states whether the head makes an atom.
    pub fn app_with_kind(&mut self, head: SymbolId, is_atom: bool, args: &[TermId]) -> TermId {
        self.key.clear();
        self.key.push(head.0);
        self.key.extend(args.iter().map(|a| a.0));
        if let Some(&id) = self.memo.get(self.key.as_slice()) {
            return id;
        }
        let mut weight = 1u32;
        let mut var_bound = 0u32;
        for &a in args {
            let d = &self.nodes[a.0 as usize];
            weight = weight.saturating_add(d.weight);
            var_bound = var_bound.max(d.var_bound);
        }
        let id = TermId(self.nodes.len() as u32);
        let args_start = self.args.len() as u32;
        self.args.extend_from_slice(args);
        self.nodes.push(TermData {
            head: head.0,
            args_start,
            args_len: args.len() as u32,
            weight,
            var_bound,
            is_atom,
        });
        self.memo.insert(self.key.as_slice().into(), id);
        id
    }

    /// `t` (an application) with each argument `a` replaced by `map(bank, a)`; `t` itself when no
    /// argument changes. Substitution, renaming and rewriting rebuild terms through this, so that
    /// the common small arities allocate nothing.
    pub fn rebuild_args(
        &mut self,
        t: TermId,
        mut map: impl FnMut(&mut Self, TermId) -> TermId,
    ) -> TermId {
        let d = self.nodes[t.0 as usize];
        debug_assert!(d.head != VAR_HEAD, "rebuild_args of a variable");
        let (start, n) = (d.args_start as usize, d.args_len as usize);
        let mut changed = false;
        let mut inline = [TermId(0); INLINE_ARITY];
        let mut spilled = Vec::new();
        for (i, slot) in (start..start + n).enumerate() {
            let a = self.args[slot];
            let b = map(self, a);
            changed |= a != b;
            if n <= INLINE_ARITY {
                inline[i] = b;
            } else {
                spilled.push(b);
            }
        }
        if !changed {
            return t;
        }
        let new_args = if n <= INLINE_ARITY { &inline[..n] } else { &spilled[..] };
        self.app_with_kind(SymbolId(d.head), d.is_atom, new_args)
    }

    /// The constant `$true`.
    pub fn true_term(&mut self) -> TermId {
        self.app_with_kind(Signature::TRUE, true, &[])
    }

    /// The shape of `t`.
    pub fn view(&self, t: TermId) -> TermView<'_> {
        let d = &self.nodes[t.0 as usize];
        if d.head == VAR_HEAD {
            TermView::Var(d.args_start)
        } else {
            let s = d.args_start as usize;
            TermView::App(SymbolId(d.head), &self.args[s..s + d.args_len as usize])
        }
    }

    /// The variable number of `t`, if `t` is a variable.
    pub fn var_number(&self, t: TermId) -> Option<u32> {
        let d = &self.nodes[t.0 as usize];
        (d.head == VAR_HEAD).then_some(d.args_start)
    }

    /// Whether `t` is a variable.
    pub fn is_var(&self, t: TermId) -> bool {
        self.nodes[t.0 as usize].head == VAR_HEAD
    }

    /// The head symbol of `t`, `None` for a variable.
    pub fn head(&self, t: TermId) -> Option<SymbolId> {
        let d = &self.nodes[t.0 as usize];
        (d.head != VAR_HEAD).then_some(SymbolId(d.head))
    }

    /// The arguments of `t` (empty for variables and constants).
    pub fn args(&self, t: TermId) -> &[TermId] {
        let d = &self.nodes[t.0 as usize];
        if d.head == VAR_HEAD {
            &[]
        } else {
            let s = d.args_start as usize;
            &self.args[s..s + d.args_len as usize]
        }
    }

    /// Symbol-and-variable count of `t`.
    pub fn weight(&self, t: TermId) -> u32 {
        self.nodes[t.0 as usize].weight
    }

    /// Whether `t` has no variables.
    pub fn is_ground(&self, t: TermId) -> bool {
        self.nodes[t.0 as usize].var_bound == 0
    }

    /// One more than the largest variable number in `t` (0 when ground).
    pub fn var_bound(&self, t: TermId) -> u32 {
        self.nodes[t.0 as usize].var_bound
    }

    /// Whether `t` is an atom (predicate application or `$true`), which no variable may stand for.
    pub fn is_atom(&self, t: TermId) -> bool {
        self.nodes[t.0 as usize].is_atom
    }

    /// Whether variable `v` occurs in `t`.
    pub fn occurs(&self, v: u32, t: TermId) -> bool {
        let d = &self.nodes[t.0 as usize];
        if d.var_bound <= v {
            return false;
        }
        match self.view(t) {
            TermView::Var(w) => w == v,
            TermView::App(_, args) => args.iter().any(|&a| self.occurs(v, a)),
        }
    }

    /// Adds to `out` every variable occurrence of `t`, in left-to-right order (with repeats).
    pub fn collect_var_occurrences(&self, t: TermId, out: &mut Vec<u32>) {
        if self.is_ground(t) {
            return;
        }
        match self.view(t) {
            TermView::Var(v) => out.push(v),
            TermView::App(_, args) => {
                for &a in args {
                    self.collect_var_occurrences(a, out);
                }
            }
        }
    }

    /// The subterm of `t` at `position` (a path of argument indices).
    pub fn subterm_at(&self, t: TermId, position: &[u32]) -> Option<TermId> {
        let mut cur = t;
        for &i in position {
            cur = *self.args(cur).get(i as usize)?;
        }
        Some(cur)
    }

    /// `t` with the subterm at `position` replaced by `replacement`.
    pub fn replace_at(
        &mut self,
        t: TermId,
        position: &[u32],
        replacement: TermId,
    ) -> Option<TermId> {
        let Some((&first, rest)) = position.split_first() else {
            return Some(replacement);
        };
        let head = self.head(t)?;
        let is_atom = self.is_atom(t);
        let mut args = self.args(t).to_vec();
        let slot = args.get_mut(first as usize)?;
        *slot = self.replace_at(*slot, rest, replacement)?;
        Some(self.app_with_kind(head, is_atom, &args))
    }

    /// Replaces every variable `v` by `map(v)`, rebuilding through the bank.
    pub fn map_vars(
        &mut self,
        t: TermId,
        map: &mut impl FnMut(&mut Self, u32) -> TermId,
    ) -> TermId {
        if self.is_ground(t) {
            return t;
        }
        match self.view(t) {
            TermView::Var(v) => map(self, v),
            TermView::App(..) => self.rebuild_args(t, |bank, a| bank.map_vars(a, map)),
        }
    }

    /// Positions of all non-variable subterms of `t`, in pre-order (the root first).
    pub fn non_variable_positions(&self, t: TermId, out: &mut Vec<Vec<u32>>) {
        let mut path = Vec::new();
        self.positions_rec(t, &mut path, out);
    }

    fn positions_rec(&self, t: TermId, path: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if let TermView::App(_, args) = self.view(t) {
            out.push(path.clone());
            for (i, &a) in args.iter().enumerate() {
                path.push(i as u32);
                self.positions_rec(a, path, out);
                path.pop();
            }
        }
    }

    /// Writes `t` in TPTP syntax; variables print as `X0`, `X1`, ...
    pub fn write_tptp(&self, signature: &Signature, t: TermId, out: &mut String) {
        match self.view(t) {
            TermView::Var(v) => {
                out.push('X');
                out.push_str(&v.to_string());
            }
            TermView::App(head, args) => {
                out.push_str(signature.name(head));
                if !args.is_empty() {
                    out.push('(');
                    for (i, &a) in args.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        self.write_tptp(signature, a, out);
                    }
                    out.push(')');
                }
            }
        }
    }

    /// `t` in TPTP syntax.
    pub fn display(&self, signature: &Signature, t: TermId) -> String {
        let mut s = String::new();
        self.write_tptp(signature, t, &mut s);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_terms_share_one_id() {
        let mut sig = Signature::new();
        let f = sig.intern("f", 2, SymbolKind::Function);
        let a = sig.intern("a", 0, SymbolKind::Function);
        let mut bank = TermBank::new();
        let x = bank.var(0);
        let ta = bank.app(&sig, a, &[]);
        let t1 = bank.app(&sig, f, &[x, ta]);
        let t2 = bank.app(&sig, f, &[x, ta]);
        assert_eq!(t1, t2);
        assert_eq!(bank.weight(t1), 3);
        assert!(!bank.is_ground(t1));
        assert_eq!(bank.var_bound(t1), 1);
        assert!(bank.is_ground(ta));
        assert_eq!(bank.display(&sig, t1), "f(X0,a)");
    }

    #[test]
    fn replace_at_rebuilds_shared_terms() {
        let mut sig = Signature::new();
        let f = sig.intern("f", 2, SymbolKind::Function);
        let g = sig.intern("g", 1, SymbolKind::Function);
        let a = sig.intern("a", 0, SymbolKind::Function);
        let b = sig.intern("b", 0, SymbolKind::Function);
        let mut bank = TermBank::new();
        let ta = bank.app(&sig, a, &[]);
        let tb = bank.app(&sig, b, &[]);
        let ga = bank.app(&sig, g, &[ta]);
        let t = bank.app(&sig, f, &[ga, ta]);
        let r = bank.replace_at(t, &[0, 0], tb).unwrap();
        let gb = bank.app(&sig, g, &[tb]);
        let expected = bank.app(&sig, f, &[gb, ta]);
        assert_eq!(r, expected);
        assert_eq!(bank.subterm_at(t, &[0, 0]), Some(ta));
        let mut positions = Vec::new();
        bank.non_variable_positions(t, &mut positions);
        assert_eq!(positions, vec![vec![], vec![0], vec![0, 0], vec![1]]);
    }
}
