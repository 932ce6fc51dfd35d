//! craig's tree of a C program, every node with its [`Span`], as the converter
//! ([`convert`](super::convert)) makes it from the parser's tree: names resolved, `switch` already
//! turned into jumps, refused constructs already reported. Integer types are kept with their
//! width and signedness, as the [`DataModel`] gives them (LP64 as on x86-64 Linux, or ILP32 as
//! on i386, both of which SV-COMP's tasks name): the lowering gives them C's machine meaning,
//! or reads them all as mathematical integers under `--math-int`.

use crate::syntax::Span;

/// A name with where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where.
    pub span: Span,
}

/// An integer type of C: its width in bits and whether it is signed. `_Bool` is the unsigned
/// type of 1 bit (its conversion is not a wrap-around, see [`CType::Bool`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntType {
    /// 1 (`_Bool`), 8, 16, 32 or 64.
    pub bits: u32,
    /// Two's complement, or unsigned.
    pub signed: bool,
}

impl IntType {
    /// `_Bool`.
    pub const BOOL: IntType = IntType { bits: 1, signed: false };
    /// `char` (signed on x86-64) and `signed char`.
    pub const CHAR: IntType = IntType { bits: 8, signed: true };
    /// `int`.
    pub const INT: IntType = IntType { bits: 32, signed: true };
    /// `unsigned int`.
    pub const UINT: IntType = IntType { bits: 32, signed: false };
    /// `long long`, and `long` under LP64 (see [`DataModel::long`]).
    pub const LONG: IntType = IntType { bits: 64, signed: true };
    /// `unsigned long long`, and `unsigned long` under LP64; also the type of craig's
    /// addresses, which are 64 bits under both data models.
    pub const ULONG: IntType = IntType { bits: 64, signed: false };

    /// The least value.
    pub fn min(self) -> rug::Integer {
        if self.signed { -(rug::Integer::from(1) << (self.bits - 1)) } else { rug::Integer::new() }
    }

    /// The greatest value.
    pub fn max(self) -> rug::Integer {
        let bits = if self.signed { self.bits - 1 } else { self.bits };
        (rug::Integer::from(1) << bits) - 1
    }

    /// `value` converted to this type as C (with GCC's choice where C leaves it to the
    /// implementation) converts it: reduced modulo `2^bits` into the type's range.
    pub fn wrap(self, value: rug::Integer) -> rug::Integer {
        let m = self.modulus();
        let mut r = (value - self.min()) % &m;
        if r < 0 {
            r += &m;
        }
        r + self.min()
    }

    /// `2^bits`, the modulus of its wrap-around.
    pub fn modulus(self) -> rug::Integer {
        rug::Integer::from(1) << self.bits
    }

    /// True when every value of `self` is a value of `other`.
    pub fn fits_in(self, other: IntType) -> bool {
        self.min() >= other.min() && self.max() <= other.max()
    }

    /// C's integer promotion: types narrower than `int` become `int`.
    pub fn promoted(self) -> IntType {
        if self.bits < 32 { IntType::INT } else { self }
    }

    /// C's usual arithmetic conversions for integer operands: both promoted, then the wider
    /// wins; at equal width unsigned wins (with LP64 every wider signed type holds every
    /// narrower unsigned one, so the rule for a wider signed type is the plain one).
    pub fn common(self, other: IntType) -> IntType {
        let (a, b) = (self.promoted(), other.promoted());
        match a.bits.cmp(&b.bits) {
            std::cmp::Ordering::Greater => a,
            std::cmp::Ordering::Less => b,
            std::cmp::Ordering::Equal => IntType { bits: a.bits, signed: a.signed && b.signed },
        }
    }

    /// The type's name as C writes it under `model` (64 bits are `long` under LP64, `long
    /// long` under ILP32).
    pub fn name(self, model: DataModel) -> &'static str {
        match (self.bits, self.signed) {
            (1, _) => "_Bool",
            (8, true) => "char",
            (8, false) => "unsigned char",
            (16, true) => "short",
            (16, false) => "unsigned short",
            (32, true) => "int",
            (32, false) => "unsigned int",
            (64, true) if model == DataModel::Ilp32 => "long long",
            (64, true) => "long",
            (_, _) if model == DataModel::Ilp32 => "unsigned long long",
            (_, _) => "unsigned long",
        }
    }

    /// The type of an integer literal: a decimal literal without suffix is the first of `int`,
    /// `long`, `long long` that holds it; an octal or hexadecimal one may also be unsigned;
    /// `u`, `l` and `ll` suffixes start the list further along (C11 6.4.4.1). `longs` counts
    /// the `l`s of the suffix. `None` when no type holds it.
    pub fn of_literal(
        value: &rug::Integer,
        decimal: bool,
        unsigned: bool,
        longs: u8,
        model: DataModel,
    ) -> Option<IntType> {
        let (long, ulong) = (model.long(), model.ulong());
        let (long_long, ulong_long) = (IntType::LONG, IntType::ULONG);
        let all = [IntType::INT, IntType::UINT, long, ulong, long_long, ulong_long];
        let first = match longs {
            0 => 0,
            1 => 2,
            _ => 4,
        };
        all[first..]
            .iter()
            .copied()
            .filter(|t| !unsigned || !t.signed)
            // A decimal literal without `u` stays signed.
            .filter(|t| !decimal || unsigned || t.signed)
            .find(|t| *value >= t.min() && *value <= t.max())
    }
}

