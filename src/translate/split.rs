//! Sequent splitting: a goal `hypotheses ⊢ lemma` becomes several smaller sequents.
//!
//! Soundness: the rules used are the invertible sequent rules `Γ ⊢ A & B` iff `Γ ⊢ A` and
//! `Γ ⊢ B`, and `Γ ⊢ A --> B` iff `Γ, A ⊢ B`; an assumption `A & B` is the two assumptions `A`
//! and `B`. So the lemma is valid exactly when every produced sequent is. A sequent is
//! discharged without the prover only when it is trivially valid: its goal is `True`, one of
//! its assumptions is `False`, or its goal occurs syntactically (same term up to the identity of
//! bound variables) among its assumptions (or, checked by the caller, among the conjuncts of the
//! sequent's hypotheses).

use crate::hol::{Binder, HolBank, Prim, Term, TermId, VarId};

/// One sequent: local assumptions (from the lemma) and a goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HolSequent {
    /// Assumptions taken from the lemma's antecedents, in order.
    pub assumptions: Vec<TermId>,
    /// The formula to prove.
    pub goal: TermId,
    /// Why the sequent holds trivially, when it does.
    pub trivial: Option<&'static str>,
    /// Variables free in the assumptions and the goal that stand for fresh constants: the
    /// universally quantified variables of the goal that [`split_goal_extensional`] stripped
    /// (empty for [`split_goal`]).
    pub eigenvariables: Vec<VarId>,
}

/// Splits `lemma` (with no assumptions yet) into sequents, in left-to-right order.
pub fn split_goal(bank: &HolBank, lemma: TermId) -> Vec<HolSequent> {
    let mut out = Vec::new();
    split_into(bank, Vec::new(), lemma, &mut out);
    out
}

fn split_into(
    bank: &HolBank,
    mut assumptions: Vec<TermId>,
    goal: TermId,
    out: &mut Vec<HolSequent>,
) {
    match &bank.term(goal).term {
        Term::Prim(Prim::And, args) => {
            let (a, b) = (args[0], args[1]);
            split_into(bank, assumptions.clone(), a, out);
            split_into(bank, assumptions, b, out);
        }
        Term::Prim(Prim::Imp, args) => {
            let (a, b) = (args[0], args[1]);
            add_assumption(bank, &mut assumptions, a);
            split_into(bank, assumptions, b, out);
        }
        _ => {
            let trivial = if matches!(bank.term(goal).term, Term::Prim(Prim::True, _)) {
                Some("the goal is True")
            } else if assumptions
                .iter()
                .any(|&a| matches!(bank.term(a).term, Term::Prim(Prim::False, _)))
            {
                Some("an assumption is False")
            } else if assumptions.iter().any(|&a| same_term(bank, a, goal)) {
                Some("the goal is among the assumptions")
            } else {
                None
            };
            out.push(HolSequent { assumptions, goal, trivial, eigenvariables: Vec::new() });
        }
    }
}

/// Splits `lemma` as [`split_goal`] does and further, as Jahob's translation does for set
/// equalities: a universally quantified goal `Γ ⊢ ALL x. P` becomes `Γ ⊢ P` with `x` an
/// eigenvariable (a fresh constant: the rule is invertible because the constant occurs nowhere
/// in `Γ`), a set equality `A = B` becomes the two inclusions `A <= B` and `B <= A` (sets are
/// equal exactly when each includes the other), and an inclusion `A <= B` becomes the sequent
/// with the assumption `x : A` and the goal `x : B` for a fresh eigenvariable `x` (the definition
/// of `<=`, then the two rules above). Each rule is an equivalence, so the lemma is valid exactly
/// when every produced sequent is. The prover then refutes each inclusion on its own, with a
/// Horn-like negated goal, instead of one disjunction of both directions whose case split it
/// must find. Quantifiers over truth values stay in the goal (their translation expands them).
pub fn split_goal_extensional(bank: &mut HolBank, lemma: TermId) -> Vec<HolSequent> {
    let mut out = Vec::new();
    split_extensional_into(bank, Vec::new(), Vec::new(), lemma, &mut out);
    out
}

