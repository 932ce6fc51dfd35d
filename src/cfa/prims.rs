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
    /// Strong heap writes (replacing the store's value): `set-car!` and `set-cdr!` on the one
    /// pair whose count is 1.
    pub overwrites: Vec<(Addr, Flow)>,
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

    /// A number's integer value: `Some(Some(n))` for the literal n, `Some(None)` for any
    /// number (arithmetic on `AnyNum` also yields `AnyNum`, see [`PrimContext::arith`]), `None`
    /// for a value that is not a number.
    fn int_of(&self, v: &Value) -> Option<Option<i64>> {
        match v {
            Value::AnyInt | Value::AnyNum => Some(None),
            Value::Lit(_) if matches!(self.constant(v), Some(Const::Real(_))) => Some(None),
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
            Value::Lit(_) => match self.constant(v) {
                // A literal such as `1.5` stands for any number.
                Some(Const::Real(_)) => false,
                Some(Const::Str(_)) => eq != Equality::Identity,
                _ => true,
            },
            Value::Prim(_) => true,
            Value::Clo(l, env) => self
                .program
                .lam(*l)
                .free
                .iter()
                .all(|&x| lookup(env, x).is_some_and(|t| self.count_is_one(Addr::Var(x, t)))),
            Value::Pair(s, t) => self.count_is_one(Addr::Car(*s, *t)),
            Value::Vector(s, t) => self.count_is_one(Addr::Elems(*s, *t)),
            Value::Record(s, t, _) => self.count_is_one(Addr::Field(*s, *t, 0)),
            Value::AnyInt | Value::AnyStr | Value::AnySym | Value::AnyChar | Value::AnyNum => false,
        }
    }

    fn may_equal(&self, x: &Value, y: &Value, eq: Equality) -> bool {
        use Value::*;
        let kind = |v: &Value| match self.constant(v) {
            Some(Const::Int(_)) => 1,
            Some(Const::Str(_)) => 2,
            Some(Const::Sym(_)) => 3,
            Some(Const::Char(_)) => 4,
            Some(Const::Real(_)) => 5,
            _ => 0,
        };
        let number = |v: &Value| matches!(v, AnyInt | AnyNum) || matches!(kind(v), 1 | 5);
        match (x, y) {
            // A number literal that is not an integer is any number: `1.5` and `3/2` are equal.
            _ if kind(x) == 5 || kind(y) == 5 || matches!((x, y), (AnyNum, _) | (_, AnyNum)) => {
                number(x) && number(y)
            }
            (Lit(a), Lit(b)) => a == b,
            (AnyChar, AnyChar) => true,
            (AnyChar, l @ Lit(_)) | (l @ Lit(_), AnyChar) => kind(l) == 4,
            (AnyInt, AnyInt) | (AnyStr, AnyStr) | (AnySym, AnySym) => true,
            (AnyInt, l @ Lit(_)) | (l @ Lit(_), AnyInt) => kind(l) == 1,
            (AnyStr, l @ Lit(_)) | (l @ Lit(_), AnyStr) => kind(l) == 2,
            (AnySym, l @ Lit(_)) | (l @ Lit(_), AnySym) => kind(l) == 3,
            (Clo(a, _), Clo(b, _)) => a == b,
            (Prim(a), Prim(b)) => a == b,
            (Pair(s1, t1), Pair(s2, t2)) | (Vector(s1, t1), Vector(s2, t2)) => {
                eq == Equality::Structural || (s1, t1) == (s2, t2)
            }
            // R7RS leaves `equal?` on records to `eqv?`: identity for both.
            (Record(s1, t1, _), Record(s2, t2, _)) => (s1, t1) == (s2, t2),
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

    /// Whether the records allocated at `site` at `time` may be of the type tagged `tag` and
    /// whether they may be of another.
    fn record_tag(&self, site: SiteId, time: Time, tag: &Flow) -> (bool, bool) {
        match self.store.get(&Addr::Field(site, time, 0)) {
            Some(tags) => self.equality(tags, tag, Equality::Identity),
            // Garbage-collected or never written: no concrete record to be of any type.
            None => (false, false),
        }
    }

    /// The name of a record type, for warnings: its tag is `#<record-type NAME N>`.
    fn record_type_name(&self, tag: &Flow) -> String {
        match tag.only().and_then(|v| self.constant(v)) {
            Some(Const::Sym(s)) => {
                let inner = s.trim_start_matches("#<record-type:").trim_end_matches('>');
                let name = inner.rsplit_once(':').map_or(inner, |(name, _)| name);
                format!("`{name}`")
            }
            _ => "a".to_string(),
        }
    }

    /// `(%record-ref r tag index)` and `(%record-set! r tag index value)`: the accessors and
    /// modifiers of `define-record-type`. A value that is not a record of type `tag` is a
    /// run-time error (a warning, and no value from it), as `car` of a non-pair is.
    fn record_field(&self, b: Builtin, args: &[Flow], out: &mut PrimOutcome) {
        let type_name = self.record_type_name(&args[1]);
        let what = if b == Builtin::RecordRef { "accessor" } else { "modifier" };
        // The field index is a literal the expander wrote; any other index (the primitive
        // named in a program) may be any field.
        let index = match args[2].only().and_then(|v| self.int_of(v)) {
            Some(Some(n)) => u32::try_from(n).ok(),
            _ => None,
        };
        let mut value = Flow::empty();
        for v in args[0].iter() {
            let Value::Record(s, t, fields) = v else {
                out.warnings.push(format!(
                    "{type_name} record {what} may be applied to a value that is not a record"
                ));
                continue;
            };
            let (same, other) = self.record_tag(*s, *t, &args[1]);
            if other {
                out.warnings.push(format!(
                    "{type_name} record {what} may be applied to a record of another type"
                ));
            }
            if !same {
                continue;
            }
            let addrs: Vec<Addr> = match index {
                Some(i) if i < *fields => vec![Addr::Field(*s, *t, i + 1)],
                Some(_) => {
                    out.warnings.push(format!("{type_name} record {what}: no such field"));
                    Vec::new()
                }
                None => (1..=*fields).map(|i| Addr::Field(*s, *t, i)).collect(),
            };
            for a in addrs {
                if b == Builtin::RecordSet {
                    out.writes.push((a, args[3].clone()));
                } else if let Some(f) = self.store.get(&a) {
                    value.join(f);
                }
            }
        }
        out.value = if b == Builtin::RecordSet { Flow::single(Value::Lit(VOID)) } else { value };
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
                        NumberP => self.int_of(v).is_some(),
                        IntegerP
                            if self.int_of(v).is_some()
                                && !matches!(v, Value::AnyInt)
                                && !matches!(c, Some(Const::Int(_))) =>
                        {
                            // Any number may be an integer or not.
                            t = true;
                            f = true;
                            continue;
                        }
                        IntegerP => matches!(v, Value::AnyInt) || matches!(c, Some(Const::Int(_))),
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
            MakeRecord => {
                // Field 0 is the type's tag; the fields follow in declaration order.
                let fields = args.len() as u32 - 1;
                out.value = Flow::single(Value::Record(site, time, fields));
                for (i, a) in args.iter().enumerate() {
                    out.writes.push((Addr::Field(site, time, i as u32), a.clone()));
                }
                // Counted once, by its tag: `precise` asks the tag's count.
                out.allocs.push(Addr::Field(site, time, 0));
            }
            RecordP => {
                let (mut t, mut f) = (false, false);
                for v in args[0].iter() {
                    match v {
                        Value::Record(s, tm, _) => {
                            let (same, other) = self.record_tag(*s, *tm, &args[1]);
                            t |= same;
                            f |= other;
                        }
                        _ => f = true,
                    }
                }
                out.value = bools(t, f);
            }
            RecordRef | RecordSet => self.record_field(b, args, &mut out),
            // `error` never returns and `apply` calls a procedure: both are applied by the
            // machine, never here.
            Error | Apply => {}
            SetCar | SetCdr => {
                if let Some(Value::Pair(s, t)) = args[0].only()
                    && self.count_is_one(Addr::Car(*s, *t))
                {
                    // One concrete pair: its field is replaced, as `set!` does with a binding.
                    let a = if b == SetCar { Addr::Car(*s, *t) } else { Addr::Cdr(*s, *t) };
                    out.overwrites.push((a, args[1].clone()));
                    out.value = Flow::single(Value::Lit(VOID));
                    return out;
                }
                for v in args[0].iter() {
                    match v {
                        Value::Pair(s, t) => {
                            let a = if b == SetCar { Addr::Car(*s, *t) } else { Addr::Cdr(*s, *t) };
                            out.writes.push((a, args[1].clone()));
                        }
                        _ => out
                            .warnings
                            .push(format!("`{}` may be applied to a non-pair", b.name())),
                    }
                }
                out.value = Flow::single(Value::Lit(VOID));
            }
            ListP => {
                let (mut t, mut f) = (false, false);
                for v in args[0].iter() {
                    match v {
                        Value::Lit(NIL) => t = true,
                        Value::Pair(..) => (t, f) = (true, true),
                        _ => f = true,
                    }
                }
                out.value = bools(t, f);
            }
            Div | Expt | Sqrt => self.inexact_arith(b, args, &mut out),
            Gcd | Lcm => self.arith(b, args, &mut out),
            Floor | Ceiling | Round | Truncate | InexactToExact | ExactToInexact => {
                for v in args[0].iter() {
                    match self.int_of(v) {
                        None => out
                            .warnings
                            .push(format!("`{}` may be applied to a non-number", b.name())),
                        // An integer is its own floor; `exact->inexact` makes it inexact.
                        Some(Some(_)) | Some(None) if b == ExactToInexact => {
                            out.value.insert(Value::AnyNum)
                        }
                        Some(Some(_)) => out.value.insert(v.clone()),
                        Some(None) if matches!(v, Value::AnyInt) => out.value.insert(Value::AnyInt),
                        Some(None) => {
                            out.value.insert(Value::AnyInt);
                            out.value.insert(Value::AnyNum);
                        }
                    }
                }
            }
            ExactP | InexactP | RationalP | RealP => {
                let (mut t, mut f) = (false, false);
                for v in args[0].iter() {
                    match (self.int_of(v), v) {
                        (None, _) => f = true,
                        (Some(_), Value::AnyInt) | (Some(Some(_)), _) => {
                            if b == InexactP {
                                f = true
                            } else {
                                t = true
                            }
                        }
                        (Some(None), _) if matches!(b, RationalP | RealP) => t = true,
                        (Some(None), _) => (t, f) = (true, true),
                    }
                }
                out.value = bools(t, f);
            }
            StringToNumber => {
                out.value = Flow::from_values(vec![Value::AnyInt, Value::AnyNum, boolean(false)])
            }
            CharP => {
                let (mut t, mut f) = (false, false);
                for v in args[0].iter() {
                    if matches!(v, Value::AnyChar)
                        || matches!(self.constant(v), Some(Const::Char(_)))
                    {
                        t = true
                    } else {
                        f = true
                    }
                }
                out.value = bools(t, f);
            }
            CharEqP | CharLt | CharGt | CharLe | CharGe => {
                let exact: Option<Vec<i64>> = args
                    .iter()
                    .map(|a| match a.only().map(|v| self.char_of(v)) {
                        Some(Some(Some(c))) => Some(c as i64),
                        _ => None,
                    })
                    .collect();
                self.warn_unless(
                    b,
                    args,
                    |v| self.char_of(v).is_some(),
                    "a non-character",
                    &mut out,
                );
                let as_int = b.as_code_point_comparison().unwrap_or(Ge);
                out.value = match exact {
                    Some(ns) => Flow::single(boolean(compare_chain(as_int, &ns))),
                    None => bools(true, true),
                };
            }
            CharToInteger | CharUpcase | CharDowncase | CharAlphabeticP | CharNumericP
            | CharWhitespaceP | CharUpperCaseP | CharLowerCaseP => {
                for v in args[0].iter() {
                    match self.char_of(v) {
                        None => out
                            .warnings
                            .push(format!("`{}` may be applied to a non-character", b.name())),
                        Some(Some(c)) => out.value.insert(self.char_function(b, c)),
                        Some(None) => match b {
                            CharToInteger => out.value.insert(Value::AnyInt),
                            CharUpcase | CharDowncase => out.value.insert(Value::AnyChar),
                            _ => {
                                out.value.join(&bools(true, true));
                            }
                        },
                    }
                }
            }
            IntegerToChar => {
                for v in args[0].iter() {
                    match self.int_of(v) {
                        None => out
                            .warnings
                            .push(format!("`{}` may be applied to a non-number", b.name())),
                        Some(n) => out.value.insert(
                            n.and_then(|n| char::from_u32(u32::try_from(n).ok()?))
                                .map_or(Value::AnyChar, |c| self.char_value(c)),
                        ),
                    }
                }
            }
            MakeString | StringOf | Substring | StringCopy | ListToString => {
                out.value = Flow::single(Value::AnyStr)
            }
            StringRef => out.value = Flow::single(Value::AnyChar),
            StringSet => out.value = Flow::single(Value::Lit(VOID)),
            StringLt | StringGt | StringLe | StringGe | StringCiEqP => {
                self.warn_unless(b, args, |v| self.is_string(v), "a non-string", &mut out);
                out.value = bools(true, true);
            }
            StringToList => {
                // One cell per call site: the characters, then more cells or the end.
                let mut tail = Flow::single(Value::Pair(site, time));
                tail.insert(Value::Lit(NIL));
                out.value = Flow::from_values(vec![Value::Pair(site, time), Value::Lit(NIL)]);
                out.writes.push((Addr::Car(site, time), Flow::single(Value::AnyChar)));
                out.writes.push((Addr::Cdr(site, time), tail));
                out.allocs.push(Addr::Car(site, time));
                out.allocs.push(Addr::Cdr(site, time));
            }
        }
        out.warnings.dedup();
        out
    }

    /// A character's value: `Some(Some(c))` for the literal c, `Some(None)` for any character,
    /// `None` for a value that is not a character.
    fn char_of(&self, v: &Value) -> Option<Option<char>> {
        match (v, self.constant(v)) {
            (Value::AnyChar, _) => Some(None),
            (_, Some(Const::Char(c))) => Some(Some(*c)),
            _ => None,
        }
    }

    /// The abstraction of a character: itself when it is a literal of the program.
    fn char_value(&self, c: char) -> Value {
        self.program.const_id(&Const::Char(c)).map_or(Value::AnyChar, Value::Lit)
    }

    fn is_string(&self, v: &Value) -> bool {
        matches!(v, Value::AnyStr) || matches!(self.constant(v), Some(Const::Str(_)))
    }

    /// The character primitives on a known character.
    fn char_function(&self, b: Builtin, c: char) -> Value {
        match b {
            Builtin::CharToInteger => self.literals.int(c as i64),
            Builtin::CharUpcase => self.char_value(c.to_ascii_uppercase()),
            Builtin::CharDowncase => self.char_value(c.to_ascii_lowercase()),
            _ => boolean(char_predicate(b, c)),
        }
    }

    /// Warns when some argument may fail `ok`.
    fn warn_unless(
        &self,
        b: Builtin,
        args: &[Flow],
        ok: impl Fn(&Value) -> bool,
        what: &str,
        out: &mut PrimOutcome,
    ) {
        if args.iter().any(|a| a.iter().any(|v| !ok(v))) {
            out.warnings.push(format!("`{}` may be applied to {what}", b.name()));
        }
    }

    /// `/`, `expt` and `sqrt`: an integer when the exact result is one, else any number.
    fn inexact_arith(&self, b: Builtin, args: &[Flow], out: &mut PrimOutcome) {
        let mut exact_args: Vec<i64> = Vec::new();
        for a in args {
            if a.iter().any(|v| self.int_of(v).is_none()) {
                out.warnings.push(format!("`{}` may be applied to a non-number", b.name()));
            }
            if !a.iter().any(|v| self.int_of(v).is_some()) {
                return;
            }
            if let Some(Some(n)) = a.only().and_then(|v| self.int_of(v)) {
                exact_args.push(n);
            }
        }
        if exact_args.len() < args.len() {
            let zero = |a: &Flow| a.iter().any(|v| self.int_of(v) == Some(Some(0)));
            if b == Builtin::Div && (args.len() == 1 || args[1..].iter().any(zero)) {
                out.warnings.push("`/` may divide by zero".to_string());
            }
            out.value = Flow::from_values(vec![Value::AnyInt, Value::AnyNum]);
            return;
        }
        match inexact(b, &exact_args) {
            Inexact::Int(n) => out.value.insert(self.literals.int(n)),
            Inexact::Big => out.value.insert(Value::AnyInt),
            Inexact::Other => out.value.insert(Value::AnyNum),
            Inexact::Fails => out.warnings.push(format!("`{}` may divide by zero", b.name())),
        }
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
        if args.iter().any(|a| {
            a.iter().any(|v| {
                matches!(v, Value::AnyNum) || matches!(self.constant(v), Some(Const::Real(_)))
            })
        }) {
            // A number that may not be an integer makes any number.
            results.insert(Value::AnyNum);
        }
        let mut total = 1usize;
        for c in &choices {
            total = total.saturating_mul(c.len());
        }
        if total > 64 {
            results.insert(Value::AnyInt);
            out.value = results;
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

/// The character predicates on a character.
pub(super) fn char_predicate(b: Builtin, c: char) -> bool {
    match b {
        Builtin::CharAlphabeticP => c.is_alphabetic(),
        Builtin::CharNumericP => c.is_numeric(),
        Builtin::CharWhitespaceP => c.is_whitespace(),
        Builtin::CharUpperCaseP => c.is_uppercase(),
        _ => c.is_lowercase(),
    }
}

/// The exact result of `/`, `expt` or `sqrt` on integers.
pub(super) enum Inexact {
    /// This integer.
    Int(i64),
    /// An integer beyond 64 bits.
    Big,
    /// A number that is not an integer.
    Other,
    /// Division by zero.
    Fails,
}

fn divide(a: i64, d: i64) -> Inexact {
    match (d, a.checked_rem(d)) {
        (0, _) => Inexact::Fails,
        (_, Some(0)) => a.checked_div(d).map_or(Inexact::Big, Inexact::Int),
        (_, Some(_)) => Inexact::Other,
        (_, None) => Inexact::Big,
    }
}

/// `/`, `expt` and `sqrt` on integers.
pub(super) fn inexact(b: Builtin, ns: &[i64]) -> Inexact {
    match (b, ns) {
        (Builtin::Div, [x]) => divide(1, *x),
        (Builtin::Div, [x, rest @ ..]) => {
            let mut acc = *x;
            for &d in rest {
                match divide(acc, d) {
                    Inexact::Int(n) => acc = n,
                    other => return other,
                }
            }
            Inexact::Int(acc)
        }
        (Builtin::Expt, [x, e]) if *e < 0 => match x {
            0 => Inexact::Fails,
            1 => Inexact::Int(1),
            -1 => Inexact::Int(if e % 2 == 0 { 1 } else { -1 }),
            _ => Inexact::Other,
        },
        (Builtin::Expt, [x, e]) => {
            u32::try_from(*e).ok().and_then(|e| x.checked_pow(e)).map_or(Inexact::Big, Inexact::Int)
        }
        (Builtin::Sqrt, [x]) if *x >= 0 => {
            let r = (*x as f64).sqrt().round() as i64;
            match r.checked_mul(r) {
                Some(sq) if sq == *x => Inexact::Int(r),
                _ => Inexact::Other,
            }
        }
        _ => Inexact::Other,
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

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(i64::MAX)
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
        Gcd => Some(ns.iter().fold(0i64, |a, &x| gcd(a, x))),
        Lcm => ns.iter().try_fold(1i64, |a, &x| {
            let g = gcd(a, x);
            if g == 0 { Some(0) } else { (a / g).checked_mul(x).map(i64::abs) }
        }),
        Max => ns.iter().copied().max(),
        _ => None,
    };
    r.map_or(Exact::Unknown, Exact::Value)
}
