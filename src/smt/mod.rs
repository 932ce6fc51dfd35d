//! A ground SMT engine for equality with uninterpreted functions (EUF), linear arithmetic and
//! arrays: hash-consed terms, a congruence closure with explanations, a simplex, array lemmas
//! on demand, their combination, and a CDCL(T) loop over [`crate::sat`].
//!
//! The module is written as if it were a crate: it names no other craig module except
//! [`crate::sat`] (and [`crate::syntax`] if it ever reports diagnostics); `tests/tidy.rs`
//! enforces this. Front ends (SMT-LIB in `crate::smtlib`) build [`Formula`]s over a
//! [`TermStore`] and call [`check`].
//!
//! # The loop
//!
//! The Boolean structure is Tseitin-encoded; each equality atom `a = b` (and each Boolean
//! application `p`, read as `p = true`) gets a SAT variable, and so does each arithmetic atom
//! (a bound on a linear form, [`linear`]). The search is CDCL(T): the SAT solver runs with the
//! theories in its loop ([`Solver::solve_with_theory`], `OnlineTheory` here), and they see
//! every partial assignment, not only complete ones.
//!
//! - After each unit-propagation fixpoint, the new equality literals go to a backtracking
//!   congruence closure ([`cc`]: merges for true atoms, a disequality list for
//!   false ones) and the new arithmetic literals to a simplex whose tableau is kept for the
//!   whole search (bounds pushed, and popped on backjumps; the values stay, Dutertre and de
//!   Moura), which then pivots back into its bounds.
//! - A violated disequality `a ≠ b` is explained as a set of true input equalities `E`, and
//!   the lemma `¬E ∨ a = b` (confirmed by [`check::implies`]) is the conflict clause the SAT
//!   solver analyses; an infeasible simplex gives a Farkas lemma (confirmed by
//!   [`farkas::refutes`]).
//! - Otherwise the closure propagates, in atom order: an unassigned atom `c = d` whose sides
//!   are in one class is implied true (`¬E ∨ c = d`), and one whose sides are in the classes
//!   of an asserted disequality `a ≠ b` is implied false (`¬(c = d) ∨ a = b ∨ ¬E`); each
//!   explanation clause is confirmed by [`check::implies`] before the solver sees it.
//! - Lemmas and explanations become original clauses of the solver mid-search, each recorded
//!   with its `Origin` by clause id, exactly as the clauses added between calls are, so the
//!   SAT proof, its checker, `check_leaves`, interpolation and `get-proof` read them as before.
//! - What needs new atoms or terms stays outside the search, at a complete assignment the
//!   theories accepted: array lemmas, interface equalities, Gomory cuts (verified as split
//!   cuts, `linear::Atoms::check_with_cuts`) and branch-and-bound splits (taken
//!   from a simplex started from the skeleton's values, so that splits converge as they did);
//!   each sends the SAT solver round again (`SmtStats::rounds`). Otherwise the model is built
//!   and checked by evaluation.
//!
//! - Arithmetic propagates bounds on one form (Dutertre and de Moura's cheap kind): an
//!   asserted `s <= 3` makes every unassigned `s <= c` with `c >= 3` true and `s > 3` every
//!   `s <= c` with `c <= 3` false, each with the two-literal Farkas lemma the checker confirms
//!   (`linear::Atoms::implied_by`, over each form's atoms kept sorted by bound, so a
//!   propagation costs a binary search and the atoms it assigns). Bounds implied through rows
//!   are not propagated: the simplex finds those conflicts at the fixpoint.
//!
//! # Theory combination (EUF with linear arithmetic)
//!
//! Uninterpreted functions may take and return Int and Real values (QF_UFLIA, QF_UFLRA). The
//! method is model-based theory combination in the style of de Moura and Bjørner: each
//! theory decides its own literals and builds its own model, and only where the two models
//! disagree on an equality between arithmetic terms is that equality made a new atom, which
//! the SAT solver then decides (a delayed split; LIA is not convex, so equalities between
//! shared terms cannot simply be propagated, and deciding them by splitting is complete).
//!
//! - Purification is implicit: an application `f(t̄)` of arithmetic sort (and an integer
//!   quotient `(div x k)`) is a variable to the simplex and the Farkas checker, and an
//!   opaque term to the congruence closure, which also sees interpreted terms such as `x + 1`
//!   as applications (congruence over them is sound: they are functions too).
//! - After both theories accept a propositional model, `interface_equalities` compares
//!   them on the terms the assertions mention: two applications of one function whose
//!   arguments agree (equal numbers, or one class) but whose results do not, and two
//!   arithmetic terms in one class with different numbers. For each such pair `a, b` the
//!   interface atom `e` (the EUF atom `a = b`) is made and tied to arithmetic by the clauses
//!   of `e ⇔ a - b <= 0 ∧ b - a <= 0` (`Encoder::bridge`). These clauses are the definition
//!   of equality in an ordered field; the check is that their arithmetic literals denote
//!   exactly `a - b <= 0` and `b - a <= 0`, which the Farkas checker confirms on its own
//!   canonical forms ([`farkas::same_constraint`], or [`farkas::refutes`] when the difference
//!   is a constant). Every other lemma is the usual one: EUF conflicts (over any atoms,
//!   interface atoms included) checked by [`check::implies`], arithmetic conflicts by
//!   [`farkas::refutes`].
//! - A pair once bridged is decided by both theories from then on (`e` true: one class and,
//!   through the clauses, equal numbers; `e` false: different numbers and, through EUF's
//!   disequality check, different classes), so each pair is bridged at most once and the loop
//!   ends. When no pair is left, the classes and numbers agree on every argument and result,
//!   and the function tables built from them (arguments and results numbers where the sort is
//!   arithmetic) are functions; the model is then checked by evaluation as always.
//! - `(div x k)` for a nonzero numeral `k` is bounded by its definition,
//!   `0 <= x - k·d <= |k| - 1`, as two unit clauses whose literals
//!   [`farkas::division_bounds`] reads from the term;
//!   `mod` is `x - k·(div x k)` (built by the front end), and the model evaluates `div` with
//!   [`euclidean_div`], so a `sat` answer is checked against SMT-LIB's semantics.
//!
//! # Arrays
//!
//! `(Array I E)` sorts with `select` and `store` ([`ArrayOp`]), decided by lemmas on demand
//! ([`arrays`]): when EUF and arithmetic accept a propositional model, the read-over-write
//! instances for the reads in the classes of each store term and its base, and an
//! extensionality instance with a fresh witness for each false array equality, are added as
//! clauses (each confirmed by [`array_check`], which shares no code with [`arrays`]), until
//! the classes need none. The model gives each class of arrays a default and an exception
//! per read ([`ArrayValue`]), and evaluation computes `select`, `store` and array equality on
//! those values.
//!
//! # Soundness
//!
//! - `Sat`: the model (a value per term class, a table per function) is rebuilt from the
//!   final classes, checked to be a function (congruent applications agree), and every
//!   assertion is evaluated in it ([`Model::eval`]); a false assertion is
//!   [`SmtError::ModelRejected`], never `Sat`.
//! - `Unsat`: every theory lemma is checked by [`check::implies`], a naive closure sharing no
//!   code with [`cc`], when it is made; the SAT refutation is checked by `crate::sat`'s proof
//!   checker, and its leaves are checked to be exactly the clauses this module added.
//!
//! # Determinism
//!
//! Hash maps are used only for lookups; terms, atoms and lemmas are numbered in creation
//! order, so the same input gives the same answer, model and counters.

pub mod array_check;
pub mod arrays;
pub mod cc;
pub mod check;
pub mod equality_basis;
pub mod farkas;
pub mod interpolate;
pub mod linear;
pub mod proof;
pub mod simplex;

use rug::Rational;
use rustc_hash::FxHashMap;
use thiserror::Error;

use crate::sat::{
    Assignment, ClauseId, Lit, SatResult, Solver, SolverError, SolverOptions, Theory, TheoryAnswer,
    Var,
};

/// A sort; [`SortId::BOOL`] is built in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SortId(pub u32);

impl SortId {
    /// The Boolean sort.
    pub const BOOL: SortId = SortId(0);
    /// The integers (built in).
    pub const INT: SortId = SortId(1);
    /// The reals (built in).
    pub const REAL: SortId = SortId(2);

    /// Whether this is Int or Real.
    pub fn is_arithmetic(self) -> bool {
        self == SortId::INT || self == SortId::REAL
    }
}

/// An interpreted arithmetic operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ArithOp {
    /// `(+ a b ...)`.
    Add,
    /// `(- a b ...)`: the first minus the others.
    Sub,
    /// `(- a)`.
    Neg,
    /// `(* a b ...)`: linear when at most one factor is not a numeral.
    Mul,
    /// `(to_real a)`.
    ToReal,
    /// `(div a k)` for a nonzero Int numeral `k`: Euclidean division (the remainder
    /// `a - k·(div a k)` lies in `[0, |k|)`). The engine treats the term as an Int variable
    /// bounded by the two inequalities of that definition.
    Div,
}

/// What an interpreted function symbol means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Interpretation {
    /// A numeral (of sort Int, an integer).
    Numeral(Rational),
    /// An arithmetic operation.
    Op(ArithOp),
}

