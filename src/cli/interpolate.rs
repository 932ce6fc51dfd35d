//! `craig interpolate FILE.p`: a verified Craig interpolant of a TPTP problem split with
//! Vampire's markers.

use std::io::Write;
use std::path::PathBuf;

use super::{CliError, seconds};
use crate::interpolate::InterpolateOptions;
use crate::repl::options::InterpolationOptions;

/// Compute a verified Craig interpolant of a TPTP problem split with Vampire's markers.
///
/// `vampire(left_formula).` ... `vampire(end_formula).` encloses the A formulas,
/// `vampire(right_formula).` ... `vampire(end_formula).` the B formulas, and
/// `vampire(symbol, predicate|function, NAME, ARITY, left|right).` declares a colour, and
/// `vampire(option, show_interpolant, on|minimized).` chooses the interpolant as read off the
/// refutation or simplified (other options are ignored with a note). A formula outside the
/// sections is coloured A if it uses a symbol declared left, B if one declared right, and
/// otherwise belongs to the background theory T on both sides. The negated conjecture goes to
/// B unless it is in a left section. Free variables of fof formulas are read as universally
/// quantified, with a warning. Every interpolant printed has been verified (A & T |= I and
/// I & B & T unsatisfiable, both refutations re-checked, vocabulary checked). A ground,
/// untyped split without background formulas goes to the SMT engine first (congruence
/// closure's interpolants are smaller); `--local-proof` asks for the prover's.
///
/// Exit codes: 0 interpolant printed, 2 input error, 3 satisfiable split, 4 empty
/// side, 5 symbol colour conflict, 6 no (local) refutation found, 7 no interpolant verified.
#[derive(clap::Args)]
pub struct Args {
    /// The marked-up TPTP file.
    pub file: PathBuf,
    /// The system and the form shown, as the prompt's `interpolate` takes them.
    #[command(flatten)]
    pub shown: InterpolationOptions,
    /// Read the interpolant off the prover's local refutation also for a ground split, which
    /// otherwise goes to the SMT engine first (when untyped and without background formulas).
    #[arg(long)]
    pub local_proof: bool,
    /// Time limit for each proof search and each verification, in seconds of CPU time of the
    /// process (the clock of every time limit of craig, as E and SV-COMP count).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub time_limit: f64,
}

/// Runs the subcommand.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let limit = seconds("--time-limit", args.time_limit)?;
    let systems = args.shown.system.systems();
    let options = InterpolateOptions {
        systems,
        time_limit: limit,
        check_time_limit: limit,
        ground_smt: !args.local_proof,
        ..Default::default()
    };
    let mut warnings = Vec::new();
    match crate::interpolate::report::interpolate_file(
        &args.file,
        &options,
        args.shown.raw,
        &mut warnings,
    ) {
        Ok(text) => {
            out.write_all(text.as_bytes())?;
            Ok(0)
        }
        Err(e) => {
            // The answer carries the warnings and notes as comments; without one, they go to
            // stderr, since they may say why (a formula read differently than meant).
            for remark in warnings {
                writeln!(err, "craig: {remark}")?;
            }
            Err(CliError::Failed { code: e.exit_code(), message: e.to_string() })
        }
    }
}
