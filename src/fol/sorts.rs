//! Sorts: from sorted first-order formulas (the spec translation's elimination pass, or a TPTP
//! TFF problem) to unsorted ones.
//!
//! The prover is unsorted, so sorts must be encoded or dropped. Three modes:
//!
//! * **guard**: every sort `s` gets a predicate `is_s`; every quantifier over `s` is relativized
//!   (`ALL x. is_s(x) --> P`, `EX x. is_s(x) & P`), every function symbol with result sort `s`
//!   gets the typing axiom `ALL xs. is_s(f(xs))`, and `EX x. is_s(x)` states that `s` is
//!   nonempty. Sound: from a sorted model take the union of the domains (any surplus elements
//!   get arbitrary symbol values); from an unsorted model take `is_s` as the domain of `s`
//!   (closed under the symbols by the typing axioms, nonempty by the last axiom). The typing
//!   axioms do not guard the arguments, which is stronger than needed but still satisfiable by
//!   the union model since `s` is nonempty.
//! * **erase**: drop sorts. Jahob's theorem: sound and complete when the sorts are pairwise
//!   disjoint (here by construction: every symbol has one signature, equality being the only
//!   overloaded symbol) and have the same cardinality. Cardinality cannot be read off the
//!   problem, so erasure is accepted only when it is justified without it: a problem with at
//!   most one sort, or one where every sort is monotone (below), in which case all domains can
//!   be blown up to a common cardinality. Otherwise the mode is refused with the sort and the
//!   equation that make it non-monotone.
//! * **auto**: erase the monotone sorts and guard the others (Claessen, Lillieström, Smallbone,
//!   "Sort It Out with Monotonicity", CADE 2011: guards are only needed for non-monotone sorts).
//!
//! **Monotonicity criterion implemented.** Claessen, Lillieström and Smallbone's second calculus
//! ([`super::monotone`]): a sort is monotone when some extension of the predicates to new
//! elements (a copy, constantly true, or constantly false) gives every literal that could turn
//! false on a new element (a positive equation on a variable of the sort, or a predicate
//! literal against its extension) a guard in each clause that contains it. With every predicate
//! copied this is the first calculus: no positive equation on a variable of the sort.
//!
//! **Infinite sorts.** A sort whose intended models are all infinite (the integers, for the HOL
//! translation) needs no monotonicity for erasure: Jahob's condition is a common cardinality,
//! and in a countable model (downward Löwenheim–Skolem keeps an infinite sort infinite) every
//! infinite sort is countably infinite while every monotone one can be blown up to that size.
//! The caller names such sorts; TPTP problems have none.

use std::collections::{BTreeMap, BTreeSet};

use super::formula::{Formula, Quantifier, Term as FTerm};
use super::monotone::{Monotonicity, monotonicity};

/// The sorts of a first-order symbol: argument sorts and result sort (`None` for a predicate).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolSorts {
    /// Sorts of the arguments, in order.
    pub args: Vec<String>,
    /// The result sort; `None` for predicates.
    pub result: Option<String>,
}

impl SortMode {
    /// Every mode with the name users type and one line about it: the one table the command
    /// line, the workbench's `set`/`get`, completion and sessions read.
    pub const NAMES: [(SortMode, &'static str, &'static str); 3] = [
        (SortMode::Auto, "auto", "Erase monotone sorts, guard the others."),
        (SortMode::Guard, "guard", "Guard every sort with a predicate."),
        (SortMode::Erase, "erase", "Drop sorts (refused unless justified)."),
    ];

    /// The name users type.
    pub fn name(self) -> &'static str {
        Self::NAMES.iter().find(|(m, _, _)| *m == self).map_or("?", |(_, n, _)| n)
    }

    /// The mode a name stands for.
    pub fn from_name(name: &str) -> Option<SortMode> {
        Self::NAMES.iter().find(|(_, n, _)| *n == name).map(|(m, _, _)| *m)
    }
}

/// How sorts are handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum SortMode {
    /// Guard every sort with a predicate.
    Guard,
    /// Drop sorts (refused unless justified).
    Erase,
    /// Erase the monotone sorts, guard the rest.
    #[default]
    Auto,
}

