//! Untyped syntax trees of terms and types as written, before elaboration.
//!
//! The tree keeps the surface distinctions (`~=` versus `~ (=)`, `>` versus `<`) so that it can
//! be printed back; elaboration maps them onto the smaller set of HOL primitives.

use std::fmt;

use crate::syntax::Span;

/// A name with the place it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where it was written.
    pub span: Span,
}

/// A type as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeExpr {
    /// The shape.
    pub kind: TypeKind,
    /// Where it was written.
    pub span: Span,
}

/// Shapes of written types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeKind {
    /// `bool`, `int`, `obj` or a declared sort (resolved later).
    Named(String),
    /// A type variable `'a` (the name includes the quote).
    Var(String),
    /// `t set`.
    Set(Box<TypeExpr>),
    /// `a * b`.
    Prod(Box<TypeExpr>, Box<TypeExpr>),
    /// `a => b`.
    Fun(Box<TypeExpr>, Box<TypeExpr>),
}

/// A bound variable with an optional type ascription.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The variable.
    pub name: Ident,
    /// Its type, if ascribed.
    pub ty: Option<TypeExpr>,
}

/// The three binders that take a list of variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinderKind {
    /// `ALL`.
    All,
    /// `EX`.
    Ex,
    /// `%`.
    Lam,
}

/// Prefix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `~`.
    Not,
    /// Unary `-`.
    Neg,
}

/// Infix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `<->`.
    Iff,
    /// `-->`.
    Imp,
    /// `|`.
    Or,
    /// `&`.
    And,
    /// `=`.
    Eq,
    /// `~=`.
    Neq,
    /// `:`.
    Mem,
    /// `~:`.
    NotMem,
    /// `<` (integers, or proper subset).
    Lt,
    /// `<=` (integers, or subset).
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `Un`.
    Union,
    /// `Int`.
    Inter,
    /// `+` (integers, or union of sets).
    Plus,
    /// `-` (integers, or set difference).
    Minus,
    /// `*` (integers).
    Times,
    /// `div`: integer division, truncating toward zero.
    Div,
    /// `mod`: the remainder of `div`, with the sign of the dividend.
    Mod,
}

impl BinOp {
    /// The concrete syntax.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Iff => "<->",
            BinOp::Imp => "-->",
            BinOp::Or => "|",
            BinOp::And => "&",
            BinOp::Eq => "=",
            BinOp::Neq => "~=",
            BinOp::Mem => ":",
            BinOp::NotMem => "~:",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Union => "Un",
            BinOp::Inter => "Int",
            BinOp::Plus => "+",
            BinOp::Minus => "-",
            BinOp::Times => "*",
            BinOp::Div => "div",
            BinOp::Mod => "mod",
        }
    }

    /// Binding power and whether the operator associates to the right (see the table in
    /// `notation/mod.rs`; the numbers are Isabelle/HOL's priorities).
    pub fn precedence(self) -> (u32, bool) {
        match self {
            BinOp::Iff | BinOp::Imp => (25, true),
            BinOp::Or => (30, true),
            BinOp::And => (35, true),
            BinOp::Eq
            | BinOp::Neq
            | BinOp::Mem
            | BinOp::NotMem
            | BinOp::Lt
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Ge => (50, false),
            BinOp::Union | BinOp::Plus | BinOp::Minus => (65, false),
            BinOp::Inter | BinOp::Times | BinOp::Div | BinOp::Mod => (70, false),
        }
    }
}

/// A term as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// The shape.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

/// Shapes of written terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// A variable or constant name.
    Name(String),
    /// A non-negative integer literal, as its decimal digits.
    Int(String),
    /// `f x`.
    App(Box<Expr>, Box<Expr>),
    /// `ALL xs. body`, `EX xs. body`, `%xs. body`.
    Binder(BinderKind, Vec<Binding>, Box<Expr>),
    /// `~ t`, `- t`.
    Unary(UnOp, Box<Expr>),
    /// `a op b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `if c then a else b`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(a, b, ...)` with at least two components.
    Tuple(Vec<Expr>),
    /// `{}` or `{a, b, ...}`.
    SetEnum(Vec<Expr>),
    /// `{x. P}` (one binding) or `{(x, y, ...). P}` (a tuple pattern).
    Collect(Vec<Binding>, Box<Expr>),
    /// `f(x := v, ...)`.
    Update(Box<Expr>, Vec<(Expr, Expr)>),
    /// `x..f`, which means `f x`.
    Field(Box<Expr>, Ident),
    /// `t :: ty`.
    Ascribe(Box<Expr>, TypeExpr),
}

