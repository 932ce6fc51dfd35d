//! The concrete CPS machine: runs a program for a bounded number of steps and records its
//! events. It serves two checks: a protocol violation found on the abstract graph is confirmed
//! when the concrete run breaks the protocol too (the program takes no input, so its run is
//! unique), and tests check that every concrete event sequence is a path of the abstract graph
//! (the analysis is sound on that run).
//!
//! Integers are 64-bit; an overflow stops the run (it is outside what the machine models, not a
//! program error). Procedures compare equal when they are the same λ over the same bindings.

use std::rc::Rc;

use super::explore::{Graph, StateId};
use super::prims::{Exact, Inexact, char_predicate, compare_chain, exact, inexact, int_predicate};
use super::protocol::{self, Protocol};
use crate::scheme::ast::{Builtin, Const, Prim, VarId};
use crate::scheme::cps::{Atom, CallId, CallKind, CpsProgram, Exp, LamId};

/// A concrete value.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Val {
    Int(i64),
    Bool(bool),
    Str(Rc<str>),
    Sym(Rc<str>),
    Char(char),
    /// A number that is not a 64-bit integer: the run stops where one is computed with.
    Real,
    Nil,
    Void,
    Clo(LamId, Rc<Vec<(VarId, usize)>>),
    Prim(Prim),
    Pair(usize),
    Vector(usize),
    /// A record of `define-record-type`: its type's tag first, then its fields.
    Record(usize),
}

/// How a concrete run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The program halted.
    Halted,
    /// A run-time error (message).
    Error(String),
    /// The step bound was reached (the program may run forever).
    StepLimit,
}

/// A bounded concrete run.
#[derive(Clone, Debug)]
pub struct Run {
    /// The events, in order.
    pub events: Vec<String>,
    /// How it ended.
    pub outcome: Outcome,
    /// Steps taken.
    pub steps: usize,
}

enum Control {
    Eval(CallId, Rc<Vec<(VarId, usize)>>),
    Apply(Val, Vec<Val>),
}

struct Machine<'p> {
    p: &'p CpsProgram,
    cells: Vec<Val>,
    pairs: Vec<(Val, Val)>,
    vectors: Vec<Vec<Val>>,
    records: Vec<Vec<Val>>,
}

type Fail = String;

fn truthy(v: &Val) -> bool {
    *v != Val::Bool(false)
}