/// The machine a program is read for: the sizes of `long` and of pointers, as SV-COMP's tasks
/// state them (`options: data_model:`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DataModel {
    /// 32-bit `long` and pointers (i386); `long long` and `double` aligned to 4 bytes in
    /// structs, as GCC lays them out there.
    Ilp32,
    /// 64-bit `long` and pointers (x86-64 Linux), what a plain C file is read as.
    #[default]
    Lp64,
}

impl DataModel {
    /// `long`.
    pub fn long(self) -> IntType {
        IntType { bits: self.long_bits(), signed: true }
    }

    /// `unsigned long`, and `size_t`.
    pub fn ulong(self) -> IntType {
        IntType { bits: self.long_bits(), signed: false }
    }

    fn long_bits(self) -> u32 {
        match self {
            DataModel::Ilp32 => 32,
            DataModel::Lp64 => 64,
        }
    }

    /// The bytes of a pointer, as `sizeof` and struct layouts count them.
    pub fn pointer_bytes(self) -> u64 {
        u64::from(self.long_bits() / 8)
    }

    /// The most alignment a scalar gets in a struct (i386's System V ABI aligns 8-byte
    /// scalars to 4).
    pub fn max_scalar_align(self) -> u64 {
        self.pointer_bytes()
    }

    /// The model a task or a user names (`ILP32`, `LP64`, in any case), if craig knows it.
    pub fn from_name(text: &str) -> Option<DataModel> {
        match text.to_ascii_uppercase().as_str() {
            "LP64" => Some(DataModel::Lp64),
            "ILP32" => Some(DataModel::Ilp32),
            _ => None,
        }
    }

    /// Its name as tasks write it.
    pub fn name(self) -> &'static str {
        match self {
            DataModel::Ilp32 => "ILP32",
            DataModel::Lp64 => "LP64",
        }
    }
}

/// A struct or union type: its place in [`TranslationUnit::structs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructId(pub u32);

/// A function type: its place in [`TranslationUnit::function_types`] (kept apart so that
/// types stay plain values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FunctionTypeId(pub u32);

/// What a pointer to a function says of the functions it may point to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionType {
    /// The result type.
    pub result: CType,
    /// The parameters' types; `None` for an unprototyped `()`, which says nothing of them.
    pub params: Option<Vec<CType>>,
}

impl FunctionType {
    /// True if a function with this result and these parameters has this type (C's
    /// compatibility, qualifiers being dropped already).
    pub fn admits(&self, result: CType, params: &[CType]) -> bool {
        self.result == result && self.params.as_ref().is_none_or(|p| p.as_slice() == params)
    }

    /// Its place in `table`, where it is put once.
    pub fn intern(self, table: &mut Vec<FunctionType>) -> FunctionTypeId {
        let index = match table.iter().position(|t| *t == self) {
            Some(i) => i,
            None => {
                table.push(self);
                table.len() - 1
            }
        };
        FunctionTypeId(index as u32)
    }
}

/// A type of craig's C: a scalar, or a struct or union (which lives in memory).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CType {
    /// `void` (function results only).
    Void,
    /// `_Bool` / `bool`: a conversion into it gives 1 for every non-zero value.
    Bool,
    /// Every other integer type (`int`, `unsigned`, `char`, `short`, `long`, ...).
    Int(IntType),
    /// A pointer (to a scalar, `void`, a struct, a function, or another pointer; pointers to
    /// arrays are refused where they are written).
    Pointer(Pointee),
    /// A struct or union: an aggregate of fields, never a value in a register.
    Struct(StructId),
}

