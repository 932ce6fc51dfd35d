//! Printing typed HOL terms back in the notation, with only the parentheses the precedence table
//! needs: how generated formulas (verification conditions, program statements, interpolants over
//! HOL) are shown to a user in the syntax the user writes.
//!
//! A term is turned into the written tree ([`Expr`]) and printed by [`Expr::pretty`], so printing
//! and parsing agree by construction.

use super::ast::{BinOp, BinderKind, Binding, Expr, ExprKind, Ident, UnOp};
use crate::hol::{Binder, ConstId, HolBank, Prim, Term, TermId};
use crate::syntax::Span;

/// How constants are named when printed.
pub struct Naming<'a> {
    /// The name a constant is printed with.
    pub name: &'a dyn Fn(ConstId) -> String,
    /// True for constants printed as fields: `f x` as `x..f`.
    pub field: &'a dyn Fn(ConstId) -> bool,
}

/// A term in the notation, with minimal parentheses.
pub fn print_term(bank: &HolBank, naming: &Naming<'_>, t: TermId) -> String {
    to_expr(bank, naming, t).pretty()
}

/// A written tree that stands nowhere in a source (what printers build).
pub(crate) fn node(kind: ExprKind) -> Expr {
    Expr { kind, span: Span::default() }
}

/// A name, as a written tree.
pub(crate) fn name(s: impl Into<String>) -> Expr {
    node(ExprKind::Name(s.into()))
}

/// `a op b`, as a written tree.
pub(crate) fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
    node(ExprKind::Binary(op, Box::new(a), Box::new(b)))
}

/// `f a`, as a written tree.
pub(crate) fn app(f: Expr, a: Expr) -> Expr {
    node(ExprKind::App(Box::new(f), Box::new(a)))
}

/// The written tree of a term.
pub fn to_expr(bank: &HolBank, naming: &Naming<'_>, t: TermId) -> Expr {
    let data = bank.term(t);
    match &data.term {
        Term::Var(v) => name(bank.var(*v).name.clone()),
        Term::Const(c) => name((naming.name)(*c)),
        Term::Int(n) => {
            if *n < 0 {
                let magnitude = rug::Integer::from(-n);
                node(ExprKind::Unary(
                    UnOp::Neg,
                    Box::new(node(ExprKind::Int(magnitude.to_string()))),
                ))
            } else {
                node(ExprKind::Int(n.to_string()))
            }
        }
        Term::App(f, a) => {
            if let Term::Const(c) = bank.term(*f).term
                && (naming.field)(c)
            {
                let field = Ident { name: (naming.name)(c), span: Span::default() };
                return node(ExprKind::Field(Box::new(to_expr(bank, naming, *a)), field));
            }
            app(to_expr(bank, naming, *f), to_expr(bank, naming, *a))
        }
        Term::Bind(b, vars, body) => {
            let bindings: Vec<Binding> = vars
                .iter()
                .map(|v| Binding {
                    name: Ident { name: bank.var(*v).name.clone(), span: Span::default() },
                    ty: None,
                })
                .collect();
            let body = Box::new(to_expr(bank, naming, *body));
            match b {
                Binder::All => node(ExprKind::Binder(BinderKind::All, bindings, body)),
                Binder::Ex => node(ExprKind::Binder(BinderKind::Ex, bindings, body)),
                Binder::Lam => node(ExprKind::Binder(BinderKind::Lam, bindings, body)),
                Binder::Collect => node(ExprKind::Collect(bindings, body)),
            }
        }
        Term::Prim(p, args) => prim(bank, naming, *p, args),
    }
}

