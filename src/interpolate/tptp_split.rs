//! Reading an interpolation problem marked up the way Vampire does it.
//!
//! `vampire(left_formula).` ... `vampire(end_formula).` encloses A formulas, `vampire(right_formula).`
//! ... `vampire(end_formula).` B formulas, and `vampire(symbol, predicate|function, NAME, ARITY,
//! left|right).` declares a symbol's colour. These directives are not TPTP, so they are blanked out
//! of the text (every character but line breaks becomes a space, keeping line and column numbers
//! of everything else) and the rest is read by `input::parse_problem`. The formula names met
//! inside each section are recorded while scanning, and each clause gets the side of the formula
//! it came from. Formulas outside any section go to B, and so does the negated conjecture: B is
//! what the interpolant must contradict, and putting the goal there makes `A ⊨ I ⊨ goal`.

use std::path::Path;

use super::{InterpolateError, Side};
use crate::fol::Problem;
use crate::fol::SymbolKind;
use crate::input::{InputError, parse_problem};

/// A colour declaration `vampire(symbol, KIND, NAME, ARITY, SIDE).`
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ColourDeclaration {
    /// The symbol name.
    pub name: String,
    /// Its arity.
    pub arity: u32,
    /// Whether it is a predicate.
    pub predicate: bool,
    /// The side it is declared local to.
    pub side: Side,
    /// Line of the declaration (1-based).
    pub line: usize,
}

/// A problem with the side of each clause.
#[derive(Clone, Debug)]
pub struct SplitProblem {
    /// The problem, read without the directives.
    pub problem: Problem,
    /// The side of each clause of `problem.clauses`.
    pub sides: Vec<Side>,
    /// The colour declarations, in file order.
    pub declarations: Vec<ColourDeclaration>,
}

fn directive_error(file: &str, line: usize, what: String) -> InterpolateError {
    InterpolateError::Input(InputError::Unsupported { file: file.to_string(), line, col: 1, what })
}

/// Reads a marked-up problem from `text` (claimed to be the content of `file`).
pub fn read_split(text: &str, file: &str, name: &str) -> Result<SplitProblem, InterpolateError> {
    let bytes = text.as_bytes();
    let mut blanked = bytes.to_vec();
    let mut section: Option<Side> = None;
    let mut names: Vec<(String, Side)> = Vec::new();
    let mut declarations = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let mut at_statement_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\n' {
            line += 1;
            i += 1;
            continue;
        }
        if c == b'%' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'/' && bytes.get(i + 1) == Some(&b'*') {
            i += 2;
            while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                if bytes[i] == b'\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 2;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if !at_statement_start {
            // Inside a statement: skip quoted text, stop at the terminating `.`.
            if c == b'\'' || c == b'"' {
                i += 1;
                while i < bytes.len() && bytes[i] != c {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            } else if c == b'.' && !bytes.get(i + 1).is_some_and(|b| b.is_ascii_digit()) {
                at_statement_start = true;
            }
            i += 1;
            continue;
        }
        at_statement_start = false;
        let rest = &text[i..];
        let Some(open) = rest.find('(') else {
            i += 1;
            continue;
        };
        let keyword = rest[..open].trim();
        if keyword == "vampire" {
            let Some(close) = rest.find(").") else {
                return Err(directive_error(file, line, "unterminated vampire directive".into()));
            };
            let inner = &rest[open + 1..close];
            let args: Vec<&str> = inner.split(',').map(str::trim).collect();
            match args.as_slice() {
                ["left_formula"] => section = Some(Side::A),
                ["right_formula"] => section = Some(Side::B),
                ["end_formula"] => section = None,
                ["symbol", kind, symbol, arity, side] => {
                    let predicate = match *kind {
                        "predicate" => true,
                        "function" => false,
                        other => {
                            return Err(directive_error(
                                file,
                                line,
                                format!("symbol kind `{other}` (expected predicate or function)"),
                            ));
                        }
                    };
                    let side = match *side {
                        "left" => Side::A,
                        "right" => Side::B,
                        other => {
                            return Err(directive_error(
                                file,
                                line,
                                format!("symbol colour `{other}` (expected left or right)"),
                            ));
                        }
                    };
                    let arity = arity.parse().map_err(|_| {
                        directive_error(file, line, format!("symbol arity `{arity}`"))
                    })?;
                    declarations.push(ColourDeclaration {
                        name: symbol.to_string(),
                        arity,
                        predicate,
                        side,
                        line,
                    });
                }
                _ => {
                    return Err(directive_error(
                        file,
                        line,
                        format!("vampire directive `{inner}`"),
                    ));
                }
            }
            let end = i + close + 2;
            for b in &mut blanked[i..end] {
                if *b != b'\n' {
                    *b = b' ';
                }
            }
            line += text[i..end].matches('\n').count();
            i = end;
            at_statement_start = true;
            continue;
        }
        if matches!(keyword, "fof" | "cnf" | "tff" | "thf")
            && let Some(comma) = rest[open + 1..].find(',')
        {
            let formula_name = rest[open + 1..open + 1 + comma].trim().to_string();
            if let Some(side) = section {
                names.push((formula_name, side));
            }
        }
        i += 1;
    }
    let blanked = String::from_utf8(blanked).unwrap_or_else(|_| text.to_string());
    let problem = parse_problem(&blanked, file, name, &[])?;
    let sides = problem
        .clauses
        .iter()
        .map(|c| {
            if c.source.role == crate::fol::Role::Conjecture {
                return Side::B;
            }
            names.iter().find(|(n, _)| *n == c.source.name).map_or(Side::B, |(_, side)| *side)
        })
        .collect();
    Ok(SplitProblem { problem, sides, declarations })
}

