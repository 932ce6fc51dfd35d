//! Unit tests of finite-model finding on tiny clause sets written by hand or generated, with
//! brute-force model enumeration as the reference for the encoding and its symmetry breaking.

use super::flatten::{FlatLiteral, flatten_clause};
use super::*;
use crate::fol::{Literal, SymbolId};

/// A tiny builder of clauses over one signature and bank.
struct Tiny {
    signature: Signature,
    bank: TermBank,
}

impl Tiny {
    fn new() -> Tiny {
        Tiny { signature: Signature::new(), bank: TermBank::new() }
    }

    fn var(&mut self, n: u32) -> TermId {
        self.bank.var(n)
    }

    fn fun(&mut self, name: &str, args: &[TermId]) -> TermId {
        let f = self.signature.intern(name, args.len() as u32, SymbolKind::Function);
        self.bank.app(&self.signature, f, args)
    }

    fn pred(&mut self, name: &str, args: &[TermId], positive: bool) -> Literal {
        let p = self.signature.intern(name, args.len() as u32, SymbolKind::Predicate);
        let atom = self.bank.app(&self.signature, p, args);
        let t = self.bank.true_term();
        Literal::new(atom, t, positive)
    }

    fn symbol(&self, name: &str, arity: u32, kind: SymbolKind) -> SymbolId {
        self.signature.lookup(name, arity, kind).unwrap()
    }
}

fn has_model(result: &FmbResult) -> Option<&FiniteModel> {
    match &result.outcome {
        FmbOutcome::Model { model, .. } => Some(model),
        FmbOutcome::Unknown(_) => None,
    }
}

#[test]
fn flattening_names_each_subterm_once_and_keeps_the_top_symbol() {
    // p(f(X), f(X)) | g(a) = X
    let mut t = Tiny::new();
    let x = t.var(0);
    let fx = t.fun("f", &[x]);
    let a = t.fun("a", &[]);
    let ga = t.fun("g", &[a]);
    let p = t.pred("p", &[fx, fx], true);
    let clause = Clause::new(vec![p, Literal::new(ga, x, true)]);
    let flat = flatten_clause(&t.signature, &t.bank, &clause).unwrap().unwrap();
    let (f, g, a, p) = (
        t.symbol("f", 1, SymbolKind::Function),
        t.symbol("g", 1, SymbolKind::Function),
        t.symbol("a", 0, SymbolKind::Function),
        t.symbol("p", 2, SymbolKind::Predicate),
    );
    // Variables in order of first occurrence: X = 0, f(X) = 1, a = 2.
    assert_eq!(flat.variables, 3);
    assert_eq!(
        flat.literals,
        vec![
            FlatLiteral::Function { symbol: f, args: vec![0], result: 1, positive: false },
            FlatLiteral::Predicate { symbol: p, args: vec![1, 1], positive: true },
            FlatLiteral::Function { symbol: a, args: vec![], result: 2, positive: false },
            FlatLiteral::Function { symbol: g, args: vec![2], result: 0, positive: true },
        ]
    );
}

#[test]
fn flattening_substitutes_variable_disequations_and_drops_tautologies() {
    // X != Y | p(X, Y) becomes p(X, X); X = X | q(X) is dropped.
    let mut t = Tiny::new();
    let (x, y) = (t.var(0), t.var(1));
    let p = t.pred("p", &[x, y], true);
    let clause = Clause::new(vec![Literal::new(x, y, false), p]);
    let flat = flatten_clause(&t.signature, &t.bank, &clause).unwrap().unwrap();
    let p = t.symbol("p", 2, SymbolKind::Predicate);
    assert_eq!(flat.variables, 1);
    assert_eq!(
        flat.literals,
        vec![FlatLiteral::Predicate { symbol: p, args: vec![0, 0], positive: true }]
    );
    let q = t.pred("q", &[x], true);
    let tautology = Clause::new(vec![Literal::new(x, x, true), q]);
    assert_eq!(flatten_clause(&t.signature, &t.bank, &tautology).unwrap(), None);
}

