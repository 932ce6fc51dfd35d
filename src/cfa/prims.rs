//! The abstract primitives `Ô`: each builtin over flow sets, with the heap writes of
//! allocation and `vector-set!`, and warnings for possible run-time errors (`car` of `'()`).
//!
//! Integers are abstracted to themselves when the result is one of the program's literals and
//! to `AnyInt` otherwise, so the value domain is finite for every program. Equality tests use
//! abstract counting (paper §4): a closure whose captured bindings all have count 1, or a pair
//! whose allocation has count 1, denotes one concrete value, so equal singletons are equal.

use rustc_hash::FxHashMap;

use super::domain::{Addr, Count, Counts, Flow, Store, Time, Value, lookup};
use crate::scheme::ast::{Builtin, Const};
use crate::scheme::cps::{CpsProgram, FALSE, NIL, SiteId, TRUE, VOID};

/// The program's literals, for mapping exact results back to constants.
#[derive(Clone, Debug, Default)]
pub struct Literals {
    ints: FxHashMap<i64, Value>,
}

impl Literals {
    /// The integer literals of `p`.
    pub fn of(p: &CpsProgram) -> Literals {
        let mut ints = FxHashMap::default();
        for (i, c) in p.consts.iter().enumerate() {
            if let Const::Int(n) = c {
                ints.insert(*n, Value::Lit(crate::scheme::cps::ConstId(i as u32)));
            }
        }
        Literals { ints }
    }

    /// The abstraction of an integer.
    pub fn int(&self, n: i64) -> Value {
        self.ints.get(&n).cloned().unwrap_or(Value::AnyInt)
    }
}

/// What the primitives may read.
pub struct PrimContext<'a> {
    /// The program (constants, λs).
    pub program: &'a CpsProgram,
    /// Its literals.
    pub literals: &'a Literals,
    /// The store (for `car`, `vector-ref`).
    pub store: &'a Store,
    /// The counts, when abstract counting is on.
    pub counts: Option<&'a Counts>,
}

/// The result of one primitive application.
#[derive(Clone, Debug, Default)]
pub struct PrimOutcome {
    /// The values it may return (empty: it always fails).
    pub value: Flow,
    /// Heap writes (joined into the store).
    pub writes: Vec<(Addr, Flow)>,
    /// Objects allocated (their counts go up by one).
    pub allocs: Vec<Addr>,
    /// Possible run-time errors.
    pub warnings: Vec<String>,
}

fn boolean(b: bool) -> Value {
    Value::Lit(if b { TRUE } else { FALSE })
}

fn bools(can_true: bool, can_false: bool) -> Flow {
    let mut f = Flow::empty();
    if can_true {
        f.insert(boolean(true));
    }
    if can_false {
        f.insert(boolean(false));
    }
    f
}

/// Which equality.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Equality {
    /// `eq?`/`eqv?`: identity for pairs, vectors and strings.
    Identity,
    /// `equal?`: structural.
    Structural,
    /// `=`: numbers.
    Numeric,
}

