//! A (non-perfect) discrimination tree: each stored term is flattened in pre-order into a string
//! of keys, one per symbol occurrence, with every variable replaced by the wildcard `*`; the
//! strings share prefixes in a trie.
//!
//! Because stored variables all become the same `*`, the tree cannot see that `f(X, X)` needs both
//! arguments equal; retrieval returns candidates and the caller confirms them. For linear stored
//! terms, `generalizations` is exact.
//!
//! Retrieval is the hot path (forward demodulation asks `generalizations` for every subterm of
//! every new clause), so it is a loop over an explicit stack rather than recursion, and the query's
//! flattening and that stack live in a per-thread scratch buffer reused across calls: a query
//! allocates nothing once the buffers have grown to the working size.

use std::cell::Cell;

use super::arena::NodeArena;
use super::{TermEntry, TermIndex};
use crate::fol::{TermBank, TermId, TermView};

/// Marks an absent child.
const NONE: u32 = u32::MAX;
/// The root node's index; it is never freed.
const ROOT: u32 = 0;

/// One trie node.
#[derive(Clone, Debug)]
struct Node {
    /// Child along the wildcard edge (a stored variable), or `NONE`.
    star: u32,
    /// Children along symbol edges as `(symbol, arity, child)`, sorted by `(symbol, arity)`.
    /// The arity sits on the edge because skipping a stored subterm (when the query has a variable
    /// there) must know how many argument subterms follow the symbol.
    syms: Vec<(u32, u32, u32)>,
    /// Stored `(term, entry)` pairs whose key string ends here. Pre-order strings with arities are
    /// prefix-free, so only childless nodes hold entries.
    entries: Vec<(TermId, TermEntry)>,
}

impl Default for Node {
    fn default() -> Self {
        Node { star: NONE, syms: Vec::new(), entries: Vec::new() }
    }
}

impl Node {
    fn is_empty(&self) -> bool {
        self.star == NONE && self.syms.is_empty() && self.entries.is_empty()
    }

    fn sym_child(&self, symbol: u32, arity: u32) -> Option<u32> {
        self.syms
            .binary_search_by(|&(s, a, _)| (s, a).cmp(&(symbol, arity)))
            .ok()
            .map(|i| self.syms[i].2)
    }
}

/// Reusable buffers for one retrieval or update.
#[derive(Default)]
struct Scratch {
    /// The query (or the term being inserted or removed) in pre-order.
    flat: Vec<TermId>,
    /// Pending subterms while flattening.
    pending: Vec<TermId>,
    /// Search states `(node, query position, stored subterms still to skip)`.
    stack: Vec<(u32, u32, u32)>,
    /// Nodes on the way to a leaf, for pruning after removal.
    path: Vec<u32>,
}

thread_local! {
    static SCRATCH: Cell<Scratch> = const {
        Cell::new(Scratch {
            flat: Vec::new(),
            pending: Vec::new(),
            stack: Vec::new(),
            path: Vec::new(),
        })
    };
}

/// Runs `f` with this thread's scratch buffers. The buffers are taken out of the cell for the
/// duration, so a nested call (an index queried from inside another's retrieval) simply gets fresh
/// buffers instead of aliasing.
fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| {
        let mut scratch = cell.take();
        let result = f(&mut scratch);
        cell.set(scratch);
        result
    })
}

/// Writes `t` in pre-order into `flat`. The subterm at position `i` ends just before
/// `i + weight(flat[i])`, because the weight counts exactly the symbol and variable occurrences.
fn flatten(bank: &TermBank, t: TermId, flat: &mut Vec<TermId>, pending: &mut Vec<TermId>) {
    flat.clear();
    pending.clear();
    pending.push(t);
    while let Some(u) = pending.pop() {
        flat.push(u);
        pending.extend(bank.args(u).iter().rev());
    }
}

/// Which relation a skipping retrieval looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Stored terms that may unify with the query.
    Unifiable,
    /// Stored terms that may be instances of the query.
    Instances,
}

/// A term index over a discrimination tree; see the module documentation.
#[derive(Clone, Debug)]
pub struct DiscriminationTree {
    /// The trie's nodes; index 0 is the root.
    nodes: NodeArena<Node>,
    /// Number of stored `(term, entry)` pairs.
    len: usize,
}

impl Default for DiscriminationTree {
    fn default() -> Self {
        Self::new()
    }
}

impl DiscriminationTree {
    /// An empty tree.
    pub fn new() -> Self {
        DiscriminationTree { nodes: NodeArena::with_root(), len: 0 }
    }

    /// Number of live trie nodes, the root included (1 when empty). Shows that removal prunes.
    pub fn node_count(&self) -> usize {
        self.nodes.live()
    }

