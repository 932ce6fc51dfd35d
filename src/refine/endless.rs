//! Runs that never end, found by running the program: with every input read as one value, a
//! run that comes back to a state it has been in (the same procedures at the same locations,
//! every variable and the heap the same) repeats the same steps forever, because what a run
//! does next depends only on its state and on the inputs it reads, which are the same from
//! both visits ([`crate::ir::interpret::find_repeat`]). The run is the interpreter's, on which
//! every counterexample is replayed, so the answer needs no engine and no further check; an
//! infinite run this search cannot see (one whose state keeps changing, one that needs inputs
//! that differ from one iteration to the next) is left to the ranking argument's `UNKNOWN`.
//!
//! Deterministic: the values are tried in a fixed order, each run has a fixed step limit.

use rug::Integer;

use crate::ir::Program;
use crate::ir::interpret::{Repeat, find_repeat};

/// The values every input is given, in the order they are tried: the ones that most often
/// leave a loop's state unchanged (a nondeterministic branch not taken, a flag cleared) or
/// set it back.
const INPUT_VALUES: [i64; 3] = [0, 1, -1];

/// The most steps one run takes before its search gives up.
const MAX_STEPS: usize = 100_000;

/// A run of `function` that never ends, if one is found with some value for every input.
pub fn find_endless_run(program: &Program, function: &str) -> Option<Repeat> {
    let procedure = program.find(function)?;
    INPUT_VALUES.iter().find_map(|&v| find_repeat(program, procedure, &Integer::from(v), MAX_STEPS))
}
