//! Reading an interpolation problem marked up the way Vampire does it, and colouring it the way
//! Vampire colours it.
//!
//! `vampire(left_formula).` ... `vampire(end_formula).` encloses A formulas, `vampire(right_formula).`
//! ... `vampire(end_formula).` B formulas, `vampire(symbol, predicate|function, NAME, ARITY,
//! left|right).` declares a symbol's colour, and `vampire(option, NAME, VALUE).` sets an option.
//! These directives are not TPTP, so they are blanked out of the text (every character but line
//! breaks becomes a space, keeping line and column numbers of everything else) and the rest is read
//! by `input::parse_problem`. The formula names met inside each section are recorded while
//! scanning, and each clause gets the side of the formula it came from.
//!
//! A formula outside the sections is coloured by its declared symbols, as Vampire does: A when it
//! uses a symbol declared left, B when it uses one declared right (both is a colour error), and
//! otherwise it belongs to the background theory T, which holds on both sides, so the interpolant
//! satisfies `A ∧ T ⊨ I` and `I ∧ B ∧ T ⊨ ⊥`. The negated conjecture goes to B unless it sits in a
//! left section: B is what the interpolant must contradict, and putting the goal there makes
//! `A ⊨ I ⊨ goal`.
//!
//! Of Vampire's options only `show_interpolant` maps onto craig (the interpolant as read off the
//! proof, or minimised); every other option is ignored with a note, never an error. A free
//! variable of a `fof` formula is read as universally quantified, as Vampire reads it, with a
//! warning naming it.

use std::path::Path;

use super::{InterpolateError, Side, precedence};
use crate::fol::{Problem, Role, SymbolId, SymbolKind, SymbolOrigin};
use crate::input::{InputError, Located, parse_problem_located};

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

/// Which interpolant a `vampire(option, show_interpolant, VALUE).` directive asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InterpolantKind {
    /// The interpolant as read off the refutation (`on`, `old`, `new`, `new_heur`).
    AsBuilt,
    /// A smaller equivalent one (`minimized`, `new_opt`, `old_opt`): craig simplifies by
    /// equality saturation and verifies the result, where Vampire minimises over proof slices.
    Minimized,
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
    /// The interpolant kind the file's `show_interpolant` option asks for, if it has one.
    pub kind: Option<InterpolantKind>,
    /// Warnings for the user (`file:line: warning: ...`), in file order: free variables closed.
    pub warnings: Vec<String>,
    /// Notes for the user, in file order: options honoured or ignored, and the colour given to
    /// each formula outside the sections that is not in the background theory.
    pub notes: Vec<String>,
    /// The statements of the background theory T as `name:line`, in file order.
    pub background: Vec<String>,
}

impl SplitProblem {
    /// Whether some clause belongs to the background theory T.
    pub fn has_background(&self) -> bool {
        self.sides.contains(&Side::Background)
    }
}

/// A `fof`, `cnf`, `tff` or `thf` statement met while scanning.
struct Scanned {
    /// Byte offset of the statement's keyword.
    start: usize,
    keyword: String,
    name: String,
    line: usize,
    col: usize,
    section: Option<Side>,
}

fn directive_error(file: &str, line: usize, what: String) -> InterpolateError {
    InterpolateError::Input(InputError::Unsupported { file: file.to_string(), line, col: 1, what })
}

/// What the directive `vampire(option, NAME, VALUE).` does: the interpolant kind it asks for (if
/// any) and the note saying so.
fn read_option(name: &str, value: &str, line: usize) -> (Option<InterpolantKind>, String) {
    let kind = match (name, value) {
        ("show_interpolant", "on" | "old" | "new" | "new_heur") => Some(InterpolantKind::AsBuilt),
        ("show_interpolant", "minimized" | "new_opt" | "old_opt") => {
            Some(InterpolantKind::Minimized)
        }
        _ => None,
    };
    let note = match (kind, name) {
        (Some(InterpolantKind::AsBuilt), _) => format!(
            "line {line}: option show_interpolant = {value}: the interpolant as read off the \
             refutation, not simplified"
        ),
        (Some(InterpolantKind::Minimized), _) => format!(
            "line {line}: option show_interpolant = {value}: the interpolant simplified by \
             equality saturation (and verified again), craig's way of minimising"
        ),
        (None, "show_interpolant") => format!(
            "line {line}: option show_interpolant = {value} ignored: `craig interpolate` always \
             computes an interpolant"
        ),
        (None, _) => {
            format!("line {line}: option {name} = {value} ignored: it has no craig counterpart")
        }
    };
    (kind, note)
}