/// What a chain of pointers ends at (`int` in `int **`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// `void`.
    Void,
    /// `_Bool`.
    Bool,
    /// An integer type.
    Int(IntType),
    /// A struct or union.
    Struct(StructId),
    /// A function of this type.
    Function(FunctionTypeId),
}

impl Base {
    /// The pointee of a pointer to this base.
    fn pointee(self) -> Pointee {
        match self {
            Base::Void => Pointee::Void,
            Base::Bool => Pointee::Bool,
            Base::Int(t) => Pointee::Int(t),
            Base::Struct(s) => Pointee::Struct(s),
            Base::Function(f) => Pointee::Function(f),
        }
    }
}

/// The deepest chain of pointers craig's C reads (`int ********`).
pub const MAX_POINTER_DEPTH: u8 = 8;

/// What a pointer points to. Kept flat (a chain of pointers is its base and its depth) so
/// that types stay plain values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pointee {
    /// `void *`: an address without a type, which must be converted before it is dereferenced.
    Void,
    /// `_Bool *`.
    Bool,
    /// A pointer to an integer type.
    Int(IntType),
    /// A pointer to a struct or union.
    Struct(StructId),
    /// A pointer to a function (its address: called, compared, stored, never read or
    /// written through).
    Function(FunctionTypeId),
    /// A pointer to a pointer: `Pointer(base, n)` points to a pointer with `n` more `*` over
    /// `base` (`int **` is `Pointer(Int, 1)`).
    Pointer(Base, u8),
}

impl Pointee {
    /// The type of the object pointed to, if it has one (`void` has none).
    pub fn value_type(self) -> Option<CType> {
        match self {
            Pointee::Void => None,
            Pointee::Bool => Some(CType::Bool),
            Pointee::Int(t) => Some(CType::Int(t)),
            Pointee::Struct(s) => Some(CType::Struct(s)),
            Pointee::Function(_) => None,
            Pointee::Pointer(base, 1) => Some(CType::Pointer(base.pointee())),
            Pointee::Pointer(base, n) => Some(CType::Pointer(Pointee::Pointer(base, n - 1))),
        }
    }

    /// The pointee of a pointer to `ty`, if craig's C has it.
    pub fn of(ty: CType) -> Option<Pointee> {
        match ty {
            CType::Void => Some(Pointee::Void),
            CType::Bool => Some(Pointee::Bool),
            CType::Int(t) => Some(Pointee::Int(t)),
            CType::Struct(s) => Some(Pointee::Struct(s)),
            CType::Pointer(p) => match p {
                Pointee::Void => Some(Pointee::Pointer(Base::Void, 1)),
                Pointee::Bool => Some(Pointee::Pointer(Base::Bool, 1)),
                Pointee::Int(t) => Some(Pointee::Pointer(Base::Int(t), 1)),
                Pointee::Struct(s) => Some(Pointee::Pointer(Base::Struct(s), 1)),
                Pointee::Function(f) => Some(Pointee::Pointer(Base::Function(f), 1)),
                Pointee::Pointer(base, n) if n < MAX_POINTER_DEPTH => {
                    Some(Pointee::Pointer(base, n + 1))
                }
                Pointee::Pointer(..) => None,
            },
        }
    }

    /// Its size in bytes, by which pointer arithmetic steps (GCC steps `void *` by 1).
    pub fn size(self, structs: &[StructLayout], model: DataModel) -> u64 {
        match self {
            // GCC steps a pointer to a function by 1, as `void *`.
            Pointee::Void | Pointee::Bool | Pointee::Function(_) => 1,
            Pointee::Int(t) => u64::from(t.bits.max(8) / 8),
            Pointee::Struct(s) => structs.get(s.0 as usize).map_or(1, |l| l.size),
            Pointee::Pointer(..) => model.pointer_bytes(),
        }
    }

    /// How C writes it (`int`, `void`, `struct`, `pointer`) under `model`.
    pub fn name(self, model: DataModel) -> &'static str {
        match self {
            Pointee::Void => "void",
            Pointee::Bool => "_Bool",
            Pointee::Int(t) => t.name(model),
            Pointee::Struct(_) => "struct",
            Pointee::Function(_) => "function",
            Pointee::Pointer(..) => "pointer",
        }
    }
}

impl CType {
    /// `int`.
    pub const INT: CType = CType::Int(IntType::INT);

    /// The integer type of its values (`int` for `void` and structs, which have none;
    /// `unsigned long` for a pointer, whose value is an address of 64 bits).
    pub fn integer(self) -> IntType {
        match self {
            CType::Bool => IntType::BOOL,
            CType::Int(t) => t,
            CType::Void | CType::Struct(_) => IntType::INT,
            CType::Pointer(_) => IntType::ULONG,
        }
    }

