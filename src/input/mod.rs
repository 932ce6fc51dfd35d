//! Front end for TPTP: reading CNF and FOF problems (with includes) into clauses over a shared
//! term bank, clausifying first-order formulas on the way.
//!
//! Typed first-order problems (TFF) without arithmetic are read as many-sorted problems
//! ([`tff`]) and made unsorted by the sort encoding of [`sorts`] (`--sorts guard|erase|auto`,
//! default auto), which preserves satisfiability both ways, so the answers stay exact.
//! TFF arithmetic, polymorphic TFF (TF1), TFX extensions and higher-order problems (THF) are
//! rejected with [`InputError::Unsupported`]. Includes are resolved as the TPTP tools do: relative to the
//! including file's directory first, then under each include root (for [`load_problem`], the
//! `$TPTP` directory).

#[cfg(test)]
mod clausify_tests;
pub mod error;
mod names;
mod reader;
mod tff;

use std::path::{Path, PathBuf};

use crate::fol::formula::Formula;
use crate::fol::origin::Generated;
use crate::fol::sorts::{self, SortMode};
use crate::fol::{Clause, Clausifier, InputClause, InputSource, Literal, Part, Problem, Role};
use crate::syntax::with_large_stack;

pub use error::InputError;

use reader::{Body, Reader, Statement};

/// Parsing and clausifying recurse over the formula structure; a generous stack lets deeply
/// nested (but legal) input through instead of overflowing, which would abort the process.
const WORKER_STACK_BYTES: usize = 512 * 1024 * 1024;

/// The role of a formula asserted as it is (every role but `conjecture`, which is negated, and
/// `type`, which declares); `None` for roles craig does not read.
fn asserted_role(role: &str) -> Option<Role> {
    Role::from_name(role).filter(|r| *r != Role::Conjecture)
}

/// Several conjectures claim their conjunction; its negation is what is refuted. `None` when
/// there is no conjecture. Each conjecture is closed universally first (a free variable of a
/// TPTP formula is implicitly universal).
fn negated_conjectures(conjectures: &[(Statement, Formula)]) -> Option<(InputSource, Formula)> {
    let (first, _) = conjectures.first()?;
    let names: Vec<&str> = conjectures.iter().map(|(s, _)| s.name.as_str()).collect();
    let source = InputSource::input(names.join(","), first.file.clone(), Role::Conjecture, true);
    let conjunction =
        Formula::And(conjectures.iter().map(|(_, f)| f.clone().universal_closure()).collect());
    Some((source, conjunction.negate()))
}

/// Reads untyped TPTP formulas (`fof` and `cnf` statements, no includes) as first-order formulas,
/// each with its name, for a caller that clausifies them into a problem of its own (the
/// workbench's formulas typed inline, which must share the goal's symbols).
pub fn parse_formulas(text: &str, file: &str) -> Result<Vec<(String, Formula)>, InputError> {
    let mut reader = Reader::new(&[]);
    reader.read_text(text, file, None, 0)?;
    if reader.tff.is_some() {
        return Err(InputError::Unsupported {
            file: file.to_string(),
            line: 1,
            col: 1,
            what: "typed formulas here".to_string(),
        });
    }
    Ok(reader
        .statements
        .into_iter()
        .map(|statement| {
            let formula = match statement.body {
                Body::Fof(f) | Body::Tff(f) => f,
                Body::Cnf(literals) => Formula::Or(literals),
            };
            (statement.name, formula)
        })
        .collect())
}

/// Reads the TPTP problem at `path` with its includes, which are looked up relative to each
/// including file and then under `$TPTP`. The problem is named after the file stem.
pub fn load_problem(path: &Path) -> Result<Problem, InputError> {
    load_problem_sorted(path, SortMode::Auto)
}

/// Like [`load_problem`], with the sort handling of typed (TFF) problems chosen.
pub fn load_problem_sorted(path: &Path, sorts: SortMode) -> Result<Problem, InputError> {
    let roots: Vec<PathBuf> = std::env::var_os("TPTP").map(PathBuf::from).into_iter().collect();
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|source| InputError::Io { path: shown.clone(), source })?;
    let name = path.file_stem().map_or_else(|| shown.clone(), |s| s.to_string_lossy().into_owned());
    parse_problem_sorted(&text, &shown, &name, &roots, sorts)
}

/// Like [`load_problem`], with explicit include roots instead of `$TPTP`.
pub fn load_problem_with_roots(
    path: &Path,
    include_roots: &[PathBuf],
) -> Result<Problem, InputError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|source| InputError::Io { path: shown.clone(), source })?;
    let name = path.file_stem().map_or_else(|| shown.clone(), |s| s.to_string_lossy().into_owned());
    parse_problem(&text, &shown, &name, include_roots)
}

