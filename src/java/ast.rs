//! The syntax tree of the Java subset and its Jahob annotations, as the parser builds it: every
//! node with its span, specification formulas kept as the quoted text they are written in (the
//! notation's parser reads them later, at the right offsets).

use crate::syntax::Span;

/// A name with where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where it is written.
    pub span: Span,
}

/// A specification written in quotes (`"x..f ~= null"`) or, where Jahob allows it, bare
/// (`modifies content`, `specvar s :: objset`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecText {
    /// The text between the quotes (or the bare word).
    pub text: String,
    /// The span of `text` itself, quotes excluded: `text`'s byte 0 is at `span.start`.
    pub span: Span,
}

/// One Java file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompilationUnit {
    /// Its classes, in order.
    pub classes: Vec<Class>,
}

/// A class declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// Modifiers written before `class`.
    pub modifiers: Modifiers,
    /// Its name.
    pub name: Ident,
    /// Its fields, in order.
    pub fields: Vec<Field>,
    /// Its methods and constructors, in order.
    pub methods: Vec<Method>,
    /// The specifications in its body's annotations, in order.
    pub specs: Vec<ClassSpec>,
    /// The whole declaration.
    pub span: Span,
}

/// Java modifiers (and Jahob's `ghost`, `ensured` in annotations).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// `public`.
    pub public: bool,
    /// `private`.
    pub private: bool,
    /// `protected`.
    pub protected: bool,
    /// `static`.
    pub static_: bool,
    /// `final`.
    pub final_: bool,
    /// Jahob's `claimedby C` (in an annotation in a modifier position): only class `C`'s
    /// methods may read or write the field.
    pub claimed_by: Option<Ident>,
    /// Jahob's `readonly`: only the declaring class's methods may write the field.
    pub readonly: bool,
}

/// A Java type as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeKind {
    /// `int`.
    Int,
    /// `boolean`.
    Boolean,
    /// A class name (`FuncTree`, `Object`).
    Class(String),
    /// `T[]`.
    Array(Box<Type>),
}

/// A type with where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Type {
    /// What it is.
    pub kind: TypeKind,
    /// Where.
    pub span: Span,
}

/// A field declaration: `private FuncTree left, right;`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Its modifiers.
    pub modifiers: Modifiers,
    /// The declared type.
    pub ty: Type,
    /// The names declared, each with its initializer, if any.
    pub names: Vec<(Ident, Option<Expr>)>,
    /// The whole declaration.
    pub span: Span,
}

/// A method or constructor declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Method {
    /// Its modifiers.
    pub modifiers: Modifiers,
    /// True for a constructor (then `result` is `None` and `name` is the class's).
    pub constructor: bool,
    /// The result type; `None` for `void` and constructors.
    pub result: Option<Type>,
    /// Its name.
    pub name: Ident,
    /// Its parameters.
    pub params: Vec<Param>,
    /// Its contract (from the `/*: ... */` between the header and the body).
    pub contract: Contract,
    /// The body; `None` for a declaration ending in `;` (abstract or native).
    pub body: Option<Block>,
    /// The whole declaration.
    pub span: Span,
}

/// A parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its type.
    pub ty: Type,
    /// Its name.
    pub name: Ident,
}

/// A method contract: every clause in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contract {
    /// `requires "..."` clauses.
    pub requires: Vec<SpecText>,
    /// The items of `modifies` clauses (`"this..content"`, `content`, `"Array.state"`).
    pub modifies: Vec<SpecText>,
    /// `ensures "..."` clauses.
    pub ensures: Vec<SpecText>,
    /// The span of the whole annotation, if there is one.
    pub span: Option<Span>,
}

/// A specification in a class body's annotation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassSpec {
    /// `[public] [static] [ghost] specvar x :: "type" [= "initial"];`.
    Specvar {
        /// Java-style modifiers written before it.
        modifiers: Modifiers,
        /// `ghost` was written.
        ghost: bool,
        /// Its name.
        name: Ident,
        /// Its type, in the notation.
        ty: SpecText,
        /// Its initial value, in the notation.
        initial: Option<SpecText>,
        /// The whole declaration.
        span: Span,
    },
    /// `[public] [ensured] inv|invariant [name:] "formula"`.
    Invariant {
        /// Its label, if written.
        name: Option<Ident>,
        /// `public` was written.
        public: bool,
        /// `ensured` was written.
        ensured: bool,
        /// The formula.
        formula: SpecText,
        /// The whole declaration.
        span: Span,
    },
    /// `vardefs "x == term"` (one per definition).
    Vardefs {
        /// The definition text.
        definition: SpecText,
        /// The whole clause.
        span: Span,
    },
}