    /// The pointee, for a pointer type.
    pub fn pointee(self) -> Option<Pointee> {
        match self {
            CType::Pointer(p) => Some(p),
            _ => None,
        }
    }

    /// The struct, for a struct or union type.
    pub fn as_struct(self) -> Option<StructId> {
        match self {
            CType::Struct(s) => Some(s),
            _ => None,
        }
    }

    /// Its size in bytes, and its alignment in a struct, under `model`.
    pub fn size_and_align(self, structs: &[StructLayout], model: DataModel) -> (u64, u64) {
        match self {
            CType::Void | CType::Bool => (1, 1),
            CType::Int(t) => {
                let n = u64::from(t.bits.max(8) / 8);
                (n, n.min(model.max_scalar_align()))
            }
            CType::Pointer(_) => (model.pointer_bytes(), model.pointer_bytes()),
            CType::Struct(s) => structs.get(s.0 as usize).map_or((1, 1), |l| (l.size, l.align)),
        }
    }

    /// Its size in bytes under `model`.
    pub fn size(self, structs: &[StructLayout], model: DataModel) -> u64 {
        self.size_and_align(structs, model).0
    }

    /// A number naming this scalar type as memory holds it (its width and signedness; one
    /// for every pointer, since every address is a value of every pointer type); `None` for
    /// `void` and structs.
    pub fn scalar_code(self) -> Option<i64> {
        match self {
            CType::Void | CType::Struct(_) => None,
            CType::Bool => Some(1),
            CType::Int(t) => Some(i64::from(t.bits) * 2 + i64::from(t.signed)),
            CType::Pointer(_) => Some(1000),
        }
    }

    /// The [`scalar_code`](Self::scalar_code) every scalar of an object of this type has,
    /// when they all have one (a struct of `int`s, an `int`); `None` for a struct mixing types
    /// or holding none.
    pub fn uniform_scalar_code(self, structs: &[StructLayout]) -> Option<i64> {
        let CType::Struct(s) = self else { return self.scalar_code() };
        let fields = structs.get(s.0 as usize)?.fields.as_ref()?;
        let mut codes = fields.iter().map(|f| f.ty.uniform_scalar_code(structs));
        let first = codes.next()??;
        codes.all(|k| k == Some(first)).then_some(first)
    }
}

/// A struct's or union's layout, as GCC lays it out on x86-64 (LP64): each field at the next
/// offset that is a multiple of its alignment, the whole rounded up to the largest alignment;
/// a union's fields all at offset 0.
#[derive(Clone, Debug)]
pub struct StructLayout {
    /// `struct node`, `union u`, `struct <anonymous>`.
    pub name: String,
    /// A union rather than a struct.
    pub union: bool,
    /// Where it is defined (or first named, while incomplete).
    pub span: Span,
    /// Its fields, in order; `None` while only declared (`struct node;`).
    pub fields: Option<Vec<Field>>,
    /// Its size in bytes, padding included.
    pub size: u64,
    /// Its alignment in bytes.
    pub align: u64,
}

impl StructLayout {
    /// The field of this name.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.as_ref()?.iter().find(|f| f.name == name)
    }
}

/// A field of a struct or union.
#[derive(Clone, Debug)]
pub struct Field {
    /// Its name.
    pub name: String,
    /// Its type (an array field's: its elements').
    pub ty: CType,
    /// The number of elements, for an array field (of a multi-dimensional one, all of them).
    pub array: Option<u64>,
    /// For a multi-dimensional array field, the sizes of its dimensions after the first
    /// (it is the one-dimensional array of its elements in row order); empty otherwise.
    pub rows: Vec<u64>,
    /// Its offset in bytes from the start of the struct.
    pub offset: u64,
}

