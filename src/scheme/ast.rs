//! The direct-style core language the surface forms expand into, and the primitive table.
//!
//! Variables are already resolved and alphatised here: every binding occurrence got its own
//! [`VarId`], so the CPS conversion never has to think about scope again.

use crate::syntax::Span;

/// A variable of the program (after alphatisation: one per binding occurrence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// Where a variable came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// Written by the user.
    User,
    /// A continuation parameter made by the CPS conversion.
    Continuation,
    /// A temporary made by the conversion (an intermediate result, a join point).
    Temporary,
}

/// Everything known about one variable.
#[derive(Clone, Debug)]
pub struct VarInfo {
    /// Unique printable name (the source name, suffixed `_N` when the name was already taken).
    pub name: String,
    /// The name as written (for temporaries, the stem).
    pub source: String,
    /// The binding occurrence (for generated variables, the term they were made for).
    pub span: Span,
    /// Assigned by `set!` somewhere: its binding is a mutable cell, so the analysis must not use
    /// it for equivalences or the rebinding check.
    pub mutable: bool,
    /// User, continuation or temporary.
    pub kind: VarKind,
}

/// A constant value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Const {
    /// `#f` or `#t`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
    /// A quoted symbol.
    Sym(String),
    /// A character (`#\\a`).
    Char(char),
    /// A number that is not an integer of 64 bits (`1.5`, `1/3`, `1e10`), as written: the
    /// analysis knows only that it is a number.
    Real(String),
    /// The empty list.
    Nil,
    /// The value of expressions that return nothing useful (`display`, `set!`, `(if #f #f)`).
    Void,
}

impl std::fmt::Display for Const {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Const::Bool(true) => write!(f, "#t"),
            Const::Bool(false) => write!(f, "#f"),
            Const::Int(n) => write!(f, "{n}"),
            Const::Str(s) => write!(f, "{s:?}"),
            Const::Sym(s) => write!(f, "'{s}"),
            Const::Char(c) => write!(f, "{}", char_name(*c)),
            Const::Real(t) => write!(f, "{t}"),
            Const::Nil => write!(f, "'()"),
            Const::Void => write!(f, "#<void>"),
        }
    }
}

/// A character as R5RS writes it: `#\\a`, `#\\space`, `#\\newline`.
pub fn char_name(c: char) -> String {
    match c {
        ' ' => "#\\space".into(),
        '\n' => "#\\newline".into(),
        '\t' => "#\\tab".into(),
        _ => format!("#\\{c}"),
    }
}

/// How many arguments a primitive takes: at least `min`, at most `max` (None = any number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arity {
    /// Fewest arguments.
    pub min: usize,
    /// Most arguments, if bounded.
    pub max: Option<usize>,
}

impl Arity {
    /// True if `n` arguments are accepted.
    pub fn accepts(self, n: usize) -> bool {
        n >= self.min && self.max.is_none_or(|m| n <= m)
    }
}

macro_rules! builtins {
    ($($variant:ident $name:literal $min:literal $max:expr;)*) => {
        /// The built-in primitives (events are separate: see [`Prim`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[allow(missing_docs)]
        pub enum Builtin { $($variant,)* }

        impl Builtin {
            /// Every builtin, in declaration order.
            pub const ALL: &'static [Builtin] = &[$(Builtin::$variant,)*];

            /// The Scheme name.
            pub fn name(self) -> &'static str {
                match self { $(Builtin::$variant => $name,)* }
            }

            /// The accepted argument counts.
            pub fn arity(self) -> Arity {
                match self { $(Builtin::$variant => Arity { min: $min, max: $max },)* }
            }
        }
    };
}