impl Machine<'_> {
    fn constant(&self, c: &Const) -> Val {
        match c {
            Const::Bool(b) => Val::Bool(*b),
            Const::Int(n) => Val::Int(*n),
            Const::Str(s) => Val::Str(s.as_str().into()),
            Const::Sym(s) => Val::Sym(s.as_str().into()),
            Const::Char(c) => Val::Char(*c),
            Const::Real(_) => Val::Real,
            Const::Nil => Val::Nil,
            Const::Void => Val::Void,
        }
    }

    fn char(v: &Val, name: &str) -> Result<char, Fail> {
        match v {
            Val::Char(c) => Ok(*c),
            _ => Err(format!("`{name}` of a non-character")),
        }
    }

    fn string(v: &Val, name: &str) -> Result<Rc<str>, Fail> {
        match v {
            Val::Str(s) => Ok(s.clone()),
            _ => Err(format!("`{name}` of a non-string")),
        }
    }

    /// The elements of a proper list (None if it is not one).
    fn list_elements(&self, v: &Val) -> Option<Vec<Val>> {
        let mut out = Vec::new();
        let mut cur = v.clone();
        while let Val::Pair(i) = cur {
            if out.len() > self.pairs.len() {
                return None;
            }
            out.push(self.pairs[i].0.clone());
            cur = self.pairs[i].1.clone();
        }
        (cur == Val::Nil).then_some(out)
    }

    fn make_list(&mut self, items: Vec<Val>) -> Val {
        let mut acc = Val::Nil;
        for v in items.into_iter().rev() {
            self.pairs.push((v, acc));
            acc = Val::Pair(self.pairs.len() - 1);
        }
        acc
    }

    fn lookup(&self, env: &[(VarId, usize)], v: VarId) -> Result<Val, Fail> {
        env.iter()
            .rev()
            .find(|(w, _)| *w == v)
            .map(|(_, c)| self.cells[*c].clone())
            .ok_or_else(|| format!("unbound {}", self.p.var(v).name))
    }

    fn closure(&self, l: LamId, env: &[(VarId, usize)]) -> Val {
        let free = &self.p.lam(l).free;
        let e: Vec<(VarId, usize)> =
            env.iter().filter(|(v, _)| free.contains(v)).copied().collect();
        Val::Clo(l, Rc::new(e))
    }

    fn atom(&self, a: &Atom, env: &[(VarId, usize)]) -> Result<Val, Fail> {
        Ok(match a {
            Atom::Var(v) => self.lookup(env, *v)?,
            Atom::Const(c) => self.constant(self.p.constant(*c)),
            Atom::Lam(l) => self.closure(*l, env),
            Atom::Prim(p) => Val::Prim(*p),
        })
    }

    fn exp(&mut self, e: &Exp, env: &[(VarId, usize)]) -> Result<Val, Fail> {
        match e {
            Exp::Atom(a) => self.atom(a, env),
            Exp::Prim { prim, args, .. } => {
                let vs = args.iter().map(|a| self.exp(a, env)).collect::<Result<Vec<_>, _>>()?;
                self.prim(*prim, &vs)
            }
        }
    }

    fn bind(&mut self, v: Val) -> usize {
        self.cells.push(v);
        self.cells.len() - 1
    }

    fn equal(&self, a: &Val, b: &Val, structural: bool) -> bool {
        match (a, b) {
            (Val::Pair(x), Val::Pair(y)) if structural && x != y => {
                let (p, q) = (&self.pairs[*x], &self.pairs[*y]);
                self.equal(&p.0, &q.0, true) && self.equal(&p.1, &q.1, true)
            }
            // R5RS 6.1: `equal?` compares vectors element by element, as it does pairs.
            (Val::Vector(x), Val::Vector(y)) if structural && x != y => {
                let (p, q) = (&self.vectors[*x], &self.vectors[*y]);
                p.len() == q.len() && p.iter().zip(q).all(|(a, b)| self.equal(a, b, true))
            }
            (Val::Str(x), Val::Str(y)) => structural && x == y,
            _ => a == b,
        }
    }

    fn int(v: &Val, name: &str) -> Result<i64, Fail> {
        match v {
            Val::Int(n) => Ok(*n),
            Val::Real => Err(format!("`{name}` of a number that is not an integer (not run)")),
            _ => Err(format!("`{name}` of a non-number")),
        }
    }

    fn prim(&mut self, b: Builtin, a: &[Val]) -> Result<Val, Fail> {
        use Builtin::*;
        let name = b.name();
        let ints = || a.iter().map(|v| Self::int(v, name)).collect::<Result<Vec<i64>, Fail>>();
        let overflow = || format!("integer overflow in `{name}`");
        if !b.arity().accepts(a.len()) {
            return Err(format!("`{name}` applied to {} argument(s)", a.len()));
        }
        Ok(match b {
            Add | Sub | Mul | Quotient | Remainder | Modulo | Add1 | Sub1 | Abs | Min | Max => {
                let ns: Vec<Option<i64>> = ints()?.into_iter().map(Some).collect();
                match exact(b, &ns) {
                    Exact::Value(n) => Val::Int(n),
                    Exact::Unknown => return Err(overflow()),
                    Exact::Fails => return Err(format!("`{name}` by zero")),
                }
            }
            NumEq | Lt | Gt | Le | Ge => Val::Bool(compare_chain(b, &ints()?)),
            ZeroP | PositiveP | NegativeP | EvenP | OddP => Val::Bool(int_predicate(b, ints()?[0])),
            Not => Val::Bool(!truthy(&a[0])),
            EqP | EqvP => Val::Bool(self.equal(&a[0], &a[1], false)),
            EqualP | StringEqP => Val::Bool(self.equal(&a[0], &a[1], true)),
            NullP => Val::Bool(a[0] == Val::Nil),
            PairP => Val::Bool(matches!(a[0], Val::Pair(_))),
            NumberP => Val::Bool(matches!(a[0], Val::Int(_) | Val::Real)),
            IntegerP | ExactP | RationalP | RealP | InexactP if a[0] == Val::Real => {
                return Err(format!("`{name}` of a number that is not an integer (not run)"));
            }
            IntegerP | ExactP | RationalP | RealP => Val::Bool(matches!(a[0], Val::Int(_))),
            InexactP => Val::Bool(false),
            BooleanP => Val::Bool(matches!(a[0], Val::Bool(_))),
            SymbolP => Val::Bool(matches!(a[0], Val::Sym(_))),
            StringP => Val::Bool(matches!(a[0], Val::Str(_))),
            ProcedureP => Val::Bool(matches!(a[0], Val::Clo(..) | Val::Prim(_))),
            VectorP => Val::Bool(matches!(a[0], Val::Vector(_))),
            Cons => {
                self.pairs.push((a[0].clone(), a[1].clone()));
                Val::Pair(self.pairs.len() - 1)
            }
            List => {
                let mut acc = Val::Nil;
                for v in a.iter().rev() {
                    self.pairs.push((v.clone(), acc));
                    acc = Val::Pair(self.pairs.len() - 1);
                }
                acc
            }
            Car | Cdr | Cadr | Cddr | Caar | Cdar | Caddr => {
                let path = b.cxr_path().unwrap_or(&[]);
                let mut v = a[0].clone();
                for &car in path {
                    let Val::Pair(i) = v else { return Err(format!("`{name}` of a non-pair")) };
                    v = if car { self.pairs[i].0.clone() } else { self.pairs[i].1.clone() };
                }
                v
            }
            StringAppend => {
                let mut s = String::new();
                for v in a {
                    match v {
                        Val::Str(t) => s.push_str(t),
                        _ => return Err("`string-append` of a non-string".into()),
                    }
                }
                Val::Str(s.into())
            }
            StringLength => match &a[0] {
                Val::Str(s) => Val::Int(s.chars().count() as i64),
                _ => return Err("`string-length` of a non-string".into()),
            },
            SymbolToString => match &a[0] {
                Val::Sym(s) => Val::Str(s.clone()),
                _ => return Err("`symbol->string` of a non-symbol".into()),
            },
            StringToSymbol => match &a[0] {
                Val::Str(s) => Val::Sym(s.clone()),
                _ => return Err("`string->symbol` of a non-string".into()),
            },
            NumberToString => Val::Str(Self::int(&a[0], name)?.to_string().into()),
            Display | Write | Newline | Void => Val::Void,
            Vector => {
                self.vectors.push(a.to_vec());
                Val::Vector(self.vectors.len() - 1)
            }
            MakeVector => {
                let n = Self::int(&a[0], name)?;
                if !(0..=1_000_000).contains(&n) {
                    return Err("`make-vector` of a bad size".into());
                }
                self.vectors.push(vec![a.get(1).cloned().unwrap_or(Val::Void); n as usize]);
                Val::Vector(self.vectors.len() - 1)
            }
            VectorRef | VectorSet | VectorLength => {
                let Val::Vector(i) = a[0] else { return Err(format!("`{name}` of a non-vector")) };
                if b == VectorLength {
                    return Ok(Val::Int(self.vectors[i].len() as i64));
                }
                let k = Self::int(&a[1], name)?;
                let len = self.vectors[i].len();
                let Some(k) = usize::try_from(k).ok().filter(|&k| k < len) else {
                    return Err(format!("`{name}` index out of range"));
                };
                if b == VectorSet {
                    self.vectors[i][k] = a[2].clone();
                    Val::Void
                } else {
                    self.vectors[i][k].clone()
                }
            }
            MakeRecord => {
                self.records.push(a.to_vec());
                Val::Record(self.records.len() - 1)
            }
            RecordP => Val::Bool(match a[0] {
                Val::Record(i) => self.records[i][0] == a[1],
                _ => false,
            }),
            RecordRef | RecordSet => {
                let Val::Record(i) = a[0] else { return Err(format!("`{name}` of a non-record")) };
                if self.records[i][0] != a[1] {
                    return Err(format!("`{name}` of a record of another type"));
                }
                let k = Self::int(&a[2], name)?;
                let len = self.records[i].len();
                let Some(k) = usize::try_from(k).ok().map(|k| k + 1).filter(|&k| k < len) else {
                    return Err(format!("`{name}`: no such field"));
                };
                if b == RecordSet {
                    self.records[i][k] = a[3].clone();
                    Val::Void
                } else {
                    self.records[i][k].clone()
                }
            }
            Error => return Err("`error` called".into()),
            Apply => return Err("`apply` without a procedure".into()),
            SetCar | SetCdr => {
                let Val::Pair(i) = a[0] else { return Err(format!("`{name}` of a non-pair")) };
                if b == SetCar {
                    self.pairs[i].0 = a[1].clone()
                } else {
                    self.pairs[i].1 = a[1].clone()
                }
                Val::Void
            }
            ListP => Val::Bool(self.list_elements(&a[0]).is_some()),
            Gcd | Lcm => match exact(b, &ints()?.into_iter().map(Some).collect::<Vec<_>>()) {
                Exact::Value(n) => Val::Int(n),
                _ => return Err(overflow()),
            },
            Div | Expt | Sqrt => match inexact(b, &ints()?) {
                Inexact::Int(n) => Val::Int(n),
                Inexact::Big => return Err(overflow()),
                Inexact::Other => {
                    return Err(format!("`{name}` of a result that is not an integer (not run)"));
                }
                Inexact::Fails => return Err(format!("`{name}` by zero")),
            },
            Floor | Ceiling | Round | Truncate | InexactToExact => Val::Int(ints()?[0]),
            ExactToInexact => {
                return Err(format!("`{name}`: inexact numbers are not run"));
            }
            StringToNumber => {
                let s = Self::string(&a[0], name)?;
                match s.parse::<i64>() {
                    Ok(n) => Val::Int(n),
                    Err(_) if s.parse::<f64>().is_ok() => Val::Real,
                    Err(_) => Val::Bool(false),
                }
            }
            CharP => Val::Bool(matches!(a[0], Val::Char(_))),
            CharEqP | CharLt | CharGt | CharLe | CharGe => {
                let cs = a.iter().map(|v| Self::char(v, name).map(|c| c as i64));
                let cs = cs.collect::<Result<Vec<i64>, Fail>>()?;
                let as_int = b.as_code_point_comparison().unwrap_or(Ge);
                Val::Bool(compare_chain(as_int, &cs))
            }
            CharToInteger => Val::Int(Self::char(&a[0], name)? as i64),
            IntegerToChar => {
                let n = Self::int(&a[0], name)?;
                let c = u32::try_from(n).ok().and_then(char::from_u32);
                Val::Char(c.ok_or_else(|| format!("`{name}` of {n}"))?)
            }
            CharUpcase => Val::Char(Self::char(&a[0], name)?.to_ascii_uppercase()),
            CharDowncase => Val::Char(Self::char(&a[0], name)?.to_ascii_lowercase()),
            CharAlphabeticP | CharNumericP | CharWhitespaceP | CharUpperCaseP | CharLowerCaseP => {
                Val::Bool(char_predicate(b, Self::char(&a[0], name)?))
            }
            MakeString => {
                let n = Self::int(&a[0], name)?;
                let c = match a.get(1) {
                    Some(v) => Self::char(v, name)?,
                    None => ' ',
                };
                if !(0..=1_000_000).contains(&n) {
                    return Err("`make-string` of a bad size".into());
                }
                Val::Str(std::iter::repeat_n(c, n as usize).collect::<String>().into())
            }
            StringOf => {
                let cs = a.iter().map(|v| Self::char(v, name)).collect::<Result<String, Fail>>()?;
                Val::Str(cs.into())
            }
            StringRef => {
                let s = Self::string(&a[0], name)?;
                let k = Self::int(&a[1], name)?;
                let c = usize::try_from(k).ok().and_then(|k| s.chars().nth(k));
                Val::Char(c.ok_or_else(|| format!("`{name}` index out of range"))?)
            }
            StringSet => return Err("`string-set!`: mutable strings are not run".into()),
            Substring => {
                let s = Self::string(&a[0], name)?;
                let (i, j) = (Self::int(&a[1], name)?, Self::int(&a[2], name)?);
                let chars: Vec<char> = s.chars().collect();
                match (usize::try_from(i), usize::try_from(j)) {
                    (Ok(i), Ok(j)) if i <= j && j <= chars.len() => {
                        Val::Str(chars[i..j].iter().collect::<String>().into())
                    }
                    _ => return Err(format!("`{name}` index out of range")),
                }
            }
            StringCopy => Val::Str(Self::string(&a[0], name)?),
            StringLt | StringGt | StringLe | StringGe | StringCiEqP => {
                let ss =
                    a.iter().map(|v| Self::string(v, name)).collect::<Result<Vec<_>, Fail>>()?;
                Val::Bool(ss.windows(2).all(|w| match b {
                    StringLt => w[0] < w[1],
                    StringGt => w[0] > w[1],
                    StringLe => w[0] <= w[1],
                    StringGe => w[0] >= w[1],
                    _ => w[0].to_lowercase() == w[1].to_lowercase(),
                }))
            }
            StringToList => {
                let s = Self::string(&a[0], name)?;
                let items = s.chars().map(Val::Char).collect();
                self.make_list(items)
            }
            ListToString => {
                let Some(items) = self.list_elements(&a[0]) else {
                    return Err(format!("`{name}` of a non-list"));
                };
                let cs =
                    items.iter().map(|v| Self::char(v, name)).collect::<Result<String, Fail>>()?;
                Val::Str(cs.into())
            }
        })
    }
}

