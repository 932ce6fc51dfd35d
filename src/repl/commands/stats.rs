//! `stats`: the prover's counters for the last attempt.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandError, CommandResult, Control, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "stats",
    summary: "print the search counters of the last attempt, or of a goal's result",
    usage: "stats [GOAL]",
    help: "Prints the prover's counters for the last `prove`: given, generated and simplified\n\
           clauses, inferences by rule, and the final sizes of the active and passive sets.\n\
           With GOAL, prints those of that goal's last result (also after `restore`).",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 1)?;
    let s = match args.first() {
        None => {
            let attempt = wb.state.last.as_deref().ok_or_else(|| {
                CommandError::Refused("no proof attempt yet (try `prove`)".into())
            })?;
            writeln!(
                out,
                "{}: {} in {}",
                attempt.goal,
                attempt.status.name(),
                wb.format_time(attempt.time)
            )?;
            attempt.stats
        }
        Some(name) => {
            let goal = wb.state.goal(name)?;
            let result = goal
                .result
                .as_ref()
                .ok_or_else(|| format!("goal {name} was not tried yet (try `prove {name}`)"))?;
            let time =
                result.time.map_or("unknown time (restored)".to_string(), |t| wb.format_time(t));
            let obsolete = if goal.obsolete { ", obsolete" } else { "" };
            writeln!(out, "{name}: {} in {time}{obsolete}", result.status)?;
            result.stats
        }
    };
    for (counter, value) in s.counters() {
        writeln!(out, "  {:24} {value}", counter.label)?;
    }
    Ok(Control::Continue)
}