impl<'a> PrimContext<'a> {
    fn constant(&self, v: &Value) -> Option<&'a Const> {
        match v {
            Value::Lit(c) => Some(self.program.constant(*c)),
            _ => None,
        }
    }

    fn int_of(&self, v: &Value) -> Option<Option<i64>> {
        match v {
            Value::AnyInt => Some(None),
            Value::Lit(_) => match self.constant(v) {
                Some(Const::Int(n)) => Some(Some(*n)),
                _ => None,
            },
            _ => None,
        }
    }

    fn count_is_one(&self, a: Addr) -> bool {
        self.counts.is_some_and(|c| c.get(&a) == Some(&Count::One))
    }

    /// True if the abstract value stands for exactly one concrete value (for this equality).
    pub fn precise(&self, v: &Value, eq: Equality) -> bool {
        match v {
            Value::Lit(_) => {
                !(eq == Equality::Identity && matches!(self.constant(v), Some(Const::Str(_))))
            }
            Value::Prim(_) => true,
            Value::Clo(l, env) => self
                .program
                .lam(*l)
                .free
                .iter()
                .all(|&x| lookup(env, x).is_some_and(|t| self.count_is_one(Addr::Var(x, t)))),
            Value::Pair(s, t) => self.count_is_one(Addr::Car(*s, *t)),
            Value::Vector(s, t) => self.count_is_one(Addr::Elems(*s, *t)),
            Value::AnyInt | Value::AnyStr | Value::AnySym => false,
        }
    }

    fn may_equal(&self, x: &Value, y: &Value, eq: Equality) -> bool {
        use Value::*;
        let kind = |v: &Value| match self.constant(v) {
            Some(Const::Int(_)) => 1,
            Some(Const::Str(_)) => 2,
            Some(Const::Sym(_)) => 3,
            _ => 0,
        };
        match (x, y) {
            (Lit(a), Lit(b)) => a == b,
            (AnyInt, AnyInt) | (AnyStr, AnyStr) | (AnySym, AnySym) => true,
            (AnyInt, l @ Lit(_)) | (l @ Lit(_), AnyInt) => kind(l) == 1,
            (AnyStr, l @ Lit(_)) | (l @ Lit(_), AnyStr) => kind(l) == 2,
            (AnySym, l @ Lit(_)) | (l @ Lit(_), AnySym) => kind(l) == 3,
            (Clo(a, _), Clo(b, _)) => a == b,
            (Prim(a), Prim(b)) => a == b,
            (Pair(s1, t1), Pair(s2, t2)) | (Vector(s1, t1), Vector(s2, t2)) => {
                eq == Equality::Structural || (s1, t1) == (s2, t2)
            }
            _ => false,
        }
    }

    /// Whether `a` and `b` may be equal and whether they may differ.
    pub fn equality(&self, a: &Flow, b: &Flow, eq: Equality) -> (bool, bool) {
        let can_true = a.iter().any(|x| b.iter().any(|y| self.may_equal(x, y, eq)));
        let must = match (a.only(), b.only()) {
            (Some(x), Some(y)) => x == y && self.precise(x, eq),
            _ => false,
        };
        (can_true, !must)
    }

    fn truthiness(v: &Flow) -> (bool, bool) {
        let f = boolean(false);
        (v.iter().any(|x| *x != f), v.contains(&f))
    }

    /// Applies builtin `b` allocating at `site` at `time`.
    pub fn apply(&self, b: Builtin, args: &[Flow], site: SiteId, time: Time) -> PrimOutcome {
        let mut out = PrimOutcome::default();
        if !b.arity().accepts(args.len()) {
            out.warnings.push(format!("`{}` applied to {} argument(s)", b.name(), args.len()));
            return out;
        }
        use Builtin::*;
        match b {
            Add | Sub | Mul | Quotient | Remainder | Modulo | Add1 | Sub1 | Abs | Min | Max => {
                self.arith(b, args, &mut out)
            }
            NumEq | Lt | Gt | Le | Ge => self.compare(b, args, &mut out),
            ZeroP | PositiveP | NegativeP | EvenP | OddP => {
                let mut ok = false;
                let (mut t, mut f) = (false, false);
                for v in args[0].iter() {
                    match self.int_of(v) {
                        Some(Some(n)) => {
                            ok = true;
                            if int_predicate(b, n) { t = true } else { f = true }
                        }
                        Some(None) => (ok, t, f) = (true, true, true),
                        None => {}
                    }
                }
                if args[0].iter().any(|v| self.int_of(v).is_none()) {
                    out.warnings.push(format!("`{}` may be applied to a non-number", b.name()));
                }
                if ok {
                    out.value = bools(t, f);
                }
            }
            Not => {
                let (truthy, falsy) = Self::truthiness(&args[0]);
                out.value = bools(falsy, truthy);
            }
            EqP | EqvP | EqualP | StringEqP => {
                let eq = if b == EqualP || b == StringEqP {
                    Equality::Structural
                } else {
                    Equality::Identity
                };
                let (t, f) = self.equality(&args[0], &args[1], eq);
                out.value = bools(t, f);
            }
            NullP | PairP | NumberP | IntegerP | BooleanP | SymbolP | StringP | ProcedureP
            | VectorP => {
                let (mut t, mut f) = (false, false);
                for v in args[0].iter() {
                    let c = self.constant(v);
                    let r = match b {
                        NullP => c == Some(&Const::Nil),
                        PairP => matches!(v, Value::Pair(..)),
                        NumberP | IntegerP => {
                            matches!(v, Value::AnyInt) || matches!(c, Some(Const::Int(_)))
                        }
                        BooleanP => matches!(c, Some(Const::Bool(_))),
                        SymbolP => matches!(v, Value::AnySym) || matches!(c, Some(Const::Sym(_))),
                        StringP => matches!(v, Value::AnyStr) || matches!(c, Some(Const::Str(_))),
                        ProcedureP => v.is_procedure(),
                        _ => matches!(v, Value::Vector(..)),
                    };
                    if r { t = true } else { f = true }
                }
                out.value = bools(t, f);
            }
            Cons => {
                out.value = Flow::single(Value::Pair(site, time));
                out.writes.push((Addr::Car(site, time), args[0].clone()));
                out.writes.push((Addr::Cdr(site, time), args[1].clone()));
                out.allocs.push(Addr::Car(site, time));
                out.allocs.push(Addr::Cdr(site, time));
            }
            List => {
                // Only reached when `list` is used as a value: every cell at one site.
                if args.is_empty() {
                    out.value = Flow::single(Value::Lit(NIL));
                    return out;
                }
                let mut elems = Flow::empty();
                for a in args {
                    elems.join(a);
                }
                let mut tail = Flow::single(Value::Pair(site, time));
                tail.insert(Value::Lit(NIL));
                out.value = Flow::single(Value::Pair(site, time));
                out.writes.push((Addr::Car(site, time), elems));
                out.writes.push((Addr::Cdr(site, time), tail));
                out.allocs.push(Addr::Car(site, time));
                out.allocs.push(Addr::Cdr(site, time));
            }
            Car | Cdr | Cadr | Cddr | Caar | Cdar | Caddr => {
                let path = b.cxr_path().unwrap_or(&[]);
                let mut cur = args[0].clone();
                for &car in path {
                    let mut next = Flow::empty();
                    let mut bad = false;
                    for v in cur.iter() {
                        match v {
                            Value::Pair(s, t) => {
                                let a = if car { Addr::Car(*s, *t) } else { Addr::Cdr(*s, *t) };
                                if let Some(f) = self.store.get(&a) {
                                    next.join(f);
                                }
                            }
                            _ => bad = true,
                        }
                    }
                    if bad {
                        let what =
                            if cur.contains(&Value::Lit(NIL)) { "'()" } else { "a non-pair" };
                        out.warnings.push(format!("`{}` may be applied to {what}", b.name()));
                    }
                    cur = next;
                }
                out.value = cur;
            }
            StringAppend | SymbolToString | NumberToString => {
                out.value = Flow::single(Value::AnyStr)
            }
            StringLength | VectorLength => out.value = Flow::single(Value::AnyInt),
            StringToSymbol => out.value = Flow::single(Value::AnySym),
            Display | Write | Newline | Void => out.value = Flow::single(Value::Lit(VOID)),
            Vector | MakeVector => {
                let mut elems = Flow::empty();
                if b == Vector {
                    for a in args {
                        elems.join(a);
                    }
                } else {
                    match args.get(1) {
                        Some(fill) => {
                            elems.join(fill);
                        }
                        None => elems.insert(Value::Lit(VOID)),
                    }
                }
                out.value = Flow::single(Value::Vector(site, time));
                out.writes.push((Addr::Elems(site, time), elems));
                out.allocs.push(Addr::Elems(site, time));
            }
            VectorRef | VectorSet => {
                let mut elems = Flow::empty();
                for v in args[0].iter() {
                    match v {
                        Value::Vector(s, t) => {
                            if b == VectorSet {
                                out.writes.push((Addr::Elems(*s, *t), args[2].clone()));
                            } else if let Some(f) = self.store.get(&Addr::Elems(*s, *t)) {
                                elems.join(f);
                            }
                        }
                        _ => out
                            .warnings
                            .push(format!("`{}` may be applied to a non-vector", b.name())),
                    }
                }
                out.value = if b == VectorSet { Flow::single(Value::Lit(VOID)) } else { elems };
            }
            // `error` never returns; it is applied as a procedure, never here.
            Error => {}
        }
        out.warnings.dedup();
        out
    }

    fn arith(&self, b: Builtin, args: &[Flow], out: &mut PrimOutcome) {
        // The integer possibilities of each argument: exact values, or None for "any".
        let mut choices: Vec<Vec<Option<i64>>> = Vec::with_capacity(args.len());
        for a in args {
            let mut c: Vec<Option<i64>> = a.iter().filter_map(|v| self.int_of(v)).collect();
            if a.iter().any(|v| self.int_of(v).is_none()) {
                out.warnings.push(format!("`{}` may be applied to a non-number", b.name()));
            }
            c.sort();
            c.dedup();
            if c.is_empty() {
                return;
            }
            if c.contains(&None) || c.len() > 8 {
                c = vec![None];
            }
            choices.push(c);
        }
        let mut results = Flow::empty();
        let mut total = 1usize;
        for c in &choices {
            total = total.saturating_mul(c.len());
        }
        if total > 64 {
            out.value = Flow::single(Value::AnyInt);
            return;
        }
        let mut idx = vec![0usize; choices.len()];
        loop {
            let vals: Vec<Option<i64>> = idx.iter().zip(&choices).map(|(&i, c)| c[i]).collect();
            match exact(b, &vals) {
                Exact::Value(n) => results.insert(self.literals.int(n)),
                Exact::Unknown => results.insert(Value::AnyInt),
                Exact::Fails => out.warnings.push(format!("`{}` may divide by zero", b.name())),
            }
            // Next combination.
            let mut k = 0;
            while k < idx.len() {
                idx[k] += 1;
                if idx[k] < choices[k].len() {
                    break;
                }
                idx[k] = 0;
                k += 1;
            }
            if k == idx.len() {
                break;
            }
        }
        out.value = results;
    }

    fn compare(&self, b: Builtin, args: &[Flow], out: &mut PrimOutcome) {
        if args.iter().any(|a| a.iter().any(|v| self.int_of(v).is_none())) {
            out.warnings.push(format!("`{}` may be applied to a non-number", b.name()));
        }
        if b == Builtin::NumEq && args.len() == 2 {
            let ints = |f: &Flow| {
                Flow::from_values(f.iter().filter(|v| self.int_of(v).is_some()).cloned().collect())
            };
            let (x, y) = (ints(&args[0]), ints(&args[1]));
            if x.is_empty() || y.is_empty() {
                return;
            }
            let (t, f) = self.equality(&x, &y, Equality::Numeric);
            out.value = bools(t, f);
            return;
        }
        let exact: Option<Vec<i64>> = args
            .iter()
            .map(|a| match a.only().and_then(|v| self.int_of(v)) {
                Some(Some(n)) => Some(n),
                _ => None,
            })
            .collect();
        out.value = match exact {
            Some(ns) => Flow::single(boolean(compare_chain(b, &ns))),
            None => bools(true, true),
        };
    }
}

