//! Checking spec items: declarations go into the theory's [`Elaborator`], formulas are
//! elaborated into typed HOL terms, and each axiom, lemma and definition becomes a [`SpecItem`].
//!
//! Name resolution and type inference are the shared notation's ([`crate::notation`]); this
//! module adds what is particular to spec files: item names are unique, and a definition is a
//! hypothesis of the goals after it.

use rustc_hash::FxHashMap;

use super::ast::ItemKind;
use crate::hol::{ConstKind, TermId};
use crate::notation::Elaborator;
use crate::syntax::{Diagnostic, Span};

/// What a checked formula item is: exactly what it is as a hypothesis of later goals (an axiom,
/// a lemma, or a definition with its constant, parameters and right-hand side).
pub use crate::hol::HypothesisKind as SpecItemKind;

/// A checked axiom, lemma or definition.
#[derive(Clone, Debug)]
pub struct SpecItem {
    /// The item's name.
    pub name: String,
    /// Where the name is written.
    pub name_span: Span,
    /// Axiom, lemma or definition.
    pub kind: SpecItemKind,
    /// The whole item.
    pub span: Span,
    /// The formula (type `bool`).
    pub formula: TermId,
    /// Type parameters the formula is schematic in (written `'a` or left open by inference).
    pub type_params: Vec<String>,
}

/// The checker's state across all items of all files of one load.
pub(crate) struct Checker {
    pub(crate) elab: Elaborator,
    pub(crate) items: Vec<SpecItem>,
    item_spans: FxHashMap<String, Span>,
}

impl Checker {
    pub(crate) fn new() -> Checker {
        Checker { elab: Elaborator::new(), items: Vec::new(), item_spans: FxHashMap::default() }
    }

    /// Checks one parsed item (imports are handled by the loader).
    pub(crate) fn item(&mut self, kind: &ItemKind, span: Span) {
        match kind {
            ItemKind::Import(..) => {}
            ItemKind::Type(name) => {
                self.elab.declare_sort(name);
            }
            ItemKind::Const(name, ty) => {
                if let Some(tid) = self.elab.resolve_type(ty) {
                    self.elab.declare_const(&name.name, Some(name.span), tid, ConstKind::Declared);
                }
            }
            ItemKind::Axiom(name, f) | ItemKind::Lemma(name, f) => {
                let kind = if matches!(kind, ItemKind::Axiom(..)) {
                    SpecItemKind::Axiom
                } else {
                    SpecItemKind::Lemma
                };
                if let Some((formula, params)) = self.elab.formula(f) {
                    self.push_item(name.name.clone(), name.span, kind, span, formula, params);
                }
            }
            ItemKind::Definition(name, ty, eq) => {
                if let Some(d) = self.elab.definition(name, ty.as_ref(), eq) {
                    let kind = SpecItemKind::Definition {
                        constant: d.constant,
                        args: d.args,
                        body: d.body,
                    };
                    self.push_item(
                        name.name.clone(),
                        name.span,
                        kind,
                        span,
                        d.formula,
                        d.type_params,
                    );
                }
            }
        }
    }

    fn push_item(
        &mut self,
        name: String,
        name_span: Span,
        kind: SpecItemKind,
        span: Span,
        formula: TermId,
        type_params: Vec<String>,
    ) {
        if let Some(prev) = self.item_spans.get(&name) {
            let d = Diagnostic::error(name_span, format!("an item named `{name}` already exists"))
                .with_label(*prev, "first defined here");
            self.elab.report(d);
            return;
        }
        self.item_spans.insert(name.clone(), name_span);
        self.items.push(SpecItem { name, name_span, kind, span, formula, type_params });
    }
}

#[cfg(test)]
mod tests {
    use crate::spec::load_spec_str;
    use crate::syntax::SourceMap;
    use crate::syntax::render_all;

    fn errors(src: &str) -> String {
        let mut sm = SourceMap::new();
        let (m, d) = load_spec_str("t.spec", src, &mut sm);
        assert!(m.is_none(), "expected an error");
        render_all(&d, &sm)
    }

    #[test]
    fn written_type_variables_are_rigid() {
        let e = errors("lemma r: \"ALL (x :: 'a) y. x = y & y = (1 :: int)\"\n");
        assert!(e.contains("type mismatch: expected 'a, found int"), "{e}");
    }

    #[test]
    fn generated_names_avoid_written_ones() {
        let e = errors("lemma r: \"ALL (x :: 'a) f. f = x & f = {}\"\n");
        assert!(e.contains("expected 'a, found 'b set"), "{e}");
    }

    #[test]
    fn occurs_check_rejects_infinite_types() {
        let e = errors("lemma o: \"ALL x. x : x\"\n");
        assert!(e.contains("type mismatch: expected 'a set, found 'a"), "{e}");
    }

    #[test]
    fn definitions_are_not_recursive() {
        let e = errors("definition f :: \"int => int\" where \"f x = f x\"\n");
        assert!(e.contains("unbound name `f`"), "{e}");
    }

    #[test]
    fn type_variables_only_in_a_definition_body_are_rejected() {
        let e = errors("definition c :: bool where \"c = (ALL x. x = x)\"\n");
        assert!(
            e.contains("type variable `'_a` occurs in the definition of `c` but not in its type")
        );
    }

    #[test]
    fn shadowing_a_constant_is_a_warning() {
        let mut sm = SourceMap::new();
        let (m, d) =
            load_spec_str("t.spec", "const v :: obj\nlemma l: \"ALL v. v = v\"\n", &mut sm);
        assert!(m.is_some());
        assert_eq!(
            render_all(&d, &sm),
            "t.spec:2:15: warning: bound variable `v` shadows the constant `v`\n\
             2 | lemma l: \"ALL v. v = v\"\n\
            \x20 |               ^\n\
             t.spec:1:7: note: the constant is declared here\n\
             1 | const v :: obj\n\
            \x20 |       ^\n"
        );
    }

    #[test]
    fn overloaded_operator_on_wrong_type() {
        let e = errors("lemma w: \"ALL (x :: obj) y. x < y\"\n");
        assert!(e.contains("`<` works on int or on sets, not on obj"), "{e}");
    }
}
