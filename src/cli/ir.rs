//! `craig ir FILE.c [FUNCTION]`: prints the IR a C program lowers into, every function or one.

use std::io::Write;
use std::path::PathBuf;

use crate::cli::{CliError, load_c_file};
use crate::ir::{print_procedure, print_program};
use crate::syntax::SourceMap;

/// Print the guarded-command IR of a C program.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The program (`.c`, or a preprocessed `.i`).
    pub file: PathBuf,
    /// Read C's integers as mathematical integers (unbounded, no overflow, no bitwise
    /// operators) instead of machine integers.
    #[arg(long)]
    pub math_int: bool,
    /// Only this function.
    pub function: Option<String>,
}

impl Args {
    /// The reading of integers chosen.
    fn integers(&self) -> crate::c::Integers {
        if self.math_int { crate::c::Integers::Mathematical } else { crate::c::Integers::Machine }
    }
}

/// Prints the listing; exit 0, or 2 on input errors or an unknown function.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let mut sources = SourceMap::new();
    let program =
        load_c_file(&args.file, &mut sources, args.integers(), crate::c::DataModel::Lp64, err)?;
    let locate = |span| sources.location(span);
    let text = match &args.function {
        None => print_program(&program, &locate),
        Some(name) => match program.find(name) {
            Some(id) => print_procedure(&program, program.procedure(id), &locate),
            None => {
                let names: Vec<&str> = program.procedures.iter().map(|p| p.name.as_str()).collect();
                return Err(CliError::Usage(format!(
                    "no function `{name}` (functions: {})",
                    names.join(", ")
                )));
            }
        },
    };
    write!(out, "{text}")?;
    Ok(0)
}
