//! Property tests of the first-order kernel: unification and matching, the defining properties
//! of the Knuth-Bendix and lexicographic path orderings, and printing clauses as TPTP and reading them back.

use craig::fol::subst::Renaming;
use craig::fol::{
    Clause, Comparison, Kbo, Literal, Lpo, Precedence, Signature, Substitution, SymbolKind,
    TermBank, TermId, TermOrdering,
};
use proptest::prelude::*;

/// A term shape independent of any bank, so proptest can generate and shrink it.
#[derive(Clone, Debug)]
enum Shape {
    Var(u32),
    App(&'static str, Vec<Shape>),
}

const SYMBOLS: &[(&str, usize)] = &[("a", 0), ("b", 0), ("f", 1), ("g", 1), ("h", 2)];

fn shape(depth: u32) -> BoxedStrategy<Shape> {
    let leaf = prop_oneof![
        (0u32..3).prop_map(Shape::Var),
        prop::sample::select(vec!["a", "b"]).prop_map(|c| Shape::App(c, vec![])),
    ];
    leaf.prop_recursive(depth, 24, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|t| Shape::App("f", vec![t])),
            inner.clone().prop_map(|t| Shape::App("g", vec![t])),
            (inner.clone(), inner).prop_map(|(s, t)| Shape::App("h", vec![s, t])),
        ]
    })
    .boxed()
}

struct World {
    sig: Signature,
    bank: TermBank,
}

impl World {
    fn new() -> Self {
        let mut sig = Signature::new();
        for (name, arity) in SYMBOLS {
            sig.intern(name, *arity as u32, SymbolKind::Function);
        }
        World { sig, bank: TermBank::new() }
    }
    fn build(&mut self, s: &Shape) -> TermId {
        match s {
            Shape::Var(v) => self.bank.var(*v),
            Shape::App(name, args) => {
                let ids: Vec<TermId> = args.iter().map(|a| self.build(a)).collect();
                let sym = self.sig.lookup(name, ids.len() as u32, SymbolKind::Function).unwrap();
                self.bank.app(&self.sig, sym, &ids)
            }
        }
    }
    /// `t` with variable `v` replaced by `theta[v]`.
    fn instantiate(&mut self, t: TermId, theta: &[TermId]) -> TermId {
        self.bank.map_vars(t, &mut |_, v| theta[v as usize])
    }
    fn kbo(&self) -> Kbo {
        Kbo::from_problem(&self.sig, &[0, 3, 2, 2, 1, 1])
    }
    /// LPO over the same precedence as `kbo`.
    fn lpo(&self) -> Lpo {
        Lpo::new(Precedence::by_arity_then_rarity(&self.sig, &[0, 3, 2, 2, 1, 1]))
    }
}