    /// The child of `node` for the pre-order item `t`, created when missing.
    fn child_or_insert(&mut self, bank: &TermBank, node: u32, t: TermId) -> u32 {
        match bank.view(t) {
            TermView::Var(_) => {
                let star = self.nodes[node].star;
                if star != NONE {
                    return star;
                }
                let child = self.nodes.alloc();
                self.nodes[node].star = child;
                child
            }
            TermView::App(f, args) => {
                let key = (f.0, args.len() as u32);
                let syms = &self.nodes[node].syms;
                match syms.binary_search_by(|&(s, a, _)| (s, a).cmp(&key)) {
                    Ok(i) => syms[i].2,
                    Err(i) => {
                        let child = self.nodes.alloc();
                        self.nodes[node].syms.insert(i, (key.0, key.1, child));
                        child
                    }
                }
            }
        }
    }

    /// The existing child of `node` for the pre-order item `t`.
    fn child(&self, bank: &TermBank, node: u32, t: TermId) -> Option<u32> {
        let n = &self.nodes[node];
        match bank.view(t) {
            TermView::Var(_) => (n.star != NONE).then_some(n.star),
            TermView::App(f, args) => n.sym_child(f.0, args.len() as u32),
        }
    }

    /// Unlinks `child` from `parent`.
    fn unlink(&mut self, parent: u32, child: u32) {
        let p = &mut self.nodes[parent];
        if p.star == child {
            p.star = NONE;
        } else if let Some(i) = p.syms.iter().position(|&(_, _, c)| c == child) {
            p.syms.remove(i);
        }
    }

    /// Retrieval for unifiable terms and instances: both must let a query variable stand for a
    /// whole stored subterm, which the tree skips by counting how many subterms remain.
    fn retrieve_skipping(
        &self,
        bank: &TermBank,
        query: TermId,
        mode: Mode,
        out: &mut Vec<(TermId, TermEntry)>,
    ) {
        with_scratch(|s| {
            flatten(bank, query, &mut s.flat, &mut s.pending);
            let flat = &s.flat;
            let stack = &mut s.stack;
            stack.clear();
            stack.push((ROOT, 0, 0));
            while let Some((node, pos, skip)) = stack.pop() {
                let n = &self.nodes[node];
                if skip > 0 {
                    // Consume one stored key; a symbol of arity k leaves k more subterms to skip.
                    for &(_, arity, child) in n.syms.iter().rev() {
                        stack.push((child, pos, skip - 1 + arity));
                    }
                    if n.star != NONE {
                        stack.push((n.star, pos, skip - 1));
                    }
                    continue;
                }
                let Some(&t) = flat.get(pos as usize) else {
                    out.extend_from_slice(&n.entries);
                    continue;
                };
                match bank.view(t) {
                    // The query variable stands for (or unifies with) any one stored subterm.
                    TermView::Var(_) => stack.push((node, pos + 1, 1)),
                    TermView::App(f, args) => {
                        if let Some(child) = n.sym_child(f.0, args.len() as u32) {
                            stack.push((child, pos + 1, 0));
                        }
                        // A stored variable unifies with the whole query subterm, unless that is
                        // an atom (variables never stand for atoms). An instance of a non-variable
                        // query subterm cannot be a variable.
                        if mode == Mode::Unifiable && n.star != NONE && !bank.is_atom(t) {
                            stack.push((n.star, pos + bank.weight(t), 0));
                        }
                    }
                }
            }
        });
    }
}

impl TermIndex for DiscriminationTree {
    fn insert(&mut self, bank: &TermBank, term: TermId, entry: TermEntry) {
        with_scratch(|s| {
            flatten(bank, term, &mut s.flat, &mut s.pending);
            let mut node = ROOT;
            for &t in &s.flat {
                node = self.child_or_insert(bank, node, t);
            }
            self.nodes[node].entries.push((term, entry));
        });
        self.len += 1;
    }

    fn remove(&mut self, bank: &TermBank, term: TermId, entry: TermEntry) {
        with_scratch(|s| {
            flatten(bank, term, &mut s.flat, &mut s.pending);
            // Record the path so that nodes left empty can be unlinked bottom-up.
            let path = &mut s.path;
            path.clear();
            let mut node = ROOT;
            for &t in &s.flat {
                let Some(child) = self.child(bank, node, t) else { return };
                path.push(node);
                node = child;
            }
            let entries = &mut self.nodes[node].entries;
            let Some(i) = entries.iter().position(|&(t, e)| t == term && e == entry) else {
                return;
            };
            // `remove`, not `swap_remove`: keeps the order of results a function of the history.
            entries.remove(i);
            self.len -= 1;
            while let Some(parent) = path.pop() {
                if !self.nodes[node].is_empty() {
                    break;
                }
                self.unlink(parent, node);
                self.nodes.release(node);
                node = parent;
            }
        });
    }

