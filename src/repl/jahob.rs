//! First-order formulas over the symbols of a Java program's obligations (the interpolants
//! `interpolate` finds) read back into Jahob's notation, the one the annotations are written in
//! and `show` prints sequents in: a field read `f(x)` is `x..C.f`, an array read
//! `Array.state(a, i)` is `a..Array.state i`, membership in a class or a set-valued field is
//! `x : C` and `(k, v) : t..C.content`, the arithmetic symbols are `+`, `<`, ..., and the
//! program's variables have their own names (`c`, `r@8`), as in the sequents.
//!
//! The reading inverts the translation's encoding symbol by symbol (`translate::eliminate`): each
//! first-order symbol is a constant of the program's signature, applied to the first-order
//! leaves of its arguments (a tuple is its components), with the leaves of the element appended
//! when the constant is set-valued. A symbol that is no constant of the program (a Skolem
//! function, a sort guard) has no reading, and then the formula has none.

use rustc_hash::FxHashMap;

use crate::fol::formula::{Formula, Quantifier, Term};
use crate::hol::{ConstId, TyId, TyNode};
use crate::ir::{Program, VariableKind};
use crate::notation::ast::{BinOp, BinderKind, Binding, Expr, ExprKind, Ident, UnOp};
use crate::notation::{app, binary, name, node};
use crate::syntax::Span;
use crate::translate::eliminate::symbol_name;

/// Reads formulas over the first-order names of one program's constants.
pub(crate) struct JahobReader<'a> {
    program: &'a Program,
    /// The constant each first-order name stands for (monomorphic constants only: the names of
    /// polymorphic ones carry their type).
    constants: FxHashMap<String, ConstId>,
}

/// How a constant's first-order symbol is read: the types of its arguments, then whether it
/// is a term, a truth value, or a set whose element is appended to the arguments.
struct Shape {
    args: Vec<TyId>,
    value: Value,
}

/// What a constant applied to all its arguments is.
enum Value {
    Term,
    Bool,
    Set(TyId),
}

fn ident(s: impl Into<String>) -> Ident {
    Ident { name: s.into(), span: Span::default() }
}

impl<'a> JahobReader<'a> {
    /// A reader for the formulas over `program`'s constants.
    pub(crate) fn new(program: &'a Program) -> JahobReader<'a> {
        let mut constants = FxHashMap::default();
        for (i, c) in program.consts.iter().enumerate() {
            if c.params.is_empty() {
                constants.entry(symbol_name(&c.name)).or_insert(ConstId(i as u32));
            }
        }
        JahobReader { program, constants }
    }

    /// `formula` in Jahob's notation, or `None` when it uses a symbol that is no constant of the
    /// program or is applied to arguments its type does not take.
    pub(crate) fn read(&self, formula: &Formula) -> Option<String> {
        Some(self.formula(formula)?.pretty())
    }

    fn shape(&self, c: ConstId) -> Shape {
        let bank = &self.program.bank;
        let mut args = Vec::new();
        let mut ty = self.program.consts[c.0 as usize].ty;
        loop {
            match bank.ty_node(ty) {
                TyNode::Fun(a, b) => {
                    args.push(*a);
                    ty = *b;
                }
                TyNode::Bool => return Shape { args, value: Value::Bool },
                TyNode::Set(element) => return Shape { args, value: Value::Set(*element) },
                _ => return Shape { args, value: Value::Term },
            }
        }
    }

    /// How many first-order terms a value of type `ty` is (a tuple is its components), or
    /// `None` for a type that is no first-order value.
    fn leaves(&self, ty: TyId) -> Option<usize> {
        match self.program.bank.ty_node(ty) {
            TyNode::Prod(a, b) => Some(self.leaves(*a)? + self.leaves(*b)?),
            TyNode::Fun(..) | TyNode::Set(_) => None,
            _ => Some(1),
        }
    }

    /// The value of type `ty` made of the next leaves of `terms` (a tuple of them, for a
    /// product).
    fn value(&self, ty: TyId, terms: &mut std::slice::Iter<'_, Term>) -> Option<Expr> {
        match self.leaves(ty)? {
            1 => self.term(terms.next()?),
            n => {
                let parts = (0..n).map(|_| self.term(terms.next()?)).collect::<Option<_>>()?;
                Some(node(ExprKind::Tuple(parts)))
            }
        }
    }

    /// The constant `symbol` stands for, applied to its arguments read from `terms`: a field
    /// to its object as `x..f`, then to the rest; what is left of `terms` is returned too.
    fn application<'t>(
        &self,
        symbol: &str,
        terms: &'t [Term],
    ) -> Option<(Expr, Shape, std::slice::Iter<'t, Term>)> {
        let c = *self.constants.get(symbol)?;
        let shape = self.shape(c);
        let mut rest = terms.iter();
        let shown = self.program.display_name(c);
        let is_field =
            self.program.variable(c).is_some_and(|v| matches!(v.kind, VariableKind::Field { .. }));
        let mut expr = None;
        for (i, &ty) in shape.args.iter().enumerate() {
            let arg = self.value(ty, &mut rest)?;
            expr = Some(match expr {
                None if i == 0 && is_field => {
                    node(ExprKind::Field(Box::new(arg), ident(shown.clone())))
                }
                None => app(name(shown.clone()), arg),
                Some(f) => app(f, arg),
            });
        }
        Some((expr.unwrap_or_else(|| name(shown)), shape, rest))
    }