#[test]
fn an_involution_without_fixed_points_needs_two_elements() {
    // f(f(X)) = X, f(X) != X: no model of size 1, one of size 2.
    let mut t = Tiny::new();
    let x = t.var(0);
    let fx = t.fun("f", &[x]);
    let ffx = t.fun("f", &[fx]);
    let clauses = vec![
        Clause::new(vec![Literal::new(ffx, x, true)]),
        Clause::new(vec![Literal::new(fx, x, false)]),
    ];
    let result = find_model(&t.signature, &t.bank, &clauses, &FmbOptions::default());
    let model = has_model(&result).expect("a model of size 2");
    assert_eq!(model.size, 2);
    assert_eq!(result.stats.sizes_tried, 2);
    let f = t.symbol("f", 1, SymbolKind::Function);
    assert_eq!(model.functions[&f], vec![1, 0]);
}

#[test]
fn three_distinct_constants_need_three_elements() {
    let mut t = Tiny::new();
    let (a, b, c) = (t.fun("a", &[]), t.fun("b", &[]), t.fun("c", &[]));
    let clauses = vec![
        Clause::new(vec![Literal::new(a, b, false)]),
        Clause::new(vec![Literal::new(a, c, false)]),
        Clause::new(vec![Literal::new(b, c, false)]),
    ];
    let result = find_model(&t.signature, &t.bank, &clauses, &FmbOptions::default());
    let model = has_model(&result).expect("a model of size 3");
    assert_eq!(model.size, 3);
    // Symmetry breaking fixes the renaming: the constants take 0, 1, 2 in order of first
    // occurrence in the flat clauses; `a != b` flattens to `a != y | b != y` with `b`'s
    // literal first (the right side is named before the left's symbol is placed).
    let value = |name: &str| model.functions[&t.symbol(name, 0, SymbolKind::Function)][0];
    assert_eq!((value("b"), value("a"), value("c")), (0, 1, 2));
}

#[test]
fn constants_only_stop_at_the_number_of_constants() {
    // p(a), ~p(b), a = b: unsatisfiable; with no function of arity one or more, sizes beyond
    // the two constants cannot help, so the run ends after size 2.
    let mut t = Tiny::new();
    let (a, b) = (t.fun("a", &[]), t.fun("b", &[]));
    let pa = t.pred("p", &[a], true);
    let pb = t.pred("p", &[b], false);
    let clauses = vec![
        Clause::new(vec![pa]),
        Clause::new(vec![pb]),
        Clause::new(vec![Literal::new(a, b, true)]),
    ];
    let result = find_model(&t.signature, &t.bank, &clauses, &FmbOptions::default());
    assert_eq!(result.outcome, FmbOutcome::Unknown(StopReason::Exhausted));
    assert_eq!(result.stats.sizes_tried, 2);
}

#[test]
fn the_conflict_budget_is_deterministic() {
    let mut t = Tiny::new();
    let (x, y) = (t.var(0), t.var(1));
    let fxy = t.fun("f", &[x, y]);
    let fyx = t.fun("f", &[y, x]);
    let a = t.fun("a", &[]);
    let clauses = vec![
        Clause::new(vec![Literal::new(fxy, fyx, false), Literal::new(x, y, true)]),
        Clause::new(vec![Literal::new(fxy, a, false)]),
    ];
    let options = FmbOptions::from_steps(3);
    let first = find_model(&t.signature, &t.bank, &clauses, &options);
    let second = find_model(&t.signature, &t.bank, &clauses, &options);
    assert_eq!(first.outcome, second.outcome);
    assert_eq!(first.stats, second.stats);
}

/// A deterministic generator for the brute-force comparison (xorshift).
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random term over constants `a`, `b`, unary `f` and variables 0, 1, of depth at most 2.
fn random_term(t: &mut Tiny, random: &mut Random, depth: u32) -> TermId {
    match random.below(if depth == 0 { 4 } else { 5 }) {
        0 => t.fun("a", &[]),
        1 => t.fun("b", &[]),
        2 | 3 => {
            let n = random.below(2) as u32;
            t.var(n)
        }
        _ => {
            let arg = random_term(t, random, depth - 1);
            t.fun("f", &[arg])
        }
    }
}

