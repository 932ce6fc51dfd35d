//! Types, declarators and constant expressions: what a declaration declares, the integer
//! constant expressions C evaluates at translation time (array sizes, enumeration values,
//! `case` labels, `sizeof`), and the refusals of types craig cannot read.

use lang_c::ast as c;
use lang_c::span::Node;

use super::super::ast::*;
use super::super::source::ParseText;
use super::{Converter, NO_MEMORY};
use crate::syntax::{Diagnostic, Span};

/// A construct craig cannot give a meaning to, kept until the program uses it.
#[derive(Clone, Debug)]
pub struct Refusal {
    /// Where the construct is.
    pub span: Span,
    /// The message.
    pub message: String,
    /// What to do instead.
    pub note: String,
    /// Where the refused thing is declared, when that is elsewhere (a typedef's definition).
    pub origin: Option<Span>,
}

impl Refusal {
    /// A refusal with its whole message.
    pub fn new(span: Span, message: impl Into<String>, note: impl Into<String>) -> Refusal {
        Refusal { span, message: message.into(), note: note.into(), origin: None }
    }

    /// "WHAT not in craig's C subset".
    pub fn construct(span: Span, what: &str, note: &str) -> Refusal {
        Refusal::new(span, format!("{what} not in craig's C subset"), note)
    }

    /// The error to report.
    pub fn diagnostic(&self) -> Diagnostic {
        let d = Diagnostic::error(self.span, self.message.clone());
        let d = match self.origin {
            Some(origin) if origin != self.span => d.with_label(origin, "declared here"),
            _ => d,
        };
        d.with_note(self.note.clone())
    }

    /// Adds where the refused thing is declared.
    pub fn with_origin(mut self, origin: Span) -> Refusal {
        self.origin = Some(origin);
        self
    }
}

/// The storage classes of a declaration that matter here.
#[derive(Clone, Copy, Debug, Default)]
pub struct Storage {
    pub typedef: bool,
    pub extern_: bool,
    pub static_: Option<lang_c::span::Span>,
}

/// Reads the storage class specifiers.
pub fn storage(specifiers: &[Node<c::DeclarationSpecifier>]) -> Storage {
    let mut s = Storage::default();
    for spec in specifiers {
        if let c::DeclarationSpecifier::StorageClass(class) = &spec.node {
            match class.node {
                c::StorageClassSpecifier::Typedef => s.typedef = true,
                c::StorageClassSpecifier::Extern => s.extern_ = true,
                c::StorageClassSpecifier::Static => s.static_ = Some(class.span),
                _ => {}
            }
        }
    }
    s
}

/// A function declarator's parameters.
pub enum Parameters<'a> {
    /// A prototype: the parameters and whether `...` follows.
    Prototype(&'a [Node<c::ParameterDeclaration>], bool, Span),
    /// An old-style identifier list (`f()` is one, empty).
    OldStyle(&'a [Node<c::Identifier>], Span),
}

/// An array dimension as written, with where.
pub type Dimension<'a> = (&'a c::ArraySize, Span);

/// What a declarator declares, flattened.
pub struct Shape<'a> {
    /// The declared name, if any (abstract declarators have none).
    pub name: Option<Ident>,
    /// The first pointer, if any.
    pub pointer: Option<Span>,
    /// How many pointer declarators there are (`int **p` has two).
    pub pointers: usize,
    /// True when the pointer is inside parentheses (`(*f)(int)`: a pointer to a function).
    pub nested_pointer: bool,
    /// The pointer declarators outside every parenthesis (`int *(*f)(int)` has one: of the
    /// result of the function `*f` points to).
    pub outer_pointers: usize,
    /// Array dimensions, outermost first.
    pub arrays: Vec<Dimension<'a>>,
    /// The parameters, for a function declarator.
    pub function: Option<Parameters<'a>>,
}

/// Flattens a declarator.
pub fn declarator_shape<'a>(d: &'a Node<c::Declarator>, text: &ParseText) -> Shape<'a> {
    let mut shape = Shape {
        name: None,
        pointer: None,
        pointers: 0,
        nested_pointer: false,
        outer_pointers: 0,
        arrays: Vec::new(),
        function: None,
    };
    collect_shape(d, text, &mut shape, false);
    shape
}

