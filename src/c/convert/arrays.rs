//! Multi-dimensional arrays, read as the one-dimensional arrays they are in memory: `T a[N][M]`
//! is an array of `N * M` elements, `a[i][j]` its element `i * M + j`, and a braced
//! initialiser its elements in order, each braced row padded with zeros. An element is a
//! value, and so is a row of one dimension (the pointer to its first element it decays to).
//! The array itself and rows of several dimensions are pointers to arrays in C, which craig's
//! C has only where they are converted to a stated type (passed, assigned, returned, cast):
//! there they are the address of their first element, as C converts them. A parameter
//! declared `T a[][M]` is a pointer to `T` indexed the same way, which is how C reads it.
//!
//! The index is checked against the whole array, as memory sees it (`a[0][M]` is `a[1][0]`,
//! which C leaves undefined and compilers lay out so): craig's answers are those of the
//! program as compiled.

use std::collections::BTreeMap;

use lang_c::ast as c;
use lang_c::span::Node;

use super::super::ast::*;
use super::expressions::refused;
use super::types::{Dimension, Shape};
use super::{Converter, Refusal};
use crate::syntax::{Diagnostic, Span};

/// The most elements of a braced row in an initialiser, which is written out with its zeros.
const MAX_BRACED_ROW: u64 = 1 << 16;

/// The row sizes of the multi-dimensional arrays in scope: per local (by the index of its
/// scope and its name) and per global (by its name, a `static` local's global included), the
/// sizes of every dimension after the first.
#[derive(Default)]
pub(super) struct RowSizes {
    locals: BTreeMap<(usize, String), Vec<u64>>,
    globals: BTreeMap<String, Vec<u64>>,
    /// Field names by the shapes of the fields of that name in every struct and union read
    /// so far (a member access is converted before its base's type is known).
    fields: BTreeMap<String, FieldShape>,
    /// The parameters of the parameter list read last that are declared as
    /// multi-dimensional arrays (`T a[][M]`, `T (*a)[M]`), with their row sizes.
    pub(super) parameters: Vec<(String, Vec<u64>)>,
}

/// What the fields of one name are, over every struct and union.
#[derive(Clone, PartialEq, Eq)]
enum FieldShape {
    /// Scalars or arrays of one dimension.
    Plain,
    /// Multi-dimensional arrays, all with these row sizes.
    Rows(Vec<u64>),
    /// Multi-dimensional in one struct and not, or with other rows, in another: an index
    /// cannot be read without the base's type, so such a field is refused where indexed.
    Mixed,
}

impl RowSizes {
    /// Forgets the locals (a new function's scopes start over).
    pub(super) fn clear_locals(&mut self) {
        self.locals.clear();
    }

    /// Notes a field of a struct or union with its row sizes (empty unless it is a
    /// multi-dimensional array).
    pub(super) fn note_field(&mut self, name: &str, rows: &[u64]) {
        let shape =
            if rows.is_empty() { FieldShape::Plain } else { FieldShape::Rows(rows.to_vec()) };
        let entry = self.fields.entry(name.to_string()).or_insert_with(|| shape.clone());
        if *entry != shape {
            *entry = FieldShape::Mixed;
        }
    }

    /// The row sizes of the multi-dimensional array fields called `name`: `None` when no
    /// field of that name is one, `Some(Err(()))` when some are and others are not.
    fn field(&self, name: &str) -> Option<Result<&Vec<u64>, ()>> {
        match self.fields.get(name)? {
            FieldShape::Plain => None,
            FieldShape::Rows(rows) => Some(Ok(rows)),
            FieldShape::Mixed => Some(Err(())),
        }
    }
}

