//! Congruence closure with explanations: union-find over hash-consed terms, a signature table
//! for congruence, and a proof forest whose edges name why two terms were merged.
//!
//! The proof forest (Nieuwenhuis and Oliveras, "Fast congruence closure and extensions") keeps
//! one edge per merge, oriented towards the root of each proof tree; explaining `a = b` walks
//! both paths to their nearest common ancestor and collects the input equalities on the edges,
//! expanding congruence edges into explanations of their argument pairs.

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

/// A congruence closure over every term of a [`TermStore`].
pub struct CongruenceClosure<'a> {
    store: &'a TermStore,
    representative: Vec<TermId>,
    members: Vec<Vec<TermId>>,
    uses: Vec<Vec<TermId>>,
    signatures: FxHashMap<(FunId, Vec<TermId>), TermId>,
    proof_parent: Vec<Option<(TermId, Reason)>>,
    pending: Vec<(TermId, TermId, Reason)>,
}

impl<'a> CongruenceClosure<'a> {
    /// Every term in its own class, with the signatures of the applications recorded (terms are
    /// hash-consed, so no two start congruent).
    pub fn new(store: &'a TermStore) -> CongruenceClosure<'a> {
        let n = store.len();
        let mut cc = CongruenceClosure {
            store,
            representative: (0..n as u32).map(TermId).collect(),
            members: (0..n as u32).map(|t| vec![TermId(t)]).collect(),
            uses: vec![Vec::new(); n],
            signatures: FxHashMap::default(),
            proof_parent: vec![None; n],
            pending: Vec::new(),
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
                    cc.uses[a.0 as usize].push(TermId(t));
                }
            }
            cc.signatures.insert((term.fun, term.args.clone()), TermId(t));
        }
        cc
    }

    /// The representative of `t`'s class.
    pub fn find(&self, t: TermId) -> TermId {
        self.representative[t.0 as usize]
    }

    /// Merges the classes of `a` and `b` (input equality `reason`) and closes under congruence.
    pub fn merge(&mut self, a: TermId, b: TermId, reason: u32) {
        self.pending.push((a, b, Reason::Input(reason)));
        while let Some((x, y, why)) = self.pending.pop() {
            self.merge_one(x, y, why);
        }
    }

    fn merge_one(&mut self, a: TermId, b: TermId, reason: Reason) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        // Proof forest: make `a` the root of its tree, then hang it under `b`.
        self.reroot(a);
        self.proof_parent[a.0 as usize] = Some((b, reason));
        // Union by size: the smaller class joins the larger one.
        let (from, into) = if self.members[ra.0 as usize].len() < self.members[rb.0 as usize].len()
        {
            (ra, rb)
        } else {
            (rb, ra)
        };
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
            self.proof_parent[current.0 as usize] = previous;
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
