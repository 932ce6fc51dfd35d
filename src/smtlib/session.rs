//! The state of one SMT-LIB session ([`Session`]: declarations by scope, assertions, the last
//! answer) and what every command shares: how it fails ([`Fail`]), the assertions it dropped,
//! scope counts, and writing its answer.

use std::collections::BTreeMap;
use std::io;

use rustc_hash::FxHashMap;

use super::logic::{Signature, SignatureError};
use super::sexpr::SExpr;
use crate::smt::{self, Answer, Formula, FunId, SmtStats, SortId, TermId, TermStore};
use crate::syntax::{FileId, SourceMap};

/// Why a command was not carried out.
#[derive(Debug)]
pub(super) enum Fail {
    /// Ill-formed or ill-sorted input: `(error "...")`.
    Error(String, (usize, usize)),
    /// Outside what craig decides: `unsupported`, with the reason for the diagnostic channel.
    Unsupported(String),
}

/// The diagnostic of an `unsupported` answer to `command` (`file:line:col: unsupported: why`)
/// and the command's line.
pub(super) fn unsupported_diagnostic(
    sources: &SourceMap,
    file: FileId,
    command: &SExpr,
    why: &str,
) -> (String, usize) {
    let (line, col) = sources.line_col(file, command.span().0);
    (format!("{}:{line}:{col}: unsupported: {why}", sources.file(file).name), line)
}

/// An assertion of the open scopes that is not among the assertions: it was answered
/// `unsupported` or `(error ...)`. While there is one, a `sat` answer would be about fewer
/// assertions than the script made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Dropped {
    /// The line of the `assert` command.
    pub(super) line: usize,
    /// Whether it was an error (ill-formed or ill-sorted), rather than unsupported.
    pub(super) error: bool,
}

/// Why a `check-sat` that found the assertions satisfiable answers `unknown` while an
/// assertion was dropped: it is not among them, so a model of the others is no answer to the
/// script (a mistyped symbol must not turn into `sat`).
pub(super) fn dropped_assertion_reason(dropped: Dropped) -> String {
    let what = if dropped.error { "an error" } else { "unsupported" };
    format!(
        "the assertion at line {} was {what} and is not among the assertions; the others are \
         satisfiable",
        dropped.line
    )
}

/// How many scopes `(push N)` or `(pop N)` opens or closes (1 without a numeral); a `pop` of
/// more scopes than the `depth` open is refused before any is closed, so a bad command changes
/// nothing.
pub(super) fn scope_count(
    items: &[SExpr],
    command: &SExpr,
    head: &str,
    depth: usize,
) -> Result<usize, Fail> {
    let n = match items.get(1).and_then(SExpr::symbol) {
        None => 1,
        Some(s) => s
            .parse::<usize>()
            .map_err(|_| Fail::Error("expected a numeral".into(), command.span()))?,
    };
    if head == "pop" && n > depth {
        return error(command, format!("pop of {n} scope(s) below the first scope ({depth} open)"));
    }
    Ok(n)
}

pub(super) fn error<T>(expr: &SExpr, message: impl Into<String>) -> Result<T, Fail> {
    Err(Fail::Error(message.into(), expr.span()))
}

/// A name refused by the logic's signature, at `expr`.
pub(super) fn refused<T>(expr: &SExpr, why: SignatureError) -> Result<T, Fail> {
    error(expr, why.to_string())
}

/// An elaborated expression: a non-Boolean term or a formula.
#[derive(Clone, Debug)]
pub(super) enum Value {
    Term(TermId),
    Formula(Formula),
}

#[derive(Clone, Debug)]
pub(super) struct Definition {
    pub(super) params: Vec<(String, SortId)>,
    pub(super) result: SortId,
    pub(super) body: SExpr,
}

/// The script's own names in one scope (the theories' sorts and symbols are the
/// [`Signature`]'s, never here).
#[derive(Clone, Default)]
pub(super) struct Scope {
    pub(super) sorts: FxHashMap<String, SortId>,
    pub(super) funs: FxHashMap<String, FunId>,
    pub(super) definitions: FxHashMap<String, Definition>,
    /// `define-sort`: parameters and body, substituted where the sort is used.
    pub(super) sort_definitions: FxHashMap<String, (Vec<String>, SExpr)>,
    pub(super) assertions: usize,
    /// How many assertions had been dropped (`Session::dropped`).
    pub(super) dropped: usize,
}

/// The state of one SMT-LIB session.
pub struct Session {
    pub(super) store: TermStore,
    /// The theories of the logic `set-logic` named (every theory craig decides before, or
    /// without, one).
    pub(super) signature: Signature,
    pub(super) scope: Scope,
    pub(super) stack: Vec<Scope>,
    pub(super) assertions: Vec<(Formula, Option<String>)>,
    pub(super) last: Option<Answer>,
    /// The refutation of the last `check-sat` if it answered `unsat`, with the name of each
    /// formula it checked and the formulas (for `get-proof`).
    pub(super) last_refutation: Option<(smt::proof::Refutation, Vec<String>, Vec<Formula>)>,
    pub(super) fresh: u32,
    /// The text of each assertion's term, for `get-assertions` (parallel to `assertions`).
    pub(super) assertion_texts: Vec<String>,
    /// Options given with `set-option`, by keyword, as written (for `get-option`).
    pub(super) options: BTreeMap<String, String>,
    /// Why the last `check-sat` answered `unknown` (for `(get-info :reason-unknown)`).
    pub(super) reason_unknown: Option<String>,
    /// Why each `unsupported` answer was given (`file:line:col: unsupported: ...`), in order:
    /// SMT-LIB's `unsupported` carries no reason, so these are for the diagnostic channel.
    pub diagnostics: Vec<String>,
    /// How many `(error ...)` answers were printed: `craig smt` exits 1 when there was one,
    /// since SMT-LIB's continued execution would otherwise hide it from scripts and shells.
    pub errors: usize,
    /// The assertions of the open scopes that were answered `unsupported` or `(error ...)`:
    /// while there is one, a `sat` answer would be about fewer assertions than the script
    /// made, so it is `unknown` instead. Scopes keep them as they keep the assertions.
    pub(super) dropped: Vec<Dropped>,
    /// Counters summed over the session's `check-sat` commands.
    pub stats: SmtStats,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

/// How a script ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every command ran (errors were answered as `(error ...)`).
    Done,
    /// `exit` was given.
    Exited,
    /// The engine reported an internal error; nothing after it ran.
    InternalError,
}

impl Session {
    /// An empty session.
    pub fn new() -> Session {
        Session {
            store: TermStore::new(),
            signature: Signature::unset(),
            scope: Scope::default(),
            stack: Vec::new(),
            assertions: Vec::new(),
            last: None,
            last_refutation: None,
            fresh: 0,
            assertion_texts: Vec::new(),
            options: BTreeMap::new(),
            reason_unknown: None,
            diagnostics: Vec::new(),
            errors: 0,
            dropped: Vec::new(),
            stats: SmtStats::default(),
        }
    }
}

/// A write to the output as a command's failure (the command's span for the message).
pub(super) fn written(command: &SExpr, result: io::Result<()>) -> Result<(), Fail> {
    result.map_err(|e| Fail::Error(e.to_string(), command.span()))
}