impl Converter<'_> {
    /// The sizes of the dimensions after the first of an array declarator (empty for one of
    /// one dimension, or no array), each a positive constant.
    pub(super) fn row_sizes(&mut self, shape: &Shape<'_>) -> Result<Vec<u64>, Refusal> {
        self.constant_sizes(shape.arrays.get(1..).unwrap_or_default())
    }

    /// The sizes of `dimensions`, each a positive constant.
    pub(super) fn constant_sizes(
        &mut self,
        dimensions: &[Dimension<'_>],
    ) -> Result<Vec<u64>, Refusal> {
        let mut rows = Vec::new();
        for (size, at) in dimensions {
            let n = match size {
                c::ArraySize::VariableExpression(e) | c::ArraySize::StaticExpression(e) => {
                    self.constant(e).and_then(|n| n.to_u64()).filter(|n| *n > 0)
                }
                c::ArraySize::Unknown | c::ArraySize::VariableUnknown => None,
            };
            let Some(n) = n else {
                return Err(Refusal::construct(
                    *at,
                    "a dimension after the first that is not a positive constant is",
                    "give every dimension after the first a constant size",
                ));
            };
            rows.push(n);
        }
        Ok(rows)
    }

    /// Records the row sizes of the variable `name` just declared in the innermost scope (or,
    /// with `global`, of that global); an empty `rows` forgets an earlier array of that name
    /// and scope.
    pub(super) fn note_rows(&mut self, name: &str, global: Option<&str>, rows: Vec<u64>) {
        match global {
            Some(global) => {
                self.rows.globals.insert(global.to_string(), rows);
            }
            None => {
                let key = (self.scopes.len().saturating_sub(1), name.to_string());
                if rows.is_empty() {
                    self.rows.locals.remove(&key);
                } else {
                    self.rows.locals.insert(key, rows);
                }
            }
        }
    }

    /// The row sizes of the array a name in scope stands for, if it has several dimensions.
    pub(super) fn rows_of(&self, name: &str) -> Option<&Vec<u64>> {
        let rows = match self.scopes.iter().rposition(|s| s.contains_key(name)) {
            Some(depth) => match &self.scopes[depth][name] {
                Some(global) => self.rows.globals.get(global),
                None => self.rows.locals.get(&(depth, name.to_string())),
            },
            None => self.rows.globals.get(name),
        };
        rows.filter(|r| !r.is_empty())
    }

    /// The element count of an array of first dimension `first` (as [`Self::array_size`] reads
    /// it) and row sizes `rows`, given its flattened initialiser: an array without its first
    /// size has as many rows as the initialiser fills.
    pub(super) fn flat_array_size(
        &mut self,
        first: Option<Dimension<'_>>,
        rows: &[u64],
        init: Option<&Node<c::Initializer>>,
        flat: Option<&Initializer>,
    ) -> Option<u64> {
        let stride: u64 = rows.iter().product();
        if let Some((c::ArraySize::Unknown | c::ArraySize::VariableUnknown, _)) = first
            && let Some(Initializer::List(values, _)) = flat
            && !values.is_empty()
        {
            return Some((values.len() as u64).div_ceil(stride) * stride);
        }
        let first_size = first.map(|(_, at)| at);
        let total = self.array_size(first, init)?.checked_mul(stride);
        if total.is_none()
            && let Some(at) = first_size
        {
            self.diags.push(Diagnostic::error(at, "an array of more than 2^64 elements"));
        }
        total
    }

    /// The initialiser of an array with row sizes `rows` as the list of its elements in order:
    /// a braced row takes exactly its row's elements (zeros after those written), scalars
    /// outside braces fill the elements in order (C's brace elision).
    pub(super) fn flat_initializer(&mut self, init: Initializer, rows: &[u64]) -> Initializer {
        let span = init_span(&init);
        let mut out = Vec::new();
        match self.fill(&init, rows, &mut out) {
            Ok(()) => Initializer::List(out, span),
            Err((at, what)) => {
                self.diags.push(Diagnostic::error(at, what).with_note(
                    "a multi-dimensional array is initialised by a list of rows in braces, or \
                     by its elements in order",
                ));
                Initializer::List(Vec::new(), span)
            }
        }
    }

    /// The initialiser of an object of type `ty` (`array` elements of it) with every braced
    /// list of a multi-dimensional array field, in structs at any depth, read as that field's
    /// elements in order ([`Self::flat_initializer`]); other lists as written.
    pub(super) fn flat_fields(
        &mut self,
        ty: CType,
        array: Option<u64>,
        init: Initializer,
    ) -> Initializer {
        let CType::Struct(s) = ty else { return init };
        let Initializer::Nested(items, span) = init else { return init };
        if array.is_some() {
            // An array of structs: each braced element is one struct.
            let items = items
                .into_iter()
                .map(|item| InitItem { value: self.flat_fields(ty, None, item.value), ..item })
                .collect();
            return Initializer::Nested(items, span);
        }
        let Some(fields) = self.unit.structs[s.0 as usize].fields.clone() else {
            return Initializer::Nested(items, span);
        };
        let mut next = 0;
        let mut flat = Vec::new();
        for item in items {
            if let Some(name) = &item.field
                && let Some(k) = fields.iter().position(|f| f.name == name.name)
            {
                next = k;
            }
            let value = match fields.get(next) {
                // A value without braces (a struct copied in, or an error the lowering names).
                _ if matches!(item.value, Initializer::Expr(_)) => item.value,
                Some(f) if !f.rows.is_empty() => self.flat_initializer(item.value, &f.rows),
                Some(f) => self.flat_fields(f.ty, f.array, item.value),
                None => item.value,
            };
            flat.push(InitItem { value, ..item });
            next += 1;
        }
        Initializer::Nested(flat, span)
    }

    /// Appends the elements a braced initialiser of an array of `rows`-shaped items gives.
    fn fill(
        &mut self,
        init: &Initializer,
        rows: &[u64],
        out: &mut Vec<Expr>,
    ) -> Result<(), (Span, String)> {
        match init {
            Initializer::Expr(e) => {
                Err((e.span, "an array is initialised by a list in braces".into()))
            }
            Initializer::List(values, _) => {
                for v in values {
                    element(v, out)?;
                }
                Ok(())
            }
            Initializer::Nested(items, _) => {
                let stride: u64 = rows.iter().product();
                let start = out.len();
                for item in items {
                    if let Some(field) = &item.field {
                        return Err((field.span, "a field designator in an array's list".into()));
                    }
                    match &item.value {
                        Initializer::Expr(e) => element(e, out)?,
                        braced => {
                            let Some((_, inner)) = rows.split_first() else {
                                return Err((
                                    init_span(braced),
                                    "braces around one element (craig reads multi-dimensional arrays of scalars)".into(),
                                ));
                            };
                            // A braced row starts at the next row and takes all of it.
                            if stride > MAX_BRACED_ROW {
                                return Err((
                                    init_span(braced),
                                    format!(
                                        "a braced row of {stride} elements (craig writes out \
                                         rows of at most {MAX_BRACED_ROW})"
                                    ),
                                ));
                            }
                            let stride = stride as usize;
                            let done = out.len() - start;
                            pad(out, done.div_ceil(stride) * stride - done, init_span(braced));
                            let row_start = out.len();
                            self.fill(braced, inner, out)?;
                            let written = out.len() - row_start;
                            if written > stride {
                                return Err((
                                    init_span(braced),
                                    format!("a row of {written} elements where a row has {stride}"),
                                ));
                            }
                            pad(out, stride - written, init_span(braced));
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// What `e` designates when it names, or indexes some of the dimensions of, a
    /// multi-dimensional array (or a parameter declared as one); `None` for anything else.
    pub(super) fn access(&mut self, e: &Node<c::Expression>) -> Option<Access> {
        // The indices, outermost last, down to the array's name.
        let mut indices = Vec::new();
        let mut base = e;
        while let c::Expression::BinaryOperator(inner) = &base.node
            && inner.node.operator.node == c::BinaryOperator::Index
        {
            indices.push(&inner.node.rhs);
            base = &inner.node.lhs;
        }
        let span = self.span(e);
        let (array, rows) = match &base.node {
            c::Expression::Identifier(id) => {
                let name = &id.node.name;
                if self.enum_constants.contains_key(name) && !self.is_local(name) {
                    return None;
                }
                let rows = self.rows_of(name)?.clone();
                let at = self.span(base);
                (Expr { kind: ExprKind::Var(self.variable_name(name)), span: at }, rows)
            }
            c::Expression::Member(m) => {
                let rows = match self.rows.field(&m.node.identifier.node.name)? {
                    Ok(rows) => rows.clone(),
                    Err(()) => return Some(Access::Mixed(self.span(&m.node.identifier))),
                };
                let at = self.span(base);
                let object = self.expr(&m.node.expression);
                let field = self.ident(&m.node.identifier);
                let arrow = matches!(m.node.operator.node, c::MemberOperator::Indirect);
                let kind = ExprKind::Member { base: Box::new(object), field, arrow };
                (Expr { kind, span: at }, rows)
            }
            _ => return None,
        };
        if indices.is_empty() {
            return Some(Access::Whole(array, span));
        }
        if indices.len() > rows.len() + 1 {
            return Some(Access::Over(span));
        }
        indices.reverse();
        let indexed = indices.len();
        // ((i * r1 + j) * r2 + k), times the elements of what is left: in a 64-bit type,
        // where no index within the array overflows.
        let wide = IntType { bits: 64, signed: true };
        let constant = |n: u64, at: Span| Expr { kind: ExprKind::Int(n.into(), wide), span: at };
        let mut flat: Option<Expr> = None;
        for (k, index) in indices.into_iter().enumerate() {
            let i = self.expr(index);
            let i_span = i.span;
            let i = Expr { kind: ExprKind::Cast(CType::Int(wide), Box::new(i)), span: i_span };
            flat = Some(match flat {
                None => i,
                Some(before) => {
                    let scaled = Expr {
                        kind: ExprKind::Binary(
                            BinaryOp::Mul,
                            Box::new(before),
                            Box::new(constant(rows[k - 1], i_span)),
                        ),
                        span,
                    };
                    Expr {
                        kind: ExprKind::Binary(BinaryOp::Add, Box::new(scaled), Box::new(i)),
                        span,
                    }
                }
            });
        }
        let mut offset = flat?;
        let left = &rows[indexed - 1..];
        let elements: u64 = left.iter().product();
        if elements > 1 {
            offset = Expr {
                kind: ExprKind::Binary(
                    BinaryOp::Mul,
                    Box::new(offset),
                    Box::new(constant(elements, span)),
                ),
                span,
            };
        }
        Some(Access::Part { array, offset, dimensions_left: left.len(), elements, span })
    }

    /// An index expression on a multi-dimensional array used as a value: the element, or a row
    /// of one dimension as the address of its first element (the pointer it decays to); a
    /// row of several dimensions is a pointer to an array, which craig's C has only where it
    /// is converted ([`Self::converted`]), so it is refused here. `None` when `e` indexes no
    /// such array.
    pub(super) fn multi_index(&mut self, e: &Node<c::Expression>) -> Option<Expr> {
        let access = self.access(e)?;
        Some(self.access_value(access))
    }

    /// The value of what [`Self::access`] found, used where its own type is read.
    fn access_value(&mut self, access: Access) -> Expr {
        match access {
            Access::Whole(_, span) => {
                self.refuse_rows(span);
                refused(span)
            }
            Access::Mixed(at) => {
                self.refuse_mixed(at);
                refused(at)
            }
            Access::Over(span) => {
                self.refuse(&Refusal::construct(
                    span,
                    "more indices than the array has dimensions are",
                    "index each dimension once",
                ));
                refused(span)
            }
            Access::Part { array, offset, dimensions_left: 0, span, .. } => {
                element_at(array, offset, span)
            }
            Access::Part { array, offset, dimensions_left: 1, span, .. } => {
                first_element(array, offset, span)
            }
            Access::Part { span, .. } => {
                self.refuse_rows(span);
                refused(span)
            }
        }
    }

    /// An expression whose value is converted to a type the program states (an argument, an
    /// initialiser, the right side of `=`, a returned value, a cast's operand): there a
    /// multi-dimensional array or a row of it stands for the address of its first element,
    /// which is what C converts (the pointer to an array has that address), so craig's C
    /// needs no pointer to an array for it.
    pub(super) fn converted(&mut self, e: &Node<c::Expression>) -> Expr {
        // Each index is converted once: a second conversion would report its errors twice.
        match self.access(e) {
            Some(Access::Whole(array, _)) => array,
            Some(Access::Part { array, offset, dimensions_left: 1.., span, .. }) => {
                first_element(array, offset, span)
            }
            Some(access) => self.access_value(access),
            None => self.expr(e),
        }
    }

    /// `sizeof` of a multi-dimensional array, or of a row of it: the row's elements times an
    /// element's size (the converted row is a pointer, whose size is not the row's); `None`
    /// when `e` is no such array.
    pub(super) fn size_of_rows(&mut self, e: &Node<c::Expression>, span: Span) -> Option<Expr> {
        let (array, elements) = match self.access(e)? {
            Access::Whole(array, _) => {
                return Some(Expr { kind: ExprKind::SizeOf(Box::new(array)), span });
            }
            Access::Part { array, elements, .. } => (array, elements),
            refused @ (Access::Over(_) | Access::Mixed(_)) => {
                return Some(self.access_value(refused));
            }
        };
        let ulong = self.unit.data_model.ulong();
        let zero = Expr { kind: ExprKind::Int(0.into(), ulong), span };
        let size = Expr { kind: ExprKind::SizeOf(Box::new(element_at(array, zero, span))), span };
        let count = Expr { kind: ExprKind::Int(elements.into(), ulong), span };
        Some(Expr { kind: ExprKind::Binary(BinaryOp::Mul, Box::new(size), Box::new(count)), span })
    }

    /// Refuses a field read as a multi-dimensional array in one struct and not in another.
    pub(super) fn refuse_mixed(&mut self, at: Span) {
        self.refuse(&Refusal::construct(
            at,
            "a field that is a multi-dimensional array in one struct and of another shape in \
             another, indexed or used as a value, is",
            "give the multi-dimensional array field a name no other field has",
        ));
    }

    /// A field used as a value (`s.f`, `p->f`): refused when fields of its name are
    /// multi-dimensional arrays (a pointer to an array where it decays, see
    /// [`Self::converted`]).
    pub(super) fn check_field_value(&mut self, field: &Node<c::Identifier>, span: Span) -> bool {
        match self.rows.field(&field.node.name) {
            None => true,
            Some(Ok(_)) => {
                self.refuse_rows(span);
                false
            }
            Some(Err(())) => {
                self.refuse_mixed(self.span(field));
                false
            }
        }
    }

    pub(super) fn refuse_rows(&mut self, span: Span) {
        self.refuse(&Refusal::construct(
            span,
            "a multi-dimensional array, or a row of several dimensions of one, used as a value \
             (a pointer to an array) is",
            "index every dimension, or every dimension but the last; the whole array or a row \
             may be passed to a function, assigned to a pointer or cast",
        ));
    }
}

/// A multi-dimensional array named, or indexed in some of its dimensions.
pub(super) enum Access {
    /// The array alone (its name, or a field).
    Whole(Expr, Span),
    /// Some of its dimensions indexed: `offset` is the flat index of the first element
    /// designated, `elements` how many the part holds, `dimensions_left` how many dimensions
    /// it has (0 for one element).
    Part { array: Expr, offset: Expr, dimensions_left: usize, elements: u64, span: Span },
    /// More indices than dimensions.
    Over(Span),
    /// A field whose name is a multi-dimensional array in one struct and not in another.
    Mixed(Span),
}

/// `a[offset]`: an element of an array named or a field.
fn element_at(array: Expr, offset: Expr, span: Span) -> Expr {
    let kind = match array.kind {
        ExprKind::Var(name) => ExprKind::Index(Ident { name, span: array.span }, Box::new(offset)),
        _ => ExprKind::Subscript(Box::new(array), Box::new(offset)),
    };
    Expr { kind, span }
}

/// `&a[offset]`: the address of a part's first element.
fn first_element(array: Expr, offset: Expr, span: Span) -> Expr {
    Expr { kind: ExprKind::AddressOf(Box::new(element_at(array, offset, span))), span }
}

/// Appends one element written without braces; a string is no element (`char s[2][4] =
/// {"ab", "cd"}` would need its characters spread over a row).
fn element(e: &Expr, out: &mut Vec<Expr>) -> Result<(), (Span, String)> {
    if let ExprKind::String(_) = e.kind {
        return Err((e.span, "a string as a row of a multi-dimensional array".into()));
    }
    out.push(e.clone());
    Ok(())
}

fn init_span(init: &Initializer) -> Span {
    match init {
        Initializer::Expr(e) => e.span,
        Initializer::List(_, s) | Initializer::Nested(_, s) => *s,
    }
}

/// Appends `n` zeros.
fn pad(out: &mut Vec<Expr>, n: usize, span: Span) {
    out.extend((0..n).map(|_| Expr { kind: ExprKind::Int(0.into(), IntType::INT), span }));
}