/// What scanning the directives found.
struct Scan {
    /// The text with the directives blanked out.
    blanked: String,
    scanned: Vec<Scanned>,
    declarations: Vec<ColourDeclaration>,
    kind: Option<InterpolantKind>,
    notes: Vec<String>,
}

/// Reads a marked-up problem from `text` (claimed to be the content of `file`).
///
/// A `fof` formula the TPTP parser refuses is read again with Vampire's connective precedence
/// made explicit (`precedence`), with a note, so files written for Vampire load as they are.
/// Line numbers stay as written; the rewritten formula keeps its line breaks at its end.
pub fn read_split(text: &str, file: &str, name: &str) -> Result<SplitProblem, InterpolateError> {
    let mut text = text.to_string();
    let mut rewritten: Vec<String> = Vec::new();
    let mut rewrites: Vec<usize> = Vec::new();
    let (scan, problem, located) = loop {
        let scan = scan(&text, file)?;
        match parse_problem_located(&scan.blanked, file, name, &[]) {
            Ok((problem, located)) => break (scan, problem, located),
            Err(InputError::Syntax { file: at, line, col, message, source_line }) if at == file => {
                let retry = scan
                    .scanned
                    .iter()
                    .filter(|s| s.keyword == "fof" && (s.line, s.col) <= (line, col))
                    .max_by_key(|s| (s.line, s.col))
                    .filter(|s| !rewrites.contains(&s.start))
                    .and_then(|s| Some((s, with_vampire_precedence(&text, s.start)?)));
                let Some((statement, (body, new_body))) = retry else {
                    let error = InputError::Syntax { file: at, line, col, message, source_line };
                    return Err(error.into());
                };
                rewritten.push(format!(
                    "line {}: fof `{}` is not TPTP as written; read with Vampire's connective \
                     precedence (& over | over => over <=>) as {}",
                    statement.line,
                    statement.name,
                    new_body.trim()
                ));
                rewrites.push(statement.start);
                text.replace_range(body, &new_body);
            }
            Err(e) => return Err(e.into()),
        }
    };
    let Scan { scanned, declarations, kind, mut notes, .. } = scan;
    notes.extend(rewritten);
    let warnings = free_variable_warnings(&located);
    // The statement each clause came from: by where it starts, since TPTP names need not be
    // unique (Vampire's own examples name every axiom `a`); by name when the place is unknown.
    let owner: Vec<Option<usize>> = problem
        .clauses
        .iter()
        .zip(&located.places)
        .map(|(clause, place)| match place {
            Some(p) if p.file == file => {
                scanned.iter().position(|s| s.line == p.line && s.col == p.col)
            }
            _ => scanned.iter().position(|s| s.name == clause.source.name),
        })
        .collect();
    let section_of_name = |formula: &str| scanned.iter().find(|s| s.name == formula)?.section;
    let declared = declared_colours(&problem, &declarations);
    let mut sides = Vec::with_capacity(problem.clauses.len());
    // The colour of each statement outside the sections, decided once per statement (a clause
    // of no statement, such as the distinct-objects axioms, is keyed by its name).
    let mut outside: Vec<((Option<usize>, &str), Side)> = Vec::new();
    for (i, clause) in problem.clauses.iter().enumerate() {
        let source = &clause.source;
        if source.role == Role::Conjecture {
            let all_left = source.name.split(',').all(|n| section_of_name(n) == Some(Side::A));
            sides.push(if all_left { Side::A } else { Side::B });
            continue;
        }
        if let Some(side) = owner[i].and_then(|k| scanned[k].section) {
            sides.push(side);
            continue;
        }
        let key = (owner[i], if owner[i].is_some() { "" } else { source.name.as_str() });
        if let Some((_, side)) = outside.iter().find(|(k, _)| *k == key) {
            sides.push(*side);
            continue;
        }
        let members: Vec<usize> = (0..problem.clauses.len())
            .filter(|&j| {
                owner[j] == owner[i]
                    && (owner[i].is_some() || problem.clauses[j].source.name == source.name)
            })
            .collect();
        let line = owner[i].map_or(0, |k| scanned[k].line);
        let side = colour_outside(&problem, &declared, &members, &source.name, file, line)?;
        let what = match side {
            Side::A => Some("uses a symbol declared left: coloured A"),
            Side::B => Some("uses a symbol declared right: coloured B"),
            // Listed together by `background_statements`.
            Side::Background => None,
        };
        if let Some(what) = what {
            notes.push(format!(
                "line {line}: formula `{}` (outside the sections) {what}",
                source.name
            ));
        }
        outside.push((key, side));
        sides.push(side);
    }
    let mut background = Vec::new();
    for ((k, name), side) in &outside {
        if *side == Side::Background {
            background.push(k.map_or_else(
                || name.to_string(),
                |k| format!("{}:{}", scanned[k].name, scanned[k].line),
            ));
        }
    }
    Ok(SplitProblem { problem, sides, declarations, kind, warnings, notes, background })
}