impl fmt::Display for TypeExpr {
    /// Fully parenthesized.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            TypeKind::Named(n) | TypeKind::Var(n) => write!(f, "{n}"),
            TypeKind::Set(t) => write!(f, "({t} set)"),
            TypeKind::Prod(a, b) => write!(f, "({a} * {b})"),
            TypeKind::Fun(a, b) => write!(f, "({a} => {b})"),
        }
    }
}

impl fmt::Display for Binding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.ty {
            None => write!(f, "{}", self.name.name),
            Some(t) => write!(f, "({} :: {t})", self.name.name),
        }
    }
}

fn comma_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, xs: &[T]) -> fmt::Result {
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            write!(f, ", ")?;
        }
        write!(f, "{x}")?;
    }
    Ok(())
}

impl fmt::Display for Expr {
    /// Fully parenthesized, so that tests can see how a formula was grouped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ExprKind::Name(n) | ExprKind::Int(n) => write!(f, "{n}"),
            ExprKind::App(a, b) => write!(f, "({a} {b})"),
            ExprKind::Binder(k, bs, body) => {
                let kw = match k {
                    BinderKind::All => "ALL ",
                    BinderKind::Ex => "EX ",
                    BinderKind::Lam => "%",
                };
                write!(f, "({kw}")?;
                for (i, b) in bs.iter().enumerate() {
                    if i > 0 {
                        write!(f, " ")?;
                    }
                    write!(f, "{b}")?;
                }
                write!(f, ". {body})")
            }
            ExprKind::Unary(UnOp::Not, a) => write!(f, "(~ {a})"),
            ExprKind::Unary(UnOp::Neg, a) => write!(f, "(- {a})"),
            ExprKind::Binary(op, a, b) => write!(f, "({a} {} {b})", op.symbol()),
            ExprKind::If(c, a, b) => write!(f, "(if {c} then {a} else {b})"),
            ExprKind::Tuple(xs) => {
                write!(f, "(")?;
                comma_list(f, xs)?;
                write!(f, ")")
            }
            ExprKind::SetEnum(xs) => {
                write!(f, "{{")?;
                comma_list(f, xs)?;
                write!(f, "}}")
            }
            ExprKind::Collect(bs, body) => {
                write!(f, "{{")?;
                if bs.len() == 1 {
                    write!(f, "{}", bs[0])?;
                } else {
                    write!(f, "(")?;
                    comma_list(f, bs)?;
                    write!(f, ")")?;
                }
                write!(f, ". {body}}}")
            }
            ExprKind::Update(g, ups) => {
                write!(f, "({g}(")?;
                for (i, (x, v)) in ups.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{x} := {v}")?;
                }
                write!(f, "))")
            }
            ExprKind::Field(x, name) => write!(f, "({x}..{})", name.name),
            ExprKind::Ascribe(t, ty) => write!(f, "({t} :: {ty})"),
        }
    }
}

