//! Terms: sorts, function symbols (uninterpreted, arithmetic and array operations),
//! hash-consed ground terms in a [`TermStore`], and the quantifier-free [`Formula`]s over them
//! that [`super::check`] decides.

use rug::Rational;
use rustc_hash::FxHashMap;

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
    /// `(@diff a b)`: an index where `a` and `b` differ when they differ (any index when they
    /// are equal), as SMTInterpol names it: the Skolem function of extensionality, defined by
    /// `a = b ∨ select(a, @diff(a, b)) ≠ select(b, @diff(a, b))`. Only interpolants name it
    /// (arrays have no quantifier-free interpolants without it); the engine instantiates the
    /// defining axiom for every `@diff` term it meets.
    Diff,
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
            ArrayOp::Diff => ("@diff", vec![sort, sort], index),
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

    /// `(@diff a b)` for two arrays of one sort; the caller checks the sorts.
    pub fn array_diff(&mut self, a: TermId, b: TermId) -> TermId {
        let f = self.array_fun(ArrayOp::Diff, self.sort_of(a));
        self.apply(f, vec![a, b])
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