fn split_extensional_into(
    bank: &mut HolBank,
    mut assumptions: Vec<TermId>,
    mut eigenvariables: Vec<VarId>,
    goal: TermId,
    out: &mut Vec<HolSequent>,
) {
    let data = bank.term(goal).clone();
    let set_element = |bank: &HolBank, t: TermId| match bank.ty_node(bank.term(t).ty) {
        crate::hol::TyNode::Set(e) => Some(*e),
        _ => None,
    };
    match &data.term {
        Term::Prim(Prim::And, args) => {
            let (a, b) = (args[0], args[1]);
            split_extensional_into(bank, assumptions.clone(), eigenvariables.clone(), a, out);
            split_extensional_into(bank, assumptions, eigenvariables, b, out);
        }
        Term::Prim(Prim::Imp, args) => {
            let (a, b) = (args[0], args[1]);
            add_assumption(bank, &mut assumptions, a);
            split_extensional_into(bank, assumptions, eigenvariables, b, out);
        }
        Term::Bind(Binder::All, vars, body)
            if vars.iter().all(|&v| *bank.ty_node(bank.var(v).ty) != crate::hol::TyNode::Bool) =>
        {
            eigenvariables.extend(vars.iter().copied());
            split_extensional_into(bank, assumptions, eigenvariables, *body, out);
        }
        Term::Prim(Prim::Eq, args) if set_element(bank, args[0]).is_some() => {
            let (a, b) = (args[0], args[1]);
            let bool_ty = bank.ty(crate::hol::TyNode::Bool);
            for (smaller, larger) in [(a, b), (b, a)] {
                let inclusion =
                    bank.add(Term::Prim(Prim::Subset, vec![smaller, larger]), bool_ty, data.span);
                split_extensional_into(
                    bank,
                    assumptions.clone(),
                    eigenvariables.clone(),
                    inclusion,
                    out,
                );
            }
        }
        Term::Prim(Prim::Subset, args) => {
            let (a, b) = (args[0], args[1]);
            let Some(element_ty) = set_element(bank, a) else {
                return push_leaf(assumptions, eigenvariables, goal, bank, out);
            };
            let bool_ty = bank.ty(crate::hol::TyNode::Bool);
            let x = bank.new_var("x", element_ty, data.span);
            let xt = bank.add(Term::Var(x), element_ty, data.span);
            let in_a = bank.add(Term::Prim(Prim::Mem, vec![xt, a]), bool_ty, data.span);
            let in_b = bank.add(Term::Prim(Prim::Mem, vec![xt, b]), bool_ty, data.span);
            eigenvariables.push(x);
            add_assumption(bank, &mut assumptions, in_a);
            split_extensional_into(bank, assumptions, eigenvariables, in_b, out);
        }
        _ => push_leaf(assumptions, eigenvariables, goal, bank, out),
    }
}

/// A sequent that splits no further, with the trivial cases of [`split_goal`] recognized.
fn push_leaf(
    assumptions: Vec<TermId>,
    eigenvariables: Vec<VarId>,
    goal: TermId,
    bank: &HolBank,
    out: &mut Vec<HolSequent>,
) {
    let mut leaf = Vec::new();
    split_into(bank, assumptions, goal, &mut leaf);
    for mut sequent in leaf {
        sequent.eigenvariables = eigenvariables.clone();
        out.push(sequent);
    }
}

fn add_assumption(bank: &HolBank, assumptions: &mut Vec<TermId>, a: TermId) {
    if let Term::Prim(Prim::And, args) = &bank.term(a).term {
        let (x, y) = (args[0], args[1]);
        add_assumption(bank, assumptions, x);
        add_assumption(bank, assumptions, y);
    } else {
        assumptions.push(a);
    }
}

/// Structural equality of terms (variables compared by id, so only terms sharing binders or
/// free of them compare equal: that is enough for assumptions copied out of the goal).
pub fn same_term(bank: &HolBank, a: TermId, b: TermId) -> bool {
    alpha_equal(bank, a, b, &mut Vec::new())
}