fn random_clauses(t: &mut Tiny, random: &mut Random) -> Vec<Clause> {
    let count = 1 + random.below(4);
    (0..count)
        .map(|_| {
            let width = 1 + random.below(3);
            Clause::new(
                (0..width)
                    .map(|_| {
                        let positive = random.below(2) == 0;
                        let s = random_term(t, random, 2);
                        if random.below(2) == 0 {
                            t.pred("p", &[s], positive)
                        } else {
                            let u = random_term(t, random, 2);
                            Literal::new(s, u, positive)
                        }
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Whether some interpretation of `a`, `b`, `f`, `p` over `size` elements satisfies the
/// clauses, by enumerating all of them and asking the checker.
fn brute_force_model(t: &Tiny, clauses: &[Clause], size: u32) -> bool {
    let symbols = [
        ("a", 0, SymbolKind::Function),
        ("b", 0, SymbolKind::Function),
        ("f", 1, SymbolKind::Function),
    ];
    let functions: Vec<(SymbolId, usize)> = symbols
        .iter()
        .filter_map(|&(name, arity, kind)| t.signature.lookup(name, arity, kind))
        .map(|s| (s, (size as usize).pow(t.signature.arity(s))))
        .collect();
    let p = t.signature.lookup("p", 1, SymbolKind::Predicate);
    let entries: usize = functions.iter().map(|(_, n)| n).sum();
    let mut values = vec![0u32; entries];
    loop {
        for truths in 0..(if p.is_some() { 1u32 << size } else { 1 }) {
            let mut model =
                FiniteModel { size, functions: Default::default(), predicates: Default::default() };
            let mut at = 0;
            for &(s, n) in &functions {
                model.functions.insert(s, values[at..at + n].to_vec());
                at += n;
            }
            if let Some(p) = p {
                model.predicates.insert(p, (0..size).map(|e| truths >> e & 1 == 1).collect());
            }
            if check::check_model(&model, &t.signature, &t.bank, clauses).is_ok() {
                return true;
            }
        }
        if !encode::next_tuple(&mut values, size) {
            return false;
        }
    }
}

#[test]
fn the_smallest_model_size_matches_brute_force() {
    // For random clause sets over a, b, f, p: the finder's first size is the smallest size
    // brute force finds a model at (so neither the encoding nor the symmetry breaking nor the
    // splitting loses a model), and no model is found when brute force finds none up to 3.
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let mut with_models = 0;
    for _ in 0..300 {
        let mut t = Tiny::new();
        let clauses = random_clauses(&mut t, &mut random);
        let options = FmbOptions { max_size: 3, ..FmbOptions::default() };
        let result = find_model(&t.signature, &t.bank, &clauses, &options);
        let smallest = (1..=3).find(|&n| brute_force_model(&t, &clauses, n));
        match (&result.outcome, smallest) {
            (FmbOutcome::Model { model, .. }, Some(n)) => {
                assert_eq!(model.size, n, "{clauses:?}");
                with_models += 1;
            }
            (FmbOutcome::Unknown(StopReason::SizeLimit | StopReason::Exhausted), None) => {}
            (outcome, smallest) => {
                panic!("{clauses:?}: finder {outcome:?}, brute force {smallest:?}")
            }
        }
    }
    assert!(with_models > 50, "too few satisfiable sets generated: {with_models}");
}

#[test]
fn splitting_keeps_models_and_lowers_the_variable_count() {
    // p(X) | q(Y) | r(Z) has three variables; split, each part has at most two.
    let mut t = Tiny::new();
    let (x, y, z) = (t.var(0), t.var(1), t.var(2));
    let px = t.pred("p", &[x], true);
    let qy = t.pred("q", &[y], true);
    let rz = t.pred("r", &[z], false);
    let clause = Clause::new(vec![px, qy, rz]);
    let flat = flatten_clause(&t.signature, &t.bank, &clause).unwrap().unwrap();
    let (parts, splits) = split::split_clauses(vec![flat], t.signature.len() as u32);
    assert!(splits >= 1);
    assert!(parts.iter().all(|c| c.variables < 3), "{parts:?}");
    let result = find_model(&t.signature, &t.bank, &[clause], &FmbOptions::default());
    let model = has_model(&result).expect("a model");
    // The splitting predicates are not part of the model reported.
    assert_eq!(model.predicates.len(), 3);
}
