//! Which sorts of a sorted problem are monotone: Claessen, Lillieström and Smallbone's second
//! calculus ("Sort It Out with Monotonicity", CADE 2011), where predicates may be extended with
//! `true` or `false` on new elements.
//!
//! # The argument
//!
//! A sort `s` is *monotone* when every model of the problem can be enlarged at `s` by any number
//! of elements. Take a model and add an element `e'` to `s` that functions treat as a copy of an
//! old element `e` (so no function ever returns `e'`), and give each predicate `P` with an
//! argument of sort `s` one of three *extensions* for arguments that are new: a copy of its value
//! at `e`, constantly `true`, or constantly `false`. Then read every clause under an assignment
//! that maps some variables of sort `s` to `e'`, against the same assignment with `e` in their
//! place (under which the clause was true). A literal can only turn from true to false when it
//! is
//!
//! - a positive equation with a new variable `X` on one side (`X = t` compares `e'` with an old
//!   element, or with another new variable),
//! - a positive `P(.., X, ..)` with `P` extended by `false`, or a negative one with `P` extended
//!   by `true` (`X` a direct argument at a position of sort `s`),
//!
//! and the clause is then still true if it contains a *guard* of `X`, a literal that is true
//! whenever `X` is new: a negative equation `X != t` with `t` not a variable (functions never
//! return `e'`), a negative `~P(.., X, ..)` with `P` extended by `false`, or a positive
//! `P(.., X, ..)` with `P` extended by `true`. So `s` is monotone when some choice of extensions
//! gives every *risky* literal a guard in every clause that contains it; with all predicates
//! copied this is the first calculus (no positive equation on a variable of sort `s`).
//!
//! The choice is a small propositional problem (two variables per predicate and sort: extended
//! by `true`, extended by `false`), solved here by a complete DPLL search, so the decision is
//! exact for the calculus.
//!
//! # Clauses without clausifying
//!
//! The analysis reads the formulas in negation normal form, where a literal `L` and a literal
//! `G` share every clause that contains `L` exactly when `G` is reached from an `|` ancestor of
//! `L` through `|` nodes only. So each literal is analysed with the set of literals so reached
//! (its *context*); existentially quantified variables (after polarity) are Skolem terms, not
//! variables. An equivalence `A <-> B` is read as both implications; the expansion is bounded
//! ([`MAX_NODES`]), beyond which every sort is reported non-monotone (conservative).

use std::collections::{BTreeMap, BTreeSet};

use super::formula::{Formula, Quantifier, Term as FTerm, show_term};
use super::sorts::SymbolSorts;

/// Negation-normal-form nodes the analysis builds at most; a larger expansion is answered
/// conservatively (no sort is monotone).
pub const MAX_NODES: usize = 200_000;

/// What the calculus says about one sort.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Monotonicity {
    /// Monotone, with the predicates that must be extended by a constant (name, value); every
    /// other predicate copies.
    Monotone(Vec<(String, bool)>),
    /// Not monotone by the calculus, with a literal that cannot be guarded.
    NotMonotone(String),
}

/// A direct argument of a literal: a universally quantified variable, or anything else (a
/// function application, a distinct object, a Skolemized variable): an old element.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Arg {
    Var(String),
    Other,
}

#[derive(Clone, Debug)]
enum LitAtom {
    Pred(String, Vec<Arg>),
    Eq(Arg, Arg),
}

#[derive(Clone, Debug)]
struct Lit {
    positive: bool,
    atom: LitAtom,
    /// The literal as written, for witnesses.
    shown: String,
}

enum Nnf {
    Lit(usize),
    And(Vec<Nnf>),
    Or(Vec<Nnf>),
}

struct Builder<'a> {
    lits: Vec<Lit>,
    nodes: usize,
    var_sorts: &'a BTreeMap<String, String>,
}

