//! The declaration commands: `declare-sort`, `declare-fun`, `declare-const`, `define-fun` and
//! `define-sort`.

use super::elaborate::substitute_sorts;
use super::session::{Definition, Fail, Outcome, Session, error};
use super::sexpr::SExpr;
use crate::smt::SortId;

impl Session {
    /// `(declare-sort S 0)`.
    pub(super) fn declare_sort(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
    ) -> Result<Option<Outcome>, Fail> {
        let name = self.fresh_name(items.get(1), command)?;
        match items.get(2).and_then(SExpr::symbol) {
            None | Some("0") => {}
            Some(arity) => {
                return Err(Fail::Unsupported(format!(
                    "sort constructors of arity {arity} (only arity 0)"
                )));
            }
        }
        let sort = self.store.declare_sort(&name);
        self.scope.sorts.insert(name, sort);
        Ok(None)
    }

    /// `(declare-fun f (S...) S)` and `(declare-const c S)`.
    pub(super) fn declare_fun(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
        head: &str,
    ) -> Result<Option<Outcome>, Fail> {
        let name = self.fresh_name(items.get(1), command)?;
        let (args, result) = if head == "declare-fun" {
            let Some(SExpr::List(args, _)) = items.get(2) else {
                return error(command, "declare-fun expects a list of argument sorts");
            };
            let mut sorts = Vec::new();
            for a in args {
                sorts.push(self.sort(a)?);
            }
            let args = sorts;
            (args, items.get(3))
        } else {
            (Vec::new(), items.get(2))
        };
        let Some(result) = result else { return error(command, "missing result sort") };
        let result = self.sort(result)?;
        if !args.is_empty() && args.contains(&SortId::BOOL) {
            return Err(Fail::Unsupported("functions with Bool arguments".to_string()));
        }
        let f = self.store.declare_fun(&name, args, result, false);
        self.scope.funs.insert(name, f);
        Ok(None)
    }

    /// `(define-fun f ((x S)...) S body)`: the body is checked now and expanded where `f` is used.
    pub(super) fn define_fun(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
    ) -> Result<Option<Outcome>, Fail> {
        let name = self.fresh_name(items.get(1), command)?;
        let (Some(SExpr::List(params, _)), Some(result), Some(body), 5) =
            (items.get(2), items.get(3), items.get(4), items.len())
        else {
            return error(command, "define-fun expects a name, parameters, a sort and a body");
        };
        let mut bound = Vec::new();
        for p in params {
            match p {
                SExpr::List(pair, _) if pair.len() == 2 && pair[0].symbol().is_some() => {
                    bound.push((pair[0].symbol().unwrap_or("").to_string(), self.sort(&pair[1])?));
                }
                _ => return error(p, "expected (name sort)"),
            }
        }
        let result = self.sort(result)?;
        // Check the body now, with the parameters as fresh constants of their sorts.
        let mut env = Vec::new();
        for (pname, psort) in &bound {
            let c = self.fresh_constant(*psort);
            env.push((pname.clone(), self.constant_value(c, *psort)));
        }
        let mut side = Vec::new();
        let value = self.elaborate(body, &env, &mut side)?;
        self.check_sort(&value, result, body)?;
        self.scope
            .definitions
            .insert(name, Definition { params: bound, result, body: body.clone() });
        Ok(None)
    }

    /// `(define-sort S (P...) sort)`: checked now with each parameter standing for Bool, substituted where used.
    pub(super) fn define_sort(
        &mut self,
        command: &SExpr,
        items: &[SExpr],
    ) -> Result<Option<Outcome>, Fail> {
        let name = self.fresh_name(items.get(1), command)?;
        let (Some(SExpr::List(params, _)), Some(body), 4) =
            (items.get(2), items.get(3), items.len())
        else {
            return error(command, "define-sort expects a name, parameters and a sort");
        };
        let mut names = Vec::new();
        for p in params {
            match p.symbol() {
                Some(n) if !names.iter().any(|m| m == n) => names.push(n.to_string()),
                _ => return error(p, "expected a distinct parameter name"),
            }
        }
        // Check the body now, with each parameter standing for Bool: the one sort every logic
        // has (Int is not a sort of QF_UF).
        let stand_in = SExpr::Symbol("Bool".to_string(), body.span());
        let args = vec![stand_in; names.len()];
        self.sort(&substitute_sorts(body, &names, &args))?;
        self.scope.sort_definitions.insert(name, (names, body.clone()));
        Ok(None)
    }
}