/// What happened to one sort.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortDecision {
    /// The sort.
    pub sort: String,
    /// Whether it got a guard predicate.
    pub guarded: bool,
    /// The guard predicate's name, when guarded: in a model of the encoded problem, the sort's
    /// elements are those the guard holds of.
    pub guard: Option<String>,
    /// Why.
    pub reason: String,
}

/// The sort-free result: formulas to add as axioms and the rewriting function's choice.
#[derive(Clone, Debug)]
pub struct SortEncoding {
    /// One decision per sort, by sort name.
    pub decisions: Vec<SortDecision>,
    /// Typing and non-emptiness axioms for the guarded sorts, with names.
    pub axioms: Vec<(String, Formula)>,
    guarded: BTreeSet<String>,
    /// `is_`, lengthened with underscores until no symbol of the problem starts with it, so a
    /// guard predicate never coincides with a problem symbol.
    guard_prefix: String,
}

/// Every sort occurring in the symbols or variables, in order.
pub fn all_sorts(
    symbols: &BTreeMap<String, SymbolSorts>,
    var_sorts: &BTreeMap<String, String>,
) -> BTreeSet<String> {
    let mut sorts: BTreeSet<String> = var_sorts.values().cloned().collect();
    for s in symbols.values() {
        sorts.extend(s.args.iter().cloned());
        sorts.extend(s.result.iter().cloned());
    }
    sorts
}

/// Decides per sort, or explains why `mode` is refused. `infinite` are sorts whose intended
/// models are all infinite (the integers of the HOL translation): they need no monotonicity,
/// since a countable model (downward Löwenheim–Skolem keeps an infinite sort infinite) gives
/// every infinite sort the same cardinality, and the monotone ones can be blown up to it.
pub fn encode_sorts(
    mode: SortMode,
    assumed: &[&Formula],
    symbols: &BTreeMap<String, SymbolSorts>,
    var_sorts: &BTreeMap<String, String>,
    infinite: &BTreeSet<String>,
) -> Result<SortEncoding, EraseRefused> {
    let sorts = all_sorts(symbols, var_sorts);
    let analysis = if mode == SortMode::Guard {
        BTreeMap::new()
    } else {
        monotonicity(assumed, symbols, var_sorts)
    };
    let mut decisions = Vec::new();
    let mut refused = BTreeMap::new();
    for sort in &sorts {
        let verdict = analysis.get(sort);
        let (guarded, reason) = match (mode, verdict) {
            (SortMode::Guard, _) => (true, "--sorts guard".to_string()),
            _ if mode == SortMode::Erase && sorts.len() <= 1 => {
                (false, "the only sort: erasure is exact".to_string())
            }
            (_, Some(Monotonicity::NotMonotone(_))) if infinite.contains(sort) => (
                false,
                "infinite in every intended model: erasure needs no monotonicity".to_string(),
            ),
            (_, Some(Monotonicity::NotMonotone(witness))) => {
                if mode == SortMode::Erase {
                    refused.insert(sort.clone(), witness.clone());
                }
                (true, format!("not monotone: {witness}"))
            }
            (_, Some(Monotonicity::Monotone(extended))) if !extended.is_empty() => {
                let how: Vec<String> = extended
                    .iter()
                    .map(|(p, v)| format!("{p} with {}", if *v { "true" } else { "false" }))
                    .collect();
                (false, format!("monotone when new elements extend {}", how.join(", ")))
            }
            _ => (false, "monotone: no positive equation on a variable of this sort".to_string()),
        };
        decisions.push(SortDecision { sort: sort.clone(), guarded, guard: None, reason });
    }
    if !refused.is_empty() {
        return Err(EraseRefused { sorts: sorts.len(), non_monotone: refused });
    }
    // With one sort only, guarding buys nothing in auto mode either.
    if mode == SortMode::Auto && sorts.len() == 1 {
        for d in &mut decisions {
            d.guarded = false;
            d.reason = "the only sort: erasure is exact".to_string();
        }
    }
    let guarded: BTreeSet<String> =
        decisions.iter().filter(|d| d.guarded).map(|d| d.sort.clone()).collect();
    let mut guard_prefix = "is_".to_string();
    while symbols.keys().any(|name| name.starts_with(&guard_prefix)) {
        guard_prefix.push('_');
    }
    for d in &mut decisions {
        d.guard = d.guarded.then(|| format!("{guard_prefix}{}", d.sort));
    }
    let mut axioms = Vec::new();
    for sort in &guarded {
        axioms.push((
            format!("sort_{sort}_nonempty"),
            Formula::Quantified(
                Quantifier::Exists,
                vec!["X".into()],
                Box::new(Formula::Atom(
                    format!("{guard_prefix}{sort}"),
                    vec![FTerm::Var("X".into())],
                )),
            ),
        ));
    }
    for (name, sig) in symbols {
        let Some(result) = &sig.result else { continue };
        if !guarded.contains(result) {
            continue;
        }
        let vars: Vec<String> = (0..sig.args.len()).map(|i| format!("X{i}")).collect();
        let app = FTerm::App(name.clone(), vars.iter().map(|v| FTerm::Var(v.clone())).collect());
        let atom = Formula::Atom(format!("{guard_prefix}{result}"), vec![app]);
        let axiom = if vars.is_empty() {
            atom
        } else {
            Formula::Quantified(Quantifier::Forall, vars, Box::new(atom))
        };
        axioms.push((format!("sort_{name}"), axiom));
    }
    Ok(SortEncoding { decisions, axioms, guarded, guard_prefix })
}

