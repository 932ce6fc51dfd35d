//! `replay FILE`: run a session script inside the current session.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, MAX_REPLAY_DEPTH, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "replay",
    summary: "run the commands of a session script",
    usage: "replay FILE",
    help: "Runs FILE (one command per line, `#` comments, blank lines ignored) as if typed,\n\
           echoing each command after `craig> `. A `quit` in the script ends the script only;\n\
           Ctrl-C stops the running proof and the rest of the script.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 1)?;
    if wb.replay_depth >= MAX_REPLAY_DEPTH {
        return Err(format!("replay nested more than {MAX_REPLAY_DEPTH} deep").into());
    }
    let text =
        std::fs::read_to_string(&args[0]).map_err(|e| format!("cannot read {}: {e}", args[0]))?;
    if wb.replay_depth == 0 {
        // A Ctrl-C from before this script must not stop it.
        wb.interrupt.store(false, std::sync::atomic::Ordering::SeqCst);
    }
    wb.replay_depth += 1;
    crate::repl::replay::run_script(wb, &text, out);
    wb.replay_depth -= 1;
    Ok(Control::Continue)
}
