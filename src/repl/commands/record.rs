//! `record FILE` / `record stop`: write the commands typed from now on to a session script.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandError, CommandResult, Control, Recording, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "record",
    summary: "record the following commands into a script (`record stop` ends)",
    usage: "record FILE | record stop",
    help: "Starts writing every command typed from now on to FILE (replacing it), one per line,\n\
           so `replay FILE` or `craig replay FILE` can run them again. Unknown commands are left\n\
           out. `record stop` closes the file.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 1)?;
    let arg = &args[0];
    if arg == "stop" {
        let rec =
            wb.recording.take().ok_or_else(|| CommandError::Refused("not recording".into()))?;
        writeln!(out, "stopped recording to {}", rec.path)?;
        return Ok(Control::Continue);
    }
    if let Some(rec) = &wb.recording {
        return Err(format!("already recording to {} (`record stop` first)", rec.path).into());
    }
    // Like `save`, create the folder, so a script can record under a fresh build folder.
    if let Some(dir) = std::path::Path::new(arg).parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {arg}: {e}"))?;
    }
    let mut file = std::fs::File::create(arg).map_err(|e| format!("cannot create {arg}: {e}"))?;
    writeln!(file, "# craig session script, recorded by `record`")
        .map_err(|e| format!("cannot write {arg}: {e}"))?;
    wb.recording = Some(Recording { path: arg.clone(), file });
    writeln!(out, "recording to {arg}")?;
    Ok(Control::Continue)
}
