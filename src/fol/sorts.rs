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
//! **Monotonicity criterion implemented.** A sort `s` is monotone when the problem (hypotheses
//! and negated goal) contains no equation `X = t` (or `t = X`) that will become a *positive*
//! clause literal with `X` a *variable* of sort `s`. On formulas this is decided before
//! clausification, which produces exactly such a literal from an equation that occurs with
//! positive polarity (or under `<=>`, both polarities) whose side `X` is bound by a quantifier
//! that becomes universal (`ALL` at positive, `EX` at negative polarity; under `<=>` both
//! kinds count, conservatively). Skolemization turns the other quantifiers into terms, and the
//! clausifier's definitional naming introduces no equations. Why it suffices: take a model and
//! add a copy `e'` of an element `e` of sort `s` that behaves like `e` under every symbol. Every
//! literal keeps its truth value under every assignment except equations between a copy and its
//! original; those make negative literals `X != t` true, and positive ones `X = t` with `X` a
//! variable are the only positive literals that can turn false. So without such literals every
//! clause stays true: the sort can be enlarged to any size, and an unsorted model (one domain)
//! can be built from a sorted one.

use std::collections::{BTreeMap, BTreeSet};

use super::formula::{Formula, Quantifier, Term as FTerm, show_term as show_fol_term};

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

/// The non-monotone sorts of a problem, each with a witness equation, per the criterion above.
/// `assumed` are formulas assumed true (hypotheses and the negated goal).
pub fn non_monotone_sorts(
    assumed: &[&Formula],
    var_sorts: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for f in assumed {
        scan(f, Some(true), &mut Vec::new(), var_sorts, &mut out);
    }
    out
}

/// `pol`: `Some(true)` positive, `Some(false)` negative, `None` both.
fn scan(
    f: &Formula,
    pol: Option<bool>,
    universal: &mut Vec<String>,
    var_sorts: &BTreeMap<String, String>,
    out: &mut BTreeMap<String, String>,
) {
    let flip = pol.map(|p| !p);
    match f {
        Formula::True | Formula::False | Formula::Atom(..) => {}
        Formula::Equal(a, b) => {
            if pol != Some(false) {
                for side in [a, b] {
                    if let FTerm::Var(x) = side
                        && universal.contains(x)
                        && let Some(sort) = var_sorts.get(x)
                    {
                        out.entry(sort.clone()).or_insert_with(|| {
                            format!("{} = {}", show_fol_term(a), show_fol_term(b))
                        });
                    }
                }
            }
        }
        Formula::Not(g) => scan(g, flip, universal, var_sorts, out),
        Formula::And(fs) | Formula::Or(fs) => {
            for g in fs {
                scan(g, pol, universal, var_sorts, out);
            }
        }
        Formula::Implies(a, b) => {
            scan(a, flip, universal, var_sorts, out);
            scan(b, pol, universal, var_sorts, out);
        }
        Formula::Iff(a, b) | Formula::Xor(a, b) => {
            scan(a, None, universal, var_sorts, out);
            scan(b, None, universal, var_sorts, out);
        }
        Formula::Quantified(q, vars, body) => {
            let is_universal = match pol {
                None => true,
                Some(p) => (*q == Quantifier::Forall) == p,
            };
            let depth = universal.len();
            if is_universal {
                universal.extend(vars.iter().cloned());
            }
            scan(body, pol, universal, var_sorts, out);
            universal.truncate(depth);
        }
    }
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

/// Decides per sort, or explains why `mode` is refused.
pub fn encode_sorts(
    mode: SortMode,
    assumed: &[&Formula],
    symbols: &BTreeMap<String, SymbolSorts>,
    var_sorts: &BTreeMap<String, String>,
) -> Result<SortEncoding, String> {
    let sorts = all_sorts(symbols, var_sorts);
    let non_monotone = non_monotone_sorts(assumed, var_sorts);
    let mut decisions = Vec::new();
    for sort in &sorts {
        let (guarded, reason) = match (mode, non_monotone.get(sort)) {
            (SortMode::Guard, _) => (true, "--sorts guard".to_string()),
            (SortMode::Erase, _) if sorts.len() <= 1 => {
                (false, "the only sort: erasure is exact".to_string())
            }
            (SortMode::Erase, Some(_)) => return Err(erase_refusal(&sorts, &non_monotone)),
            (SortMode::Erase, None) => (
                false,
                "monotone: no positive equation on a variable of this sort, so its domain can be \
                 enlarged to the common cardinality erasure needs"
                    .to_string(),
            ),
            (SortMode::Auto, None) => {
                (false, "monotone: no positive equation on a variable of this sort".to_string())
            }
            (SortMode::Auto, Some(witness)) => {
                (true, format!("not monotone: positive equation `{witness}`"))
            }
        };
        decisions.push(SortDecision { sort: sort.clone(), guarded, reason });
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
fn erase_refusal(sorts: &BTreeSet<String>, non_monotone: &BTreeMap<String, String>) -> String {
    let listed: Vec<String> = non_monotone
        .iter()
        .map(|(sort, witness)| {
            format!("sort `{sort}` is not monotone (positive equation `{witness}`)")
        })
        .collect();
    format!(
        "--sorts erase refused: erasing {} sorts into one domain is sound only if some model gives \
         them all the same cardinality (Jahob's condition); that is guaranteed when every sort is \
         monotone, but {}: such an equation on a universally quantified variable can bound the \
         size of the sort below that of the others, and then the erased problem may be \
         unsatisfiable when the sorted one is not; use --sorts auto (guards only these sorts) or \
         --sorts guard",
        sorts.len(),
        listed.join(", ")
    )
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
    use std::collections::BTreeMap;

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
    fn positive_variable_equations_make_a_sort_non_monotone() {
        let (f, _, var_sorts) = setup();
        let found = non_monotone_sorts(&[&f], &var_sorts);
        assert_eq!(found, BTreeMap::from([("s".to_string(), "X = Y".to_string())]));
        // Negated, the equation is negative and its variables existential: monotone.
        assert!(non_monotone_sorts(&[&f.clone().negate()], &var_sorts).is_empty());
    }

    #[test]
    fn auto_guards_only_the_non_monotone_sort() {
        let (f, symbols, var_sorts) = setup();
        let enc = encode_sorts(SortMode::Auto, &[&f], &symbols, &var_sorts).unwrap();
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
        let err = encode_sorts(SortMode::Erase, &[&f], &symbols, &var_sorts).unwrap_err();
        assert!(err.contains("sort `s` is not monotone"), "{err}");
        let (g, _, _) = setup();
        let Formula::And(parts) = g else { unreachable!() };
        let enc = encode_sorts(SortMode::Erase, &[&parts[1]], &symbols, &var_sorts).unwrap();
        assert!(enc.decisions.iter().all(|d| !d.guarded));
    }
}