/// `zero?`, `positive?`, `negative?`, `even?`, `odd?` on an integer.
pub(super) fn int_predicate(b: Builtin, n: i64) -> bool {
    match b {
        Builtin::ZeroP => n == 0,
        Builtin::PositiveP => n > 0,
        Builtin::NegativeP => n < 0,
        Builtin::EvenP => n % 2 == 0,
        _ => n % 2 != 0,
    }
}

/// `=`, `<`, `>`, `<=`, `>=` on a chain of integers.
pub(super) fn compare_chain(b: Builtin, ns: &[i64]) -> bool {
    ns.windows(2).all(|w| match b {
        Builtin::NumEq => w[0] == w[1],
        Builtin::Lt => w[0] < w[1],
        Builtin::Gt => w[0] > w[1],
        Builtin::Le => w[0] <= w[1],
        _ => w[0] >= w[1],
    })
}

/// The result of exact integer arithmetic.
pub(super) enum Exact {
    /// This integer.
    Value(i64),
    /// Any integer (an argument is unknown, or the result overflows 64 bits).
    Unknown,
    /// Division by zero.
    Fails,
}

/// Integer arithmetic on exact values (None = any integer); overflow gives "any".
pub(super) fn exact(b: Builtin, vals: &[Option<i64>]) -> Exact {
    use Builtin::*;
    let divisor_zero = matches!(b, Quotient | Remainder | Modulo) && vals[1] == Some(0);
    if divisor_zero {
        return Exact::Fails;
    }
    let Some(ns) = vals.iter().copied().collect::<Option<Vec<i64>>>() else {
        return Exact::Unknown;
    };
    let r = match b {
        Add => ns.iter().try_fold(0i64, |a, &x| a.checked_add(x)),
        Mul => ns.iter().try_fold(1i64, |a, &x| a.checked_mul(x)),
        Sub if ns.len() == 1 => ns[0].checked_neg(),
        Sub => ns[1..].iter().try_fold(ns[0], |a, &x| a.checked_sub(x)),
        Quotient => ns[0].checked_div(ns[1]),
        Remainder => ns[0].checked_rem(ns[1]),
        Modulo => {
            ns[0].checked_rem_euclid(ns[1]).map(|r| if ns[1] < 0 && r != 0 { r + ns[1] } else { r })
        }
        Add1 => ns[0].checked_add(1),
        Sub1 => ns[0].checked_sub(1),
        Abs => ns[0].checked_abs(),
        Min => ns.iter().copied().min(),
        Max => ns.iter().copied().max(),
        _ => None,
    };
    r.map_or(Exact::Unknown, Exact::Value)
}