/// Why `--sorts erase` is not justified: Jahob's erasure theorem needs the sorts to be disjoint
/// (they are: every symbol has one signature) and of one common cardinality in some model of
/// the sorted problem. The criterion used for the latter is that every sort is monotone (its
/// domain can be enlarged at will), or that there is only one sort; each non-monotone sort is
/// named with the positive equation that may bound its size.
/// Why `--sorts erase` was refused: sorts that are not monotone (nor infinite) would be
/// erased into one domain with the others, which is unsound. The input is fine; the mode asked
/// for cannot be honoured on it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "--sorts erase refused: erasing {sorts} sorts into one domain is sound only if some model \
     gives them all the same cardinality (Jahob's condition); that is guaranteed when every sort \
     is monotone (or infinite, as the integers are), but {}: such an equation on a universally \
     quantified variable can bound the size of the sort below that of the others, and then the \
     erased problem may be unsatisfiable when the sorted one is not; use --sorts auto (guards \
     only these sorts) or --sorts guard",
    listed(.non_monotone)
)]
pub struct EraseRefused {
    /// How many sorts there are.
    pub sorts: usize,
    /// Each sort that is not monotone, with the witness (a positive equation on a variable).
    pub non_monotone: BTreeMap<String, String>,
}

/// The non-monotone sorts as [`EraseRefused`] lists them.
fn listed(non_monotone: &BTreeMap<String, String>) -> String {
    let listed: Vec<String> = non_monotone
        .iter()
        .map(|(sort, witness)| format!("sort `{sort}` is not monotone ({witness})"))
        .collect();
    listed.join(", ")
}