/// For the `fof` statement starting at byte `start` of `text`: the byte range of its formula
/// and the formula parenthesised by Vampire's precedence (followed by the line breaks it had,
/// so later lines keep their numbers), when that reading settles it and changes it.
fn with_vampire_precedence(text: &str, start: usize) -> Option<(std::ops::Range<usize>, String)> {
    let bytes = text.as_bytes();
    let open = start + text[start..].find('(')?;
    let mut depth = 0usize;
    let mut commas = Vec::new();
    let mut i = open;
    let end = loop {
        match *bytes.get(i)? {
            b'\'' | b'"' => {
                let quote = bytes[i];
                i += 1;
                while *bytes.get(i)? != quote {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' => depth += 1,
            b')' | b']' => {
                depth -= 1;
                if depth == 0 {
                    break i;
                }
            }
            b',' if depth == 1 => commas.push(i),
            _ => {}
        }
        i += 1;
    };
    let from = commas.get(1)? + 1;
    let to = commas.get(2).copied().unwrap_or(end);
    let body = &text[from..to];
    let read = precedence::parenthesise(body)?;
    if read.split_whitespace().eq(body.split_whitespace()) {
        return None;
    }
    let breaks = "\n".repeat(body.matches('\n').count());
    Some((from..to, format!(" {read}{breaks}")))
}

fn scan(text: &str, file: &str) -> Result<Scan, InterpolateError> {
    let bytes = text.as_bytes();
    let mut blanked = bytes.to_vec();
    let mut section: Option<Side> = None;
    let mut scanned: Vec<Scanned> = Vec::new();
    let mut declarations = Vec::new();
    let mut kind = None;
    let mut notes = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let mut line_start = 0;
    let mut at_statement_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\n' {
            line += 1;
            i += 1;
            line_start = i;
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
                    line_start = i + 1;
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
                ["option", option, value] => {
                    let (asked, note) = read_option(option, value, line);
                    kind = asked.or(kind);
                    notes.push(note);
                }
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
                        format!(
                            "vampire directive `{inner}` (expected left_formula, right_formula, \
                             end_formula, symbol or option)"
                        ),
                    ));
                }
            }
            let end = i + close + 2;
            for b in &mut blanked[i..end] {
                if *b != b'\n' {
                    *b = b' ';
                }
            }
            if let Some(last) = text[i..end].rfind('\n') {
                line += text[i..end].matches('\n').count();
                line_start = i + last + 1;
            }
            i = end;
            at_statement_start = true;
            continue;
        }
        if matches!(keyword, "fof" | "cnf" | "tff" | "thf")
            && let Some(comma) = rest[open + 1..].find(',')
        {
            scanned.push(Scanned {
                start: i,
                keyword: keyword.to_string(),
                name: rest[open + 1..open + 1 + comma].trim().to_string(),
                line,
                col: text[line_start..i].chars().count() + 1,
                section,
            });
        }
        i += 1;
    }
    let blanked = String::from_utf8(blanked).unwrap_or_else(|_| text.to_string());
    Ok(Scan { blanked, scanned, declarations, kind, notes })
}

impl ColourDeclaration {
    /// The declared symbol in `problem`, if it occurs there.
    fn symbol(&self, problem: &Problem) -> Option<SymbolId> {
        let kind = if self.predicate { SymbolKind::Predicate } else { SymbolKind::Function };
        problem.signature.lookup(&self.name, self.arity, kind)
    }
}