/// An operation of the theory of arrays, one symbol per array sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ArrayOp {
    /// `(select a i)`: the element of `a` at `i`.
    Select,
    /// `(store a i v)`: `a` with the element at `i` replaced by `v`.
    Store,
    /// `((as const (Array I E)) v)`: the array holding `v` at every index.
    Const,
}

/// A function symbol (constants are nullary functions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FunId(pub u32);

/// A hash-consed ground term.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(pub u32);

/// A declared function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunDecl {
    /// Its name.
    pub name: String,
    /// Argument sorts.
    pub args: Vec<SortId>,
    /// Result sort.
    pub result: SortId,
    /// Introduced by a front end (e.g. for a term-level `ite`), not shown in models.
    pub internal: bool,
}

/// An application of a function to argument terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The function.
    pub fun: FunId,
    /// The arguments.
    pub args: Vec<TermId>,
}

/// Sorts, functions and hash-consed terms.
#[derive(Clone, Debug)]
pub struct TermStore {
    sorts: Vec<String>,
    funs: Vec<FunDecl>,
    terms: Vec<Term>,
    index: FxHashMap<(FunId, Vec<TermId>), TermId>,
    true_term: TermId,
    /// Per function: `None` when uninterpreted.
    interpretations: Vec<Option<Interpretation>>,
    numerals: FxHashMap<(SortId, Rational), FunId>,
    operations: FxHashMap<(ArithOp, SortId), FunId>,
    /// Per sort: its index and element sorts when it is an array sort.
    array_parts: Vec<Option<(SortId, SortId)>>,
    array_sorts: FxHashMap<(SortId, SortId), SortId>,
    /// Per function: the array operation it is, `None` for every other function. Array
    /// operations are uninterpreted to the arithmetic (`interpretation` is `None`), so a
    /// `select` of arithmetic sort is an arithmetic variable and both are applications to
    /// the closure and the theory combination.
    array_ops: Vec<Option<ArrayOp>>,
    array_funs: FxHashMap<(ArrayOp, SortId), FunId>,
}

impl Default for TermStore {
    fn default() -> TermStore {
        TermStore::new()
    }
}

impl TermStore {
    /// A store with the sort `Bool` and the term `true` (Boolean atoms are read as `p = true`).
    pub fn new() -> TermStore {
        let mut store = TermStore {
            sorts: vec!["Bool".to_string(), "Int".to_string(), "Real".to_string()],
            funs: Vec::new(),
            terms: Vec::new(),
            index: FxHashMap::default(),
            true_term: TermId(0),
            interpretations: Vec::new(),
            numerals: FxHashMap::default(),
            operations: FxHashMap::default(),
            array_parts: vec![None; 3],
            array_sorts: FxHashMap::default(),
            array_ops: Vec::new(),
            array_funs: FxHashMap::default(),
        };
        let t = store.declare_fun("true", Vec::new(), SortId::BOOL, true);
        store.true_term = store.apply(t, Vec::new());
        store
    }

    /// Declares a new sort.
    pub fn declare_sort(&mut self, name: &str) -> SortId {
        self.sorts.push(name.to_string());
        self.array_parts.push(None);
        SortId(self.sorts.len() as u32 - 1)
    }

    /// The sort `(Array index element)`, made once per pair.
    pub fn array_sort(&mut self, index: SortId, element: SortId) -> SortId {
        if let Some(&s) = self.array_sorts.get(&(index, element)) {
            return s;
        }
        let name = format!("(Array {} {})", self.sort_name(index), self.sort_name(element));
        let s = self.declare_sort(&name);
        self.array_parts[s.0 as usize] = Some((index, element));
        self.array_sorts.insert((index, element), s);
        s
    }

    /// The index and element sorts of an array sort, `None` for other sorts.
    pub fn array_parts(&self, sort: SortId) -> Option<(SortId, SortId)> {
        self.array_parts.get(sort.0 as usize).copied().flatten()
    }

    /// The array operation a function is, if any.
    pub fn array_op(&self, f: FunId) -> Option<ArrayOp> {
        self.array_ops.get(f.0 as usize).copied().flatten()
    }

    fn array_fun(&mut self, op: ArrayOp, sort: SortId) -> FunId {
        if let Some(&f) = self.array_funs.get(&(op, sort)) {
            return f;
        }
        let (index, element) = self.array_parts(sort).unwrap_or((sort, sort));
        let (name, args, result) = match op {
            ArrayOp::Select => ("select", vec![sort, index], element),
            ArrayOp::Store => ("store", vec![sort, index, element], sort),
            ArrayOp::Const => ("const", vec![element], sort),
        };
        let f = self.declare_fun(name, args, result, true);
        self.array_ops[f.0 as usize] = Some(op);
        self.array_funs.insert((op, sort), f);
        f
    }

    /// `(select array index)`; the caller checks that `array` has an array sort whose index
    /// sort is `index`'s.
    pub fn select(&mut self, array: TermId, index: TermId) -> TermId {
        let f = self.array_fun(ArrayOp::Select, self.sort_of(array));
        self.apply(f, vec![array, index])
    }

    /// `((as const sort) value)` for an array sort `sort`; the caller checks that `value` has
    /// its element sort.
    pub fn const_array(&mut self, sort: SortId, value: TermId) -> TermId {
        let f = self.array_fun(ArrayOp::Const, sort);
        self.apply(f, vec![value])
    }

    /// The term `(select array index)` if it was made.
    pub fn lookup_select(&self, array: TermId, index: TermId) -> Option<TermId> {
        let f = self.array_funs.get(&(ArrayOp::Select, self.sort_of(array)))?;
        self.lookup(*f, &[array, index])
    }

    /// `(store array index value)`; the caller checks the sorts.
    pub fn array_store(&mut self, array: TermId, index: TermId, value: TermId) -> TermId {
        let f = self.array_fun(ArrayOp::Store, self.sort_of(array));
        self.apply(f, vec![array, index, value])
    }

    /// A sort's name.
    pub fn sort_name(&self, sort: SortId) -> &str {
        &self.sorts[sort.0 as usize]
    }

    /// The number of sorts.
    pub fn num_sorts(&self) -> usize {
        self.sorts.len()
    }

    /// Declares a new function symbol.
    pub fn declare_fun(
        &mut self,
        name: &str,
        args: Vec<SortId>,
        result: SortId,
        internal: bool,
    ) -> FunId {
        self.funs.push(FunDecl { name: name.to_string(), args, result, internal });
        self.interpretations.push(None);
        self.array_ops.push(None);
        FunId(self.funs.len() as u32 - 1)
    }

    /// What a function means, `None` when it is uninterpreted.
    pub fn interpretation(&self, f: FunId) -> Option<&Interpretation> {
        self.interpretations.get(f.0 as usize).and_then(Option::as_ref)
    }

    /// The numeral `value` of sort Int (the caller passes an integer) or Real.
    pub fn numeral(&mut self, value: &Rational, sort: SortId) -> TermId {
        let key = (sort, value.clone());
        let f = match self.numerals.get(&key) {
            Some(&f) => f,
            None => {
                let f = self.declare_fun(&value.to_string(), Vec::new(), sort, true);
                self.interpretations[f.0 as usize] = Some(Interpretation::Numeral(value.clone()));
                self.numerals.insert(key, f);
                f
            }
        };
        self.apply(f, Vec::new())
    }

    /// The arithmetic operation `op` on `args`, of sort `sort` (the caller checks sorts and
    /// arities).
    pub fn arith(&mut self, op: ArithOp, args: Vec<TermId>, sort: SortId) -> TermId {
        let f = match self.operations.get(&(op, sort)) {
            Some(&f) => f,
            None => {
                let name = match op {
                    ArithOp::Add => "+",
                    ArithOp::Sub | ArithOp::Neg => "-",
                    ArithOp::Mul => "*",
                    ArithOp::ToReal => "to_real",
                    ArithOp::Div => "div",
                };
                let f = self.declare_fun(name, Vec::new(), sort, true);
                self.interpretations[f.0 as usize] = Some(Interpretation::Op(op));
                self.operations.insert((op, sort), f);
                f
            }
        };
        self.apply(f, args)
    }

    /// A function's declaration.
    pub fn fun(&self, f: FunId) -> &FunDecl {
        &self.funs[f.0 as usize]
    }

    /// The number of functions.
    pub fn num_funs(&self) -> usize {
        self.funs.len()
    }

    /// The term `f(args)`, shared if it exists (the caller checks sorts).
    pub fn apply(&mut self, f: FunId, args: Vec<TermId>) -> TermId {
        if let Some(&t) = self.index.get(&(f, args.clone())) {
            return t;
        }
        let t = TermId(self.terms.len() as u32);
        self.terms.push(Term { fun: f, args: args.clone() });
        self.index.insert((f, args), t);
        t
    }

    /// The term `f(args)` if it was made.
    pub fn lookup(&self, f: FunId, args: &[TermId]) -> Option<TermId> {
        self.index.get(&(f, args.to_vec())).copied()
    }

    /// A term.
    pub fn term(&self, t: TermId) -> &Term {
        &self.terms[t.0 as usize]
    }

    /// The sort of a term.
    pub fn sort_of(&self, t: TermId) -> SortId {
        self.fun(self.term(t).fun).result
    }

    /// The number of terms.
    pub fn len(&self) -> usize {
        self.terms.len()
    }

    /// Whether there are no terms (never: `true` is always there).
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// The term `true`.
    pub fn true_term(&self) -> TermId {
        self.true_term
    }
}