/// A block `{ ... }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Its statements.
    pub statements: Vec<Statement>,
    /// Where it is.
    pub span: Span,
}

/// A statement with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// What it is.
    pub kind: StatementKind,
    /// Where.
    pub span: Span,
}

/// The statements of the subset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatementKind {
    /// A nested block.
    Block(Block),
    /// `T x = e, y;`.
    Local {
        /// The declared type.
        ty: Type,
        /// The variables with their initializers.
        names: Vec<(Ident, Option<Expr>)>,
    },
    /// An expression statement: an assignment, a call, or `new`.
    Expression(Expr),
    /// `if (c) s [else s]`.
    If {
        /// The condition.
        condition: Expr,
        /// The then branch.
        then: Box<Statement>,
        /// The else branch.
        otherwise: Option<Box<Statement>>,
    },
    /// `while /*: inv "..." */ (c) s`.
    While {
        /// The loop invariants (from `inv` clauses in the annotation before the condition).
        invariants: Vec<SpecText>,
        /// The condition.
        condition: Expr,
        /// The body.
        body: Box<Statement>,
    },
    /// `return [e];`.
    Return(Option<Expr>),
    /// `;`.
    Empty,
    /// A specification statement from a `//:` or `/*: */` annotation.
    Spec(SpecStatement),
}

/// A specification statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecStatement {
    /// `"lhs" := "rhs"` (or `x := "rhs"`): assignment to ghost state.
    Assign {
        /// The assigned location (`r..content`, `x`).
        lhs: SpecText,
        /// The value.
        rhs: SpecText,
    },
    /// `assert [label:] "f"`.
    Assert {
        /// Its label.
        label: Option<Ident>,
        /// The formula.
        formula: SpecText,
    },
    /// `assume [label:] "f"`.
    Assume {
        /// Its label.
        label: Option<Ident>,
        /// The formula.
        formula: SpecText,
    },
    /// `noteThat [label:] "f"`: assert, then assume.
    NoteThat {
        /// Its label.
        label: Option<Ident>,
        /// The formula.
        formula: SpecText,
    },
    /// Jahob's `assuming [label:] "F" in (S; ...; noteThat "G")`: the statements inside are
    /// checked under the assumption F (they change no state), the last, a `noteThat`, is the
    /// conclusion; what follows knows `F --> G`.
    Assuming {
        /// Its label.
        label: Option<Ident>,
        /// The assumption F.
        hypothesis: SpecText,
        /// The statements inside, in order (each a `Spec` statement).
        body: Vec<Statement>,
    },
    /// `havoc "x"` (or `havoc x`): an arbitrary new value; with `suchThat "F"`, an arbitrary
    /// value satisfying `F` (Jahob's proof language: one must exist, which is an obligation).
    Havoc {
        /// The havocked location.
        target: SpecText,
        /// The formula the new value satisfies (`suchThat`), if written.
        such_that: Option<SpecText>,
    },
}

/// An expression with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where.
    pub span: Span,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `!`.
    Not,
    /// `-`.
    Neg,
}

/// Binary operators (`&&` and `||` short-circuit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `||`.
    Or,
    /// `&&`.
    And,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Rem,
}

/// The expressions of the subset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// An integer literal (its value; literals beyond `i64` are refused by the parser).
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// `this`.
    This,
    /// A bare name: a local, a parameter, a field of `this`, a static field, or a class (as the
    /// receiver of a static access).
    Name(Ident),
    /// `e.f` (also `C.f` for a static field and `a.length`).
    Field(Box<Expr>, Ident),
    /// `a[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `m(args)` or `e.m(args)` (also `C.m(args)`).
    Call {
        /// The receiver, if written.
        receiver: Option<Box<Expr>>,
        /// The method's name.
        name: Ident,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// `new C(args)`.
    New {
        /// The class.
        class: Ident,
        /// The constructor's arguments.
        args: Vec<Expr>,
    },
    /// `new T[n]`.
    NewArray {
        /// The element type.
        element: Type,
        /// The length.
        length: Box<Expr>,
    },
    /// A unary operation.
    Unary(UnaryOp, Box<Expr>),
    /// A binary operation.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `lhs = rhs` (an expression in Java; the subset allows it only as a statement).
    Assign(Box<Expr>, Box<Expr>),
}
