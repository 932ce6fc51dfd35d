//! ΓCFA model checking: the paper's test cases (digest B.6, T1 to T9) on the programs of
//! `examples/scheme/`, with the verdicts expected with and without each precision device,
//! plus determinism, witness validity and no-panic properties of the front end.

use std::path::Path;
use std::rc::Rc;

use craig::cfa::domain::{Addr, Control, Count, Flow, State, Value, counts_leq};
use craig::cfa::governors::{GovernorTable, Usage};
use craig::cfa::protocol::parse_protocols;
use craig::cfa::report::compare;
use craig::cfa::{
    Analysis, NoOracle, Options, OracleKind, Protocol, SmtOracle, Verdict, analyse,
    analyse_with_oracle,
};
use craig::scheme::{CpsProgram, load_program, load_program_str};
use craig::syntax::{SourceMap, has_errors, render_all};

fn example(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scheme").join(name)
}

fn load(name: &str) -> (Rc<CpsProgram>, Rc<SourceMap>) {
    let mut sources = SourceMap::new();
    let (p, d) = load_program(&example(name), &[], &mut sources);
    assert!(!has_errors(&d), "{}", render_all(&d, &sources));
    (Rc::new(p.expect("program")), Rc::new(sources))
}

fn protocol(name: &str) -> Protocol {
    let text = std::fs::read_to_string(example(name)).unwrap();
    let (mut ps, d) = parse_protocols(craig::syntax::FileId(0), &text);
    assert!(d.is_empty(), "{d:?}");
    ps.remove(0)
}

fn run(name: &str, options: Options) -> Analysis {
    let (p, s) = load(name);
    analyse(p, s, &options)
}

fn gc() -> Options {
    Options::default()
}

fn no_gc() -> Options {
    Options { gc: false, ..Options::default() }
}

fn k1(o: Options) -> Options {
    Options { k: 1, ..o }
}

fn events_of(v: &Verdict) -> Vec<String> {
    match v {
        Verdict::Violation(w) => w.events.clone(),
        other => panic!("expected a violation, got {other:?}"),
    }
}

/// A witness is a path of the graph from the root.
fn assert_witness_is_a_path(a: &Analysis, v: &Verdict) {
    if let Verdict::Violation(w) = v {
        assert_eq!(w.path.first(), Some(&a.graph.root));
        for pair in w.path.windows(2) {
            assert!(a.graph.successors(pair[0]).contains(&pair[1]), "{pair:?} is not an edge");
        }
    }
}

fn var_named(p: &CpsProgram, name: &str) -> craig::scheme::ast::VarId {
    let i = p.vars.iter().position(|v| v.name == name).unwrap_or_else(|| panic!("no {name}"));
    craig::scheme::ast::VarId(i as u32)
}

// T1 -------------------------------------------------------------------------------------------

#[test]
fn t1_lockloop_fails_without_gc_and_is_verified_with_gc() {
    let lock = Protocol::lock_discipline();
    let without = run("lockloop.scm", no_gc());
    let v = without.check(&lock);
    assert_eq!(events_of(&v), ["lock", "lock"]);
    assert_witness_is_a_path(&without, &v);
    let with = run("lockloop.scm", gc());
    assert_eq!(with.check(&lock), Verdict::Verified);
    assert!(with.graph.complete);
    // With GC the graph is a small cycle: fewer states than without.
    assert!(with.graph.stats.states < without.graph.stats.states);
}

// T2 -------------------------------------------------------------------------------------------

#[test]
fn t2_identity_is_verified_only_with_gc_and_its_graph_is_linear() {
    let lock = Protocol::lock_discipline();
    let without = run("identity.scm", no_gc());
    let v = without.check(&lock);
    assert_eq!(events_of(&v), ["lock", "lock"]);
    assert_witness_is_a_path(&without, &v);
    let with = run("identity.scm", gc());
    assert_eq!(with.check(&lock), Verdict::Verified);
    for id in with.graph.ids() {
        assert!(with.graph.successors(id).len() <= 1, "state {} forks", id.0);
    }
}

// T3 -------------------------------------------------------------------------------------------

#[test]
fn t3_map_lock_then_map_unlock_keeps_f_apart_with_gc() {
    let two_phase = protocol("two-phase.proto");
    let with = run("map-locks.scm", gc());
    assert_eq!(with.check(&two_phase), Verdict::Verified);
    let without = run("map-locks.scm", no_gc());
    let v = without.check(&two_phase);
    assert_eq!(events_of(&v).last().map(String::as_str), Some("lock"));
    assert_witness_is_a_path(&without, &v);
    // The lock discipline itself is violated (three locks are held at once), with or without GC.
    assert!(matches!(with.check(&Protocol::lock_discipline()), Verdict::Violation(_)));
}

// T4 -------------------------------------------------------------------------------------------

#[test]
fn t4_governors_of_the_paper_example() {
    let mut sources = SourceMap::new();
    let text = "(define (g b e1 e2) (let ((a 3)) (if (= a b) (e1) (e2))))
                (g 3 (lambda () 1) (lambda () 2))";
    let (p, d) = load_program_str("t4.scm", text, &[], &mut sources);
    assert!(d.is_empty());
    let p = p.unwrap();
    let table = GovernorTable::new(&p);
    // G(t, e1) for t the `(let ((a 3)) ...)` term, as in the paper.
    let a = var_named(&p, "a");
    let t = p
        .call_ids()
        .find(|&c| matches!(p.call(c).kind, craig::scheme::cps::CallKind::Let { var, .. } if var == a))
        .unwrap();
    let texts = |var: &str| -> Vec<Vec<String>> {
        match table.call_usage(t, var_named(&p, var)) {
            Some(Usage::Governed(vs)) => {
                vs.iter().map(|v| v.iter().map(|&x| table.text(&p, x)).collect()).collect()
            }
            other => panic!("{var}: {other:?}"),
        }
    };
    assert_eq!(texts("e1"), vec![vec!["(↦ a 3)".to_string(), "(= a b)".into()]]);
    assert_eq!(texts("e2"), vec![vec!["(↦ a 3)".to_string(), "(not (= a b))".into()]]);
}

// T5 -------------------------------------------------------------------------------------------

fn some_state_binds(a: &Analysis, var: &str) -> bool {
    let v = var_named(&a.program, var);
    a.graph.states.iter().any(|s| s.store.keys().any(|k| matches!(k, Addr::Var(w, _) if *w == v)))
}

#[test]
fn t5_conditional_gc_collects_what_reachability_keeps() {
    let reach = run("conditional-gc.scm", gc());
    assert!(some_state_binds(&reach, "d"));
    let cond = run("conditional-gc.scm", Options { conditional_gc: true, ..gc() });
    assert!(!some_state_binds(&cond, "d"));
    // The refutation of (not (equal? a b)) needs counting: a and b hold a closure over n.
    let uncounted =
        run("conditional-gc.scm", Options { conditional_gc: true, counting: false, ..gc() });
    assert!(some_state_binds(&uncounted, "d"));
}

