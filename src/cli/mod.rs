//! The command line's subcommands, one file each; main.rs parses and dispatches.

pub mod cfa;
