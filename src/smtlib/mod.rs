//! SMT-LIB 2 for QF_UF, QF_LRA, QF_LIA, QF_UFLIA, QF_UFLRA and the array logics QF_AX, QF_ALIA
//! and QF_AUFLIA: an S-expression reader (pest
//! grammar `grammar.pest`) and a command layer that elaborates assertions into [`crate::smt`]
//! formulas and answers as the standard prints them.
//!
//! A front end: it names [`crate::smt`] and [`crate::syntax`], never the prover or `solve`
//! (`tests/tidy.rs`). No crates.io SMT-LIB parser could be consulted when this was written
//! (the registry search was unavailable), so the reader is a small pest grammar.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};

use pest::Parser;
use rustc_hash::FxHashMap;

use rug::Rational;

use crate::smt::{
    self, Answer, ArithOp, Formula, FunId, Interpretation, Model, ModelValue, SmtError, SmtStats,
    SortId, TermId, TermStore,
};
use crate::syntax::{Diagnostic, FileId, SourceMap, Span};

mod grammar {
    //! The generated S-expression parser.
    #[derive(pest_derive::Parser)]
    #[grammar = "smtlib/grammar.pest"]
    pub struct SmtlibParser;
}

use grammar::{Rule, SmtlibParser};

mod proof;
mod quantified;
mod theory;
pub use quantified::{
    FiniteTables, Report, Verdict, has_quantifiers, quantified_theory, run_quantified,
    run_quantified_diagnosed,
};
pub use theory::{ScriptAssertion, ScriptTheory, read_theory};

/// An S-expression with its byte span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SExpr {
    /// A symbol (quoted symbols without their bars), numeral or other atom.
    Symbol(String, (usize, usize)),
    /// A string literal, without quotes.
    Str(String, (usize, usize)),
    /// A keyword such as `:named`.
    Keyword(String, (usize, usize)),
    /// A parenthesised list.
    List(Vec<SExpr>, (usize, usize)),
}