impl Shape<'_> {
    /// True when it declares a function (`int f(int)`, `int *f(void)`), not a pointer to one.
    pub fn declares_function(&self) -> bool {
        self.function.is_some() && !self.nested_pointer
    }

    /// True when it declares a pointer to a function (`int (*f)(int)`, `int (*ops[2])(int)`).
    pub fn declares_function_pointer(&self) -> bool {
        self.function.is_some() && self.nested_pointer
    }
}

fn collect_shape<'a>(
    d: &'a Node<c::Declarator>,
    text: &ParseText,
    shape: &mut Shape<'a>,
    nested: bool,
) {
    let span = |s: lang_c::span::Span| text.span(s.start, s.end);
    match &d.node.kind.node {
        c::DeclaratorKind::Identifier(id) => {
            shape.name = Some(Ident { name: id.node.name.clone(), span: span(id.span) });
        }
        c::DeclaratorKind::Declarator(inner) => collect_shape(inner, text, shape, true),
        c::DeclaratorKind::Abstract => {}
    }
    for derived in &d.node.derived {
        match &derived.node {
            c::DerivedDeclarator::Pointer(_) | c::DerivedDeclarator::Block(_) => {
                shape.pointers += 1;
                if !nested {
                    shape.outer_pointers += 1;
                }
                if shape.pointer.is_none() {
                    shape.pointer = Some(span(derived.span));
                    shape.nested_pointer = nested;
                }
            }
            c::DerivedDeclarator::Array(a) => shape.arrays.push((&a.node.size, span(a.span))),
            c::DerivedDeclarator::Function(f) => {
                if shape.function.is_none() {
                    let ellipsis = matches!(f.node.ellipsis, c::Ellipsis::Some);
                    shape.function =
                        Some(Parameters::Prototype(&f.node.parameters, ellipsis, span(f.span)));
                }
            }
            c::DerivedDeclarator::KRFunction(names) => {
                if shape.function.is_none() {
                    shape.function = Some(Parameters::OldStyle(names, span(derived.span)));
                }
            }
        }
    }
}

/// The type of a pointer declarator over `base` (`pointers` stars): pointers to scalars,
/// `void`, structs and pointers; pointers to arrays and functions are refused at the `*`.
pub fn pointer_to(base: CType, pointers: usize, nested: bool, at: Span) -> Result<CType, Refusal> {
    if nested {
        return Err(Refusal::construct(
            at,
            "pointers to arrays and functions are",
            "craig's C points to scalars, structs and pointers: index through a pointer to the \
             element type",
        ));
    }
    let mut ty = base;
    for _ in 0..pointers {
        match Pointee::of(ty) {
            Some(p) => ty = CType::Pointer(p),
            None => {
                return Err(Refusal::construct(
                    at,
                    "pointers this deep are",
                    "craig's C reads at most eight `*` in one type",
                ));
            }
        }
    }
    Ok(ty)
}

/// The integer kinds' sizes in bytes: `long` as the data model has it, `long long` 8.
fn integer_size(words: &[&c::TypeSpecifier], model: DataModel) -> u64 {
    let longs = words.iter().filter(|w| matches!(w, c::TypeSpecifier::Long)).count();
    if words.iter().any(|w| matches!(w, c::TypeSpecifier::Char | c::TypeSpecifier::Bool)) {
        1
    } else if words.iter().any(|w| matches!(w, c::TypeSpecifier::Short)) {
        2
    } else if longs > 1 {
        8
    } else if longs == 1 {
        u64::from(model.long().bits / 8)
    } else {
        4
    }
}

/// The integer type named by the words `char`, `short`, `int`, `long`, `signed`, `unsigned`
/// (a plain `char` is signed, as on x86 under both data models).
pub fn integer_type(words: &[&c::TypeSpecifier], model: DataModel) -> IntType {
    let bytes = integer_size(words, model);
    let signed = !words.iter().any(|w| matches!(w, c::TypeSpecifier::Unsigned));
    IntType { bits: bytes as u32 * 8, signed }
}

