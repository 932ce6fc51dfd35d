//! The resolution proof the solver records: a DAG over clause ids whose leaves are the original
//! clauses and whose inner nodes are linear resolution chains, plus its export to LRAT and DRAT.
//!
//! A derived clause `C` with antecedents `A0, A1, .., Ak` and pivots `p1, .., pk` means
//! `C = (..((A0 ⊗ A1) ⊗ A2) .. ⊗ Ak)` where step `i` resolves on `pi`: the literal `pi` is in
//! `Ai` and its negation is in the clause built so far. Antecedents always have smaller ids than
//! the clause they derive, so ascending id order is a topological order; an interpolation
//! procedure (McMillan, Pudlák) can fold over [`Proof::cone`] reading [`Step`]s.
//!
//! The chains are *trivial* resolutions in the sense of Beame, Kautz and Sabharwal: each pivot
//! variable is eliminated once and never reintroduced. That is what lets the LRAT writer use the
//! reversed chain as the unit-propagation hint list of a lemma (see [`Proof::write_lrat`]).

use std::io::{self, Write};

use super::lit::Lit;

/// The stable name of a clause: original clauses get theirs from `add_clause`, derived ones when
/// they are learned. Ids grow with creation, so an antecedent's id is below its consequent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClauseId(pub u32);

impl ClauseId {
    /// The id as a `usize`, for table lookups.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One node of the proof, as read by checkers and interpolation procedures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// A clause given to the solver (duplicate literals removed, otherwise as given).
    Original {
        /// Its literals, sorted.
        clause: &'a [Lit],
    },
    /// A clause derived by a resolution chain.
    Derived {
        /// Its literals, sorted.
        clause: &'a [Lit],
        /// `A0, A1, .., Ak` in resolution order.
        antecedents: &'a [ClauseId],
        /// `p1, .., pk`: `pivots[i]` is the literal of `antecedents[i + 1]` resolved upon.
        pivots: &'a [Lit],
    },
}

