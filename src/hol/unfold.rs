//! Definition unfolding and beta reduction on HOL terms.
//!
//! Soundness: a `definition c x1 .. xn = body` is a conservative definitional extension, so in
//! every model of the definitions `c` denotes `%x1 .. xn. body`. Replacing each occurrence of
//! `c` by that lambda (with its type parameters instantiated to the occurrence's type) and then
//! beta-reducing yields a term equal to the original in every such model; the definitions can
//! then be left out of the hypotheses without losing anything. Definitions are not recursive
//! (the front end rejects a defined name in its own body), so unfolding terminates.
//!
//! Every copy of a binder gets fresh variables ([`HolBank::new_var`]), keeping the bank's
//! invariant that a variable id belongs to one binder occurrence: substitution cannot capture.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use crate::hol::{Binder, ConstId, HolBank, Term, TermId, TyId, TyNode, VarId};

/// A definition's parameters, body and declared (possibly schematic) type.
#[derive(Clone, Debug)]
pub struct DefinitionBody {
    /// The parameters bound in `body`.
    pub args: Vec<VarId>,
    /// The right-hand side.
    pub body: TermId,
    /// The constant's declared type; its parameters are instantiated per occurrence.
    pub declared_ty: TyId,
}

/// Unfolds definitions and beta-reduces, adding the new terms to a bank.
pub struct Unfolder<'a> {
    /// The bank the terms live in (a translation's private copy).
    pub bank: &'a mut HolBank,
    /// The definitions by constant.
    pub definitions: &'a FxHashMap<ConstId, DefinitionBody>,
}

impl Unfolder<'_> {
    /// `t` with every defined constant replaced by its definition and beta-normalized (redexes
    /// created by unfolding are reduced; lambdas that are not applied stay).
    pub fn unfold(&mut self, t: TermId) -> TermId {
        let data = self.bank.term(t).clone();
        match data.term {
            Term::Const(c) => match self.definitions.get(&c).cloned() {
                Some(def) => {
                    let mut types = BTreeMap::new();
                    match_ty(self.bank, def.declared_ty, data.ty, &mut types);
                    let lambda = if def.args.is_empty() {
                        def.body
                    } else {
                        let lambda_ty = data.ty;
                        self.bank.add(
                            Term::Bind(Binder::Lam, def.args.clone(), def.body),
                            lambda_ty,
                            data.span,
                        )
                    };
                    let copy = copy_term(self.bank, lambda, &FxHashMap::default(), &types);
                    self.unfold(copy)
                }
                None => t,
            },
            Term::Var(_) | Term::Int(_) => t,
            Term::App(f, a) => {
                let f2 = self.unfold(f);
                let a2 = self.unfold(a);
                if let Term::Bind(Binder::Lam, vars, body) = self.bank.term(f2).term.clone() {
                    let mut map = FxHashMap::default();
                    map.insert(vars[0], a2);
                    let reduced = if vars.len() == 1 {
                        copy_term(self.bank, body, &map, &BTreeMap::new())
                    } else {
                        let rest_ty = data.ty;
                        let rest = self.bank.add(
                            Term::Bind(Binder::Lam, vars[1..].to_vec(), body),
                            rest_ty,
                            data.span,
                        );
                        copy_term(self.bank, rest, &map, &BTreeMap::new())
                    };
                    return self.unfold(reduced);
                }
                if f2 == f && a2 == a {
                    t
                } else {
                    self.bank.add(Term::App(f2, a2), data.ty, data.span)
                }
            }
            Term::Bind(b, vars, body) => {
                let body2 = self.unfold(body);
                if body2 == body {
                    t
                } else {
                    self.bank.add(Term::Bind(b, vars, body2), data.ty, data.span)
                }
            }
            Term::Prim(p, args) => {
                let new_args: Vec<TermId> = args.iter().map(|&a| self.unfold(a)).collect();
                if new_args == args {
                    t
                } else {
                    self.bank.add(Term::Prim(p, new_args), data.ty, data.span)
                }
            }
        }
    }
}

/// Binds the type parameters of `pattern` so that it becomes `actual`.
fn match_ty(bank: &HolBank, pattern: TyId, actual: TyId, out: &mut BTreeMap<String, TyId>) {
    match (bank.ty_node(pattern).clone(), bank.ty_node(actual).clone()) {
        (TyNode::Param(p), _) => {
            out.entry(p).or_insert(actual);
        }
        (TyNode::Set(a), TyNode::Set(b)) => match_ty(bank, a, b, out),
        (TyNode::Prod(a1, b1), TyNode::Prod(a2, b2))
        | (TyNode::Fun(a1, b1), TyNode::Fun(a2, b2)) => {
            match_ty(bank, a1, a2, out);
            match_ty(bank, b1, b2, out);
        }
        _ => {}
    }
}