impl SortEncoding {
    /// `f` with quantifiers over guarded sorts relativized.
    pub fn relativize(&self, f: &Formula, var_sorts: &BTreeMap<String, String>) -> Formula {
        let rec = |g: &Formula| self.relativize(g, var_sorts);
        match f {
            Formula::True | Formula::False | Formula::Atom(..) | Formula::Equal(..) => f.clone(),
            Formula::Not(g) => rec(g).negate(),
            Formula::And(fs) => Formula::And(fs.iter().map(rec).collect()),
            Formula::Or(fs) => Formula::Or(fs.iter().map(rec).collect()),
            Formula::Implies(a, b) => Formula::Implies(Box::new(rec(a)), Box::new(rec(b))),
            Formula::Iff(a, b) => Formula::Iff(Box::new(rec(a)), Box::new(rec(b))),
            Formula::Xor(a, b) => Formula::Xor(Box::new(rec(a)), Box::new(rec(b))),
            Formula::Quantified(q, vars, body) => {
                let guards: Vec<Formula> = vars
                    .iter()
                    .filter_map(|v| {
                        let sort = var_sorts.get(v)?;
                        self.guarded.contains(sort).then(|| {
                            Formula::Atom(
                                format!("{}{sort}", self.guard_prefix),
                                vec![FTerm::Var(v.clone())],
                            )
                        })
                    })
                    .collect();
                let body = rec(body);
                let body = if guards.is_empty() {
                    body
                } else if *q == Quantifier::Forall {
                    Formula::Implies(Box::new(Formula::And(guards)), Box::new(body))
                } else {
                    let mut parts = guards;
                    parts.push(body);
                    Formula::And(parts)
                };
                Formula::Quantified(*q, vars.clone(), Box::new(body))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fol::formula::{Formula, Quantifier, Term as FTerm, show_formula};
    use std::collections::{BTreeMap, BTreeSet};

    fn var(v: &str) -> FTerm {
        FTerm::Var(v.into())
    }

    fn setup() -> (Formula, BTreeMap<String, SymbolSorts>, BTreeMap<String, String>) {
        // ALL X Y :: s. X = Y  (s has one element), and ALL Z :: t. p(Z, c).
        let small = Formula::Quantified(
            Quantifier::Forall,
            vec!["X".into(), "Y".into()],
            Box::new(Formula::Equal(var("X"), var("Y"))),
        );
        let other = Formula::Quantified(
            Quantifier::Forall,
            vec!["Z".into()],
            Box::new(Formula::Atom("p".into(), vec![var("Z"), FTerm::App("c".into(), vec![])])),
        );
        let symbols = BTreeMap::from([
            ("p".to_string(), SymbolSorts { args: vec!["t".into(), "s".into()], result: None }),
            ("c".to_string(), SymbolSorts { args: vec![], result: Some("s".into()) }),
        ]);
        let var_sorts = BTreeMap::from([
            ("X".to_string(), "s".to_string()),
            ("Y".to_string(), "s".to_string()),
            ("Z".to_string(), "t".to_string()),
        ]);
        (Formula::And(vec![small, other]), symbols, var_sorts)
    }

    #[test]
    fn auto_guards_only_the_non_monotone_sort() {
        let (f, symbols, var_sorts) = setup();
        let enc =
            encode_sorts(SortMode::Auto, &[&f], &symbols, &var_sorts, &BTreeSet::new()).unwrap();
        let decided: Vec<(String, bool)> =
            enc.decisions.iter().map(|d| (d.sort.clone(), d.guarded)).collect();
        assert_eq!(decided, vec![("s".to_string(), true), ("t".to_string(), false)]);
        assert_eq!(
            show_formula(&enc.relativize(&f, &var_sorts)),
            "(![X,Y]: ((is_s(X) & is_s(Y)) => X = Y) & ![Z]: p(Z,c))"
        );
        let axioms: Vec<String> =
            enc.axioms.iter().map(|(n, a)| format!("{n}: {}", show_formula(a))).collect();
        assert_eq!(
            axioms,
            vec!["sort_s_nonempty: ?[X]: is_s(X)".to_string(), "sort_c: is_s(c)".to_string()]
        );
    }

    #[test]
    fn erase_is_refused_for_a_non_monotone_sort_among_several() {
        let (f, symbols, var_sorts) = setup();
        let err = encode_sorts(SortMode::Erase, &[&f], &symbols, &var_sorts, &BTreeSet::new())
            .unwrap_err();
        assert!(err.non_monotone.contains_key("s"), "{err}");
        assert!(err.to_string().contains("sort `s` is not monotone"), "{err}");
        let (g, _, _) = setup();
        let Formula::And(parts) = g else { unreachable!() };
        let enc =
            encode_sorts(SortMode::Erase, &[&parts[1]], &symbols, &var_sorts, &BTreeSet::new())
                .unwrap();
        assert!(enc.decisions.iter().all(|d| !d.guarded));
    }
}
