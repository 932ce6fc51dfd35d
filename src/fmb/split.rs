//! Definitional splitting of flat clauses (Paradox's clause splitting): a clause whose literals
//! fall into two groups `C1`, `C2` that each have fewer variables than the whole becomes
//! `C1 | q(shared)` and `~q(shared) | C2`, `q` a fresh predicate over the variables the groups
//! share. A clause of `m` variables costs `n^m` instances at size `n`; the two halves cost
//! `n^|vars(C1)| + n^|vars(C2)|`. Satisfiability is kept both ways. From a model of the
//! original, read `q(s)` as "`C2` holds for every value of the variables only `C2` has": the
//! second half is then true by definition, and the first because, when `q(s)` is false, some
//! values of `C2`'s own variables make `C2` false, and the original clause under the same
//! values of the others (the groups' own variables are disjoint) makes `C1` true. Conversely,
//! resolving the halves on `q` gives back the original clause, so every model of the halves is
//! a model of it.

use super::flatten::{FlatClause, FlatLiteral, renumber};
use crate::fol::SymbolId;

/// Clauses with more literals than this are left whole (the greedy search is cubic).
const MAX_LITERALS: usize = 40;

/// Splits every clause that pays, numbering the fresh predicates from `first_fresh`; returns
/// the clauses and how many splits were made.
pub fn split_clauses(clauses: Vec<FlatClause>, first_fresh: u32) -> (Vec<FlatClause>, u64) {
    let mut next_symbol = first_fresh;
    let mut out = Vec::new();
    let mut work: Vec<FlatClause> = clauses.into_iter().rev().collect();
    while let Some(clause) = work.pop() {
        match best_split(&clause) {
            None => out.push(clause),
            Some(first_group) => {
                let symbol = SymbolId(next_symbol);
                next_symbol += 1;
                let (first, second) = cut(&clause, &first_group, symbol);
                // Both halves may split again; keep the input order of what comes out.
                work.push(second);
                work.push(first);
            }
        }
    }
    let splits = (next_symbol - first_fresh) as u64;
    (out, splits)
}

fn variable_set(literals: &[&FlatLiteral]) -> Vec<u32> {
    let mut vars: Vec<u32> = literals.iter().flat_map(|l| l.variables()).collect();
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// The literal positions of the first group of the split with the fewest variables in its
/// larger half, if that is fewer than the clause's; ties go to the first found.
fn best_split(clause: &FlatClause) -> Option<Vec<usize>> {
    let count = clause.literals.len();
    if !(2..=MAX_LITERALS).contains(&count) || clause.variables < 3 {
        return None;
    }
    let mut best: Option<(u32, u32, Vec<usize>)> = None;
    for seed in 0..count {
        let mut group = vec![seed];
        while group.len() + 1 < count {
            let inside: Vec<&FlatLiteral> = group.iter().map(|&i| &clause.literals[i]).collect();
            let outside: Vec<&FlatLiteral> =
                (0..count).filter(|i| !group.contains(i)).map(|i| &clause.literals[i]).collect();
            let (a, b) = (variable_set(&inside).len() as u32, variable_set(&outside).len() as u32);
            let (high, low) = (a.max(b), a.min(b));
            if high < clause.variables
                && best.as_ref().is_none_or(|(h, l, _)| (high, low) < (*h, *l))
            {
                let mut sorted = group.clone();
                sorted.sort_unstable();
                best = Some((high, low, sorted));
            }
            // Grow by the literal adding the fewest new variables (first such on ties).
            let current = variable_set(&inside);
            let next = (0..count).filter(|i| !group.contains(i)).min_by_key(|&i| {
                clause.literals[i].variables().iter().filter(|v| !current.contains(v)).count()
            });
            match next {
                Some(i) => group.push(i),
                None => break,
            }
        }
    }
    best.map(|(_, _, group)| group)
}

/// `C1 | q(shared)` and `~q(shared) | C2` for the literals of `group` as `C1`.
fn cut(clause: &FlatClause, group: &[usize], symbol: SymbolId) -> (FlatClause, FlatClause) {
    let first: Vec<FlatLiteral> = group.iter().map(|&i| clause.literals[i].clone()).collect();
    let second: Vec<FlatLiteral> = (0..clause.literals.len())
        .filter(|i| !group.contains(i))
        .map(|i| clause.literals[i].clone())
        .collect();
    let first_vars = variable_set(&first.iter().collect::<Vec<_>>());
    let second_vars = variable_set(&second.iter().collect::<Vec<_>>());
    let shared: Vec<u32> = first_vars.into_iter().filter(|v| second_vars.contains(v)).collect();
    let mut first = first;
    first.push(FlatLiteral::Predicate { symbol, args: shared.clone(), positive: true });
    let mut second = second;
    second.insert(0, FlatLiteral::Predicate { symbol, args: shared, positive: false });
    (renumber(first), renumber(second))
}
