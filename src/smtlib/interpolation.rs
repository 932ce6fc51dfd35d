//! Interpolation commands through [`crate::smt::interpolate`]: SMTInterpol's
//! `get-interpolants` (sequences and trees of named assertions) and cvc5's `get-interpolant`,
//! and how a failure to interpolate is answered.

use std::collections::BTreeSet;
use std::io::Write;

use super::print::{escape, formula_text};
use super::session::{Fail, Outcome, Session, error, written};
use super::sexpr::SExpr;
use crate::smt::{self, Answer, Formula, SmtError};

impl Session {
    /// `(get-interpolants N...)` after `unsat`, SMTInterpol's form: a sequence of names, or a tree in post order with parenthesized subtrees.
    pub(super) fn get_interpolants(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        let Some(Answer::Unsat { .. }) = &self.last else {
            return error(command, "get-interpolants is only available after an unsat answer");
        };
        if items.len() < 3 {
            return error(command, "get-interpolants expects at least two assertion names");
        }
        // SMTInterpol's form: names in post order, a parenthesized group a subtree.
        let mut nodes = Vec::new();
        let mut parent = Vec::new();
        read_tree(&items[1..], command, &mut nodes, &mut parent)?;
        let mut partitions = Vec::new();
        let mut used = BTreeSet::new();
        for item in &nodes {
            // A node is one name or SMTInterpol's `(and N1 ... Nk)`: several named
            // assertions in one partition.
            let names = match item {
                SExpr::List(parts, _) => &parts[1..],
                _ => std::slice::from_ref(*item),
            };
            let mut partition = Vec::new();
            for name_item in names {
                let found = name_item.symbol().and_then(|name| {
                    self.assertions.iter().find(|(_, n)| n.as_deref() == Some(name))
                });
                let Some((formula, _)) = found else {
                    return error(name_item, "expected the name of a named assertion");
                };
                if !used.insert(name_item.symbol()) {
                    return error(name_item, "an assertion may be in only one partition");
                }
                partition.push(formula.clone());
            }
            partitions.push(partition);
        }
        match smt::interpolate::interpolate_tree(&self.store, &partitions, &parent) {
            Ok(result) => {
                if let Some(stop) = self.outside_vocabulary(command, &result, out)? {
                    return Ok(Some(stop));
                }
                let shown: Vec<String> =
                    result.interpolants.iter().map(|i| formula_text(&result.store, i)).collect();
                written(command, writeln!(out, "({})", shown.join(" ")))?;
            }
            Err(e) => return self.interpolation_failure(command, e, out),
        }
        Ok(None)
    }

    /// `(get-interpolant NAME CONJECTURE)`, cvc5's form: an `I` the assertions entail and that entails the conjecture.
    pub(super) fn get_interpolant(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        // cvc5's form: an interpolant I of the assertions and a conjecture, with the
        // assertions entailing I and I entailing the conjecture.
        let (Some(SExpr::Symbol(name, _)), Some(conjecture)) = (items.get(1), items.get(2)) else {
            return error(command, "get-interpolant expects a name and a conjecture");
        };
        if items.len() > 3 {
            return Err(Fail::Unsupported("a grammar for the interpolant".to_string()));
        }
        let mut side = Vec::new();
        let goal = self.formula(conjecture, &[], &mut side)?;
        side.push(Formula::Not(Box::new(goal)));
        let a: Vec<Formula> = self.assertions.iter().map(|(f, _)| f.clone()).collect();
        match smt::interpolate::interpolate(&self.store, &a, &side) {
            Ok(result) => {
                if let Some(stop) = self.outside_vocabulary(command, &result, out)? {
                    return Ok(Some(stop));
                }
                let shown = formula_text(&result.store, &result.interpolants[0]);
                written(command, writeln!(out, "(define-fun {name} () Bool {shown})"))?;
            }
            Err(smt::interpolate::InterpolationError::Satisfiable) => {
                return error(
                    command,
                    "the assertions do not entail the conjecture, so it has no \
                     interpolant",
                );
            }
            Err(e) => return self.interpolation_failure(command, e, out),
        }
        Ok(None)
    }

    /// An internal error, printed, when an interpolant names a theory outside the script's
    /// logic (say `+` over the built-in integers in a QF_UF script whose own `+` is
    /// uninterpreted): the engine verified it, but over a vocabulary the script does not have,
    /// so it is no answer to the script. The script stops, as after a failed verification.
    fn outside_vocabulary(
        &self,
        command: &SExpr,
        result: &smt::interpolate::Interpolants,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        let foreign = result
            .interpolants
            .iter()
            .find_map(|i| self.signature.foreign_theory(&result.store, i));
        let Some(theory) = foreign else { return Ok(None) };
        let why = self.signature.foreign("an interpolant", theory);
        let message = format!("internal error: {why}");
        written(command, writeln!(out, "(error \"{}\")", escape(&message)))?;
        Ok(Some(Outcome::InternalError))
    }

    /// The answer when no interpolant is given: `unsupported` for what the construction does
    /// not cover, `unknown` when the engine gave up, an error for the rest (an internal error
    /// stops the script, as for `check-sat`).
    pub(super) fn interpolation_failure(
        &self,
        command: &SExpr,
        failure: smt::interpolate::InterpolationError,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, Fail> {
        use smt::interpolate::InterpolationError as E;
        match failure {
            E::Unsupported(why) | E::Smt(SmtError::Unsupported(why)) => Err(Fail::Unsupported(why)),
            E::Smt(SmtError::Incomplete(_)) => {
                written(command, writeln!(out, "unknown"))?;
                Ok(None)
            }
            E::Satisfiable | E::BadTree(_) => error(command, failure.to_string()),
            E::Smt(_) | E::Unverified(_) => {
                written(command, writeln!(out, "(error \"{}\")", escape(&failure.to_string())))?;
                Ok(Some(Outcome::InternalError))
            }
        }
    }
}

/// Reads SMTInterpol's tree of partitions: names in post order, each name the parent of the
/// subtrees before it at its level (so a flat list is a path), a parenthesized group a subtree
/// whose last name is its root, and `(and N1 ... Nk)` one node holding several assertions.
/// Returns the root's node number.
pub(super) fn read_tree<'a>(
    items: &'a [SExpr],
    whole: &SExpr,
    nodes: &mut Vec<&'a SExpr>,
    parent: &mut Vec<Option<usize>>,
) -> Result<usize, Fail> {
    let mut pending: Vec<usize> = Vec::new();
    let mut root = None;
    for item in items {
        match item {
            // A node: one name, or `(and N1 ... Nk)`.
            _ if item.symbol().is_some() || item.head_symbol() == Some("and") => {
                if matches!(item, SExpr::List(sub, _) if sub.len() < 2) {
                    return error(item, "expected assertion names after `and`");
                }
                let n = nodes.len();
                nodes.push(item);
                parent.push(None);
                for p in pending.drain(..) {
                    parent[p] = Some(n);
                }
                pending.push(n);
                root = Some(n);
            }
            SExpr::List(sub, _) if !sub.is_empty() => {
                let r = read_tree(sub, item, nodes, parent)?;
                pending.push(r);
                root = None;
            }
            _ => return error(item, "expected an assertion name or a parenthesized subtree"),
        }
    }
    match root {
        Some(r) => Ok(r),
        None => error(whole, "a subtree must end with its root, an assertion name"),
    }
}
