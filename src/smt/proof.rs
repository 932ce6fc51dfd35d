//! The proof of an `unsat` answer as an engine-level value: the atoms, the leaves with their
//! reasons (Tseitin definitions, assertion roots, theory lemmas with their certificates), and
//! the resolution chains down to the empty clause, for a front end to print and anyone to check.
//!
//! The value is read off the loop's refutation after the fact ([`Refutation::proof`]), so a
//! `check` pays nothing for it beyond keeping the encoder. Only the cone of the empty clause
//! is exported, numbered in the SAT proof's order (antecedents before what they derive).
//!
//! Selector literals (the assumptions that track named assertions for unsat cores) are left
//! out: a selector `s` occurs in one clause, `¬s ∨ root`, and never positively in a clause or
//! as a pivot, so dropping `¬s` from every clause of the cone turns each chain into a chain
//! over the untracked assertions and the root clause (`¬s1 ∨ .. ∨ ¬sk`) into the empty clause.
//!
//! This module names no concrete syntax: atoms are terms of the [`TermStore`] and bounds are
//! [`ArithLiteral`]s; the SMT-LIB front end prints them.

use std::collections::BTreeMap;

use rug::Rational;
use rustc_hash::FxHashMap;

use super::array_check::ArraySchema;
use super::farkas::ArithLiteral;
use super::{Encoder, Origin, SmtError, TermId, TermStore};
use crate::sat::{Lit, Step, Var};

/// The Boolean gate a Tseitin variable stands for, over literals of type `L`; `x ⇔ gate`
/// is what the definition clauses of `x` say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gate<L> {
    /// The conjunction of the literals.
    And(Vec<L>),
    /// The disjunction of the literals.
    Or(Vec<L>),
    /// The equivalence of two literals (an exclusive or is an equivalence with the second
    /// literal negated).
    Iff(L, L),
    /// If the first literal, the second, else the third.
    Ite(L, L, L),
}

impl<L: Copy> Gate<L> {
    fn try_map<M, E>(&self, f: impl Fn(L) -> Result<M, E>) -> Result<Gate<M>, E> {
        Ok(match self {
            Gate::And(ls) => Gate::And(ls.iter().map(|&l| f(l)).collect::<Result<_, _>>()?),
            Gate::Or(ls) => Gate::Or(ls.iter().map(|&l| f(l)).collect::<Result<_, _>>()?),
            Gate::Iff(a, b) => Gate::Iff(f(*a)?, f(*b)?),
            Gate::Ite(c, a, b) => Gate::Ite(f(*c)?, f(*a)?, f(*b)?),
        })
    }

    fn inputs(&self) -> Vec<L> {
        match self {
            Gate::And(ls) | Gate::Or(ls) => ls.clone(),
            Gate::Iff(a, b) => vec![*a, *b],
            Gate::Ite(c, a, b) => vec![*c, *a, *b],
        }
    }
}

/// A literal of the proof: an atom (by its index in [`SmtProof::atoms`]) and a polarity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProofLiteral {
    /// The atom's index.
    pub atom: usize,
    /// True for the atom itself, false for its negation.
    pub positive: bool,
}

/// What a propositional variable of the proof stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofAtom {
    /// The constant `true` (its unit clause is a leaf of rule [`Rule::Truth`]).
    True,
    /// The equality of two terms; a Boolean term `p` is the equality `p = true`.
    Equality(TermId, TermId),
    /// The bound `Σ c·t + k <= 0` (or `< 0`) over arithmetic terms.
    Bound(ArithLiteral),
    /// A Tseitin variable made while encoding the assertion with this index.
    Definition {
        /// The assertion's index.
        assertion: usize,
        /// What the variable is equivalent to.
        gate: Gate<ProofLiteral>,
    },
}

