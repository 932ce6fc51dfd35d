//! `show GOAL [clauses]`: what a goal is made of.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "show",
    summary: "show a goal's hypotheses and statement (add `clauses` for the clauses)",
    usage: "show GOAL [clauses]",
    help: "Prints the goal's theory, the names of its hypotheses and of its conjecture. With\n\
           `clauses`, prints every input clause with the name and role of its formula (a\n\
           conjecture appears negated, as the prover uses it).",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 2)?;
    let with_clauses = match args.get(1).map(String::as_str) {
        None => false,
        Some("clauses") => true,
        Some(other) => {
            return Err(format!("unknown option `{other}`; usage: {}", SPEC.usage).into());
        }
    };
    let state = &wb.state;
    let goal = state.goal(&args[0])?;
    let theory = state.theory_of(goal);
    let problem = state.problem_of(goal);
    writeln!(out, "goal {} (theory {}, {})", goal.name, theory.name, theory.path)?;
    let mut hypotheses: Vec<&str> = Vec::new();
    let mut conjectures: Vec<&str> = Vec::new();
    for c in &problem.clauses {
        let list =
            if c.source.role.contains("conjecture") { &mut conjectures } else { &mut hypotheses };
        if !list.contains(&c.source.name.as_str()) {
            list.push(&c.source.name);
        }
    }
    writeln!(
        out,
        "hypotheses: {}",
        if hypotheses.is_empty() { "none".to_string() } else { hypotheses.join(", ") }
    )?;
    writeln!(
        out,
        "statement: {}",
        if conjectures.is_empty() {
            "none (the hypotheses should be contradictory)".to_string()
        } else {
            conjectures.join(", ")
        }
    )?;
    if with_clauses {
        for c in &problem.clauses {
            writeln!(
                out,
                "  {} ({}): {}",
                c.source.name,
                c.source.role,
                c.clause.display(&problem.signature, &problem.bank)
            )?;
        }
    }
    Ok(Control::Continue)
}