/// An S-expression as SMT-LIB text (for messages: symbols that needed bars print without them).
impl std::fmt::Display for SExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SExpr::Symbol(text, _) | SExpr::Keyword(text, _) => f.write_str(text),
            SExpr::Str(text, _) => write!(f, "\"{}\"", text.replace('"', "\"\"")),
            SExpr::List(items, _) => {
                f.write_str("(")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl SExpr {
    fn span(&self) -> (usize, usize) {
        match self {
            SExpr::Symbol(_, s) | SExpr::Str(_, s) | SExpr::Keyword(_, s) | SExpr::List(_, s) => *s,
        }
    }

    fn symbol(&self) -> Option<&str> {
        match self {
            SExpr::Symbol(s, _) => Some(s),
            _ => None,
        }
    }

    /// The symbol a list starts with, as in `(and ...)`.
    fn head_symbol(&self) -> Option<&str> {
        match self {
            SExpr::List(items, _) => items.first().and_then(SExpr::symbol),
            _ => None,
        }
    }
}

/// Reads a script into S-expressions, or a diagnostic at the first syntax error.
pub fn parse(text: &str, file: FileId) -> Result<Vec<SExpr>, Diagnostic> {
    if let Some(at) = too_deep(text) {
        let message = format!("nesting deeper than {MAX_DEPTH} parentheses is not supported");
        return Err(Diagnostic::error(Span::new(file, at, at), message));
    }
    let pairs = SmtlibParser::parse(Rule::script, text).map_err(|e| {
        let start = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        let start = start.min(text.len());
        Diagnostic::error(
            Span::new(file, start, start),
            "syntax error: unbalanced parentheses or invalid token",
        )
    })?;
    let mut out = Vec::new();
    for pair in pairs.flatten().take(1) {
        for inner in pair.into_inner() {
            if inner.as_rule() != Rule::EOI {
                out.push(convert(inner));
            }
        }
    }
    Ok(out)
}

/// The deepest nesting accepted: the reader and the elaboration recurse once per level, and
/// this bound keeps them well inside a 2 MB thread stack.
pub const MAX_DEPTH: usize = 500;

/// The offset of the first parenthesis nested deeper than [`MAX_DEPTH`], outside strings,
/// quoted symbols and comments.
fn too_deep(text: &str) -> Option<usize> {
    let (mut depth, mut in_string, mut in_quoted, mut in_comment) = (0usize, false, false, false);
    for (i, c) in text.char_indices() {
        match c {
            '\n' if in_comment => in_comment = false,
            _ if in_comment => {}
            '"' if !in_quoted => in_string = !in_string,
            '|' if !in_string => in_quoted = !in_quoted,
            _ if in_string || in_quoted => {}
            ';' => in_comment = true,
            '(' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

fn convert(pair: pest::iterators::Pair<'_, Rule>) -> SExpr {
    let span = (pair.as_span().start(), pair.as_span().end());
    let text = pair.as_str();
    match pair.as_rule() {
        Rule::list => SExpr::List(pair.into_inner().map(convert).collect(), span),
        Rule::string => SExpr::Str(text[1..text.len() - 1].replace("\"\"", "\""), span),
        Rule::quoted => SExpr::Symbol(text[1..text.len() - 1].to_string(), span),
        Rule::keyword => SExpr::Keyword(text.to_string(), span),
        _ => SExpr::Symbol(text.to_string(), span),
    }
}

/// Why a command was not carried out.
#[derive(Debug)]
enum Fail {
    /// Ill-formed or ill-sorted input: `(error "...")`.
    Error(String, (usize, usize)),
    /// Outside what craig decides: `unsupported`, with the reason for the diagnostic channel.
    Unsupported(String),
}

/// The diagnostic of an `unsupported` answer to `command` (`file:line:col: unsupported: why`)
/// and the command's line.
fn unsupported_diagnostic(
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
struct Dropped {
    /// The line of the `assert` command.
    line: usize,
    /// Whether it was an error (ill-formed or ill-sorted), rather than unsupported.
    error: bool,
}

/// Why a `check-sat` that found the assertions satisfiable answers `unknown` while an
/// assertion was dropped: it is not among them, so a model of the others is no answer to the
/// script (a mistyped symbol must not turn into `sat`).
fn dropped_assertion_reason(dropped: Dropped) -> String {
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
fn scope_count(items: &[SExpr], command: &SExpr, head: &str, depth: usize) -> Result<usize, Fail> {
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

fn error<T>(expr: &SExpr, message: impl Into<String>) -> Result<T, Fail> {
    Err(Fail::Error(message.into(), expr.span()))
}

/// An elaborated expression: a non-Boolean term or a formula.
#[derive(Clone, Debug)]
enum Value {
    Term(TermId),
    Formula(Formula),
}

#[derive(Clone, Debug)]
struct Definition {
    params: Vec<(String, SortId)>,
    result: SortId,
    body: SExpr,
}

#[derive(Clone, Default)]
struct Scope {
    sorts: FxHashMap<String, SortId>,
    funs: FxHashMap<String, FunId>,
    definitions: FxHashMap<String, Definition>,
    /// `define-sort`: parameters and body, substituted where the sort is used.
    sort_definitions: FxHashMap<String, (Vec<String>, SExpr)>,
    assertions: usize,
    /// How many assertions had been dropped (`Session::dropped`).
    dropped: usize,
}

/// The state of one SMT-LIB session.
pub struct Session {
    store: TermStore,
    scope: Scope,
    stack: Vec<Scope>,
    assertions: Vec<(Formula, Option<String>)>,
    last: Option<Answer>,
    /// The refutation of the last `check-sat` if it answered `unsat`, with the name of each
    /// formula it checked and the formulas (for `get-proof`).
    last_refutation: Option<(smt::proof::Refutation, Vec<String>, Vec<Formula>)>,
    fresh: u32,
    /// The text of each assertion's term, for `get-assertions` (parallel to `assertions`).
    assertion_texts: Vec<String>,
    /// Options given with `set-option`, by keyword, as written (for `get-option`).
    options: BTreeMap<String, String>,
    /// Why the last `check-sat` answered `unknown` (for `(get-info :reason-unknown)`).
    reason_unknown: Option<String>,
    /// Why each `unsupported` answer was given (`file:line:col: unsupported: ...`), in order:
    /// SMT-LIB's `unsupported` carries no reason, so these are for the diagnostic channel.
    pub diagnostics: Vec<String>,
    /// How many `(error ...)` answers were printed: `craig smt` exits 1 when there was one,
    /// since SMT-LIB's continued execution would otherwise hide it from scripts and shells.
    pub errors: usize,
    /// The assertions of the open scopes that were answered `unsupported` or `(error ...)`:
    /// while there is one, a `sat` answer would be about fewer assertions than the script
    /// made, so it is `unknown` instead. Scopes keep them as they keep the assertions.
    dropped: Vec<Dropped>,
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
        let mut scope = Scope::default();
        scope.sorts.insert("Bool".to_string(), SortId::BOOL);
        scope.sorts.insert("Int".to_string(), SortId::INT);
        scope.sorts.insert("Real".to_string(), SortId::REAL);
        Session {
            store: TermStore::new(),
            scope,
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

    /// Runs a script's text, writing the answers to `out`. A syntax error is written as
    /// `(error "file:line:col: ...")` and no command runs.
    pub fn run_script(
        &mut self,
        sources: &SourceMap,
        file: FileId,
        out: &mut dyn Write,
    ) -> io::Result<Outcome> {
        let text = sources.file(file).text.clone();
        let commands = match parse(&text, file) {
            Ok(commands) => commands,
            Err(d) => {
                let (line, col) = sources.line_col(file, d.primary.start as usize);
                let name = &sources.file(file).name;
                writeln!(out, "(error \"{name}:{line}:{col}: {}\")", escape(&d.message))?;
                self.errors += 1;
                return Ok(Outcome::Done);
            }
        };
        for command in &commands {
            match self.command(command, &text, out) {
                Ok(Some(outcome)) => {
                    if outcome == Outcome::InternalError {
                        self.errors += 1;
                    }
                    return Ok(outcome);
                }
                Ok(None) => {}
                Err(Fail::Unsupported(why)) => {
                    writeln!(out, "unsupported")?;
                    let (diagnostic, line) = unsupported_diagnostic(sources, file, command, &why);
                    self.diagnostics.push(diagnostic);
                    if command.head_symbol() == Some("assert") {
                        self.dropped.push(Dropped { line, error: false });
                    }
                }
                Err(Fail::Error(message, (start, _))) => {
                    let (line, col) = sources.line_col(file, start);
                    let name = &sources.file(file).name;
                    writeln!(out, "(error \"{name}:{line}:{col}: {}\")", escape(&message))?;
                    self.errors += 1;
                    // Execution goes on (`:error-behavior continued-execution`), but without
                    // this assertion a later `sat` would not be the script's answer.
                    if command.head_symbol() == Some("assert") {
                        let (line, _) = sources.line_col(file, command.span().0);
                        self.dropped.push(Dropped { line, error: true });
                    }
                }
            }
        }
        Ok(Outcome::Done)
    }

    fn command(
        &mut self,
        command: &SExpr,
        text: &str,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        let SExpr::List(items, _) = command else { return error(command, "expected a command") };
        let Some(head) = items.first().and_then(SExpr::symbol) else {
            return error(command, "expected a command name");
        };
        let io = |r: io::Result<()>| r.map_err(|e| Fail::Error(e.to_string(), command.span()));
        match head {
            "set-logic" => match items.get(1).and_then(SExpr::symbol) {
                Some(
                    "QF_UF" | "QF_LRA" | "QF_LIA" | "QF_IDL" | "QF_RDL" | "QF_UFLIA" | "QF_UFLRA"
                    | "QF_UFIDL" | "QF_AX" | "QF_ALIA" | "QF_AUFLIA",
                ) => {}
                Some(logic) => {
                    return Err(Fail::Unsupported(format!(
                        "logic {logic} (craig decides QF_UF, QF_LRA, QF_LIA, QF_IDL, QF_RDL, \
                         QF_UFLIA, QF_UFLRA, QF_UFIDL, QF_AX, QF_ALIA and QF_AUFLIA)"
                    )));
                }
                None => return error(command, "set-logic expects a logic name"),
            },
            "set-option" => {
                if let (Some(SExpr::Keyword(key, _)), Some(value)) = (items.get(1), items.get(2)) {
                    let (s, e) = value.span();
                    self.options.insert(key.clone(), text[s..e].to_string());
                }
            }
            "set-info" => {}
            "exit" => return Ok(Some(Outcome::Exited)),
            "echo" => match items.get(1) {
                Some(SExpr::Str(s, _)) => io(writeln!(out, "\"{}\"", s.replace('"', "\"\"")))?,
                _ => return error(command, "echo expects a string"),
            },
            "declare-sort" => {
                let name = self.fresh_name(items.get(1), command)?;
                match items.get(2).and_then(SExpr::symbol) {
                    None | Some("0") => {}
                    Some(arity) => {
                        return Err(Fail::Unsupported(format!(
                            "sort constructors of arity {arity} (only arity 0)"
                        )));
                    }
                }
                let sort = self.store.declare_sort(&name);
                self.scope.sorts.insert(name, sort);
            }
            "declare-fun" | "declare-const" => {
                let name = self.fresh_name(items.get(1), command)?;
                let (args, result) = if head == "declare-fun" {
                    let Some(SExpr::List(args, _)) = items.get(2) else {
                        return error(command, "declare-fun expects a list of argument sorts");
                    };
                    let mut sorts = Vec::new();
                    for a in args {
                        sorts.push(self.sort(a)?);
                    }
                    let args = sorts;
                    (args, items.get(3))
                } else {
                    (Vec::new(), items.get(2))
                };
                let Some(result) = result else { return error(command, "missing result sort") };
                let result = self.sort(result)?;
                if !args.is_empty() && args.contains(&SortId::BOOL) {
                    return Err(Fail::Unsupported("functions with Bool arguments".to_string()));
                }
                let f = self.store.declare_fun(&name, args, result, false);
                self.scope.funs.insert(name, f);
            }
            "define-fun" => {
                let name = self.fresh_name(items.get(1), command)?;
                let (Some(SExpr::List(params, _)), Some(result), Some(body), 5) =
                    (items.get(2), items.get(3), items.get(4), items.len())
                else {
                    return error(
                        command,
                        "define-fun expects a name, parameters, a sort and a body",
                    );
                };
                let mut bound = Vec::new();
                for p in params {
                    match p {
                        SExpr::List(pair, _) if pair.len() == 2 && pair[0].symbol().is_some() => {
                            bound.push((
                                pair[0].symbol().unwrap_or("").to_string(),
                                self.sort(&pair[1])?,
                            ));
                        }
                        _ => return error(p, "expected (name sort)"),
                    }
                }
                let result = self.sort(result)?;
                // Check the body now, with the parameters as fresh constants of their sorts.
                let mut env = Vec::new();
                for (pname, psort) in &bound {
                    let c = self.fresh_constant(*psort);
                    env.push((pname.clone(), self.constant_value(c, *psort)));
                }
                let mut side = Vec::new();
                let value = self.elaborate(body, &env, &mut side)?;
                self.check_sort(&value, result, body)?;
                self.scope
                    .definitions
                    .insert(name, Definition { params: bound, result, body: body.clone() });
            }
            "assert" => {
                let Some(body) = items.get(1) else {
                    return error(command, "assert expects a term");
                };
                let name = named(body);

                let mut side = Vec::new();
                let value = self.elaborate(body, &[], &mut side)?;
                let Value::Formula(f) = value else {
                    return error(body, "an assertion must be Boolean");
                };
                side.push(f);
                let formula = if side.len() == 1 {
                    side.pop().unwrap_or(Formula::True)
                } else {
                    Formula::And(side)
                };
                self.assertions.push((formula, name));
                let (s, e) = body.span();
                self.assertion_texts.push(text[s..e].to_string());
                self.last = None;
            }
            "push" | "pop" => {
                let n = scope_count(items, command, head, self.stack.len())?;
                for _ in 0..n {
                    if head == "push" {
                        let mut saved = self.scope.clone();
                        saved.assertions = self.assertions.len();
                        saved.dropped = self.dropped.len();
                        self.stack.push(saved);
                    } else {
                        let saved = self.stack.pop().expect("scope_count checked the depth");
                        self.dropped.truncate(saved.dropped);
                        self.assertions.truncate(saved.assertions);
                        self.assertion_texts.truncate(saved.assertions);
                        self.scope = saved;
                    }
                }
                self.last = None;
            }
            "check-sat" | "check-sat-assuming" => {
                let mut formulas: Vec<Formula> =
                    self.assertions.iter().map(|(f, _)| f.clone()).collect();
                let mut tracked: Vec<bool> =
                    self.assertions.iter().map(|(_, n)| n.is_some()).collect();
                if head == "check-sat-assuming" {
                    // Assumptions hold for this check only; they are not assertions, so the
                    // core (which names assertions) leaves them out.
                    let Some(SExpr::List(literals, _)) = items.get(1) else {
                        return error(command, "check-sat-assuming expects a list of literals");
                    };
                    for literal in literals {
                        let mut side = Vec::new();
                        let Value::Formula(f) = self.elaborate(literal, &[], &mut side)? else {
                            return error(literal, "an assumption must be Boolean");
                        };
                        formulas.extend(side);
                        formulas.push(f);
                    }
                    tracked.resize(formulas.len(), false);
                }
                self.reason_unknown = None;
                self.last_refutation = None;
                match smt::check_with_refutation(&self.store, &formulas, &tracked, &mut self.stats)
                {
                    Ok((answer, refutation)) => {
                        // Named assertions print by name, the others by position (1-based).
                        let names = (0..formulas.len())
                            .map(|i| match self.assertions.get(i) {
                                Some((_, Some(name))) => name.clone(),
                                _ => (i + 1).to_string(),
                            })
                            .collect();
                        self.last_refutation = refutation.map(|r| (r, names, formulas));
                        if let (Answer::Sat(_), Some(&dropped)) = (&answer, self.dropped.first()) {
                            // The model satisfies what was asserted, not what the script
                            // meant: an assertion craig could not read is missing. (`unsat`
                            // stays: fewer assertions are already contradictory.)
                            io(writeln!(out, "unknown"))?;
                            self.reason_unknown = Some(dropped_assertion_reason(dropped));
                            self.last = None;
                            return Ok(None);
                        }
                        io(writeln!(
                            out,
                            "{}",
                            if matches!(answer, Answer::Sat(_)) { "sat" } else { "unsat" }
                        ))?;
                        self.last = Some(answer);
                    }
                    Err(SmtError::Unsupported(why)) => {
                        self.last = None;
                        return Err(Fail::Unsupported(why));
                    }
                    Err(SmtError::Incomplete(why)) => {
                        io(writeln!(out, "unknown"))?;
                        self.reason_unknown = Some(why);
                        self.last = None;
                    }
                    Err(e) => {
                        io(writeln!(out, "(error \"{}\")", escape(&e.to_string())))?;
                        return Ok(Some(Outcome::InternalError));
                    }
                }
            }
            "get-model" => {
                let Some(Answer::Sat(model)) = &self.last else {
                    return error(command, "get-model is only available after a sat answer");
                };
                let text = self.print_model(model);
                io(out.write_all(text.as_bytes()))?;
            }
            "get-unsat-core" => {
                let Some(Answer::Unsat { core }) = &self.last else {
                    return error(
                        command,
                        "get-unsat-core is only available after an unsat answer",
                    );
                };
                let names: Vec<&str> =
                    core.iter().filter_map(|&i| self.assertions[i].1.as_deref()).collect();
                io(writeln!(out, "({})", names.join(" ")))?;
            }
            "get-value" => {
                let Some(Answer::Sat(model)) = self.last.clone() else {
                    return error(command, "get-value is only available after a sat answer");
                };
                let Some(SExpr::List(terms, _)) = items.get(1) else {
                    return error(command, "get-value expects a list of terms");
                };
                let mut parts = Vec::new();
                for t in terms {
                    let mut side = Vec::new();
                    let value = self.elaborate(t, &[], &mut side)?;
                    if !side.is_empty() {
                        return Err(Fail::Unsupported(
                            "interpolation partitions whose terms need definitions (ite, div, \
                             mod, abs)"
                                .to_string(),
                        ));
                    }
                    let shown = match value {
                        Value::Formula(f) => model.eval(&self.store, &f).to_string(),
                        Value::Term(term) => {
                            let sort = self.store.sort_of(term);
                            if sort.is_arithmetic() {
                                number_text(&model.number(&self.store, term), sort)
                            } else if self.store.array_parts(sort).is_some() {
                                self.model_value_text(sort, &model.eval_value(&self.store, term))
                            } else {
                                self.value_name(sort, model.value(&self.store, term))
                            }
                        }
                    };
                    let (s, e) = t.span();
                    parts.push(format!("({} {shown})", &text[s..e]));
                }
                io(writeln!(out, "({})", parts.join(" ")))?;
            }
            "get-interpolants" => {
                let Some(Answer::Unsat { .. }) = &self.last else {
                    return error(
                        command,
                        "get-interpolants is only available after an unsat answer",
                    );
                };
                if items.len() < 3 {
                    return error(command, "get-interpolants expects at least two assertion names");
                }
                // SMTInterpol's form: names in post order, a parenthesized group a subtree.
                let mut nodes = Vec::new();
                let mut parent = Vec::new();
                read_tree(&items[1..], command, &mut nodes, &mut parent)?;
                let mut partitions = Vec::new();
                let mut used = BTreeSet::new();
                for item in &nodes {
                    // A node is one name or SMTInterpol's `(and N1 ... Nk)`: several named
                    // assertions in one partition.
                    let names = match item {
                        SExpr::List(parts, _) => &parts[1..],
                        _ => std::slice::from_ref(*item),
                    };
                    let mut partition = Vec::new();
                    for name_item in names {
                        let found = name_item.symbol().and_then(|name| {
                            self.assertions.iter().find(|(_, n)| n.as_deref() == Some(name))
                        });
                        let Some((formula, _)) = found else {
                            return error(name_item, "expected the name of a named assertion");
                        };
                        if !used.insert(name_item.symbol()) {
                            return error(name_item, "an assertion may be in only one partition");
                        }
                        partition.push(formula.clone());
                    }
                    partitions.push(partition);
                }
                match smt::interpolate::interpolate_tree(&self.store, &partitions, &parent) {
                    Ok(result) => {
                        let shown: Vec<String> = result
                            .interpolants
                            .iter()
                            .map(|i| formula_text(&result.store, i))
                            .collect();
                        io(writeln!(out, "({})", shown.join(" ")))?;
                    }
                    Err(e) => return self.interpolation_failure(command, e, out),
                }
            }
            "get-interpolant" => {
                // cvc5's form: an interpolant I of the assertions and a conjecture, with the
                // assertions entailing I and I entailing the conjecture.
                let (Some(SExpr::Symbol(name, _)), Some(conjecture)) = (items.get(1), items.get(2))
                else {
                    return error(command, "get-interpolant expects a name and a conjecture");
                };
                if items.len() > 3 {
                    return Err(Fail::Unsupported("a grammar for the interpolant".to_string()));
                }
                let mut side = Vec::new();
                let goal = self.formula(conjecture, &[], &mut side)?;
                side.push(Formula::Not(Box::new(goal)));
                let a: Vec<Formula> = self.assertions.iter().map(|(f, _)| f.clone()).collect();
                match smt::interpolate::interpolate(&self.store, &a, &side) {
                    Ok(result) => {
                        let shown = formula_text(&result.store, &result.interpolants[0]);
                        io(writeln!(out, "(define-fun {name} () Bool {shown})"))?;
                    }
                    Err(smt::interpolate::InterpolationError::Satisfiable) => {
                        return error(
                            command,
                            "the assertions do not entail the conjecture, so it has no \
                             interpolant",
                        );
                    }
                    Err(e) => return self.interpolation_failure(command, e, out),
                }
            }
            "get-info" => {
                let Some(SExpr::Keyword(key, _)) = items.get(1) else {
                    return error(command, "get-info expects a keyword");
                };
                let value = match key.as_str() {
                    ":name" => "\"craig\"".to_string(),
                    ":version" => format!("\"{}\"", env!("CARGO_PKG_VERSION")),
                    ":authors" => "\"the craig developers\"".to_string(),
                    ":error-behavior" => "continued-execution".to_string(),
                    ":reason-unknown" => match &self.reason_unknown {
                        // The standard's word for an engine that stopped short of an answer,
                        // then craig's reason as a string.
                        Some(why) => format!("(incomplete \"{}\")", escape(why)),
                        None => {
                            return error(
                                command,
                                "get-info :reason-unknown is only available after an unknown \
                                 answer",
                            );
                        }
                    },
                    _ => {
                        return Err(Fail::Unsupported(format!(
                            "get-info {}",
                            items.get(1).map_or_else(String::new, |k| k.to_string())
                        )));
                    }
                };
                io(writeln!(out, "({key} {value})"))?;
            }
            "get-option" => {
                let Some(SExpr::Keyword(key, _)) = items.get(1) else {
                    return error(command, "get-option expects a keyword");
                };
                let value = match (self.options.get(key), key.as_str()) {
                    (Some(v), _) => v.clone(),
                    // craig always keeps what these options ask for, so they read as set.
                    (
                        None,
                        ":produce-models"
                        | ":produce-unsat-cores"
                        | ":produce-assertions"
                        | ":produce-proofs",
                    ) => "true".to_string(),
                    (None, ":print-success" | ":global-declarations") => "false".to_string(),
                    (None, ":regular-output-channel") => "\"stdout\"".to_string(),
                    (None, ":diagnostic-output-channel") => "\"stderr\"".to_string(),
                    (None, ":random-seed" | ":verbosity") => "0".to_string(),
                    _ => {
                        return Err(Fail::Unsupported(format!(
                            "get-option {}",
                            items.get(1).map_or_else(String::new, |k| k.to_string())
                        )));
                    }
                };
                io(writeln!(out, "{value}"))?;
            }
            "get-assertions" => {
                io(writeln!(out, "({})", self.assertion_texts.join(" ")))?;
            }
            "reset" => {
                let stats = self.stats;
                let diagnostics = std::mem::take(&mut self.diagnostics);
                *self = Session::new();
                self.stats = stats;
                self.diagnostics = diagnostics;
            }
            "reset-assertions" => {
                // Back to the first scope: its declarations stay, every assertion goes.
                if let Some(first) = self.stack.first().cloned() {
                    self.scope = first;
                    self.stack.clear();
                }
                self.assertions.clear();
                self.assertion_texts.clear();
                self.dropped.clear();
                self.last = None;
            }
            "define-sort" => {
                let name = self.fresh_name(items.get(1), command)?;
                let (Some(SExpr::List(params, _)), Some(body), 4) =
                    (items.get(2), items.get(3), items.len())
                else {
                    return error(command, "define-sort expects a name, parameters and a sort");
                };
                let mut names = Vec::new();
                for p in params {
                    match p.symbol() {
                        Some(n) if !names.iter().any(|m| m == n) => names.push(n.to_string()),
                        _ => return error(p, "expected a distinct parameter name"),
                    }
                }
                // Check the body now, with each parameter standing for Int.
                let int_sort = SExpr::Symbol("Int".to_string(), body.span());
                let args = vec![int_sort; names.len()];
                self.sort(&substitute_sorts(body, &names, &args))?;
                self.scope.sort_definitions.insert(name, (names, body.clone()));
            }
            "get-proof" => {
                // craig keeps every refutation, so proofs are on unless the script turned
                // them off (as for `:produce-unsat-cores`, which is always on).
                if self.options.get(":produce-proofs").is_some_and(|v| v == "false") {
                    return error(command, "get-proof needs :produce-proofs, which is false");
                }
                let (Some(Answer::Unsat { .. }), Some((refutation, names, formulas))) =
                    (&self.last, &self.last_refutation)
                else {
                    return error(command, "get-proof is only available after an unsat answer");
                };
                let proof = match refutation.proof() {
                    Ok(proof) => proof,
                    Err(e) => return error(command, e.to_string()),
                };
                let store = refutation.store(&self.store);
                let text = proof::proof_text(store, &proof, names, formulas);
                io(out.write_all(text.as_bytes()))?;
            }
            "declare-datatypes" | "declare-datatype" | "define-fun-rec" | "define-funs-rec"
            | "get-assignment" => {
                return Err(Fail::Unsupported(format!("the command {head}")));
            }
            _ => return error(command, format!("unknown command {head}")),
        }
        Ok(None)
    }

    /// The answer when no interpolant is given: `unsupported` for what the construction does
    /// not cover, `unknown` when the engine gave up, an error for the rest (an internal error
    /// stops the script, as for `check-sat`).
    fn interpolation_failure(
        &self,
        command: &SExpr,
        failure: smt::interpolate::InterpolationError,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        use smt::interpolate::InterpolationError as E;
        let io = |r: io::Result<()>| r.map_err(|e| Fail::Error(e.to_string(), command.span()));
        match failure {
            E::Unsupported(why) | E::Smt(SmtError::Unsupported(why)) => Err(Fail::Unsupported(why)),
            E::Smt(SmtError::Incomplete(_)) => {
                io(writeln!(out, "unknown"))?;
                Ok(None)
            }
            E::Satisfiable | E::BadTree(_) => error(command, failure.to_string()),
            E::Smt(_) | E::Unverified(_) => {
                io(writeln!(out, "(error \"{}\")", escape(&failure.to_string())))?;
                Ok(Some(Outcome::InternalError))
            }
        }
    }

    fn fresh_name(&self, expr: Option<&SExpr>, command: &SExpr) -> Result<String, Fail> {
        let Some(name) = expr.and_then(SExpr::symbol) else {
            return error(command, "expected a symbol");
        };
        if self.scope.funs.contains_key(name)
            || self.scope.sorts.contains_key(name)
            || self.scope.definitions.contains_key(name)
            || self.scope.sort_definitions.contains_key(name)
            || is_builtin(name)
        {
            return error(expr.unwrap_or(command), format!("{name} is already declared"));
        }
        Ok(name.to_string())
    }

    fn sort(&mut self, expr: &SExpr) -> Result<SortId, Fail> {
        let (head, args): (Option<&str>, &[SExpr]) = match expr {
            // `()` is no sort: no head, and no arguments to slice.
            SExpr::List(parts, _) => {
                (parts.first().and_then(SExpr::symbol), parts.get(1..).unwrap_or(&[]))
            }
            SExpr::Symbol(s, _) => (Some(s.as_str()), &[]),
            _ => (None, &[]),
        };
        if let Some((params, body)) = head.and_then(|h| self.scope.sort_definitions.get(h)) {
            if params.len() != args.len() {
                return error(expr, format!("this sort takes {} parameters", params.len()));
            }
            let body = substitute_sorts(body, params, args);
            return self.sort(&body);
        }
        match expr {
            SExpr::List(parts, _) if parts.first().and_then(SExpr::symbol) == Some("Array") => {
                let [_, index, element] = &parts[..] else {
                    return error(expr, "Array expects an index sort and an element sort");
                };
                let (index, element) = (self.sort(index)?, self.sort(element)?);
                Ok(self.store.array_sort(index, element))
            }
            _ => match expr.symbol() {
                Some(name) => match self.scope.sorts.get(name) {
                    Some(&s) => Ok(s),
                    None if matches!(name, "String" | "RoundingMode") => {
                        Err(Fail::Unsupported(format!("the sort {name}")))
                    }
                    None => error(expr, format!("unknown sort {name}")),
                },
                None => Err(Fail::Unsupported(format!("the sort {expr}"))),
            },
        }
    }

    fn fresh_constant(&mut self, sort: SortId) -> TermId {
        self.fresh += 1;
        let f = self.store.declare_fun(&format!("craig!{}", self.fresh), Vec::new(), sort, true);
        self.store.apply(f, Vec::new())
    }

    fn constant_value(&self, t: TermId, sort: SortId) -> Value {
        if sort == SortId::BOOL { Value::Formula(Formula::Atom(t)) } else { Value::Term(t) }
    }

    fn check_sort(&self, value: &Value, sort: SortId, expr: &SExpr) -> Result<(), Fail> {
        let actual = match value {
            Value::Formula(_) => SortId::BOOL,
            Value::Term(t) => self.store.sort_of(*t),
        };
        if actual == sort {
            Ok(())
        } else {
            error(
                expr,
                format!(
                    "expected sort {}, got {}",
                    self.store.sort_name(sort),
                    self.store.sort_name(actual)
                ),
            )
        }
    }

    fn formula(
        &mut self,
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Formula, Fail> {
        match self.elaborate(expr, env, side)? {
            Value::Formula(f) => Ok(f),
            Value::Term(_) => error(expr, "expected a Boolean term"),
        }
    }

    fn elaborate(
        &mut self,
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        match expr {
            SExpr::Str(..) | SExpr::Keyword(..) => error(expr, "expected a term"),
            SExpr::Symbol(name, _) => {
                if let Some((_, v)) = env.iter().rev().find(|(n, _)| n == name) {
                    return Ok(v.clone());
                }
                match name.as_str() {
                    "true" => return Ok(Value::Formula(Formula::True)),
                    "false" => return Ok(Value::Formula(Formula::False)),
                    _ => {}
                }
                if let Some((value, sort)) = numeral(name) {
                    return Ok(Value::Term(self.store.numeral(&value, sort)));
                }
                self.apply(name, &[], expr, env, side)
            }
            SExpr::List(items, _) => {
                let Some(head) = items.first() else { return error(expr, "empty application") };
                let Some(name) = head.symbol() else {
                    return match head {
                        SExpr::List(parts, _)
                            if parts.len() == 3
                                && parts[0].symbol() == Some("as")
                                && parts[1].symbol() == Some("const") =>
                        {
                            self.constant_array(&parts[2], &items[1..], expr, env, side)
                        }
                        SExpr::List(..) => {
                            Err(Fail::Unsupported(format!("the qualified term {expr}")))
                        }
                        _ => error(head, "expected a function symbol"),
                    };
                };
                let args = &items[1..];
                match name {
                    "not" | "and" | "or" | "=>" | "xor" => {
                        let mut fs = Vec::new();
                        for a in args {
                            fs.push(self.formula(a, env, side)?);
                        }
                        Ok(Value::Formula(match name {
                            "not" if fs.len() == 1 => Formula::Not(Box::new(fs.remove(0))),
                            "not" => return error(expr, "not expects one argument"),
                            "and" => Formula::And(fs),
                            "or" => Formula::Or(fs),
                            _ if fs.len() < 2 => {
                                return error(
                                    expr,
                                    format!("{name} expects at least two arguments"),
                                );
                            }
                            "=>" => {
                                let last = fs.pop().unwrap_or(Formula::True);
                                let mut parts: Vec<Formula> =
                                    fs.into_iter().map(|f| Formula::Not(Box::new(f))).collect();
                                parts.push(last);
                                Formula::Or(parts)
                            }
                            _ => {
                                let mut it = fs.into_iter();
                                let first = it.next().unwrap_or(Formula::False);
                                it.fold(first, |acc, f| Formula::Xor(Box::new(acc), Box::new(f)))
                            }
                        }))
                    }
                    "=" | "distinct" => {
                        if args.len() < 2 {
                            return error(expr, format!("{name} expects at least two arguments"));
                        }
                        let mut values = Vec::new();
                        for a in args {
                            values.push(self.elaborate(a, env, side)?);
                        }
                        if values.iter().all(|v| self.sort_of_value(v).is_arithmetic()) {
                            let (terms, _) = self.promote(values, args)?;
                            values = terms.into_iter().map(Value::Term).collect();
                        }
                        let first_sort = self.sort_of_value(&values[0]);
                        for (v, a) in values.iter().zip(args) {
                            self.check_sort(v, first_sort, a)?;
                        }
                        let pair = |x: &Value, y: &Value| match (x, y) {
                            (Value::Term(a), Value::Term(b)) => Formula::Eq(*a, *b),
                            (Value::Formula(a), Value::Formula(b)) => {
                                Formula::Iff(Box::new(a.clone()), Box::new(b.clone()))
                            }
                            _ => Formula::False,
                        };
                        let mut parts = Vec::new();
                        if name == "=" {
                            for w in values.windows(2) {
                                parts.push(pair(&w[0], &w[1]));
                            }
                        } else {
                            for i in 0..values.len() {
                                for j in i + 1..values.len() {
                                    parts
                                        .push(Formula::Not(Box::new(pair(&values[i], &values[j]))));
                                }
                            }
                        }
                        Ok(Value::Formula(if parts.len() == 1 {
                            parts.remove(0)
                        } else {
                            Formula::And(parts)
                        }))
                    }
                    "select" | "store" => self.array_operation(name, args, expr, env, side),
                    "ite" => {
                        let [c, a, b] = args else {
                            return error(expr, "ite expects three arguments");
                        };
                        let c = self.formula(c, env, side)?;
                        let va = self.elaborate(a, env, side)?;
                        let vb = self.elaborate(b, env, side)?;
                        let sort = self.sort_of_value(&va);
                        self.check_sort(&vb, sort, b)?;
                        match (va, vb) {
                            (Value::Formula(fa), Value::Formula(fb)) => Ok(Value::Formula(
                                Formula::Ite(Box::new(c), Box::new(fa), Box::new(fb)),
                            )),
                            (Value::Term(ta), Value::Term(tb)) => {
                                // A fresh constant k with c -> k = a and not c -> k = b: a
                                // definitional extension, satisfiable together with the rest
                                // exactly when the original is.
                                let k = self.fresh_constant(sort);
                                side.push(Formula::Ite(
                                    Box::new(c),
                                    Box::new(Formula::Eq(k, ta)),
                                    Box::new(Formula::Eq(k, tb)),
                                ));
                                Ok(Value::Term(k))
                            }
                            _ => error(expr, "ite branches of different sorts"),
                        }
                    }
                    "let" => {
                        let [SExpr::List(bindings, _), body] = args else {
                            return error(expr, "let expects bindings and a body");
                        };
                        let mut inner = env.to_vec();
                        let mut new = Vec::new();
                        for b in bindings {
                            match b {
                                SExpr::List(pair, _)
                                    if pair.len() == 2 && pair[0].symbol().is_some() =>
                                {
                                    let v = self.elaborate(&pair[1], env, side)?;
                                    new.push((pair[0].symbol().unwrap_or("").to_string(), v));
                                }
                                _ => return error(b, "expected (name term)"),
                            }
                        }
                        inner.extend(new);
                        self.elaborate(body, &inner, side)
                    }
                    "!" => {
                        let Some(body) = args.first() else {
                            return error(expr, "! expects a term");
                        };
                        self.elaborate(body, env, side)
                    }
                    "forall" | "exists" | "_" | "as" | "match" => Err(Fail::Unsupported(format!(
                        "{name} here (quantifiers go to the prover only in scripts over \
                         uninterpreted sorts)"
                    ))),
                    "+" | "-" | "*" | "/" | "to_real" => {
                        self.arithmetic(name, args, expr, env, side)
                    }
                    "<=" | "<" | ">=" | ">" => {
                        if args.len() < 2 {
                            return error(expr, format!("{name} expects at least two arguments"));
                        }
                        let terms = self.arith_terms(args, expr, env, side)?;
                        let mut parts = Vec::new();
                        for w in terms.0.windows(2) {
                            parts.push(match name {
                                "<=" => Formula::Le(w[0], w[1]),
                                "<" => Formula::Lt(w[0], w[1]),
                                ">=" => Formula::Le(w[1], w[0]),
                                _ => Formula::Lt(w[1], w[0]),
                            });
                        }
                        Ok(Value::Formula(if parts.len() == 1 {
                            parts.remove(0)
                        } else {
                            Formula::And(parts)
                        }))
                    }
                    "div" | "mod" | "abs" => self.integer_operation(name, args, expr, env, side),
                    "to_int" | "is_int" => Err(Fail::Unsupported(format!("the function {name}"))),
                    _ => self.apply(name, args, expr, env, side),
                }
            }
        }
    }

    /// Elaborates arithmetic arguments, promoted to one sort.
    fn arith_terms(
        &mut self,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<(Vec<TermId>, SortId), Fail> {
        if args.is_empty() {
            return error(expr, "expected arguments");
        }
        let mut values = Vec::new();
        for a in args {
            values.push(self.elaborate(a, env, side)?);
        }
        self.promote(values, args)
    }

    /// Checks that every value is an Int or Real term; when some are Real, the Int ones become
    /// Real (numerals directly, other terms through `to_real`), as z3 and cvc5 accept.
    fn promote(
        &mut self,
        values: Vec<Value>,
        args: &[SExpr],
    ) -> Result<(Vec<TermId>, SortId), Fail> {
        let mut terms = Vec::new();
        for (v, a) in values.into_iter().zip(args) {
            match v {
                Value::Term(t) if self.store.sort_of(t).is_arithmetic() => terms.push(t),
                _ => return error(a, "expected a term of sort Int or Real"),
            }
        }
        let real = terms.iter().any(|&t| self.store.sort_of(t) == SortId::REAL);
        if !real {
            return Ok((terms, SortId::INT));
        }
        let promoted = terms.into_iter().map(|t| self.as_real(t)).collect();
        Ok((promoted, SortId::REAL))
    }

    fn as_real(&mut self, t: TermId) -> TermId {
        if self.store.sort_of(t) == SortId::REAL {
            return t;
        }
        match self.numeral_value(t) {
            Some(v) => self.store.numeral(&v, SortId::REAL),
            None => self.store.arith(ArithOp::ToReal, vec![t], SortId::REAL),
        }
    }

    fn numeral_value(&self, t: TermId) -> Option<Rational> {
        match self.store.interpretation(self.store.term(t).fun) {
            Some(Interpretation::Numeral(v)) => Some(v.clone()),
            _ => None,
        }
    }

    /// `+`, `-`, `*`, `/` (by numerals only) and `to_real`; numerals are folded where that
    /// keeps models and values readable, and a product that is not linear is unsupported.
    fn arithmetic(
        &mut self,
        name: &str,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        let (mut terms, sort) = self.arith_terms(args, expr, env, side)?;
        let t = match name {
            "to_real" => {
                let [t] = terms[..] else { return error(expr, "to_real expects one argument") };
                if self.store.sort_of(t) != SortId::INT {
                    return error(expr, "to_real expects an Int");
                }
                self.as_real(t)
            }
            "+" => self.store.arith(ArithOp::Add, terms, sort),
            "-" if terms.len() == 1 => match self.numeral_value(terms[0]) {
                Some(v) => self.store.numeral(&-v, sort),
                None => self.store.arith(ArithOp::Neg, terms, sort),
            },
            "-" => self.store.arith(ArithOp::Sub, terms, sort),
            "*" => {
                let t = self.store.arith(ArithOp::Mul, terms, sort);
                if smt::linear::linearize(&self.store, t).is_err() {
                    return Err(Fail::Unsupported(format!(
                        "non-linear multiplication {expr} (one factor must be a constant)"
                    )));
                }
                t
            }
            _ => {
                // Division: every divisor a nonzero numeral (Real division by a variable is
                // non-linear; SMT-LIB leaves division by zero unspecified).
                if terms.len() < 2 {
                    return error(expr, "/ expects at least two arguments");
                }
                terms = terms.into_iter().map(|t| self.as_real(t)).collect();
                let mut divisor = Rational::from(1);
                for &d in &terms[1..] {
                    match self.numeral_value(d) {
                        Some(v) if v != 0 => divisor *= v,
                        _ => {
                            return Err(Fail::Unsupported(format!(
                                "division by a term that is not a nonzero numeral in {expr}"
                            )));
                        }
                    }
                }
                let factor = divisor.recip();
                match self.numeral_value(terms[0]) {
                    Some(v) => self.store.numeral(&(v * factor), SortId::REAL),
                    None => {
                        let c = self.store.numeral(&factor, SortId::REAL);
                        self.store.arith(ArithOp::Mul, vec![c, terms[0]], SortId::REAL)
                    }
                }
            }
        };
        Ok(Value::Term(t))
    }

    /// `div` and `mod` by a nonzero numeral and `abs`, on Int terms. `(div x k)` is the
    /// engine's quotient term, `(mod x k)` is `x - k·(div x k)`, and `(abs x)` is a fresh
    /// constant `a` with `x >= 0 ? a = x : a = -x` (as for term `ite`). A divisor that is not
    /// a nonzero numeral is unsupported (non-linear).
    fn integer_operation(
        &mut self,
        name: &str,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        let (terms, sort) = self.arith_terms(args, expr, env, side)?;
        if sort != SortId::INT {
            return error(expr, format!("{name} expects Int arguments"));
        }
        if name == "abs" {
            let [x] = terms[..] else { return error(expr, "abs expects one argument") };
            if let Some(v) = self.numeral_value(x) {
                return Ok(Value::Term(self.store.numeral(&v.abs(), SortId::INT)));
            }
            let minus = self.store.arith(ArithOp::Neg, vec![x], SortId::INT);
            let zero = self.store.numeral(&Rational::new(), SortId::INT);
            let a = self.fresh_constant(SortId::INT);
            side.push(Formula::Ite(
                Box::new(Formula::Le(zero, x)),
                Box::new(Formula::Eq(a, x)),
                Box::new(Formula::Eq(a, minus)),
            ));
            return Ok(Value::Term(a));
        }
        let [x, k] = terms[..] else { return error(expr, format!("{name} expects two arguments")) };
        let divisor = match self.numeral_value(k) {
            Some(v) if v != 0 => v,
            _ => {
                return Err(Fail::Unsupported(format!(
                    "{name} by a term that is not a nonzero numeral in {expr}"
                )));
            }
        };
        let quotient = self.store.arith(ArithOp::Div, vec![x, k], SortId::INT);
        if name == "div" {
            return Ok(Value::Term(quotient));
        }
        let factor = self.store.numeral(&divisor, SortId::INT);
        let scaled = self.store.arith(ArithOp::Mul, vec![factor, quotient], SortId::INT);
        Ok(Value::Term(self.store.arith(ArithOp::Sub, vec![x, scaled], SortId::INT)))
    }

    /// `((as const (Array I E)) v)`: the array holding `v` (of sort `E`) everywhere.
    fn constant_array(
        &mut self,
        sort: &SExpr,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        let array_sort = self.sort(sort)?;
        let Some((_, element)) = self.store.array_parts(array_sort) else {
            return error(sort, "as const expects an array sort");
        };
        let [arg] = args else { return error(expr, "a constant array takes one value") };
        let value = self.elaborate(arg, env, side)?;
        self.check_sort(&value, element, arg)?;
        let Value::Term(v) = value else {
            return Err(Fail::Unsupported("arrays of Bool elements".to_string()));
        };
        Ok(Value::Term(self.store.const_array(array_sort, v)))
    }

    /// `(select a i)` and `(store a i v)`, sorts checked: `a` an array, `i` of its index sort,
    /// `v` of its element sort (Int arguments are not promoted to Real here, as in z3).
    fn array_operation(
        &mut self,
        name: &str,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        let arity = if name == "select" { 2 } else { 3 };
        if args.len() != arity {
            return error(expr, format!("{name} expects {arity} arguments"));
        }
        let mut values = Vec::new();
        for a in args {
            values.push(self.elaborate(a, env, side)?);
        }
        let Value::Term(array) = values[0] else {
            return error(&args[0], format!("{name} expects an array"));
        };
        let Some((index, element)) = self.store.array_parts(self.store.sort_of(array)) else {
            return error(&args[0], format!("{name} expects an array"));
        };
        self.check_sort(&values[1], index, &args[1])?;
        if name == "select" {
            let Value::Term(i) = values[1] else {
                return Err(Fail::Unsupported("arrays with Bool indices or elements".to_string()));
            };
            let t = self.store.select(array, i);
            return Ok(self.constant_value(t, element));
        }
        self.check_sort(&values[2], element, &args[2])?;
        let (Value::Term(i), Value::Term(v)) = (&values[1], &values[2]) else {
            return Err(Fail::Unsupported("arrays with Bool indices or elements".to_string()));
        };
        Ok(Value::Term(self.store.array_store(array, *i, *v)))
    }

    fn sort_of_value(&self, v: &Value) -> SortId {
        match v {
            Value::Formula(_) => SortId::BOOL,
            Value::Term(t) => self.store.sort_of(*t),
        }
    }

    fn apply(
        &mut self,
        name: &str,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        if let Some(def) = self.scope.definitions.get(name).cloned() {
            if def.params.len() != args.len() {
                return error(
                    expr,
                    format!("{name} expects {} arguments, got {}", def.params.len(), args.len()),
                );
            }
            let mut inner = Vec::new();
            for ((pname, psort), a) in def.params.iter().zip(args) {
                let v = self.elaborate(a, env, side)?;
                self.check_sort(&v, *psort, a)?;
                inner.push((pname.clone(), v));
            }
            let v = self.elaborate(&def.body, &inner, side)?;
            self.check_sort(&v, def.result, expr)?;
            return Ok(v);
        }
        let Some(&f) = self.scope.funs.get(name) else {
            if name.chars().next().is_some_and(|c| c.is_ascii_digit() || c == '#')
                || is_builtin(name)
            {
                return Err(Fail::Unsupported(format!("the symbol {name}")));
            }
            return error(expr, format!("unknown symbol {name}"));
        };
        let decl = self.store.fun(f).clone();
        if decl.args.len() != args.len() {
            return error(
                expr,
                format!("{name} expects {} arguments, got {}", decl.args.len(), args.len()),
            );
        }
        let mut terms = Vec::new();
        for (a, &sort) in args.iter().zip(&decl.args) {
            let v = self.elaborate(a, env, side)?;
            self.check_sort(&v, sort, a)?;
            match v {
                Value::Term(t) => terms.push(t),
                Value::Formula(_) => {
                    return Err(Fail::Unsupported(
                        "formulas as arguments of functions".to_string(),
                    ));
                }
            }
        }
        let t = self.store.apply(f, terms);
        Ok(self.constant_value(t, decl.result))
    }

    fn value_name(&self, sort: SortId, value: u32) -> String {
        if sort == SortId::BOOL {
            (value == 1).to_string()
        } else {
            format!("{}!val!{value}", self.store.sort_name(sort))
        }
    }

    fn model_value_text(&self, sort: SortId, value: &ModelValue) -> String {
        match value {
            ModelValue::Element(v) => self.value_name(sort, *v),
            ModelValue::Number(n) => number_text(n, sort),
            // As z3 and cvc5 print arrays: a constant array with the exceptions stored on it.
            ModelValue::Array(array) => {
                let (index, element) = self.store.array_parts(sort).unwrap_or((sort, sort));
                let mut text = format!(
                    "((as const {}) {})",
                    self.store.sort_name(sort),
                    self.model_value_text(element, &array.default)
                );
                for (i, v) in &array.exceptions {
                    text = format!(
                        "(store {text} {} {})",
                        self.model_value_text(index, i),
                        self.model_value_text(element, v)
                    );
                }
                text
            }
        }
    }

    fn print_model(&self, model: &Model) -> String {
        let mut text = String::from("(\n");
        let mut sorts: BTreeMap<String, SortId> = BTreeMap::new();
        let mut funs: BTreeMap<String, FunId> = BTreeMap::new();
        for (name, &s) in &self.scope.sorts {
            if s != SortId::BOOL && !s.is_arithmetic() {
                sorts.insert(name.clone(), s);
            }
        }
        for (name, &f) in &self.scope.funs {
            funs.insert(name.clone(), f);
        }
        for &s in sorts.values() {
            for v in 0..model.universe_size(s) {
                text.push_str(&format!(
                    "  (declare-fun {} () {})\n",
                    self.value_name(s, v),
                    self.store.sort_name(s)
                ));
            }
        }
        for (name, &f) in &funs {
            let decl = self.store.fun(f);
            let table = model.table(f);
            let result = self.store.sort_name(decl.result);
            let params: Vec<String> = decl
                .args
                .iter()
                .enumerate()
                .map(|(i, &s)| format!("(x!{i} {})", self.store.sort_name(s)))
                .collect();
            if decl.args.is_empty() && decl.result.is_arithmetic() {
                let value = match self.store.lookup(f, &[]) {
                    Some(t) => model.number(&self.store, t),
                    None => Rational::new(),
                };
                let value = number_text(&value, decl.result);
                text.push_str(&format!("  (define-fun {name} () {result} {value})\n"));
                continue;
            }
            // Arguments outside the table get the value of the first entry (any value would do).
            let mut body = match table.values().next() {
                Some(v) => self.model_value_text(decl.result, v),
                None if decl.result.is_arithmetic() => number_text(&Rational::new(), decl.result),
                None => self.value_name(decl.result, 0),
            };
            for (args, value) in table.iter().rev() {
                if args.is_empty() {
                    body = self.model_value_text(decl.result, value);
                    continue;
                }
                let tests: Vec<String> = args
                    .iter()
                    .zip(&decl.args)
                    .enumerate()
                    .map(|(i, (a, &s))| format!("(= x!{i} {})", self.model_value_text(s, a)))
                    .collect();
                let test = if tests.len() == 1 {
                    tests[0].clone()
                } else {
                    format!("(and {})", tests.join(" "))
                };
                body = format!("(ite {test} {} {body})", self.model_value_text(decl.result, value));
            }
            text.push_str(&format!(
                "  (define-fun {name} ({}) {result} {body})\n",
                params.join(" ")
            ));
        }
        text.push_str(")\n");
        text
    }
}

/// A sort expression with its parameters replaced by the sorts given for them.
fn substitute_sorts(body: &SExpr, params: &[String], args: &[SExpr]) -> SExpr {
    match body {
        SExpr::Symbol(s, _) => match params.iter().position(|p| p == s) {
            Some(k) => args[k].clone(),
            None => body.clone(),
        },
        SExpr::List(parts, span) => {
            SExpr::List(parts.iter().map(|p| substitute_sorts(p, params, args)).collect(), *span)
        }
        _ => body.clone(),
    }
}

/// Reads SMTInterpol's tree of partitions: names in post order, each name the parent of the
/// subtrees before it at its level (so a flat list is a path), a parenthesized group a subtree
/// whose last name is its root, and `(and N1 ... Nk)` one node holding several assertions.
/// Returns the root's node number.
fn read_tree<'a>(
    items: &'a [SExpr],
    whole: &SExpr,
    nodes: &mut Vec<&'a SExpr>,
    parent: &mut Vec<Option<usize>>,
) -> Result<usize, Fail> {
    let mut pending: Vec<usize> = Vec::new();
    let mut root = None;
    for item in items {
        match item {
            // A node: one name, or `(and N1 ... Nk)`.
            _ if item.symbol().is_some() || item.head_symbol() == Some("and") => {
                if matches!(item, SExpr::List(sub, _) if sub.len() < 2) {
                    return error(item, "expected assertion names after `and`");
                }
                let n = nodes.len();
                nodes.push(item);
                parent.push(None);
                for p in pending.drain(..) {
                    parent[p] = Some(n);
                }
                pending.push(n);
                root = Some(n);
            }
            SExpr::List(sub, _) if !sub.is_empty() => {
                let r = read_tree(sub, item, nodes, parent)?;
                pending.push(r);
                root = None;
            }
            _ => return error(item, "expected an assertion name or a parenthesized subtree"),
        }
    }
    match root {
        Some(r) => Ok(r),
        None => error(whole, "a subtree must end with its root, an assertion name"),
    }
}

/// A term as SMT-LIB text.
fn term_text(store: &TermStore, t: TermId) -> String {
    let term = store.term(t);
    if t == store.true_term() {
        return "true".to_string();
    }
    let args: Vec<String> = term.args.iter().map(|&a| term_text(store, a)).collect();
    let head = match store.interpretation(term.fun) {
        Some(smt::Interpretation::Numeral(v)) => return number_text(v, store.sort_of(t)),
        Some(smt::Interpretation::Op(op)) => match op {
            ArithOp::Add => "+",
            ArithOp::Sub | ArithOp::Neg => "-",
            ArithOp::Mul => "*",
            ArithOp::ToReal => "to_real",
            ArithOp::Div => "div",
        }
        .to_string(),
        None => match store.array_op(term.fun) {
            Some(smt::ArrayOp::Select) => "select".to_string(),
            Some(smt::ArrayOp::Store) => "store".to_string(),
            Some(smt::ArrayOp::Const) => {
                format!("(as const {})", store.sort_name(store.sort_of(t)))
            }
            None => store.fun(term.fun).name.clone(),
        },
    };
    if args.is_empty() { head } else { format!("({head} {})", args.join(" ")) }
}

/// A formula as SMT-LIB text.
fn formula_text(store: &TermStore, f: &Formula) -> String {
    let list = |head: &str, parts: &[String]| format!("({head} {})", parts.join(" "));
    match f {
        Formula::True => "true".to_string(),
        Formula::False => "false".to_string(),
        Formula::Atom(t) => term_text(store, *t),
        Formula::Eq(a, b) => list("=", &[term_text(store, *a), term_text(store, *b)]),
        Formula::Le(a, b) => list("<=", &[term_text(store, *a), term_text(store, *b)]),
        Formula::Lt(a, b) => list("<", &[term_text(store, *a), term_text(store, *b)]),
        Formula::Not(g) => list("not", &[formula_text(store, g)]),
        Formula::And(gs) => {
            list("and", &gs.iter().map(|g| formula_text(store, g)).collect::<Vec<_>>())
        }
        Formula::Or(gs) => {
            list("or", &gs.iter().map(|g| formula_text(store, g)).collect::<Vec<_>>())
        }
        Formula::Iff(a, b) => list("=", &[formula_text(store, a), formula_text(store, b)]),
        Formula::Xor(a, b) => list("xor", &[formula_text(store, a), formula_text(store, b)]),
        Formula::Ite(c, a, b) => {
            list("ite", &[formula_text(store, c), formula_text(store, a), formula_text(store, b)])
        }
    }
}

fn named(expr: &SExpr) -> Option<String> {
    match expr {
        SExpr::List(parts, _) if parts.first().and_then(SExpr::symbol) == Some("!") => {
            parts.windows(2).find_map(|w| match (&w[0], &w[1]) {
                (SExpr::Keyword(k, _), SExpr::Symbol(n, _)) if k == ":named" => Some(n.clone()),
                _ => None,
            })
        }
        _ => None,
    }
}

fn is_builtin(name: &str) -> bool {
    matches!(
        name,
        "true"
            | "false"
            | "not"
            | "and"
            | "or"
            | "=>"
            | "xor"
            | "="
            | "distinct"
            | "ite"
            | "let"
            | "!"
            | "Bool"
            | "Int"
            | "Real"
            | "+"
            | "-"
            | "*"
            | "/"
            | "<="
            | "<"
            | ">="
            | ">"
            | "to_real"
            | "div"
            | "mod"
            | "abs"
            | "select"
            | "store"
            | "Array"
    )
}

/// The value of a numeral symbol: digits are an Int, digits with a decimal point a Real.
fn numeral(name: &str) -> Option<(Rational, SortId)> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if digits(name) {
        return Rational::from_str_radix(name, 10).ok().map(|v| (v, SortId::INT));
    }
    let (whole, fraction) = name.split_once('.')?;
    if !digits(whole) || !digits(fraction) {
        return None;
    }
    let numerator = Rational::from_str_radix(&format!("{whole}{fraction}"), 10).ok()?;
    let denominator =
        Rational::from_str_radix(&format!("1{}", "0".repeat(fraction.len())), 10).ok()?;
    Some((numerator / denominator, SortId::REAL))
}

/// A value as SMT-LIB writes it: `3`, `(- 3)`, `3.0`, `(/ 1 2)`, `(- (/ 1 2))`.
fn number_text(value: &Rational, sort: SortId) -> String {
    let magnitude = Rational::from(value.abs_ref());
    let text = if magnitude.denom() != &1 {
        format!("(/ {} {})", magnitude.numer(), magnitude.denom())
    } else if sort == SortId::REAL {
        format!("{}.0", magnitude.numer())
    } else {
        magnitude.numer().to_string()
    };
    if value.cmp0() == std::cmp::Ordering::Less { format!("(- {text})") } else { text }
}

fn escape(text: &str) -> String {
    text.replace('"', "\"\"")
}