builtins! {
    Add "+" 0 None;
    Sub "-" 1 None;
    Mul "*" 0 None;
    Quotient "quotient" 2 Some(2);
    Remainder "remainder" 2 Some(2);
    Modulo "modulo" 2 Some(2);
    Add1 "add1" 1 Some(1);
    Sub1 "sub1" 1 Some(1);
    Abs "abs" 1 Some(1);
    Min "min" 1 None;
    Max "max" 1 None;
    NumEq "=" 1 None;
    Lt "<" 1 None;
    Gt ">" 1 None;
    Le "<=" 1 None;
    Ge ">=" 1 None;
    ZeroP "zero?" 1 Some(1);
    PositiveP "positive?" 1 Some(1);
    NegativeP "negative?" 1 Some(1);
    EvenP "even?" 1 Some(1);
    OddP "odd?" 1 Some(1);
    Not "not" 1 Some(1);
    EqP "eq?" 2 Some(2);
    EqvP "eqv?" 2 Some(2);
    EqualP "equal?" 2 Some(2);
    NullP "null?" 1 Some(1);
    PairP "pair?" 1 Some(1);
    NumberP "number?" 1 Some(1);
    IntegerP "integer?" 1 Some(1);
    BooleanP "boolean?" 1 Some(1);
    SymbolP "symbol?" 1 Some(1);
    StringP "string?" 1 Some(1);
    ProcedureP "procedure?" 1 Some(1);
    VectorP "vector?" 1 Some(1);
    Cons "cons" 2 Some(2);
    Car "car" 1 Some(1);
    Cdr "cdr" 1 Some(1);
    Cadr "cadr" 1 Some(1);
    Cddr "cddr" 1 Some(1);
    Caar "caar" 1 Some(1);
    Cdar "cdar" 1 Some(1);
    Caddr "caddr" 1 Some(1);
    List "list" 0 None;
    StringAppend "string-append" 0 None;
    StringLength "string-length" 1 Some(1);
    StringEqP "string=?" 2 Some(2);
    SymbolToString "symbol->string" 1 Some(1);
    StringToSymbol "string->symbol" 1 Some(1);
    NumberToString "number->string" 1 Some(1);
    Display "display" 1 Some(1);
    Write "write" 1 Some(1);
    Newline "newline" 0 Some(0);
    Vector "vector" 0 None;
    MakeVector "make-vector" 1 Some(2);
    VectorRef "vector-ref" 2 Some(2);
    VectorSet "vector-set!" 3 Some(3);
    VectorLength "vector-length" 1 Some(1);
    Void "void" 0 Some(0);
    Error "error" 0 None;
    SetCar "set-car!" 2 Some(2);
    SetCdr "set-cdr!" 2 Some(2);
    Apply "apply" 2 None;
    ListP "list?" 1 Some(1);
    Div "/" 1 None;
    Gcd "gcd" 0 None;
    Lcm "lcm" 0 None;
    Expt "expt" 2 Some(2);
    Sqrt "sqrt" 1 Some(1);
    Floor "floor" 1 Some(1);
    Ceiling "ceiling" 1 Some(1);
    Round "round" 1 Some(1);
    Truncate "truncate" 1 Some(1);
    ExactToInexact "exact->inexact" 1 Some(1);
    InexactToExact "inexact->exact" 1 Some(1);
    ExactP "exact?" 1 Some(1);
    InexactP "inexact?" 1 Some(1);
    RationalP "rational?" 1 Some(1);
    RealP "real?" 1 Some(1);
    StringToNumber "string->number" 1 Some(2);
    CharP "char?" 1 Some(1);
    CharEqP "char=?" 1 None;
    CharLt "char<?" 1 None;
    CharGt "char>?" 1 None;
    CharLe "char<=?" 1 None;
    CharGe "char>=?" 1 None;
    CharToInteger "char->integer" 1 Some(1);
    IntegerToChar "integer->char" 1 Some(1);
    CharUpcase "char-upcase" 1 Some(1);
    CharDowncase "char-downcase" 1 Some(1);
    CharAlphabeticP "char-alphabetic?" 1 Some(1);
    CharNumericP "char-numeric?" 1 Some(1);
    CharWhitespaceP "char-whitespace?" 1 Some(1);
    CharUpperCaseP "char-upper-case?" 1 Some(1);
    CharLowerCaseP "char-lower-case?" 1 Some(1);
    MakeString "make-string" 1 Some(2);
    StringOf "string" 0 None;
    StringRef "string-ref" 2 Some(2);
    StringSet "string-set!" 3 Some(3);
    Substring "substring" 3 Some(3);
    StringCopy "string-copy" 1 Some(1);
    StringLt "string<?" 1 None;
    StringGt "string>?" 1 None;
    StringLe "string<=?" 1 None;
    StringGe "string>=?" 1 None;
    StringCiEqP "string-ci=?" 1 None;
    StringToList "string->list" 1 Some(1);
    ListToString "list->string" 1 Some(1);
    // The records of `define-record-type` (expand.rs writes their procedures with these):
    // `(%make-record tag field ...)`, `(%record? v tag)`, `(%record-ref r tag index)` and
    // `(%record-set! r tag index value)`. The tag is a symbol no reader can write.
    MakeRecord "%make-record" 1 None;
    RecordP "%record?" 2 Some(2);
    RecordRef "%record-ref" 3 Some(3);
    RecordSet "%record-set!" 4 Some(4);
}