    fn unifiable(&self, bank: &TermBank, query: TermId, out: &mut Vec<(TermId, TermEntry)>) {
        self.retrieve_skipping(bank, query, Mode::Unifiable, out);
    }

    fn generalizations(&self, bank: &TermBank, query: TermId, out: &mut Vec<(TermId, TermEntry)>) {
        // Fast exit when the root has neither the query's head nor a wildcard, the common case
        // for demodulation of a subterm no rewrite rule can touch; it skips the flattening.
        let root = &self.nodes[ROOT];
        let head_child = match bank.view(query) {
            TermView::Var(_) => None,
            TermView::App(f, args) => root.sym_child(f.0, args.len() as u32),
        };
        if head_child.is_none() && (root.star == NONE || bank.is_atom(query)) {
            return;
        }
        with_scratch(|s| {
            flatten(bank, query, &mut s.flat, &mut s.pending);
            let flat = &s.flat;
            let stack = &mut s.stack;
            stack.clear();
            stack.push((ROOT, 0, 0));
            while let Some((node, pos, _)) = stack.pop() {
                let n = &self.nodes[node];
                let Some(&t) = flat.get(pos as usize) else {
                    out.extend_from_slice(&n.entries);
                    continue;
                };
                // A stored variable matches the whole query subterm (never an atom); a stored
                // symbol must be the query's symbol. A query variable is a constant for matching,
                // so only a stored variable can match it.
                if n.star != NONE && !bank.is_atom(t) {
                    stack.push((n.star, pos + bank.weight(t), 0));
                }
                if let TermView::App(f, args) = bank.view(t)
                    && let Some(child) = n.sym_child(f.0, args.len() as u32)
                {
                    stack.push((child, pos + 1, 0));
                }
            }
        });
    }

    fn instances(&self, bank: &TermBank, query: TermId, out: &mut Vec<(TermId, TermEntry)>) {
        self.retrieve_skipping(bank, query, Mode::Instances, out);
    }

    fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fol::{Signature, SymbolKind};
    use crate::prover::proof::ClauseId;

    struct Fx {
        sig: Signature,
        bank: TermBank,
    }

    impl Fx {
        fn new() -> Self {
            Fx { sig: Signature::new(), bank: TermBank::new() }
        }
        fn f(&mut self, name: &str, args: &[TermId]) -> TermId {
            let s = self.sig.intern(name, args.len() as u32, SymbolKind::Function);
            self.bank.app(&self.sig, s, args)
        }
        fn p(&mut self, name: &str, args: &[TermId]) -> TermId {
            let s = self.sig.intern(name, args.len() as u32, SymbolKind::Predicate);
            self.bank.app(&self.sig, s, args)
        }
        fn x(&mut self, n: u32) -> TermId {
            self.bank.var(n)
        }
    }

    fn entry(n: u32) -> TermEntry {
        TermEntry { clause: ClauseId(n), literal: 0, side: 0, position: 0 }
    }

    fn ids(out: &[(TermId, TermEntry)]) -> Vec<u32> {
        let mut v: Vec<u32> = out.iter().map(|(_, e)| e.clause.0).collect();
        v.sort_unstable();
        v
    }

    /// Stored: 0 `f(X, a)`, 1 `f(a, b)`, 2 `f(g(X), Y)`, 3 `X`, 4 `f(X, X)`, 5 `g(a)`.
    fn sample() -> (Fx, DiscriminationTree, Vec<TermId>) {
        let mut fx = Fx::new();
        let (x, y) = (fx.x(0), fx.x(1));
        let a = fx.f("a", &[]);
        let b = fx.f("b", &[]);
        let gx = fx.f("g", &[x]);
        let ga = fx.f("g", &[a]);
        let terms = vec![
            fx.f("f", &[x, a]),
            fx.f("f", &[a, b]),
            fx.f("f", &[gx, y]),
            x,
            fx.f("f", &[x, x]),
            ga,
        ];
        let mut tree = DiscriminationTree::new();
        for (i, &t) in terms.iter().enumerate() {
            tree.insert(&fx.bank, t, entry(i as u32));
        }
        (fx, tree, terms)
    }