/// Each declared symbol that occurs in the problem, with its declared side.
fn declared_colours(
    problem: &Problem,
    declarations: &[ColourDeclaration],
) -> Vec<(SymbolId, Side)> {
    declarations.iter().filter_map(|d| Some((d.symbol(problem)?, d.side))).collect()
}

/// The colour of the formula `formula` outside the sections (its clauses are `members`), from
/// the declared colours of their input symbols.
fn colour_outside(
    problem: &Problem,
    declared: &[(SymbolId, Side)],
    members: &[usize],
    formula: &str,
    file: &str,
    line: usize,
) -> Result<Side, InterpolateError> {
    let mut left = None;
    let mut right = None;
    for clause in members.iter().map(|&j| &problem.clauses[j]) {
        for s in super::colour::clause_symbols(&problem.bank, &clause.clause) {
            if problem.signature.info(s).origin != SymbolOrigin::Input {
                continue;
            }
            for &(d, side) in declared {
                if d == s {
                    match side {
                        Side::A => left = left.or(Some(s)),
                        _ => right = right.or(Some(s)),
                    }
                }
            }
        }
    }
    let shown = |s: SymbolId| {
        let info = problem.signature.info(s);
        format!("{}/{}", info.name, info.arity)
    };
    match (left, right) {
        (Some(l), Some(r)) => Err(InterpolateError::Colour(format!(
            "{file}:{line}: formula `{formula}` is outside the sections and uses `{}`, \
                 declared left, and `{}`, declared right: put it in a section or declare its \
                 symbols consistently",
            shown(l),
            shown(r)
        ))),
        (Some(_), None) => Ok(Side::A),
        (None, Some(_)) => Ok(Side::B),
        (None, None) => Ok(Side::Background),
    }
}