/// The properties superposition needs of its ordering, on sample terms `s`, `t`, `u` and a
/// substitution `theta`: irreflexive and antisymmetric, total on ground terms, the subterm
/// property, transitive, and stable under substitution.
fn simplification_ordering_properties(
    w: &mut World,
    ordering: &dyn TermOrdering,
    [s, t, u]: [&Shape; 3],
    theta: &[Shape],
) -> Result<(), TestCaseError> {
    let (s, t, u) = (w.build(s), w.build(t), w.build(u));
    prop_assert_eq!(ordering.compare(&w.bank, s, s), Comparison::Equal);
    let st = ordering.compare(&w.bank, s, t);
    prop_assert_eq!(st.reverse(), ordering.compare(&w.bank, t, s));
    if s != t {
        prop_assert_ne!(st, Comparison::Equal, "only a term equals itself");
    }
    if s != t && w.bank.is_ground(s) && w.bank.is_ground(t) {
        prop_assert!(
            matches!(st, Comparison::Greater | Comparison::Less),
            "ground terms are comparable"
        );
    }
    // Subterm property.
    for &arg in w.bank.args(s).to_vec().iter() {
        prop_assert_eq!(ordering.compare(&w.bank, s, arg), Comparison::Greater);
    }
    // Transitivity.
    if st == Comparison::Greater && ordering.compare(&w.bank, t, u) == Comparison::Greater {
        prop_assert_eq!(ordering.compare(&w.bank, s, u), Comparison::Greater);
    }
    // Stability under substitution.
    if st == Comparison::Greater {
        let theta: Vec<TermId> = theta.iter().map(|x| w.build(x)).collect();
        let (si, ti) = (w.instantiate(s, &theta), w.instantiate(t, &theta));
        prop_assert_eq!(ordering.compare(&w.bank, si, ti), Comparison::Greater);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn unifier_makes_terms_equal_and_finds_constructed_instances(
        s in shape(3), t in shape(3), theta in prop::collection::vec(shape(2), 3)
    ) {
        let mut w = World::new();
        let s = w.build(&s);
        let t = w.build(&t);
        let mut subst = Substitution::new();
        if subst.unify(&w.bank, s, 0, t, 1) {
            let mut r = Renaming::new();
            let si = subst.apply(&mut w.bank, s, 0, &mut r);
            let ti = subst.apply(&mut w.bank, t, 1, &mut r);
            prop_assert_eq!(si, ti);
        }
        // s and an instance of s (in another scope) always unify, and the unifier is at least
        // as general as the instance: the instance matches the unified term.
        let theta: Vec<TermId> = theta.iter().map(|x| w.build(x)).collect();
        let inst = w.instantiate(s, &theta);
        let mut subst = Substitution::new();
        prop_assert!(subst.unify(&w.bank, s, 0, inst, 1));
        let mut r = Renaming::new();
        let unified = subst.apply(&mut w.bank, s, 0, &mut r);
        let mut m = Substitution::new();
        prop_assert!(m.matches(&w.bank, unified, 0, inst, 1));
    }

    #[test]
    fn matching_finds_instances_and_rebuilds_them(
        s in shape(3), theta in prop::collection::vec(shape(2), 3)
    ) {
        let mut w = World::new();
        let s = w.build(&s);
        let theta: Vec<TermId> = theta.iter().map(|x| w.build(x)).collect();
        let inst = w.instantiate(s, &theta);
        let mut m = Substitution::new();
        prop_assert!(m.matches(&w.bank, s, 0, inst, 1));
        let bound = w.bank.var_bound(inst);
        let mut r = Renaming::keeping(1, bound);
        let rebuilt = m.apply(&mut w.bank, s, 0, &mut r);
        prop_assert_eq!(rebuilt, inst);
    }

    #[test]
    fn kbo_is_a_simplification_ordering(
        s in shape(3), t in shape(3), u in shape(3), theta in prop::collection::vec(shape(2), 3)
    ) {
        let mut w = World::new();
        let kbo = w.kbo();
        simplification_ordering_properties(&mut w, &kbo, [&s, &t, &u], &theta)?;
    }

    #[test]
    fn lpo_is_a_simplification_ordering(
        s in shape(3), t in shape(3), u in shape(3), theta in prop::collection::vec(shape(2), 3)
    ) {
        let mut w = World::new();
        let lpo = w.lpo();
        simplification_ordering_properties(&mut w, &lpo, [&s, &t, &u], &theta)?;
    }

    #[test]
    fn clauses_print_as_tptp_and_read_back(
        lits in prop::collection::vec((shape(2), shape(2), any::<bool>(), any::<bool>()), 1..4)
    ) {
        let mut w = World::new();
        let p = w.sig.intern("p", 2, SymbolKind::Predicate);
        let truth = w.bank.true_term();
        let literals: Vec<Literal> = lits
            .iter()
            .map(|(l, r, positive, predicate)| {
                let (l, r) = (w.build(l), w.build(r));
                if *predicate {
                    let atom = w.bank.app(&w.sig, p, &[l, r]);
                    Literal::new(atom, truth, *positive)
                } else {
                    Literal::new(l, r, *positive)
                }
            })
            .collect();
        // The reader drops `s != s`, repeated literals and tautologies, as the prover would.
        let mut clause = Clause::new(literals);
        clause.remove_trivial_and_duplicate_literals();
        prop_assume!(!clause.is_empty() && !clause.is_tautology());
        let (clause, _) = clause.normalize_variables(&mut w.bank);
        let text = clause.display(&w.sig, &w.bank);
        let input = format!("cnf(c, axiom, ({text})).\n");
        let problem = craig::input::parse_problem(&input, "roundtrip.p", "roundtrip", &[])
            .map_err(|e| TestCaseError::fail(format!("{input}: {e}")))?;
        prop_assert_eq!(problem.clauses.len(), 1);
        let back = problem.clauses[0].clause.display(&problem.signature, &problem.bank);
        prop_assert_eq!(back, text);
    }
}
