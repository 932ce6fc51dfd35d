//! Reading TPTP text into statements of the front end's own formula syntax, following includes.
//!
//! Parsing is done by the `tptp` crate. Its parsers are streaming (they report "incomplete" at the
//! end of the input) and its iterator treats that as a clean end, which would silently drop a
//! truncated last formula; so this module drives the parser itself: it skips whitespace and
//! comments by hand, parses one `TPTP_input` at a time, and turns "incomplete" into a syntax
//! error at the end of the file. Error positions come from a nom error type that remembers the
//! furthest point any alternative reached, which is where the text stopped making sense.

use std::path::{Path, PathBuf};

use tptp::Parse;
use tptp::cnf;
use tptp::common::{DefinedTerm as CommonDefinedTerm, Name, NonassocConnective};
use tptp::fof;
use tptp::tfx;
use tptp::top::{AnnotatedFormula, Include, TPTPInput};

use super::error::{InputError, LineCursor, line_col, line_text};
use super::names::atomic_word_text;
use super::tff::TffContext;
use crate::fol::formula::{Formula, Quantifier, Term};

/// Include chains deeper than this are taken to be cyclic.
const MAX_INCLUDE_DEPTH: usize = 32;

/// One annotated formula or clause, converted.
#[derive(Clone, Debug)]
pub(crate) struct Statement {
    /// The TPTP name.
    pub name: String,
    /// The TPTP role as written.
    pub role: String,
    /// The file it is in.
    pub file: String,
    /// 1-based line of the statement's start.
    pub line: usize,
    /// 1-based column of the statement's start.
    pub col: usize,
    /// The formula.
    pub body: Body,
}

/// The content of a statement.
#[derive(Clone, Debug)]
pub(crate) enum Body {
    /// A `cnf` clause: its literals, each an atom, an equation, `$true`, `$false` or a negation of
    /// one of these.
    Cnf(Vec<Formula>),
    /// A `fof` formula.
    Fof(Formula),
    /// A `tff` formula: bound variables renamed apart, their sorts in the reader's
    /// [`TffContext`].
    Tff(Formula),
}

/// A nom error that keeps the furthest position (the shortest remaining input) any parser
/// alternative reached before failing.
#[derive(Debug)]
struct FurthestError {
    remaining: usize,
}

impl<'a> nom::error::ParseError<&'a [u8]> for FurthestError {
    fn from_error_kind(input: &'a [u8], _kind: nom::error::ErrorKind) -> Self {
        FurthestError { remaining: input.len() }
    }

    fn append(input: &'a [u8], _kind: nom::error::ErrorKind, other: Self) -> Self {
        FurthestError { remaining: other.remaining.min(input.len()) }
    }

    fn or(self, other: Self) -> Self {
        FurthestError { remaining: self.remaining.min(other.remaining) }
    }
}

/// Reads a problem file and everything it includes, in order.
pub(crate) struct Reader<'r> {
    roots: &'r [PathBuf],
    /// The statements read so far, in input order (included files in place of their include).
    pub statements: Vec<Statement>,
    /// Name selections of the enclosing includes; a statement is kept if every one admits it.
    selections: Vec<Vec<String>>,
    /// Sorts and symbol types, present once a `tff` statement was read.
    pub tff: Option<TffContext>,
}

/// Where a conversion is happening, to place error messages.
struct Place<'t> {
    text: &'t str,
    file: &'t str,
    statement_offset: usize,
    /// Line and column of `statement_offset`, found by the reader's `LineCursor`.
    statement_line_col: (usize, usize),
}

impl Place<'_> {
    /// Byte offset of `part` in the text, if `part` is a slice of it.
    fn offset_of(&self, part: &str) -> Option<usize> {
        let start = self.text.as_ptr() as usize;
        let at = part.as_ptr() as usize;
        (at >= start && at <= start + self.text.len()).then(|| at - start)
    }

    fn unsupported_at(&self, offset: usize, what: impl Into<String>) -> InputError {
        let (line, col) = line_col(self.text, offset);
        InputError::Unsupported { file: self.file.to_string(), line, col, what: what.into() }
    }

    /// An `Unsupported` error at `part` (a slice of the text, minus `back` bytes for a prefix such
    /// as `$` that the parser strips), or at the statement if `part` is not from the text.
    fn unsupported(&self, part: &str, back: usize, what: impl Into<String>) -> InputError {
        let offset = self.offset_of(part).map_or(self.statement_offset, |o| o.saturating_sub(back));
        self.unsupported_at(offset, what)
    }

    fn syntax(&self, offset: usize, message: impl Into<String>) -> InputError {
        let (line, col) = line_col(self.text, offset);
        let source_line = line_text(self.text, offset);
        InputError::Syntax {
            file: self.file.to_string(),
            line,
            col,
            message: message.into(),
            source_line,
        }
    }
}

