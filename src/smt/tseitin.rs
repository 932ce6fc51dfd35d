//! The Tseitin encoder: formulas to SAT clauses over equality atoms, arithmetic atoms and
//! gate variables, each clause recorded with its [`Origin`] (which interpolation colours the
//! refutation's leaves by and the proof reads its certificates from), and the bridge clauses
//! that tie an interface equality to arithmetic.

use rug::Rational;
use rustc_hash::FxHashMap;

use super::error::SmtError;
use super::term::{Formula, TermId, TermStore};
use super::{array_check, farkas, linear, proof};
use crate::sat::{ClauseId, Lit, Solver, Var};

/// Where a clause given to the SAT solver came from: interpolation colours the leaves of the
/// refutation by it.
#[derive(Clone, Debug)]
pub(super) enum Origin {
    /// The unit clause of the constant-true literal.
    Truth,
    /// A Tseitin clause or the root of the assertion with this index.
    Assertion(usize),
    /// An EUF conflict lemma (checked by [`check::implies`]).
    Congruence,
    /// An arithmetic conflict lemma with its Farkas certificate: `(atom, value, coefficient)`.
    Farkas(Vec<(usize, bool, Rational)>),
    /// A clause valid in the theory over the symbols of its literals alone: the bridge
    /// clauses of an interface equality, the bounds of an integer quotient.
    Valid,
    /// An array axiom instance, of the schema the independent checker confirmed.
    Array(array_check::ArraySchema),
    /// A Gomory cut `¬P ∨ c`, valid over the integers as a split cut (`linear::Cut`, whose
    /// two Farkas refutations were confirmed when it was made), with the literal `c`; or a
    /// Diophantine conflict `¬P`, with no literal.
    Cut(Box<(linear::Cut, Option<Lit>)>),
}

pub(super) struct Encoder {
    pub(super) solver: Solver,
    pub(super) clauses: FxHashMap<u32, Vec<Lit>>,
    /// The origin of each clause, by id.
    pub(super) origins: FxHashMap<u32, Origin>,
    /// The origin given to the clauses added next.
    pub(super) current: Origin,
    /// Per SAT variable made by [`Encoder::fresh`] while an assertion was encoded: that
    /// assertion (its Tseitin variables are local to it).
    pub(super) owners: FxHashMap<Var, usize>,
    pub(super) atoms: Vec<(TermId, TermId, Var)>,
    pub(super) atom_index: FxHashMap<(TermId, TermId), usize>,
    pub(super) true_lit: Lit,
    pub(super) linear: linear::Atoms,
    /// The SAT variable of each arithmetic atom of `linear`, by index.
    pub(super) arith_vars: Vec<Var>,
    /// The definition of each Tseitin variable (made by [`Encoder::encode`]), for the proofs
    /// of [`proof`]: which gate over which literals it stands for.
    pub(super) gates: FxHashMap<Var, proof::Gate<Lit>>,
    /// The root clause of each assertion, by clause id (the other clauses of
    /// `Origin::Assertion` are Tseitin clauses).
    pub(super) roots: FxHashMap<u32, usize>,
    /// The selector variables of tracked assertions (assumed true, never in a clause positively).
    pub(super) selectors: Vec<Var>,
}

impl Encoder {
    pub(super) fn add(&mut self, clause: Vec<Lit>) -> ClauseId {
        let id = self.solver.add_clause(&clause);
        self.clauses.insert(id.0, clause);
        self.origins.insert(id.0, self.current.clone());
        id
    }

    pub(super) fn fresh(&mut self) -> Lit {
        let v = self.solver.new_var();
        if let Origin::Assertion(i) = self.current {
            self.owners.insert(v, i);
        }
        v.positive()
    }