/// Reads a problem from `text`, which claims to be the content of `file` (used in messages and
/// sources, and whose directory is searched first for includes), then clausifies it.
pub fn parse_problem(
    text: &str,
    file: &str,
    name: &str,
    include_roots: &[PathBuf],
) -> Result<Problem, InputError> {
    parse_problem_sorted(text, file, name, include_roots, SortMode::Auto)
}

/// Like [`parse_problem`], with the sort handling of typed (TFF) problems chosen.
pub fn parse_problem_sorted(
    text: &str,
    file: &str,
    name: &str,
    include_roots: &[PathBuf],
    sorts: SortMode,
) -> Result<Problem, InputError> {
    with_large_stack(WORKER_STACK_BYTES, || {
        parse_problem_here(text, file, name, include_roots, sorts, &mut Located::default())
    })
}

/// Where the statement an input clause came from starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StatementPlace {
    /// The file (the one read, or an included one).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
}

/// What [`parse_problem_located`] says about the statements beside the problem.
#[derive(Clone, Default, Debug)]
pub struct Located {
    /// For each clause, where its statement starts: `None` for the negated conjecture (which
    /// may join several statements), generated axioms, and every clause of a typed problem
    /// (whose statements are encoded together).
    pub places: Vec<Option<StatementPlace>>,
    /// Each `fof` statement with free variables (read as universally quantified), in order:
    /// where it starts, its name, and the variables. Empty for a typed problem.
    pub open_formulas: Vec<(StatementPlace, String, Vec<String>)>,
}

/// Like [`parse_problem`], also saying where each clause's statement starts and which `fof`
/// statements have free variables. TPTP names need not be unique, so this is how a caller that
/// marks statements (Vampire's interpolation sections) finds each clause's statement.
pub fn parse_problem_located(
    text: &str,
    file: &str,
    name: &str,
    include_roots: &[PathBuf],
) -> Result<(Problem, Located), InputError> {
    with_large_stack(WORKER_STACK_BYTES, || {
        let mut located = Located::default();
        let problem =
            parse_problem_here(text, file, name, include_roots, SortMode::Auto, &mut located)?;
        located.places.resize(problem.clauses.len(), None);
        Ok((problem, located))
    })
}

fn parse_problem_here(
    text: &str,
    file: &str,
    name: &str,
    include_roots: &[PathBuf],
    sorts: SortMode,
    located: &mut Located,
) -> Result<Problem, InputError> {
    let mut reader = Reader::new(include_roots);
    let dir = Path::new(file).parent();
    reader.read_text(text, file, dir, 0)?;
    match reader.tff {
        Some(context) => build_typed_problem(name, file, reader.statements, context, sorts),
        None => build_problem(name, file, reader.statements, located),
    }
}

fn build_problem(
    name: &str,
    file: &str,
    statements: Vec<Statement>,
    located: &mut Located,
) -> Result<Problem, InputError> {
    let mut problem = Problem { name: name.to_string(), complete: true, ..Problem::default() };
    let mut clausifier = Clausifier::new(&mut problem.signature, &mut problem.bank);
    let mut clauses = Vec::new();
    let mut conjectures: Vec<(Statement, Formula)> = Vec::new();
    for statement in statements {
        let place = StatementPlace {
            file: statement.file.clone(),
            line: statement.line,
            col: statement.col,
        };
        if let Body::Fof(f) = &statement.body {
            let free = f.free_variables();
            if !free.is_empty() {
                located.open_formulas.push((place.clone(), statement.name.clone(), free));
            }
        }
        let role = statement.role.as_str();
        if role == "conjecture" {
            let formula = match &statement.body {
                Body::Fof(f) | Body::Tff(f) => f.clone(),
                // A conjecture clause claims its universal closure.
                Body::Cnf(literals) => Formula::Or(literals.clone()),
            };
            conjectures.push((statement, formula));
            continue;
        }
        if role == "type" {
            // Type declarations carry nothing for untyped first-order logic.
            continue;
        }
        let Some(asserted) = asserted_role(role) else {
            return Err(InputError::Unsupported {
                file: statement.file.clone(),
                line: statement.line,
                col: statement.col,
                what: format!("formula role `{role}`"),
            });
        };
        let source = InputSource::input(
            statement.name.clone(),
            statement.file.clone(),
            asserted,
            !matches!(statement.body, Body::Cnf(_)),
        );
        match &statement.body {
            Body::Fof(f) | Body::Tff(f) => {
                for clause in clausifier.clausify(f) {
                    clauses.push(InputClause { clause, source: source.clone() });
                }
            }
            Body::Cnf(literals) => {
                if let Some(clause) = clausifier.clause_of_literals(literals) {
                    clauses.push(InputClause { clause, source });
                }
            }
        }
        located.places.resize(clauses.len(), Some(place));
    }
    if let Some((source, negated)) = negated_conjectures(&conjectures) {
        for clause in clausifier.clausify(&negated) {
            clauses.push(InputClause { clause, source: source.clone() });
        }
    }
    let distinct = clausifier.distinct_constants().to_vec();
    drop(clausifier);
    problem.has_conjecture = !conjectures.is_empty();
    distinct_axioms(&mut problem, file, &distinct, &mut clauses);
    problem.clauses = clauses;
    Ok(problem)
}

