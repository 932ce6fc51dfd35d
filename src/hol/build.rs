//! Building well-typed terms directly in a [`HolBank`], for the passes that generate formulas
//! rather than read them (program lowering, verification conditions): each function computes
//! the result type from its arguments, so a caller cannot build an ill-typed node by accident.
//!
//! Spans: a generated node takes the span of its first argument (or the one given), so an error
//! about a generated formula still points at the source it came from.

use super::{Binder, ConstId, HolBank, Prim, Term, TermId, TyId, TyNode, VarId};
use crate::syntax::Span;

/// The type `bool`.
pub fn bool_ty(bank: &mut HolBank) -> TyId {
    bank.ty(TyNode::Bool)
}

/// The type `int`.
pub fn int_ty(bank: &mut HolBank) -> TyId {
    bank.ty(TyNode::Int)
}

/// The type `obj`.
pub fn obj_ty(bank: &mut HolBank) -> TyId {
    bank.ty(TyNode::Obj)
}

/// A constant at its declared (ground) type.
pub fn constant(bank: &mut HolBank, c: ConstId, ty: TyId, span: Span) -> TermId {
    bank.add(Term::Const(c), ty, span)
}

/// A bound variable.
pub fn var(bank: &mut HolBank, v: VarId) -> TermId {
    let data = bank.var(v).clone();
    bank.add(Term::Var(v), data.ty, data.span)
}

/// An integer literal.
pub fn int(bank: &mut HolBank, n: impl Into<rug::Integer>, span: Span) -> TermId {
    let ty = int_ty(bank);
    bank.add(Term::Int(n.into()), ty, span)
}

/// `True` or `False`.
pub fn truth(bank: &mut HolBank, value: bool, span: Span) -> TermId {
    let ty = bool_ty(bank);
    bank.add(Term::Prim(if value { Prim::True } else { Prim::False }, Vec::new()), ty, span)
}

/// `f a`; `f` must have a function type.
pub fn app(bank: &mut HolBank, f: TermId, a: TermId) -> TermId {
    let fd = bank.term(f).clone();
    let TyNode::Fun(_, result) = *bank.ty_node(fd.ty) else {
        panic!("hol::build::app: the head has type {}, not a function type", bank.show_ty(fd.ty))
    };
    bank.add(Term::App(f, a), result, fd.span)
}

/// A primitive whose result is `bool` (connectives, `=`, `:`, orders).
pub fn formula(bank: &mut HolBank, p: Prim, args: Vec<TermId>) -> TermId {
    let ty = bool_ty(bank);
    let span = args.first().map_or_else(Span::default, |a| bank.term(*a).span);
    bank.add(Term::Prim(p, args), ty, span)
}

/// A primitive whose result has the type of its first argument (`+`, `Un`, update, ...).
pub fn same_type(bank: &mut HolBank, p: Prim, args: Vec<TermId>) -> TermId {
    let first = bank.term(args[0]).clone();
    bank.add(Term::Prim(p, args), first.ty, first.span)
}

/// `a = b`.
pub fn eq(bank: &mut HolBank, a: TermId, b: TermId) -> TermId {
    formula(bank, Prim::Eq, vec![a, b])
}

/// `~ a`.
pub fn not(bank: &mut HolBank, a: TermId) -> TermId {
    formula(bank, Prim::Not, vec![a])
}

/// `a & b`.
pub fn and(bank: &mut HolBank, a: TermId, b: TermId) -> TermId {
    formula(bank, Prim::And, vec![a, b])
}

/// The conjunction of all (`True` if there are none).
pub fn and_all(bank: &mut HolBank, parts: &[TermId], span: Span) -> TermId {
    match parts.split_last() {
        None => truth(bank, true, span),
        Some((last, init)) => init.iter().rev().fold(*last, |acc, p| and(bank, *p, acc)),
    }
}

/// `a | b`.
pub fn or(bank: &mut HolBank, a: TermId, b: TermId) -> TermId {
    formula(bank, Prim::Or, vec![a, b])
}

/// `a --> b`.
pub fn implies(bank: &mut HolBank, a: TermId, b: TermId) -> TermId {
    formula(bank, Prim::Imp, vec![a, b])
}

/// `x : s`.
pub fn mem(bank: &mut HolBank, x: TermId, s: TermId) -> TermId {
    formula(bank, Prim::Mem, vec![x, s])
}

