//! Instantiation of schematic hypotheses (type parameters `'a`) at the ground types a goal uses,
//! as Jahob does before its first-order translation.
//!
//! Soundness: a hypothesis schematic in `'a` holds for every type substituted for `'a` (type
//! variables of a HOL axiom are implicitly quantified over all types), so each type instance is
//! a consequence of the hypothesis and adding it as an assumption can only make the translated
//! sequent weaker-or-equal to the original: a proof found with instances is a proof of the
//! original sequent. Instances that are not generated are left out, and the translation records
//! the hypothesis as (partly) left out, so the problem is never used as a counter-model.
//!
//! Which instances: every occurrence of a polymorphic symbol (a constant with type parameters,
//! a set or tuple operator, a comprehension) inside the hypothesis is matched against the
//! occurrences of the same symbol in the ground part (the sequent's lemma, the ground
//! hypotheses, and instances made so far); each successful match proposes a type for each
//! parameter. Equality and conditionals exist at every type and say nothing about what the
//! hypothesis is about, so they propose nothing. An instance is one choice of proposed type per
//! parameter. New instances bring new ground occurrences, so this is iterated up to
//! [`MAX_ROUNDS`] rounds, with at most [`MAX_INSTANCES_PER_HYPOTHESIS`] instances of each
//! hypothesis; everything is ordered by type and term ids, which are deterministic.
//!
//! Hypotheses that mention no declared constant (the standard library's set, pair and `card`
//! axioms) speak only about built-in operators, which [`super::eliminate`] expands by their
//! definitions; their instances would be tautologies or approximations that only slow the
//! prover down, so they are left out. The translation then tries to prove each of them valid
//! on its own (see [`super::ValidityQuestion`]): one that is valid loses nothing by being left
//! out; the others keep the problem incomplete.

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap;

use crate::hol::{Binder, HolBank, Prim, Term, TermId, TyId, TyNode};
use crate::hol::{ConstDecl, ConstKind};

use super::eliminate::sanitize;
use crate::hol::unfold::copy_term;

/// Rounds of the fixpoint (instances can enable further instances).
pub const MAX_ROUNDS: usize = 3;
/// Bound on the instances of one schematic hypothesis.
pub const MAX_INSTANCES_PER_HYPOTHESIS: usize = 8;

/// A schematic hypothesis: name, formula (already unfolded), and its type parameters.
#[derive(Clone, Debug)]
pub struct Schematic {
    /// The item's name.
    pub name: String,
    /// The formula, with [`TyNode::Param`] types.
    pub formula: TermId,
}

/// The result: instances (name, ground formula), and the hypotheses of which no instance (or
/// not every proposed instance) was made, with the reason.
#[derive(Clone, Debug, Default)]
pub struct Instantiation {
    /// The instances, in order of hypotheses then of types.
    pub instances: Vec<Instance>,
    /// Hypotheses not (fully) represented by instances, with why.
    pub left_out: Vec<(String, String)>,
    /// Which of `left_out` speak only about built-in operators (see the module comment).
    pub about_builtins_only: Vec<String>,
}

/// One type instance of a schematic hypothesis.
#[derive(Clone, Debug)]
pub struct Instance {
    /// `NAME_at_TYPES`.
    pub name: String,
    /// The ground formula.
    pub formula: TermId,
    /// The index, in the `schematic` argument, of the hypothesis it instantiates.
    pub of: usize,
}

/// An occurrence of a polymorphic symbol: its key and the types that determine the instance
/// (the node's type, then the argument types for operators).
type Occurrence = (String, Vec<TyId>);