/// Runs the program for at most `max_steps` transitions.
pub fn run(p: &CpsProgram, max_steps: usize) -> Run {
    let mut m = Machine {
        p,
        cells: Vec::new(),
        pairs: Vec::new(),
        vectors: Vec::new(),
        records: Vec::new(),
    };
    let mut control = Control::Eval(p.root, Rc::new(Vec::new()));
    let mut events = Vec::new();
    for steps in 0..max_steps {
        match step(&mut m, control, &mut events) {
            Ok(Some(next)) => control = next,
            Ok(None) => return Run { events, outcome: Outcome::Halted, steps },
            Err(e) => return Run { events, outcome: Outcome::Error(e), steps },
        }
    }
    Run { events, outcome: Outcome::StepLimit, steps: max_steps }
}

fn step(
    m: &mut Machine<'_>,
    control: Control,
    events: &mut Vec<String>,
) -> Result<Option<Control>, Fail> {
    let p = m.p;
    Ok(Some(match control {
        Control::Eval(call, env) => match &p.call(call).kind {
            CallKind::App { f, args } => {
                let f = m.atom(f, &env)?;
                let args = args.iter().map(|a| m.atom(a, &env)).collect::<Result<Vec<_>, _>>()?;
                Control::Apply(f, args)
            }
            CallKind::If { test, then, otherwise } => {
                let t = m.exp(test, &env)?;
                let arm = if truthy(&t) { then } else { otherwise };
                Control::Apply(m.atom(arm, &env)?, Vec::new())
            }
            CallKind::Let { var, exp, body } => {
                let v = m.exp(exp, &env)?;
                let mut env = (*env).clone();
                let c = m.bind(v);
                env.push((*var, c));
                Control::Eval(*body, Rc::new(env))
            }
            CallKind::Letrec { bindings, body } => {
                let mut env = (*env).clone();
                for (v, _) in bindings {
                    let c = m.bind(Val::Void);
                    env.push((*v, c));
                }
                for (v, l) in bindings {
                    let clo = m.closure(*l, &env);
                    let c = env.iter().rev().find(|(w, _)| w == v).map(|(_, c)| *c).unwrap_or(0);
                    m.cells[c] = clo;
                }
                Control::Eval(*body, Rc::new(env))
            }
            CallKind::Set { var, value, body } => {
                let v = m.atom(value, &env)?;
                let c = env.iter().rev().find(|(w, _)| w == var).map(|(_, c)| *c);
                let Some(c) = c else { return Err("set! of an unbound variable".into()) };
                m.cells[c] = v;
                Control::Eval(*body, env)
            }
            CallKind::Halt { .. } => return Ok(None),
        },
        Control::Apply(Val::Clo(l, cenv), mut args) => {
            let lam = p.lam(l);
            if lam.rest.is_some() && args.len() + 1 >= lam.params.len() {
                let k = args.pop();
                let extra = args.split_off(lam.params.len() - 2);
                let rest = m.make_list(extra);
                args.push(rest);
                args.extend(k);
            }
            if lam.params.len() != args.len() {
                return Err("arity mismatch".into());
            }
            let mut env = (*cenv).clone();
            for (v, a) in lam.params.iter().zip(args) {
                let c = m.bind(a);
                env.push((*v, c));
            }
            Control::Eval(lam.body, Rc::new(env))
        }
        Control::Apply(Val::Prim(Prim::Builtin(Builtin::Apply)), mut args) => {
            if args.len() < 3 {
                return Err("`apply` needs a procedure and a list".into());
            }
            let k = args.pop();
            let list = args.pop().unwrap_or(Val::Nil);
            let Some(items) = m.list_elements(&list) else {
                return Err("`apply` of a non-list".into());
            };
            let f = args.remove(0);
            args.extend(items);
            args.extend(k);
            Control::Apply(f, args)
        }
        Control::Apply(Val::Prim(pr), mut args) => {
            let Some(k) = args.pop() else { return Err("primitive without continuation".into()) };
            let v = match pr {
                Prim::Builtin(b) => m.prim(b, &args)?,
                Prim::Event(e) => {
                    events.push(p.events.get(e as usize).cloned().unwrap_or_default());
                    Val::Void
                }
            };
            Control::Apply(k, vec![v])
        }
        Control::Apply(..) => return Err("application of a non-procedure".into()),
    }))
}