impl<'a> Step<'a> {
    /// The clause of this step.
    pub fn clause(&self) -> &'a [Lit] {
        match *self {
            Step::Original { clause } | Step::Derived { clause, .. } => clause,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Node {
    literals: (usize, u32),
    /// Start and length in `antecedents`; the pivots of the node start at `pivots_start`.
    antecedents: (usize, u32),
    pivots_start: usize,
    original: bool,
}

/// The recorded proof: every clause the solver ever had, original or derived, by id.
#[derive(Clone, Debug, Default)]
pub struct Proof {
    literals: Vec<Lit>,
    antecedents: Vec<ClauseId>,
    pivots: Vec<Lit>,
    nodes: Vec<Node>,
}

impl Proof {
    /// An empty proof.
    pub fn new() -> Proof {
        Proof::default()
    }

    /// Number of clauses recorded (the next id to be handed out).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True if nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Records an original clause; returns its id. `clause` should be sorted and free of
    /// duplicates.
    pub fn add_original(&mut self, clause: &[Lit]) -> ClauseId {
        let id = ClauseId(self.nodes.len() as u32);
        let literals = (self.literals.len(), clause.len() as u32);
        self.literals.extend_from_slice(clause);
        let antecedents = (self.antecedents.len(), 0);
        self.nodes.push(Node {
            literals,
            antecedents,
            pivots_start: self.pivots.len(),
            original: true,
        });
        id
    }

    /// Records a derived clause with its chain (`pivots.len() + 1 == antecedents.len()`);
    /// returns its id.
    pub fn add_derived(
        &mut self,
        clause: &[Lit],
        antecedents: &[ClauseId],
        pivots: &[Lit],
    ) -> ClauseId {
        debug_assert_eq!(pivots.len() + 1, antecedents.len());
        let id = ClauseId(self.nodes.len() as u32);
        let literals = (self.literals.len(), clause.len() as u32);
        self.literals.extend_from_slice(clause);
        let chain = (self.antecedents.len(), antecedents.len() as u32);
        self.antecedents.extend_from_slice(antecedents);
        let pivots_start = self.pivots.len();
        self.pivots.extend_from_slice(pivots);
        self.nodes.push(Node { literals, antecedents: chain, pivots_start, original: false });
        id
    }

    /// The step that recorded clause `id`, if there is one.
    pub fn step(&self, id: ClauseId) -> Option<Step<'_>> {
        let node = self.nodes.get(id.index())?;
        let (start, len) = node.literals;
        let clause = &self.literals[start..start + len as usize];
        if node.original {
            return Some(Step::Original { clause });
        }
        let (start, len) = node.antecedents;
        let antecedents = &self.antecedents[start..start + len as usize];
        let pivots =
            &self.pivots[node.pivots_start..node.pivots_start + (len as usize).saturating_sub(1)];
        Some(Step::Derived { clause, antecedents, pivots })
    }

    /// True if `id` names an original clause.
    pub fn is_original(&self, id: ClauseId) -> bool {
        self.nodes.get(id.index()).is_some_and(|n| n.original)
    }

    /// Every clause `root` depends on (itself included), in ascending id order, which is a
    /// topological order: antecedents come before the clauses derived from them.
    pub fn cone(&self, root: ClauseId) -> Vec<ClauseId> {
        let mut in_cone = vec![false; self.nodes.len()];
        let mut stack = vec![root];
        while let Some(id) = stack.pop() {
            let Some(flag) = in_cone.get_mut(id.index()) else { continue };
            if *flag {
                continue;
            }
            *flag = true;
            if let Some(Step::Derived { antecedents, .. }) = self.step(id) {
                stack.extend(antecedents.iter().copied().filter(|a| a.0 < id.0));
            }
        }
        (0..self.nodes.len() as u32).map(ClauseId).filter(|id| in_cone[id.index()]).collect()
    }

    /// The original clauses `root` depends on, ascending: an unsatisfiable core when `root` is
    /// the empty clause.
    pub fn leaves(&self, root: ClauseId) -> Vec<ClauseId> {
        self.cone(root).into_iter().filter(|&id| self.is_original(id)).collect()
    }

    /// Writes the derivation of `root` in LRAT, as checked by `lrat-check` or cake_lpr.
    ///
    /// Original clauses are numbered `1..=n` in id order (all of them, used or not, so that the
    /// numbers are the clause positions of the DIMACS file the originals came from, when they
    /// were added in that order); the derived clauses of the cone follow in id order. The hints
    /// of a lemma are its chain reversed: under the negation of the lemma, the last antecedent of
    /// a trivial resolution chain is unit, propagating its pivot, and so on back to the first,
    /// which is falsified.
    pub fn write_lrat(&self, root: ClauseId, out: &mut dyn Write) -> io::Result<()> {
        let mut number = vec![0u64; self.nodes.len()];
        let mut next = 0u64;
        for (i, node) in self.nodes.iter().enumerate() {
            if node.original {
                next += 1;
                number[i] = next;
            }
        }
        let mut line = String::new();
        for id in self.cone(root) {
            let Some(Step::Derived { clause, antecedents, .. }) = self.step(id) else { continue };
            next += 1;
            number[id.index()] = next;
            line.clear();
            line.push_str(&next.to_string());
            for lit in clause {
                line.push(' ');
                line.push_str(&lit.to_dimacs().to_string());
            }
            line.push_str(" 0");
            for a in antecedents.iter().rev() {
                line.push(' ');
                line.push_str(&number[a.index()].to_string());
            }
            line.push_str(" 0\n");
            out.write_all(line.as_bytes())?;
        }
        // A refutation whose root is an original (empty) clause still ends with the empty lemma.
        if self.is_original(root) {
            writeln!(out, "{} 0 {} 0", next + 1, number[root.index()])?;
        }
        Ok(())
    }

    /// Writes the derivation of `root` in DRAT (the lemmas of its cone in order, no deletions).
    pub fn write_drat(&self, root: ClauseId, out: &mut dyn Write) -> io::Result<()> {
        let mut line = String::new();
        for id in self.cone(root) {
            let Some(Step::Derived { clause, .. }) = self.step(id) else { continue };
            line.clear();
            for lit in clause {
                line.push_str(&lit.to_dimacs().to_string());
                line.push(' ');
            }
            line.push_str("0\n");
            out.write_all(line.as_bytes())?;
        }
        if self.is_original(root) {
            writeln!(out, "0")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(n: i32) -> Lit {
        Lit::from_dimacs(n).unwrap()
    }

    #[test]
    fn cone_leaves_and_lrat_of_a_small_refutation() {
        let mut p = Proof::new();
        let a = p.add_original(&[lit(1), lit(2)]);
        let b = p.add_original(&[lit(1), lit(-2)]);
        let unused = p.add_original(&[lit(3)]);
        let c = p.add_original(&[lit(-1)]);
        let unit = p.add_derived(&[lit(1)], &[a, b], &[lit(-2)]);
        let empty = p.add_derived(&[], &[unit, c], &[lit(-1)]);
        assert_eq!(p.cone(empty), vec![a, b, c, unit, empty]);
        assert_eq!(p.leaves(empty), vec![a, b, c]);
        assert!(!p.leaves(empty).contains(&unused));
        let mut out = Vec::new();
        p.write_lrat(empty, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "5 1 0 2 1 0\n6 0 4 5 0\n");
        let mut out = Vec::new();
        p.write_drat(empty, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "1 0\n0\n");
    }
}
