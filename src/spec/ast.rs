//! Untyped syntax trees of spec files: the items, whose formulas and types are the shared
//! notation's trees ([`crate::notation::ast`]).

pub use crate::notation::ast::*;

use crate::syntax::Span;

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
