//! The assertion stack and the check: `assert`, `push`, `pop`, `reset-assertions`,
//! `check-sat` and `check-sat-assuming`.

use std::io::Write;

use super::elaborate::named;
use super::print::escape;
use super::session::{
    Fail, Outcome, Session, Value, dropped_assertion_reason, error, scope_count, written,
};
use super::sexpr::SExpr;
use crate::smt::{self, Answer, Formula, SmtError};

impl Session {
    /// `(assert t)`: the elaborated formula with its definitions' side conditions, and its name when `:named`.
    pub(super) fn assert_term(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
        text: &str,
    ) -> Result<Option<Outcome>, Fail> {
        let Some(body) = items.get(1) else {
            return error(command, "assert expects a term");
        };
        let name = named(body);

        let mut side = Vec::new();
        let value = self.elaborate(body, &[], &mut side)?;
        let Value::Formula(f) = value else {
            return error(body, "an assertion must be Boolean");
        };
        side.push(f);
        let formula =
            if side.len() == 1 { side.pop().unwrap_or(Formula::True) } else { Formula::And(side) };
        self.assertions.push((formula, name));
        let (s, e) = body.span();
        self.assertion_texts.push(text[s..e].to_string());
        self.last = None;
        Ok(None)
    }

    /// `(push N)` and `(pop N)`: scopes saved and restored whole.
    pub(super) fn push_or_pop(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
        head: &str,
    ) -> Result<Option<Outcome>, Fail> {
        let n = scope_count(items, command, head, self.stack.len())?;
        for _ in 0..n {
            if head == "push" {
                let mut saved = self.scope.clone();
                saved.assertions = self.assertions.len();
                saved.dropped = self.dropped.len();
                self.stack.push(saved);
            } else {
                let saved = self.stack.pop().expect("scope_count checked the depth");
                self.dropped.truncate(saved.dropped);
                self.assertions.truncate(saved.assertions);
                self.assertion_texts.truncate(saved.assertions);
                self.scope = saved;
            }
        }
        self.last = None;
        Ok(None)
    }

    /// `(reset-assertions)`: back to the first scope; its declarations stay, every assertion goes.
    pub(super) fn reset_assertions(&mut self) -> Result<Option<Outcome>, Fail> {
        // Back to the first scope: its declarations stay, every assertion goes.
        if let Some(first) = self.stack.first().cloned() {
            self.scope = first;
            self.stack.clear();
        }
        self.assertions.clear();
        self.assertion_texts.clear();
        self.dropped.clear();
        self.last = None;
        Ok(None)
    }

    /// `(check-sat)` and `(check-sat-assuming (l...))`: the engine's answer, `unknown` while an assertion was dropped.
    pub(super) fn check_sat(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
        head: &str,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        let mut formulas: Vec<Formula> = self.assertions.iter().map(|(f, _)| f.clone()).collect();
        let mut tracked: Vec<bool> = self.assertions.iter().map(|(_, n)| n.is_some()).collect();
        if head == "check-sat-assuming" {
            // Assumptions hold for this check only; they are not assertions, so the
            // core (which names assertions) leaves them out.
            let Some(SExpr::List(literals, _)) = items.get(1) else {
                return error(command, "check-sat-assuming expects a list of literals");
            };
            for literal in literals {
                let mut side = Vec::new();
                let Value::Formula(f) = self.elaborate(literal, &[], &mut side)? else {
                    return error(literal, "an assumption must be Boolean");
                };
                formulas.extend(side);
                formulas.push(f);
            }
            tracked.resize(formulas.len(), false);
        }
        self.reason_unknown = None;
        self.last_refutation = None;
        match smt::check_with_refutation(&self.store, &formulas, &tracked, &mut self.stats) {
            Ok((answer, refutation)) => {
                // Named assertions print by name, the others by position (1-based).
                let names = (0..formulas.len())
                    .map(|i| match self.assertions.get(i) {
                        Some((_, Some(name))) => name.clone(),
                        _ => (i + 1).to_string(),
                    })
                    .collect();
                self.last_refutation = refutation.map(|r| (r, names, formulas));
                if let (Answer::Sat(_), Some(&dropped)) = (&answer, self.dropped.first()) {
                    // The model satisfies what was asserted, not what the script
                    // meant: an assertion craig could not read is missing. (`unsat`
                    // stays: fewer assertions are already contradictory.)
                    written(command, writeln!(out, "unknown"))?;
                    self.reason_unknown = Some(dropped_assertion_reason(dropped));
                    self.last = None;
                    return Ok(None);
                }
                written(
                    command,
                    writeln!(
                        out,
                        "{}",
                        if matches!(answer, Answer::Sat(_)) { "sat" } else { "unsat" }
                    ),
                )?;
                self.last = Some(answer);
            }
            Err(SmtError::Unsupported(why)) => {
                self.last = None;
                return Err(Fail::Unsupported(why));
            }
            Err(SmtError::Incomplete(why)) => {
                written(command, writeln!(out, "unknown"))?;
                self.reason_unknown = Some(why);
                self.last = None;
            }
            Err(e) => {
                written(command, writeln!(out, "(error \"{}\")", escape(&e.to_string())))?;
                return Ok(Some(Outcome::InternalError));
            }
        }
        Ok(None)
    }
}