impl Builder<'_> {
    fn arg(&self, t: &FTerm, universal: &[String]) -> Arg {
        match t {
            FTerm::Var(x) if universal.contains(x) => Arg::Var(x.clone()),
            _ => Arg::Other,
        }
    }

    /// `f` at polarity `positive`, in negation normal form; `universal` are the variables
    /// bound universally (after polarity) around it.
    fn build(&mut self, f: &Formula, positive: bool, universal: &mut Vec<String>) -> Option<Nnf> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return None;
        }
        Some(match f {
            Formula::True | Formula::False => {
                // A constant literal neither risks nor guards anything.
                Nnf::And(Vec::new())
            }
            Formula::Atom(p, args) => {
                let args = args.iter().map(|a| self.arg(a, universal)).collect();
                let shown = format!("{}{}", if positive { "" } else { "~" }, show_atom(p, f));
                self.lits.push(Lit { positive, atom: LitAtom::Pred(p.clone(), args), shown });
                Nnf::Lit(self.lits.len() - 1)
            }
            Formula::Equal(a, b) => {
                let shown = format!(
                    "{} {} {}",
                    show_term(a),
                    if positive { "=" } else { "!=" },
                    show_term(b)
                );
                let atom = LitAtom::Eq(self.arg(a, universal), self.arg(b, universal));
                self.lits.push(Lit { positive, atom, shown });
                Nnf::Lit(self.lits.len() - 1)
            }
            Formula::Not(g) => self.build(g, !positive, universal)?,
            Formula::And(fs) | Formula::Or(fs) => {
                let mut parts = Vec::new();
                for g in fs {
                    parts.push(self.build(g, positive, universal)?);
                }
                if matches!(f, Formula::And(_)) == positive {
                    Nnf::And(parts)
                } else {
                    Nnf::Or(parts)
                }
            }
            Formula::Implies(a, b) => {
                let na = self.build(a, !positive, universal)?;
                let nb = self.build(b, positive, universal)?;
                if positive { Nnf::Or(vec![na, nb]) } else { Nnf::And(vec![na, nb]) }
            }
            Formula::Iff(a, b) | Formula::Xor(a, b) => {
                // A <-> B is (~A | B) & (A | ~B); negated, (A & ~B) | (~A & B). Xor is the
                // negated equivalence.
                let iff = matches!(f, Formula::Iff(..)) == positive;
                let na = self.build(a, false, universal)?;
                let pa = self.build(a, true, universal)?;
                let nb = self.build(b, false, universal)?;
                let pb = self.build(b, true, universal)?;
                if iff {
                    Nnf::And(vec![Nnf::Or(vec![na, pb]), Nnf::Or(vec![pa, nb])])
                } else {
                    Nnf::Or(vec![Nnf::And(vec![pa, nb]), Nnf::And(vec![na, pb])])
                }
            }
            Formula::Quantified(q, vars, body) => {
                let is_universal = (*q == Quantifier::Forall) == positive;
                let saved = universal.clone();
                if is_universal {
                    universal.extend(vars.iter().cloned());
                } else {
                    // Skolemized: these names stand for terms inside the body.
                    universal.retain(|v| !vars.contains(v));
                }
                let inner = self.build(body, positive, universal);
                *universal = saved;
                inner?
            }
        })
    }

    fn sort_of_var(&self, x: &str) -> Option<&String> {
        self.var_sorts.get(x)
    }
}

fn show_atom(p: &str, f: &Formula) -> String {
    match f {
        Formula::Atom(_, args) if !args.is_empty() => {
            let shown: Vec<String> = args.iter().map(show_term).collect();
            format!("{p}({})", shown.join(","))
        }
        _ => p.to_string(),
    }
}

/// Literals of a node reachable through `|` nodes only.
fn or_reachable(n: &Nnf, out: &mut Vec<usize>) {
    match n {
        Nnf::Lit(i) => out.push(*i),
        Nnf::Or(parts) => parts.iter().for_each(|p| or_reachable(p, out)),
        Nnf::And(_) => {}
    }
}

/// Every literal with its context (the literals in every clause that contains it).
fn contexts(n: &Nnf, context: &mut Vec<usize>, out: &mut Vec<(usize, Vec<usize>)>) {
    match n {
        Nnf::Lit(i) => out.push((*i, context.clone())),
        Nnf::And(parts) => parts.iter().for_each(|p| contexts(p, context, out)),
        Nnf::Or(parts) => {
            let reach: Vec<Vec<usize>> = parts
                .iter()
                .map(|p| {
                    let mut r = Vec::new();
                    or_reachable(p, &mut r);
                    r
                })
                .collect();
            for (i, p) in parts.iter().enumerate() {
                let depth = context.len();
                for (j, r) in reach.iter().enumerate() {
                    if i != j {
                        context.extend(r.iter().copied());
                    }
                }
                contexts(p, context, out);
                context.truncate(depth);
            }
        }
    }
}