fn prim(bank: &HolBank, naming: &Naming<'_>, p: Prim, args: &[TermId]) -> Expr {
    let e = |i: usize| to_expr(bank, naming, args[i]);
    let op = |o: BinOp| binary(o, e(0), e(1));
    match p {
        Prim::True => name("True"),
        Prim::False => name("False"),
        Prim::Not => {
            // `~ (a = b)` and `~ (x : S)` print as `a ~= b` and `x ~: S`.
            if let Term::Prim(inner @ (Prim::Eq | Prim::Mem), xs) = &bank.term(args[0]).term {
                let o = if *inner == Prim::Eq { BinOp::Neq } else { BinOp::NotMem };
                return binary(o, to_expr(bank, naming, xs[0]), to_expr(bank, naming, xs[1]));
            }
            node(ExprKind::Unary(UnOp::Not, Box::new(e(0))))
        }
        Prim::And => op(BinOp::And),
        Prim::Or => op(BinOp::Or),
        Prim::Imp => op(BinOp::Imp),
        Prim::Iff => op(BinOp::Iff),
        Prim::Eq => op(BinOp::Eq),
        Prim::Mem => op(BinOp::Mem),
        Prim::Union => op(BinOp::Union),
        Prim::Inter => op(BinOp::Inter),
        Prim::Diff | Prim::Sub => op(BinOp::Minus),
        Prim::Subset | Prim::Le => op(BinOp::Le),
        Prim::ProperSubset | Prim::Lt => op(BinOp::Lt),
        Prim::Add => op(BinOp::Plus),
        Prim::Mul => op(BinOp::Times),
        Prim::Neg => node(ExprKind::Unary(UnOp::Neg, Box::new(e(0)))),
        Prim::Div => op(BinOp::Div),
        Prim::Mod => op(BinOp::Mod),
        Prim::Ite => node(ExprKind::If(Box::new(e(0)), Box::new(e(1)), Box::new(e(2)))),
        Prim::Pair => {
            // Right-nested pairs print as one tuple.
            let mut items = vec![e(0)];
            let mut rest = args[1];
            while let Term::Prim(Prim::Pair, xs) = &bank.term(rest).term {
                items.push(to_expr(bank, naming, xs[0]));
                rest = xs[1];
            }
            items.push(to_expr(bank, naming, rest));
            node(ExprKind::Tuple(items))
        }
        Prim::Empty => node(ExprKind::SetEnum(Vec::new())),
        Prim::Insert => {
            let mut items = vec![e(0)];
            let mut rest = args[1];
            while let Term::Prim(Prim::Insert, xs) = &bank.term(rest).term {
                items.push(to_expr(bank, naming, xs[0]));
                rest = xs[1];
            }
            let set = node(ExprKind::SetEnum(items));
            match &bank.term(rest).term {
                Term::Prim(Prim::Empty, _) => set,
                _ => binary(BinOp::Union, set, to_expr(bank, naming, rest)),
            }
        }
        Prim::Update => {
            // Consecutive updates print as one group: `f(x := v, y := w)`.
            let mut ups = vec![(e(1), e(2))];
            let mut f = args[0];
            while let Term::Prim(Prim::Update, xs) = &bank.term(f).term {
                ups.push((to_expr(bank, naming, xs[1]), to_expr(bank, naming, xs[2])));
                f = xs[0];
            }
            ups.reverse();
            node(ExprKind::Update(Box::new(to_expr(bank, naming, f)), ups))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Elaborator, parse_term};
    use crate::syntax::FileId;

    fn round_trip(text: &str) -> String {
        let mut el = Elaborator::new();
        let int = el.bank_mut().ty(crate::hol::TyNode::Int);
        let obj = el.bank_mut().ty(crate::hol::TyNode::Obj);
        let f = el.bank_mut().ty(crate::hol::TyNode::Fun(obj, int));
        let pair = el.bank_mut().ty(crate::hol::TyNode::Prod(int, obj));
        let rel = el.bank_mut().ty(crate::hol::TyNode::Set(pair));
        let content = el.bank_mut().ty(crate::hol::TyNode::Fun(obj, rel));
        let key = el.declare_const("key", None, f, crate::hol::ConstKind::Declared).unwrap();
        let c =
            el.declare_const("content", None, content, crate::hol::ConstKind::Declared).unwrap();
        for (n, t) in [("t", obj), ("k", int), ("v", obj)] {
            el.declare_const(n, None, t, crate::hol::ConstKind::Declared);
        }
        let (e, d) = parse_term(FileId(0), text, 0);
        assert!(d.is_empty(), "{d:?}");
        let (t, _) = el.formula(&e.unwrap()).expect("checks");
        let names = |id: ConstId| el.const_decl(id).name.clone();
        let fields = |id: ConstId| id == key || id == c;
        print_term(el.bank(), &Naming { name: &names, field: &fields }, t)
    }

    #[test]
    fn printing_uses_the_written_forms() {
        assert_eq!(
            round_trip("t..content = (t..content - {(x, y). x = k}) Un {(k, v)}"),
            "t..content = t..content - {(x, y). x = k} Un {(k, v)}"
        );
        assert_eq!(round_trip("~ (t = null) & k ~: {1, 2}"), "t ~= null & k ~: {1, 2}");
        assert_eq!(round_trip("(key(t := 3)) t = - 3 + k"), "key(t := 3) t = - 3 + k");
        assert_eq!(round_trip("ALL x. x..key < 5 --> ~ (x = t)"), "ALL x. x..key < 5 --> x ~= t");
    }
}
