//! DIMACS CNF: a reader with `file:line:col` diagnostics (pest grammar `dimacs.pest`) and a writer.
//!
//! The reader is strict where leniency could change an answer: a literal naming a variable
//! beyond the header's count, a clause count that differs from the header's (a truncated file
//! would otherwise lose clauses and might turn unsatisfiable into satisfiable), and a last clause
//! without its terminating `0` are errors. Comment lines (`c ...`) may appear anywhere, clauses
//! may span lines, and a SATLIB `%` line ends the input.

use std::io::{self, Write};

use pest::Parser as _;
use pest::error::InputLocation;

use super::lit::{Lit, Var};
use crate::syntax::{Diagnostic, FileId, Span};

mod grammar {
    //! The derived pest parser (private: `Rule` is an implementation detail).
    #[derive(pest_derive::Parser)]
    #[grammar = "sat/dimacs.pest"]
    pub struct DimacsParser;
}

use grammar::{DimacsParser, Rule};

/// At most this many errors are reported for one file.
const MAX_ERRORS: usize = 20;

/// A CNF formula: the declared number of variables and the clauses in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    /// Variables `1..=num_vars` (DIMACS numbering) may occur.
    pub num_vars: u32,
    /// The clauses, as written (duplicate literals kept).
    pub clauses: Vec<Vec<Lit>>,
}

struct Header {
    vars: u32,
    clauses: u64,
    span: Span,
}

/// Reads a DIMACS CNF file's text. `file` names it in the diagnostics.
pub fn parse_dimacs(file: FileId, text: &str) -> Result<Cnf, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut header: Option<Header> = None;
    let mut clauses = Vec::new();
    let mut current: Vec<Lit> = Vec::new();
    let mut current_start = 0usize;
    let mut offset = 0usize;
    for raw in text.split_inclusive('\n') {
        let base = offset;
        offset += raw.len();
        if errors.len() >= MAX_ERRORS {
            break;
        }
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        let pairs = match DimacsParser::parse(Rule::line, line) {
            Ok(mut pairs) => pairs.next().and_then(|p| p.into_inner().next()),
            Err(e) => {
                let at = match e.location {
                    InputLocation::Pos(p) => p,
                    InputLocation::Span((s, _)) => s,
                };
                let found = line[at.min(line.len())..].chars().next();
                let message = match found {
                    Some(c) => format!("unexpected `{c}`: expected a literal, `c` or `p cnf`"),
                    None => "unexpected end of line".to_string(),
                };
                let len = found.map_or(0, char::len_utf8);
                errors
                    .push(Diagnostic::error(Span::new(file, base + at, base + at + len), message));
                continue;
            }
        };
        let Some(item) = pairs else { continue };
        let span = |p: &pest::Span| Span::new(file, base + p.start(), base + p.end());
        match item.as_rule() {
            Rule::comment => {}
            Rule::trailer => break,
            Rule::header => {
                let item_span = span(&item.as_span());
                if header.is_some() {
                    errors.push(Diagnostic::error(item_span, "a second `p cnf` header"));
                    continue;
                }
                let mut counts = item.into_inner();
                let (Some(v), Some(c)) = (counts.next(), counts.next()) else { continue };
                let vars =
                    v.as_str().parse::<u64>().ok().filter(|&n| n <= u64::from(Var::MAX_INDEX) + 1);
                let Some(vars) = vars else {
                    errors.push(Diagnostic::error(
                        span(&v.as_span()),
                        format!(
                            "too many variables: at most {} are supported",
                            u64::from(Var::MAX_INDEX) + 1
                        ),
                    ));
                    continue;
                };
                let Ok(count) = c.as_str().parse::<u64>() else {
                    errors.push(Diagnostic::error(span(&c.as_span()), "clause count out of range"));
                    continue;
                };
                header = Some(Header { vars: vars as u32, clauses: count, span: item_span });
            }
            Rule::literals => {
                for lit in item.into_inner().filter(|p| p.as_rule() == Rule::literal) {
                    let lit_span = span(&lit.as_span());
                    let Some(h) = &header else {
                        errors.push(
                            Diagnostic::error(lit_span, "a clause before the `p cnf` header")
                                .with_note("a DIMACS file starts with `p cnf VARIABLES CLAUSES`"),
                        );
                        break;
                    };
                    let number = lit
                        .as_str()
                        .parse::<i64>()
                        .ok()
                        .filter(|n| n.unsigned_abs() <= i32::MAX as u64);
                    let Some(number) = number else {
                        errors.push(Diagnostic::error(lit_span, "literal out of range"));
                        continue;
                    };
                    if number == 0 {
                        clauses.push(std::mem::take(&mut current));
                        continue;
                    }
                    if current.is_empty() {
                        current_start = lit_span.start as usize;
                    }
                    if number.unsigned_abs() > u64::from(h.vars) {
                        errors.push(Diagnostic::error(
                            lit_span,
                            format!(
                                "literal {number} names variable {}, but the header declares {} variables",
                                number.unsigned_abs(),
                                h.vars
                            ),
                        ));
                        continue;
                    }
                    current.push(Lit::from_dimacs(number as i32).expect("nonzero and in range"));
                }
            }
            _ => {}
        }
    }
    let end = Span::new(file, text.len(), text.len());
    if !current.is_empty() && errors.is_empty() {
        errors.push(Diagnostic::error(
            Span::new(file, current_start, current_start + 1),
            "the last clause is not terminated by `0`",
        ));
    }
    match &header {
        None if errors.is_empty() => {
            errors.push(Diagnostic::error(end, "no `p cnf VARIABLES CLAUSES` header"));
        }
        Some(h) if errors.is_empty() && h.clauses != clauses.len() as u64 => {
            errors.push(Diagnostic::error(
                h.span,
                format!(
                    "the header declares {} clauses, but the file has {}",
                    h.clauses,
                    clauses.len()
                ),
            ));
        }
        _ => {}
    }
    if errors.is_empty() {
        Ok(Cnf { num_vars: header.map_or(0, |h| h.vars), clauses })
    } else {
        Err(errors)
    }
}