/// Why a clause of the proof holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The unit clause of the atom `true`.
    Truth,
    /// One of the clauses of `x ⇔ gate` for a [`ProofAtom::Definition`] atom `x` in it.
    Definition,
    /// The unit clause of the literal that encodes the assertion with this index.
    Assertion(usize),
    /// An EUF lemma: the negations of its literals are refuted by congruence closure.
    Congruence,
    /// An arithmetic lemma: the negations of its literals, in the canonical form of the
    /// Farkas checker (scaled to coprime integer coefficients, rounded when every variable is
    /// Int), summed with these coefficients (one per literal, in order) are `0 <= c < 0` or
    /// `0 < c <= 0`.
    Farkas(Vec<Rational>),
    /// A clause of `e ⇔ a - b <= 0 ∧ b - a <= 0` for an interface equality `e` (`a = b`).
    Bridge,
    /// A unit clause of the definition `0 <= x - k·d <= |k| - 1` of `d = (div x k)`.
    Division,
    /// An instance of an array axiom, of the schema named: read over write at or away from
    /// the written index, a read of a constant array, extensionality with a fresh witness,
    /// or a fresh index apart from a store index.
    Array(ArraySchema),
    /// A Gomory cut `¬P ∨ c` over the integers, a split cut on `π - k <= 0` (`split`, its
    /// form `π` over Int terms with integer coefficients): the negated literals with the
    /// split's bound, and with its negation (`π >= k + 1`), each have a Farkas refutation,
    /// `below` and `above` (a coefficient per literal, in order, then the split's; zero for
    /// a literal that side does not use).
    Cut {
        /// The split.
        split: ArithLiteral,
        /// The refutation with `split`.
        below: Vec<Rational>,
        /// The refutation with the negated `split`.
        above: Vec<Rational>,
    },
    /// The resolvent of the chain: `chain[0]` resolved with `chain[1]` on `pivots[0]`, the
    /// result with `chain[2]` on `pivots[1]`, and so on (indices of earlier steps and atoms).
    Resolution {
        /// The antecedent steps, in resolution order.
        chain: Vec<usize>,
        /// The atom resolved upon at each step.
        pivots: Vec<usize>,
    },
}

/// One clause of the proof with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofStep {
    /// The clause's literals, sorted.
    pub clause: Vec<ProofLiteral>,
    /// Why it holds.
    pub rule: Rule,
}

/// A refutation: the last step's clause is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmtProof {
    /// The atoms, in the order of their SAT variables.
    pub atoms: Vec<ProofAtom>,
    /// The steps, antecedents before the steps that use them.
    pub steps: Vec<ProofStep>,
}

/// What an `unsat` answer keeps to build its proof on demand.
pub struct Refutation {
    encoder: Encoder,
    own_store: Option<TermStore>,
}

impl std::fmt::Debug for Refutation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Refutation").finish_non_exhaustive()
    }
}

fn internal(what: &str) -> SmtError {
    SmtError::Unsupported(format!("the refutation cannot be exported: {what}"))
}

impl Refutation {
    pub(super) fn new(encoder: Encoder, own_store: Option<TermStore>) -> Refutation {
        Refutation { encoder, own_store }
    }

    /// The store the proof's terms live in: the caller's, or the private copy the loop made
    /// when array lemmas needed new terms.
    pub fn store<'a>(&'a self, caller: &'a TermStore) -> &'a TermStore {
        self.own_store.as_ref().unwrap_or(caller)
    }

