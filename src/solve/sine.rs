//! SInE axiom selection (Hoder and Voronkov, CADE 2011) over a clause-level problem, for TPTP
//! problems with many axioms: an axiom formula is *triggered* by its rarest symbols (those
//! occurring in at most `tolerance` times as many formulas as its rarest one), and the formulas
//! triggered by the goal's symbols are kept, then those triggered by their symbols, up to a
//! depth. Clauses are grouped by the input formula they came from, so a FOF axiom clausified
//! into several clauses is kept or dropped whole.
//!
//! Soundness: leaving out axioms only strengthens the problem, so a refutation of the selection
//! refutes the whole problem (and names only input clauses). A selection says nothing about the
//! whole problem when it saturates or has a model, so the selected problem is marked incomplete
//! and saturating it gives up. `translate::relevance::select_sine` does the same for HOL
//! sequents, over formulas.

use std::collections::{BTreeMap, BTreeSet};

use crate::fol::{Problem, SymbolId, TermBank, TermId, TermView};

/// SInE's parameters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SineOptions {
    /// A symbol triggers a formula when it occurs in at most `tolerance_percent / 100` times as
    /// many formulas as the formula's rarest symbol (100 is SInE's strictest setting).
    pub tolerance_percent: u32,
    /// How many rounds of triggering from the goal's symbols (`u32::MAX`: until nothing new).
    pub depth: u32,
}

fn collect_symbols(bank: &TermBank, t: TermId, out: &mut BTreeSet<SymbolId>) {
    if let TermView::App(head, args) = bank.view(t) {
        out.insert(head);
        for &a in args {
            collect_symbols(bank, a, out);
        }
    }
}

/// The problem restricted to its goal clauses and the axiom formulas SInE selects, marked
/// incomplete; `None` when the problem has no goal clause to start from (then every axiom is
/// as relevant as any other) or when the selection keeps every formula.
pub fn select(problem: &Problem, options: SineOptions) -> Option<Problem> {
    // Formulas by name, in input order of their first clause; the goal's symbols apart.
    let mut formula_of_name: BTreeMap<&str, usize> = BTreeMap::new();
    let mut formula_of_clause = Vec::with_capacity(problem.clauses.len());
    let mut symbols: Vec<BTreeSet<SymbolId>> = Vec::new();
    let mut goal_symbols = BTreeSet::new();
    let mut any_goal = false;
    for clause in &problem.clauses {
        let mut clause_symbols = BTreeSet::new();
        for l in &clause.clause.literals {
            collect_symbols(&problem.bank, l.lhs, &mut clause_symbols);
            collect_symbols(&problem.bank, l.rhs, &mut clause_symbols);
        }
        clause_symbols.remove(&crate::fol::Signature::TRUE);
        if clause.source.role.is_goal() {
            any_goal = true;
            goal_symbols.extend(clause_symbols);
            formula_of_clause.push(None);
            continue;
        }
        let next = symbols.len();
        let formula = *formula_of_name.entry(clause.source.name.as_str()).or_insert(next);
        if formula == next {
            symbols.push(BTreeSet::new());
        }
        symbols[formula].extend(clause_symbols);
        formula_of_clause.push(Some(formula));
    }
    if !any_goal {
        return None;
    }
    let mut occurrences: BTreeMap<SymbolId, usize> = BTreeMap::new();
    for set in &symbols {
        for &s in set {
            *occurrences.entry(s).or_default() += 1;
        }
    }
    let mut kept = vec![false; symbols.len()];
    let mut triggered_by: BTreeMap<SymbolId, Vec<usize>> = BTreeMap::new();
    for (i, set) in symbols.iter().enumerate() {
        // A formula without symbols (`X = Y`-like) constrains every model: always kept.
        let Some(rarest) = set.iter().map(|s| occurrences[s]).min() else {
            kept[i] = true;
            continue;
        };
        let limit = rarest * options.tolerance_percent.max(100) as usize;
        for &s in set {
            if occurrences[&s] * 100 <= limit {
                triggered_by.entry(s).or_default().push(i);
            }
        }
    }
    let mut reached = goal_symbols.clone();
    let mut frontier: Vec<SymbolId> = goal_symbols.into_iter().collect();
    let mut round = 0;
    while !frontier.is_empty() && round < options.depth {
        round += 1;
        let mut next = Vec::new();
        for symbol in frontier {
            for &i in triggered_by.get(&symbol).map_or(&[][..], Vec::as_slice) {
                if !kept[i] {
                    kept[i] = true;
                    next.extend(symbols[i].iter().copied().filter(|&s| reached.insert(s)));
                }
            }
        }
        frontier = next;
    }
    if kept.iter().all(|&k| k) {
        return None;
    }
    let mut selected = super::restrict(problem, |_| true);
    selected.clauses = problem
        .clauses
        .iter()
        .zip(&formula_of_clause)
        .filter(|(_, formula)| formula.is_none_or(|f| kept[f]))
        .map(|(c, _)| c.clone())
        .collect();
    selected.complete = false;
    Some(selected)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(problem: &Problem) -> Vec<&str> {
        problem.clauses.iter().map(|c| c.source.name.as_str()).collect()
    }

    fn problem(text: &str) -> Problem {
        crate::input::parse_problem(text, "sine.p", "sine", &[]).expect("the test problem parses")
    }

    #[test]
    fn keeps_the_axioms_reached_from_the_goal_through_rare_symbols() {
        // A chain g -> h1 -> h2 -> h3 from the goal, and an unrelated pair.
        let p = problem(
            "fof(a1, axiom, g => h1).\n\
             fof(a2, axiom, h1 => h2).\n\
             fof(a3, axiom, h2 => h3).\n\
             fof(a4, axiom, x => y).\n\
             fof(goal, conjecture, g).\n",
        );
        let kept = |tolerance_percent, depth| -> BTreeSet<String> {
            let selected = select(&p, SineOptions { tolerance_percent, depth })
                .expect("the unrelated axiom is dropped");
            assert!(!selected.complete, "a selection cannot answer satisfiable");
            names(&selected).into_iter().map(String::from).collect()
        };
        let set =
            |names: &[&str]| -> BTreeSet<String> { names.iter().map(|n| n.to_string()).collect() };
        // Tolerance 2: every symbol of a1..a3 triggers its formula, so the chain is followed as
        // deep as allowed.
        assert_eq!(kept(200, u32::MAX), set(&["a1", "a2", "a3", "goal"]));
        assert_eq!(kept(200, 1), set(&["a1", "goal"]));
        assert_eq!(kept(200, 2), set(&["a1", "a2", "goal"]));
        // Tolerance 1: a3 is triggered only by its rarest symbol h3, which nothing reaches.
        assert_eq!(kept(100, u32::MAX), set(&["a1", "a2", "goal"]));
    }

    #[test]
    fn a_problem_without_a_goal_or_without_anything_to_drop_is_left_alone() {
        let no_goal = problem("fof(a1, axiom, p(c)).\nfof(a2, axiom, ~p(c)).\n");
        assert!(select(&no_goal, SineOptions { tolerance_percent: 100, depth: 3 }).is_none());
        let all_relevant = problem("fof(a1, axiom, p(c)).\nfof(goal, conjecture, p(c)).\n");
        assert!(select(&all_relevant, SineOptions { tolerance_percent: 100, depth: 3 }).is_none());
    }
}