impl Converter<'_> {
    /// The type the specifiers of a declaration name.
    pub(super) fn base_type(
        &mut self,
        specifiers: &[Node<c::DeclarationSpecifier>],
    ) -> Result<CType, Refusal> {
        let words: Vec<&Node<c::TypeSpecifier>> = specifiers
            .iter()
            .filter_map(|s| match &s.node {
                c::DeclarationSpecifier::TypeSpecifier(t) => Some(t),
                _ => None,
            })
            .collect();
        let ty = self.type_of_words(&words);
        self.layout_attributes(specifiers, ty)
    }

    /// The type the specifiers of a type name (a cast, `sizeof`) name.
    pub(super) fn qualified_type(
        &mut self,
        specifiers: &[Node<c::SpecifierQualifier>],
    ) -> Result<CType, Refusal> {
        let words: Vec<&Node<c::TypeSpecifier>> = specifiers
            .iter()
            .filter_map(|s| match &s.node {
                c::SpecifierQualifier::TypeSpecifier(t) => Some(t),
                _ => None,
            })
            .collect();
        self.type_of_words(&words)
    }

    fn type_of_words(&mut self, words: &[&Node<c::TypeSpecifier>]) -> Result<CType, Refusal> {
        let mut ty = None;
        let mut refusal = None;
        let mut integer_words = Vec::new();
        for word in words {
            let at = self.span(word);
            let this = match &word.node {
                c::TypeSpecifier::Void => Ok(CType::Void),
                c::TypeSpecifier::Bool => Ok(CType::Bool),
                c::TypeSpecifier::Char
                | c::TypeSpecifier::Short
                | c::TypeSpecifier::Int
                | c::TypeSpecifier::Long
                | c::TypeSpecifier::Signed
                | c::TypeSpecifier::Unsigned => {
                    integer_words.push(&word.node);
                    continue;
                }
                c::TypeSpecifier::Float
                | c::TypeSpecifier::Double
                | c::TypeSpecifier::Complex
                | c::TypeSpecifier::TS18661Float(_) => Err(Refusal::construct(
                    at,
                    "floating-point types are",
                    "craig's C numbers are integers",
                )),
                c::TypeSpecifier::Atomic(_) => Err(Refusal::construct(
                    at,
                    "`_Atomic` types are",
                    "craig's C programs are sequential",
                )),
                c::TypeSpecifier::Struct(s) => self.struct_specifier(s, at),
                c::TypeSpecifier::Enum(e) => {
                    self.enumerators(&e.node.enumerators);
                    Ok(CType::INT)
                }
                c::TypeSpecifier::TypedefName(name) => match self.typedefs.get(&name.node.name) {
                    Some(Ok(ty)) => Ok(*ty),
                    Some(Err(r)) => Err(Refusal::new(
                        at,
                        format!(
                            "`{}` names a type that is not in craig's C subset",
                            name.node.name
                        ),
                        format!("{} ({})", r.message, r.note),
                    )
                    .with_origin(r.span)),
                    None => Ok(CType::INT),
                },
                c::TypeSpecifier::TypeOf(_) => Err(Refusal::construct(
                    at,
                    "`typeof` is",
                    "name the type: craig's C reads `typeof` only in headers it does not use",
                )),
            };
            match this {
                Ok(t) => {
                    ty.get_or_insert(t);
                }
                Err(r) => {
                    refusal.get_or_insert(r);
                }
            }
        }
        if !integer_words.is_empty() && ty.is_none() {
            ty = Some(CType::Int(integer_type(&integer_words, self.unit.data_model)));
        }
        match refusal {
            Some(r) => Err(r),
            // Only qualifiers (`const x;`): C89's implicit int.
            None => Ok(ty.unwrap_or(CType::INT)),
        }
    }

    fn struct_specifier(&mut self, s: &Node<c::StructType>, at: Span) -> Result<CType, Refusal> {
        let unreadable =
            s.node.identifier.as_ref().is_some_and(|i| i.node.name == "__craig_unreadable");
        if unreadable {
            return Err(Refusal::new(
                at,
                "this type comes from a header declaration craig's C parser could not read",
                "the program can use it only if it parses",
            ));
        }
        self.struct_type(s, at)
    }

    /// Records the values of an enumeration's constants.
    fn enumerators(&mut self, enumerators: &[Node<c::Enumerator>]) {
        let mut next = rug::Integer::from(0);
        for e in enumerators {
            let value = match &e.node.expression {
                Some(x) => match self.constant(x) {
                    Some(v) => v,
                    None => continue,
                },
                None => next.clone(),
            };
            next = value.clone() + 1;
            self.enum_constants.insert(e.node.identifier.node.name.clone(), value);
        }
    }

    /// The type of a declarator over a base type: a scalar, possibly an array of one dimension.
    pub(super) fn declared_type<'a>(
        &mut self,
        base: &Result<CType, Refusal>,
        shape: &Shape<'a>,
    ) -> Result<(CType, Option<Dimension<'a>>), Refusal> {
        let (ty, first, _) = self.declared_variable_type(base, shape)?;
        if let Some((_, at)) = shape.arrays.get(1) {
            return Err(Refusal::construct(
                *at,
                "multi-dimensional arrays as typedefs or in the parameters of function \
                 pointer types are",
                "craig's C has them as variables, fields and parameters; elsewhere use a \
                 one-dimensional array and compute the index",
            ));
        }
        Ok((ty, first))
    }

    /// The type of a variable's declarator over a base type: a scalar, possibly an array, with
    /// the sizes of its dimensions after the first (see [`super::arrays`]).
    pub(super) fn declared_variable_type<'a>(
        &mut self,
        base: &Result<CType, Refusal>,
        shape: &Shape<'a>,
    ) -> Result<(CType, Option<Dimension<'a>>, Vec<u64>), Refusal> {
        let mut ty = base.clone()?;
        if let Some(f) = &shape.function
            && !shape.declares_function_pointer()
        {
            let at = match f {
                Parameters::Prototype(_, _, s) | Parameters::OldStyle(_, s) => *s,
            };
            return Err(Refusal::construct(at, "function types here are", NO_MEMORY));
        }
        if let Some(p) = shape.pointer {
            ty = self.pointer_type(ty, shape, p)?;
        }
        let rows = self.row_sizes(shape)?;
        Ok((ty, shape.arrays.first().copied(), rows))
    }

    /// The type of a declarator with pointers over `base`: a pointer to a function when the
    /// pointer is in parentheses before a parameter list (`int (*f)(int)`), else
    /// [`pointer_to`].
    pub(super) fn pointer_type(
        &mut self,
        base: CType,
        shape: &Shape<'_>,
        at: Span,
    ) -> Result<CType, Refusal> {
        let Some(params) = shape.function.as_ref().filter(|_| shape.nested_pointer) else {
            return pointer_to(base, shape.pointers, shape.nested_pointer, at);
        };
        let result = pointer_to(base, shape.outer_pointers, false, at)?;
        if let CType::Struct(_) = result {
            return Err(Refusal::construct(
                at,
                "pointers to functions returning structs by value are",
                "return a pointer to the struct",
            ));
        }
        let function = self.function_type(result, params)?;
        let pointer = CType::Pointer(Pointee::Function(function));
        pointer_to(pointer, shape.pointers - shape.outer_pointers - 1, false, at)
    }

    /// The function type of a result and a parameter list, kept once in the unit's table.
    fn function_type(
        &mut self,
        result: CType,
        params: &Parameters<'_>,
    ) -> Result<FunctionTypeId, Refusal> {
        let params = match params {
            Parameters::OldStyle([], _) => None,
            Parameters::OldStyle(_, at) => {
                return Err(Refusal::construct(
                    *at,
                    "old-style (K&R) parameter lists are",
                    "declare the parameters' types in the parentheses",
                ));
            }
            Parameters::Prototype(list, ellipsis, at) => {
                if *ellipsis {
                    return Err(Refusal::construct(
                        *at,
                        "pointers to functions with a variable number of arguments are",
                        "give the function a fixed list of parameters",
                    ));
                }
                let mut types = Vec::new();
                for p in list.iter() {
                    let base = self.base_type(&p.node.specifiers);
                    let shape = p.node.declarator.as_ref().map(|d| declarator_shape(d, self.text));
                    let ty = match &shape {
                        Some(shape) => self.declared_type(&base, shape).map(|(ty, array)| {
                            // C adjusts an array parameter to a pointer (6.7.6.3).
                            match (array, Pointee::of(ty)) {
                                (Some(_), Some(p)) => CType::Pointer(p),
                                _ => ty,
                            }
                        })?,
                        None => base?,
                    };
                    if let CType::Struct(_) = ty {
                        return Err(Refusal::construct(
                            self.span(p),
                            "pointers to functions taking structs by value are",
                            "pass a pointer to the struct",
                        ));
                    }
                    types.push(ty);
                }
                if let [CType::Void] = types.as_slice() {
                    // `(void)`.
                    types.clear();
                }
                Some(types)
            }
        };
        Ok(FunctionType { result, params }.intern(&mut self.unit.function_types))
    }

    /// The number of elements of an array: its constant size, or the length of its initialiser
    /// list when the size is left out. Errors are reported.
    pub(super) fn array_size(
        &mut self,
        array: Option<Dimension<'_>>,
        init: Option<&Node<c::Initializer>>,
    ) -> Option<u64> {
        let (size, at) = array?;
        match size {
            c::ArraySize::VariableExpression(e) | c::ArraySize::StaticExpression(e) => {
                match self.constant(e).and_then(|n| n.to_u64()) {
                    Some(n) if n > 0 => Some(n),
                    _ => {
                        let s = self.span(e);
                        self.diags.push(
                            Diagnostic::error(s, "an array's size must be a positive constant")
                                .with_note("variable-length arrays are not in craig's C subset"),
                        );
                        None
                    }
                }
            }
            c::ArraySize::Unknown | c::ArraySize::VariableUnknown => match init.map(|i| &i.node) {
                Some(c::Initializer::List(items)) if !items.is_empty() => Some(items.len() as u64),
                // `char s[] = "abc";` has room for the string and its zero.
                Some(c::Initializer::Expression(e))
                    if let c::Expression::StringLiteral(s) = &e.node
                        && let Some(bytes) = string_literal(&s.node) =>
                {
                    Some(bytes.len() as u64)
                }
                _ => {
                    self.diags.push(
                        Diagnostic::error(at, "an array needs its size")
                            .with_note("write the number of elements: `int a[10];`"),
                    );
                    None
                }
            },
        }
    }

    /// A function's parameters; refusals are reported. In a prototype (`named` false) a
    /// parameter may have no name: it gets one of craig's (`__craig_arg1`, ...).
    pub(super) fn parameters(&mut self, function: &Parameters<'_>, named: bool) -> Vec<Param> {
        let (list, ellipsis, at) = match function {
            Parameters::OldStyle(names, at) => {
                if !names.is_empty() {
                    self.refuse(&Refusal::construct(
                        *at,
                        "old-style (K&R) parameter lists are",
                        "declare the parameters' types in the parentheses",
                    ));
                }
                return Vec::new();
            }
            Parameters::Prototype(list, ellipsis, at) => (*list, *ellipsis, *at),
        };
        if ellipsis {
            self.refuse(&Refusal::construct(
                at,
                "functions with a variable number of arguments are",
                "give the function a fixed list of parameters",
            ));
        }
        let mut params = Vec::new();
        self.rows.parameters.clear();
        for p in list {
            let span = self.span(p);
            let base = self.base_type(&p.node.specifiers);
            let shape = p.node.declarator.as_ref().map(|d| declarator_shape(d, self.text));
            let unnamed = shape.as_ref().is_none_or(|s| s.name.is_none());
            if unnamed && list.len() == 1 && matches!(base, Ok(CType::Void)) {
                // `f(void)`.
                return Vec::new();
            }
            let ty = match base {
                Ok(ty) => ty,
                Err(r) => {
                    self.refuse(&r);
                    CType::INT
                }
            };
            let Some(shape) = shape else {
                if named {
                    self.error(span, "a parameter needs a name");
                } else {
                    let name = Ident { name: format!("__craig_arg{}", params.len() + 1), span };
                    params.push(Param { ty, name });
                }
                continue;
            };
            let mut ty = ty;
            let mut row_parameter = false;
            if let Some(function) = shape.function.as_ref().filter(|_| shape.declares_function()) {
                // C adjusts a parameter of function type to a pointer to it (6.7.6.3).
                let pointer = pointer_to(ty, shape.pointers, false, span)
                    .and_then(|result| self.function_type(result, function));
                match pointer {
                    Ok(f) => ty = CType::Pointer(Pointee::Function(f)),
                    Err(r) => self.refuse(&r),
                }
            } else if let Some(rows) = self.parameter_rows(&shape) {
                // `T a[N][M]` and `T (*a)[M]`: C's pointer to rows of `M`, read as a pointer
                // to `T` that the body indexes by rows (see `arrays`).
                let element = if shape.nested_pointer {
                    pointer_to(ty, shape.outer_pointers, false, span)
                } else {
                    pointer_to(ty, shape.pointers, false, span)
                };
                match element.map(Pointee::of) {
                    Ok(Some(p)) if p != Pointee::Void => ty = CType::Pointer(p),
                    Ok(_) => self.refuse(&Refusal::construct(
                        span,
                        "this array parameter is",
                        "craig's C passes arrays of scalars, structs and pointers, as pointers",
                    )),
                    Err(r) => self.refuse(&r),
                }
                if let Some(name) = &shape.name {
                    self.rows.parameters.push((name.name.clone(), rows));
                }
                row_parameter = true;
            } else if let Some(ptr) = shape.pointer {
                match self.pointer_type(ty, &shape, ptr) {
                    Ok(t) => ty = t,
                    Err(r) => self.refuse(&r),
                }
            }
            if !row_parameter && let Some((_, at)) = shape.arrays.first() {
                // C adjusts `T a[]` to `T *a` (6.7.6.3).
                match (shape.arrays.len(), Pointee::of(ty)) {
                    (1, Some(p)) if shape.pointer.is_none() && p != Pointee::Void => {
                        ty = CType::Pointer(p);
                    }
                    _ => self.refuse(&Refusal::construct(
                        *at,
                        "this array parameter is",
                        "craig's C passes one-dimensional arrays of scalars, as pointers",
                    )),
                }
            }
            match shape.name {
                Some(name) => params.push(Param { ty, name }),
                None if !named => {
                    let name = Ident { name: format!("__craig_arg{}", params.len() + 1), span };
                    params.push(Param { ty, name });
                }
                None => self.error(span, "a parameter needs a name"),
            }
        }
        params
    }

    /// The row sizes of a parameter declared as a multi-dimensional array (`T a[N][M]`: every
    /// dimension after the first) or as a pointer to an array (`T (*a)[M]`: every
    /// dimension); `None` for any other parameter. A size that is not a constant is
    /// reported.
    fn parameter_rows(&mut self, shape: &Shape<'_>) -> Option<Vec<u64>> {
        if shape.function.is_some() {
            return None;
        }
        let dimensions = if shape.nested_pointer {
            // `T (*a)[M]`: every dimension is a row's.
            if shape.pointers != shape.outer_pointers + 1 || shape.arrays.is_empty() {
                return None;
            }
            &shape.arrays[..]
        } else {
            shape.arrays.get(1..).filter(|rows| !rows.is_empty())?
        };
        match self.constant_sizes(dimensions) {
            Ok(rows) => Some(rows),
            Err(r) => {
                self.refuse(&r);
                Some(Vec::new())
            }
        }
    }

    /// The value of an integer constant expression, if it is one craig can evaluate.
    pub(super) fn constant(&mut self, e: &Node<c::Expression>) -> Option<rug::Integer> {
        use c::BinaryOperator as B;
        use rug::Integer;
        Some(match &e.node {
            c::Expression::Constant(k) => match &k.node {
                c::Constant::Integer(i) => integer_value(i)?,
                c::Constant::Character(text) => Integer::from(char_literal(text)?),
                c::Constant::Float(_) => return None,
            },
            c::Expression::Identifier(id) => self.enum_constants.get(&id.node.name)?.clone(),
            c::Expression::UnaryOperator(u) => {
                let v = self.constant(&u.node.operand)?;
                match u.node.operator.node {
                    c::UnaryOperator::Minus => -v,
                    c::UnaryOperator::Plus => v,
                    c::UnaryOperator::Complement => !v,
                    c::UnaryOperator::Negate => Integer::from(u8::from(v == 0)),
                    _ => return None,
                }
            }
            c::Expression::Cast(cast) => {
                match self.qualified_type(&cast.node.type_name.node.specifiers) {
                    Ok(CType::Int(t)) if cast.node.type_name.node.declarator.is_none() => {
                        t.wrap(self.constant(&cast.node.expression)?)
                    }
                    _ => return None,
                }
            }
            c::Expression::SizeOfTy(t) => Integer::from(self.size_of(&t.node.0)?),
            c::Expression::Conditional(k) => {
                if self.constant(&k.node.condition)? != 0 {
                    self.constant(&k.node.then_expression)?
                } else {
                    self.constant(&k.node.else_expression)?
                }
            }
            c::Expression::BinaryOperator(b) => {
                let l = self.constant(&b.node.lhs)?;
                let r = self.constant(&b.node.rhs)?;
                let truth = |t: bool| Integer::from(u8::from(t));
                match b.node.operator.node {
                    B::Plus => l + r,
                    B::Minus => l - r,
                    B::Multiply => l * r,
                    B::Divide if r != 0 => l.div_rem(r).0,
                    B::Modulo if r != 0 => l.div_rem(r).1,
                    B::ShiftLeft => l << r.to_u32().filter(|&s| s < 128)?,
                    B::ShiftRight => l >> r.to_u32().filter(|&s| s < 128)?,
                    B::BitwiseAnd => l & r,
                    B::BitwiseOr => l | r,
                    B::BitwiseXor => l ^ r,
                    B::Less => truth(l < r),
                    B::LessOrEqual => truth(l <= r),
                    B::Greater => truth(l > r),
                    B::GreaterOrEqual => truth(l >= r),
                    B::Equals => truth(l == r),
                    B::NotEquals => truth(l != r),
                    B::LogicalAnd => truth(l != 0 && r != 0),
                    B::LogicalOr => truth(l != 0 || r != 0),
                    _ => return None,
                }
            }
            _ => return None,
        })
    }

    /// `sizeof` of a type name: integers, pointers, structs and arrays of them, as the data
    /// model has them.
    pub(super) fn size_of(&mut self, t: &Node<c::TypeName>) -> Option<u64> {
        let base = self.qualified_type(&t.node.specifiers);
        let shape = t.node.declarator.as_ref().map(|d| declarator_shape(d, self.text));
        let pointer = self.unit.data_model.pointer_bytes();
        let (mut size, arrays) = match &shape {
            Some(shape) if shape.function.is_some() && shape.pointer.is_none() => return None,
            // A pointer to an array or a function is one pointer.
            Some(shape) if shape.nested_pointer => (pointer, &[][..]),
            Some(shape) if shape.pointer.is_some() => (pointer, &shape.arrays[..]),
            _ => {
                let ty = base.ok()?;
                let complete = match ty {
                    CType::Void => false,
                    CType::Struct(s) => self.unit.structs[s.0 as usize].fields.is_some(),
                    _ => true,
                };
                if !complete {
                    return None;
                }
                let size = ty.size(&self.unit.structs, self.unit.data_model);
                (size, shape.as_ref().map_or(&[][..], |s| &s.arrays[..]))
            }
        };
        for (dimension, _) in arrays {
            let n = match dimension {
                c::ArraySize::VariableExpression(e) | c::ArraySize::StaticExpression(e) => {
                    self.constant(e)?.to_u64()?
                }
                _ => return None,
            };
            size = size.checked_mul(n)?;
        }
        Some(size)
    }
}

