//! `restore FILE.ron`: read a saved session back, pairing saved goals with the files as they are
//! now: an unchanged goal gets its result back, a changed one is marked obsolete, a vanished one
//! is reported.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::kinds::{LoadOptions, load_theory_with};
use crate::repl::{CommandResult, Control, GoalResult, Settings, State, Workbench};
use crate::session::SessionFile;

pub const SPEC: CommandSpec = CommandSpec {
    name: "restore",
    summary: "restore a saved session (changed goals become obsolete)",
    usage: "restore FILE.ron",
    help: "Reads a session written by `save`, loads its files again and restores its options.\n\
           Each saved goal is paired with the loaded goal of the same name: if the goal's text\n\
           has the same checksum, its result is restored; if it changed, the result is marked\n\
           obsolete; if it is gone (or its file no longer loads), it is reported. Files are read\n\
           with the options they were loaded with (--math-int, --label). A damaged or\n\
           foreign session file is an error and leaves the workbench as it was.\n\
           A boolean program's run is not saved: after `restore` it starts from the beginning.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 1)?;
    let path = &args[0];
    let session = SessionFile::read(path).map_err(|e| e.to_string())?;
    let settings = Settings::from_saved(&session.options)
        .map_err(|e| format!("{path} is damaged: bad options: {e}"))?;
    // Build the whole new state first; the workbench changes only if everything worked.
    let mut state = State { settings, ..State::default() };
    let mut notes = Vec::new();
    for f in &session.files {
        // A file that no longer loads is reported, like its goals below, rather than
        // refusing the whole session: the other results are still worth having.
        let options = LoadOptions::from_words(&f.load_options)
            .map_err(|e| format!("{path} is damaged: file {}: {e}", f.path))?;
        let theory = match load_theory_with(&f.resolve(std::path::Path::new(path)), &options) {
            Ok(t) => t,
            Err(e) => {
                notes.push(format!("file {}: not loaded ({e})", f.path));
                continue;
            }
        };
        if theory.checksum != f.checksum {
            notes.push(format!("file {} changed since the session was saved", f.path));
        }
        let goals = State::goals_of(&theory, state.theories.len());
        state.theories.push(theory);
        state.goals.extend(goals);
    }
    let mut restored = 0;
    for saved in &session.goals {
        let Some(goal) = state.goals.iter_mut().find(|g| g.name == saved.name) else {
            notes.push(format!("goal {}: missing (no longer in the loaded files)", saved.name));
            continue;
        };
        if let Some(status) = &saved.status {
            goal.result = Some(GoalResult {
                status: status.clone(),
                stats: saved.stats.map(|s| s.0).unwrap_or_default(),
                core: saved.core.clone(),
                time: None,
            });
        }
        if goal.checksum != saved.checksum || saved.obsolete {
            goal.obsolete = true;
            notes.push(format!("goal {}: obsolete (changed since its result)", goal.name));
        } else if saved.status.is_some() {
            restored += 1;
        }
    }
    writeln!(
        out,
        "restored {path}: {} theories, {} goals, {restored} results still valid",
        state.theories.len(),
        state.goals.len()
    )?;
    for n in notes {
        writeln!(out, "  {n}")?;
    }
    wb.state = state;
    Ok(Control::Continue)
}
