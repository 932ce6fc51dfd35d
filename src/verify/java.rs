//! Java files to a [`Verification`]: the standard library's integer theory as background, the
//! Java front end's parse, the lowering to the IR, and the obligations.

use std::path::PathBuf;

use super::Verification;
use crate::hol::{Hypothesis, HypothesisKind};
use crate::java::{lower_program, parse_java};
use crate::notation::Elaborator;
use crate::spec::{SpecItemKind, load_spec, stdlib_dir};
use crate::syntax::{Diagnostic, SourceMap, Span, has_errors};
use crate::vc::VcOptions;

/// What the arithmetic of a verified program means, said with every answer: Java's `int` is
/// read as the mathematical integers, and proofs use only the axioms of `stdlib/int.spec`.
pub const ARITHMETIC_NOTE: &str = "int is read as the mathematical integers (Java's 32-bit \
overflow is not modelled, as in Jahob); proofs may use the order, addition and remainder axioms \
of stdlib/int.spec and the lemmas of stdlib/programs.spec proved from them, nothing else about \
arithmetic";

/// The standard library's integer theory for programs (`stdlib/programs.spec`: the axioms of
/// `int.spec` and lemmas proved from them): an elaborator that continues from it (its
/// constants and terms), and its axioms and lemmas as background hypotheses.
pub fn stdlib_background(
    sources: &mut SourceMap,
) -> Result<(Elaborator, Vec<Hypothesis>), Vec<Diagnostic>> {
    let path = stdlib_dir().join("programs.spec");
    let (module, diagnostics) = load_spec(&path, sources);
    let Some(module) = module else { return Err(diagnostics) };
    let background = module
        .items
        .iter()
        .filter_map(|i| {
            let kind = match i.kind {
                SpecItemKind::Axiom => HypothesisKind::Axiom,
                SpecItemKind::Lemma => HypothesisKind::Lemma,
                _ => return None,
            };
            Some(Hypothesis {
                name: i.name.clone(),
                formula: i.formula,
                type_params: i.type_params.clone(),
                kind,
                span: Some(i.name_span),
            })
        })
        .collect();
    Ok((Elaborator::resume(module.bank, module.consts, module.sorts), background))
}

/// Reads, checks and lowers Java files (classes may refer to each other across them) and makes
/// every obligation. `None` if there were errors, which are among the diagnostics.
pub fn load_java(
    files: &[PathBuf],
    sources: &mut SourceMap,
    options: &VcOptions,
) -> (Option<Verification>, Vec<Diagnostic>) {
    let mut texts = Vec::new();
    let mut diagnostics = Vec::new();
    for path in files {
        match std::fs::read_to_string(path) {
            Ok(text) => texts.push((path.display().to_string(), Some(path.clone()), text)),
            Err(e) => {
                let file = sources.add(path.display().to_string(), Some(path), String::new());
                diagnostics.push(Diagnostic::error(
                    Span::new(file, 0, 0),
                    format!("cannot read {}: {e}", path.display()),
                ));
            }
        }
    }
    if !diagnostics.is_empty() {
        return (None, diagnostics);
    }
    load_java_texts(texts, sources, options)
}

/// [`load_java`] on texts in memory: `(name, path, text)` per file.
pub fn load_java_texts(
    texts: Vec<(String, Option<PathBuf>, String)>,
    sources: &mut SourceMap,
    options: &VcOptions,
) -> (Option<Verification>, Vec<Diagnostic>) {
    let (elaborator, background) = match stdlib_background(sources) {
        Ok(b) => b,
        Err(d) => return (None, d),
    };
    let mut units = Vec::new();
    let mut diagnostics = Vec::new();
    for (name, path, text) in texts {
        let file = sources.add(name, path.as_deref(), text);
        let (unit, d) = parse_java(file, &sources.file(file).text);
        diagnostics.extend(d);
        units.push(unit);
    }
    if has_errors(&diagnostics) {
        return (None, diagnostics);
    }
    let refs: Vec<_> = units.iter().collect();
    let (program, d) = lower_program(&refs, elaborator, sources);
    diagnostics.extend(d);
    match program {
        Some(program) => (Some(Verification::new(program, background, options)), diagnostics),
        None => (None, diagnostics),
    }
}
