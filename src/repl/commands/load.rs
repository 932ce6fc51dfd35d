//! `load FILE`: read a TPTP problem or a spec file as a theory with its goals.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::theory::load_theory;
use crate::repl::{CommandResult, Control, State, Workbench};
use crate::repl::{TheoryContent, counted};

pub const SPEC: CommandSpec = CommandSpec {
    name: "load",
    summary: "load a TPTP problem (.p) or a spec file (.spec) as a theory with its goals",
    usage: "load FILE",
    help: "Reads FILE. A TPTP problem (.p; includes are looked up beside it, then under $TPTP)\n\
           is a theory with one goal named after the file: its axioms are the hypotheses and\n\
           its conjecture, if any, the statement. A spec file (.spec; imports are looked up\n\
           beside it, `stdlib/NAME` in craig's standard library) gives one goal per lemma it\n\
           states, with every item before the lemma as hypotheses; a lemma the translation\n\
           splits gives one goal per sequent, named LEMMA_1, LEMMA_2, ... Spec goals are\n\
           translated to clauses under the current `sorts` and `retain` options when they are\n\
           proved or shown. Parse and type errors are listed with file:line:col.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 1)?;
    let path = &args[0];
    if let Some(t) = wb.state.theories.iter().find(|t| &t.path == path) {
        return Err(
            format!("{} is already loaded as theory `{}` (use `reload`)", path, t.name).into()
        );
    }
    let theory = load_theory(path)?;
    let index = wb.state.theories.len();
    let goals = State::goals_of(&theory, index);
    for g in &goals {
        if let Ok(existing) = wb.state.goal(&g.name) {
            let other = wb.state.theory_of(existing);
            return Err(
                format!("a goal named `{}` is already loaded from {}", g.name, other.path).into()
            );
        }
    }
    match &theory.content {
        TheoryContent::Tptp(p) => writeln!(
            out,
            "loaded theory {} from {}: {}, {}",
            theory.name,
            theory.path,
            counted(p.clauses.len(), "clause"),
            counted(goals.len(), "goal"),
        )?,
        TheoryContent::Spec(s) => writeln!(
            out,
            "loaded theory {} from {}: {}, {}, {}, {}",
            theory.name,
            theory.path,
            counted(s.module.files.len(), "file"),
            counted(s.module.items.len(), "item"),
            counted(s.lemmas.len(), "lemma"),
            counted(goals.len(), "goal"),
        )?,
    }
    wb.state.theories.push(theory);
    wb.state.goals.extend(goals);
    Ok(Control::Continue)
}
