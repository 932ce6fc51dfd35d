//! craig's tree of a C program, every node with its [`Span`], as the converter
//! ([`convert`](super::convert)) makes it from the parser's tree: names resolved, `switch` already
//! turned into jumps, refused constructs already reported. Types are kept only as far as the
//! lowering needs them: every integer type is one mathematical integer type, `_Bool` is
//! remembered because a store into it converts to 0 or 1.

use crate::syntax::Span;

/// A name with where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where.
    pub span: Span,
}

/// A scalar type of the subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CType {
    /// `void` (function results only).
    Void,
    /// `_Bool` / `bool`: stores convert to 0 or 1.
    Bool,
    /// Every other integer type (`int`, `unsigned`, `char`, `short`, `long`, ...).
    Int,
}

/// A whole file: its global declarations and functions, in source order.
#[derive(Clone, Debug, Default)]
pub struct TranslationUnit {
    /// Global variables, in declaration order.
    pub globals: Vec<VarDecl>,
    /// Function definitions, in source order.
    pub functions: Vec<Function>,
    /// Functions declared (prototypes, `extern`) but defined nowhere in the file, by name.
    pub prototypes: Vec<Ident>,
    /// Functions of the file left out because `main` does not call them and craig cannot read
    /// them.
    pub left_out: Vec<LeftOut>,
}

/// A function left out of the program, with why.
#[derive(Clone, Debug)]
pub struct LeftOut {
    /// Its name where it is defined.
    pub name: Ident,
    /// The first thing craig could not read in it.
    pub reason: String,
}

/// One declared variable (`int a[10] = {1, 2};` declares one, `int i, j;` two).
#[derive(Clone, Debug)]
pub struct VarDecl {
    /// Its type.
    pub ty: CType,
    /// Its name.
    pub name: Ident,
    /// The number of elements, for an array.
    pub array: Option<u64>,
    /// The initialiser, if written.
    pub init: Option<Initializer>,
    /// The whole declarator.
    pub span: Span,
}

/// What a declared variable starts with.
#[derive(Clone, Debug)]
pub enum Initializer {
    /// `= e`.
    Expr(Expr),
    /// `= { e1, e2, ... }` (arrays).
    List(Vec<Expr>, Span),
}

/// A function definition.
#[derive(Clone, Debug)]
pub struct Function {
    /// The result type.
    pub result: CType,
    /// Its name.
    pub name: Ident,
    /// The parameters, in order.
    pub params: Vec<Param>,
    /// The body.
    pub body: Block,
    /// The whole definition.
    pub span: Span,
}

/// A parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// Its type.
    pub ty: CType,
    /// Its name.
    pub name: Ident,
}

/// `{ ... }`.
#[derive(Clone, Debug)]
pub struct Block {
    /// The statements.
    pub statements: Vec<Statement>,
    /// From `{` to `}`.
    pub span: Span,
}

/// A statement with its span.
#[derive(Clone, Debug)]
pub struct Statement {
    /// What it is.
    pub kind: StatementKind,
    /// Where.
    pub span: Span,
}

/// The statements of the subset.
#[derive(Clone, Debug)]
pub enum StatementKind {
    /// `;`.
    Empty,
    /// A nested block.
    Block(Block),
    /// Local declarations.
    Declaration(Vec<VarDecl>),
    /// An expression evaluated for its effect.
    Expr(Expr),
    /// `if (c) s else t`.
    If(Expr, Box<Statement>, Option<Box<Statement>>),
    /// `while (c) s`.
    While(Expr, Box<Statement>),
    /// `do s while (c);`.
    DoWhile(Box<Statement>, Expr),
    /// `for (init; cond; step) s`.
    For {
        /// A declaration or an expression statement, if any.
        init: Option<Box<Statement>>,
        /// The condition (true when left out).
        condition: Option<Expr>,
        /// The step.
        step: Option<Expr>,
        /// The body.
        body: Box<Statement>,
    },
    /// `break;`.
    Break,
    /// `continue;`.
    Continue,
    /// `goto L;`.
    Goto(Ident),
    /// `L: s`.
    Labeled(Ident, Box<Statement>),
    /// `return e;` or `return;`.
    Return(Option<Expr>),
}

/// An expression with its span.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where.
    pub span: Span,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-e`.
    Neg,
    /// `!e`.
    Not,
    /// `~e` (on mathematical integers, `-e - 1`).
    Complement,
}

/// Binary operators (assignment, `&&`, `||` and `?:` have their own nodes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/` (truncating toward zero).
    Div,
    /// `%` (the remainder of `/`).
    Rem,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `&&`.
    And,
    /// `||`.
    Or,
    /// `,`: the left for its effect, then the right.
    Comma,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::And => "&&",
            BinaryOp::Or => "||",
            BinaryOp::Comma => ",",
        }
    }
}

/// The expressions of the subset.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// An integer or character literal.
    Int(rug::Integer),
    /// A variable.
    Var(String),
    /// `a[i]`, `a` a variable.
    Index(Ident, Box<Expr>),
    /// `f(args)`.
    Call(Ident, Vec<Expr>),
    /// A unary operator.
    Unary(UnaryOp, Box<Expr>),
    /// A binary operator.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `lhs = rhs`, or `lhs op= rhs` with the operator.
    Assign(Option<BinaryOp>, Box<Expr>, Box<Expr>),
    /// `++x`, `x--`, ...: increment (`true`) or decrement, prefix (`true`) or postfix.
    Step {
        /// `++` or `--`.
        increment: bool,
        /// Prefix (the new value) or postfix (the old value).
        prefix: bool,
        /// The variable or array element.
        target: Box<Expr>,
    },
    /// A cast to a `_Bool` type (to other integer types casts are dropped: integers are
    /// mathematical).
    ToBool(Box<Expr>),
    /// Something the converter refused (already reported).
    Refused,
}