/// A quantifier-free formula over the terms of a [`TermStore`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// Truth.
    True,
    /// Falsity.
    False,
    /// A Boolean-sorted term.
    Atom(TermId),
    /// Equality of two terms of the same non-Boolean sort.
    Eq(TermId, TermId),
    /// `a <= b` for arithmetic terms of one sort.
    Le(TermId, TermId),
    /// `a < b` for arithmetic terms of one sort.
    Lt(TermId, TermId),
    /// Negation.
    Not(Box<Formula>),
    /// Conjunction.
    And(Vec<Formula>),
    /// Disjunction.
    Or(Vec<Formula>),
    /// Equivalence.
    Iff(Box<Formula>, Box<Formula>),
    /// Exclusive or.
    Xor(Box<Formula>, Box<Formula>),
    /// If-then-else on formulas.
    Ite(Box<Formula>, Box<Formula>, Box<Formula>),
}

/// Why [`check`] could not answer.
#[derive(Debug, Error)]
pub enum SmtError {
    /// The SAT solver caught an internal error.
    #[error(transparent)]
    Sat(#[from] SolverError),
    /// A model failed evaluation.
    #[error("internal error: the model found falsifies assertion {0}")]
    ModelRejected(usize),
    /// The model is not a function: two congruent applications have different values.
    #[error("internal error: the model is not functional at a term of {0}")]
    ModelNotFunctional(String),
    /// A theory lemma failed the independent check.
    #[error("internal error: a theory lemma was rejected by the independent closure check")]
    LemmaRejected,
    /// The refutation rests on a clause this module did not add.
    #[error("internal error: the SAT refutation rests on a clause that was not added")]
    LeafRejected,
    /// The SAT solver returned unknown (it has no limits here, so this is unexpected).
    #[error("the SAT solver stopped without an answer")]
    Stopped,
    /// The input is outside what the engine decides (non-linear terms, UF over arithmetic).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The search gave up without an answer (SMT-LIB `unknown`).
    #[error("unknown: {0}")]
    Incomplete(String),
    /// An arithmetic lemma was rejected by the independent Farkas checker.
    #[error("internal error: an arithmetic lemma was rejected by the independent Farkas check")]
    FarkasRejected,
    /// A branch-and-bound split was not of the shape `x <= n ∨ x >= n + 1` on an Int term.
    #[error("internal error: a branch-and-bound split was rejected by its check")]
    SplitRejected,
}

/// The most branch-and-bound splits one [`check`] makes before answering
/// [`SmtError::Incomplete`].
pub const MAX_SPLITS: u64 = 2000;

/// The most Gomory cuts one [`check`] makes; branch and bound alone goes on after them.
pub const MAX_CUTS: u64 = 20;

/// Counters of one [`check`] call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmtStats {
    /// SAT calls.
    pub rounds: u64,
    /// Theory lemmas added: conflict and propagation clauses of the theories, array instances.
    pub lemmas: u64,
    /// Equality atoms.
    pub atoms: u64,
    /// Arithmetic atoms (bounds on linear forms), including those made by splits.
    pub arith_atoms: u64,
    /// Arithmetic conflicts turned into lemmas (each checked by the Farkas checker).
    pub arith_lemmas: u64,
    /// Branch-and-bound splits.
    pub splits: u64,
    /// Gomory cuts (each verified as a split cut by the Farkas checker).
    pub cuts: u64,
    /// Simplex pivots.
    pub pivots: u64,
    /// Interface equalities between arithmetic terms made by the theory combination.
    pub interface_equalities: u64,
    /// Array axiom instances added as lemmas (each checked by [`array_check`]).
    pub array_lemmas: u64,
    /// Literals the theories propagated inside the SAT search (each with an explanation
    /// clause checked like a lemma).
    pub theory_propagations: u64,
    /// Conflicts of the SAT search, theory conflicts included.
    pub conflicts: u64,
}

/// A value in a model: an element of an uninterpreted sort or of Bool (an index into the
/// sort's universe; Booleans are 0 for false and 1 for true), or a number for Int and Real.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ModelValue {
    /// An element of an uninterpreted sort, or a Boolean.
    Element(u32),
    /// The value of an Int or Real term.
    Number(Rational),
    /// The value of an array term.
    Array(Box<ArrayValue>),
}

/// The value of an array: a default element and the exceptions to it, kept canonical (no
/// exception equal to the default; over an uninterpreted index sort with a finite universe,
/// the default is the element at index 0), so that two arrays are equal exactly when their
/// values are (extensionality).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ArrayValue {
    /// The element at every index without an exception.
    pub default: ModelValue,
    /// Index to element, ascending.
    pub exceptions: std::collections::BTreeMap<ModelValue, ModelValue>,
}

impl ArrayValue {
    /// The element at `index`.
    pub fn get(&self, index: &ModelValue) -> ModelValue {
        self.exceptions.get(index).unwrap_or(&self.default).clone()
    }

    /// Brings the value to its canonical form. `index_universe` is the size of the index sort
    /// when it is uninterpreted (its elements are `0..n`), `None` when it is infinite (Int,
    /// Real): over a finite index sort the default is the element at index 0 and the
    /// exceptions the other indices where the function differs, so that equal functions get
    /// equal values.
    pub fn normalize(&mut self, index_universe: Option<u32>) {
        if let Some(n) = index_universe {
            // The function over the whole finite universe, with the default read at 0.
            let full: std::collections::BTreeMap<ModelValue, ModelValue> = (0..n.max(1))
                .map(|e| (ModelValue::Element(e), self.get(&ModelValue::Element(e))))
                .collect();
            self.default = self.get(&ModelValue::Element(0));
            self.exceptions = full;
        }
        let default = self.default.clone();
        self.exceptions.retain(|_, v| *v != default);
    }
}

/// A function table: argument values to result value, ascending.
pub type Table = std::collections::BTreeMap<Vec<ModelValue>, ModelValue>;

/// A checked model: every term's value (an index into its sort's universe; Booleans are 0 for
/// false and 1 for true; arithmetic terms get their number from [`Model::number`]) and every
/// function's table, whose arguments and results are numbers where their sorts are arithmetic.
#[derive(Clone, Debug)]
pub struct Model {
    values: Vec<u32>,
    universe: Vec<u32>,
    tables: Vec<Table>,
    /// The rational value of each arithmetic variable (uninterpreted constant of sort Int or
    /// Real) that occurs in an assertion.
    numbers: FxHashMap<TermId, Rational>,
}

impl Model {
    /// The size of a sort's universe (at least 1).
    pub fn universe_size(&self, sort: SortId) -> u32 {
        if sort == SortId::BOOL {
            2
        } else {
            self.universe.get(sort.0 as usize).copied().unwrap_or(1).max(1)
        }
    }

    /// A function's table: argument values to result value, ascending. Arguments not in the
    /// table map to the value of its first entry (0 when it is empty).
    pub fn table(&self, f: FunId) -> &Table {
        &self.tables[f.0 as usize]
    }

    /// The value of a non-arithmetic term (terms made after the model are evaluated through
    /// the tables).
    pub fn value(&self, store: &TermStore, t: TermId) -> u32 {
        if let Some(&v) = self.values.get(t.0 as usize) {
            return v;
        }
        self.eval_term(store, t)
    }

    /// The value of `t` as a table key: its number when arithmetic, its array value when an
    /// array, its element otherwise, computed through the tables only. `select` and `store`
    /// are computed from their arguments' values (an array's table is its default and
    /// exceptions), never looked up.
    pub fn eval_value(&self, store: &TermStore, t: TermId) -> ModelValue {
        let term = store.term(t);
        let sort = store.sort_of(t);
        match store.array_op(term.fun) {
            Some(ArrayOp::Select) => {
                let array = self.array_value(store, term.args[0]);
                array.get(&self.eval_value(store, term.args[1]))
            }
            Some(ArrayOp::Store) => {
                let mut array = self.array_value(store, term.args[0]);
                let index = self.eval_value(store, term.args[1]);
                let element = self.eval_value(store, term.args[2]);
                array.exceptions.insert(index, element);
                array.normalize(self.index_universe(store, sort));
                ModelValue::Array(Box::new(array))
            }
            Some(ArrayOp::Const) => {
                let mut array = ArrayValue {
                    default: self.eval_value(store, term.args[0]),
                    exceptions: Default::default(),
                };
                array.normalize(self.index_universe(store, sort));
                ModelValue::Array(Box::new(array))
            }
            None if sort.is_arithmetic() => ModelValue::Number(self.number(store, t)),
            None => match self.lookup(store, t) {
                Some(v) => v.clone(),
                None => default_value(store, sort),
            },
        }
    }

    /// The value of an array term (the default array of its sort if it has none).
    pub fn array_value(&self, store: &TermStore, t: TermId) -> ArrayValue {
        match self.eval_value(store, t) {
            ModelValue::Array(array) => *array,
            _ => match default_value(store, store.sort_of(t)) {
                ModelValue::Array(array) => *array,
                other => ArrayValue { default: other, exceptions: Default::default() },
            },
        }
    }

    /// The size of an array sort's index sort when it is uninterpreted (finite in the model),
    /// `None` when it is Int or Real.
    fn index_universe(&self, store: &TermStore, array_sort: SortId) -> Option<u32> {
        let (index, _) = store.array_parts(array_sort)?;
        (!index.is_arithmetic()).then(|| self.universe_size(index))
    }