impl Builtin {
    /// The builtin with this Scheme name.
    pub fn by_name(name: &str) -> Option<Builtin> {
        Builtin::ALL.iter().copied().find(|b| b.name() == name)
    }

    /// For a character comparison (`char=?`, `char<?`, ...), the numeric comparison it is on
    /// the characters' code points; `None` for every other builtin.
    pub fn as_code_point_comparison(self) -> Option<Builtin> {
        Some(match self {
            Builtin::CharEqP => Builtin::NumEq,
            Builtin::CharLt => Builtin::Lt,
            Builtin::CharGt => Builtin::Gt,
            Builtin::CharLe => Builtin::Le,
            Builtin::CharGe => Builtin::Ge,
            _ => return None,
        })
    }

    /// True if an application may be evaluated inside a CPS `let` (it always returns to its
    /// continuation). `error` never returns, so it is applied like a procedure.
    pub fn let_able(self) -> bool {
        !matches!(self, Builtin::Error | Builtin::Apply)
    }

    /// For `car`, `cdr`, `cadr` ...: the accessors in the order they apply (true = car).
    pub fn cxr_path(self) -> Option<&'static [bool]> {
        Some(match self {
            Builtin::Car => &[true],
            Builtin::Cdr => &[false],
            Builtin::Cadr => &[false, true],
            Builtin::Cddr => &[false, false],
            Builtin::Caar => &[true, true],
            Builtin::Cdar => &[true, false],
            Builtin::Caddr => &[false, false, true],
            _ => return None,
        })
    }

    /// True if the primitive allocates a pair, a vector or a record (its applications are allocation
    /// sites).
    pub fn allocates(self) -> bool {
        matches!(
            self,
            Builtin::Cons
                | Builtin::List
                | Builtin::Vector
                | Builtin::MakeVector
                | Builtin::MakeRecord
                | Builtin::StringToList
        )
    }
}

/// A primitive: a builtin, or a protocol event the user declared (`lock`, `unlock`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Prim {
    /// A builtin.
    Builtin(Builtin),
    /// An event, by its index in the program's event table.
    Event(u32),
}

/// A procedure literal.
#[derive(Clone, Debug)]
pub struct Lambda {
    /// The parameters.
    pub params: Vec<VarId>,
    /// The rest parameter of a variadic procedure (`(lambda (a . rest) ...)`, `(lambda args
    /// ...)`): the arguments after `params`, as a fresh list.
    pub rest: Option<VarId>,
    /// The body.
    pub body: Expr,
    /// The whole `(lambda ...)` form.
    pub span: Span,
}

/// A core expression.
#[derive(Clone, Debug)]
pub enum Expr {
    /// A constant.
    Const(Const, Span),
    /// A variable reference.
    Var(VarId, Span),
    /// A primitive used by name.
    Prim(Prim, Span),
    /// `(lambda (x ...) body)`.
    Lambda(Box<Lambda>),
    /// `(if c t e)`.
    If(Box<[Expr; 3]>, Span),
    /// `(let ((x e) ...) body)`; the inits do not see the bound variables.
    Let(Vec<(VarId, Expr)>, Box<Expr>, Span),
    /// `(letrec ((f (lambda ...)) ...) body)`.
    Letrec(Vec<(VarId, Lambda)>, Box<Expr>, Span),
    /// `(begin e1 ... en)`, n >= 1.
    Begin(Vec<Expr>, Span),
    /// `(set! x e)`.
    Set(VarId, Box<Expr>, Span),
    /// `(f e ...)`.
    App(Box<Expr>, Vec<Expr>, Span),
    /// `(call/cc f)`: `f` applied to the current continuation, reified as a procedure of one
    /// argument.
    CallCc(Box<Expr>, Span),
}

impl Expr {
    /// The source text the expression came from.
    pub fn span(&self) -> Span {
        match self {
            Expr::Const(_, s)
            | Expr::Var(_, s)
            | Expr::Prim(_, s)
            | Expr::If(_, s)
            | Expr::Let(_, _, s)
            | Expr::Letrec(_, _, s)
            | Expr::Begin(_, s)
            | Expr::Set(_, _, s)
            | Expr::App(_, _, s)
            | Expr::CallCc(_, s) => *s,
            Expr::Lambda(l) => l.span,
        }
    }
}
