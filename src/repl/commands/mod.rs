//! The workbench's commands, one file each, registered in [`COMMANDS`]. A new command is a new
//! file with a `SPEC` and one line in the table; `help`, completion and the guide's list all read
//! the table.

use std::io::Write;

use super::{CommandError, CommandResult, Workbench};

mod cegar;
mod cfa;
mod check;
mod compare;
mod core;
mod diff;
mod dot;
mod get;
mod goals;
mod guard;
mod help;
mod interpolate;
mod load;
mod plot;
mod predicate;
mod predicates;
mod proof;
mod prove;
mod queries;
mod quit;
mod record;
mod reload;
mod replay;
mod restore;
mod run;
mod saturn;
mod save;
mod set;
mod show;
mod smash;
mod states;
mod stats;
mod step;
mod succ;
mod summaries;
mod summary;
mod theories;
mod trace;
mod translate;
mod undo;
mod unload;
mod warnings;
mod witness;

pub(crate) use core::CoreWords;
pub(crate) use interpolate::{InterpolateWords, SplitRequest};
pub(crate) use proof::ProofWords;
pub use show::VIEWS as SHOW_VIEWS;
pub(crate) use witness::WitnessWords;

/// How a command runs: the workbench, the words after the command name, the output.
pub type Run = fn(&mut Workbench, &[String], &mut dyn Write) -> CommandResult;

/// A command's entry in the table.
pub struct CommandSpec {
    /// The word that invokes it.
    pub name: &'static str,
    /// One line for the `help` list.
    pub summary: &'static str,
    /// Its synopsis, e.g. `prove [GOAL|all]`.
    pub usage: &'static str,
    /// The longer text of `help NAME`.
    pub help: &'static str,
    /// Whether it changes the state, so `undo` should be able to revert it.
    pub changes_state: bool,
    /// The implementation.
    pub run: Run,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    help::SPEC,
    load::SPEC,
    reload::SPEC,
    unload::SPEC,
    theories::SPEC,
    goals::SPEC,
    show::SPEC,
    translate::SPEC,
    prove::SPEC,
    proof::SPEC,
    core::SPEC,
    interpolate::SPEC,
    cegar::SPEC,
    smash::SPEC,
    saturn::SPEC,
    step::SPEC,
    run::SPEC,
    predicate::SPEC,
    predicates::SPEC,
    diff::SPEC,
    check::SPEC,
    summaries::SPEC,
    summary::SPEC,
    guard::SPEC,
    warnings::SPEC,
    queries::SPEC,
    trace::SPEC,
    dot::SPEC,
    plot::SPEC,
    stats::SPEC,
    cfa::SPEC,
    states::SPEC,
    succ::SPEC,
    witness::SPEC,
    compare::SPEC,
    set::SPEC,
    get::SPEC,
    undo::SPEC,
    save::SPEC,
    restore::SPEC,
    record::SPEC,
    replay::SPEC,
    quit::SPEC,
];

/// The command named `name`.
pub fn find(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// Checks the number of arguments against `min..=max`, with the usage line in the error.
fn arity(spec_usage: &str, args: &[String], min: usize, max: usize) -> Result<(), CommandError> {
    if args.len() < min || args.len() > max {
        Err(CommandError::Refused(format!("usage: {spec_usage}")))
    } else {
        Ok(())
    }
}
