//! `craig replay FILE`: a session script run, its transcript printed, checked or blessed.

use std::io::Write;
use std::path::PathBuf;

use super::CliError;
use crate::repl::replay;

/// Run a session script and print its transcript (times print as `[time]`).
#[derive(clap::Args)]
pub struct Args {
    /// The script: one workbench command per line, `#` comments.
    pub file: PathBuf,
    /// Compare the transcript with FILE.expected; print a diff and exit 1 if they differ.
    #[arg(long, conflicts_with = "bless")]
    pub check: bool,
    /// Write the transcript to FILE.expected.
    #[arg(long)]
    pub bless: bool,
}

/// Runs the subcommand.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let failed = |e: replay::ReplayError| CliError::Failed { message: e.to_string(), code: 2 };
    let file = &args.file;
    if args.bless {
        let path = replay::bless(file).map_err(failed)?;
        writeln!(out, "wrote {}", path.display())?;
        return Ok(0);
    }
    if args.check {
        return match replay::check(file).map_err(failed)? {
            None => {
                writeln!(out, "{}: transcript matches", file.display())?;
                Ok(0)
            }
            Some(diff) => {
                out.write_all(diff.as_bytes())?;
                writeln!(
                    err,
                    "craig: {} differs from its expected transcript (`--bless` accepts it)",
                    file.display()
                )?;
                Ok(1)
            }
        };
    }
    let text = replay::transcript(file).map_err(failed)?;
    out.write_all(text.as_bytes())?;
    Ok(0)
}
