//! craig's C front end: C11 with GNU extensions read by `lang-c` (over the system preprocessor
//! when a file has `#include` or `#define`), converted into craig's tree of the program with
//! everything it cannot give a meaning to refused where the program uses it, the SV-COMP
//! conventions it knows by heart ([`builtin`]), and the lowering into the program IR
//! ([`crate::ir`]) with machine integers (or mathematical ones, [`Integers`]), arrays as
//! functions, and assert edges for assertions, array bounds, divisors, signed overflow, shift
//! amounts and the error location.
//!
//! The pipeline, one file each: [`source`] (the text to parse and the way back to the user's
//! lines), [`items`] (the scanner that bounds nesting and delimits top-level items),
//! [`parse`] (lang-c, item by item where it must be), [`convert`] (lang-c's tree into
//! [`ast`]), [`lower`] (into the IR).
//!
//! This front end names only `ir`, `hol` and `syntax`: it knows no other front end.

pub mod ast;
pub mod builtin;
mod convert;
mod items;
pub mod library;
pub mod lower;
pub mod memtrack;
mod parse;
mod source;
pub mod task;
pub mod witness;

pub use ast::DataModel;
pub use items::MAX_DEPTH;
pub use lower::{Integers, lower_c};

use crate::ir::Program;
use crate::syntax::{Diagnostic, FileId, SourceMap, has_errors, with_large_stack};

/// The parser, the converter and the lowering recurse over statements and expressions as deep
/// as the scanner allows; they run on a thread with this much (reserved) stack.
const STACK_BYTES: usize = 256 << 20;

/// Reads one C file into craig's tree, with the [`library`]'s functions it calls linked in:
/// what could be read, and every diagnostic (the tree is meaningful only when no error was
/// reported). The library's file is added to `sources` when the program needs it.
pub fn parse_c(
    sources: &mut SourceMap,
    file: FileId,
    model: DataModel,
) -> (ast::TranslationUnit, Vec<Diagnostic>) {
    let (mut unit, mut diagnostics) = parse_unit(sources, file, model);
    if !has_errors(&diagnostics) {
        diagnostics.extend(library::link(&mut unit, sources, model));
    }
    (unit, diagnostics)
}

/// Reads one C file into craig's tree, alone.
fn parse_unit(
    sources: &SourceMap,
    file: FileId,
    model: DataModel,
) -> (ast::TranslationUnit, Vec<Diagnostic>) {
    let source = sources.file(file);
    with_large_stack(STACK_BYTES, || {
        let text = match source::prepare(file, &source.text, source.path.as_deref()) {
            Ok(text) => text,
            Err(d) => return (ast::TranslationUnit::default(), vec![d]),
        };
        let (parsed, mut diagnostics) = parse::parse(file, &text);
        let Some(parsed) = parsed else { return (ast::TranslationUnit::default(), diagnostics) };
        let (unit, mut more) = convert::convert(&parsed.unit, &parsed.unreadable, &text, model);
        diagnostics.append(&mut more);
        diagnostics.sort_by_key(|d| (d.primary.file, d.primary.start));
        (unit, diagnostics)
    })
}

/// Reads and lowers one file of `sources` with machine integers. Returns the program unless
/// there were errors, and every diagnostic (those of reading only, when there are errors:
/// lowering a tree with holes would report their consequences).
pub fn read_c(sources: &mut SourceMap, file: FileId) -> (Option<Program>, Vec<Diagnostic>) {
    read_c_with(sources, file, Integers::Machine, DataModel::Lp64)
}

/// [`read_c`] with the reading of integers chosen.
pub fn read_c_with(
    sources: &mut SourceMap,
    file: FileId,
    integers: Integers,
    model: DataModel,
) -> (Option<Program>, Vec<Diagnostic>) {
    let (unit, diagnostics) = parse_c(sources, file, model);
    if has_errors(&diagnostics) {
        return (None, diagnostics);
    }
    let sources = &*sources;
    with_large_stack(STACK_BYTES, || {
        let (program, mut more) = lower_c(&unit, sources, integers);
        let mut all = diagnostics;
        all.append(&mut more);
        (program, all)
    })
}
