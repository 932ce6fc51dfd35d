//! `set NAME VALUE`: change an option.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandError, CommandResult, Control, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "set",
    summary: "change an option (see `get`)",
    usage: "set NAME VALUE",
    help: "Options:\n  \
           time-limit SECONDS|none   limit per goal in seconds of CPU time, the process's, as\n                            \
           every --time-limit of craig counts (default 10)\n  \
           steps N|none              given-clause limit per goal, deterministic (default none)\n  \
           selection NAME            none, max-negative, max-negative-if-positive,\n                            \
           most-instantiated (default max-negative-if-positive)\n  \
           age-ratio N               given clauses picked by age ... (default 1)\n  \
           weight-ratio N            ... per N picked by weight (default 5)\n  \
           clause-weight NAME        auto, symbols, conjecture-relative: how the weight queue\n                            \
           weighs clauses; auto (the default) weighs Java obligations\n                            \
           conjecture-relative, as `craig verify` does, and other goals\n                            \
           by symbols, as `craig prove` does\n  \
           check on|off              re-verify refutations with the proof checker (default on)\n  \
           splitting on|off          AVATAR-style splitting of clauses with variable-disjoint\n                            \
           parts, under a SAT solver over their names (default off)\n  \
           sorts NAME                auto, guard, erase: how spec goals handle sorts (default\n                            \
           auto: erase the sorts proved monotone, guard the others)\n  \
           retain PERCENT            share of the relevance-ranked hypotheses a spec goal\n                            \
           keeps, 1 to 100 (default 100)\n  \
           cache on|off              look Java obligations up in the program's proof cache and\n                            \
           store the proofs found, as `craig verify` does (default on;\n                            \
           off in replayed scripts)",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 2, 2)?;
    wb.state.settings.set(&args[0], &args[1]).map_err(|e| CommandError::Refused(e.to_string()))?;
    let value = wb.state.settings.get(&args[0]).unwrap_or_default();
    writeln!(out, "{} = {}", args[0], value)?;
    Ok(Control::Continue)
}