/// The C type of an integer literal of this value.
pub fn literal_type(i: &c::Integer, value: &rug::Integer, model: DataModel) -> Option<IntType> {
    let longs = match i.suffix.size {
        c::IntegerSize::Int => 0,
        c::IntegerSize::Long => 1,
        c::IntegerSize::LongLong => 2,
    };
    let decimal = i.base == c::IntegerBase::Decimal;
    IntType::of_literal(value, decimal, i.suffix.unsigned, longs, model)
}

/// The value of an integer literal.
pub fn integer_value(i: &c::Integer) -> Option<rug::Integer> {
    let radix = match i.base {
        c::IntegerBase::Decimal => 10,
        c::IntegerBase::Octal => 8,
        c::IntegerBase::Hexadecimal => 16,
        c::IntegerBase::Binary => 2,
    };
    if i.suffix.imaginary {
        return None;
    }
    let digits = if i.number.is_empty() { "0" } else { &i.number };
    rug::Integer::from_str_radix(digits, radix).ok()
}

/// The code of a character literal: `'a'`, `'\n'`, `'\0'`, `'\x41'` (a plain `char` literal;
/// wide and multi-character ones are refused).
pub fn char_literal(text: &str) -> Option<u32> {
    let body = text.strip_prefix('\'')?.strip_suffix('\'')?;
    match unescape(body)?.as_slice() {
        [byte] => Some(u32::from(*byte)),
        _ => None,
    }
}