/// The scalars an object of type `ty` (an array of `array` of them, if given) holds, as
/// `(offset, type)` in address order: what zeroing, copying and initialising it touch.
pub fn scalar_leaves(
    ty: CType,
    array: Option<u64>,
    (structs, model): (&[StructLayout], DataModel),
    out: &mut Vec<(u64, CType)>,
    base: u64,
) {
    let step = ty.size(structs, model);
    for k in 0..array.unwrap_or(1) {
        let at = base + k * step;
        match ty {
            CType::Struct(s) => {
                let fields = structs.get(s.0 as usize).and_then(|l| l.fields.as_ref());
                for f in fields.into_iter().flatten() {
                    scalar_leaves(f.ty, f.array, (structs, model), out, at + f.offset);
                }
            }
            _ => out.push((at, ty)),
        }
    }
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
    /// The names the program's functions call that no function of the file defines (builtins,
    /// the C library's functions, undeclared names).
    pub undefined_calls: std::collections::BTreeSet<String>,
    /// The functions declared with a signature craig reads (a prototype with a fixed list of
    /// parameters) and defined nowhere in the file: external functions, by name.
    pub externs: Vec<Extern>,
    /// Functions of the file left out because `main` does not call them and craig cannot read
    /// them.
    pub left_out: Vec<LeftOut>,
    /// The struct and union types, by [`StructId`].
    pub structs: Vec<StructLayout>,
    /// The function types pointers point to, by [`FunctionTypeId`].
    pub function_types: Vec<FunctionType>,
    /// The names the program uses as values that are no variable in scope where they are
    /// used: among them the functions whose address is taken (`f`, `&f`), which a call
    /// through a pointer may reach.
    pub named_values: std::collections::BTreeSet<String>,
    /// The machine the sizes and layouts are for.
    pub data_model: DataModel,
}

/// An external function: declared, with its signature, and defined elsewhere.
#[derive(Clone, Debug)]
pub struct Extern {
    /// Its name where it is (first) declared.
    pub name: Ident,
    /// The result type.
    pub result: CType,
    /// The parameters' types, in order.
    pub params: Vec<CType>,
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
    /// The variable takes the (promoted) type of its initialiser instead of `ty`: the value a
    /// `switch` compares its cases with.
    pub typed_by_initializer: bool,
}

/// What a declared variable starts with.
#[derive(Clone, Debug)]
pub enum Initializer {
    /// `= e`.
    Expr(Expr),
    /// `= { e1, e2, ... }` (arrays).
    List(Vec<Expr>, Span),
    /// `= { .f = e, { ... }, ... }`: a list with designators or nested lists (structs, arrays
    /// of structs).
    Nested(Vec<InitItem>, Span),
}

impl Initializer {
    /// Every expression it holds, in order.
    pub fn expressions(&self) -> Vec<&Expr> {
        match self {
            Initializer::Expr(e) => vec![e],
            Initializer::List(es, _) => es.iter().collect(),
            Initializer::Nested(items, _) => {
                items.iter().flat_map(|item| item.value.expressions()).collect()
            }
        }
    }
}

/// One item of a nested initialiser list.
#[derive(Clone, Debug)]
pub struct InitItem {
    /// `.f =`, if written.
    pub field: Option<Ident>,
    /// The value or inner list.
    pub value: Initializer,
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
    /// `~e`.
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
    /// `<<`.
    Shl,
    /// `>>`.
    Shr,
    /// `&`.
    BitAnd,
    /// `|`.
    BitOr,
    /// `^`.
    BitXor,
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
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitOr => "|",
            BinaryOp::BitXor => "^",
        }
    }
}

/// The expressions of the subset.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// An integer or character literal, with its C type.
    Int(rug::Integer, IntType),
    /// A variable.
    Var(String),
    /// A string literal: its bytes, the terminating zero included. It is the address of a
    /// static array of `char` holding them.
    String(Vec<u8>),
    /// `a[i]`, `a` a variable.
    Index(Ident, Box<Expr>),
    /// `e[i]` for an `e` that is not a variable (`s.a[i]`, `p->next[i]`, `pp[i][j]`).
    Subscript(Box<Expr>, Box<Expr>),
    /// `e.f` (`arrow` false) or `e->f` (`arrow` true).
    Member {
        /// The struct (or the pointer to it, with `->`).
        base: Box<Expr>,
        /// The field's name.
        field: Ident,
        /// Written `->`.
        arrow: bool,
    },
    /// `f(args)`, `f` a function.
    Call(Ident, Vec<Expr>),
    /// `e(args)`: a call through a pointer to a function (`fp(x)`, `(*fp)(x)`, `s->op(x)`).
    CallThrough(Box<Expr>, Vec<Expr>),
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
    /// A conversion to an integer type, `_Bool` or a pointer type, written (a cast) or implied
    /// where C's conversions cannot be read from the operands' types alone.
    Cast(CType, Box<Expr>),
    /// `&x`: the address of a variable (or of an element, `&a[i]`, `&p[i]`).
    AddressOf(Box<Expr>),
    /// `*p`: the object a pointer points to.
    Deref(Box<Expr>),
    /// `sizeof e`: the size of `e`'s type, in bytes; `e` is not evaluated.
    SizeOf(Box<Expr>),
    /// Something the converter refused (already reported).
    Refused,
}
