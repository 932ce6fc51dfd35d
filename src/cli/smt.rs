//! `craig smt FILE.smt2`: run an SMT-LIB 2 script (QF_UF, QF_LRA, QF_LIA) and print the answers as the
//! standard prints them (`sat`, `unsat`, models, cores, `(error "...")`, `unsupported`).

use std::io::{Read, Write};
use std::path::PathBuf;

use crate::cli::CliError;
use crate::smtlib::{Outcome, Session};
use crate::syntax::SourceMap;

/// Run an SMT-LIB 2 script (QF_UF, QF_LRA, QF_LIA) (`-` reads standard input).
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The SMT-LIB 2 script; `-` reads standard input.
    pub file: PathBuf,
    /// Print the engine's counters (SAT rounds, theory lemmas) on the error stream at the end.
    #[arg(long)]
    pub stats: bool,
}

/// Runs the script; exit 0, or 1 when the engine caught an internal error, 2 when the file
/// cannot be read.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let (name, text) = if args.file.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| CliError::Failed {
            message: format!("cannot read standard input: {e}"),
            code: 2,
        })?;
        ("<stdin>".to_string(), text)
    } else {
        let text = std::fs::read_to_string(&args.file).map_err(|e| CliError::Failed {
            message: format!("cannot read {}: {e}", args.file.display()),
            code: 2,
        })?;
        (args.file.display().to_string(), text)
    };
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, text);
    let mut session = Session::new();
    let outcome = session.run_script(&sources, file, out)?;
    if args.stats {
        let s = session.stats;
        writeln!(
            err,
            "rounds {} lemmas {} atoms {} arith_atoms {} arith_lemmas {} splits {} pivots {} \
             interface_equalities {} array_lemmas {}",
            s.rounds,
            s.lemmas,
            s.atoms,
            s.arith_atoms,
            s.arith_lemmas,
            s.splits,
            s.pivots,
            s.interface_equalities,
            s.array_lemmas
        )?;
    }
    Ok(if outcome == Outcome::InternalError { 1 } else { 0 })
}
