//! Untyped syntax trees of specification files, as the parser produces them.
//!
//! The tree keeps the surface distinctions (`~=` versus `~ (=)`, `>` versus `<`) so that it can
//! be printed back; the type checker maps them onto the smaller set of HOL primitives.

use std::fmt;

use super::source::Span;

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
        }
    }

    /// Binding power and whether the operator associates to the right (see the table in
    /// `spec/mod.rs`; the numbers are Isabelle/HOL's priorities).
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
            BinOp::Inter | BinOp::Times => (70, false),
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

/// One top-level item of a spec file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// What it declares.
    pub kind: ItemKind,
    /// The whole item.
    pub span: Span,
}

/// The kinds of top-level items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// `import "path"`; the span is the string's.
    Import(String, Span),
    /// `type NAME`.
    Type(Ident),
    /// `const NAME :: TYPE`.
    Const(Ident, TypeExpr),
    /// `definition NAME [:: TYPE] where "NAME args = body"`.
    Definition(Ident, Option<TypeExpr>, Expr),
    /// `axiom NAME: "formula"`.
    Axiom(Ident, Expr),
    /// `lemma NAME: "formula"`.
    Lemma(Ident, Expr),
}

/// A parsed file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpecFile {
    /// The items that parsed, in order.
    pub items: Vec<Item>,
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