    fn term(&self, t: &Term) -> Option<Expr> {
        match t {
            Term::Var(v) => Some(name(v.clone())),
            Term::Distinct(_) => None,
            Term::App(symbol, args) => {
                if let Some(digits) = symbol.strip_prefix("int_")
                    && !digits.is_empty()
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && args.is_empty()
                {
                    return Some(node(ExprKind::Int(digits.to_string())));
                }
                let op = match symbol.as_str() {
                    "int_plus" => Some(BinOp::Plus),
                    "int_minus" => Some(BinOp::Minus),
                    "int_times" => Some(BinOp::Times),
                    "int_div" => Some(BinOp::Div),
                    "int_mod" => Some(BinOp::Mod),
                    _ => None,
                };
                match (op, args.as_slice()) {
                    (Some(op), [a, b]) => return Some(binary(op, self.term(a)?, self.term(b)?)),
                    (None, [a]) if symbol == "int_neg" => {
                        return Some(node(ExprKind::Unary(UnOp::Neg, Box::new(self.term(a)?))));
                    }
                    _ => {}
                }
                let (expr, shape, mut rest) = self.application(symbol, args)?;
                (matches!(shape.value, Value::Term) && rest.next().is_none()).then_some(expr)
            }
        }
    }

    fn formula(&self, f: &Formula) -> Option<Expr> {
        Some(match f {
            Formula::True => name("True"),
            Formula::False => name("False"),
            Formula::Atom(symbol, args) => self.atom(symbol, args)?,
            Formula::Equal(a, b) => binary(BinOp::Eq, self.term(a)?, self.term(b)?),
            Formula::Not(inner) => match self.formula(inner)?.kind {
                ExprKind::Binary(BinOp::Eq, a, b) => node(ExprKind::Binary(BinOp::Neq, a, b)),
                ExprKind::Binary(BinOp::Mem, a, b) => node(ExprKind::Binary(BinOp::NotMem, a, b)),
                kind => node(ExprKind::Unary(UnOp::Not, Box::new(node(kind)))),
            },
            Formula::And(fs) => self.chain(BinOp::And, fs, "True")?,
            Formula::Or(fs) => self.chain(BinOp::Or, fs, "False")?,
            Formula::Implies(a, b) => binary(BinOp::Imp, self.formula(a)?, self.formula(b)?),
            Formula::Iff(a, b) => binary(BinOp::Iff, self.formula(a)?, self.formula(b)?),
            Formula::Xor(a, b) => node(ExprKind::Unary(
                UnOp::Not,
                Box::new(binary(BinOp::Iff, self.formula(a)?, self.formula(b)?)),
            )),
            Formula::Quantified(q, vars, body) => {
                let kind = match q {
                    Quantifier::Forall => BinderKind::All,
                    Quantifier::Exists => BinderKind::Ex,
                };
                let bindings =
                    vars.iter().map(|v| Binding { name: ident(v.clone()), ty: None }).collect();
                node(ExprKind::Binder(kind, bindings, Box::new(self.formula(body)?)))
            }
        })
    }

    /// `F1 op F2 op ...`, or `empty` for no operands.
    fn chain(&self, op: BinOp, fs: &[Formula], empty: &str) -> Option<Expr> {
        let mut parts = fs.iter().map(|f| self.formula(f));
        let Some(first) = parts.next() else { return Some(name(empty)) };
        parts.try_fold(first?, |acc, f| Some(binary(op, acc, f?)))
    }

    fn atom(&self, symbol: &str, args: &[Term]) -> Option<Expr> {
        let op = match symbol {
            "int_less" => Some(BinOp::Lt),
            "int_lesseq" => Some(BinOp::Le),
            _ => None,
        };
        if let (Some(op), [a, b]) = (op, args) {
            return Some(binary(op, self.term(a)?, self.term(b)?));
        }
        let (expr, shape, mut rest) = self.application(symbol, args)?;
        let read = match shape.value {
            Value::Bool => expr,
            Value::Set(element) => binary(BinOp::Mem, self.value(element, &mut rest)?, expr),
            Value::Term => return None,
        };
        rest.next().is_none().then_some(read)
    }
}
