//! The C library functions craig gives a body: `<string.h>`'s most used ones, written in the C
//! craig reads (`stdlib/c/string.c`), linked into a program that calls them and defines no
//! function of that name, so that they are analysed like the program's own code.
//!
//! The library is a file of its own in the [`SourceMap`] (`<craig>/string.c`), registered the
//! first time a program needs it, so a check that fails inside `strlen` is reported at its
//! line there, with its text.

use super::ast::{DataModel, TranslationUnit};
use crate::syntax::{Diagnostic, FileId, SourceMap};

/// The library's source text.
pub const TEXT: &str = include_str!("../../stdlib/c/string.c");

/// The name the library's file has in a source map.
pub const NAME: &str = "<craig>/string.c";

/// Adds to `unit` the library's definitions of the functions it calls and does not define,
/// and returns the diagnostics of reading the library (none, unless the library is broken).
pub(super) fn link(
    unit: &mut TranslationUnit,
    sources: &mut SourceMap,
    model: DataModel,
) -> Vec<Diagnostic> {
    let defined =
        |unit: &TranslationUnit, name: &str| unit.functions.iter().any(|f| f.name.name == name);
    let wanted: Vec<&str> = unit
        .undefined_calls
        .iter()
        .map(String::as_str)
        .filter(|name| provides(name) && !defined(unit, name))
        .collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    let file = library_file(sources);
    let (library, diagnostics) = super::parse_unit(sources, file, model);
    let wanted: Vec<String> = wanted.into_iter().map(str::to_string).collect();
    for function in library.functions {
        if wanted.contains(&function.name.name) {
            unit.prototypes.retain(|p| p.name != function.name.name);
            unit.externs.retain(|e| e.name.name != function.name.name);
            unit.undefined_calls.remove(&function.name.name);
            unit.functions.push(function);
        }
    }
    diagnostics
}

/// True when the library defines a function of this name.
pub fn provides(name: &str) -> bool {
    FUNCTIONS.contains(&name)
}

/// The functions `stdlib/c/string.c` defines (checked by a test against the file).
pub const FUNCTIONS: &[&str] = &[
    "memcmp", "memcpy", "memmove", "memset", "strcat", "strchr", "strcmp", "strcpy", "strlen",
    "strncmp", "strncpy",
];

/// The library's file in `sources`, added the first time.
fn library_file(sources: &mut SourceMap) -> FileId {
    match sources.find(NAME) {
        Some(file) => file,
        None => sources.add(NAME, None, TEXT.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The library reads without a diagnostic under both data models, and defines exactly
    /// the functions [`FUNCTIONS`] names.
    #[test]
    fn the_library_reads_and_defines_what_it_lists() {
        let mut sources = SourceMap::new();
        let file = sources.add(NAME, None, TEXT.to_string());
        for model in [DataModel::Lp64, DataModel::Ilp32] {
            let (unit, diagnostics) = super::super::parse_unit(&sources, file, model);
            assert!(diagnostics.is_empty(), "{diagnostics:?}");
            let mut names: Vec<&str> =
                unit.functions.iter().map(|f| f.name.name.as_str()).collect();
            names.sort_unstable();
            assert_eq!(names, FUNCTIONS);
            // Each stands alone, so one can be linked without the rest.
            assert!(unit.undefined_calls.is_empty(), "{:?}", unit.undefined_calls);
        }
    }
}
