//! The command line's subcommands, one file each; `main.rs` parses the arguments with clap and
//! dispatches. Each subcommand has its clap `Args` and a `run(args, out, err)` that writes its
//! answer to `out` and its complaints to `err`, and returns the exit code, so the binary stays a
//! table and the subcommands can be driven from tests.

pub mod cegar;
pub mod cfa;
pub mod check;
pub mod check_bp;
pub mod hybrid;
pub mod interpolate;
pub mod ir;
mod memtrack;
pub mod prove;
pub mod replay;
pub mod run;
pub mod sat;
pub mod saturn;
pub mod smash;
pub mod smt;
mod termination;
pub mod translate;
pub mod verify;
mod witness;

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use crate::fol::SortMode;
use crate::prover::{ClauseWeight, LiteralSelection, OrderingKind, PrecedenceKind};
use crate::spec::{SpecModule, load_spec};
use crate::syntax::SourceMap;

/// Why a subcommand stopped without its answer.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The arguments were wrong (exit 2).
    #[error("{0}")]
    Usage(String),
    /// The input could not be read (exit 2).
    #[error(transparent)]
    Input(#[from] crate::input::InputError),
    /// Writing the answer failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The problem was already reported on the error stream (diagnostics); only the exit code
    /// is left to give.
    #[error("the errors above")]
    Reported {
        /// The exit code.
        code: u8,
    },
    /// The command failed in a way with its own exit code.
    #[error("{message}")]
    Failed {
        /// What went wrong.
        message: String,
        /// The exit code.
        code: u8,
    },
}

impl CliError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Failed { code, .. } | CliError::Reported { code } => *code,
            _ => 2,
        }
    }
}

/// A positive, finite number of seconds, or a usage error naming the flag.
pub fn seconds(flag: &str, value: f64) -> Result<Duration, CliError> {
    crate::repl::settings::positive_seconds(value).ok_or_else(|| {
        CliError::Usage(format!("{flag} must be a positive number of seconds, got {value}"))
    })
}

/// `--sorts`: the sort modes as [`SortMode::NAMES`] lists them.
pub fn sort_modes() -> impl clap::builder::TypedValueParser<Value = SortMode> {
    let values = SortMode::NAMES.map(|(_, name, help)| PossibleValue::new(name).help(help));
    PossibleValuesParser::new(values)
        .map(|name| SortMode::from_name(&name).expect("clap admits listed names only"))
}

/// `--selection`: the literal selections as [`LiteralSelection::NAMES`] lists them.
pub fn literal_selections() -> impl clap::builder::TypedValueParser<Value = LiteralSelection> {
    let values = LiteralSelection::NAMES.map(|(_, name, help)| PossibleValue::new(name).help(help));
    PossibleValuesParser::new(values)
        .map(|name| LiteralSelection::from_name(&name).expect("clap admits listed names only"))
}

/// clap's parser for clause weights, from the one table of names.
pub fn clause_weights() -> impl clap::builder::TypedValueParser<Value = ClauseWeight> {
    let values = ClauseWeight::NAMES.map(|(_, name, help)| PossibleValue::new(name).help(help));
    PossibleValuesParser::new(values)
        .map(|name| ClauseWeight::from_name(&name).expect("clap admits listed names only"))
}

/// `--ordering`: the term orderings as [`OrderingKind::NAMES`] lists them.
pub fn orderings() -> impl clap::builder::TypedValueParser<Value = OrderingKind> {
    let values = OrderingKind::NAMES.map(|(_, name, help)| PossibleValue::new(name).help(help));
    PossibleValuesParser::new(values)
        .map(|name| OrderingKind::from_name(&name).expect("clap admits listed names only"))
}

/// `--precedence`: the precedence choices as [`PrecedenceKind::NAMES`] lists them.
pub fn precedences() -> impl clap::builder::TypedValueParser<Value = PrecedenceKind> {
    let values = PrecedenceKind::NAMES.map(|(_, name, help)| PossibleValue::new(name).help(help));
    PossibleValuesParser::new(values)
        .map(|name| PrecedenceKind::from_name(&name).expect("clap admits listed names only"))
}

/// Loads a spec file, writing its diagnostics to `err`; an error (exit 2) when it has errors.
pub fn load_spec_file(
    file: &Path,
    sources: &mut SourceMap,
    err: &mut dyn Write,
) -> Result<SpecModule, CliError> {
    let (module, diagnostics) = load_spec(file, sources);
    for d in &diagnostics {
        err.write_all(d.render(sources).as_bytes())?;
    }
    module.ok_or(CliError::Reported { code: 2 })
}

/// A data model as the command line names it (`LP64`, `ILP32`, in any case).
pub fn parse_data_model(text: &str) -> Result<crate::c::DataModel, String> {
    crate::c::DataModel::from_name(text)
        .ok_or_else(|| format!("`{text}` is no data model craig knows: LP64 or ILP32"))
}

/// Reads a program for the refinement engine: Java files (`.java`, lowered with their
/// contracts) or C (anything else), diagnostics written to `err`.
pub fn load_program_file(
    file: &Path,
    sources: &mut SourceMap,
    integers: crate::c::Integers,
    model: crate::c::DataModel,
    err: &mut dyn Write,
) -> Result<crate::ir::Program, CliError> {
    if file.extension().is_some_and(|e| e == "java") {
        let options = crate::vc::VcOptions::default();
        let (verification, diagnostics) =
            crate::verify::load_java(&[file.to_path_buf()], sources, &options);
        for d in &diagnostics {
            err.write_all(d.render(sources).as_bytes())?;
        }
        return verification.map(|v| v.program).ok_or(CliError::Reported { code: 2 });
    }
    load_c_file(file, sources, integers, model, err)
}

/// Reads and lowers a C file, writing its diagnostics (warnings too) to `err`; an error (exit 2)
/// when it cannot be read or has errors.
pub fn load_c_file(
    file: &Path,
    sources: &mut SourceMap,
    integers: crate::c::Integers,
    model: crate::c::DataModel,
    err: &mut dyn Write,
) -> Result<crate::ir::Program, CliError> {
    let text = std::fs::read_to_string(file).map_err(|e| CliError::Failed {
        message: format!("cannot read {}: {e}", file.display()),
        code: 2,
    })?;
    let id = sources.add(file.display().to_string(), Some(file), text);
    let (program, diagnostics) = crate::c::read_c_with(sources, id, integers, model);
    for d in &diagnostics {
        err.write_all(d.render(sources).as_bytes())?;
    }
    program.ok_or(CliError::Reported { code: 2 })
}

/// How a counterexample's run is replayed at the command line.
pub(crate) struct Replay<'a> {
    /// The program file.
    pub file: &'a Path,
    /// Whether integers were read as mathematical ones.
    pub math_int: bool,
    /// The data model the file was read for.
    pub model: crate::c::DataModel,
}

impl Replay<'_> {
    /// The flags of `craig run` that replay a run on `inputs` as it was read.
    pub(crate) fn flags(&self, inputs: &[String]) -> String {
        let mut flags = if inputs.is_empty() {
            String::new()
        } else {
            format!(" --inputs {}", inputs.join(","))
        };
        if self.math_int {
            flags.push_str(" --math-int");
        }
        if self.model != crate::c::DataModel::default() {
            flags.push_str(&format!(" --data-model {}", self.model.name()));
        }
        flags
    }
}