/// Reads a marked-up problem from a file.
pub fn load_split(path: &Path) -> Result<SplitProblem, InterpolateError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|source| InputError::Io { path: shown.clone(), source })?;
    let name = path.file_stem().map_or_else(|| shown.clone(), |s| s.to_string_lossy().into_owned());
    read_split(&text, &shown, &name)
}

/// Checks the colour declarations: no symbol in both colours, and each declared symbol occurs
/// only on its side.
pub fn check_declarations(split: &SplitProblem) -> Result<(), InterpolateError> {
    for (i, d) in split.declarations.iter().enumerate() {
        if let Some(other) = split.declarations[..i]
            .iter()
            .find(|e| e.name == d.name && e.arity == d.arity && e.predicate == d.predicate)
            && other.side != d.side
        {
            return Err(InterpolateError::Colour(format!(
                "symbol `{}/{}` is declared both left and right (lines {} and {})",
                d.name, d.arity, other.line, d.line
            )));
        }
    }
    for d in &split.declarations {
        let kind = if d.predicate { SymbolKind::Predicate } else { SymbolKind::Function };
        let Some(symbol) = split.problem.signature.lookup(&d.name, d.arity, kind) else {
            continue;
        };
        for (clause, side) in split.problem.clauses.iter().zip(&split.sides) {
            if *side != d.side
                && super::colour::clause_symbols(&split.problem.bank, &clause.clause)
                    .contains(&symbol)
            {
                return Err(InterpolateError::Colour(format!(
                    "symbol `{}/{}` is declared {} (line {}) but occurs in `{}` on the other side",
                    d.name,
                    d.arity,
                    if d.side == Side::A { "left" } else { "right" },
                    d.line,
                    clause.source.name
                )));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_give_sides_and_unmarked_formulas_go_to_b() {
        let text = "% vampire(left_formula). in a comment is ignored\n\
                    vampire(left_formula).\nfof(x, axiom, p).\nvampire(end_formula).\n\
                    fof(y, axiom, q).\n\
                    vampire(right_formula).\ncnf(z, axiom, ~p | ~q).\nvampire(end_formula).\n\
                    fof(g, conjecture, r).\n\
                    vampire(symbol, predicate, q, 0, right).\n";
        let split = read_split(text, "t.p", "t").unwrap();
        let named: Vec<(&str, Side)> = split
            .problem
            .clauses
            .iter()
            .zip(&split.sides)
            .map(|(c, &s)| (c.source.name.as_str(), s))
            .collect();
        assert_eq!(named, [("x", Side::A), ("y", Side::B), ("z", Side::B), ("g", Side::B)]);
        assert_eq!(
            split.declarations,
            [ColourDeclaration {
                name: "q".to_string(),
                arity: 0,
                predicate: true,
                side: Side::B,
                line: 10
            }]
        );
        assert!(check_declarations(&split).is_ok());
        // `p` occurs in `z` on the B side, so it cannot be declared left.
        let wrong = text.replace("q, 0, right", "p, 0, left");
        let err = check_declarations(&read_split(&wrong, "t.p", "t").unwrap()).unwrap_err();
        assert!(err.to_string().contains("occurs in `z` on the other side"), "{err}");
    }

    #[test]
    fn malformed_directives_are_input_errors() {
        let err = read_split("vampire(symbol, constant, p, 0, left).\n", "t.p", "t").unwrap_err();
        assert!(err.to_string().contains("symbol kind `constant`"), "{err}");
        let err = read_split("\nvampire(middle_formula).\n", "t.p", "t").unwrap_err();
        assert!(err.to_string().contains("t.p:2"), "{err}");
    }
}