    /// The table entry of an uninterpreted application; arguments outside the table get the
    /// value of its first entry (as the printed model says), `None` for an empty table.
    fn lookup(&self, store: &TermStore, t: TermId) -> Option<&ModelValue> {
        let term = store.term(t);
        let args: Vec<ModelValue> = term.args.iter().map(|&a| self.eval_value(store, a)).collect();
        let table = self.tables.get(term.fun.0 as usize)?;
        table.get(&args).or_else(|| table.values().next())
    }

    /// Evaluates a term through the function tables only (not the stored values), so that an
    /// assertion's truth is computed from the interpretation, not from the closure's classes.
    fn eval_term(&self, store: &TermStore, t: TermId) -> u32 {
        match self.eval_value(store, t) {
            ModelValue::Element(v) => v,
            _ => 0,
        }
    }

    /// The value of an arithmetic term: constants take their value in the model (0 for those
    /// no assertion mentions), applications of uninterpreted functions their table entry (0
    /// for an empty table), interpreted symbols are computed.
    pub fn number(&self, store: &TermStore, t: TermId) -> Rational {
        let term = store.term(t);
        let args = || term.args.iter().map(|&a| self.number(store, a));
        match store.interpretation(term.fun) {
            None if store.array_op(term.fun).is_some() => match self.eval_value(store, t) {
                ModelValue::Number(v) => v,
                _ => Rational::new(),
            },
            None if term.args.is_empty() => self.numbers.get(&t).cloned().unwrap_or_default(),
            None => match self.lookup(store, t) {
                Some(ModelValue::Number(v)) => v.clone(),
                _ => Rational::new(),
            },
            Some(Interpretation::Numeral(v)) => v.clone(),
            Some(Interpretation::Op(op)) => apply_op(*op, args(), term.args.len()),
        }
    }

    /// The truth value of a formula in the model.
    pub fn eval(&self, store: &TermStore, formula: &Formula) -> bool {
        match formula {
            Formula::True => true,
            Formula::False => false,
            Formula::Atom(p) => self.eval_term(store, *p) == 1,
            Formula::Eq(a, b) if store.sort_of(*a).is_arithmetic() => {
                self.number(store, *a) == self.number(store, *b)
            }
            Formula::Eq(a, b) => self.eval_value(store, *a) == self.eval_value(store, *b),
            Formula::Le(a, b) => self.number(store, *a) <= self.number(store, *b),
            Formula::Lt(a, b) => self.number(store, *a) < self.number(store, *b),
            Formula::Not(f) => !self.eval(store, f),
            Formula::And(fs) => fs.iter().all(|f| self.eval(store, f)),
            Formula::Or(fs) => fs.iter().any(|f| self.eval(store, f)),
            Formula::Iff(a, b) => self.eval(store, a) == self.eval(store, b),
            Formula::Xor(a, b) => self.eval(store, a) != self.eval(store, b),
            Formula::Ite(c, a, b) => {
                if self.eval(store, c) {
                    self.eval(store, a)
                } else {
                    self.eval(store, b)
                }
            }
        }
    }
}

/// The value a term of `sort` has when nothing says otherwise: 0, the first element, or the
/// array whose every element is that.
fn default_value(store: &TermStore, sort: SortId) -> ModelValue {
    if sort.is_arithmetic() {
        return ModelValue::Number(Rational::new());
    }
    match store.array_parts(sort) {
        Some((_, element)) => ModelValue::Array(Box::new(ArrayValue {
            default: default_value(store, element),
            exceptions: Default::default(),
        })),
        None => ModelValue::Element(0),
    }
}

/// SMT-LIB's integer division: the `q` with `a = k·q + r` and `0 <= r < |k|` (0 for `k = 0`,
/// which the front ends never build; SMT-LIB leaves it unspecified). For non-integers (never
/// built either) the same formula on the rationals.
pub fn euclidean_div(a: &Rational, k: &Rational) -> Rational {
    if k.cmp0() == std::cmp::Ordering::Equal {
        return Rational::new();
    }
    let magnitude = Rational::from(k.abs_ref());
    let q = Rational::from(a / &magnitude).floor();
    if k.cmp0() == std::cmp::Ordering::Less { -q } else { q }
}

/// The answer of [`check`].
#[derive(Clone, Debug)]
pub enum Answer {
    /// Satisfiable, with a model checked against every assertion.
    Sat(Model),
    /// Unsatisfiable; `core` lists the tracked assertions (their indices) the refutation used.
    Unsat {
        /// Indices into the assertions, ascending.
        core: Vec<usize>,
    },
}

/// Where a clause given to the SAT solver came from: interpolation colours the leaves of the
/// refutation by it.
#[derive(Clone, Debug)]
enum Origin {
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
    /// An array axiom instance.
    Array,
    /// A Gomory cut `¬P ∨ c`, valid over the integers as a split cut (`linear::Cut`, whose
    /// two Farkas refutations were confirmed when it was made), with the literal `c`; or a
    /// Diophantine conflict `¬P`, with no literal.
    Cut(Box<(linear::Cut, Option<Lit>)>),
}

struct Encoder {
    solver: Solver,
    clauses: FxHashMap<u32, Vec<Lit>>,
    /// The origin of each clause, by id.
    origins: FxHashMap<u32, Origin>,
    /// The origin given to the clauses added next.
    current: Origin,
    /// Per SAT variable made by [`Encoder::fresh`] while an assertion was encoded: that
    /// assertion (its Tseitin variables are local to it).
    owners: FxHashMap<Var, usize>,
    atoms: Vec<(TermId, TermId, Var)>,
    atom_index: FxHashMap<(TermId, TermId), usize>,
    true_lit: Lit,
    linear: linear::Atoms,
    /// The SAT variable of each arithmetic atom of `linear`, by index.
    arith_vars: Vec<Var>,
    /// The definition of each Tseitin variable (made by [`Encoder::encode`]), for the proofs
    /// of [`proof`]: which gate over which literals it stands for.
    gates: FxHashMap<Var, proof::Gate<Lit>>,
    /// The root clause of each assertion, by clause id (the other clauses of
    /// `Origin::Assertion` are Tseitin clauses).
    roots: FxHashMap<u32, usize>,
    /// The selector variables of tracked assertions (assumed true, never in a clause positively).
    selectors: Vec<Var>,
}

impl Encoder {
    fn add(&mut self, clause: Vec<Lit>) -> ClauseId {
        let id = self.solver.add_clause(&clause);
        self.clauses.insert(id.0, clause);
        self.origins.insert(id.0, self.current.clone());
        id
    }

    fn fresh(&mut self) -> Lit {
        let v = self.solver.new_var();
        if let Origin::Assertion(i) = self.current {
            self.owners.insert(v, i);
        }
        v.positive()
    }