/// When a literal is active as a risk or a guard: always, or under a predicate's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum When {
    Always,
    /// Predicate index, extended by `true` (`true`) or `false`.
    Extended(usize, bool),
}

/// Decides every sort occurring in `var_sorts` (the sorts variables can have; a sort without
/// variables is trivially monotone and not listed).
pub fn monotonicity(
    assumed: &[&Formula],
    symbols: &BTreeMap<String, SymbolSorts>,
    var_sorts: &BTreeMap<String, String>,
) -> BTreeMap<String, Monotonicity> {
    let sorts: BTreeSet<String> = var_sorts.values().cloned().collect();
    let mut builder = Builder { lits: Vec::new(), nodes: 0, var_sorts };
    let mut roots = Vec::new();
    for f in assumed {
        match builder.build(f, true, &mut Vec::new()) {
            Some(n) => roots.push(n),
            None => {
                let why = format!(
                    "the formulas are too large to analyse (over {MAX_NODES} nodes in negation \
                     normal form)"
                );
                return sorts
                    .into_iter()
                    .map(|s| (s, Monotonicity::NotMonotone(why.clone())))
                    .collect();
            }
        }
    }
    let mut with_context = Vec::new();
    for r in &roots {
        contexts(r, &mut Vec::new(), &mut with_context);
    }
    let predicates: Vec<String> = {
        let mut ps: BTreeSet<String> = BTreeSet::new();
        for l in &builder.lits {
            if let LitAtom::Pred(p, _) = &l.atom {
                ps.insert(p.clone());
            }
        }
        ps.into_iter().collect()
    };
    let index: BTreeMap<&str, usize> =
        predicates.iter().enumerate().map(|(i, p)| (p.as_str(), i)).collect();
    let mut out = BTreeMap::new();
    for sort in sorts {
        let decision = decide_sort(&sort, &builder, &with_context, &predicates, &index, symbols);
        out.insert(sort, decision);
    }
    out
}

/// The occurrences of `x` as a direct argument at a position of `sort` in a literal, with when
/// the literal risks it or guards it.
fn roles(
    lit: &Lit,
    x: &str,
    sort: &str,
    index: &BTreeMap<&str, usize>,
    symbols: &BTreeMap<String, SymbolSorts>,
) -> (Option<When>, Option<When>) {
    match &lit.atom {
        LitAtom::Eq(a, b) => {
            let naked = |s: &Arg| matches!(s, Arg::Var(v) if v == x);
            let other = if naked(a) {
                b
            } else if naked(b) {
                a
            } else {
                return (None, None);
            };
            if lit.positive {
                // `X = X` is true whatever X is.
                if matches!(other, Arg::Var(v) if v == x) {
                    (None, None)
                } else {
                    (Some(When::Always), None)
                }
            } else if matches!(other, Arg::Other) {
                // `X != t` with t an old element: true when X is new.
                (None, Some(When::Always))
            } else {
                (None, None)
            }
        }
        LitAtom::Pred(p, args) => {
            let Some(sig) = symbols.get(p) else { return (None, None) };
            let at_sort = args.iter().enumerate().any(|(i, a)| {
                matches!(a, Arg::Var(v) if v == x) && sig.args.get(i).is_some_and(|s| s == sort)
            });
            if !at_sort {
                return (None, None);
            }
            let Some(&pi) = index.get(p.as_str()) else { return (None, None) };
            // Positive: risky when extended by false, a guard when extended by true; negative
            // the other way round.
            let risk = When::Extended(pi, !lit.positive);
            let guard = When::Extended(pi, lit.positive);
            (Some(risk), Some(guard))
        }
    }
}

