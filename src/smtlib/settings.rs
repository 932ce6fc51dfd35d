//! The commands about the session itself: `set-logic`, `set-option`, `echo`, `get-info`,
//! `get-option` and `reset`.

use std::io::Write;

use super::logic::{LOGICS, Signature, SignatureError};
use super::print::escape;
use super::session::{Fail, Outcome, Session, error, refused, written};
use super::sexpr::SExpr;

impl Session {
    /// `(set-logic L)`: one of the logics craig decides, else `unsupported`. The logic's
    /// signature decides which theory names exist from here on, so it must be set before any
    /// name is declared or used (as SMT-LIB's start mode asks): a later `set-logic` would turn
    /// declared names into theory symbols or take away sorts the assertions are over.
    pub(super) fn set_logic(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
    ) -> Result<Option<Outcome>, Fail> {
        let Some(name) = items.get(1).and_then(SExpr::symbol) else {
            return error(command, "set-logic expects a logic name");
        };
        let Some(signature) = Signature::of_logic(name) else {
            return Err(Fail::Unsupported(format!(
                "logic {name} (craig decides {})",
                logic_list()
            )));
        };
        if let Some(set) = self.signature.logic() {
            return refused(command, SignatureError::LateLogic(format!("the logic is {set}")));
        }
        if self.started() {
            let why = "reset starts a script again".to_string();
            return refused(command, SignatureError::LateLogic(why));
        }
        self.signature = signature;
        Ok(None)
    }

    /// Whether the script has declared, defined, asserted or pushed anything.
    fn started(&self) -> bool {
        let scope = &self.scope;
        !(scope.sorts.is_empty()
            && scope.funs.is_empty()
            && scope.definitions.is_empty()
            && scope.sort_definitions.is_empty()
            && self.stack.is_empty()
            && self.assertions.is_empty()
            && self.dropped.is_empty())
    }

    /// `(set-option :key value)`: kept as written, for `get-option`.
    pub(super) fn set_option(
        &mut self,
        items: &[SExpr],
        text: &str,
    ) -> Result<Option<Outcome>, Fail> {
        if let (Some(SExpr::Keyword(key, _)), Some(value)) = (items.get(1), items.get(2)) {
            let (s, e) = value.span();
            self.options.insert(key.clone(), text[s..e].to_string());
        }
        Ok(None)
    }

    /// `(echo "text")`.
    pub(super) fn echo(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        match items.get(1) {
            Some(SExpr::Str(s, _)) => {
                written(command, writeln!(out, "\"{}\"", s.replace('"', "\"\"")))?
            }
            _ => return error(command, "echo expects a string"),
        }
        Ok(None)
    }

    /// `(get-info :key)`: craig's name, version and authors, its error behaviour, and why the last `check-sat` answered `unknown`.
    pub(super) fn get_info(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        let Some(SExpr::Keyword(key, _)) = items.get(1) else {
            return error(command, "get-info expects a keyword");
        };
        let value = match key.as_str() {
            ":name" => "\"craig\"".to_string(),
            ":version" => format!("\"{}\"", env!("CARGO_PKG_VERSION")),
            ":authors" => "\"the craig developers\"".to_string(),
            ":error-behavior" => "continued-execution".to_string(),
            ":reason-unknown" => match &self.reason_unknown {
                // The standard's word for an engine that stopped short of an answer,
                // then craig's reason as a string.
                Some(why) => format!("(incomplete \"{}\")", escape(why)),
                None => {
                    return error(
                        command,
                        "get-info :reason-unknown is only available after an unknown \
                         answer",
                    );
                }
            },
            _ => {
                return Err(Fail::Unsupported(format!(
                    "get-info {}",
                    items.get(1).map_or_else(String::new, |k| k.to_string())
                )));
            }
        };
        written(command, writeln!(out, "({key} {value})"))?;
        Ok(None)
    }

    /// `(get-option :key)`: the value set, else craig's own.
    pub(super) fn get_option(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        let Some(SExpr::Keyword(key, _)) = items.get(1) else {
            return error(command, "get-option expects a keyword");
        };
        let value = match (self.options.get(key), key.as_str()) {
            (Some(v), _) => v.clone(),
            // craig always keeps what these options ask for, so they read as set.
            (
                None,
                ":produce-models"
                | ":produce-unsat-cores"
                | ":produce-assertions"
                | ":produce-proofs",
            ) => "true".to_string(),
            (None, ":print-success" | ":global-declarations") => "false".to_string(),
            (None, ":regular-output-channel") => "\"stdout\"".to_string(),
            (None, ":diagnostic-output-channel") => "\"stderr\"".to_string(),
            (None, ":random-seed" | ":verbosity") => "0".to_string(),
            _ => {
                return Err(Fail::Unsupported(format!(
                    "get-option {}",
                    items.get(1).map_or_else(String::new, |k| k.to_string())
                )));
            }
        };
        written(command, writeln!(out, "{value}"))?;
        Ok(None)
    }

    /// `(reset)`: a new session; the counters and the diagnostics stay.
    pub(super) fn reset(&mut self) -> Result<Option<Outcome>, Fail> {
        let stats = self.stats;
        let diagnostics = std::mem::take(&mut self.diagnostics);
        *self = Session::new();
        self.stats = stats;
        self.diagnostics = diagnostics;
        Ok(None)
    }
}

/// The logics craig decides, as a message lists them: `A, B and C`.
fn logic_list() -> String {
    match LOGICS.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => LOGICS.join(""),
    }
}