/// Equal up to the names of bound variables: `bound` pairs the variables bound so far on the
/// way down, innermost last (program obligations bind a fresh variable in every frame
/// condition, so a goal and the hypothesis it repeats differ only there).
fn alpha_equal(bank: &HolBank, a: TermId, b: TermId, bound: &mut Vec<(VarId, VarId)>) -> bool {
    if a == b && bound.is_empty() {
        return true;
    }
    let (ta, tb) = (bank.term(a), bank.term(b));
    if ta.ty != tb.ty {
        return false;
    }
    match (&ta.term, &tb.term) {
        (Term::Var(x), Term::Var(y)) => match bound.iter().rev().find(|(p, q)| p == x || q == y) {
            Some((p, q)) => p == x && q == y,
            None => x == y,
        },
        (Term::Const(x), Term::Const(y)) => x == y,
        (Term::Int(x), Term::Int(y)) => x == y,
        (Term::App(f, x), Term::App(g, y)) => {
            alpha_equal(bank, *f, *g, bound) && alpha_equal(bank, *x, *y, bound)
        }
        (Term::Bind(b1, v1, x), Term::Bind(b2, v2, y)) => {
            if b1 != b2
                || v1.len() != v2.len()
                || v1.iter().zip(v2).any(|(p, q)| bank.var(*p).ty != bank.var(*q).ty)
            {
                return false;
            }
            let depth = bound.len();
            bound.extend(v1.iter().copied().zip(v2.iter().copied()));
            let same = alpha_equal(bank, *x, *y, bound);
            bound.truncate(depth);
            same
        }
        (Term::Prim(p, xs), Term::Prim(q, ys)) => {
            p == q
                && xs.len() == ys.len()
                && xs.iter().zip(ys).all(|(x, y)| alpha_equal(bank, *x, *y, bound))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::load_spec_str;
    use crate::syntax::SourceMap;

    #[test]
    fn set_equalities_split_into_two_inclusions_under_eigenvariables() {
        let text = "const p :: \"int => bool\"\nconst s :: \"int => (int * int) set\"\n\
                    const t :: \"(int * int) set\"\n\
                    lemma l: \"ALL i. p i --> s i = t\"\n";
        let mut sources = SourceMap::new();
        let (module, diags) = load_spec_str("split.spec", text, &mut sources);
        let mut module = module.unwrap_or_else(|| panic!("{diags:?}"));
        let lemma = module.item("l").unwrap().formula;
        // The plain split keeps the quantified goal whole.
        assert_eq!(split_goal(&module.bank, lemma).len(), 1);
        let sequents = split_goal_extensional(&mut module.bank, lemma);
        let shown: Vec<(Vec<String>, String, usize)> = sequents
            .iter()
            .map(|s| {
                (
                    s.assumptions.iter().map(|&a| module.show(a)).collect(),
                    module.show(s.goal),
                    s.eigenvariables.len(),
                )
            })
            .collect();
        assert_eq!(
            shown,
            vec![
                (
                    vec!["(p i)".to_string(), "Mem(x, (s i))".to_string()],
                    "Mem(x, t)".to_string(),
                    2
                ),
                (
                    vec!["(p i)".to_string(), "Mem(x, t)".to_string()],
                    "Mem(x, (s i))".to_string(),
                    2
                ),
            ]
        );
        // Each inclusion has its own witness; the stripped variable is shared.
        assert_eq!(sequents[0].eigenvariables[0], sequents[1].eigenvariables[0]);
        assert_ne!(sequents[0].eigenvariables[1], sequents[1].eigenvariables[1]);
    }

    #[test]
    fn conjunctions_and_implications_split_and_trivial_sequents_are_discharged() {
        let text = "const p :: bool\nconst q :: bool\nconst r :: bool\n\
                    lemma l: \"p & (q & r --> r & p) & True\"\n";
        let mut sources = SourceMap::new();
        let (module, diags) = load_spec_str("split.spec", text, &mut sources);
        let module = module.unwrap_or_else(|| panic!("{diags:?}"));
        let lemma = module.item("l").unwrap().formula;
        let sequents = split_goal(&module.bank, lemma);
        let shown: Vec<(Vec<String>, String, Option<&str>)> = sequents
            .iter()
            .map(|s| {
                (
                    s.assumptions.iter().map(|&a| module.show(a)).collect(),
                    module.show(s.goal),
                    s.trivial,
                )
            })
            .collect();
        assert_eq!(
            shown,
            vec![
                (vec![], "p".to_string(), None),
                (
                    vec!["q".to_string(), "r".to_string()],
                    "r".to_string(),
                    Some("the goal is among the assumptions")
                ),
                (vec!["q".to_string(), "r".to_string()], "p".to_string(), None),
                (vec![], "True".to_string(), Some("the goal is True")),
            ]
        );
    }
}
