//! Assumption filtering by symbol relevance, in the style of Jahob: hypotheses are ranked by how
//! many of their symbols also occur in the goal (relative to their own number of symbols), and
//! only the best-ranked given percentage is kept. And SInE (Hoder and Voronkov, CADE 2011): a
//! hypothesis is *triggered* by its rarest symbols, and the hypotheses triggered by the goal's
//! symbols, then by theirs, are kept, up to a depth.
//!
//! Soundness: leaving out hypotheses only makes the sequent stronger, so a proof of the filtered
//! sequent is a proof of the original. A filtered problem is marked incomplete, because a
//! failure to prove it says nothing about the original.

use std::collections::{BTreeMap, BTreeSet};

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

/// SInE's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sine {
    /// A hypothesis is triggered by each of its symbols that occurs in at most this percentage
    /// of the hypotheses its rarest symbol occurs in (100: only by its rarest symbols).
    pub tolerance_percent: u32,
    /// How many rounds of triggering follow the goal's symbols (`u32::MAX`: until nothing new).
    pub depth: u32,
}

/// The indices (ascending) of the hypotheses SInE keeps: those triggered by the goal's symbols,
/// then by the symbols of those, and so on for `sine.depth` rounds. A hypothesis without
/// symbols (`True`, `False`) is always kept: nothing can trigger it, and it costs nothing.
///
/// Occurrences are counted over the hypotheses only: a symbol common among them says little
/// about which of them matter. The triggering relation is SInE's: a symbol is a trigger of a
/// hypothesis when the symbol is among the hypothesis' rarest (within the tolerance), so a
/// general axiom (`x < y --> x + 1 <= y`) is reached only through its specific symbols (`+`),
/// never through the order that every other hypothesis mentions too.
pub fn select_sine(
    hypotheses: &[&Formula],
    goal_symbols: &BTreeSet<String>,
    sine: Sine,
) -> Vec<usize> {
    let symbols: Vec<BTreeSet<String>> = hypotheses.iter().map(|h| symbols_of(h)).collect();
    let mut occurrences: BTreeMap<&str, usize> = BTreeMap::new();
    for set in &symbols {
        for s in set {
            *occurrences.entry(s.as_str()).or_default() += 1;
        }
    }
    let mut triggered_by: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut kept = vec![false; hypotheses.len()];
    for (i, set) in symbols.iter().enumerate() {
        let Some(rarest) = set.iter().map(|s| occurrences[s.as_str()]).min() else {
            kept[i] = true;
            continue;
        };
        let limit = rarest * sine.tolerance_percent.max(100) as usize;
        for s in set {
            if occurrences[s.as_str()] * 100 <= limit {
                triggered_by.entry(s.as_str()).or_default().push(i);
            }
        }
    }
    let mut reached: BTreeSet<&str> = goal_symbols.iter().map(String::as_str).collect();
    let mut frontier: Vec<&str> = reached.iter().copied().collect();
    let mut round = 0;
    while !frontier.is_empty() && round < sine.depth {
        round += 1;
        let mut next = Vec::new();
        for symbol in frontier {
            for &i in triggered_by.get(symbol).map_or(&[][..], Vec::as_slice) {
                if kept[i] {
                    continue;
                }
                kept[i] = true;
                for s in &symbols[i] {
                    if reached.insert(s.as_str()) {
                        next.push(s.as_str());
                    }
                }
            }
        }
        frontier = next;
    }
    (0..hypotheses.len()).filter(|&i| kept[i]).collect()
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

    fn atoms(names: &[&str]) -> Formula {
        Formula::And(names.iter().map(|n| atom(n)).collect())
    }

    #[test]
    fn sine_follows_the_rarest_symbols_from_the_goal() {
        // `less` is everywhere; `plus` only in the successor axiom, which the goal never reaches
        // through its rare symbol.
        let hyps = [
            atoms(&["less"]),
            atoms(&["less", "plus"]),
            atoms(&["less", "content", "left"]),
            atoms(&["left", "alloc"]),
            atoms(&["alloc", "data"]),
            Formula::True,
        ];
        let refs: Vec<&Formula> = hyps.iter().collect();
        let goal: BTreeSet<String> = ["less".to_string(), "content".to_string()].into();
        // `left` reaches `left & alloc`; `alloc & data` is triggered only by its rarer `data`.
        let all_rounds = Sine { tolerance_percent: 100, depth: u32::MAX };
        assert_eq!(select_sine(&refs, &goal, all_rounds), vec![0, 2, 3, 5]);
        let one_round = Sine { tolerance_percent: 100, depth: 1 };
        assert_eq!(select_sine(&refs, &goal, one_round), vec![0, 2, 5]);
        // A tolerance of 400% lets the common `less` trigger the successor axiom too, and
        // `alloc` trigger `alloc & data`.
        let tolerant = Sine { tolerance_percent: 400, depth: u32::MAX };
        assert_eq!(select_sine(&refs, &goal, tolerant), vec![0, 1, 2, 3, 4, 5]);
    }
}