/// Instantiates `schematic` at the types of the polymorphic symbols occurring in `ground`.
pub fn instantiate(
    bank: &mut HolBank,
    consts: &[ConstDecl],
    schematic: &[Schematic],
    ground: &[TermId],
) -> Instantiation {
    let mut pool: BTreeSet<Occurrence> = BTreeSet::new();
    for &t in ground {
        occurrences(bank, consts, t, &mut pool);
    }
    let patterns: Vec<BTreeSet<Occurrence>> = schematic
        .iter()
        .map(|s| {
            let mut occ = BTreeSet::new();
            occurrences(bank, consts, s.formula, &mut occ);
            occ.retain(|(_, tys)| tys.iter().any(|&ty| !bank.is_ground(ty)));
            occ
        })
        .collect();
    let mut made: Vec<BTreeSet<Vec<(String, TyId)>>> = vec![BTreeSet::new(); schematic.len()];
    let mut truncated = vec![false; schematic.len()];
    let mut out = Instantiation::default();
    let about_builtins: Vec<bool> =
        schematic.iter().map(|s| !mentions_declared_constant(bank, consts, s.formula)).collect();
    for _ in 0..MAX_ROUNDS {
        let mut new_ground = Vec::new();
        for (i, s) in schematic.iter().enumerate() {
            if about_builtins[i] {
                continue;
            }
            let mut params = BTreeSet::new();
            params_of(bank, s.formula, &mut params);
            let candidates = candidate_types(bank, &patterns[i], &pool);
            for choice in combinations(&params, &candidates) {
                if made[i].contains(&choice) {
                    continue;
                }
                if made[i].len() >= MAX_INSTANCES_PER_HYPOTHESIS {
                    truncated[i] = true;
                    break;
                }
                let types: BTreeMap<String, TyId> = choice.iter().cloned().collect();
                let instance = copy_term(bank, s.formula, &FxHashMap::default(), &types);
                let suffix: Vec<String> =
                    choice.iter().map(|(_, ty)| sanitize(&bank.show_ty(*ty))).collect();
                out.instances.push(Instance {
                    name: format!("{}_at_{}", s.name, suffix.join("_")),
                    formula: instance,
                    of: i,
                });
                made[i].insert(choice);
                new_ground.push(instance);
            }
        }
        if new_ground.is_empty() {
            break;
        }
        for t in new_ground {
            occurrences(bank, consts, t, &mut pool);
        }
    }
    for (i, s) in schematic.iter().enumerate() {
        if about_builtins[i] {
            out.about_builtins_only.push(s.name.clone());
            out.left_out.push((
                s.name.clone(),
                "schematic and only about built-in operators, which the translation expands by \
                 their definitions"
                    .to_string(),
            ));
        } else if made[i].is_empty() {
            out.left_out.push((
                s.name.clone(),
                "schematic, and no type instance of its polymorphic symbols occurs in the goal"
                    .to_string(),
            ));
        } else if truncated[i] {
            out.left_out.push((
                s.name.clone(),
                format!("only {MAX_INSTANCES_PER_HYPOTHESIS} of its type instances are used"),
            ));
        }
    }
    out
}

/// Whether `t` mentions a declared (not built-in) constant; definitions are unfolded already.
fn mentions_declared_constant(bank: &HolBank, consts: &[ConstDecl], t: TermId) -> bool {
    match &bank.term(t).term {
        Term::Var(_) | Term::Int(_) => false,
        Term::Const(c) => consts[c.0 as usize].kind != ConstKind::Builtin,
        Term::App(f, a) => {
            mentions_declared_constant(bank, consts, *f)
                || mentions_declared_constant(bank, consts, *a)
        }
        Term::Bind(_, _, body) => mentions_declared_constant(bank, consts, *body),
        Term::Prim(_, args) => args.iter().any(|&a| mentions_declared_constant(bank, consts, a)),
    }
}

/// Every occurrence of a polymorphic symbol in `t`.
fn occurrences(bank: &HolBank, consts: &[ConstDecl], t: TermId, out: &mut BTreeSet<Occurrence>) {
    let data = bank.term(t);
    match &data.term {
        Term::Var(_) | Term::Int(_) => {}
        Term::Const(c) => {
            if !consts[c.0 as usize].params.is_empty() {
                out.insert((format!("const {}", c.0), vec![data.ty]));
            }
        }
        Term::App(f, a) => {
            occurrences(bank, consts, *f, out);
            occurrences(bank, consts, *a, out);
        }
        Term::Bind(b, _, body) => {
            if *b == Binder::Collect {
                out.insert(("collect".to_string(), vec![data.ty]));
            }
            occurrences(bank, consts, *body, out);
        }
        Term::Prim(p, args) => {
            let informative = !matches!(
                p,
                Prim::Eq
                    | Prim::Ite
                    | Prim::True
                    | Prim::False
                    | Prim::Not
                    | Prim::And
                    | Prim::Or
                    | Prim::Imp
                    | Prim::Iff
            );
            if informative {
                let mut tys = vec![data.ty];
                tys.extend(args.iter().map(|&a| bank.term(a).ty));
                out.insert((format!("{p:?}"), tys));
            }
            for &a in args {
                occurrences(bank, consts, a, out);
            }
        }
    }
}

/// The type parameters occurring in the types of `t`'s nodes and bound variables.
fn params_of(bank: &HolBank, t: TermId, out: &mut BTreeSet<String>) {
    let data = bank.term(t);
    ty_params(bank, data.ty, out);
    match &data.term {
        Term::Var(_) | Term::Int(_) | Term::Const(_) => {}
        Term::App(f, a) => {
            params_of(bank, *f, out);
            params_of(bank, *a, out);
        }
        Term::Bind(_, vars, body) => {
            for &v in vars {
                ty_params(bank, bank.var(v).ty, out);
            }
            params_of(bank, *body, out);
        }
        Term::Prim(_, args) => {
            for &a in args {
                params_of(bank, a, out);
            }
        }
    }
}

fn ty_params(bank: &HolBank, ty: TyId, out: &mut BTreeSet<String>) {
    match bank.ty_node(ty) {
        TyNode::Param(p) => {
            out.insert(p.clone());
        }
        TyNode::Set(a) => ty_params(bank, *a, out),
        TyNode::Prod(a, b) | TyNode::Fun(a, b) => {
            ty_params(bank, *a, out);
            ty_params(bank, *b, out);
        }
        TyNode::Bool | TyNode::Int | TyNode::Obj | TyNode::Sort(_) => {}
    }
}

