//! Confirming a postcondition's failure on a replayed run: the interpreter runs the procedure
//! to its end and reports its results and globals, and the failing conjunct (the condition of
//! the edge into its error location) is evaluated there, with the parameters at their entry
//! values (the run's first inputs), as a postcondition reads them.

use rug::Integer;

use super::Engine;
use super::flat::Action;
use super::formula::{Pred, Rel};
use crate::ir::interpret::Value;

impl Engine {
    /// Whether the run that ended with `results` and `globals`, started on `inputs`, violates
    /// the postcondition whose error location is that of node `v`: only when the condition
    /// into that location evaluates to true (a condition over anything else, a local say, is
    /// not confirmed).
    pub(super) fn postcondition_fails(
        &self,
        v: usize,
        inputs: &[Integer],
        results: &[Value],
        globals: &[(String, Value)],
    ) -> bool {
        let error = self.art.nodes[v].location;
        let Some(edge) = self.flat.edges.iter().find(|e| e.to == error) else { return false };
        let Action::Assume(fail) = &edge.action else { return false };
        let procedure = self.program.procedure(self.procedure);
        let value = |x: usize| -> Option<Integer> {
            let variable = &self.flat.variables[x];
            if let Some(k) = procedure.params.iter().position(|p| Some(*p) == variable.constant) {
                return inputs.get(k).cloned();
            }
            if let Some(k) = procedure.results.iter().position(|r| Some(*r) == variable.constant) {
                return int_of(results.get(k)?);
            }
            if variable.global {
                let (_, value) = globals.iter().find(|(name, _)| *name == variable.name)?;
                return int_of(value);
            }
            None
        };
        evaluate(fail, &value) == Some(true)
    }
}

fn int_of(value: &Value) -> Option<Integer> {
    match value {
        Value::Int(n) => Some(n.clone()),
        Value::Bool(b) => Some(Integer::from(u8::from(*b))),
        _ => None,
    }
}

/// The truth of a formula under a valuation; `None` when a variable has no value.
fn evaluate(p: &Pred, value: &dyn Fn(usize) -> Option<Integer>) -> Option<bool> {
    Some(match p {
        Pred::True => true,
        Pred::False => false,
        Pred::Atom(l, rel) => {
            let mut sum = l.constant.clone();
            for (x, c) in &l.coefficients {
                sum += Integer::from(c * &value(*x)?);
            }
            match rel {
                Rel::Le => sum <= 0,
                Rel::Eq => sum == 0,
                Rel::Ne => sum != 0,
            }
        }
        Pred::And(ps) => {
            for q in ps {
                if !evaluate(q, value)? {
                    return Some(false);
                }
            }
            true
        }
        Pred::Or(ps) => {
            for q in ps {
                if evaluate(q, value)? {
                    return Some(true);
                }
            }
            false
        }
    })
}