/// The bytes of a string literal (adjacent pieces joined, as C does) followed by its
/// terminating zero; `None` for a wide or Unicode literal (`L"..."`, `u8"..."`), which
/// craig's C does not hold, or an escape that is not one byte.
pub fn string_literal(pieces: &[String]) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    for piece in pieces {
        let body = piece.strip_prefix('"')?.strip_suffix('"')?;
        bytes.extend(unescape(body)?);
    }
    bytes.push(0);
    Some(bytes)
}

/// The bytes a literal's text between its quotes stands for: characters as their UTF-8
/// bytes, C's escapes (simple, octal of up to three digits, hexadecimal) as one byte each.
fn unescape(body: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buffer = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
            continue;
        }
        let byte: u32 = match chars.next()? {
            'n' => 10,
            't' => 9,
            'r' => 13,
            '\\' => 92,
            '\'' => 39,
            '"' => 34,
            '?' => 63,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'x' => {
                let mut digits = String::new();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_hexdigit()) {
                    digits.push(*d);
                    chars.next();
                }
                u32::from_str_radix(&digits, 16).ok()?
            }
            d if d.is_digit(8) => {
                let mut digits = String::from(d);
                while digits.len() < 3
                    && let Some(d) = chars.peek().filter(|d| d.is_digit(8))
                {
                    digits.push(*d);
                    chars.next();
                }
                u32::from_str_radix(&digits, 8).ok()?
            }
            _ => return None,
        };
        out.push(u8::try_from(byte).ok()?);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn character_literals() {
        assert_eq!(char_literal("'a'"), Some(97));
        assert_eq!(char_literal("'\\n'"), Some(10));
        assert_eq!(char_literal("'\\x41'"), Some(65));
        assert_eq!(char_literal("'\\101'"), Some(65));
        assert_eq!(char_literal("L'a'"), None);
        assert_eq!(char_literal("'ab'"), None);
    }

    #[test]
    fn string_literals() {
        let pieces = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(string_literal(&pieces(&["\"ab\""])), Some(b"ab\0".to_vec()));
        assert_eq!(
            string_literal(&pieces(&["\"a\\n\"", "\"\\x41\\101\\0z\""])),
            Some(b"a\nAA\0z\0".to_vec())
        );
        assert_eq!(string_literal(&pieces(&["\"\\1234\""])), Some(b"S4\0".to_vec()));
        assert_eq!(string_literal(&pieces(&["L\"a\""])), None);
        assert_eq!(string_literal(&pieces(&["\"\\x100\""])), None);
    }
}
