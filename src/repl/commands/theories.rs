//! `theories`: list the loaded theories.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Control, TheoryContent, Workbench, counted};

pub const SPEC: CommandSpec = CommandSpec {
    name: "theories",
    summary: "list the loaded theories",
    usage: "theories",
    help: "Lists each loaded theory with its file: for a TPTP problem the number of input\n\
           formulas and clauses, for a spec file its items and lemmas, for Java files their\n\
           methods and proof obligations.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 0)?;
    if wb.state.theories.is_empty() {
        writeln!(out, "no theories loaded (try `load FILE`)")?;
    }
    let width = wb.state.theories.iter().map(|t| t.name.len()).max().unwrap_or(0);
    for t in &wb.state.theories {
        match &t.content {
            TheoryContent::Tptp(problem) => {
                let mut names: Vec<&str> =
                    problem.clauses.iter().map(|c| c.source.name.as_str()).collect();
                names.dedup();
                writeln!(
                    out,
                    "{:width$}  {}  {} formulas, {} clauses",
                    t.name,
                    t.path,
                    names.len(),
                    problem.clauses.len()
                )?;
            }
            TheoryContent::Spec(spec) => {
                writeln!(
                    out,
                    "{:width$}  {}  spec: {} ({} here), {} with imports",
                    t.name,
                    t.path,
                    counted(spec.module.items.len(), "item"),
                    counted(spec.lemmas.len(), "lemma"),
                    counted(spec.module.files.len(), "file")
                )?;
            }
            TheoryContent::Java(java) => {
                let v = &java.verification;
                let methods = v.program.procedures.iter().filter(|p| p.body.is_some()).count();
                writeln!(
                    out,
                    "{:width$}  {}  Java: {}, {}",
                    t.name,
                    t.path,
                    counted(methods, "method"),
                    counted(v.obligations.len(), "obligation")
                )?;
            }
            TheoryContent::BoolProg(b) => {
                writeln!(out, "{:width$}  {}  {}", t.name, t.path, b.describe())?;
            }
            TheoryContent::C(c) => {
                writeln!(
                    out,
                    "{:width$}  {}  C: {}",
                    t.name,
                    t.path,
                    counted(c.functions(), "function")
                )?;
            }
            TheoryContent::Scheme(scheme) => {
                writeln!(
                    out,
                    "{:width$}  {}  Scheme: {}, {} in CPS",
                    t.name,
                    t.path,
                    counted(scheme.program.calls.len(), "call"),
                    counted(scheme.program.lams.len(), "λ term")
                )?;
            }
            TheoryContent::Smt(smt) => {
                writeln!(
                    out,
                    "{:width$}  {}  SMT-LIB: {}",
                    t.name,
                    t.path,
                    counted(smt.script.assertions.len(), "assertion")
                )?;
            }
        }
    }
    Ok(Control::Continue)
}
