//! `load FILE`: read a TPTP problem, a spec file, annotated Java files or an SMT-LIB script as
//! a theory with its goals.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::kinds::{LoadOptions, load_theory_with};
use crate::repl::program::{java_files, java_path, load_java_theory};
use crate::repl::{CommandError, CommandResult, Control, State, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "load",
    summary: "load a TPTP problem (.p), a spec file (.spec), Java files (.java), a boolean \
              program (.bp, .qr), a Scheme program (.scm) or a C program (.c, .i)",
    usage: "load FILE | load FILE.java... | load [--math-int] [--data-model ILP32] FILE.c | \
            load --label NAME FILE.bp",
    help: "Reads FILE. A TPTP problem (.p; includes are looked up beside it, then under $TPTP)\n\
           is a theory with one goal named after the file: its axioms are the hypotheses and\n\
           its conjecture, if any, the statement. A spec file (.spec; imports are looked up\n\
           beside it, `stdlib/NAME` in craig's standard library) gives one goal per lemma it\n\
           states, with every item before the lemma as hypotheses; a lemma the translation\n\
           splits gives one goal per sequent, named LEMMA_1, LEMMA_2, ... Spec goals are\n\
           translated to clauses under the current `sorts` and `retain` options when they are\n\
           proved or shown. Parse and type errors are listed with file:line:col.\n\
           Java files (.java, annotated with Jahob's specifications; several are read together\n\
           when named in one `load`) give one goal per proof obligation of each method, named\n\
           Class.method:N (Class.method:N_1, ... when the translation splits it); `goals` lists\n\
           them by method, `show` shows the sequent with what each hypothesis is in the program\n\
           and the path the obligation covers, `show ir Class.method` the method's IR. A\n\
           method, a lemma or a theory name stands for all its goals in `prove` and `translate`.\n\
           A boolean program (Bebop's .bp, or a program with references in craig's .qr) has\n\
           no goals: `step`, `check`, `summaries`, `show summary N`, `trace` and `dot` work on\n\
           the one loaded last (see `help step`). Reaching the label SLIC_ERROR is an error\n\
           when the program has it, as in SLAM's boolean programs; --label NAME names another\n\
           label instead (`reload` keeps it). A concurrent Bebop program in Getafix's\n\
           conventions (init, main and thread... procedures as threads, atomic sections) is\n\
           decided by `check [--contexts K]` up to K context switches.\n\
           A Scheme program (.scm) is read into CPS for `cfa` (see `help cfa`); it has no goals.\n\
           Its syntax errors and refused forms are listed with file:line:col.\n\
           A C program (.c, or a preprocessed .i) is lowered into the IR, where its assertions,\n\
           calls of reach_error(), divisors, array indexes, signed arithmetic (overflow) and\n\
           shift amounts become checks. They are not goals for `prove`:\n\
           `cegar` decides them by abstraction refinement (see `help cegar`). Its integers are\n\
           machine integers (LP64: unsigned arithmetic wraps around); with --math-int they are\n\
           read as unbounded mathematical integers, nothing overflows and bitwise operators\n\
           are refused; with --data-model ILP32 it is read for a 32-bit machine (32-bit `long`\n\
           and pointers, as SV-COMP's ILP32 tasks); `reload` and a saved session keep the\n\
           reading. `show ir FUNCTION` lists a function's IR\n\
           (see `craig run` to execute it).\n\
           An SMT-LIB script (.smt2) gives one goal named after the file: the unsatisfiability\n\
           of its assertions up to its first check-sat (named by :named, else assertionN),\n\
           decided by the SMT core; its errors are given with file:line:col.\n\
           A hybrid system (.hy) has no goals: `step` runs language-based abstraction\n\
           refinement on it (see `help step`); its errors are given with file:line:col.\n\
           If a file fails to load, the session is as it was.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    let (options, args) = LoadOptions::parse_prefix(args)
        .map_err(|e| CommandError::Refused(format!("{e}; usage: {}", SPEC.usage)))?;
    let one = |extensions: &[&str]| {
        args.len() == 1 && extensions.iter().any(|e| args[0].ends_with(&format!(".{e}")))
    };
    if options.label.is_some() && !one(&["bp", "qr"]) {
        return Err(CommandError::Refused(format!(
            "--label names the error label of one boolean program (.bp, .qr); usage: {}",
            SPEC.usage
        )));
    }
    if options.math_int && !one(&["c", "i"]) {
        return Err(CommandError::Refused(format!(
            "--math-int reads one C program (.c, .i); usage: {}",
            SPEC.usage
        )));
    }
    if options.data_model.is_some() && !one(&["c", "i"]) {
        return Err(CommandError::Refused(format!(
            "--data-model reads one C program (.c, .i); usage: {}",
            SPEC.usage
        )));
    }
    arity(SPEC.usage, args, 1, usize::MAX)?;
    let java = args.iter().all(|a| a.ends_with(".java"));
    if args.len() > 1 && !java {
        return Err(format!(
            "only Java files (.java) are read together; load other files one at a time; usage: {}",
            SPEC.usage
        )
        .into());
    }
    let path = if java { java_path(args) } else { args[0].clone() };
    for t in &wb.state.theories {
        // A Java file already read (alone or with others) would give every goal twice.
        let same = t.path == path
            || (java
                && java_files(&t.path).is_some_and(|files| files.iter().any(|f| args.contains(f))));
        if same {
            return Err(format!(
                "{} is already loaded as theory `{}` (use `reload`)",
                path, t.name
            )
            .into());
        }
    }
    let theory = if java { load_java_theory(args)? } else { load_theory_with(&path, &options)? };
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
    write!(out, "{}", theory.content.load_text(&theory, goals.len()))?;
    wb.state.theories.push(theory);
    wb.state.goals.extend(goals);
    Ok(Control::Continue)
}