    #[test]
    fn generalizations_of_ground_and_open_queries() {
        let (mut fx, tree, _) = sample();
        let a = fx.f("a", &[]);
        let b = fx.f("b", &[]);
        let ga = fx.f("g", &[a]);
        let mut out = Vec::new();
        // f(g(a), a): f(X,a), f(g(X),Y), X, and f(X,X) as an imprecise candidate.
        let q = fx.f("f", &[ga, a]);
        tree.generalizations(&fx.bank, q, &mut out);
        assert_eq!(ids(&out), vec![0, 2, 3, 4]);
        // f(a, b): f(a,b), X, f(X,X) (imprecise).
        out.clear();
        let q = fx.f("f", &[a, b]);
        tree.generalizations(&fx.bank, q, &mut out);
        assert_eq!(ids(&out), vec![1, 3, 4]);
        // A query variable is a constant: only the stored variable generalizes it.
        out.clear();
        let y = fx.x(7);
        tree.generalizations(&fx.bank, y, &mut out);
        assert_eq!(ids(&out), vec![3]);
        // An atom is never an instance of a variable, and no stored term has head p.
        out.clear();
        let pa = fx.p("p", &[a]);
        tree.generalizations(&fx.bank, pa, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn unifiable_and_instances_skip_stored_subterms() {
        let (mut fx, tree, _) = sample();
        let (x, y) = (fx.x(0), fx.x(1));
        let a = fx.f("a", &[]);
        let b = fx.f("b", &[]);
        let mut out = Vec::new();
        // f(Y, b) unifies with f(a,b), f(g(X),Y), X, f(X,X); not f(X,a).
        let q = fx.f("f", &[y, b]);
        tree.unifiable(&fx.bank, q, &mut out);
        assert_eq!(ids(&out), vec![1, 2, 3, 4]);
        // Its instances: f(a,b) only; a stored wildcard is never an instance of the constant b.
        out.clear();
        tree.instances(&fx.bank, q, &mut out);
        assert_eq!(ids(&out), vec![1]);
        // Instances of f(X, Y): every f-term.
        out.clear();
        let q = fx.f("f", &[x, y]);
        tree.instances(&fx.bank, q, &mut out);
        assert_eq!(ids(&out), vec![0, 1, 2, 4]);
        // A bare variable query: everything unifies, everything is an instance.
        out.clear();
        tree.instances(&fx.bank, x, &mut out);
        assert_eq!(ids(&out), vec![0, 1, 2, 3, 4, 5]);
        out.clear();
        tree.unifiable(&fx.bank, x, &mut out);
        assert_eq!(ids(&out), vec![0, 1, 2, 3, 4, 5]);
        // g(b): unifies only with the stored variable.
        out.clear();
        let gb = fx.f("g", &[b]);
        tree.unifiable(&fx.bank, gb, &mut out);
        assert_eq!(ids(&out), vec![3]);
        // Instances of g(X): g(a) only.
        out.clear();
        let gx = fx.f("g", &[x]);
        tree.instances(&fx.bank, gx, &mut out);
        assert_eq!(ids(&out), vec![5]);
        let _ = a;
    }

    #[test]
    fn removal_prunes_and_ignores_absent_pairs() {
        let (mut fx, mut tree, terms) = sample();
        assert_eq!(tree.len(), 6);
        let before = tree.node_count();
        // Absent entry, absent term: no effect.
        tree.remove(&fx.bank, terms[0], entry(99));
        let h = fx.f("h", &[]);
        tree.remove(&fx.bank, h, entry(0));
        assert_eq!((tree.len(), tree.node_count()), (6, before));
        for (i, &t) in terms.iter().enumerate() {
            tree.remove(&fx.bank, t, entry(i as u32));
        }
        assert_eq!(tree.len(), 0);
        assert_eq!(tree.node_count(), 1);
        let mut out = Vec::new();
        let x = fx.x(0);
        tree.unifiable(&fx.bank, x, &mut out);
        assert!(out.is_empty());
        // Freed nodes are reused.
        tree.insert(&fx.bank, terms[2], entry(2));
        assert!(tree.nodes.capacity() <= before);
        tree.generalizations(&fx.bank, terms[2], &mut out);
        assert_eq!(ids(&out), vec![2]);
    }

    #[test]
    fn same_key_string_keeps_every_term_and_entry() {
        let mut fx = Fx::new();
        let (x, y) = (fx.x(0), fx.x(1));
        let fxy = fx.f("f", &[x, y]);
        let fxx = fx.f("f", &[x, x]);
        let mut tree = DiscriminationTree::new();
        tree.insert(&fx.bank, fxy, entry(0));
        tree.insert(&fx.bank, fxx, entry(1));
        tree.insert(&fx.bank, fxx, entry(2));
        let mut out = Vec::new();
        tree.instances(&fx.bank, fxy, &mut out);
        assert_eq!(out, vec![(fxy, entry(0)), (fxx, entry(1)), (fxx, entry(2))]);
        tree.remove(&fx.bank, fxx, entry(1));
        out.clear();
        tree.generalizations(&fx.bank, fxy, &mut out);
        assert_eq!(out, vec![(fxy, entry(0)), (fxx, entry(2))]);
    }
}
