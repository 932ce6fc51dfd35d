//! `stats`: the prover's counters for the last attempt.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "stats",
    summary: "print the search counters of the last attempt",
    usage: "stats",
    help: "Prints the prover's counters for the last `prove`: given, generated and simplified\n\
           clauses, inferences by rule, and the final sizes of the active and passive sets.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    let attempt = wb.state.last.as_deref().ok_or("no proof attempt yet (try `prove`)")?;
    let s = attempt.solved.stats();
    writeln!(
        out,
        "{}: {} in {}",
        attempt.goal,
        attempt.solved.status.name(),
        wb.format_time(attempt.time)
    )?;
    let rows: [(&str, u64); 13] = [
        ("given", s.given),
        ("generated", s.generated),
        ("superpositions", s.superpositions),
        ("equality resolutions", s.equality_resolutions),
        ("equality factorings", s.equality_factorings),
        ("tautologies", s.tautologies),
        ("forward subsumed", s.forward_subsumed),
        ("backward subsumed", s.backward_subsumed),
        ("rewrites", s.forward_rewrites),
        ("backward rewritten", s.backward_rewritten),
        ("subsumption resolutions", s.subsumption_resolutions),
        ("active", s.active),
        ("passive", s.passive),
    ];
    for (name, value) in rows {
        writeln!(out, "  {name:24} {value}")?;
    }
    Ok(Control::Continue)
}