fn decide_sort(
    sort: &str,
    builder: &Builder<'_>,
    with_context: &[(usize, Vec<usize>)],
    predicates: &[String],
    index: &BTreeMap<&str, usize>,
    symbols: &BTreeMap<String, SymbolSorts>,
) -> Monotonicity {
    // Propositional variables: 2i is "P_i extended by true", 2i+1 "P_i extended by false".
    let var_of = |w: When| -> Option<usize> {
        match w {
            When::Always => None,
            When::Extended(i, true) => Some(2 * i),
            When::Extended(i, false) => Some(2 * i + 1),
        }
    };
    let mut clauses: Vec<Vec<(usize, bool)>> = Vec::new();
    let mut first_unconditional: Option<String> = None;
    for (li, context) in with_context {
        let lit = &builder.lits[*li];
        let vars: Vec<&String> = match &lit.atom {
            LitAtom::Eq(a, b) => [a, b]
                .into_iter()
                .filter_map(|s| if let Arg::Var(v) = s { Some(v) } else { None })
                .collect(),
            LitAtom::Pred(_, args) => args
                .iter()
                .filter_map(|s| if let Arg::Var(v) = s { Some(v) } else { None })
                .collect(),
        };
        let mut seen: Vec<&String> = Vec::new();
        for x in vars {
            if seen.contains(&x) || builder.sort_of_var(x).map(String::as_str) != Some(sort) {
                continue;
            }
            seen.push(x);
            let (risk, _) = roles(lit, x, sort, index, symbols);
            let Some(risk) = risk else { continue };
            let mut guards: BTreeSet<When> = BTreeSet::new();
            for g in context {
                if g == li {
                    continue;
                }
                if let (_, Some(w)) = roles(&builder.lits[*g], x, sort, index, symbols) {
                    guards.insert(w);
                }
            }
            if guards.contains(&When::Always) {
                continue;
            }
            // risk -> one of the guards.
            let mut clause: Vec<(usize, bool)> =
                guards.iter().filter_map(|w| var_of(*w)).map(|v| (v, true)).collect();
            match var_of(risk) {
                Some(v) => clause.push((v, false)),
                None => {
                    if clause.is_empty() && first_unconditional.is_none() {
                        first_unconditional = Some(lit.shown.clone());
                    }
                }
            }
            clause.sort_unstable();
            clause.dedup();
            clauses.push(clause);
        }
    }
    if let Some(witness) = first_unconditional {
        return Monotonicity::NotMonotone(format!("positive equation `{witness}` with no guard"));
    }
    // A predicate is extended by at most one constant.
    for i in 0..predicates.len() {
        clauses.push(vec![(2 * i, false), (2 * i + 1, false)]);
    }
    match dpll(2 * predicates.len(), &clauses) {
        Some(model) => {
            let extended = predicates
                .iter()
                .enumerate()
                .filter_map(|(i, p)| {
                    if model[2 * i] {
                        Some((p.clone(), true))
                    } else if model[2 * i + 1] {
                        Some((p.clone(), false))
                    } else {
                        None
                    }
                })
                .collect();
            Monotonicity::Monotone(extended)
        }
        None => Monotonicity::NotMonotone(
            "no extension of the predicates guards every positive equation on a variable of \
             this sort"
                .to_string(),
        ),
    }
}

