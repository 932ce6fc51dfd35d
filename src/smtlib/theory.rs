//! A script read as a theory for the workbench: its declarations and assertions up to its
//! first `check-sat`, each assertion a hypothesis named by its `:named` attribute or by its
//! number, so the workbench can decide subsets of them (cores by deletion) and split them
//! (interpolation) without reading the script again.
//!
//! The question a script asks is the satisfiability of what is asserted when it first says
//! `check-sat` (or at its end when it never does); what comes after is read for syntax only.
//! Commands that print (`get-model`, `echo`, ...) are the workbench's to give, so they are
//! skipped here.

use std::fmt;

use super::print::{escape, formula_text};
use super::session::{Fail, Session};
use super::sexpr::{SExpr, parse};
use crate::smt::{Formula, Model, TermStore};
use crate::syntax::{FileId, SourceMap};

/// One assertion of a script.
#[derive(Clone, Debug)]
pub struct ScriptAssertion {
    /// Its `:named` name, else `assertionN` (N its position among the assertions, from 1).
    pub name: String,
    /// Whether the script named it.
    pub named: bool,
    /// The elaborated formula.
    pub formula: Formula,
    /// Byte offsets of the `(assert ...)` command in the script.
    pub span: (usize, usize),
}

/// A script's declarations (in the session) and its assertions.
pub struct ScriptTheory {
    session: Session,
    /// The assertions, in script order.
    pub assertions: Vec<ScriptAssertion>,
    /// Whether the script says `check-sat` (else its end is taken as the question).
    pub has_check_sat: bool,
}

impl fmt::Debug for ScriptTheory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptTheory")
            .field("assertions", &self.assertions)
            .field("has_check_sat", &self.has_check_sat)
            .finish_non_exhaustive()
    }
}

/// Why a script is not read as a theory: its first command that could not be read, refused or
/// beyond what craig decides, said after the command's `file:line:col`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TheoryError {
    /// The script is ill-formed or ill-sorted, or asks what a theory cannot hold (two
    /// assertions of one name).
    #[error("{location}: {message}")]
    Refused {
        /// `file:line:col` of the command.
        location: String,
        /// What is wrong.
        message: String,
    },
    /// The script is well formed but uses what craig does not decide, or asks the workbench
    /// what it does not answer from a theory (`reset`, `check-sat-assuming`).
    #[error("{location}: {message}")]
    Unsupported {
        /// `file:line:col` of the command.
        location: String,
        /// What is not supported, as the message says it.
        message: String,
    },
}

impl TheoryError {
    /// The input is refused at `offset` of `file`.
    pub(crate) fn refused(
        sources: &SourceMap,
        file: FileId,
        offset: usize,
        message: impl Into<String>,
    ) -> TheoryError {
        TheoryError::Refused { location: location(sources, file, offset), message: message.into() }
    }

    /// What is at `offset` of `file` is not supported.
    pub(crate) fn unsupported(
        sources: &SourceMap,
        file: FileId,
        offset: usize,
        message: impl Into<String>,
    ) -> TheoryError {
        TheoryError::Unsupported {
            location: location(sources, file, offset),
            message: message.into(),
        }
    }
}

/// Where a command is: `name:line:col`.
fn location(sources: &SourceMap, file: FileId, offset: usize) -> String {
    let (line, col) = sources.line_col(file, offset);
    format!("{}:{line}:{col}", sources.file(file).name)
}

/// Reads the script in `file` as a theory. The first ill-formed, ill-sorted or unsupported
/// command is the error, with its `file:line:col`.
pub fn read_theory(sources: &SourceMap, file: FileId) -> Result<ScriptTheory, TheoryError> {
    let text = sources.file(file).text.clone();
    let commands = parse(&text, file)
        .map_err(|d| TheoryError::refused(sources, file, d.primary.start as usize, d.message))?;
    let mut session = Session::new();
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut has_check_sat = false;
    for command in &commands {
        let head = match command {
            SExpr::List(items, _) => items.first().and_then(SExpr::symbol).unwrap_or(""),
            _ => "",
        };
        match head {
            "check-sat" => {
                has_check_sat = true;
                break;
            }
            "exit" => break,
            // Answers are the workbench's to print; a theory only declares and asserts.
            "get-model" | "get-value" | "get-unsat-core" | "get-interpolants"
            | "get-interpolant" | "get-info" | "get-option" | "get-assertions" | "get-proof"
            | "get-assignment" | "echo" => continue,
            "check-sat-assuming" | "reset" | "reset-assertions" => {
                let message = format!(
                    "{head} is not supported in a theory (the workbench asks the script's first \
                     check-sat)"
                );
                return Err(TheoryError::unsupported(sources, file, command.span().0, message));
            }
            _ => {}
        }
        let mut sink = std::io::sink();
        match session.command(command, &text, &mut sink) {
            Ok(_) => {}
            Err(Fail::Error(message, (start, _))) => {
                return Err(TheoryError::refused(sources, file, start, escape(&message)));
            }
            Err(Fail::Unsupported(why)) => {
                let message = format!("unsupported: {why}: {}", snippet(&text, command.span()));
                return Err(TheoryError::unsupported(sources, file, command.span().0, message));
            }
        }
        spans.truncate(session.assertions.len());
        if spans.len() < session.assertions.len() {
            spans.push(command.span());
        }
    }
    let mut assertions: Vec<ScriptAssertion> = Vec::new();
    for (k, ((formula, name), span)) in session.assertions.iter().zip(&spans).enumerate() {
        let (name, is_named) = match name {
            Some(n) => (n.clone(), true),
            None => (format!("assertion{}", k + 1), false),
        };
        if assertions.iter().any(|a| a.name == name) {
            let message = format!("two assertions are named {name}");
            return Err(TheoryError::refused(sources, file, span.0, message));
        }
        assertions.push(ScriptAssertion {
            name,
            named: is_named,
            formula: formula.clone(),
            span: *span,
        });
    }
    Ok(ScriptTheory { session, assertions, has_check_sat })
}

/// The first line of a command's text, shortened, for messages.
fn snippet(text: &str, (start, end): (usize, usize)) -> String {
    let whole = text.get(start..end).unwrap_or("");
    let line = whole.lines().next().unwrap_or("");
    let shortened: String = line.chars().take(60).collect();
    if shortened.len() < whole.len() { format!("{shortened} ...") } else { shortened }
}

impl ScriptTheory {
    /// The terms the assertions are over.
    pub fn store(&self) -> &TermStore {
        &self.session.store
    }

    /// A checked model, printed as `get-model` prints it.
    pub fn model_text(&self, model: &Model) -> String {
        self.session.print_model(model)
    }

    /// Why a formula craig made over `store` (an interpolant) is no answer to the script: it
    /// names a theory the script's logic does not have (built-in `+` in a QF_UF script).
    /// `None` when it keeps to the script's vocabulary.
    pub fn outside_vocabulary(&self, store: &TermStore, formula: &Formula) -> Option<String> {
        let signature = &self.session.signature;
        let theory = signature.foreign_theory(store, formula)?;
        Some(signature.foreign("an interpolant", theory).to_string())
    }

    /// A formula over `store` (the script's terms, or an extension of them made by
    /// interpolation) in SMT-LIB syntax.
    pub fn formula_text(&self, store: &TermStore, formula: &Formula) -> String {
        formula_text(store, formula)
    }
}
