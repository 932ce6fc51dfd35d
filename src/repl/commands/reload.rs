//! `reload`: read every loaded file again; goals whose text changed become obsolete.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::kinds::{LoadOptions, load_theory_with};
use crate::repl::{CommandError, CommandResult, Control, State, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "reload",
    summary: "re-read the loaded files; changed goals become obsolete",
    usage: "reload",
    help: "Reads every loaded file again. A goal whose text changed keeps its old result marked\n\
           obsolete; a goal that disappeared is dropped. If any file fails to load, nothing\n\
           changes.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    if wb.state.theories.is_empty() {
        return Err(CommandError::Refused("nothing is loaded".into()));
    }
    let mut theories = Vec::new();
    let mut goals = Vec::new();
    for (i, old) in wb.state.theories.iter().enumerate() {
        // A C program keeps the reading of integers it was loaded with, a boolean program the
        // label it was loaded with.
        let theory = load_theory_with(&old.path, &LoadOptions::of(old))?;
        goals.extend(State::goals_of(&theory, i));
        theories.push(theory);
    }
    let mut changed = 0;
    for g in &mut goals {
        if let Some(old) = wb.state.goals.iter().find(|o| o.name == g.name) {
            g.result = old.result.clone();
            g.obsolete = old.obsolete || old.checksum != g.checksum;
            if old.checksum != g.checksum {
                changed += 1;
                writeln!(
                    out,
                    "goal {} changed{}",
                    g.name,
                    if g.result.is_some() { " (result obsolete)" } else { "" }
                )?;
            }
        } else {
            writeln!(out, "new goal {}", g.name)?;
        }
    }
    for old in &wb.state.goals {
        if !goals.iter().any(|g| g.name == old.name) {
            writeln!(out, "goal {} is gone", old.name)?;
        }
    }
    writeln!(out, "reloaded {} theories, {} goals changed", theories.len(), changed)?;
    wb.state.theories = theories;
    wb.state.goals = goals;
    Ok(Control::Continue)
}