/// The first place a concrete run breaks `protocol`: `Some(events up to the violation)`.
pub fn violates(run: &Run, protocol: &Protocol) -> Option<Vec<String>> {
    let mut state = protocol.initial;
    for (i, e) in run.events.iter().enumerate() {
        match protocol.next(state, e) {
            Some(Some(next)) => state = next,
            Some(None) => return Some(run.events[..=i].to_vec()),
            None => {}
        }
    }
    (run.outcome == Outcome::Halted && !protocol.accepts_end(state)).then(|| run.events.clone())
}

/// True if the abstract graph has a path from its root whose events are `events` (in order,
/// with any non-event states between): the analysis covers this run's events.
pub fn graph_admits(p: &CpsProgram, graph: &Graph, events: &[String]) -> bool {
    let n = graph.states.len();
    let mut current: Vec<StateId> = vec![graph.root];
    for e in events {
        // States reachable from `current` through non-event states, then the event itself.
        let mut seen = vec![false; n];
        let mut stack = current.clone();
        let mut next = Vec::new();
        while let Some(s) = stack.pop() {
            if std::mem::replace(&mut seen[s.0 as usize], true) {
                continue;
            }
            match protocol::event_name(p, graph, s) {
                Some(name) if name == e => next.extend_from_slice(graph.successors(s)),
                Some(_) => {}
                None => stack.extend_from_slice(graph.successors(s)),
            }
        }
        next.sort();
        next.dedup();
        if next.is_empty() {
            return false;
        }
        current = next;
    }
    true
}
