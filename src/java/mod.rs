//! Jahob's annotated Java: the parser (a pest grammar in `java.pest`), the syntax tree, and the
//! lowering of checked classes into the program IR ([`crate::ir`]).
//!
//! Specification formulas stay quoted text in the tree ([`ast::SpecText`]); the lowering reads
//! them with the shared notation ([`crate::notation`]) in the scope of the class and method they
//! are written in.

pub mod ast;
pub mod lower;
mod parse;

pub use lower::lower_program;
pub use parse::parse_java;