    pub(super) fn atom(&mut self, a: TermId, b: TermId) -> Lit {
        if a == b {
            return self.true_lit;
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if let Some(&i) = self.atom_index.get(&key) {
            return self.atoms[i].2.positive();
        }
        let v = self.solver.new_var();
        self.atom_index.insert(key, self.atoms.len());
        self.atoms.push((key.0, key.1, v));
        v.positive()
    }

    /// The literal of an arithmetic premise: a constant, or an atom's variable (made on first
    /// use) with the premise's polarity.
    pub(super) fn arith(
        &mut self,
        store: &TermStore,
        literal: farkas::ArithLiteral,
    ) -> Result<Lit, SmtError> {
        match self.linear.encode(store, literal)? {
            linear::Encoded::Constant(holds) => {
                Ok(if holds { self.true_lit } else { !self.true_lit })
            }
            linear::Encoded::Atom(i, polarity) => {
                let v = self.arith_var(i);
                Ok(if polarity { v.positive() } else { v.negative() })
            }
        }
    }

    pub(super) fn arith_var(&mut self, i: usize) -> Var {
        while self.arith_vars.len() <= i {
            let v = self.solver.new_var();
            self.arith_vars.push(v);
        }
        self.arith_vars[i]
    }

    /// The literal of the premise `literal`, confirmed by the Farkas checker to denote it: the
    /// atom's own premise (negated for a negative polarity) is the same constraint, or, when
    /// the premise folded to a constant, the Farkas checker refutes its false side.
    pub(super) fn checked_arith(
        &mut self,
        store: &TermStore,
        literal: farkas::ArithLiteral,
    ) -> Result<Lit, SmtError> {
        match self.linear.encode(store, literal.clone())? {
            linear::Encoded::Constant(holds) => {
                let false_side = if holds { literal.negated() } else { literal };
                if !farkas::refutes(store, &[(false_side, Rational::from(1))]) {
                    return Err(SmtError::LemmaRejected);
                }
                Ok(if holds { self.true_lit } else { !self.true_lit })
            }
            linear::Encoded::Atom(i, polarity) => {
                let own = &self.linear.atoms()[i].literal;
                let denoted = if polarity { own.clone() } else { own.negated() };
                if !farkas::same_constraint(store, &denoted, &literal) {
                    return Err(SmtError::LemmaRejected);
                }
                let v = self.arith_var(i);
                Ok(if polarity { v.positive() } else { v.negative() })
            }
        }
    }

    /// The SAT variable of the new split atom `i`; `what` made it. An atom made before is an
    /// error: the split would not narrow anything, and the search would not end.
    pub(super) fn split_var(&mut self, i: usize, what: &str) -> Result<Var, SmtError> {
        if i < self.arith_vars.len() {
            return Err(SmtError::Incomplete(format!("{what} met a split it had already made")));
        }
        Ok(self.arith_var(i))
    }

    /// Makes the interface equality `a = b` between two arithmetic terms visible to both
    /// theories: the EUF atom `e` for `a = b` and the clauses of `e ⇔ a - b <= 0 ∧ b - a <= 0`
    /// (equality in an ordered field), whose arithmetic literals are confirmed by
    /// [`Encoder::checked_arith`] to denote exactly those two bounds.
    pub(super) fn bridge(
        &mut self,
        store: &TermStore,
        a: TermId,
        b: TermId,
    ) -> Result<(), SmtError> {
        let e = self.atom(a, b);
        let at_most = |x: TermId, y: TermId| farkas::ArithLiteral {
            terms: vec![(Rational::from(1), x), (Rational::from(-1), y)],
            constant: Rational::new(),
            strict: false,
        };
        let below = self.checked_arith(store, at_most(a, b))?;
        let above = self.checked_arith(store, at_most(b, a))?;
        self.add(vec![!e, below]);
        self.add(vec![!e, above]);
        self.add(vec![e, !below, !above]);
        Ok(())
    }

    pub(super) fn encode(&mut self, store: &TermStore, formula: &Formula) -> Result<Lit, SmtError> {
        let one = Rational::from(1);
        let difference = |a: TermId, b: TermId, strict: bool| farkas::ArithLiteral {
            terms: vec![(one.clone(), a), (Rational::from(-1), b)],
            constant: Rational::new(),
            strict,
        };
        Ok(match formula {
            Formula::True => self.true_lit,
            Formula::False => !self.true_lit,
            Formula::Atom(p) => self.atom(*p, store.true_term()),
            Formula::Eq(a, b) if store.sort_of(*a).is_arithmetic() => {
                // a = b is a <= b and b <= a; its negation becomes a < b or b < a.
                let both = Formula::And(vec![Formula::Le(*a, *b), Formula::Le(*b, *a)]);
                self.encode(store, &both)?
            }
            Formula::Eq(a, b) => self.atom(*a, *b),
            Formula::Le(a, b) => self.arith(store, difference(*a, *b, false))?,
            Formula::Lt(a, b) => self.arith(store, difference(*a, *b, true))?,
            Formula::Not(f) => !self.encode(store, f)?,
            Formula::And(fs) => {
                let lits: Vec<Lit> =
                    fs.iter().map(|f| self.encode(store, f)).collect::<Result<_, _>>()?;
                let x = self.fresh();
                self.gates.insert(x.var(), proof::Gate::And(lits.clone()));
                for &l in &lits {
                    self.add(vec![!x, l]);
                }
                let mut big: Vec<Lit> = lits.iter().map(|&l| !l).collect();
                big.push(x);
                self.add(big);
                x
            }
            Formula::Or(fs) => {
                let lits: Vec<Lit> =
                    fs.iter().map(|f| self.encode(store, f)).collect::<Result<_, _>>()?;
                let x = self.fresh();
                self.gates.insert(x.var(), proof::Gate::Or(lits.clone()));
                for &l in &lits {
                    self.add(vec![x, !l]);
                }
                let mut big = lits;
                big.push(!x);
                self.add(big);
                x
            }
            Formula::Iff(a, b) | Formula::Xor(a, b) => {
                let (la, lb) = (self.encode(store, a)?, self.encode(store, b)?);
                let lb = if matches!(formula, Formula::Xor(..)) { !lb } else { lb };
                let x = self.fresh();
                self.gates.insert(x.var(), proof::Gate::Iff(la, lb));
                self.add(vec![!x, !la, lb]);
                self.add(vec![!x, la, !lb]);
                self.add(vec![x, la, lb]);
                self.add(vec![x, !la, !lb]);
                x
            }
            Formula::Ite(c, a, b) => {
                let (lc, la, lb) =
                    (self.encode(store, c)?, self.encode(store, a)?, self.encode(store, b)?);
                let x = self.fresh();
                self.gates.insert(x.var(), proof::Gate::Ite(lc, la, lb));
                self.add(vec![!x, !lc, la]);
                self.add(vec![!x, lc, lb]);
                self.add(vec![x, !lc, !la]);
                self.add(vec![x, lc, !lb]);
                x
            }
        })
    }
}
