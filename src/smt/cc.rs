//! Congruence closure with explanations: union-find over hash-consed terms, a signature table
//! for congruence, and a proof forest whose edges name why two terms were merged. It
//! backtracks, for the online (CDCL(T)) loop; the final check and the array lemmas use it
//! without levels.
//!
//! The proof forest (Nieuwenhuis and Oliveras, "Fast congruence closure and extensions") keeps
//! one edge per merge, oriented towards the root of each proof tree; explaining `a = b` walks
//! both paths to their nearest common ancestor and collects the input equalities on the edges,
//! expanding congruence edges into explanations of their argument pairs.
//!
//! Every change is recorded on the undo trail as it is made (a union with the class and use
//! list lengths it extended, each proof-forest edge it overwrote, each signature it inserted,
//! each disequality it noted), and undone in reverse order. Signatures are never removed on a
//! merge: an entry keyed by a representative that has since lost its status can never be met
//! again by a lookup (lookups use current representatives), and becomes valid again when the
//! merge is undone, so undoing only the insertions restores the table exactly.

use rustc_hash::{FxHashMap, FxHashSet};

use super::{FunId, TermId, TermStore};

/// Why two terms were merged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The input equality with this index (the caller's numbering).
    Input(u32),
    /// The two application terms have pairwise equal arguments.
    Congruence(TermId, TermId),
}

/// One recorded change.
#[derive(Clone, Debug)]
enum Undo {
    /// Class `from` was joined into `into`, whose member and use lists had these lengths.
    Union { from: TermId, into: TermId, members_before: usize, uses_before: usize },
    /// The proof-forest edge of `node` was `old` before it was overwritten.
    ProofEdge { node: TermId, old: Option<(TermId, Reason)> },
    /// This signature was inserted.
    Signature(FunId, Vec<TermId>),
    /// A disequality was noted.
    Disequality,
}

/// A congruence closure that backtracks, over every term of a [`TermStore`].
pub struct CongruenceClosure<'a> {
    store: &'a TermStore,
    representative: Vec<TermId>,
    members: Vec<Vec<TermId>>,
    uses: Vec<Vec<TermId>>,
    signatures: FxHashMap<(FunId, Vec<TermId>), TermId>,
    proof_parent: Vec<Option<(TermId, Reason)>>,
    pending: Vec<(TermId, TermId, Reason)>,
    /// The asserted disequalities `(a, b, input)`, in the order asserted.
    disequalities: Vec<(TermId, TermId, u32)>,
    undo: Vec<Undo>,
    /// `marks[k]`: the undo trail's length when level `k + 1` began.
    marks: Vec<usize>,
}