impl Expr {
    /// Prints with only the parentheses the precedence table requires (see `notation/mod.rs`).
    /// Parsing the result gives back the same tree.
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        self.pretty_into(&mut out, 0, 0, true);
        out
    }

    /// True for the terms the grammar accepts as application arguments (`selected`).
    fn is_selected(&self) -> bool {
        matches!(
            self.kind,
            ExprKind::Name(_)
                | ExprKind::Int(_)
                | ExprKind::Tuple(_)
                | ExprKind::SetEnum(_)
                | ExprKind::Collect(..)
                | ExprKind::Field(..)
                | ExprKind::Update(..)
        )
    }

    /// `min`: an infix operator at the top must bind tighter than this; `follow`: binding power
    /// of the operator printed right after this term (0 if none), which prefix operators and
    /// binders must not swallow; `delimited`: the term is the whole content of brackets,
    /// quotes or a comma-separated slot, where an ascription may stand.
    fn pretty_into(&self, out: &mut String, min: u32, follow: u32, delimited: bool) {
        let needs_parens = match &self.kind {
            ExprKind::Binary(op, ..) => op.precedence().0 <= min,
            ExprKind::Unary(UnOp::Not, _) => follow > 40,
            ExprKind::Unary(UnOp::Neg, _) => follow > 80,
            ExprKind::Binder(..) | ExprKind::If(..) => follow > 0,
            ExprKind::Ascribe(..) => !delimited,
            _ => false,
        };
        if needs_parens {
            out.push('(');
            self.pretty_into(out, 0, 0, true);
            out.push(')');
            return;
        }
        let slot = |e: &Expr, out: &mut String| e.pretty_into(out, 0, 0, true);
        let selected = |e: &Expr, out: &mut String| {
            if e.is_selected() {
                e.pretty_into(out, 0, 0, false);
            } else {
                out.push('(');
                slot(e, out);
                out.push(')');
            }
        };
        let list = |xs: &[Expr], out: &mut String| {
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                slot(x, out);
            }
        };
        match &self.kind {
            ExprKind::Name(n) | ExprKind::Int(n) => out.push_str(n),
            ExprKind::App(f, a) => {
                if matches!(f.kind, ExprKind::App(..)) {
                    f.pretty_into(out, 0, 0, false);
                } else {
                    selected(f, out);
                }
                out.push(' ');
                selected(a, out);
            }
            ExprKind::Binder(k, bs, body) => {
                out.push_str(match k {
                    BinderKind::All => "ALL ",
                    BinderKind::Ex => "EX ",
                    BinderKind::Lam => "%",
                });
                let names: Vec<String> = bs.iter().map(|b| b.to_string()).collect();
                out.push_str(&names.join(" "));
                out.push_str(". ");
                body.pretty_into(out, 0, follow, false);
            }
            ExprKind::Unary(op, a) => {
                let (sym, power) = if *op == UnOp::Not { ("~ ", 40) } else { ("- ", 80) };
                out.push_str(sym);
                a.pretty_into(out, power, follow, false);
            }
            ExprKind::Binary(op, a, b) => {
                let (p, right) = op.precedence();
                let (left_min, right_min) = if right { (p, p - 1) } else { (p - 1, p) };
                a.pretty_into(out, left_min, p, false);
                out.push(' ');
                out.push_str(op.symbol());
                out.push(' ');
                b.pretty_into(out, right_min, follow, false);
            }
            ExprKind::If(c, a, b) => {
                out.push_str("if ");
                slot(c, out);
                out.push_str(" then ");
                slot(a, out);
                out.push_str(" else ");
                b.pretty_into(out, 0, follow, false);
            }
            ExprKind::Tuple(xs) => {
                out.push('(');
                list(xs, out);
                out.push(')');
            }
            ExprKind::SetEnum(xs) => {
                out.push('{');
                list(xs, out);
                out.push('}');
            }
            ExprKind::Collect(bs, body) => {
                out.push('{');
                let names: Vec<String> = bs.iter().map(|b| b.to_string()).collect();
                if bs.len() == 1 {
                    out.push_str(&names[0]);
                } else {
                    out.push('(');
                    out.push_str(&names.join(", "));
                    out.push(')');
                }
                out.push_str(". ");
                slot(body, out);
                out.push('}');
            }
            ExprKind::Update(f, ups) => {
                selected(f, out);
                out.push('(');
                for (i, (x, v)) in ups.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    slot(x, out);
                    out.push_str(" := ");
                    slot(v, out);
                }
                out.push(')');
            }
            ExprKind::Field(x, name) => {
                selected(x, out);
                out.push_str("..");
                out.push_str(&name.name);
            }
            ExprKind::Ascribe(t, ty) => {
                t.pretty_into(out, 0, 0, false);
                out.push_str(" :: ");
                out.push_str(&ty.to_string());
            }
        }
    }
}
