//! `craig run FILE.c`: runs a C program's `main` (or another function) through the IR
//! interpreter on given inputs and prints the outcome: the results and globals, or the failed
//! check with where it stands.

use std::io::Write;
use std::path::PathBuf;

use crate::c::task::Property;
use crate::cli::{CliError, load_c_file};
use crate::ir::interpret::{Outcome, describe_outcome, run as run_program};
use crate::syntax::SourceMap;

/// Run a C program through the IR interpreter.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The program (`.c`, or a preprocessed `.i`).
    pub file: PathBuf,
    /// Read C's integers as mathematical integers (unbounded, no overflow, no bitwise
    /// operators) instead of machine integers.
    #[arg(long)]
    pub math_int: bool,
    /// The values of `__VERIFIER_nondet_*()` calls (and of the function's parameters), in the
    /// order the run needs them: `--inputs 1,2,-3`.
    #[arg(long, value_name = "N,N,...", allow_hyphen_values = true, value_delimiter = ',')]
    pub inputs: Vec<rug::Integer>,
    /// Stop after this many edges of the control-flow graph.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub steps: usize,
    /// The function to run.
    #[arg(long, value_name = "NAME", default_value = "main")]
    pub function: String,
    /// After a failed check, list the source positions the run passed.
    #[arg(long)]
    pub trace: bool,
    /// The machine the file is read for: `LP64` (x86-64, the default) or `ILP32` (i386:
    /// 32-bit `long` and pointers).
    #[arg(long, value_name = "MODEL", value_parser = crate::cli::parse_data_model, default_value = "LP64")]
    pub data_model: crate::c::DataModel,
    /// Check only this property (an SV-COMP name, `valid-memcleanup`, or a `.prp` file): the
    /// checks it is not about are assumed, so the run blocks where one fails, as `craig cegar
    /// --property` reads the program.
    #[arg(long, value_name = "PROPERTY")]
    pub property: Option<String>,
}

impl Args {
    /// The reading of integers chosen.
    fn integers(&self) -> crate::c::Integers {
        if self.math_int { crate::c::Integers::Mathematical } else { crate::c::Integers::Machine }
    }
}

/// Runs the function. Exit 0 when it returns, 1 when a check fails (an assertion, an array
/// bound, a divisor, the error location), 3 when the run blocks, runs out of inputs or steps or
/// gets stuck, 2 on input errors.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let mut sources = SourceMap::new();
    let mut program = load_c_file(&args.file, &mut sources, args.integers(), args.data_model, err)?;
    if let Some(given) = &args.property {
        let property = Property::read(given).map_err(|e| CliError::Usage(e.to_string()))?;
        let Some(kept) = property.checks() else {
            return Err(CliError::Usage(format!(
                "craig does not decide the property `{}` yet",
                property.name()
            )));
        };
        let mut kept = kept.to_vec();
        kept.push(crate::hol::Obligation::MemoryModel);
        program.assume_checks_except(&kept);
    }
    let Some(entry) = program.find(&args.function) else {
        let names: Vec<&str> = program.procedures.iter().map(|p| p.name.as_str()).collect();
        return Err(CliError::Usage(format!(
            "no function `{}` in {} (functions: {})",
            args.function,
            args.file.display(),
            names.join(", ")
        )));
    };
    let outcome = run_program(&program, entry, &args.inputs, args.steps);
    let locate = |span| sources.location(span);
    write!(out, "{}", describe_outcome(&program, &outcome, &locate, args.trace))?;
    let shown = |span: Option<crate::syntax::Span>| {
        span.map(locate).unwrap_or_else(|| args.file.display().to_string())
    };
    crate::cli::memtrack::write_leaks(&program, &outcome, &shown, out)?;
    Ok(match outcome {
        Outcome::Completed { .. } => 0,
        Outcome::AssertionFailed { .. } => 1,
        _ => 3,
    })
}
