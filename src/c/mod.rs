//! craig's C subset: the parser (a pest grammar in `c.pest`, read one top-level item at a time)
//! into a syntax tree with spans, the SV-COMP conventions it knows by heart ([`builtin`]), and
//! the lowering into the program IR ([`crate::ir`]) with mathematical integers, arrays as
//! functions, and assert edges for assertions, array bounds, divisors and the error location.
//!
//! This front end names only `ir`, `hol` and `syntax`: it knows no other front end.

pub mod ast;
pub mod builtin;
pub mod lower;
mod parse;

pub use lower::lower_c;
pub use parse::{MAX_DEPTH, parse_c};

use crate::ir::Program;
use crate::syntax::{Diagnostic, FileId, SourceMap, has_errors, with_large_stack};

/// The lowering recurses over statements and expressions as deep as the parser allows; it runs
/// on a thread with this much (reserved) stack.
const STACK_BYTES: usize = 256 << 20;

/// Parses and lowers one file of `sources`. Returns the program unless there were errors, and
/// every diagnostic (parse errors only, when there are any: lowering a tree with holes would
/// report their consequences).
pub fn read_c(sources: &SourceMap, file: FileId) -> (Option<Program>, Vec<Diagnostic>) {
    let (unit, diagnostics) = parse_c(file, &sources.file(file).text);
    if has_errors(&diagnostics) {
        return (None, diagnostics);
    }
    with_large_stack(STACK_BYTES, || {
        let (program, mut more) = lower_c(&unit, sources);
        let mut all = diagnostics;
        all.append(&mut more);
        (program, all)
    })
}