/// `ty` with type parameters replaced through `types`.
pub fn subst_ty(bank: &mut HolBank, ty: TyId, types: &BTreeMap<String, TyId>) -> TyId {
    if types.is_empty() {
        return ty;
    }
    match bank.ty_node(ty).clone() {
        TyNode::Param(p) => types.get(&p).copied().unwrap_or(ty),
        TyNode::Set(a) => {
            let a = subst_ty(bank, a, types);
            bank.ty(TyNode::Set(a))
        }
        TyNode::Prod(a, b) => {
            let (a, b) = (subst_ty(bank, a, types), subst_ty(bank, b, types));
            bank.ty(TyNode::Prod(a, b))
        }
        TyNode::Fun(a, b) => {
            let (a, b) = (subst_ty(bank, a, types), subst_ty(bank, b, types));
            bank.ty(TyNode::Fun(a, b))
        }
        TyNode::Bool | TyNode::Int | TyNode::Obj | TyNode::Sort(_) => ty,
    }
}

/// A copy of `t` with variables replaced through `vars`, type parameters through `types`, and
/// every binder renamed to fresh variables.
pub fn copy_term(
    bank: &mut HolBank,
    t: TermId,
    vars: &FxHashMap<VarId, TermId>,
    types: &BTreeMap<String, TyId>,
) -> TermId {
    let data = bank.term(t).clone();
    let ty = subst_ty(bank, data.ty, types);
    let term = match data.term {
        Term::Var(v) => match vars.get(&v) {
            Some(&replacement) => return replacement,
            None => Term::Var(v),
        },
        Term::Const(c) => Term::Const(c),
        Term::Int(s) => Term::Int(s),
        Term::App(f, a) => {
            let f = copy_term(bank, f, vars, types);
            let a = copy_term(bank, a, vars, types);
            Term::App(f, a)
        }
        Term::Bind(b, bound, body) => {
            let mut inner = vars.clone();
            let mut fresh = Vec::with_capacity(bound.len());
            for v in bound {
                let vd = bank.var(v).clone();
                let vty = subst_ty(bank, vd.ty, types);
                let nv = bank.new_var(&vd.name, vty, vd.span);
                let node = bank.add(Term::Var(nv), vty, vd.span);
                inner.insert(v, node);
                fresh.push(nv);
            }
            let body = copy_term(bank, body, &inner, types);
            Term::Bind(b, fresh, body)
        }
        Term::Prim(p, args) => {
            let args = args.iter().map(|&a| copy_term(bank, a, vars, types)).collect();
            Term::Prim(p, args)
        }
    };
    bank.add(term, ty, data.span)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{SpecItemKind, load_spec_str};
    use crate::syntax::SourceMap;

    fn unfolded(text: &str, lemma: &str) -> String {
        let mut sources = SourceMap::new();
        let (module, diags) = load_spec_str("unfold.spec", text, &mut sources);
        let mut module = module.unwrap_or_else(|| panic!("{diags:?}"));
        let mut definitions = FxHashMap::default();
        for item in &module.items {
            if let SpecItemKind::Definition { constant, args, body } = &item.kind {
                let declared_ty = module.const_decl(*constant).ty;
                definitions.insert(
                    *constant,
                    DefinitionBody { args: args.clone(), body: *body, declared_ty },
                );
            }
        }
        let formula = module.item(lemma).unwrap().formula;
        let mut bank = std::mem::take(&mut module.bank);
        let t = Unfolder { bank: &mut bank, definitions: &definitions }.unfold(formula);
        module.bank = bank;
        module.show(t)
    }

    #[test]
    fn definitions_are_unfolded_and_beta_reduced() {
        let text = "definition twice :: \"int => int\" where \"twice x = x + x\"\n\
                    definition quad where \"quad y = twice (twice y)\"\n\
                    lemma l: \"quad 1 = 4\"\n";
        assert_eq!(unfolded(text, "l"), "Eq(Add(Add(1, 1), Add(1, 1)), 4)");
    }

    #[test]
    fn polymorphic_definitions_are_instantiated() {
        let text = "definition dom :: \"('a * 'b) set => 'a set\" where \"dom R = {x. EX y. (x, y) : R}\"\n\
                    const R :: \"(int * obj) set\"\n\
                    lemma l: \"3 : dom R\"\n";
        assert_eq!(
            unfolded(text, "l"),
            "Mem(3, {(x :: int). (EX (y :: obj). Mem(Pair(x, y), R))})"
        );
    }
}
