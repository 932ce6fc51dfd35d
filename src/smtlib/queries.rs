//! The queries after an answer: `get-model`, `get-unsat-core`, `get-value`, `get-assertions`
//! and `get-proof`.

use std::io::Write;

use super::print::number_text;
use super::proof;
use super::session::{Fail, Outcome, Session, Value, error, written};
use super::sexpr::SExpr;
use crate::smt::Answer;

impl Session {
    /// `(get-model)` after `sat`.
    pub(super) fn get_model(
        &mut self,
        command: &SExpr,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        let Some(Answer::Sat(model)) = &self.last else {
            return error(command, "get-model is only available after a sat answer");
        };
        let text = self.print_model(model);
        written(command, out.write_all(text.as_bytes()))?;
        Ok(None)
    }

    /// `(get-unsat-core)` after `unsat`: the names of the named assertions the refutation used.
    pub(super) fn get_unsat_core(
        &mut self,
        command: &SExpr,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        let Some(Answer::Unsat { core }) = &self.last else {
            return error(command, "get-unsat-core is only available after an unsat answer");
        };
        let names: Vec<&str> =
            core.iter().filter_map(|&i| self.assertions[i].1.as_deref()).collect();
        written(command, writeln!(out, "({})", names.join(" ")))?;
        Ok(None)
    }

    /// `(get-value (t...))` after `sat`: each term with its value in the model.
    pub(super) fn get_value(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
        text: &str,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        let Some(Answer::Sat(model)) = self.last.clone() else {
            return error(command, "get-value is only available after a sat answer");
        };
        let Some(SExpr::List(terms, _)) = items.get(1) else {
            return error(command, "get-value expects a list of terms");
        };
        let mut parts = Vec::new();
        for t in terms {
            let mut side = Vec::new();
            let value = self.elaborate(t, &[], &mut side)?;
            if !side.is_empty() {
                return Err(Fail::Unsupported(
                    "interpolation partitions whose terms need definitions (ite, div, \
                     mod, abs)"
                        .to_string(),
                ));
            }
            let shown = match value {
                Value::Formula(f) => model.eval(&self.store, &f).to_string(),
                Value::Term(term) => {
                    let sort = self.store.sort_of(term);
                    if sort.is_arithmetic() {
                        number_text(&model.number(&self.store, term), sort)
                    } else if self.store.array_parts(sort).is_some() {
                        self.model_value_text(sort, &model.eval_value(&self.store, term))
                    } else {
                        self.value_name(sort, model.value(&self.store, term))
                    }
                }
            };
            let (s, e) = t.span();
            parts.push(format!("({} {shown})", &text[s..e]));
        }
        written(command, writeln!(out, "({})", parts.join(" ")))?;
        Ok(None)
    }

    /// `(get-assertions)`: the assertions of the open scopes as written.
    pub(super) fn get_assertions(
        &mut self,
        command: &SExpr,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        written(command, writeln!(out, "({})", self.assertion_texts.join(" ")))?;
        Ok(None)
    }

    /// `(get-proof)` after `unsat`: the refutation as a proof with a certificate per leaf.
    pub(super) fn get_proof(
        &mut self,
        command: &SExpr,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        // craig keeps every refutation, so proofs are on unless the script turned
        // them off (as for `:produce-unsat-cores`, which is always on).
        if self.options.get(":produce-proofs").is_some_and(|v| v == "false") {
            return error(command, "get-proof needs :produce-proofs, which is false");
        }
        let (Some(Answer::Unsat { .. }), Some((refutation, names, formulas))) =
            (&self.last, &self.last_refutation)
        else {
            return error(command, "get-proof is only available after an unsat answer");
        };
        let proof = match refutation.proof() {
            Ok(proof) => proof,
            Err(e) => return error(command, e.to_string()),
        };
        let store = refutation.store(&self.store);
        let text = proof::proof_text(store, &proof, names, formulas);
        written(command, out.write_all(text.as_bytes()))?;
        Ok(None)
    }
}
