//! Front end for TPTP: reading CNF and FOF problems (with includes) into clauses over a shared
//! term bank, clausifying first-order formulas on the way.

pub mod problem;

pub use problem::{InputClause, Problem};