/// A warning for each `fof` formula with free variables, which are read as universally closed.
fn free_variable_warnings(located: &Located) -> Vec<String> {
    located
        .open_formulas
        .iter()
        .map(|(place, name, free)| {
            format!(
                "{}:{}: warning: fof `{name}` has free variables {}: read as universally \
                 quantified, as Vampire reads them",
                place.file,
                place.line,
                free.join(", ")
            )
        })
        .collect()
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
        let Some(symbol) = d.symbol(&split.problem) else {
            continue;
        };
        for (clause, side) in split.problem.clauses.iter().zip(&split.sides) {
            // Background formulas use no declared symbol: that is how they were coloured.
            if *side != d.side
                && *side != Side::Background
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
    fn sections_give_sides_and_declared_symbols_colour_the_rest() {
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

    fn sides_by_name(split: &SplitProblem) -> Vec<(String, Side)> {
        let mut out: Vec<(String, Side)> = Vec::new();
        for (c, &side) in split.problem.clauses.iter().zip(&split.sides) {
            let entry = (c.source.name.clone(), side);
            if !out.contains(&entry) {
                out.push(entry);
            }
        }
        out
    }

    #[test]
    fn formulas_outside_the_sections_take_the_colour_of_their_declared_symbols() {
        let text = "vampire(symbol, predicate, p, 0, left).\n\
                    vampire(symbol, predicate, r, 0, right).\n\
                    vampire(left_formula).\nfof(a1, axiom, p | q).\nvampire(end_formula).\n\
                    vampire(right_formula).\nfof(b1, axiom, ~r).\nvampire(end_formula).\n\
                    fof(to_a, axiom, p => s).\nfof(to_b, axiom, s => r).\nfof(t, axiom, q => s).\n";
        let split = read_split(text, "t.p", "t").unwrap();
        let expected = [("a1", Side::A), ("b1", Side::B), ("to_a", Side::A), ("to_b", Side::B)];
        let mut sides = sides_by_name(&split);
        assert_eq!(sides.pop(), Some(("t".to_string(), Side::Background)));
        assert_eq!(sides, expected.map(|(n, s)| (n.to_string(), s)));
        assert!(split.has_background());
        assert_eq!(split.background, ["t:11"]);
        assert!(split.notes.iter().any(|n| n.contains("`to_a`") && n.contains("coloured A")));
        assert!(check_declarations(&split).is_ok());
        let mixed = text.replace("q => s", "p => r");
        let err = read_split(&mixed, "t.p", "t").unwrap_err();
        assert!(
            err.to_string().contains("`p/0`, declared left, and `r/0`, declared right"),
            "{err}"
        );
        assert!(err.to_string().starts_with("t.p:11:"), "{err}");
    }

    #[test]
    fn statements_with_the_same_name_are_told_apart_by_place() {
        // Vampire's examples name every axiom `a`; one `a` is in the A section, one outside.
        let text = "vampire(symbol, function, c, 0, right).\n\
                    vampire(left_formula).\nfof(a, axiom, p(b)).\nvampire(end_formula).\n\
                    fof(a, axiom, ![X]: q(X)). fof(a, axiom, s(c)).\n\
                    vampire(right_formula).\ncnf(z, axiom, ~p(X) | ~q(X)).\nvampire(end_formula).\n";
        let split = read_split(text, "t.p", "t").unwrap();
        assert_eq!(split.sides, [Side::A, Side::Background, Side::B, Side::B]);
        assert_eq!(split.background, ["a:5"]);
    }

    #[test]
    fn a_conjecture_in_a_left_section_is_on_the_a_side() {
        let text = "vampire(left_formula).\nfof(g, conjecture, p).\nvampire(end_formula).\n\
                    vampire(right_formula).\nfof(b, axiom, p).\nvampire(end_formula).\n";
        let split = read_split(text, "t.p", "t").unwrap();
        let sides = sides_by_name(&split);
        assert_eq!(sides, [("b".to_string(), Side::B), ("g".to_string(), Side::A)]);
    }

    #[test]
    fn options_are_honoured_or_noted_never_refused() {
        let read = |directive: &str| {
            let text = format!(
                "{directive}\nvampire(left_formula).\ncnf(a, axiom, p).\n\
                                vampire(end_formula).\ncnf(b, axiom, ~p).\n"
            );
            read_split(&text, "t.p", "t").unwrap()
        };
        let on = read("vampire(option, show_interpolant, on).");
        assert_eq!(on.kind, Some(InterpolantKind::AsBuilt));
        let minimised = read("vampire(option,show_interpolant,new_opt).");
        assert_eq!(minimised.kind, Some(InterpolantKind::Minimized));
        for ignored in ["vampire(option, avatar, off).", "vampire(option, show_interpolant, off)."]
        {
            let split = read(ignored);
            assert_eq!(split.kind, None);
            assert!(
                split.notes[0].starts_with("line 1: option ") && split.notes[0].contains("ignored")
            );
        }
    }

    #[test]
    fn free_variables_of_fof_formulas_are_closed_with_a_warning() {
        let text =
            "fof(f, axiom, p(X) | X != Y).\ncnf(c, axiom, q(Z)).\nfof(g, axiom, ![X]: p(X)).\n";
        let split = read_split(text, "t.p", "t").unwrap();
        assert_eq!(
            split.warnings,
            ["t.p:1: warning: fof `f` has free variables X, Y: read as universally quantified, \
              as Vampire reads them"]
        );
    }

    #[test]
    fn formulas_tptp_refuses_are_read_with_vampires_precedence() {
        let text = "fof(t, axiom,\n  p & q => r).\nfof(u, axiom, r => s).\n\
                    vampire(left_formula).\nfof(a, axiom, p & q).\nvampire(end_formula).\n\
                    vampire(right_formula).\nfof(b, axiom, ~s).\nvampire(end_formula).\n";
        let split = read_split(text, "t.p", "t").unwrap();
        assert!(
            split.notes[0].starts_with("line 1: fof `t` is not TPTP as written"),
            "{:?}",
            split.notes
        );
        assert!(split.notes[0].ends_with("as ((p & q) => r)"), "{:?}", split.notes);
        // Lines after the rewritten formula keep their numbers.
        assert_eq!(split.background, ["t:1", "u:3"]);
        // An ambiguous chain is left to the parser, whose error stands.
        let err = read_split("fof(t, axiom, p => q => r).\n", "t.p", "t").unwrap_err();
        assert!(err.to_string().starts_with("t.p:1:"), "{err}");
        assert!(err.to_string().contains("syntax error"), "{err}");
    }

    #[test]
    fn malformed_directives_are_input_errors() {
        let err = read_split("vampire(symbol, constant, p, 0, left).\n", "t.p", "t").unwrap_err();
        assert!(err.to_string().contains("symbol kind `constant`"), "{err}");
        let err = read_split("\nvampire(middle_formula).\n", "t.p", "t").unwrap_err();
        assert!(err.to_string().contains("t.p:2"), "{err}");
    }
}
