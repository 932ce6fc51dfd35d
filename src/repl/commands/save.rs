//! `save FILE.ron`: write the session (files, options, results) atomically.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::kinds::LoadOptions;
use crate::repl::{CommandResult, Control, Workbench};
use crate::session::{SavedFile, SavedGoal, SavedStats, SessionFile, VERSION};

pub const SPEC: CommandSpec = CommandSpec {
    name: "save",
    summary: "save the session to a RON file",
    usage: "save FILE.ron",
    help: "Writes the loaded files (with a checksum of each), the options and every goal's last\n\
           result to FILE.ron. The file is replaced atomically; its folder is created if\n\
           needed. `restore` reads it back.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 1)?;
    let path = &args[0];
    if !path.ends_with(".ron") {
        return Err(format!("session files end in .ron, got {path}").into());
    }
    let state = &wb.state;
    let session = SessionFile {
        version: VERSION,
        files: state
            .theories
            .iter()
            .map(|t| SavedFile {
                load_options: LoadOptions::of(t).words(),
                ..SavedFile::new(&t.path, t.checksum, std::path::Path::new(path))
            })
            .collect(),
        options: state.settings.to_saved(),
        goals: state
            .goals
            .iter()
            .map(|g| SavedGoal {
                name: g.name.clone(),
                checksum: g.checksum,
                status: g.result.as_ref().map(|r| r.status.clone()),
                obsolete: g.obsolete,
                stats: g.result.as_ref().map(|r| SavedStats(r.stats)),
                core: g.result.as_ref().map(|r| r.core.clone()).unwrap_or_default(),
            })
            .collect(),
    };
    session.write(path).map_err(|e| e.to_string())?;
    writeln!(
        out,
        "saved {} theories and {} goals to {path}",
        session.files.len(),
        session.goals.len()
    )?;
    Ok(Control::Continue)
}