/// Distinct objects and numbers denote pairwise different elements.
fn distinct_axioms(
    problem: &mut Problem,
    file: &str,
    distinct: &[crate::fol::SymbolId],
    clauses: &mut Vec<InputClause>,
) {
    let source = InputSource {
        part: Part::Generated(Generated::DistinctObjects),
        ..InputSource::input("distinct_objects", file, Role::Axiom, false)
    };
    for (i, &a) in distinct.iter().enumerate() {
        for &b in &distinct[i + 1..] {
            let ta = problem.bank.app(&problem.signature, a, &[]);
            let tb = problem.bank.app(&problem.signature, b, &[]);
            let clause = Clause::new(vec![Literal::new(ta, tb, false)]);
            clauses.push(InputClause { clause, source: source.clone() });
        }
    }
}

/// A typed problem: every statement becomes a sorted formula (untyped ones over `$i`), the sort
/// encoding chosen by `mode` makes them unsorted (or refuses, for `erase` without
/// justification), and they are clausified. The encoding preserves satisfiability in both
/// directions (see [`sorts`]), so the problem stays complete.
fn build_typed_problem(
    name: &str,
    file: &str,
    statements: Vec<Statement>,
    mut context: tff::TffContext,
    mode: SortMode,
) -> Result<Problem, InputError> {
    let mut assumed: Vec<(InputSource, Formula)> = Vec::new();
    let mut conjectures: Vec<(Statement, Formula)> = Vec::new();
    for statement in statements {
        let role = statement.role.as_str();
        if role == "type" {
            continue;
        }
        let asserted = asserted_role(role);
        if role != "conjecture" && asserted.is_none() {
            return Err(InputError::Unsupported {
                file: statement.file.clone(),
                line: statement.line,
                col: statement.col,
                what: format!("formula role `{role}`"),
            });
        }
        let unsupported = |what: String| InputError::Unsupported {
            file: statement.file.clone(),
            line: statement.line,
            col: statement.col,
            what,
        };
        let formula = match &statement.body {
            Body::Tff(f) => f.clone(),
            Body::Fof(f) => context.untyped(f).map_err(unsupported)?,
            Body::Cnf(literals) => {
                context.untyped(&Formula::Or(literals.clone())).map_err(unsupported)?
            }
        };
        match asserted {
            None => conjectures.push((statement, formula)),
            Some(asserted) => {
                let source = InputSource::input(
                    statement.name.clone(),
                    statement.file.clone(),
                    asserted,
                    true,
                );
                assumed.push((source, formula));
            }
        }
    }
    if let Some(negated) = negated_conjectures(&conjectures) {
        assumed.push(negated);
    }
    let formulas: Vec<&Formula> = assumed.iter().map(|(_, f)| f).collect();
    // TFF without arithmetic has no sort with an intended infinite model.
    let encoding = sorts::encode_sorts(
        mode,
        &formulas,
        &context.symbols,
        &context.var_sorts,
        &std::collections::BTreeSet::new(),
    )
    .map_err(|why| InputError::Refused { file: file.to_string(), why: why.to_string() })?;
    let mut problem = Problem { name: name.to_string(), complete: true, ..Problem::default() };
    problem.has_conjecture = !conjectures.is_empty();
    let mut clauses = Vec::new();
    let mut clausifier = Clausifier::new(&mut problem.signature, &mut problem.bank);
    for (axiom_name, f) in &encoding.axioms {
        let source = InputSource {
            part: Part::Generated(Generated::SortAxiom),
            ..InputSource::input(axiom_name.clone(), file, Role::Axiom, true)
        };
        for clause in clausifier.clausify(f) {
            clauses.push(InputClause { clause, source: source.clone() });
        }
    }
    for (source, f) in &assumed {
        for clause in clausifier.clausify(&encoding.relativize(f, &context.var_sorts)) {
            clauses.push(InputClause { clause, source: source.clone() });
        }
    }
    let distinct = clausifier.distinct_constants().to_vec();
    drop(clausifier);
    // Distinct objects are individuals (`$i`) but have no typing axiom: when `$i` is guarded
    // the encoding may then be weaker than the sorted problem, so saturation proves nothing.
    if !distinct.is_empty()
        && encoding.decisions.iter().any(|d| d.guarded && d.sort == tff::INDIVIDUALS)
    {
        problem.complete = false;
    }
    distinct_axioms(&mut problem, file, &distinct, &mut clauses);
    problem.clauses = clauses;
    problem.sort_decisions = encoding.decisions;
    Ok(problem)
}