impl<'r> Reader<'r> {
    /// A reader that resolves includes against `roots` after the including file's directory.
    pub fn new(roots: &'r [PathBuf]) -> Self {
        Reader { roots, statements: Vec::new(), selections: Vec::new(), tff: None }
    }

    /// Reads `text`, the content of `file`; includes are looked up in `dir` first.
    pub fn read_text(
        &mut self,
        text: &str,
        file: &str,
        dir: Option<&Path>,
        depth: usize,
    ) -> Result<(), InputError> {
        // The streaming parsers need one byte of lookahead after the final `.`; a trailing
        // newline provides it without moving any offset.
        let owned = format!("{text}\n");
        let text = owned.as_str();
        let bytes = text.as_bytes();
        let mut pos = 0;
        let mut lines = LineCursor::default();
        loop {
            pos = skip_ignored(text, pos).map_err(|at| {
                let statement_line_col = line_col(text, at);
                Place { text, file, statement_offset: at, statement_line_col }
                    .syntax(at, "unterminated comment")
            })?;
            if pos >= bytes.len() {
                return Ok(());
            }
            let statement_line_col = lines.line_col(text, pos);
            let place = Place { text, file, statement_offset: pos, statement_line_col };
            reject_other_dialects(&place, pos)?;
            match TPTPInput::parse(&bytes[pos..]) {
                Ok((rest, input)) => {
                    let next = bytes.len() - rest.len();
                    self.handle_input(&place, input, dir, depth)?;
                    pos = next;
                }
                Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                    let FurthestError { remaining } = e;
                    let at = bytes.len().saturating_sub(remaining).max(pos);
                    let (at, message) = locate_failure(text, pos, at);
                    return Err(place.syntax(at, message));
                }
                Err(nom::Err::Incomplete(_)) => {
                    return Err(place.syntax(text.len() - 1, "unexpected end of input"));
                }
            }
        }
    }

    fn handle_input(
        &mut self,
        place: &Place<'_>,
        input: TPTPInput<'_>,
        dir: Option<&Path>,
        depth: usize,
    ) -> Result<(), InputError> {
        let (name, role, body) = match input {
            TPTPInput::Include(include) => return self.include(place, &include, dir, depth),
            TPTPInput::Annotated(annotated) => match *annotated {
                AnnotatedFormula::Fof(f) => {
                    let f = f.0;
                    let body = Body::Fof(convert_logic(place, &f.formula.0)?);
                    (name_text(&f.name), f.role.0.0.to_string(), body)
                }
                AnnotatedFormula::Cnf(c) => {
                    let c = c.0;
                    let literals = match &*c.formula {
                        cnf::Formula::Disjunction(d) | cnf::Formula::Parenthesised(d) => &d.0,
                    };
                    let literals = literals
                        .iter()
                        .map(|l| convert_cnf_literal(place, l))
                        .collect::<Result<Vec<_>, _>>()?;
                    (name_text(&c.name), c.role.0.0.to_string(), Body::Cnf(literals))
                }
                AnnotatedFormula::Tfx(t) => {
                    let t = t.0;
                    let name = name_text(&t.name);
                    let role = t.role.0.0.to_string();
                    let context = self.tff.get_or_insert_with(TffContext::default);
                    let reject = |what: String| place.unsupported_at(place.statement_offset, what);
                    match &*t.formula {
                        tfx::Formula::AtomTyping(typing) => {
                            context.declare(typing).map_err(reject)?;
                            return Ok(());
                        }
                        tfx::Formula::Logic(f) => {
                            let formula = context.formula(f).map_err(reject)?;
                            (name, role, Body::Tff(formula))
                        }
                    }
                }
            },
        };
        if self.selections.iter().all(|names| names.contains(&name)) {
            let (line, col) = place.statement_line_col;
            self.statements.push(Statement {
                name,
                role,
                file: place.file.to_string(),
                line,
                col,
                body,
            });
        }
        Ok(())
    }

    fn include(
        &mut self,
        place: &Place<'_>,
        include: &Include<'_>,
        dir: Option<&Path>,
        depth: usize,
    ) -> Result<(), InputError> {
        let written = unescape_quoted(include.file_name.0.0);
        if depth >= MAX_INCLUDE_DEPTH {
            return Err(place.unsupported_at(
                place.statement_offset,
                format!("includes nested deeper than {MAX_INCLUDE_DEPTH} (cyclic include of '{written}'?)"),
            ));
        }
        let relative = Path::new(&written);
        let mut tried = Vec::new();
        let candidates = dir.into_iter().chain(self.roots.iter().map(PathBuf::as_path));
        let mut found = None;
        if relative.is_absolute() {
            tried.push(relative.to_path_buf());
            if relative.is_file() {
                found = Some(relative.to_path_buf());
            }
        } else {
            for base in candidates {
                let candidate = base.join(relative);
                let exists = candidate.is_file();
                tried.push(candidate.clone());
                if exists {
                    found = Some(candidate);
                    break;
                }
            }
        }
        let Some(path) = found else {
            let (line, col) = place.statement_line_col;
            return Err(InputError::MissingInclude {
                file: place.file.to_string(),
                line,
                col,
                include: written,
                tried,
            });
        };
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(&path)
            .map_err(|source| InputError::Io { path: shown.clone(), source })?;
        let selection =
            include.selection.0.as_ref().map(|list| list.0.iter().map(name_text).collect());
        let pushed = selection.is_some();
        if let Some(names) = selection {
            self.selections.push(names);
        }
        let result = self.read_text(&text, &shown, path.parent(), depth + 1);
        if pushed {
            self.selections.pop();
        }
        result
    }
}