/// A model of the clauses (variable index, value) over `n` variables, preferring `false` (the
/// copy extension), or `None` if there is none. Complete and deterministic.
fn dpll(n: usize, clauses: &[Vec<(usize, bool)>]) -> Option<Vec<bool>> {
    fn solve(assign: &mut Vec<Option<bool>>, clauses: &[Vec<(usize, bool)>]) -> bool {
        // Unit propagation to a fixpoint, undone on failure by the caller's copy.
        loop {
            let mut changed = false;
            for c in clauses {
                let mut open = None;
                let mut open_count = 0;
                let mut satisfied = false;
                for &(v, want) in c {
                    match assign[v] {
                        Some(b) if b == want => {
                            satisfied = true;
                            break;
                        }
                        Some(_) => {}
                        None => {
                            open_count += 1;
                            open = Some((v, want));
                        }
                    }
                }
                if satisfied {
                    continue;
                }
                match (open_count, open) {
                    (0, _) => return false,
                    (1, Some((v, want))) => {
                        assign[v] = Some(want);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                break;
            }
        }
        let Some(v) = assign.iter().position(Option::is_none) else { return true };
        for value in [false, true] {
            let mut trial = assign.clone();
            trial[v] = Some(value);
            if solve(&mut trial, clauses) {
                *assign = trial;
                return true;
            }
        }
        false
    }
    let mut assign = vec![None; n];
    if solve(&mut assign, clauses) {
        Some(assign.into_iter().map(|b| b.unwrap_or(false)).collect())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(v: &str) -> FTerm {
        FTerm::Var(v.into())
    }
    fn app(f: &str, args: Vec<FTerm>) -> FTerm {
        FTerm::App(f.into(), args)
    }
    fn all(vars: &[&str], body: Formula) -> Formula {
        Formula::Quantified(
            Quantifier::Forall,
            vars.iter().map(|v| v.to_string()).collect(),
            Box::new(body),
        )
    }

    fn sorts(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(v, s)| (v.to_string(), s.to_string())).collect()
    }

    #[test]
    fn a_guarded_equation_is_monotone_with_a_false_extension() {
        // ALL x a. content(x, a) <-> a = key(x): the equation is risky, guarded by
        // ~content(x, a) when content is extended by false; the other direction has content
        // positive (risky under false), guarded by a != key(x).
        let f = all(
            &["X", "A"],
            Formula::Iff(
                Box::new(Formula::Atom("content".into(), vec![var("X"), var("A")])),
                Box::new(Formula::Equal(var("A"), app("key", vec![var("X")]))),
            ),
        );
        let symbols = BTreeMap::from([
            (
                "content".to_string(),
                SymbolSorts { args: vec!["obj".into(), "int".into()], result: None },
            ),
            (
                "key".to_string(),
                SymbolSorts { args: vec!["obj".into()], result: Some("int".into()) },
            ),
        ]);
        let m = monotonicity(&[&f], &symbols, &sorts(&[("X", "obj"), ("A", "int")]));
        assert_eq!(m["int"], Monotonicity::Monotone(vec![("content".into(), false)]));
        assert_eq!(m["obj"], Monotonicity::Monotone(vec![]));
    }

    #[test]
    fn an_unguarded_positive_equation_is_not_monotone() {
        let f = all(
            &["X", "Y", "Z"],
            Formula::Or(vec![
                Formula::Equal(var("X"), var("Y")),
                Formula::Equal(var("Y"), var("Z")),
                Formula::Equal(var("X"), var("Z")),
            ]),
        );
        let m =
            monotonicity(&[&f], &BTreeMap::new(), &sorts(&[("X", "s"), ("Y", "s"), ("Z", "s")]));
        assert!(matches!(&m["s"], Monotonicity::NotMonotone(w) if w.contains("X = Y")), "{m:?}");
    }

    #[test]
    fn a_linear_order_is_not_monotone_by_the_calculus() {
        // Totality needs le extended by true or copied; antisymmetry's equation then has no
        // guard: the calculus cannot see that a new element can go at the end.
        let total = all(
            &["X", "Y"],
            Formula::Or(vec![
                Formula::Atom("le".into(), vec![var("X"), var("Y")]),
                Formula::Atom("le".into(), vec![var("Y"), var("X")]),
            ]),
        );
        let antisym = all(
            &["X", "Y"],
            Formula::Implies(
                Box::new(Formula::And(vec![
                    Formula::Atom("le".into(), vec![var("X"), var("Y")]),
                    Formula::Atom("le".into(), vec![var("Y"), var("X")]),
                ])),
                Box::new(Formula::Equal(var("X"), var("Y"))),
            ),
        );
        let symbols = BTreeMap::from([(
            "le".to_string(),
            SymbolSorts { args: vec!["int".into(), "int".into()], result: None },
        )]);
        let m = monotonicity(&[&total, &antisym], &symbols, &sorts(&[("X", "int"), ("Y", "int")]));
        assert!(matches!(m["int"], Monotonicity::NotMonotone(_)), "{m:?}");
        // Antisymmetry alone is monotone (le extended by false guards the equation).
        let m = monotonicity(&[&antisym], &symbols, &sorts(&[("X", "int"), ("Y", "int")]));
        assert_eq!(m["int"], Monotonicity::Monotone(vec![("le".into(), false)]));
    }

    #[test]
    fn existential_variables_are_skolem_terms() {
        // EX y. ALL x. x = y is a sort with one element: x is universal and y is a Skolem
        // constant, so the positive equation has a naked variable and no guard.
        let f = Formula::Quantified(
            Quantifier::Exists,
            vec!["Y".into()],
            Box::new(all(&["X"], Formula::Equal(var("X"), var("Y")))),
        );
        let m = monotonicity(&[&f], &BTreeMap::new(), &sorts(&[("X", "s"), ("Y", "s")]));
        assert!(matches!(m["s"], Monotonicity::NotMonotone(_)));
        // Negated, the same formula says the sort has two elements: monotone.
        let m = monotonicity(&[&f.negate()], &BTreeMap::new(), &sorts(&[("X", "s"), ("Y", "s")]));
        assert_eq!(m["s"], Monotonicity::Monotone(vec![]));
    }
}