/// Writes `cnf` in DIMACS form.
pub fn write_dimacs(cnf: &Cnf, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "p cnf {} {}", cnf.num_vars, cnf.clauses.len())?;
    let mut line = String::new();
    for clause in &cnf.clauses {
        line.clear();
        for lit in clause {
            line.push_str(&lit.to_dimacs().to_string());
            line.push(' ');
        }
        line.push_str("0\n");
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{SourceMap, render_all};

    fn read(text: &str) -> Cnf {
        parse_dimacs(FileId(0), text).expect("the text is read")
    }

    /// The refusal of `text` in a file `t.cnf`, rendered with `file:line:col`.
    fn refusal(text: &str) -> String {
        let mut sources = SourceMap::new();
        let f = sources.add("t.cnf", None, text.to_string());
        render_all(&parse_dimacs(f, text).expect_err("the text is refused"), &sources)
    }

    #[test]
    fn reads_comments_multi_line_clauses_and_trailer() {
        let cnf = read("c hello\np cnf 3 2\n1 -2\n 3 0 c inline\n-1 0\n%\n0\n");
        assert_eq!(cnf.num_vars, 3);
        let dimacs: Vec<Vec<i64>> =
            cnf.clauses.iter().map(|c| c.iter().map(|l| l.to_dimacs()).collect()).collect();
        assert_eq!(dimacs, vec![vec![1, -2, 3], vec![-1]]);
        let mut out = Vec::new();
        write_dimacs(&cnf, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "p cnf 3 2\n1 -2 3 0\n-1 0\n");
    }

    #[test]
    fn errors_point_at_line_and_column() {
        let e = refusal("p cnf 2 1\n1 x 0\n");
        assert!(e.starts_with("t.cnf:2:3: error: unexpected `x`"), "{e}");
        let e = refusal("p cnf 2 1\n1 3 0\n");
        assert!(
            e.starts_with(
                "t.cnf:2:3: error: literal 3 names variable 3, but the header declares 2 variables"
            ),
            "{e}"
        );
        let e = refusal("p cnf 2 2\n1 2 0\n");
        assert!(
            e.starts_with("t.cnf:1:1: error: the header declares 2 clauses, but the file has 1"),
            "{e}"
        );
        let e = refusal("p cnf 2 1\n1 2\n");
        assert!(e.starts_with("t.cnf:2:1: error: the last clause is not terminated by `0`"), "{e}");
        let e = refusal("1 2 0\n");
        assert!(e.starts_with("t.cnf:1:1: error: a clause before the `p cnf` header"), "{e}");
        let e = refusal("c nothing\n");
        assert!(e.contains("no `p cnf VARIABLES CLAUSES` header"), "{e}");
        let e = refusal("p cnf 2 1\n99999999999 0\n");
        assert!(e.contains("literal out of range"), "{e}");
    }
}
