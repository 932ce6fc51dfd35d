//! Models: the value of each term (elements, numbers, arrays as a default and exceptions), a
//! table per function, evaluation of terms and formulas through the tables (how a `sat`
//! answer is checked), and the model built from the final congruence classes and simplex
//! numbers of a propositional model the theories accepted.

use rug::Rational;
use rustc_hash::FxHashMap;

use super::arrays;
use super::cc;
use super::error::SmtError;
use super::term::{ArithOp, ArrayOp, Formula, FunId, Interpretation, SortId, TermId, TermStore};

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
    pub(super) values: Vec<u32>,
    universe: Vec<u32>,
    pub(super) tables: Vec<Table>,
    /// The rational value of each arithmetic variable (uninterpreted constant of sort Int or
    /// Real) that occurs in an assertion.
    pub(super) numbers: FxHashMap<TermId, Rational>,
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
            Some(ArrayOp::Diff) => {
                // The table holds the engine's value for the `@diff` terms it decided; any
                // other pair of arrays gets an index where they differ, computed from their
                // values, so the defining axiom holds at every pair.
                let args: Vec<ModelValue> =
                    term.args.iter().map(|&a| self.eval_value(store, a)).collect();
                match self.tables.get(term.fun.0 as usize).and_then(|table| table.get(&args)) {
                    Some(v) => v.clone(),
                    None => self.difference_index(store, sort, &args[0], &args[1]),
                }
            }
            None if sort.is_arithmetic() => ModelValue::Number(self.number(store, t)),
            None => match self.lookup(store, t) {
                Some(v) => v.clone(),
                None => default_value(store, sort),
            },
        }
    }

    /// An index of sort `index` where the array values `a` and `b` differ (the smallest
    /// exception index where they differ, else the smallest index that is an exception of
    /// neither when their defaults differ), the default index when they are equal.
    fn difference_index(
        &self,
        store: &TermStore,
        index: SortId,
        a: &ModelValue,
        b: &ModelValue,
    ) -> ModelValue {
        let (ModelValue::Array(a), ModelValue::Array(b)) = (a, b) else {
            return default_value(store, index);
        };
        let keys: std::collections::BTreeSet<&ModelValue> =
            a.exceptions.keys().chain(b.exceptions.keys()).collect();
        if let Some(key) = keys.iter().find(|&&key| a.get(key) != b.get(key)) {
            return (*key).clone();
        }
        if a.default != b.default {
            // Finitely many exceptions, so an index outside them is among the first few.
            let candidates: Box<dyn Iterator<Item = ModelValue>> = if index.is_arithmetic() {
                Box::new((0u32..).map(|n| ModelValue::Number(Rational::from(n))))
            } else {
                Box::new((0..self.universe_size(index)).map(ModelValue::Element))
            };
            if let Some(free) = candidates.take(keys.len() + 1).find(|k| !keys.contains(k)) {
                return free;
            }
        }
        default_value(store, index)
    }

    /// Whether the defining axiom of some `@diff` term the assertions mention (`relevant`)
    /// fails in the model: its arrays differ and read the same at its value. The engine's
    /// instances make it hold; a model where it fails is never returned.
    pub(super) fn diff_axiom_fails(&self, store: &TermStore, relevant: &[bool]) -> bool {
        relevant.iter().enumerate().any(|(t, &mentioned)| {
            let t = TermId(t as u32);
            let term = store.term(t);
            if !mentioned || store.array_op(term.fun) != Some(ArrayOp::Diff) {
                return false;
            }
            let a = self.array_value(store, term.args[0]);
            let b = self.array_value(store, term.args[1]);
            let d = self.eval_value(store, t);
            a != b && a.get(&d) == b.get(&d)
        })
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

/// The value of an arithmetic term in the simplex solution `numbers`: uninterpreted terms
/// (constants and applications) and integer quotients are the simplex's variables (0 when
/// the simplex never saw them), interpreted symbols are computed.
pub(super) fn solved_value(
    store: &TermStore,
    numbers: &FxHashMap<TermId, Rational>,
    t: TermId,
) -> Rational {
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

/// The model of the final classes and numbers: an element per class of each uninterpreted
/// sort (numbered in the order of their first term, user terms first), the numbers `value`
/// gives for arithmetic terms, and a table per uninterpreted function. Applications that
/// involve arithmetic (an arithmetic argument or result) are tabled only when the assertions
/// mention them (`relevant`), since the numbers cover only those.
pub(super) fn build_model(
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
    // in one class `arrays::Instance::CommonIndex` has already refuted them, and over Int
    // and Real indices `arrays::Instance::FreshIndex`, so they reach here only joined through
    // stores over an uninterpreted index sort, which may be finite.
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
        // `@diff` gets a table like an uninterpreted function (keyed by array values); the
        // other array operations are computed from their arguments.
        let computed = store.array_op(term.fun).is_some_and(|op| op != ArrayOp::Diff);
        if store.interpretation(term.fun).is_some() || computed {
            continue;
        }
        let arithmetic = store.sort_of(t).is_arithmetic()
            || term.args.iter().any(|&a| store.sort_of(a).is_arithmetic());
        // A `@diff` term this query does not mention (the store may hold others, made for
        // other queries) has no class of its own to table; its value is computed.
        let diff = store.array_op(term.fun) == Some(ArrayOp::Diff);
        if (arithmetic || diff) && !mentioned {
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