/// Skips whitespace, `%` line comments and `/* */` block comments from `pos`. An unterminated
/// block comment is an error at its start.
fn skip_ignored(text: &str, mut pos: usize) -> Result<usize, usize> {
    let bytes = text.as_bytes();
    loop {
        match bytes.get(pos) {
            Some(b) if b.is_ascii_whitespace() => pos += 1,
            Some(b'%') => {
                pos = bytes[pos..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |i| pos + i + 1);
            }
            Some(b'/') if bytes.get(pos + 1) == Some(&b'*') => match text[pos + 2..].find("*/") {
                Some(i) => pos = pos + 2 + i + 2,
                None => return Err(pos),
            },
            _ => return Ok(pos),
        }
    }
}

/// Higher-order and typed dialects get a clear `Unsupported` rather than a syntax error.
fn reject_other_dialects(place: &Place<'_>, pos: usize) -> Result<(), InputError> {
    let rest = &place.text.as_bytes()[pos..];
    let word_len = rest.iter().take_while(|b| b.is_ascii_lowercase()).count();
    let after = rest[word_len..].iter().find(|b| !b.is_ascii_whitespace());
    if after != Some(&b'(') {
        return Ok(());
    }
    let what = match &rest[..word_len] {
        b"thf" => "higher-order formulas (thf) are not supported",
        b"tcf" => "typed clause formulas (tcf) are not supported",
        b"tpi" => "process instructions (tpi) are not supported",
        _ => return Ok(()),
    };
    Err(place.unsupported_at(pos, what))
}

/// The message for a parse failure at `at` in the statement starting at `start`.
/// The binary connectives and the equality signs of TPTP, longest first (so `<=>` is found
/// before `<=`).
const INFIX: [&str; 11] = ["<=>", "<~>", "=>", "<=", "~|", "~&", "!=", "&", "|", "=", ","];

/// Where a parse failure is, and what to say about it. The parser reports the furthest point an
/// alternative reached, which for a connective with nothing after it (`p & )`) is the connective
/// itself, since the alternative that read it gave up there: the real fault is the token after
/// it, so that token is named, as what stands where a formula (or a term, after `=`) was expected.
fn locate_failure(text: &str, start: usize, at: usize) -> (usize, String) {
    let rest = &text[at.min(text.len())..];
    if let Some(op) = INFIX.iter().find(|op| rest.starts_with(**op)).filter(|op| **op != ",")
        && let Ok(next) = skip_ignored(text, at + op.len())
    {
        // The reader appends a line break to the text; an operand missing at the very end is
        // reported on the last line, as other ends of input are.
        let next = next.min(text.len().saturating_sub(1));
        let after = text.as_bytes()[next..].trim_ascii_start();
        let missing = after.is_empty()
            || matches!(after[0], b')' | b'.' | b']' | b',')
            || INFIX.iter().any(|other| after.starts_with(other.as_bytes()));
        if missing {
            let wanted = if matches!(*op, "=" | "!=") { "a term" } else { "a formula" };
            let found = describe_failure(text, start, next);
            let found = found.strip_prefix("unexpected ").unwrap_or(&found);
            return (next, format!("expected {wanted} after `{op}`, found {found}"));
        }
    }
    (at, describe_failure(text, start, at))
}

