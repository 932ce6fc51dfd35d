//! Assumption filtering by symbol relevance, in the style of Jahob: hypotheses are ranked by how
//! many of their symbols also occur in the goal (relative to their own number of symbols), and
//! only the best-ranked given percentage is kept.
//!
//! Soundness: leaving out hypotheses only makes the sequent stronger, so a proof of the filtered
//! sequent is a proof of the original. A filtered problem is marked incomplete, because a
//! failure to prove it says nothing about the original.

use std::collections::BTreeSet;

use crate::fol::formula::{Formula, Term as FTerm};

/// The symbols (function and predicate names) of a formula.
pub fn symbols_of(f: &Formula) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    collect(f, &mut out);
    out
}

fn collect(f: &Formula, out: &mut BTreeSet<String>) {
    match f {
        Formula::True | Formula::False => {}
        Formula::Atom(p, args) => {
            out.insert(p.clone());
            for a in args {
                collect_term(a, out);
            }
        }
        Formula::Equal(a, b) => {
            collect_term(a, out);
            collect_term(b, out);
        }
        Formula::Not(g) | Formula::Quantified(_, _, g) => collect(g, out),
        Formula::And(fs) | Formula::Or(fs) => {
            for g in fs {
                collect(g, out);
            }
        }
        Formula::Implies(a, b) | Formula::Iff(a, b) | Formula::Xor(a, b) => {
            collect(a, out);
            collect(b, out);
        }
    }
}

fn collect_term(t: &FTerm, out: &mut BTreeSet<String>) {
    if let FTerm::App(f, args) = t {
        out.insert(f.clone());
        for a in args {
            collect_term(a, out);
        }
    }
}

/// The indices (ascending) of the hypotheses to keep: the `percent` best-ranked (rounded up),
/// ranked by the share of their symbols that occur in `goal_symbols`; ties keep input order.
pub fn select_relevant(
    hypotheses: &[&Formula],
    goal_symbols: &BTreeSet<String>,
    percent: u32,
) -> Vec<usize> {
    let n = hypotheses.len();
    let keep = (n * percent.min(100) as usize).div_ceil(100);
    if keep >= n {
        return (0..n).collect();
    }
    // Score as a fraction shared/total compared by cross-multiplication (no floating point).
    let mut scored: Vec<(usize, usize, usize)> = hypotheses
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let syms = symbols_of(h);
            let shared = syms.intersection(goal_symbols).count();
            (i, shared, syms.len().max(1))
        })
        .collect();
    scored.sort_by(|a, b| (b.1 * a.2).cmp(&(a.1 * b.2)).then(a.0.cmp(&b.0)));
    let mut kept: Vec<usize> = scored[..keep].iter().map(|s| s.0).collect();
    kept.sort_unstable();
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn atom(p: &str) -> Formula {
        Formula::Atom(p.into(), vec![])
    }

    #[test]
    fn keeps_the_hypotheses_sharing_most_symbols_with_the_goal() {
        let hyps = [
            atom("p"),
            Formula::And(vec![atom("q"), atom("r")]),
            Formula::And(vec![atom("q"), atom("s")]),
        ];
        let refs: Vec<&Formula> = hyps.iter().collect();
        let goal: BTreeSet<String> = ["q".to_string(), "r".to_string()].into();
        assert_eq!(select_relevant(&refs, &goal, 100), vec![0, 1, 2]);
        assert_eq!(select_relevant(&refs, &goal, 34), vec![1, 2]);
        assert_eq!(select_relevant(&refs, &goal, 33), vec![1]);
        assert_eq!(select_relevant(&refs, &goal, 0), Vec::<usize>::new());
    }
}