// T6 -------------------------------------------------------------------------------------------

#[test]
fn t6_gc_shrinks_the_doubly_nested_loop() {
    for o in [gc(), k1(gc())] {
        let with = run("nested-loop.scm", o);
        let without = run("nested-loop.scm", Options { gc: false, ..o });
        assert!(with.graph.complete && without.graph.complete);
        assert!(
            with.graph.stats.states < without.graph.stats.states,
            "{} vs {}",
            with.graph.stats.states,
            without.graph.stats.states
        );
    }
    // Without subsumption (the paper's plain depth-first search) at 1CFA the ratio is larger.
    let plain = Options { subsumption: false, ..k1(gc()) };
    let with = run("nested-loop.scm", plain);
    let without = run("nested-loop.scm", Options { gc: false, ..plain });
    let ratio = without.graph.stats.states as f64 / with.graph.stats.states as f64;
    assert!(ratio >= 5.0, "ratio {ratio}");
}

// T7 -------------------------------------------------------------------------------------------

fn max_count_of(a: &Analysis, var: &str) -> Option<Count> {
    let v = var_named(&a.program, var);
    a.graph
        .states
        .iter()
        .flat_map(|s| s.counts.iter())
        .filter(|(k, _)| matches!(k, Addr::Var(w, _) if *w == v))
        .map(|(_, c)| *c)
        .max()
}

#[test]
fn t7_self_tail_call_keeps_the_count_of_k_at_one() {
    // Without GC nothing resets counts, so only the rebinding check keeps k at 1.
    let with = run("tail-loop.scm", no_gc());
    assert_eq!(max_count_of(&with, "k"), Some(Count::One));
    let without = run("tail-loop.scm", Options { rebinding: false, ..no_gc() });
    assert_eq!(max_count_of(&without, "k"), Some(Count::Many));
    // No spurious return: the loop returns to its one caller, which halts with 'done only.
    let a = run("tail-loop.scm", gc());
    let done = a.program.const_id(&craig::scheme::ast::Const::Sym("done".into())).unwrap();
    let mut halts = 0;
    for id in a.graph.ids() {
        if craig::cfa::protocol::halts(&a.program, &a.graph, id) {
            halts += 1;
            let values: Vec<_> = a.graph.state(id).store.values().collect();
            assert_eq!(values.len(), 1);
            assert_eq!(values[0].iter().collect::<Vec<_>>(), [&Value::Lit(done)]);
        }
    }
    assert_eq!(halts, 1);
}

// T8 -------------------------------------------------------------------------------------------

#[test]
fn t8_non_tail_recursion_returns_spuriously_under_0cfa_not_1cfa() {
    let tick_done = protocol("tick-done.proto");
    let zero = run("nontail.scm", gc());
    let v = zero.check(&tick_done);
    assert_eq!(events_of(&v), ["done"]);
    assert_witness_is_a_path(&zero, &v);
    let one = run("nontail.scm", k1(gc()));
    assert_eq!(one.check(&tick_done), Verdict::Verified);
}

// T9 -------------------------------------------------------------------------------------------

#[test]
fn t9_car_of_the_empty_list_is_reported() {
    let a = run("car-nil.scm", gc());
    let w = a.warnings_text();
    assert!(w.contains("car-nil.scm:2:19: warning: `car` may be applied to '()"), "{w}");
    // A list that is never empty gives no warning.
    let b = run("identity.scm", gc());
    assert_eq!(b.warnings_text(), "");
}

// Properties -----------------------------------------------------------------------------------

const EXAMPLES: [&str; 16] = [
    "records.scm",
    "join-point.scm",
    "oracle-gc.scm",
    "lockloop.scm",
    "identity.scm",
    "map-locks.scm",
    "conditional-gc.scm",
    "nested-loop.scm",
    "church.scm",
    "kcfa-worst.scm",
    "mutual.scm",
    "interpreter.scm",
    "nontail.scm",
    "car-nil.scm",
    "tail-loop.scm",
    "church.scm",
];

#[test]
fn analyses_are_deterministic() {
    for name in ["church.scm", "interpreter.scm", "map-locks.scm"] {
        for o in [gc(), no_gc(), Options { conditional_gc: true, ..k1(gc()) }] {
            let a = run(name, o);
            let b = run(name, o);
            assert_eq!(a.graph.states, b.graph.states, "{name}");
            assert_eq!(a.graph.succs, b.graph.succs, "{name}");
            assert_eq!(a.dot(None), b.dot(None));
        }
    }
}