fn describe_failure(text: &str, start: usize, at: usize) -> String {
    let rest = &text.as_bytes()[at.min(text.len())..];
    let token_len = match rest.first() {
        None => 0,
        Some(b) if b.is_ascii_alphanumeric() || *b == b'_' || *b == b'$' => rest
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_' || **b == b'$')
            .count(),
        Some(_) => rest.iter().take_while(|b| !b.is_ascii_whitespace()).take(1).count().max(1),
    };
    let token = String::from_utf8_lossy(&rest[..token_len.min(rest.len()).min(40)]).into_owned();
    let token = token.trim_end_matches('\n');
    if token.is_empty() || at + 1 >= text.len() {
        return "unexpected end of input".to_string();
    }
    if at == start {
        format!("expected `cnf(`, `fof(` or `include(`, found `{token}`")
    } else {
        format!("unexpected `{token}`")
    }
}

/// `\\` and `\'` escapes of a single-quoted TPTP word, resolved.
fn unescape_quoted(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn name_text(name: &Name<'_>) -> String {
    match name {
        Name::AtomicWord(w) => atomic_word_text(w),
        Name::Integer(i) => i.0.to_string(),
    }
}

fn convert_logic(place: &Place<'_>, f: &fof::LogicFormula<'_>) -> Result<Formula, InputError> {
    match f {
        fof::LogicFormula::Binary(fof::BinaryFormula::Assoc(assoc)) => match assoc {
            fof::BinaryAssoc::Or(or) => Ok(Formula::Or(convert_units(place, &or.0)?)),
            fof::BinaryAssoc::And(and) => Ok(Formula::And(convert_units(place, &and.0)?)),
        },
        fof::LogicFormula::Binary(fof::BinaryFormula::Nonassoc(binary)) => {
            let left = Box::new(convert_unit(place, &binary.left)?);
            let right = Box::new(convert_unit(place, &binary.right)?);
            Ok(match binary.op {
                NonassocConnective::LRImplies => Formula::Implies(left, right),
                NonassocConnective::RLImplies => Formula::Implies(right, left),
                NonassocConnective::Equivalent => Formula::Iff(left, right),
                NonassocConnective::NotEquivalent => Formula::Xor(left, right),
                NonassocConnective::NotOr => Formula::Or(vec![*left, *right]).negate(),
                NonassocConnective::NotAnd => Formula::And(vec![*left, *right]).negate(),
            })
        }
        fof::LogicFormula::Unary(unary) => convert_unary(place, unary),
        fof::LogicFormula::Unitary(unitary) => convert_unitary(place, unitary),
    }
}

fn convert_units(
    place: &Place<'_>,
    units: &[fof::UnitFormula<'_>],
) -> Result<Vec<Formula>, InputError> {
    units.iter().map(|u| convert_unit(place, u)).collect()
}

fn convert_unit(place: &Place<'_>, f: &fof::UnitFormula<'_>) -> Result<Formula, InputError> {
    match f {
        fof::UnitFormula::Unitary(u) => convert_unitary(place, u),
        fof::UnitFormula::Unary(u) => convert_unary(place, u),
    }
}

fn convert_unary(place: &Place<'_>, f: &fof::UnaryFormula<'_>) -> Result<Formula, InputError> {
    match f {
        fof::UnaryFormula::Unary(_, inner) => Ok(convert_unit(place, inner)?.negate()),
        fof::UnaryFormula::InfixUnary(infix) => Ok(Formula::Equal(
            convert_term(place, &infix.left)?,
            convert_term(place, &infix.right)?,
        )
        .negate()),
    }
}

fn convert_unitary(place: &Place<'_>, f: &fof::UnitaryFormula<'_>) -> Result<Formula, InputError> {
    match f {
        fof::UnitaryFormula::Quantified(q) => {
            let quantifier = match q.quantifier {
                fof::Quantifier::Forall => Quantifier::Forall,
                fof::Quantifier::Exists => Quantifier::Exists,
            };
            let vars = q.bound.0.iter().map(|v| v.0.0.to_string()).collect();
            Ok(Formula::Quantified(quantifier, vars, Box::new(convert_unit(place, &q.formula)?)))
        }
        fof::UnitaryFormula::Atomic(atomic) => convert_atomic(place, atomic),
        fof::UnitaryFormula::Parenthesised(inner) => convert_logic(place, inner),
    }
}

fn convert_cnf_literal(place: &Place<'_>, l: &cnf::Literal<'_>) -> Result<Formula, InputError> {
    match l {
        cnf::Literal::Atomic(a) => convert_atomic(place, a),
        cnf::Literal::NegatedAtomic(a) => Ok(convert_atomic(place, a)?.negate()),
        cnf::Literal::Infix(infix) => Ok(Formula::Equal(
            convert_term(place, &infix.left)?,
            convert_term(place, &infix.right)?,
        )
        .negate()),
    }
}

fn convert_atomic(place: &Place<'_>, f: &fof::AtomicFormula<'_>) -> Result<Formula, InputError> {
    match f {
        fof::AtomicFormula::Plain(p) => {
            let (name, args) = convert_plain(place, &p.0)?;
            Ok(Formula::Atom(name, args))
        }
        fof::AtomicFormula::System(s) => {
            let (name, args) = convert_system(place, &s.0)?;
            Ok(Formula::Atom(name, args))
        }
        fof::AtomicFormula::Defined(fof::DefinedAtomicFormula::Infix(infix)) => Ok(Formula::Equal(
            convert_term(place, &infix.left)?,
            convert_term(place, &infix.right)?,
        )),
        fof::AtomicFormula::Defined(fof::DefinedAtomicFormula::Plain(p)) => match &p.0 {
            fof::DefinedPlainTerm::Constant(c) => {
                let word = (c.0).0.0.0.0;
                match word {
                    "true" => Ok(Formula::True),
                    "false" => Ok(Formula::False),
                    _ => Err(place.unsupported(word, 1, format!("defined predicate `${word}`"))),
                }
            }
            fof::DefinedPlainTerm::Function(f, args) => {
                let word = f.0.0.0.0;
                if word != "distinct" {
                    return Err(place.unsupported(
                        word,
                        1,
                        format!("defined predicate `${word}` (arithmetic is not supported)"),
                    ));
                }
                // `$distinct(t1,..,tn)`: the arguments are pairwise different.
                let terms =
                    args.0.iter().map(|t| convert_term(place, t)).collect::<Result<Vec<_>, _>>()?;
                Ok(Formula::pairwise_distinct(&terms))
            }
        },
    }
}

fn convert_plain(
    place: &Place<'_>,
    t: &fof::PlainTerm<'_>,
) -> Result<(String, Vec<Term>), InputError> {
    match t {
        fof::PlainTerm::Constant(c) => Ok((atomic_word_text(&c.0.0), Vec::new())),
        fof::PlainTerm::Function(f, args) => {
            Ok((atomic_word_text(&f.0), convert_args(place, &args.0)?))
        }
    }
}

fn convert_system(
    place: &Place<'_>,
    t: &fof::SystemTerm<'_>,
) -> Result<(String, Vec<Term>), InputError> {
    match t {
        fof::SystemTerm::Constant(c) => Ok((c.to_string(), Vec::new())),
        fof::SystemTerm::Function(f, args) => Ok((f.to_string(), convert_args(place, &args.0)?)),
    }
}

fn convert_args(place: &Place<'_>, args: &[fof::Term<'_>]) -> Result<Vec<Term>, InputError> {
    args.iter().map(|a| convert_term(place, a)).collect()
}

fn convert_term(place: &Place<'_>, t: &fof::Term<'_>) -> Result<Term, InputError> {
    match t {
        fof::Term::Variable(v) => Ok(Term::Var(v.0.0.to_string())),
        fof::Term::Function(f) => match &**f {
            fof::FunctionTerm::Plain(p) => {
                let (name, args) = convert_plain(place, p)?;
                Ok(Term::App(name, args))
            }
            fof::FunctionTerm::System(s) => {
                let (name, args) = convert_system(place, s)?;
                Ok(Term::App(name, args))
            }
            fof::FunctionTerm::Defined(fof::DefinedTerm::Defined(d)) => match d {
                CommonDefinedTerm::Number(n) => Ok(Term::Distinct(n.to_string())),
                CommonDefinedTerm::Distinct(d) => Ok(Term::Distinct(d.to_string())),
            },
            fof::FunctionTerm::Defined(fof::DefinedTerm::Atomic(a)) => {
                let word = match &a.0 {
                    fof::DefinedPlainTerm::Constant(c) => (c.0).0.0.0.0,
                    fof::DefinedPlainTerm::Function(f, _) => f.0.0.0.0,
                };
                Err(place.unsupported(word, 1, format!("defined term `${word}`")))
            }
        },
    }
}