/// For each parameter, the types proposed by matching the patterns against the pool.
fn candidate_types(
    bank: &HolBank,
    patterns: &BTreeSet<Occurrence>,
    pool: &BTreeSet<Occurrence>,
) -> BTreeMap<String, BTreeSet<TyId>> {
    let mut out: BTreeMap<String, BTreeSet<TyId>> = BTreeMap::new();
    for (key, pattern) in patterns {
        for (other, actual) in pool.range((key.clone(), Vec::new())..) {
            if other != key {
                break;
            }
            if pattern.len() != actual.len() {
                continue;
            }
            let mut binding = BTreeMap::new();
            if pattern.iter().zip(actual).all(|(&p, &a)| match_ty(bank, p, a, &mut binding)) {
                for (param, ty) in binding {
                    out.entry(param).or_default().insert(ty);
                }
            }
        }
    }
    out
}

/// Binds the parameters of `pattern` so that it becomes `actual`; false on a clash.
fn match_ty(bank: &HolBank, pattern: TyId, actual: TyId, out: &mut BTreeMap<String, TyId>) -> bool {
    match (bank.ty_node(pattern), bank.ty_node(actual)) {
        (TyNode::Param(p), _) => *out.entry(p.clone()).or_insert(actual) == actual,
        (TyNode::Set(a), TyNode::Set(b)) => match_ty(bank, *a, *b, out),
        (TyNode::Prod(a1, b1), TyNode::Prod(a2, b2))
        | (TyNode::Fun(a1, b1), TyNode::Fun(a2, b2)) => {
            match_ty(bank, *a1, *a2, out) && match_ty(bank, *b1, *b2, out)
        }
        (p, a) => p == a,
    }
}

/// Every choice of one candidate type per parameter (none if some parameter has no candidate),
/// in lexicographic order of type ids.
fn combinations(
    params: &BTreeSet<String>,
    candidates: &BTreeMap<String, BTreeSet<TyId>>,
) -> Vec<Vec<(String, TyId)>> {
    let mut acc: Vec<Vec<(String, TyId)>> = vec![Vec::new()];
    for p in params {
        let Some(tys) = candidates.get(p) else { return Vec::new() };
        let mut next = Vec::new();
        for choice in &acc {
            for &ty in tys {
                let mut c = choice.clone();
                c.push((p.clone(), ty));
                next.push(c);
            }
            if next.len() > MAX_INSTANCES_PER_HYPOTHESIS * 4 {
                break;
            }
        }
        acc = next;
    }
    acc
}

#[cfg(test)]
mod tests {
    use crate::spec::load_spec_str;
    use crate::syntax::SourceMap;
    use crate::translate::{TranslateOptions, translate_sequent};

    /// `(instance names, left-out reasons)` of the first sequent of lemma `l`.
    fn instances(text: &str) -> (Vec<String>, Vec<String>) {
        let mut sources = SourceMap::new();
        let (module, diags) = load_spec_str("inst.spec", text, &mut sources);
        let module = module.unwrap_or_else(|| panic!("{diags:?}"));
        let goal = module.goals().into_iter().find(|g| g.lemma.name == "l").unwrap();
        let sequents = translate_sequent(
            module.hol(),
            &module.sequent(&goal),
            &TranslateOptions::default(),
            "inst.spec",
        );
        let crate::translate::SequentOutcome::Problem(problem) = &sequents[0].outcome else {
            panic!("{:?}", sequents[0].outcome)
        };
        let mut names: Vec<String> = problem
            .clauses
            .iter()
            .map(|c| c.source.name.clone())
            .filter(|n| n.contains("_at_"))
            .collect();
        names.dedup();
        (names, sequents[0].left_out.iter().map(|(n, why)| format!("{n}: {why}")).collect())
    }

    #[test]
    fn instances_follow_the_types_the_goal_uses() {
        let (names, left_out) = instances(
            "type a\ntype b\nconst f :: \"'x => 'x\"\nconst c :: a\nconst d :: b\n\
             axiom f_id: \"ALL (y :: 'x). f y = y\"\nlemma l: \"f c = c & f d = d\"\n",
        );
        assert_eq!(names, vec!["f_id_at_a", "f_id_at_b"]);
        assert!(left_out.is_empty(), "{left_out:?}");
    }

    #[test]
    fn instances_are_bounded_and_the_rest_is_reported() {
        let mut text = String::from("const f :: \"'x => 'x\"\n");
        let mut uses = Vec::new();
        for i in 0..10 {
            text.push_str(&format!("type s{i}\nconst c{i} :: s{i}\n"));
            uses.push(format!("f c{i} = c{i}"));
        }
        text.push_str("axiom f_id: \"ALL (y :: 'x). f y = y\"\n");
        text.push_str(&format!("lemma l: \"{}\"\n", uses.join(" & ")));
        let (names, left_out) = instances(&text);
        assert_eq!(names.len(), super::MAX_INSTANCES_PER_HYPOTHESIS);
        assert_eq!(
            left_out,
            vec![format!(
                "f_id: only {} of its type instances are used",
                super::MAX_INSTANCES_PER_HYPOTHESIS
            )]
        );
    }
}