    fn atom(&mut self, a: TermId, b: TermId) -> Lit {
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
    fn arith(&mut self, store: &TermStore, literal: farkas::ArithLiteral) -> Result<Lit, SmtError> {
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

    fn arith_var(&mut self, i: usize) -> Var {
        while self.arith_vars.len() <= i {
            let v = self.solver.new_var();
            self.arith_vars.push(v);
        }
        self.arith_vars[i]
    }

    /// The literal of the premise `literal`, confirmed by the Farkas checker to denote it: the
    /// atom's own premise (negated for a negative polarity) is the same constraint, or, when
    /// the premise folded to a constant, the Farkas checker refutes its false side.
    fn checked_arith(
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
    fn split_var(&mut self, i: usize, what: &str) -> Result<Var, SmtError> {
        if i < self.arith_vars.len() {
            return Err(SmtError::Incomplete(format!("{what} met a split it had already made")));
        }
        Ok(self.arith_var(i))
    }

    /// Makes the interface equality `a = b` between two arithmetic terms visible to both
    /// theories: the EUF atom `e` for `a = b` and the clauses of `e ⇔ a - b <= 0 ∧ b - a <= 0`
    /// (equality in an ordered field), whose arithmetic literals are confirmed by
    /// [`Encoder::checked_arith`] to denote exactly those two bounds.
    fn bridge(&mut self, store: &TermStore, a: TermId, b: TermId) -> Result<(), SmtError> {
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

    fn encode(&mut self, store: &TermStore, formula: &Formula) -> Result<Lit, SmtError> {
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

/// Decides the conjunction of `assertions`. Those with `tracked[i]` true are assumed through
/// selector literals so that an `Unsat` answer can name the ones it used.
///
/// Array lemmas need terms the assertions do not have (`select`s at other indices, witness
/// constants); they are made in a private copy of the store, taken only when the assertions
/// use arrays. The model returned forgets those terms and functions, so that terms the caller
/// makes later are evaluated through the tables, never mistaken for them.
pub fn check(
    store: &TermStore,
    assertions: &[Formula],
    tracked: &[bool],
    stats: &mut SmtStats,
) -> Result<Answer, SmtError> {
    Ok(check_with_refutation(store, assertions, tracked, stats)?.0)
}

/// [`check`], keeping the refutation of an `Unsat` answer, from which
/// [`proof::Refutation::proof`] builds a proof on demand.
pub fn check_with_refutation(
    store: &TermStore,
    assertions: &[Formula],
    tracked: &[bool],
    stats: &mut SmtStats,
) -> Result<(Answer, Option<proof::Refutation>), SmtError> {
    let mut work = std::borrow::Cow::Borrowed(store);
    let (answer, encoder) = check_in(&mut work, assertions, tracked, stats, true)?;
    match answer {
        Answer::Sat(mut model) => {
            model.values.truncate(store.len());
            model.tables.truncate(store.num_funs());
            model.numbers.retain(|t, _| (t.0 as usize) < store.len());
            Ok((Answer::Sat(model), None))
        }
        unsat => {
            // Array lemmas make terms in a private copy of the store; the proof names them.
            let own_store = match work {
                std::borrow::Cow::Owned(copy) => Some(copy),
                std::borrow::Cow::Borrowed(_) => None,
            };
            Ok((unsat, Some(proof::Refutation::new(encoder, own_store))))
        }
    }
}

/// Adds `t` and its subterms to the relevant terms, if they are not there yet.
fn add_relevant(
    store: &TermStore,
    t: TermId,
    relevant: &mut Vec<TermId>,
    is_relevant: &mut Vec<bool>,
) {
    is_relevant.resize(store.len(), false);
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        if std::mem::replace(&mut is_relevant[t.0 as usize], true) {
            continue;
        }
        relevant.push(t);
        stack.extend(store.term(t).args.iter().rev().copied());
    }
}

/// The literal of the equality `a = b` for a lemma: the EUF atom, tied to arithmetic by
/// [`Encoder::bridge`] (once per pair) when the terms are arithmetic.
fn equality_literal(
    encoder: &mut Encoder,
    store: &TermStore,
    a: TermId,
    b: TermId,
    bridged: &mut std::collections::BTreeSet<(TermId, TermId)>,
) -> Result<Lit, SmtError> {
    if a == b {
        return Ok(encoder.true_lit);
    }
    if store.sort_of(a).is_arithmetic() && bridged.insert((a.min(b), a.max(b))) {
        // The bridge clauses are valid on their own, whatever lemma asked for them: they are
        // recorded as such, then the lemma's origin is restored.
        let lemma_origin = std::mem::replace(&mut encoder.current, Origin::Valid);
        encoder.bridge(store, a, b)?;
        encoder.current = lemma_origin;
    }
    Ok(encoder.atom(a, b))
}

/// The theories inside the SAT search (one [`Solver::solve_with_theory`] call): the equality
/// atoms go to a backtracking congruence closure at every propagation fixpoint, which answers
/// with a conflict lemma or with propagations; the arithmetic atoms go to the kept simplex,
/// which answers with a Farkas conflict, and propagate the bounds they imply on their form.
/// Every clause handed to the solver is checked first, and recorded
/// with its origin when the solver reports its id.
struct OnlineTheory<'a> {
    store: &'a TermStore,
    encoder: &'a mut Encoder,
    stats: &'a mut SmtStats,
    closure: cc::CongruenceClosure<'a>,
    /// The simplex, kept for the whole search, with the bounds of the assigned arithmetic atoms.
    simplex: linear::OnlineSimplex,
    /// Per SAT variable: the equality atom it stands for.
    equality_of: Vec<Option<u32>>,
    /// Per SAT variable: the arithmetic atom it stands for.
    arith_of: Vec<Option<u32>>,
    /// Clauses handed to the solver whose ids have not come back yet, with their origins.
    pending: std::collections::VecDeque<(Vec<Lit>, Origin)>,
    /// Why the theory stopped the search.
    error: Option<SmtError>,
    /// The arithmetic verdict of the last final check that accepted the assignment.
    verdict: Option<linear::Verdict>,
    /// How the final check may answer a fractional Int value besides branch and bound.
    cuts: linear::Cuts,
}

impl<'a> OnlineTheory<'a> {
    fn new(store: &'a TermStore, encoder: &'a mut Encoder, stats: &'a mut SmtStats) -> Self {
        let by_variable = |vars: &mut dyn Iterator<Item = Var>| {
            let mut of: Vec<Option<u32>> = Vec::new();
            for (i, v) in vars.enumerate() {
                if of.len() <= v.index() {
                    of.resize(v.index() + 1, None);
                }
                of[v.index()] = Some(i as u32);
            }
            of
        };
        let equality_of = by_variable(&mut encoder.atoms.iter().map(|a| a.2));
        let arith_of = by_variable(&mut encoder.arith_vars.iter().copied());
        let simplex = encoder.linear.online();
        OnlineTheory {
            store,
            encoder,
            stats,
            closure: cc::CongruenceClosure::new(store),
            simplex,
            equality_of,
            arith_of,
            pending: Default::default(),
            error: None,
            verdict: None,
            cuts: linear::Cuts::None,
        }
    }

    fn stop(&mut self, error: SmtError) -> TheoryAnswer {
        self.error = Some(error);
        TheoryAnswer::Stop
    }

    /// The EUF lemma `¬E ∨ a = b` for the premises `E` (atom indices, true now) and the
    /// conclusion atom `conclusion`, confirmed by [`check::implies`]; `None` when the check
    /// rejects it.
    fn congruence_lemma(&self, premises: &[u32], conclusion: usize) -> Option<Vec<Lit>> {
        let atoms = &self.encoder.atoms;
        let equalities: Vec<(TermId, TermId)> =
            premises.iter().map(|&j| (atoms[j as usize].0, atoms[j as usize].1)).collect();
        let (a, b, v) = atoms[conclusion];
        if !check::implies(self.store, &equalities, (a, b)) {
            return None;
        }
        let mut lemma = vec![v.positive()];
        lemma.extend(premises.iter().map(|&j| atoms[j as usize].2.negative()));
        Some(lemma)
    }

    /// Equality propagation: each unassigned atom whose sides are in one class is implied
    /// true; one whose sides are in the classes of an asserted disequality is implied false.
    /// In atom order.
    fn propagations(&mut self, assignment: &Assignment<'_>) -> Result<Vec<Vec<Lit>>, SmtError> {
        // The class pairs kept apart, each with the first disequality that keeps them apart.
        let mut apart: FxHashMap<(TermId, TermId), (TermId, TermId, u32)> = FxHashMap::default();
        for &(a, b, j) in self.closure.disequalities() {
            let (ra, rb) = (self.closure.find(a), self.closure.find(b));
            apart.entry((ra.min(rb), ra.max(rb))).or_insert((a, b, j));
        }
        let mut clauses = Vec::new();
        for i in 0..self.encoder.atoms.len() {
            let (c, d, v) = self.encoder.atoms[i];
            if assignment.value(v.positive()).is_some() {
                continue;
            }
            let (rc, rd) = (self.closure.find(c), self.closure.find(d));
            if rc == rd {
                let premises = self.closure.explain(c, d);
                let lemma = self.congruence_lemma(&premises, i).ok_or(SmtError::LemmaRejected)?;
                clauses.push(lemma);
            } else if let Some(&(a, b, j)) = apart.get(&(rc.min(rd), rc.max(rd))) {
                // c = d would join the classes of a and b: ¬(c = d) ∨ a = b ∨ ¬E.
                let (near_c, near_d) = if self.closure.find(a) == rc { (a, b) } else { (b, a) };
                let mut premises = self.closure.explain(c, near_c);
                premises.extend(self.closure.explain(d, near_d));
                premises.push(i as u32);
                premises.sort_unstable();
                premises.dedup();
                let lemma =
                    self.congruence_lemma(&premises, j as usize).ok_or(SmtError::LemmaRejected)?;
                // The implied literal ¬(c = d) goes first.
                let mut implied = vec![v.negative()];
                implied.extend(lemma.into_iter().filter(|&l| l != v.negative()));
                clauses.push(implied);
            }
        }
        Ok(clauses)
    }

    /// The Farkas lemma of an arithmetic conflict: the clause of the negated literals (the
    /// Farkas checker confirmed that they cannot all hold when the explanation was made).
    fn farkas_lemma(&mut self, explanation: linear::Explanation) -> TheoryAnswer {
        let lemma = self.arith_clause(&explanation);
        self.stats.arith_lemmas += 1;
        self.stats.lemmas += 1;
        self.answer(vec![(lemma, Origin::Farkas(explanation.literals))], true)
    }

    /// Pivots the simplex back into its bounds; the pivots go to the counters.
    fn check_arithmetic(&mut self) -> Result<Option<linear::Explanation>, SmtError> {
        let before = self.simplex.pivots();
        let result = self.encoder.linear.check_online(self.store, &mut self.simplex);
        self.stats.pivots += self.simplex.pivots() - before;
        result
    }

    /// Hands clauses to the solver with their origins: one conflict, or propagations.
    fn answer(&mut self, clauses: Vec<(Vec<Lit>, Origin)>, conflict: bool) -> TheoryAnswer {
        let mut lemmas = Vec::with_capacity(clauses.len());
        for (clause, origin) in clauses {
            self.pending.push_back((clause.clone(), origin));
            lemmas.push(clause);
        }
        if conflict {
            TheoryAnswer::Conflict(lemmas.into_iter().next().unwrap_or_default())
        } else {
            TheoryAnswer::Propagations(lemmas)
        }
    }

    /// The clause of the negated literals of an arithmetic explanation, in its order.
    fn arith_clause(&self, explanation: &linear::Explanation) -> Vec<Lit> {
        explanation
            .literals
            .iter()
            .map(|&(i, value, _)| {
                let v = self.encoder.arith_vars[i];
                if value { v.negative() } else { v.positive() }
            })
            .collect()
    }

    /// Bound propagation: the arithmetic atoms, unassigned now, whose values follow from the
    /// bounds `asserted` (in order, each atom proposed once), each with its two-literal
    /// Farkas lemma.
    fn bound_propagations(
        &self,
        asserted: &[(usize, bool)],
        assignment: &Assignment<'_>,
    ) -> Result<Vec<(Vec<Lit>, Origin)>, SmtError> {
        let linear = &self.encoder.linear;
        let arith_vars = &self.encoder.arith_vars;
        let mut proposed: rustc_hash::FxHashSet<usize> = Default::default();
        let mut clauses = Vec::new();
        for &(i, value) in asserted {
            let assigned = |j: usize| assignment.value(arith_vars[j].positive()).is_some();
            for (j, implied) in linear.implied_by(i, value, assigned) {
                // Membership only; the order of the clauses is the order of `asserted`.
                if !proposed.insert(j) {
                    continue;
                }
                let explanation = linear.propagation_lemma(self.store, (i, value), (j, implied))?;
                clauses
                    .push((self.arith_clause(&explanation), Origin::Farkas(explanation.literals)));
            }
        }
        Ok(clauses)
    }
}

impl Theory for OnlineTheory<'_> {
    fn backtrack(&mut self, level: u32) {
        self.closure.backtrack(level);
        self.simplex.backtrack(level);
    }

    fn assigned(&mut self, new: &[Lit], assignment: &Assignment<'_>) -> TheoryAnswer {
        self.closure.set_level(assignment.level());
        self.simplex.set_level(assignment.level());
        let mut bounds = Vec::new();
        for &l in new {
            let index = l.var().index();
            if let Some(i) = self.arith_of.get(index).copied().flatten() {
                let asserted = self.encoder.linear.assert_online(
                    self.store,
                    &mut self.simplex,
                    i as usize,
                    !l.is_negative(),
                );
                match asserted {
                    Err(e) => return self.stop(e),
                    Ok(Some(explanation)) => return self.farkas_lemma(explanation),
                    Ok(None) => bounds.push((i as usize, !l.is_negative())),
                }
            }
            let Some(i) = self.equality_of.get(index).copied().flatten() else {
                continue;
            };
            let (a, b, _) = self.encoder.atoms[i as usize];
            if l.is_negative() {
                self.closure.assert_disequality(a, b, i);
            } else {
                self.closure.merge(a, b, i);
            }
        }
        if let Some((a, b, j)) = self.closure.violated() {
            let premises = self.closure.explain(a, b);
            let Some(lemma) = self.congruence_lemma(&premises, j as usize) else {
                return self.stop(SmtError::LemmaRejected);
            };
            self.stats.lemmas += 1;
            return self.answer(vec![(lemma, Origin::Congruence)], true);
        }
        match self.check_arithmetic() {
            Err(e) => return self.stop(e),
            Ok(Some(explanation)) => return self.farkas_lemma(explanation),
            Ok(None) => {}
        }
        let equalities = match self.propagations(assignment) {
            Err(e) => return self.stop(e),
            Ok(clauses) => clauses.into_iter().map(|c| (c, Origin::Congruence)),
        };
        let clauses: Vec<(Vec<Lit>, Origin)> = match self.bound_propagations(&bounds, assignment) {
            Err(e) => return self.stop(e),
            Ok(arithmetic) => equalities.chain(arithmetic).collect(),
        };
        if clauses.is_empty() {
            return TheoryAnswer::Fine;
        }
        self.stats.theory_propagations += clauses.len() as u64;
        self.stats.lemmas += clauses.len() as u64;
        self.answer(clauses, false)
    }

    fn final_check(&mut self, assignment: &Assignment<'_>) -> TheoryAnswer {
        // Every literal was shown to `assigned`, whose checks passed; what is left is the
        // solution (or the split) of the simplex.
        match self.check_arithmetic() {
            Err(e) => return self.stop(e),
            Ok(Some(explanation)) => return self.farkas_lemma(explanation),
            Ok(None) => {}
        }
        let verdict = self.encoder.linear.online_solution(self.store, &self.simplex);
        if !matches!(verdict, linear::Verdict::Split(..)) {
            self.verdict = Some(verdict);
            return TheoryAnswer::Fine;
        }
        // The kept tableau's values wander with the search, and branch and bound on unbounded
        // Int variables chases them; a simplex started from the skeleton's values (all 0) with
        // the same bounds finds the small solutions the splits converge on, so the split (or
        // the solution) is taken from it.
        let values: Vec<(usize, bool)> = self
            .encoder
            .arith_vars
            .iter()
            .enumerate()
            .map(|(i, &v)| (i, assignment.value(v.positive()).unwrap_or(false)))
            .collect();
        let pivots_before = self.encoder.linear.pivots;
        let verdict = self.encoder.linear.check_with_cuts(self.store, &values, self.cuts);
        self.stats.pivots += self.encoder.linear.pivots - pivots_before;
        match verdict {
            Err(e) => self.stop(e),
            Ok(linear::Verdict::Conflict(explanation)) => self.farkas_lemma(explanation),
            Ok(verdict) => {
                self.verdict = Some(verdict);
                TheoryAnswer::Fine
            }
        }
    }

    fn lemma_added(&mut self, id: ClauseId) {
        if let Some((clause, origin)) = self.pending.pop_front() {
            self.encoder.clauses.insert(id.0, clause);
            self.encoder.origins.insert(id.0, origin);
        }
    }
}

/// The loop itself; the encoder is returned with the answer so that interpolation can read the
/// refutation and the origin of its leaves. Without `gomory_cuts`, integer problems are left
/// to the Diophantine step, split conflicts, form splits and branch and bound, none of which
/// makes an atom over a new form (interpolation asks for that when a cut's literal mixes both
/// sides).
fn check_in(
    work: &mut std::borrow::Cow<'_, TermStore>,
    assertions: &[Formula],
    tracked: &[bool],
    stats: &mut SmtStats,
    gomory_cuts: bool,
) -> Result<(Answer, Encoder), SmtError> {
    let store: &TermStore = work;
    let mut encoder = Encoder {
        solver: Solver::with_options(SolverOptions::checked()),
        clauses: FxHashMap::default(),
        origins: FxHashMap::default(),
        current: Origin::Truth,
        owners: FxHashMap::default(),
        atoms: Vec::new(),
        atom_index: FxHashMap::default(),
        true_lit: Lit::new(Var(0), false),
        linear: linear::Atoms::default(),
        arith_vars: Vec::new(),
        gates: FxHashMap::default(),
        roots: FxHashMap::default(),
        selectors: Vec::new(),
    };
    encoder.true_lit = encoder.fresh();
    let t = encoder.true_lit;
    encoder.add(vec![t]);
    let mut selectors = Vec::new();
    for (i, formula) in assertions.iter().enumerate() {
        encoder.current = Origin::Assertion(i);
        let root = encoder.encode(store, formula)?;
        if tracked.get(i).copied().unwrap_or(false) {
            let s = encoder.fresh();
            selectors.push((s, i));
            encoder.selectors.push(s.var());
            let id = encoder.add(vec![!s, root]);
            encoder.roots.insert(id.0, i);
        } else {
            let id = encoder.add(vec![root]);
            encoder.roots.insert(id.0, i);
        }
    }
    encoder.current = Origin::Valid;
    // The terms the assertions mention: the combination and the model consider only these
    // (the store may hold terms of other scopes).
    let mut relevant = relevant_terms(store, assertions);
    let arrays_used = arrays::supported(store, &relevant)?;
    let mut array_checker = array_check::ArrayLemmaChecker::new(store.num_funs());
    let mut instances_done = std::collections::BTreeSet::new();
    let mut skolems = std::collections::BTreeMap::new();
    let mut is_relevant = vec![false; store.len()];
    for &t in &relevant {
        is_relevant[t.0 as usize] = true;
    }
    // Each integer quotient gets the two bounds of its definition as unit clauses.
    for &t in &relevant {
        if store.interpretation(store.term(t).fun) != Some(&Interpretation::Op(ArithOp::Div)) {
            continue;
        }
        let Some(bounds) = farkas::division_bounds(store, t) else {
            return Err(SmtError::Unsupported(
                "div and mod need a nonzero numeral divisor".to_string(),
            ));
        };
        for bound in bounds {
            let l = encoder.checked_arith(store, bound)?;
            encoder.add(vec![l]);
        }
    }
    let mut bridged: std::collections::BTreeSet<(TermId, TermId)> = Default::default();
    let mut splits = 0u64;
    let mut cuts = 0u64;
    let assumptions: Vec<Lit> = selectors.iter().map(|&(s, _)| s).collect();
    loop {
        stats.rounds += 1;
        let store: &TermStore = work;
        let mut solver = std::mem::take(&mut encoder.solver);
        let mut theory = OnlineTheory::new(store, &mut encoder, stats);
        // Split conflicts add no atom, so they go on past the cut limit.
        theory.cuts = if gomory_cuts && cuts < MAX_CUTS {
            linear::Cuts::Gomory
        } else {
            linear::Cuts::SplitConflicts
        };
        let result = solver.solve_with_theory(&assumptions, &mut theory);
        let (error, verdict) = (theory.error.take(), theory.verdict.take());
        let leftover = !theory.pending.is_empty();
        encoder.solver = solver;
        stats.conflicts = encoder.solver.stats().conflicts;
        if let Some(error) = error {
            return Err(error);
        }
        if leftover {
            return Err(SmtError::LeafRejected);
        }
        match result? {
            SatResult::Unknown(_) => return Err(SmtError::Stopped),
            SatResult::Unsat { failed_assumptions } => {
                if let (Some(proof), Some(root)) =
                    (encoder.solver.proof(), encoder.solver.refutation())
                {
                    crate::sat::check::check_leaves(proof, root, |id| {
                        encoder.clauses.get(&id.0).map(|c| c.as_slice())
                    })
                    .map_err(|_| SmtError::LeafRejected)?;
                }
                let mut core: Vec<usize> = failed_assumptions
                    .iter()
                    .filter_map(|l| selectors.iter().find(|(s, _)| s == l).map(|&(_, i)| i))
                    .collect();
                core.sort_unstable();
                return Ok((Answer::Unsat { core }, encoder));
            }
            SatResult::Sat(model) => {
                // The closure and the simplex accepted the assignment inside the search; what
                // is left needs new atoms or terms: array lemmas, branch-and-bound splits,
                // interface equalities, and the model. The closure for them is rebuilt from
                // the model's true atoms (one closure per round, cheap beside the search) rather
                // than taken from the search, so what follows reads the model alone.
                let mut closure = cc::CongruenceClosure::new(store);
                for (i, &(a, b, v)) in encoder.atoms.iter().enumerate() {
                    if model.value(v) {
                        closure.merge(a, b, i as u32);
                    }
                }
                let mut numbers = FxHashMap::default();
                let mut split_made = false;
                match verdict {
                    None => return Err(SmtError::Stopped),
                    Some(linear::Verdict::Conflict(_)) => return Err(SmtError::FarkasRejected),
                    Some(linear::Verdict::Split(..) | linear::Verdict::FormSplit(_))
                        if splits >= MAX_SPLITS =>
                    {
                        return Err(SmtError::Incomplete(format!(
                            "branch and bound reached its limit of {MAX_SPLITS} splits"
                        )));
                    }
                    Some(linear::Verdict::Split(x, below)) => {
                        // The split x <= n ∨ x >= n + 1 is the tautology p ∨ ¬p for the new atom
                        // p = (x <= n), whose negation the theory rounds to x >= n + 1; so no
                        // clause is needed, only the atom, which the next model must decide.
                        let i = encoder.linear.split_atom(store, x, &below)?;
                        let v = encoder.split_var(i, "branch and bound")?;
                        // The branch towards 0 first: on unbounded variables, always going up
                        // (the solver's default phase) chases a vertex that moves away.
                        encoder.solver.set_phase(v, below.cmp0() == std::cmp::Ordering::Less);
                        splits += 1;
                        stats.splits += 1;
                        split_made = true;
                    }
                    Some(linear::Verdict::FormSplit(literal)) => {
                        // As for a variable: the atom alone, whose two values are the split.
                        let i = encoder.linear.form_split_atom(store, literal)?;
                        encoder.split_var(i, "a form split")?;
                        splits += 1;
                        stats.splits += 1;
                        split_made = true;
                    }
                    Some(linear::Verdict::Cut(cut)) => {
                        // The lemma ¬P ∨ cut, P the bounds the cut rests on; the vertex the
                        // simplex found meets P and not the cut, so the clause is new. A
                        // Diophantine conflict has no cut: its lemma ¬P is false in the model.
                        let literal = match &cut.literal {
                            Some(c) => Some(encoder.arith(store, c.clone())?),
                            None => None,
                        };
                        if literal.is_some_and(|l| l.var() == encoder.true_lit.var()) {
                            return Err(SmtError::Incomplete(
                                "a cut that is constant after linearization".into(),
                            ));
                        }
                        let mut clause: Vec<Lit> = literal.into_iter().collect();
                        for &(i, value) in &cut.premises {
                            let v = encoder.arith_var(i);
                            clause.push(if value { v.negative() } else { v.positive() });
                        }
                        encoder.current = Origin::Cut(Box::new((cut, literal)));
                        encoder.add(clause);
                        cuts += 1;
                        stats.cuts += 1;
                        stats.lemmas += 1;
                        split_made = true;
                    }
                    Some(linear::Verdict::Consistent(values)) => numbers.extend(values),
                }
                stats.arith_atoms = encoder.arith_vars.len() as u64;
                if !split_made && arrays_used {
                    let false_array_atoms: Vec<(TermId, TermId)> = encoder
                        .atoms
                        .iter()
                        .filter(|&&(a, _, v)| {
                            store.array_parts(store.sort_of(a)).is_some() && !model.value(v)
                        })
                        .map(|&(a, b, _)| (a, b))
                        .collect();
                    let wanted = arrays::wanted(
                        store,
                        &closure,
                        &relevant,
                        &false_array_atoms,
                        &instances_done,
                    );
                    if !wanted.is_empty() {
                        encoder.current = Origin::Array;
                        let store = work.to_mut();
                        for instance in wanted {
                            instances_done.insert(instance);
                            let clauses =
                                arrays::instantiate(store, instance, &mut skolems, &relevant);
                            for literals in clauses {
                                if !array_checker.confirm(store, &literals) {
                                    return Err(SmtError::LemmaRejected);
                                }
                                let mut clause = Vec::new();
                                for &(a, b, positive) in &literals {
                                    add_relevant(store, a, &mut relevant, &mut is_relevant);
                                    add_relevant(store, b, &mut relevant, &mut is_relevant);
                                    let l =
                                        equality_literal(&mut encoder, store, a, b, &mut bridged)?;
                                    clause.push(if positive { l } else { !l });
                                }
                                encoder.add(clause);
                                stats.array_lemmas += 1;
                                stats.lemmas += 1;
                            }
                        }
                        stats.atoms = encoder.atoms.len() as u64;
                        continue;
                    }
                }
                if !split_made {
                    let solved: FxHashMap<TermId, Rational> = relevant
                        .iter()
                        .filter(|&&t| store.sort_of(t).is_arithmetic())
                        .map(|&t| (t, solved_value(store, &numbers, t)))
                        .collect();
                    let value = |t: TermId| solved.get(&t).cloned().unwrap_or_default();
                    let pairs = interface_equalities(store, &closure, &relevant, &value);
                    if pairs.is_empty() {
                        let mut result = build_model(store, &closure, &is_relevant, &value)?;
                        result.numbers = numbers;
                        for (i, formula) in assertions.iter().enumerate() {
                            if !result.eval(store, formula) {
                                return Err(SmtError::ModelRejected(i));
                            }
                        }
                        stats.atoms = encoder.atoms.len() as u64;
                        return Ok((Answer::Sat(result), encoder));
                    }
                    for (a, b) in pairs {
                        // A pair already bridged is decided by both theories (equal values and
                        // one class, or different values and two classes), so meeting one
                        // again would be a bug; answer unknown rather than loop.
                        if !bridged.insert((a, b)) {
                            return Err(SmtError::Incomplete(
                                "theory combination met an interface equality twice".into(),
                            ));
                        }
                        encoder.current = Origin::Valid;
                        encoder.bridge(store, a, b)?;
                        stats.interface_equalities += 1;
                    }
                    stats.atoms = encoder.atoms.len() as u64;
                }
            }
        }
    }
}

/// The subterms of the assertions' atoms, each once, in the order met.
fn relevant_terms(store: &TermStore, assertions: &[Formula]) -> Vec<TermId> {
    fn walk(store: &TermStore, f: &Formula, seen: &mut Vec<bool>, out: &mut Vec<TermId>) {
        let add = |t: TermId, seen: &mut Vec<bool>, out: &mut Vec<TermId>| {
            let mut stack = vec![t];
            while let Some(t) = stack.pop() {
                if std::mem::replace(&mut seen[t.0 as usize], true) {
                    continue;
                }
                out.push(t);
                stack.extend(store.term(t).args.iter().rev().copied());
            }
        };
        match f {
            Formula::True | Formula::False => {}
            Formula::Atom(p) => add(*p, seen, out),
            Formula::Eq(a, b) | Formula::Le(a, b) | Formula::Lt(a, b) => {
                add(*a, seen, out);
                add(*b, seen, out);
            }
            Formula::Not(g) => walk(store, g, seen, out),
            Formula::And(gs) | Formula::Or(gs) => {
                for g in gs {
                    walk(store, g, seen, out);
                }
            }
            Formula::Iff(a, b) | Formula::Xor(a, b) => {
                walk(store, a, seen, out);
                walk(store, b, seen, out);
            }
            Formula::Ite(c, a, b) => {
                walk(store, c, seen, out);
                walk(store, a, seen, out);
                walk(store, b, seen, out);
            }
        }
    }
    let mut seen = vec![false; store.len()];
    let mut out = Vec::new();
    for f in assertions {
        walk(store, f, &mut seen, &mut out);
    }
    out
}

/// The value of an arithmetic term in the simplex solution `numbers`: uninterpreted terms
/// (constants and applications) and integer quotients are the simplex's variables (0 when
/// the simplex never saw them), interpreted symbols are computed.
fn solved_value(store: &TermStore, numbers: &FxHashMap<TermId, Rational>, t: TermId) -> Rational {
    let term = store.term(t);
    let args = || term.args.iter().map(|&a| solved_value(store, numbers, a));
    match store.interpretation(term.fun) {
        None | Some(Interpretation::Op(ArithOp::Div)) => {
            numbers.get(&t).cloned().unwrap_or_default()
        }
        Some(Interpretation::Numeral(v)) => v.clone(),
        Some(Interpretation::Op(op)) => apply_op(*op, args(), term.args.len()),
    }
}

/// An interpreted arithmetic operation applied to its arguments' values (`arity` of them):
/// the model's evaluator and the simplex solution's read the same operations the same way.
/// `Div` is SMT-LIB's Euclidean integer quotient.
fn apply_op(op: ArithOp, mut values: impl Iterator<Item = Rational>, arity: usize) -> Rational {
    match op {
        ArithOp::Add | ArithOp::ToReal => values.sum(),
        ArithOp::Mul => values.product(),
        ArithOp::Neg => -values.sum::<Rational>(),
        ArithOp::Sub => {
            let first = values.next().unwrap_or_default();
            if arity == 1 { -first } else { values.fold(first, |acc, v| acc - v) }
        }
        ArithOp::Div => {
            let (a, k) = (values.next().unwrap_or_default(), values.next().unwrap_or_default());
            euclidean_div(&a, &k)
        }
    }
}

/// Model-based theory combination: the equalities between arithmetic terms that the current
/// pair of theory models disagrees on, each `(a, b)` with `a < b`, in a deterministic order.
///
/// - Two applications `f(s̄)`, `f(t̄)` of one uninterpreted function whose arguments have
///   equal values (numbers for arithmetic arguments, classes for the others) but whose
///   results differ would make `f`'s table a relation: every arithmetic argument pair with
///   equal numbers but different classes is returned, so that EUF learns (or refutes) it.
/// - Two arithmetic terms in one EUF class with different numbers: the pair is returned, so
///   that arithmetic learns (or refutes) it.
///
/// When nothing is returned, the classes and the numbers agree on every argument and result,
/// so the tables built from them are functions.
fn interface_equalities(
    store: &TermStore,
    closure: &cc::CongruenceClosure<'_>,
    relevant: &[TermId],
    value: &dyn Fn(TermId) -> Rational,
) -> Vec<(TermId, TermId)> {
    let same = |a: TermId, b: TermId| {
        if store.sort_of(a).is_arithmetic() {
            value(a) == value(b)
        } else {
            closure.find(a) == closure.find(b)
        }
    };
    let mut pairs = std::collections::BTreeSet::new();
    let mut by_function: std::collections::BTreeMap<FunId, Vec<TermId>> = Default::default();
    let mut by_class: std::collections::BTreeMap<TermId, Vec<TermId>> = Default::default();
    for &t in relevant {
        let term = store.term(t);
        if store.interpretation(term.fun).is_none() && !term.args.is_empty() {
            by_function.entry(term.fun).or_default().push(t);
        }
        if store.sort_of(t).is_arithmetic() {
            by_class.entry(closure.find(t)).or_default().push(t);
        }
    }
    for applications in by_function.values() {
        for (i, &s) in applications.iter().enumerate() {
            for &t in &applications[i + 1..] {
                let (xs, ys) = (&store.term(s).args, &store.term(t).args);
                if same(s, t) || !xs.iter().zip(ys).all(|(&x, &y)| same(x, y)) {
                    continue;
                }
                for (&x, &y) in xs.iter().zip(ys) {
                    if x != y
                        && store.sort_of(x).is_arithmetic()
                        && closure.find(x) != closure.find(y)
                    {
                        pairs.insert((x.min(y), x.max(y)));
                    }
                }
            }
        }
    }
    for members in by_class.values() {
        let first = members[0];
        for &m in &members[1..] {
            if value(m) != value(first) {
                pairs.insert((first.min(m), first.max(m)));
            }
        }
    }
    pairs.into_iter().collect()
}

/// The model of the final classes and numbers: an element per class of each uninterpreted
/// sort (numbered in the order of their first term, user terms first), the numbers `value`
/// gives for arithmetic terms, and a table per uninterpreted function. Applications that
/// involve arithmetic (an arithmetic argument or result) are tabled only when the assertions
/// mention them (`relevant`), since the numbers cover only those.
fn build_model(
    store: &TermStore,
    closure: &cc::CongruenceClosure<'_>,
    relevant: &[bool],
    value: &dyn Fn(TermId) -> Rational,
) -> Result<Model, SmtError> {
    let mut universe = vec![0u32; store.num_sorts()];
    let mut class_value: FxHashMap<TermId, u32> = FxHashMap::default();
    let true_class = closure.find(store.true_term());
    let mut values = vec![0; store.len()];
    // Classes are numbered in the order of their first term, the user's terms before the
    // internal ones, so that the values shown do not depend on helper constants.
    for internal in [false, true] {
        for t in 0..store.len() as u32 {
            let t = TermId(t);
            let sort = store.sort_of(t);
            if store.fun(store.term(t).fun).internal != internal || sort.is_arithmetic() {
                continue;
            }
            let rep = closure.find(t);
            values[t.0 as usize] = if sort == SortId::BOOL {
                u32::from(rep == true_class)
            } else {
                *class_value.entry(rep).or_insert_with(|| {
                    universe[sort.0 as usize] += 1;
                    universe[sort.0 as usize] - 1
                })
            };
        }
    }
    let plain_value = |t: TermId| {
        if store.sort_of(t).is_arithmetic() {
            ModelValue::Number(value(t))
        } else {
            ModelValue::Element(values[t.0 as usize])
        }
    };
    // Defaults: classes joined by a store term (`store(b, i, v)` and `b` differ at one index
    // only) share one, the value of a constant array among them, else the default of the
    // element sort. Two constant arrays of different values joined so are left undecided:
    // over Int and Real indices `arrays::Instance::FreshIndex` has already told them apart,
    // so they reach here only over an uninterpreted index sort, which may be finite.
    let mentioned = relevant.iter().enumerate().filter(|&(_, &m)| m).map(|(t, _)| TermId(t as u32));
    let components = arrays::StoreComponents::new(store, closure, mentioned);
    let mut component_default: std::collections::BTreeMap<TermId, ModelValue> = Default::default();
    for (t, &mentioned) in relevant.iter().enumerate() {
        let t = TermId(t as u32);
        let term = store.term(t);
        if mentioned && store.array_op(term.fun) == Some(ArrayOp::Const) {
            let component = components.root(closure.find(t));
            let value = plain_value(term.args[0]);
            if component_default.insert(component, value.clone()).is_some_and(|old| old != value) {
                return Err(SmtError::Incomplete(
                    "two different constant arrays are joined by stores".into(),
                ));
            }
        }
    }
    let class_default = |rep: TermId| -> ArrayValue {
        let default = match component_default.get(&components.root(rep)) {
            Some(v) => v.clone(),
            None => match default_value(store, store.sort_of(rep)) {
                ModelValue::Array(a) => a.default,
                other => other,
            },
        };
        ArrayValue { default, exceptions: Default::default() }
    };
    // Each class of arrays is its default with an exception per `select` on one of its
    // members; the array lemmas made these agree with every `store` and constant array (see
    // `arrays`), and the evaluation below checks it.
    let mut class_arrays: std::collections::BTreeMap<TermId, ArrayValue> = Default::default();
    for (t, &mentioned) in relevant.iter().enumerate() {
        let t = TermId(t as u32);
        let term = store.term(t);
        if !mentioned || store.array_op(term.fun) != Some(ArrayOp::Select) {
            continue;
        }
        let array = term.args[0];
        let (index, element) = (plain_value(term.args[1]), plain_value(t));
        let rep = closure.find(array);
        let entry = class_arrays.entry(rep).or_insert_with(|| class_default(rep));
        if entry.exceptions.get(&index).is_some_and(|old| *old != element) {
            return Err(SmtError::ModelNotFunctional("select".into()));
        }
        entry.exceptions.insert(index, element);
    }
    let index_universe = |rep: TermId| {
        store
            .array_parts(store.sort_of(rep))
            .filter(|(index, _)| !index.is_arithmetic())
            .map(|(index, _)| universe[index.0 as usize].max(1))
    };
    for (&rep, array) in class_arrays.iter_mut() {
        array.normalize(index_universe(rep));
    }
    let model_value = |t: TermId| {
        if store.array_parts(store.sort_of(t)).is_some() {
            let rep = closure.find(t);
            match class_arrays.get(&rep) {
                Some(array) => ModelValue::Array(Box::new(array.clone())),
                None => {
                    let mut array = class_default(rep);
                    array.normalize(index_universe(rep));
                    ModelValue::Array(Box::new(array))
                }
            }
        } else {
            plain_value(t)
        }
    };
    let mut tables = vec![Table::new(); store.num_funs()];
    for (t, &mentioned) in relevant.iter().enumerate() {
        let t = TermId(t as u32);
        let term = store.term(t);
        if store.interpretation(term.fun).is_some() || store.array_op(term.fun).is_some() {
            continue;
        }
        let arithmetic = store.sort_of(t).is_arithmetic()
            || term.args.iter().any(|&a| store.sort_of(a).is_arithmetic());
        if arithmetic && !mentioned {
            continue;
        }
        let args: Vec<ModelValue> = term.args.iter().map(|&a| model_value(a)).collect();
        let result = model_value(t);
        let table = &mut tables[term.fun.0 as usize];
        if table.get(&args).is_some_and(|old| *old != result) {
            return Err(SmtError::ModelNotFunctional(store.fun(term.fun).name.clone()));
        }
        table.insert(args, result);
    }
    Ok(Model { values, universe, tables, numbers: FxHashMap::default() })
}