#[test]
fn every_example_is_analysed_completely_in_every_configuration() {
    for name in EXAMPLES {
        for gc_on in [false, true] {
            for conditional_gc in [false, true] {
                for counting in [false, true] {
                    for k in [0, 1] {
                        let o = Options { k, gc: gc_on, conditional_gc, counting, ..gc() };
                        let a = run(name, o);
                        assert!(a.graph.complete, "{name} {}", o.describe());
                        for id in a.graph.ids() {
                            assert!(a.show_state(id).is_some());
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn gc_never_keeps_more_than_no_gc_finds_values() {
    // Every value an Apply state passes with GC also flows without GC (GC only removes).
    for name in ["identity.scm", "lockloop.scm", "mutual.scm"] {
        let with = run(name, gc());
        let without = run(name, no_gc());
        let all = |a: &Analysis| -> std::collections::BTreeSet<String> {
            a.graph
                .states
                .iter()
                .filter_map(|s| match &s.control {
                    Control::Apply { proc: Value::Prim(p), .. } => {
                        Some(a.program.prim_name(*p).to_string())
                    }
                    _ => None,
                })
                .collect()
        };
        assert!(all(&with).is_subset(&all(&without)), "{name}");
    }
}

#[test]
fn every_concrete_run_is_covered_by_the_abstract_graph() {
    // Soundness on the one run each program has: its events are a path of the graph.
    for name in EXAMPLES {
        let (p, s) = load(name);
        let run = craig::cfa::concrete::run(&p, 5_000);
        for gc_on in [false, true] {
            for conditional_gc in [false, true] {
                for counting in [false, true] {
                    for k in [0, 1] {
                        let o = Options { k, gc: gc_on, conditional_gc, counting, ..gc() };
                        let a = analyse(p.clone(), s.clone(), &o);
                        assert!(
                            craig::cfa::concrete::graph_admits(&p, &a.graph, &run.events),
                            "{name} {}: {:?}",
                            o.describe(),
                            run.events
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn violations_are_confirmed_or_called_spurious_by_a_concrete_run() {
    // Three locks held at once: a real violation of the lock discipline.
    let a = run("map-locks.scm", gc());
    let lock = Protocol::lock_discipline();
    assert!(matches!(a.check(&lock), Verdict::Violation(_)));
    let text = a.confirmation_text(&lock, 10_000);
    assert!(
        text.contains("confirmed by a concrete run") && text.contains("events lock lock"),
        "{text}"
    );
    // lockloop without GC: the double lock is spurious, the concrete run never shows it.
    let b = run("lockloop.scm", no_gc());
    let text = b.confirmation_text(&lock, 10_000);
    assert!(text.contains("not confirmed: the concrete run is still running"), "{text}");
}

#[test]
fn concrete_runs_compute_the_expected_values() {
    let (p, _) = load("interpreter.scm");
    let r = craig::cfa::concrete::run(&p, 100_000);
    assert_eq!(r.outcome, craig::cfa::concrete::Outcome::Halted);
    let (p, _) = load("car-nil.scm");
    let r = craig::cfa::concrete::run(&p, 100_000);
    assert_eq!(r.outcome, craig::cfa::concrete::Outcome::Error("`car` of a non-pair".into()));
}

#[test]
fn compare_runs_three_configurations() {
    let (p, s) = load("lockloop.scm");
    let rows = compare(p, s, &gc(), &[Protocol::lock_discipline()], OracleKind::None);
    let words: Vec<&str> = rows.iter().map(|r| r.verdicts[0].word()).collect();
    assert_eq!(words, ["violation", "verified", "verified"]);
}

#[test]
fn state_limit_gives_unknown_never_verified() {
    let o = Options { max_states: 5, ..gc() };
    let a = run("mutual.scm", o);
    assert!(!a.graph.complete);
    assert_eq!(a.check(&Protocol::lock_discipline()), Verdict::Unknown);
}

#[test]
fn show_state_lists_environment_store_and_continuation() {
    let a = run("lockloop.scm", gc());
    let text: String = a.graph.ids().filter_map(|id| a.show_state(id)).collect();
    assert!(text.contains("environment: mutex ↦ 0, lockloop ↦ 0, n ↦ 0, k ↦ 0"), "{text}");
    assert!(text.contains("continuation k: {(λ/k (r_2) …)@12:1}"), "{text}");
    assert!(text.contains("n@0 = {0}   count 1"), "{text}");
}

#[test]
fn the_smt_oracle_refutes_what_the_flow_sets_cannot() {
    // oracle-gc.scm: the probe reads n only under (= x 0) and then (not (= x 0)), with x's flow
    // set {0, 1}. Without an oracle conditional GC keeps n's old binding and the lock discipline
    // fails spuriously; with craig's SMT core the binding is collected and it is verified.
    let (p, s) = load("oracle-gc.scm");
    let o = Options { conditional_gc: true, ..gc() };
    let lock = Protocol::lock_discipline();
    let without = analyse_with_oracle(p.clone(), s.clone(), &o, &NoOracle);
    let oracle = SmtOracle::default();
    let with = analyse_with_oracle(p.clone(), s.clone(), &o, &oracle);
    assert_eq!(events_of(&without.check(&lock)), ["lock", "unlock", "unlock"]);
    assert_eq!(with.check(&lock), Verdict::Verified);
    assert_eq!((without.graph.stats.states, without.graph.stats.edges), (38, 39));
    assert_eq!((with.graph.stats.states, with.graph.stats.edges), (31, 31));
    assert!(without.oracle.is_none());
    let report = with.oracle.as_ref().expect("the SMT oracle reports its questions");
    let refuted: Vec<&str> =
        report.questions.iter().filter(|q| q.refuted).map(|q| q.text.as_str()).collect();
    assert_eq!(refuted, ["x ∈ {0, 1}, (= x 0) ⊢ (not (= x 0))"]);
    assert!(with.oracle_text().contains("1 refuted"), "{}", with.oracle_text());
    // Plain reachability GC does not ask, and keeps the binding too.
    let plain = analyse_with_oracle(p.clone(), s.clone(), &gc(), &SmtOracle::default());
    assert!(matches!(plain.check(&lock), Verdict::Violation(_)));
    assert!(plain.oracle.as_ref().is_some_and(|r| r.questions.is_empty()));
    // The concrete run (lock, unlock, ... forever) is still a path of the smaller graph.
    let run = craig::cfa::concrete::run(&p, 5_000);
    assert!(craig::cfa::concrete::graph_admits(&p, &with.graph, &run.events));
}

#[test]
fn every_concrete_run_is_covered_with_the_smt_oracle() {
    // Soundness of the oracle on every example: conditional GC asking the SMT core still
    // admits the program's one concrete run.
    for name in EXAMPLES {
        let (p, s) = load(name);
        let run = craig::cfa::concrete::run(&p, 5_000);
        for k in [0, 1] {
            let o = Options { k, conditional_gc: true, ..gc() };
            let a = analyse_with_oracle(p.clone(), s.clone(), &o, &SmtOracle::default());
            assert!(
                craig::cfa::concrete::graph_admits(&p, &a.graph, &run.events),
                "{name} {}: {:?}",
                o.describe(),
                run.events
            );
        }
    }
}

mod oracle_soundness {
    //! The SMT oracle never calls a satisfiable governor set unsatisfiable: random questions
    //! over variables with literal flow sets, decided by enumerating every assignment.
    use super::*;
    use craig::cfa::GovernorOracle;
    use craig::cfa::GovernorQuery;
    use craig::cfa::domain::Flow;
    use craig::scheme::ast::{Builtin, Const, VarId};
    use craig::scheme::cps::{Atom, Exp, SiteId};
    use proptest::prelude::*;

    const NUMERALS: [i64; 3] = [0, 1, 2];

    fn program() -> (CpsProgram, Vec<VarId>) {
        let mut sources = SourceMap::new();
        let text = "(define (f x y z) (lambda () (list x y z 0 1 2))) (f 0 1 2)";
        let p = load_program_str("q.scm", text, &[], &mut sources).0.expect("program");
        let vars = ["x", "y", "z"].iter().map(|n| var_named(&p, n)).collect();
        (p, vars)
    }

    /// A value of the little language the questions are written in.
    #[derive(Clone, Copy, PartialEq, Debug)]
    enum V {
        Int(i64),
        Bool(bool),
    }

    /// A random test: a tree over the variables and numerals.
    #[derive(Clone, Debug)]
    enum T {
        Var(usize),
        Num(usize),
        Op(usize, Vec<T>),
    }

    const OPS: [(Builtin, usize); 7] = [
        (Builtin::NumEq, 2),
        (Builtin::Lt, 2),
        (Builtin::Le, 2),
        (Builtin::EqP, 2),
        (Builtin::Not, 1),
        (Builtin::ZeroP, 1),
        (Builtin::Add, 2),
    ];

    fn tree() -> impl Strategy<Value = T> {
        let leaf = prop_oneof![(0usize..3).prop_map(T::Var), (0usize..3).prop_map(T::Num)];
        leaf.prop_recursive(3, 12, 2, |inner| {
            (0usize..OPS.len(), proptest::collection::vec(inner, 2)).prop_map(|(op, mut args)| {
                args.truncate(OPS[op].1);
                T::Op(op, args)
            })
        })
    }

    fn exp(p: &CpsProgram, vars: &[VarId], t: &T) -> Exp {
        match t {
            T::Var(i) => Exp::Atom(Atom::Var(vars[*i])),
            T::Num(i) => Exp::Atom(Atom::Const(p.const_id(&Const::Int(NUMERALS[*i])).unwrap())),
            T::Op(op, args) => Exp::Prim {
                prim: OPS[*op].0,
                args: args.iter().map(|a| exp(p, vars, a)).collect(),
                site: SiteId(0),
            },
        }
    }

    /// The concrete value, or `None` where craig's machine stops with an error.
    fn eval(t: &T, env: &[i64]) -> Option<V> {
        Some(match t {
            T::Var(i) => V::Int(env[*i]),
            T::Num(i) => V::Int(NUMERALS[*i]),
            T::Op(op, args) => {
                let vs: Vec<V> = args.iter().map(|a| eval(a, env)).collect::<Option<_>>()?;
                let int = |v: V| match v {
                    V::Int(n) => Some(n),
                    V::Bool(_) => None,
                };
                match (OPS[*op].0, vs.as_slice()) {
                    (Builtin::NumEq, [a, b]) => V::Bool(int(*a)? == int(*b)?),
                    (Builtin::Lt, [a, b]) => V::Bool(int(*a)? < int(*b)?),
                    (Builtin::Le, [a, b]) => V::Bool(int(*a)? <= int(*b)?),
                    (Builtin::EqP, [a, b]) => V::Bool(a == b),
                    (Builtin::Not, [a]) => V::Bool(*a == V::Bool(false)),
                    (Builtin::ZeroP, [a]) => V::Bool(int(*a)? == 0),
                    (Builtin::Add, [a, b]) => V::Int(int(*a)? + int(*b)?),
                    _ => return None,
                }
            }
        })
    }

    fn holds(t: &T, env: &[i64], polarity: bool) -> bool {
        match eval(t, env) {
            Some(v) => (v != V::Bool(false)) == polarity,
            None => false,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn never_refutes_a_satisfiable_question(
            flows in proptest::collection::vec(proptest::collection::btree_set(0usize..3, 1..=3), 3),
            assumptions in proptest::collection::vec((tree(), any::<bool>()), 0..3),
            goal in (tree(), any::<bool>()),
        ) {
            let (p, vars) = program();
            let values: Vec<(VarId, Flow)> = vars
                .iter()
                .zip(&flows)
                .map(|(v, f)| {
                    let lits = f
                        .iter()
                        .map(|i| Value::Lit(p.const_id(&Const::Int(NUMERALS[*i])).unwrap()))
                        .collect();
                    (*v, Flow::from_values(lits))
                })
                .collect();
            let query = GovernorQuery {
                program: &p,
                values,
                bindings: Vec::new(),
                assumptions: assumptions.iter().map(|(t, b)| (exp(&p, &vars, t), *b)).collect(),
                goal: (exp(&p, &vars, &goal.0), goal.1),
            };
            let mut satisfiable = false;
            for &a in &flows[0] {
                for &b in &flows[1] {
                    for &c in &flows[2] {
                        let env = [NUMERALS[a], NUMERALS[b], NUMERALS[c]];
                        satisfiable |= assumptions.iter().all(|(t, pol)| holds(t, &env, *pol))
                            && holds(&goal.0, &env, goal.1);
                    }
                }
            }
            let refuted = SmtOracle::default().refutes(&query);
            prop_assert!(
                !(refuted && satisfiable),
                "refuted a satisfiable question: flows {flows:?}, assumptions {assumptions:?}, goal {goal:?}"
            );
        }
    }

    #[test]
    fn refutes_some_unsatisfiable_questions() {
        // The oracle is not the one that never refutes: x ∈ {1, 2} and (< x 1) contradict.
        let (p, vars) = program();
        let one = Exp::Atom(Atom::Const(p.const_id(&Const::Int(1)).unwrap()));
        let x = Exp::Atom(Atom::Var(vars[0]));
        let lits = [1, 2].iter().map(|n| Value::Lit(p.const_id(&Const::Int(*n)).unwrap()));
        let query = GovernorQuery {
            program: &p,
            values: vec![(vars[0], Flow::from_values(lits.collect()))],
            bindings: Vec::new(),
            assumptions: vec![(
                Exp::Prim { prim: Builtin::Lt, args: vec![x, one], site: SiteId(0) },
                true,
            )],
            goal: (Exp::Atom(Atom::Var(vars[1])), true),
        };
        assert!(SmtOracle::default().refutes(&query));
    }
}

mod no_panic {
    //! Random token soup and random small programs never panic the front end or the analysis.
    use super::*;
    use proptest::prelude::*;

    const VOCAB: [&str; 41] = [
        "(",
        ")",
        "(",
        ")",
        "[",
        "]",
        "'",
        "define",
        "lambda",
        "let",
        "letrec",
        "if",
        "begin",
        "set!",
        "cond",
        "else",
        "quote",
        "x",
        "y",
        "f",
        "0",
        "1",
        "#t",
        "#f",
        "\"s\"",
        "car",
        "cons",
        "+",
        "=",
        "lock",
        "unlock",
        "null?",
        "'()",
        ".",
        ";c\n",
        "#(",
        "define-record-type",
        "dynamic-wind",
        "(mk x y) p? (x gx sx) (y gy)",
        "(gx (mk 1 2))",
        "call/cc",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn token_soup_never_panics(toks in proptest::collection::vec(0usize..VOCAB.len(), 0..60)) {
            let text: Vec<&str> = toks.iter().map(|&i| VOCAB[i]).collect();
            let mut sm = SourceMap::new();
            let (p, d) = load_program_str("p.scm", &text.join(" "), &[], &mut sm);
            let _ = render_all(&d, &sm);
            if let Some(p) = p {
                let o = Options { max_states: 300, ..Options::default() };
                let a = analyse(Rc::new(p), Rc::new(sm), &o);
                let _ = a.check(&Protocol::lock_discipline());
            }
        }

        #[test]
        fn macro_soup_never_panics(
            with_macro in any::<bool>(),
            toks in proptest::collection::vec(0usize..MACRO_VOCAB.len(), 0..60),
        ) {
            // Random uses of random macros, with or without a well-formed macro in scope, and
            // of the multiple-value forms: errors or programs, never a panic.
            let mut text: Vec<&str> = toks.iter().map(|&i| MACRO_VOCAB[i]).collect();
            if with_macro {
                text.insert(0, "(define-syntax m (syntax-rules (else) ((_) 1) ((_ else x) x) \
                                ((_ (a b ...) ...) (list (m b ...) ...)) ((_ x . y) (m . y))))");
            }
            let mut sm = SourceMap::new();
            let (p, d) = load_program_str("p.scm", &text.join(" "), &[], &mut sm);
            let rendered = render_all(&d, &sm);
            // Every error points into the program (a use, a rule), never into the prelude.
            prop_assert!(!rendered.contains("<prelude>:"), "{}", rendered);
            if let Some(p) = p {
                let o = Options { max_states: 300, ..Options::default() };
                let a = analyse(Rc::new(p), Rc::new(sm), &o);
                let _ = a.check(&Protocol::lock_discipline());
            }
        }

        #[test]
        fn protocol_soup_never_panics(toks in proptest::collection::vec(0usize..12, 0..40)) {
            const P: [&str; 12] = ["protocol", "p", "{", "}", "initial", "final", "events", "a",
                "b", "->", ";", ","];
            let text: Vec<&str> = toks.iter().map(|&i| P[i]).collect();
            let _ = parse_protocols(craig::syntax::FileId(0), &text.join(" "));
        }
    }

    const MACRO_VOCAB: [&str; 39] = [
        "define-record-type",
        "dynamic-wind",
        "(m p? (x gx))",
        "(",
        ")",
        "(",
        ")",
        "define-syntax",
        "let-syntax",
        "letrec-syntax",
        "syntax-rules",
        "m",
        "(m",
        "(m)",
        "_",
        "...",
        "x",
        "y",
        "else",
        "=>",
        "cond",
        "let",
        "lambda",
        "define",
        "begin",
        "values",
        "call-with-values",
        "receive",
        "let-values",
        "'",
        "#(",
        ".",
        "1",
        "(syntax-rules () ((_ x ...) (m x ...)))",
        "((_ (a ...) ...) '(a ... ...))",
        "(x y)",
        "(m (1 2) (3))",
        "(let-values (((x y) (values 1 2))) x)",
        "(m else 2)",
    ];

    fn program() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("x".to_string()),
            Just("y".to_string()),
            Just("0".to_string()),
            Just("1".to_string()),
            Just("'()".to_string()),
            Just("(lambda (x) x)".to_string()),
        ];
        leaf.prop_recursive(4, 24, 3, |inner| {
            prop_oneof![
                (inner.clone(), inner.clone(), inner.clone())
                    .prop_map(|(a, b, c)| format!("(if {a} {b} {c})")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("(f {a} {b})")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("(cons {a} {b})")),
                inner.clone().prop_map(|a| format!("(car {a})")),
                inner.clone().prop_map(|a| format!("(begin (lock 'm) {a} (unlock 'm))")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("(let ((y {a})) {b})")),
                inner.clone().prop_map(|a| format!("(lambda (x) {a})")),
                inner.clone().prop_map(|a| format!("(begin (set! y {a}) y)")),
                // Records and `dynamic-wind` (issue 39), whose concrete runs must be paths too.
                inner.clone().prop_map(|a| format!("(unbox (mk-box {a}))")),
                inner.clone().prop_map(|a| format!("(begin (set-box! bx {a}) (unbox bx))")),
                inner.clone().prop_map(|a| format!("(if (box? {a}) (lock 'm) (vector? {a}))")),
                inner.clone().prop_map(|a| format!(
                    "(dynamic-wind (lambda () (lock 'm)) (lambda () {a}) (lambda () (unlock 'm)))"
                )),
                // An escape out of an extent (which runs `after`) and a re-entry into one
                // (which runs `before` again).
                inner.clone().prop_map(|a| format!(
                    "(call/cc (lambda (k) (dynamic-wind (lambda () (lock 'm)) (lambda () (k {a})) \
                     (lambda () (unlock 'm)))))"
                )),
                inner.prop_map(|a| format!(
                    "(let ((r (dynamic-wind (lambda () (lock 'm)) (lambda () (call/cc (lambda (k) k))) \
                     (lambda () (unlock 'm))))) (if (procedure? r) (r {a}) r))"
                )),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]
        #[test]
        fn random_programs_analyse_in_every_mode(body in program(), k in 0usize..2) {
            let text = format!("(define x 1)\n(define y 0)\n(define (f x g) (if (null? x) g (f (cdr x) g)))\n\
                (define-record-type box (mk-box v) box? (v unbox set-box!))\n(define bx (mk-box 0))\n{body}");
            let mut sm = SourceMap::new();
            let (p, d) = load_program_str("p.scm", &text, &[], &mut sm);
            prop_assert!(!has_errors(&d), "{}", render_all(&d, &sm));
            let (p, sm) = (Rc::new(p.unwrap()), Rc::new(sm));
            let concrete = craig::cfa::concrete::run(&p, 2_000);
            for (gc, cgc) in [(false, false), (true, false), (true, true)] {
                for counting in [false, true] {
                    let o = Options {
                        k, gc, conditional_gc: cgc, counting, max_states: 3000, ..Options::default()
                    };
                    let a = analyse(p.clone(), sm.clone(), &o);
                    let _ = a.check(&Protocol::lock_discipline());
                    // Soundness: the program's one run is a path of a complete graph.
                    if a.graph.complete {
                        prop_assert!(
                            craig::cfa::concrete::graph_admits(&p, &a.graph, &concrete.events),
                            "{} {:?}", o.describe(), concrete.events
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn an_assigned_variable_gives_no_equivalence_to_conditional_gc() {
    // `a` is bound to `b`, then `b` changes: (eq? a b) is false and `d` is used, so conditional
    // GC must keep it (the concrete run's result 'd must flow to halt).
    let text = "(define (f b d)
                  (lambda () (let ((a b)) (set! b 2) (if (eq? a b) 'c d))))
                (define t (f 1 'd))
                (t)";
    let mut sources = SourceMap::new();
    let (p, d) = load_program_str("m.scm", text, &[], &mut sources);
    assert!(!has_errors(&d), "{}", render_all(&d, &sources));
    let (p, s) = (Rc::new(p.unwrap()), Rc::new(sources));
    let a = analyse(p.clone(), s, &Options { conditional_gc: true, ..gc() });
    let d_sym = p.const_id(&craig::scheme::ast::Const::Sym("d".into())).unwrap();
    let halts_with_d = a.graph.states.iter().any(|st| match &st.control {
        Control::Apply { proc: Value::Clo(l, _), args, .. } => {
            p.lam(*l).kind == craig::scheme::cps::LamKind::Continuation
                && args.iter().any(|f| f.contains(&Value::Lit(d_sym)))
        }
        _ => false,
    });
    assert!(halts_with_d);
}

#[test]
fn command_line_exit_codes_and_outputs() {
    use clap::Parser as _;
    use craig::cli::cfa::{Args, run as cli};
    #[derive(clap::Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: Args,
    }
    let call = |argv: &[&str]| {
        let mut full = vec!["craig-cfa"];
        full.extend_from_slice(argv);
        let w = Wrapper::try_parse_from(full).unwrap();
        let mut out = Vec::new();
        let code = cli(&w.args, &mut out, &mut Vec::new()).map_err(|e| e.to_string());
        (code, String::from_utf8(out).unwrap())
    };
    let lockloop = example("lockloop.scm");
    let lockloop = lockloop.to_str().unwrap();
    let (code, out) = call(&[lockloop]);
    assert_eq!(code, Ok(0), "{out}");
    assert!(out.contains("0CFA, GC, counting: 18 states, 18 edges"), "{out}");
    let dot = std::env::temp_dir().join(format!("craig-cfa-{}.dot", std::process::id()));
    let (code, out) = call(&[lockloop, "--no-gc", "--dot", dot.to_str().unwrap()]);
    assert_eq!(code, Ok(1), "{out}");
    let text = std::fs::read_to_string(&dot).unwrap();
    let _ = std::fs::remove_file(&dot);
    assert!(text.starts_with("digraph cfa {") && text.contains("color=red"), "{text}");
    let two_phase = example("two-phase.proto");
    let map = example("map-locks.scm");
    let (code, out) =
        call(&[map.to_str().unwrap(), "--protocol", two_phase.to_str().unwrap(), "--compare"]);
    assert_eq!(code, Ok(0));
    assert!(out.contains("0CFA, no GC, counting") && out.contains("verified"), "{out}");
    let (code, out) = call(&[lockloop, "--max-states", "3"]);
    assert_eq!(code, Ok(3), "{out}");
    let missing = call(&["/nonexistent/p.scm"]).0.unwrap_err();
    assert!(missing.contains("cannot read"), "{missing}");
}

#[test]
fn join_point_states_are_merged() {
    let merged = run("join-point.scm", gc());
    assert!(merged.graph.stats.merged >= 1);
    assert_eq!(merged.check(&Protocol::lock_discipline()), Verdict::Verified);
    let apart = run("join-point.scm", Options { merge_joins: false, ..gc() });
    assert_eq!(apart.graph.stats.merged, 0);
    assert!(apart.graph.stats.states > merged.graph.stats.states);
}

mod r5rs {
    //! The development set of bench/scheme/ (issue 39): R5RS's forms and standard procedures
    //! through the prelude, with state counts pinned and soundness on the programs' runs.
    use super::*;
    use proptest::prelude::*;

    fn load_bench(name: &str) -> (Rc<CpsProgram>, Rc<SourceMap>) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/scheme").join(name);
        let mut sources = SourceMap::new();
        let (p, d) = load_program(&path, &[], &mut sources);
        assert!(!has_errors(&d), "{}", render_all(&d, &sources));
        (Rc::new(p.expect("program")), Rc::new(sources))
    }

    /// (program, states with GC under 0CFA with counting): counters, not times.
    const PINNED: [(&str, usize); 10] = [
        ("tak.scm", 90),
        ("ctak.scm", 202),
        ("variadic.scm", 203),
        ("generator.scm", 61),
        ("lock-map.scm", 222),
        ("qq.scm", 21),
        ("strings.scm", 293),
        ("numbers.scm", 266),
        ("swap-macro.scm", 7),
        ("values.scm", 26),
    ];

    #[test]
    fn development_programs_have_their_state_counts_and_verdicts() {
        for (name, states) in PINNED {
            let (p, s) = load_bench(name);
            let a = analyse(p, s, &Options::default());
            assert!(a.graph.complete, "{name}");
            assert_eq!(a.graph.stats.states, states, "{name}");
            assert!(matches!(a.check(&Protocol::lock_discipline()), Verdict::Verified), "{name}");
        }
    }

    #[test]
    fn development_runs_are_paths_of_the_graph() {
        // Soundness where the prelude, call/cc, apply and variadic procedures meet the lock
        // protocol: the concrete run's events are a path of the graph, with and without GC.
        for name in ["generator.scm", "lock-map.scm", "variadic.scm", "streams.scm"] {
            let (p, s) = load_bench(name);
            let run = craig::cfa::concrete::run(&p, 50_000);
            assert!(
                matches!(run.outcome, craig::cfa::concrete::Outcome::Halted),
                "{name}: {:?}",
                run.outcome
            );
            for gc_on in [false, true] {
                let o = Options { gc: gc_on, max_states: 20_000, ..Options::default() };
                let a = analyse(p.clone(), s.clone(), &o);
                assert!(a.graph.complete, "{name}");
                assert!(craig::cfa::concrete::graph_admits(&p, &a.graph, &run.events), "{name}");
            }
        }
    }

    #[test]
    fn a_forced_promise_runs_its_body_once() {
        // `force` updates the one promise strongly (its count is 1), so the lock inside the
        // promise is taken once: verified, where a weak update would report a double lock.
        let text = "(define p (delay (begin (lock 'm) 5))) (force p) (force p) (unlock 'm)";
        let mut sm = SourceMap::new();
        let (p, d) = load_program_str("p.scm", text, &[], &mut sm);
        assert!(!has_errors(&d), "{}", render_all(&d, &sm));
        let a = analyse(Rc::new(p.unwrap()), Rc::new(sm), &Options::default());
        assert!(matches!(a.check(&Protocol::lock_discipline()), Verdict::Verified));
    }

    #[test]
    fn a_state_budget_gives_unknown_with_the_count() {
        let (p, s) = load_bench("dderiv.scm");
        let o = Options { gc: false, max_states: 500, ..Options::default() };
        let a = analyse(p, s, &o);
        assert!(!a.graph.complete);
        assert_eq!(a.graph.stats.states, 500);
        assert!(matches!(a.check(&Protocol::lock_discipline()), Verdict::Unknown));
        assert!(a.summary().contains("500 states"), "{}", a.summary());
    }

    const VOCAB: [&str; 41] = [
        "=>",
        "(",
        ")",
        "(",
        ")",
        "do",
        "case",
        "`",
        ",",
        ",@",
        "delay",
        "force",
        "call/cc",
        "apply",
        "#\\a",
        "#\\space",
        "1.5",
        "1/3",
        "map",
        "append",
        "set-car!",
        "string->list",
        "/",
        ".",
        "args",
        "let*",
        "letrec*",
        "define",
        "lambda",
        "x",
        "l",
        "'(1 2)",
        "else",
        "#(",
        "list",
        "for-each",
        "vector-map",
        "char-upcase",
        "assq",
        "lock",
        "#\\bad",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn r5rs_token_soup_never_panics_and_errors_say_where(
            toks in proptest::collection::vec(0usize..41, 0..50)
        ) {
            let text: Vec<&str> = toks.iter().map(|&i| VOCAB[i]).collect();
            let mut sm = SourceMap::new();
            let (p, d) = load_program_str("p.scm", &text.join(" "), &[], &mut sm);
            let rendered = render_all(&d, &sm);
            if has_errors(&d) {
                // Every error points into the program, never into the prelude.
                prop_assert!(rendered.contains("p.scm:"), "{}", rendered);
                prop_assert!(!rendered.contains("<prelude>:"), "{}", rendered);
            }
            if let Some(p) = p {
                let o = Options { max_states: 300, ..Options::default() };
                let a = analyse(Rc::new(p), Rc::new(sm), &o);
                let _ = a.check(&Protocol::lock_discipline());
            }
        }
    }

    /// The development programs craig reads (all of them).
    const BENCH: [&str; 29] = [
        "ack.scm",
        "assoc-db.scm",
        "church.scm",
        "cpstak.scm",
        "ctak.scm",
        "dderiv.scm",
        "deriv.scm",
        "destruct.scm",
        "div.scm",
        "fib.scm",
        "generator.scm",
        "hanoi.scm",
        "interp.scm",
        "kcfa3.scm",
        "letrec-star.scm",
        "lock-map.scm",
        "mbrot.scm",
        "mergesort.scm",
        "nqueens.scm",
        "numbers.scm",
        "primes.scm",
        "qq.scm",
        "streams.scm",
        "strings.scm",
        "swap-macro.scm",
        "tak.scm",
        "takl.scm",
        "values.scm",
        "variadic.scm",
    ];

    /// The development programs on which GC gives more states than no GC (issue 39 asks for
    /// never). Not a fault: see "GC and the number of states" in `src/cfa/explore.rs`.
    const GC_REFINES: [&str; 3] = ["ack.scm", "deriv.scm", "mergesort.scm"];

    /// `v ⊑ w` for abstract values: equal, or a literal below the `Any` value of its kind
    /// (`AnyInt` is any integer, the program's literals too; `AnyNum` any number).
    fn value_leq(p: &CpsProgram, v: &Value, w: &Value) -> bool {
        use craig::scheme::ast::Const;
        let konst = |v: &Value| match v {
            Value::Lit(c) => Some(&p.consts[c.0 as usize]),
            _ => None,
        };
        v == w
            || match (konst(v), w) {
                (Some(Const::Int(_)), Value::AnyInt | Value::AnyNum) => true,
                (Some(Const::Real(_)), Value::AnyNum) => true,
                (Some(Const::Str(_)), Value::AnyStr) => true,
                (Some(Const::Sym(_)), Value::AnySym) => true,
                (Some(Const::Char(_)), Value::AnyChar) => true,
                _ => matches!((v, w), (Value::AnyInt, Value::AnyNum)),
            }
    }

    fn flow_leq(p: &CpsProgram, a: &Flow, b: &Flow) -> bool {
        a.iter().all(|v| b.iter().any(|w| value_leq(p, v, w)))
    }

    /// `small ⊑ big`: the same control (an Apply's arguments may be smaller) and time, every
    /// binding of `small` below `big`'s, every count no higher.
    fn state_leq(p: &CpsProgram, small: &State, big: &State) -> bool {
        let control = match (&small.control, &big.control) {
            (Control::Apply { proc: f, args: x, .. }, Control::Apply { proc: g, args: y, .. }) => {
                f == g && x.len() == y.len() && x.iter().zip(y).all(|(a, b)| flow_leq(p, a, b))
            }
            (a, b) => a == b,
        };
        control
            && small.time == big.time
            && small.store.iter().all(|(a, f)| big.store.get(a).is_some_and(|g| flow_leq(p, f, g)))
            && counts_leq(&small.counts, &big.counts)
    }

    #[test]
    fn gc_never_gives_more_states_than_no_gc_but_where_it_refines_them() {
        // Counters, not times: with GC at most as many states as without on every development
        // program the front end reads, but for the three of GC_REFINES.
        let mut refines = Vec::new();
        for name in BENCH {
            let (p, s) = load_bench(name);
            let o = Options { max_states: 20_000, ..Options::default() };
            let with = analyse(p.clone(), s.clone(), &o);
            let without = analyse(p, s, &Options { gc: false, ..o });
            assert!(with.graph.complete && without.graph.complete, "{name}");
            if with.graph.stats.states > without.graph.stats.states {
                refines.push(name);
            }
        }
        assert_eq!(refines, GC_REFINES);
    }

    #[test]
    fn where_gc_gives_more_states_each_refines_a_state_without_gc() {
        // Why GC_REFINES have more states with GC: on every development program each state
        // with GC lies below a state without GC (GC only refines), and on those three some state
        // without GC lies above five or more with GC -- one store that joins the arguments of
        // many calls stands for several collected stores that keep them apart.
        for name in BENCH {
            let (p, s) = load_bench(name);
            let with = analyse(p.clone(), s.clone(), &Options::default());
            let without = analyse(p.clone(), s, &Options { gc: false, ..Options::default() });
            let mut above = vec![0usize; without.graph.states.len()];
            for (i, g) in with.graph.states.iter().enumerate() {
                let mut covered = false;
                for (j, n) in without.graph.states.iter().enumerate() {
                    if state_leq(&p, g, n) {
                        above[j] += 1;
                        covered = true;
                    }
                }
                assert!(covered, "{name}: state {i} with GC is below no state without GC");
            }
            let most = above.iter().copied().max().unwrap_or(0);
            if GC_REFINES.contains(&name) {
                assert!(most >= 5, "{name}: at most {most} states with GC below one without");
            }
        }
    }

    /// Runs `text` (which declares the events `ok` and `bad`) concretely and abstractly: the
    /// concrete run halts with the events `ok` given, and the analysis, with GC and without,
    /// proves that `bad` never happens and admits the run.
    fn runs_ok(text: &str, oks: usize) {
        runs_ok_in(text, oks, &[true, false]);
    }

    /// As [`runs_ok`], proving `bad` impossible only in the GC modes of `gcs` (the run is a
    /// path of the graph in both).
    fn runs_ok_in(text: &str, oks: usize, gcs: &[bool]) {
        let mut sm = SourceMap::new();
        let (p, d) = load_program_str("t.scm", text, &[], &mut sm);
        assert!(!has_errors(&d), "{}", render_all(&d, &sm));
        let (p, sm) = (Rc::new(p.expect("program")), Rc::new(sm));
        let run = craig::cfa::concrete::run(&p, 50_000);
        assert_eq!(run.outcome, craig::cfa::concrete::Outcome::Halted, "{text}");
        assert_eq!(run.events, vec!["ok".to_string(); oks], "{text}");
        let proto = "protocol never-bad { initial s; s ok -> s; events bad; }";
        let (mut ps, d) = parse_protocols(craig::syntax::FileId(0), proto);
        assert!(d.is_empty(), "{d:?}");
        let never_bad = ps.remove(0);
        for gc_on in [true, false] {
            let o = Options { gc: gc_on, max_states: 20_000, ..Options::default() };
            let a = analyse(p.clone(), sm.clone(), &o);
            assert!(a.graph.complete, "{text}");
            if gcs.contains(&gc_on) {
                assert_eq!(a.check(&never_bad), Verdict::Verified, "{text} {}", o.describe());
            }
            assert!(craig::cfa::concrete::graph_admits(&p, &a.graph, &run.events), "{text}");
        }
    }

    #[test]
    fn cond_arrow_calls_the_receiver_on_the_test_value() {
        // R5RS 4.2.1: the receiver gets the test's value; it is evaluated only when the test
        // is true; a false test goes on to the next clause.
        runs_ok(
            "(declare-events ok bad)
             (define (check v) (if v (ok) (bad)))
             (define (id n) n)
             (check (= 2 (cond ((cdr (cons 'x 2)) => id) (else 0))))
             (check (= 0 (cond (#f => (bad)) (else 0))))
             (check (eq? 'b (cond ((car (list 'b)) => (lambda (s) s)))))
             (check (= 5 (cond ((cdr (cons 1 -5)) => abs))))",
            4,
        );
    }

    #[test]
    fn call_cc_is_a_first_class_value() {
        // Named, stored in a list, passed to `map` and `apply`: each call captures the
        // continuation of that call, escapes through it or returns normally.
        runs_ok_in(
            "(declare-events ok bad)
             (define (check v) (if v (ok) (bad)))
             (define k call/cc)
             (check (= 3 (+ 1 (k (lambda (c) (c 2))))))
             (check (= 5 (k (lambda (c) 5))))
             (define procs (list call-with-current-continuation))
             (check (= 7 ((car procs) (lambda (c) (+ 1 (c 7))))))
             (check (= 4 (apply call/cc (list (lambda (c) (c 4))))))",
            4,
            &[true],
        );
        runs_ok_in(
            "(declare-events ok bad)
             (define (check v) (if v (ok) (bad)))
             (for-each call/cc (list (lambda (c) (check #t) (c 1)) (lambda (c) (check #t) 2)))",
            2,
            &[true, false],
        );
        // `map` returns spuriously under 0CFA (its recursion is not a tail call, see T8), so
        // here only soundness is asked: the run is a path of the graph.
        runs_ok_in(
            "(declare-events ok bad)
             (define r (map call/cc (list (lambda (c) (ok) (c 1)) (lambda (c) (ok) 2))))
             (if (and (= (car r) 1) (= (cadr r) 2)) (ok) (bad))",
            3,
            &[],
        );
    }

    #[test]
    fn a_program_rebinding_keywords_and_primitives_leaves_the_prelude_alone() {
        // The prelude's `call-with-values` is written with `let`, `if`, `and`, `car` and
        // `apply`; a program's own `let` (a variable, then a macro), `car` and `apply` are not
        // the prelude's (found by `no_panic::macro_soup_never_panics`: errors pointed into the
        // prelude).
        runs_ok(
            "(declare-events ok bad)
             (define (check v) (if v (ok) (bad)))
             (define let 5)
             (define (car p) 'mine)
             (define (apply f l) 'mine)
             (check (= let 5))
             (check (eq? (car (cons 1 2)) 'mine))
             (check (= 3 (call-with-values (lambda () (values 1 2)) +)))",
            3,
        );
        runs_ok(
            "(declare-events ok bad)
             (define-syntax let (syntax-rules () ((_ x) x)))
             (define-syntax if (syntax-rules () ((_ c a b) 'mine)))
             (define (check-all)
               (call-with-values (lambda () (values 1 2)) (lambda (a b) (ok)))
               (call-with-values (lambda () 7) (lambda (a) (ok))))
             (check-all)",
            2,
        );
        // A program's `length` replaces the prelude's, for the prelude's `list->vector` too
        // (its `ok` is the run's first). The analysis's numbers are too coarse to rule out
        // `bad` here, so only soundness is asked.
        runs_ok_in(
            "(declare-events ok bad)
             (define (length l) (ok) 2)
             (if (= 2 (vector-length (list->vector (list 'a)))) (ok) (bad))",
            2,
            &[],
        );
    }
}

mod macros_and_values {
    //! `syntax-rules` macros and multiple values through the analysis: the values a consumer
    //! receives, and soundness on concrete runs.
    use super::*;
    use std::collections::BTreeSet;

    fn load_text(text: &str) -> (Rc<CpsProgram>, Rc<SourceMap>) {
        let mut sources = SourceMap::new();
        let (p, d) = load_program_str("v.scm", text, &[], &mut sources);
        assert!(!has_errors(&d), "{}", render_all(&d, &sources));
        (Rc::new(p.expect("program")), Rc::new(sources))
    }

    /// Every value the analysis binds to the variable named `name` in some state.
    fn values_bound(a: &Analysis, name: &str) -> BTreeSet<String> {
        let v = var_named(&a.program, name);
        let mut out = BTreeSet::new();
        for s in &a.graph.states {
            for (k, f) in &s.store {
                if matches!(k, Addr::Var(w, _) if *w == v) {
                    out.extend(f.iter().map(|x| a.value_text(x)));
                }
            }
        }
        out
    }

    #[test]
    fn the_consumer_receives_each_value_in_its_place() {
        let text = "(define (two) (values 'left 'right))
                    (call-with-values two (lambda (q r) (display q) (display r)))
                    (call-with-values (lambda () 'alone) (lambda (s) (display s)))";
        let (p, s) = load_text(text);
        for gc in [false, true] {
            let a = analyse(p.clone(), s.clone(), &Options { gc, ..Options::default() });
            assert!(a.graph.complete);
            let (q, r, alone) =
                (values_bound(&a, "q"), values_bound(&a, "r"), values_bound(&a, "s"));
            assert!(q.contains("'left") && !q.contains("'right"), "gc {gc}: q {q:?}");
            assert!(r.contains("'right") && !r.contains("'left"), "gc {gc}: r {r:?}");
            assert!(alone.contains("'alone"), "gc {gc}: s {alone:?}");
        }
    }

    #[test]
    fn runs_with_macros_and_values_are_paths_of_the_graph() {
        // The lock is taken in a producer and released by the consumer, through a macro.
        let text = "(define-syntax with-lock (syntax-rules ()
                       ((_ m body ...) (begin (lock m) (let ((r (begin body ...))) (unlock m) r)))))
                    (define (take) (lock 'a) (values 'a 2))
                    (call-with-values take (lambda (m n) (unlock m)))
                    (receive (x . rest) (values 1 2 3) (with-lock 'b (display x)))
                    (let-values (((u v) (with-lock 'c (values 1 2)))) (+ u v))";
        let (p, s) = load_text(text);
        let run = craig::cfa::concrete::run(&p, 50_000);
        assert_eq!(run.outcome, craig::cfa::concrete::Outcome::Halted);
        assert_eq!(run.events.len(), 6, "{:?}", run.events);
        for gc in [false, true] {
            let a = analyse(p.clone(), s.clone(), &Options { gc, ..Options::default() });
            assert!(a.graph.complete);
            assert!(craig::cfa::concrete::graph_admits(&p, &a.graph, &run.events), "gc {gc}");
        }
    }
}
