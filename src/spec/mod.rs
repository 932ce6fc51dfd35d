//! Specification language: higher-order formulas in Isabelle/Jahob-like ASCII syntax, parsed,
//! type-checked and elaborated into typed HOL terms ([`crate::hol`]) for the HOL→FOL translation.
//!
//! # Files
//!
//! A spec file (`*.spec`) is a sequence of items. Comments are `(* ... *)` and `// ...`.
//!
//! ```text
//! import "pairs.spec"                 relative to this file, or "stdlib/NAME[.spec]"
//! type node                           a declared sort (disjoint from bool, int, obj)
//! const content :: "(int * obj) set"  a constant; the type may be quoted or bare
//! const card2 :: 'a set => int        type variables make the constant polymorphic
//! definition dom :: "('a * 'b) set => 'a set" where "dom R = {x. EX y. (x, y) : R}"
//! definition twice where "twice x = x + x"      (the type may be omitted and is inferred)
//! axiom NAME: "formula"
//! lemma NAME: "formula"               a goal; earlier axioms, definitions, lemmas are hypotheses
//! ```
//!
//! A definition's formula must be `NAME x1 ... xn = body` with distinct variables; it is not
//! recursive (NAME is not in scope in `body`). Formulas are always written between double
//! quotes, as in Isabelle theories and Jahob annotations.
//!
//! # Formulas and types
//!
//! The text between the quotes is craig's HOL notation, shared with the Jahob annotations of
//! programs: see [`crate::notation`] for the terms, types, names and typing.
//!
//! # Using the front end
//!
//! [`load_spec`] reads a file and its imports (each file once; cycles and missing files are
//! diagnostics) and returns a [`SpecModule`] when there were no errors, plus all diagnostics
//! (render them with [`Diagnostic::render`] and the same [`SourceMap`]). [`SpecModule::goals`]
//! lists each lemma with the axioms, definitions and lemmas before it in import order: the input
//! of the HOL→FOL translation. Syntax errors are recovered from at the next line that starts
//! with an item keyword, so one run reports several. [`ast::Expr::pretty`] prints a term with
//! minimal parentheses and `Display` prints it fully parenthesized.

pub mod ast;

mod load;
mod parse;
pub mod typeck;

pub use load::{load_spec, load_spec_str, stdlib_dir};
pub use parse::{parse_file, parse_formula};
pub use typeck::{SpecItem, SpecItemKind};

use crate::hol::{ConstDecl, ConstId, GoalKind, HolBank, Hypothesis, Sequent, TermId};
use crate::syntax::{Diagnostic, FileId, SourceMap, Span};

/// A loaded, type-checked specification (a file with everything it imports).
#[derive(Clone, Debug)]
pub struct SpecModule {
    /// The typed terms of all items.
    pub bank: HolBank,
    /// All constants, built-ins first, then in declaration order.
    pub consts: Vec<ConstDecl>,
    /// Declared sorts with their declaration spans.
    pub sorts: Vec<(String, Span)>,
    /// Axioms, definitions and lemmas in import order (an import's items come before the items
    /// that follow the import).
    pub items: Vec<SpecItem>,
    /// The files loaded, in the order their loading finished (imports first).
    pub files: Vec<FileId>,
}

/// A lemma to prove, with everything stated before it.
#[derive(Clone, Debug)]
pub struct Goal<'m> {
    /// The lemma.
    pub lemma: &'m SpecItem,
    /// All axioms, definitions and lemmas before it, in import order.
    pub hypotheses: Vec<&'m SpecItem>,
}

impl SpecModule {
    /// Every lemma with the items before it as hypotheses.
    pub fn goals(&self) -> Vec<Goal<'_>> {
        self.items
            .iter()
            .enumerate()
            .filter(|(_, it)| it.kind == SpecItemKind::Lemma)
            .map(|(i, it)| Goal { lemma: it, hypotheses: self.items[..i].iter().collect() })
            .collect()
    }

    /// The file that was loaded (its imports finish loading before it, so it is the last one).
    pub fn root_file(&self) -> Option<FileId> {
        self.files.last().copied()
    }

    /// The goals stated in one file (e.g. [`SpecModule::root_file`], leaving out the lemmas of
    /// imported libraries), each still with all hypotheses before it.
    pub fn goals_in(&self, file: FileId) -> Vec<Goal<'_>> {
        self.goals().into_iter().filter(|g| g.lemma.span.file == file).collect()
    }

    /// The terms and constants its sequents are written over.
    pub fn hol(&self) -> crate::hol::Signature<'_> {
        crate::hol::Signature { bank: &self.bank, consts: &self.consts }
    }

    /// The HOL sequent of a goal: the lemma with every item before it as a hypothesis, each
    /// with its kind and where its name is written.
    pub fn sequent(&self, goal: &Goal<'_>) -> Sequent {
        let hypotheses = goal
            .hypotheses
            .iter()
            .map(|item| Hypothesis {
                name: item.name.clone(),
                formula: item.formula,
                type_params: item.type_params.clone(),
                kind: item.kind.clone(),
                span: Some(item.name_span),
            })
            .collect();
        Sequent {
            name: goal.lemma.name.clone(),
            hypotheses,
            goal: goal.lemma.formula,
            type_params: goal.lemma.type_params.clone(),
            kind: GoalKind::Lemma,
            span: Some(goal.lemma.name_span),
        }
    }

    /// The HOL sequents of every lemma stated in `file` (see [`SpecModule::goals_in`]).
    pub fn sequents_in(&self, file: FileId) -> Vec<Sequent> {
        self.goals_in(file).iter().map(|g| self.sequent(g)).collect()
    }

    /// The item with this name.
    pub fn item(&self, name: &str) -> Option<&SpecItem> {
        self.items.iter().find(|it| it.name == name)
    }

    /// The constant with this name.
    pub fn constant(&self, name: &str) -> Option<ConstId> {
        self.consts.iter().position(|c| c.name == name).map(|i| ConstId(i as u32))
    }

    /// A constant's declaration.
    pub fn const_decl(&self, c: ConstId) -> &ConstDecl {
        &self.consts[c.0 as usize]
    }

    /// Parses and type-checks one formula (the text between the quotes of a lemma) against this
    /// module's constants and sorts: for the REPL, and for verification conditions built outside
    /// spec files. The term goes into [`SpecModule::bank`]; `items` is unchanged. Returns the
    /// formula with its type parameters (see [`SpecItem::type_params`]) unless there were errors.
    pub fn check_formula(
        &mut self,
        sources: &mut SourceMap,
        name: &str,
        text: &str,
    ) -> (Option<(TermId, Vec<String>)>, Vec<Diagnostic>) {
        let file = sources.add(name, None, text.to_string());
        let (expr, mut diags) = parse_formula(file, text);
        let Some(expr) = expr else { return (None, diags) };
        let bank = std::mem::take(&mut self.bank);
        let consts = std::mem::take(&mut self.consts);
        let sorts = std::mem::take(&mut self.sorts);
        let mut elab = crate::notation::Elaborator::resume(bank, consts, sorts);
        let result = elab.formula(&expr);
        diags.append(&mut elab.take_diagnostics());
        (self.bank, self.consts, self.sorts) = elab.into_parts();
        (result, diags)
    }

    /// A fully parenthesized rendering of a term (for tests and debugging).
    pub fn show(&self, t: TermId) -> String {
        self.bank.show_term(t, &|c| self.consts[c.0 as usize].name.clone())
    }
}
