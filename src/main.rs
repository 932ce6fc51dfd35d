//! The `craig` command: a thin layer over the library that parses arguments, dispatches to the
//! subcommand (`craig::cli`, one file each) and prints what it wrote.

// The binary is where output reaches the terminal.
#![allow(clippy::disallowed_macros)]

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use craig::cli::{self, CliError};

#[derive(Parser)]
#[command(
    name = "craig",
    version,
    about = "A verification workbench with its own superposition prover"
)]
struct Cli {
    /// Without a command, craig starts the interactive workbench.
    #[command(subcommand)]
    command: Option<Command>,
}

/// The subcommands: each variant's documentation is its `--help` text (in its Args).
#[derive(Subcommand)]
enum Command {
    Prove(cli::prove::Args),
    Translate(cli::translate::Args),
    Check(cli::check::Args),
    Cegar(cli::cegar::Args),
    Cfa(cli::cfa::Args),
    CheckBp(cli::check_bp::Args),
    Hybrid(cli::hybrid::Args),
    Interpolate(cli::interpolate::Args),
    Ir(cli::ir::Args),
    Replay(cli::replay::Args),
    Run(cli::run::Args),
    Sat(cli::sat::Args),
    Saturn(cli::saturn::Args),
    Smash(cli::smash::Args),
    Smt(cli::smt::Args),
    Verify(cli::verify::Args),
}

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`craig prove ... | head`) would panic.
    // A command-line tool should end quietly instead, as `cat` does: restore the default action.
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any thread exists; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let Some(command) = Cli::parse().command else {
        return match craig::repl::shell::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("craig: {e}");
                ExitCode::from(2)
            }
        };
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut err = std::io::stderr();
    let result = match &command {
        Command::Prove(args) => cli::prove::run(args, &mut out, &mut err),
        Command::Translate(args) => cli::translate::run(args, &mut out, &mut err),
        Command::Check(args) => cli::check::run(args, &mut out, &mut err),
        Command::Cegar(args) => cli::cegar::run(args, &mut out, &mut err),
        Command::Cfa(args) => cli::cfa::run(args, &mut out, &mut err),
        Command::CheckBp(args) => cli::check_bp::run(args, &mut out, &mut err),
        Command::Hybrid(args) => cli::hybrid::run(args, &mut out, &mut err),
        Command::Interpolate(args) => cli::interpolate::run(args, &mut out, &mut err),
        Command::Ir(args) => cli::ir::run(args, &mut out, &mut err),
        Command::Replay(args) => cli::replay::run(args, &mut out, &mut err),
        Command::Run(args) => cli::run::run(args, &mut out, &mut err),
        Command::Sat(args) => cli::sat::run(args, &mut out, &mut err),
        Command::Saturn(args) => cli::saturn::run(args, &mut out, &mut err),
        Command::Smash(args) => cli::smash::run(args, &mut out, &mut err),
        Command::Smt(args) => cli::smt::run(args, &mut out, &mut err),
        Command::Verify(args) => cli::verify::run(args, &mut out, &mut err),
    };
    let _ = out.flush();
    match result {
        Ok(code) => ExitCode::from(code),
        Err(CliError::Reported { code }) => ExitCode::from(code),
        Err(e) => {
            eprintln!("craig: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