    /// The proof of the refutation: the cone of the empty clause, selectors left out.
    pub fn proof(&self) -> Result<SmtProof, SmtError> {
        let encoder = &self.encoder;
        let (Some(sat_proof), Some(root)) = (encoder.solver.proof(), encoder.solver.refutation())
        else {
            return Err(internal("the SAT solver kept no refutation"));
        };
        let mut kinds: FxHashMap<Var, ProofAtom> = FxHashMap::default();
        kinds.insert(encoder.true_lit.var(), ProofAtom::True);
        for &(a, b, v) in &encoder.atoms {
            kinds.insert(v, ProofAtom::Equality(a, b));
        }
        for (i, &v) in encoder.arith_vars.iter().enumerate() {
            kinds.insert(v, ProofAtom::Bound(encoder.linear.atoms()[i].literal.clone()));
        }
        let is_selector = |v: Var| encoder.selectors.contains(&v);
        let cone = sat_proof.cone(root);
        // The variables the proof needs: those of the cone's clauses and, through the gates,
        // the inputs of every Tseitin variable among them.
        let mut needed: BTreeMap<Var, ()> = BTreeMap::new();
        let mut stack: Vec<Var> = Vec::new();
        for &id in &cone {
            let step = sat_proof.step(id).ok_or_else(|| internal("a missing step"))?;
            for &l in step.clause() {
                if is_selector(l.var()) {
                    if !l.is_negative() {
                        return Err(internal("a selector occurs positively"));
                    }
                    continue;
                }
                stack.push(l.var());
            }
        }
        while let Some(v) = stack.pop() {
            if needed.insert(v, ()).is_some() {
                continue;
            }
            if let Some(gate) = encoder.gates.get(&v) {
                stack.extend(gate.inputs().iter().map(|l| l.var()));
            }
        }
        let number: BTreeMap<Var, usize> =
            needed.keys().enumerate().map(|(i, &v)| (v, i)).collect();
        let literal = |l: Lit| -> Result<ProofLiteral, SmtError> {
            let atom = *number.get(&l.var()).ok_or_else(|| internal("an unnumbered variable"))?;
            Ok(ProofLiteral { atom, positive: !l.is_negative() })
        };
        let mut atoms = Vec::with_capacity(number.len());
        for &v in number.keys() {
            let atom = if let Some(kind) = kinds.get(&v) {
                kind.clone()
            } else if let Some(gate) = encoder.gates.get(&v) {
                let assertion = *encoder
                    .owners
                    .get(&v)
                    .ok_or_else(|| internal("a Tseitin variable without its assertion"))?;
                ProofAtom::Definition { assertion, gate: gate.try_map(literal)? }
            } else {
                return Err(internal("a variable that is neither an atom nor a definition"));
            };
            atoms.push(atom);
        }
        let mut step_number: FxHashMap<u32, usize> = FxHashMap::default();
        let mut steps = Vec::with_capacity(cone.len());
        for &id in &cone {
            let step = sat_proof.step(id).ok_or_else(|| internal("a missing step"))?;
            let clause: Vec<ProofLiteral> = step
                .clause()
                .iter()
                .filter(|l| !is_selector(l.var()))
                .map(|&l| literal(l))
                .collect::<Result<_, _>>()?;
            let rule = match step {
                Step::Original { .. } => {
                    let origin =
                        encoder.origins.get(&id.0).ok_or_else(|| internal("a leaf not added"))?;
                    match origin {
                        Origin::Truth => Rule::Truth,
                        Origin::Assertion(i) => match encoder.roots.get(&id.0) {
                            Some(_) => Rule::Assertion(*i),
                            None => Rule::Definition,
                        },
                        Origin::Congruence => Rule::Congruence,
                        Origin::Farkas(premises) => {
                            let mut coefficients: BTreeMap<ProofLiteral, Rational> =
                                BTreeMap::new();
                            for (i, value, c) in premises {
                                let v = encoder.arith_vars[*i];
                                // The premise is the atom with its value; the lemma's literal
                                // is its negation.
                                let l = literal(Lit::new(v, *value))?;
                                *coefficients.entry(l).or_default() += c;
                            }
                            let per_literal: Vec<Rational> = clause
                                .iter()
                                .map(|l| {
                                    coefficients.get(l).cloned().ok_or_else(|| {
                                        internal("a Farkas literal without its coefficient")
                                    })
                                })
                                .collect::<Result<_, _>>()?;
                            Rule::Farkas(per_literal)
                        }
                        Origin::Valid if clause.len() == 1 => Rule::Division,
                        Origin::Valid => Rule::Bridge,
                        Origin::Array(schema) => Rule::Array(*schema),
                        Origin::Cut(made) => {
                            let (cut, cut_literal) = &**made;
                            // The premises' literals in the lemma, then the cut's: the same
                            // order as the coefficients of both refutations.
                            let mut order = Vec::new();
                            for &(i, value) in &cut.premises {
                                order.push(literal(Lit::new(encoder.arith_vars[i], value))?);
                            }
                            if let Some(cut_literal) = cut_literal {
                                order.push(literal(*cut_literal)?);
                            }
                            let per_literal = |coefficients: &[Rational]| {
                                let mut by_literal: BTreeMap<ProofLiteral, Rational> =
                                    BTreeMap::new();
                                for (l, c) in order.iter().zip(coefficients) {
                                    *by_literal.entry(*l).or_default() += c;
                                }
                                let mut out: Vec<Rational> = clause
                                    .iter()
                                    .map(|l| by_literal.get(l).cloned().unwrap_or_default())
                                    .collect();
                                out.push(coefficients.last().cloned().unwrap_or_default());
                                out
                            };
                            if cut.below.len() != order.len() + 1
                                || cut.above.len() != order.len() + 1
                            {
                                return Err(internal("a cut without its refutations"));
                            }
                            Rule::Cut {
                                split: cut.split.clone(),
                                below: per_literal(&cut.below),
                                above: per_literal(&cut.above),
                            }
                        }
                    }
                }
                Step::Derived { antecedents, pivots, .. } => {
                    let chain: Vec<usize> = antecedents
                        .iter()
                        .map(|a| {
                            step_number
                                .get(&a.0)
                                .copied()
                                .ok_or_else(|| internal("an antecedent outside the cone"))
                        })
                        .collect::<Result<_, _>>()?;
                    let pivots: Vec<usize> = pivots
                        .iter()
                        .map(|&p| {
                            if is_selector(p.var()) {
                                return Err(internal("a pivot on a selector"));
                            }
                            Ok(literal(p)?.atom)
                        })
                        .collect::<Result<_, _>>()?;
                    Rule::Resolution { chain, pivots }
                }
            };
            step_number.insert(id.0, steps.len());
            steps.push(ProofStep { clause, rule });
        }
        if steps.last().is_none_or(|s| !s.clause.is_empty()) {
            return Err(internal("the last clause is not empty"));
        }
        Ok(SmtProof { atoms, steps })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smt::{Answer, Formula, SmtStats, check_with_refutation};

    /// Replays the chains over [`ProofLiteral`]s: each resolvent is the printed clause.
    fn chains_replay(proof: &SmtProof) -> bool {
        proof.steps.iter().enumerate().all(|(n, step)| {
            let Rule::Resolution { chain, pivots } = &step.rule else { return true };
            if chain.iter().any(|&c| c >= n) || chain.len() != pivots.len() + 1 {
                return false;
            }
            let mut current: Vec<ProofLiteral> = proof.steps[chain[0]].clause.clone();
            for (&next, &p) in chain[1..].iter().zip(pivots) {
                let other = &proof.steps[next].clause;
                let has =
                    |c: &[ProofLiteral], positive| c.contains(&ProofLiteral { atom: p, positive });
                if !(has(&current, true) && has(other, false)
                    || has(&current, false) && has(other, true))
                {
                    return false;
                }
                current.retain(|l| l.atom != p);
                let added: Vec<ProofLiteral> =
                    other.iter().filter(|l| l.atom != p && !current.contains(l)).copied().collect();
                current.extend(added);
            }
            current.sort();
            current == step.clause
        })
    }

    #[test]
    fn tracked_assertions_leave_no_selector_in_the_proof() {
        // f(f(f(a))) = a, f(f(f(f(f(a))))) = a, f(a) != a: unsat, every assertion tracked.
        let mut store = TermStore::new();
        let u = store.declare_sort("U");
        let a = store.declare_fun("a", vec![], u, false);
        let f = store.declare_fun("f", vec![u], u, false);
        let a = store.apply(a, vec![]);
        let mut fs = vec![a];
        for i in 0..5 {
            let next = store.apply(f, vec![fs[i]]);
            fs.push(next);
        }
        let assertions = vec![
            Formula::Eq(fs[3], a),
            Formula::Eq(fs[5], a),
            Formula::Not(Box::new(Formula::Eq(fs[1], a))),
        ];
        let mut stats = SmtStats::default();
        let (answer, refutation) =
            check_with_refutation(&store, &assertions, &[true, true, true], &mut stats)
                .expect("no error");
        assert!(matches!(answer, Answer::Unsat { .. }));
        let proof = refutation.expect("kept").proof().expect("exported");
        assert!(proof.steps.last().is_some_and(|s| s.clause.is_empty()));
        assert!(chains_replay(&proof));
        // The three roots are units, and every atom is an equality or `true`.
        let roots: Vec<usize> = proof
            .steps
            .iter()
            .filter_map(|s| match s.rule {
                Rule::Assertion(i) if s.clause.len() == 1 => Some(i),
                _ => None,
            })
            .collect();
        assert_eq!(roots.len(), 3, "{proof:?}");
        assert!(proof.atoms.iter().all(|a| matches!(a, ProofAtom::Equality(..) | ProofAtom::True)));
        assert!(proof.steps.iter().any(|s| s.rule == Rule::Congruence));
        // A resolvent with a literal it does not have is caught by the replay (so the check
        // can fail).
        let mut broken = proof.clone();
        let last = broken.steps.last_mut().expect("a step");
        assert!(matches!(last.rule, Rule::Resolution { .. }));
        last.clause.push(ProofLiteral { atom: 0, positive: true });
        assert!(!chains_replay(&broken));
    }
}