impl<'a> CongruenceClosure<'a> {
    /// Every term in its own class at level 0, with the signatures of the applications.
    pub fn new(store: &'a TermStore) -> CongruenceClosure<'a> {
        let n = store.len();
        let mut closure = CongruenceClosure {
            store,
            representative: (0..n as u32).map(TermId).collect(),
            members: (0..n as u32).map(|t| vec![TermId(t)]).collect(),
            uses: vec![Vec::new(); n],
            signatures: FxHashMap::default(),
            proof_parent: vec![None; n],
            pending: Vec::new(),
            disequalities: Vec::new(),
            undo: Vec::new(),
            marks: Vec::new(),
        };
        for t in 0..n as u32 {
            let term = store.term(TermId(t));
            if term.args.is_empty() {
                continue;
            }
            let mut seen = Vec::new();
            for &a in &term.args {
                if !seen.contains(&a) {
                    seen.push(a);
                    closure.uses[a.0 as usize].push(TermId(t));
                }
            }
            closure.signatures.insert((term.fun, term.args.clone()), TermId(t));
        }
        closure
    }

    /// The representative of `t`'s class.
    pub fn find(&self, t: TermId) -> TermId {
        self.representative[t.0 as usize]
    }

    /// The asserted disequalities `(a, b, input)`, in the order asserted.
    pub fn disequalities(&self) -> &[(TermId, TermId, u32)] {
        &self.disequalities
    }

    /// Makes `level` the current decision level: what follows is undone by a backtrack below
    /// it. Levels only grow here; [`CongruenceClosure::backtrack`] lowers them.
    pub fn set_level(&mut self, level: u32) {
        while (self.marks.len() as u32) < level {
            self.marks.push(self.undo.len());
        }
    }

    /// Undoes everything asserted above `level`.
    pub fn backtrack(&mut self, level: u32) {
        if self.marks.len() as u32 <= level {
            return;
        }
        let keep = self.marks[level as usize];
        self.marks.truncate(level as usize);
        while self.undo.len() > keep {
            match self.undo.pop() {
                Some(Undo::Union { from, into, members_before, uses_before }) => {
                    let moved = self.members[into.0 as usize].split_off(members_before);
                    for &m in &moved {
                        self.representative[m.0 as usize] = from;
                    }
                    self.members[from.0 as usize] = moved;
                    self.uses[from.0 as usize] = self.uses[into.0 as usize].split_off(uses_before);
                }
                Some(Undo::ProofEdge { node, old }) => self.proof_parent[node.0 as usize] = old,
                Some(Undo::Signature(f, args)) => {
                    self.signatures.remove(&(f, args));
                }
                Some(Undo::Disequality) => {
                    self.disequalities.pop();
                }
                None => break,
            }
        }
    }

    /// Notes the input disequality `a ≠ b`.
    pub fn assert_disequality(&mut self, a: TermId, b: TermId, input: u32) {
        self.disequalities.push((a, b, input));
        self.undo.push(Undo::Disequality);
    }

    /// Merges the classes of `a` and `b` (input equality `input`) and closes under congruence.
    pub fn merge(&mut self, a: TermId, b: TermId, input: u32) {
        self.pending.push((a, b, Reason::Input(input)));
        while let Some((x, y, why)) = self.pending.pop() {
            self.merge_one(x, y, why);
        }
    }

    /// The first asserted disequality whose sides are now in one class.
    pub fn violated(&self) -> Option<(TermId, TermId, u32)> {
        self.disequalities.iter().copied().find(|&(a, b, _)| self.find(a) == self.find(b))
    }

    fn set_edge(&mut self, node: TermId, edge: Option<(TermId, Reason)>) {
        let old = std::mem::replace(&mut self.proof_parent[node.0 as usize], edge);
        self.undo.push(Undo::ProofEdge { node, old });
    }

    fn merge_one(&mut self, a: TermId, b: TermId, reason: Reason) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        // Proof forest: make `a` the root of its tree, then hang it under `b`.
        self.reroot(a);
        self.set_edge(a, Some((b, reason)));
        let (from, into) = if self.members[ra.0 as usize].len() < self.members[rb.0 as usize].len()
        {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.undo.push(Undo::Union {
            from,
            into,
            members_before: self.members[into.0 as usize].len(),
            uses_before: self.uses[into.0 as usize].len(),
        });
        let moved = std::mem::take(&mut self.members[from.0 as usize]);
        for &m in &moved {
            self.representative[m.0 as usize] = into;
        }
        self.members[into.0 as usize].extend(moved);
        let moved_uses = std::mem::take(&mut self.uses[from.0 as usize]);
        for &u in &moved_uses {
            let term = self.store.term(u);
            let key = (term.fun, term.args.iter().map(|&x| self.find(x)).collect::<Vec<_>>());
            match self.signatures.get(&key) {
                Some(&other) if self.find(other) != self.find(u) => {
                    self.pending.push((u, other, Reason::Congruence(u, other)));
                }
                Some(_) => {}
                None => {
                    self.undo.push(Undo::Signature(key.0, key.1.clone()));
                    self.signatures.insert(key, u);
                }
            }
        }
        self.uses[into.0 as usize].extend(moved_uses);
    }

    fn reroot(&mut self, t: TermId) {
        let mut previous: Option<(TermId, Reason)> = None;
        let mut current = t;
        loop {
            let next = self.proof_parent[current.0 as usize];
            self.set_edge(current, previous);
            match next {
                Some((parent, why)) => {
                    previous = Some((current, why));
                    current = parent;
                }
                None => break,
            }
        }
    }

    fn path_to_root(&self, t: TermId) -> Vec<TermId> {
        let mut path = vec![t];
        let mut current = t;
        while let Some((parent, _)) = self.proof_parent[current.0 as usize] {
            path.push(parent);
            current = parent;
        }
        path
    }

    /// The input equalities (ascending, without repeats) that imply `a = b`; `a` and `b` must be
    /// in the same class.
    pub fn explain(&self, a: TermId, b: TermId) -> Vec<u32> {
        let mut inputs = Vec::new();
        let mut done: FxHashSet<(TermId, TermId)> = FxHashSet::default();
        let mut work = vec![(a, b)];
        while let Some((x, y)) = work.pop() {
            if x == y || !done.insert((x, y)) {
                continue;
            }
            let path_x = self.path_to_root(x);
            let path_y = self.path_to_root(y);
            let on_y: FxHashSet<TermId> = path_y.iter().copied().collect();
            let Some(&common) = path_x.iter().find(|t| on_y.contains(t)) else { continue };
            for path in [&path_x, &path_y] {
                for &t in path.iter().take_while(|&&t| t != common) {
                    let Some((_, why)) = self.proof_parent[t.0 as usize] else { continue };
                    match why {
                        Reason::Input(i) => inputs.push(i),
                        Reason::Congruence(u, v) => {
                            let (tu, tv) = (self.store.term(u), self.store.term(v));
                            for (&p, &q) in tu.args.iter().zip(&tv.args) {
                                work.push((p, q));
                            }
                        }
                    }
                }
            }
        }
        inputs.sort_unstable();
        inputs.dedup();
        inputs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random merge and backtrack sequences agree with a closure rebuilt from scratch from the
    /// equalities still asserted: the same partition of the terms, and every explanation of a
    /// pair in one class is made of asserted equalities that imply it.
    #[test]
    fn backtracking_agrees_with_a_closure_rebuilt_from_scratch() {
        let mut store = TermStore::new();
        let u = store.declare_sort("U");
        let f = store.declare_fun("f", vec![u], u, false);
        let g = store.declare_fun("g", vec![u, u], u, false);
        let constants: Vec<TermId> = (0..5)
            .map(|i| {
                let c = store.declare_fun(&format!("c{i}"), vec![], u, false);
                store.apply(c, vec![])
            })
            .collect();
        let mut terms = constants.clone();
        for &a in &constants {
            let fa = store.apply(f, vec![a]);
            terms.push(fa);
            terms.push(store.apply(f, vec![fa]));
            for &b in &constants[..2] {
                terms.push(store.apply(g, vec![a, b]));
            }
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        for _ in 0..40 {
            let mut closure = CongruenceClosure::new(&store);
            // The equalities asserted so far: `(a, b, level, input)`.
            let mut asserted: Vec<(TermId, TermId, u32, u32)> = Vec::new();
            let mut level = 0u32;
            for step in 0..60u32 {
                match next(5) {
                    0 if level > 0 => {
                        level = next(level as usize + 1) as u32;
                        closure.backtrack(level);
                        asserted.retain(|&(_, _, at, _)| at <= level);
                    }
                    1 => level += 1,
                    _ => {
                        let (a, b) = (terms[next(terms.len())], terms[next(terms.len())]);
                        closure.set_level(level);
                        closure.merge(a, b, step);
                        asserted.push((a, b, level, step));
                    }
                }
                // Rebuilt without levels: the same merges, never undone.
                let mut fresh = CongruenceClosure::new(&store);
                for &(a, b, _, input) in &asserted {
                    fresh.merge(a, b, input);
                }
                for &x in &terms {
                    for &y in &terms {
                        let same = closure.find(x) == closure.find(y);
                        assert_eq!(same, fresh.find(x) == fresh.find(y), "{x:?} {y:?}");
                        if same && x < y && next(16) == 0 {
                            let premises: Vec<(TermId, TermId)> = closure
                                .explain(x, y)
                                .iter()
                                .map(|&i| {
                                    let at = asserted.iter().find(|e| e.3 == i);
                                    let &(a, b, _, _) = at.expect("explained by a live input");
                                    (a, b)
                                })
                                .collect();
                            assert!(crate::smt::check::implies(&store, &premises, (x, y)));
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100);
    }
}
