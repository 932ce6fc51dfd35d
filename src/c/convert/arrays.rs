//! Multi-dimensional arrays, read as the one-dimensional arrays they are in memory: `T a[N][M]`
//! is an array of `N * M` elements, `a[i][j]` its element `i * M + j`, and a braced
//! initialiser its elements in order, each braced row padded with zeros. Only whole elements
//! are values: a row (`a[i]`, a pointer to an array in C) is refused where it is used.
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
}

impl RowSizes {
    /// Forgets the locals (a new function's scopes start over).
    pub(super) fn clear_locals(&mut self) {
        self.locals.clear();
    }
}

impl Converter<'_> {
    /// The sizes of the dimensions after the first of an array declarator (empty for one of
    /// one dimension, or no array), each a positive constant.
    pub(super) fn row_sizes(&mut self, shape: &Shape<'_>) -> Result<Vec<u64>, Refusal> {
        let mut rows = Vec::new();
        for (size, at) in shape.arrays.iter().skip(1) {
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
    fn rows_of(&self, name: &str) -> Option<&Vec<u64>> {
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

    /// `a[i][j]...`: for a multi-dimensional array, the element at the flattened index when
    /// every dimension is indexed, a refusal when only some are (a row is no value craig's C
    /// has); `None` when `e` does not index such an array.
    pub(super) fn multi_index(
        &mut self,
        e: &Node<c::BinaryOperatorExpression>,
        span: Span,
    ) -> Option<Expr> {
        // The indices, outermost last, down to the array's name.
        let mut indices = vec![&e.node.rhs];
        let mut base = &e.node.lhs;
        while let c::Expression::BinaryOperator(inner) = &base.node
            && inner.node.operator.node == c::BinaryOperator::Index
        {
            indices.push(&inner.node.rhs);
            base = &inner.node.lhs;
        }
        let c::Expression::Identifier(id) = &base.node else { return None };
        if self.enum_constants.contains_key(&id.node.name) && !self.is_local(&id.node.name) {
            return None;
        }
        let resolved = self.variable_name(&id.node.name);
        let rows = self.rows_of(&id.node.name)?.clone();
        if indices.len() != rows.len() + 1 {
            self.refuse(&Refusal::construct(
                span,
                "a row of a multi-dimensional array used as a value is",
                "index every dimension: craig's C has the elements, not the rows",
            ));
            return Some(refused(span));
        }
        indices.reverse();
        // ((i * r1 + j) * r2 + k): in a 64-bit type, where no index within the array
        // overflows.
        let wide = IntType { bits: 64, signed: true };
        let mut flat: Option<Expr> = None;
        for (k, index) in indices.into_iter().enumerate() {
            let i = self.expr(index);
            let i_span = i.span;
            let i = Expr { kind: ExprKind::Cast(CType::Int(wide), Box::new(i)), span: i_span };
            flat = Some(match flat {
                None => i,
                Some(before) => {
                    let size = Expr { kind: ExprKind::Int(rows[k - 1].into(), wide), span: i_span };
                    let scaled = Expr {
                        kind: ExprKind::Binary(BinaryOp::Mul, Box::new(before), Box::new(size)),
                        span,
                    };
                    Expr {
                        kind: ExprKind::Binary(BinaryOp::Add, Box::new(scaled), Box::new(i)),
                        span,
                    }
                }
            });
        }
        let array = Ident { name: resolved, span: self.span(base) };
        Some(Expr { kind: ExprKind::Index(array, Box::new(flat?)), span })
    }
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