/// `f(x := v)`.
pub fn update(bank: &mut HolBank, f: TermId, x: TermId, v: TermId) -> TermId {
    same_type(bank, Prim::Update, vec![f, x, v])
}

/// `{x} Un s`.
pub fn insert(bank: &mut HolBank, x: TermId, s: TermId) -> TermId {
    // The result is a set like `s`, not an element like `x`.
    let ty = bank.term(s).ty;
    let span = bank.term(x).span;
    bank.add(Term::Prim(Prim::Insert, vec![x, s]), ty, span)
}

/// `if c then a else b`.
pub fn ite(bank: &mut HolBank, c: TermId, a: TermId, b: TermId) -> TermId {
    let first = bank.term(a).clone();
    bank.add(Term::Prim(Prim::Ite, vec![c, a, b]), first.ty, first.span)
}

/// `ALL vars. body` (the body itself if there are no variables).
pub fn all(bank: &mut HolBank, vars: Vec<VarId>, body: TermId) -> TermId {
    if vars.is_empty() {
        return body;
    }
    let ty = bool_ty(bank);
    let span = bank.term(body).span;
    bank.add(Term::Bind(Binder::All, vars, body), ty, span)
}

/// `EX vars. body` (the body itself if there are no variables).
pub fn ex(bank: &mut HolBank, vars: Vec<VarId>, body: TermId) -> TermId {
    if vars.is_empty() {
        return body;
    }
    let ty = bool_ty(bank);
    let span = bank.term(body).span;
    bank.add(Term::Bind(Binder::Ex, vars, body), ty, span)
}

/// The conjuncts of a formula: `a & (b & c)` gives `a`, `b`, `c`.
pub fn conjuncts(bank: &HolBank, t: TermId) -> Vec<TermId> {
    let mut out = Vec::new();
    let mut todo = vec![t];
    while let Some(t) = todo.pop() {
        match &bank.term(t).term {
            Term::Prim(Prim::And, args) => {
                todo.push(args[1]);
                todo.push(args[0]);
            }
            _ => out.push(t),
        }
    }
    out
}

/// The constants a term mentions, in order of first occurrence.
pub fn constants(bank: &HolBank, t: TermId) -> Vec<ConstId> {
    let mut out = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    let mut todo = vec![t];
    while let Some(t) = todo.pop() {
        match &bank.term(t).term {
            Term::Const(c) => {
                if seen.insert(*c) {
                    out.push(*c);
                }
            }
            Term::Var(_) | Term::Int(_) => {}
            Term::App(f, a) => {
                todo.push(*a);
                todo.push(*f);
            }
            Term::Bind(_, _, body) => todo.push(*body),
            Term::Prim(_, args) => todo.extend(args.iter().rev()),
        }
    }
    out
}

/// The term with the constants of `map` replaced by their terms (which must have the same
/// types); shared subterms are rebuilt once, and a term without mapped constants is returned
/// as it is.
pub fn substitute(
    bank: &mut HolBank,
    t: TermId,
    map: &rustc_hash::FxHashMap<ConstId, TermId>,
) -> TermId {
    fn go(
        bank: &mut HolBank,
        t: TermId,
        map: &rustc_hash::FxHashMap<ConstId, TermId>,
        memo: &mut rustc_hash::FxHashMap<TermId, TermId>,
    ) -> TermId {
        if let Some(&r) = memo.get(&t) {
            return r;
        }
        let data = bank.term(t).clone();
        let result = match &data.term {
            Term::Const(c) => map.get(c).copied().unwrap_or(t),
            Term::Var(_) | Term::Int(_) => t,
            Term::App(f, a) => {
                let (f2, a2) = (go(bank, *f, map, memo), go(bank, *a, map, memo));
                if (f2, a2) == (*f, *a) {
                    t
                } else {
                    bank.add(Term::App(f2, a2), data.ty, data.span)
                }
            }
            Term::Bind(b, vs, body) => {
                let body2 = go(bank, *body, map, memo);
                if body2 == *body {
                    t
                } else {
                    bank.add(Term::Bind(*b, vs.clone(), body2), data.ty, data.span)
                }
            }
            Term::Prim(p, args) => {
                let args2: Vec<TermId> = args.iter().map(|a| go(bank, *a, map, memo)).collect();
                if args2 == *args { t } else { bank.add(Term::Prim(*p, args2), data.ty, data.span) }
            }
        };
        memo.insert(t, result);
        result
    }
    go(bank, t, map, &mut rustc_hash::FxHashMap::default())
}
