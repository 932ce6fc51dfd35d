//! Running a script: each command read in turn and dispatched by name to the method that
//! carries it out (one file per concern: `settings.rs`, `declarations.rs`, `assertions.rs`,
//! `queries.rs`, `interpolation.rs`), its failure answered as `unsupported` or `(error ...)`.

use std::io::{self, Write};

use super::print::escape;
use super::session::{Dropped, Fail, Outcome, Session, error, unsupported_diagnostic};
use super::sexpr::{SExpr, parse};
use crate::syntax::{FileId, SourceMap};

impl Session {
    /// Runs a script's text, writing the answers to `out`. A syntax error is written as
    /// `(error "file:line:col: ...")` and no command runs.
    pub fn run_script(
        &mut self,
        sources: &SourceMap,
        file: FileId,
        out: &mut dyn Write,
    ) -> io::Result<Outcome> {
        let text = sources.file(file).text.clone();
        let commands = match parse(&text, file) {
            Ok(commands) => commands,
            Err(d) => {
                let (line, col) = sources.line_col(file, d.primary.start as usize);
                let name = &sources.file(file).name;
                writeln!(out, "(error \"{name}:{line}:{col}: {}\")", escape(&d.message))?;
                self.errors += 1;
                return Ok(Outcome::Done);
            }
        };
        for command in &commands {
            match self.command(command, &text, out) {
                Ok(Some(outcome)) => {
                    if outcome == Outcome::InternalError {
                        self.errors += 1;
                    }
                    return Ok(outcome);
                }
                Ok(None) => {}
                Err(Fail::Unsupported(why)) => {
                    writeln!(out, "unsupported")?;
                    let (diagnostic, line) = unsupported_diagnostic(sources, file, command, &why);
                    self.diagnostics.push(diagnostic);
                    if command.head_symbol() == Some("assert") {
                        self.dropped.push(Dropped { line, error: false });
                    }
                }
                Err(Fail::Error(message, (start, _))) => {
                    let (line, col) = sources.line_col(file, start);
                    let name = &sources.file(file).name;
                    writeln!(out, "(error \"{name}:{line}:{col}: {}\")", escape(&message))?;
                    self.errors += 1;
                    // Execution goes on (`:error-behavior continued-execution`), but without
                    // this assertion a later `sat` would not be the script's answer.
                    if command.head_symbol() == Some("assert") {
                        let (line, _) = sources.line_col(file, command.span().0);
                        self.dropped.push(Dropped { line, error: true });
                    }
                }
            }
        }
        Ok(Outcome::Done)
    }

    /// One command: its name picks the method that carries it out.
    pub(super) fn command(
        &mut self,
        command: &SExpr,
        text: &str,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        let SExpr::List(items, _) = command else { return error(command, "expected a command") };
        let Some(head) = items.first().and_then(SExpr::symbol) else {
            return error(command, "expected a command name");
        };
        match head {
            "set-logic" => self.set_logic(command, items),
            "set-option" => self.set_option(items, text),
            "set-info" => Ok(None),
            "exit" => Ok(Some(Outcome::Exited)),
            "echo" => self.echo(command, items, out),
            "get-info" => self.get_info(command, items, out),
            "get-option" => self.get_option(command, items, out),
            "reset" => self.reset(),
            "declare-sort" => self.declare_sort(command, items),
            "declare-fun" | "declare-const" => self.declare_fun(command, items, head),
            "define-fun" => self.define_fun(command, items),
            "define-sort" => self.define_sort(command, items),
            "assert" => self.assert_term(command, items, text),
            "push" | "pop" => self.push_or_pop(command, items, head),
            "reset-assertions" => self.reset_assertions(),
            "check-sat" | "check-sat-assuming" => self.check_sat(command, items, head, out),
            "get-model" => self.get_model(command, out),
            "get-unsat-core" => self.get_unsat_core(command, out),
            "get-value" => self.get_value(command, items, text, out),
            "get-assertions" => self.get_assertions(command, out),
            "get-proof" => self.get_proof(command, out),
            "get-interpolants" => self.get_interpolants(command, items, out),
            "get-interpolant" => self.get_interpolant(command, items, out),
            "declare-datatypes" | "declare-datatype" | "define-fun-rec" | "define-funs-rec"
            | "get-assignment" => Err(Fail::Unsupported(format!("the command {head}"))),
            _ => error(command, format!("unknown command {head}")),
        }
    }
}
