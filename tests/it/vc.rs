//! Verification conditions of small IR programs built by hand, proved end to end (VC → HOL
//! sequents → translation → craig's prover, every proof checked): correct programs are verified,
//! and every wrong one leaves an obligation unproved, named by its kind.

use std::path::PathBuf;

use craig::hol::{ConstKind, Hypothesis, HypothesisKind, Obligation, ProgramFact};
use craig::ir::{
    CfgBuilder, Command, Condition, ConditionOrigin, FrameItem, ProcId, Procedure, Program,
    Variable, VariableKind,
};
use craig::notation::{Elaborator, parse_term};
use craig::prover::ProverOptions;
use craig::solve::goal::{ValidityCache, Verdict, check_sequent};
use craig::spec::load_spec;
use craig::syntax::{FileId, SourceMap, Span};
use craig::translate::TranslateOptions;
use craig::vc::{VcOptions, generate};

/// A program under construction: the integer axioms of the standard library as background, and
/// helpers to declare variables and write formulas in the notation.
struct Build {
    elab: Elaborator,
    background: Vec<Hypothesis>,
    variables: Vec<Variable>,
}

impl Build {
    fn new() -> Build {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("stdlib/int.spec");
        let mut sources = SourceMap::new();
        let (module, diags) = load_spec(&path, &mut sources);
        let module = module.unwrap_or_else(|| panic!("int.spec loads: {diags:?}"));
        let background = module
            .items
            .iter()
            .filter(|i| i.kind == HypothesisKind::Axiom)
            .map(|i| Hypothesis {
                name: i.name.clone(),
                formula: i.formula,
                type_params: i.type_params.clone(),
                kind: HypothesisKind::Axiom,
                span: Some(i.name_span),
            })
            .collect();
        let elab = Elaborator::resume(module.bank, module.consts, module.sorts);
        Build { elab, background, variables: Vec::new() }
    }

    fn ty(&mut self, text: &str) -> craig::hol::TyId {
        let (t, d) = craig::notation::parse_type(FileId(0), text, 0);
        assert!(d.is_empty(), "{d:?}");
        self.elab.resolve_type(&t.unwrap()).unwrap()
    }

    /// Declares a variable `unique` shown as `name`.
    fn var(
        &mut self,
        unique: &str,
        name: &str,
        ty: &str,
        kind: VariableKind,
    ) -> craig::hol::ConstId {
        let ty = self.ty(ty);
        let c = self.elab.declare_const(unique, None, ty, ConstKind::Declared).unwrap();
        self.variables.push(Variable {
            constant: c,
            name: name.into(),
            kind,
            span: None,
            scope: None,
        });
        c
    }

    /// A term in the notation; `locals` maps written names to variables.
    fn term(&mut self, text: &str, locals: &[(&str, craig::hol::ConstId)]) -> craig::hol::TermId {
        let (e, d) = parse_term(FileId(0), text, 0);
        assert!(d.is_empty(), "{text}: {d:?}");
        self.elab.set_locals(locals.iter().map(|(n, c)| (n.to_string(), *c)).collect());
        let (t, params) = self
            .elab
            .term(&e.unwrap(), None)
            .unwrap_or_else(|| panic!("{text}: {:?}", self.elab.take_diagnostics()));
        assert!(params.is_empty(), "{text} is ground");
        t
    }

    fn condition(&mut self, text: &str, locals: &[(&str, craig::hol::ConstId)]) -> Condition {
        Condition {
            formula: self.term(text, locals),
            span: Span::default(),
            origin: ConditionOrigin::Written,
        }
    }

    fn program(self, procedures: Vec<Procedure>) -> (Program, Vec<Hypothesis>) {
        let (bank, consts, _) = self.elab.into_parts();
        let program = Program {
            bank,
            consts,
            variables: self.variables,
            background: Vec::new(),
            state_facts: Vec::new(),
            procedures,
            old: None,
        };
        (program, self.background)
    }
}

fn procedure(name: &str) -> Procedure {
    Procedure {
        name: name.into(),
        span: Span::default(),
        params: Vec::new(),
        results: Vec::new(),
        locals: Vec::new(),
        requires: Vec::new(),
        ensures: Vec::new(),
        modifies: Vec::new(),
        assumes: Vec::new(),
        guarantees: Vec::new(),
        body: None,
    }
}

/// Every obligation of one procedure with its verdict, path by path; the merged encoding must
/// agree on whether each check holds (merged, a check is one sequent over all its paths: it
/// holds if it held on every path).
fn verify(
    program: &mut Program,
    background: &[Hypothesis],
    name: &str,
) -> Vec<(Obligation, Verdict)> {
    let by_path = verify_with(program, background, name, VcOptions::default());
    let merged = verify_with(program, background, name, VcOptions { max_paths: 0 });
    for (kind, verdict) in &merged {
        let all = by_path.iter().filter(|(k, _)| k == kind).all(|(_, v)| *v == Verdict::Proved);
        assert_eq!(*verdict == Verdict::Proved, all, "{name}: {kind:?} merged {verdict:?}");
    }
    by_path
}

fn verify_with(
    program: &mut Program,
    background: &[Hypothesis],
    name: &str,
    options: VcOptions,
) -> Vec<(Obligation, Verdict)> {
    let id = program.find(name).unwrap();
    let obligations = generate(program, id, background, &options).unwrap();
    let mut prover = ProverOptions::default();
    // A step limit, never a time limit: the verdicts must not depend on the machine's load.
    prover.limits.given_clauses = Some(3_000);
    let validity = ValidityCache::new();
    let signature = craig::hol::Signature { bank: &program.bank, consts: &program.consts };
    obligations
        .iter()
        .map(|o| {
            let r = check_sequent(
                signature,
                &o.sequent,
                &TranslateOptions::default(),
                &prover,
                "vc",
                &validity,
            );
            (o.check, r.verdict)
        })
        .collect()
}

/// `inc(x) returns r`: `r := x + 1`, with a right and a wrong postcondition.
#[test]
fn an_assignment_establishes_its_postcondition_and_a_wrong_one_fails() {
    let mut b = Build::new();
    let x = b.var("inc.x", "x", "int", VariableKind::Parameter);
    let r = b.var("inc.r", "r", "int", VariableKind::Result);
    let locals = [("x", x), ("r", r)];
    let mut right = procedure("inc");
    right.params = vec![x];
    right.results = vec![r];
    right.requires = vec![b.condition("0 <= x", &locals)];
    right.ensures = vec![b.condition("x < r", &locals), b.condition("0 < r", &locals)];
    let mut g = CfgBuilder::new();
    let (entry, exit) = (g.location(None), g.location(None));
    let plus = b.term("x + 1", &locals);
    g.edge(entry, exit, Command::Assign(vec![(r, plus)]), None);
    right.body = Some(g.finish(entry, exit));
    let mut wrong = right.clone();
    wrong.name = "inc_wrong".into();
    wrong.ensures = vec![b.condition("r < x", &locals)];
    let (mut program, background) = b.program(vec![right, wrong]);
    assert_eq!(
        verify(&mut program, &background, "inc"),
        vec![(Obligation::Postcondition, Verdict::Proved); 2]
    );
    let wrong = verify(&mut program, &background, "inc_wrong");
    assert_eq!(wrong.len(), 1);
    assert_ne!(wrong[0].1, Verdict::Proved);
}

/// A field write with a null check, a call by contract, and the frame of a method without a
/// `modifies` clause.
#[test]
fn field_writes_calls_and_frames() {
    let mut b = Build::new();
    let left = b.var(
        "C.left",
        "left",
        "obj => obj",
        VariableKind::Field { class: "C".into(), initial: None },
    );
    let alloc = b.var("Object.alloc", "Object.alloc", "obj set", VariableKind::Alloc);
    let t = b.var("set.t", "t", "obj", VariableKind::Parameter);
    let v = b.var("set.v", "v", "obj", VariableKind::Parameter);
    let locals = [("t", t), ("v", v), ("left", left), ("Object.alloc", alloc)];
    // set(t, v): t.left = v, modifies left.
    let mut set = procedure("set");
    set.params = vec![t, v];
    set.requires = vec![b.condition("t ~= null", &locals)];
    set.ensures = vec![b.condition("t..left = v", &locals)];
    set.modifies = vec![FrameItem::Variable(left)];
    let mut g = CfgBuilder::new();
    let (entry, mid, exit) = (g.location(None), g.location(None), g.location(None));
    let nonnull = b.term("t ~= null", &locals);
    g.edge(
        entry,
        mid,
        Command::Assert {
            formula: nonnull,
            check: Obligation::NullDereference,
            what: "t.left".into(),
        },
        None,
    );
    let write = b.term("left(t := v)", &locals);
    g.edge(mid, exit, Command::Assign(vec![(left, write)]), None);
    set.body = Some(g.finish(entry, exit));
    // use(u): set(u, null); assert u.left = null. It has no modifies clause, so its frame
    // obligation (left unchanged at allocated objects) must fail.
    let u = b.var("use.u", "u", "obj", VariableKind::Parameter);
    let ulocals = [("u", u), ("left", left)];
    let mut user = procedure("use");
    user.params = vec![u];
    user.requires = vec![b.condition("u ~= null", &ulocals)];
    let mut g = CfgBuilder::new();
    let (entry, mid, exit) = (g.location(None), g.location(None), g.location(None));
    let (ut, null) = (b.term("u", &ulocals), b.term("null", &ulocals));
    g.edge(
        entry,
        mid,
        Command::Call { callee: ProcId(0), args: vec![ut, null], results: vec![] },
        None,
    );
    let check = b.term("u..left = null", &ulocals);
    g.edge(
        mid,
        exit,
        Command::Assert {
            formula: check,
            check: Obligation::Assertion,
            what: "u.left is null".into(),
        },
        None,
    );
    user.body = Some(g.finish(entry, exit));
    let (mut program, background) = b.program(vec![set, user]);
    assert_eq!(
        verify(&mut program, &background, "set"),
        vec![
            (Obligation::NullDereference, Verdict::Proved),
            (Obligation::Postcondition, Verdict::Proved)
        ]
    );
    let used = verify(&mut program, &background, "use");
    assert_eq!(used[0], (Obligation::Precondition, Verdict::Proved));
    assert_eq!(used[1], (Obligation::Assertion, Verdict::Proved));
    assert_eq!(used[2].0, Obligation::Frame);
    assert_ne!(used[2].1, Verdict::Proved, "use changes left without a modifies clause");
}

/// `i := 0; while (i < n) inv "0 <= i & i <= n" { i := i + 1 }`: the invariant holds on entry,
/// is preserved, and gives `i = n` at the exit; a wrong invariant is not preserved.
#[test]
fn loops_are_cut_at_their_invariants() {
    let mut b = Build::new();
    let n = b.var("count.n", "n", "int", VariableKind::Parameter);
    let i = b.var("count.i", "i", "int", VariableKind::Local);
    let locals = [("n", n), ("i", i)];
    let make = |b: &mut Build, name: &str, invariant: &str| {
        let mut p = procedure(name);
        p.params = vec![n];
        p.locals = vec![i];
        p.requires = vec![b.condition("0 <= n", &locals)];
        p.ensures = vec![b.condition("i = n", &locals)];
        let mut g = CfgBuilder::new();
        let (entry, head, body, exit) =
            (g.location(None), g.location(None), g.location(None), g.location(None));
        let zero = b.term("0", &locals);
        g.edge(entry, head, Command::Assign(vec![(i, zero)]), None);
        let inv = b.condition(invariant, &locals);
        g.location_mut(head).invariants.push(inv);
        g.location_mut(head).loop_head = true;
        let (go, stop) = (b.term("i < n", &locals), b.term("~ (i < n)", &locals));
        g.edge(head, body, Command::Assume { formula: go, fact: ProgramFact::Branch }, None);
        let step = b.term("i + 1", &locals);
        g.edge(body, head, Command::Assign(vec![(i, step)]), None);
        g.edge(head, exit, Command::Assume { formula: stop, fact: ProgramFact::Branch }, None);
        p.body = Some(g.finish(entry, exit));
        p
    };
    let right = make(&mut b, "count", "0 <= i & i <= n");
    let wrong = make(&mut b, "count_wrong", "0 <= i & i < n");
    let (mut program, background) = b.program(vec![right, wrong]);
    let results = verify(&mut program, &background, "count");
    assert_eq!(
        results,
        vec![
            (Obligation::LoopInvariantEntry, Verdict::Proved),
            (Obligation::LoopInvariantPreserved, Verdict::Proved),
            (Obligation::Postcondition, Verdict::Proved),
        ]
    );
    let wrong = verify(&mut program, &background, "count_wrong");
    assert!(
        wrong
            .iter()
            .any(|(k, v)| *k == Obligation::LoopInvariantPreserved && *v != Verdict::Proved),
        "{wrong:?}"
    );
}

#[test]
fn versions_are_fresh_constants_and_paths_are_recorded() {
    let mut b = Build::new();
    let x = b.var("abs.x", "x", "int", VariableKind::Parameter);
    let r = b.var("abs.r", "r", "int", VariableKind::Result);
    let locals = [("x", x), ("r", r)];
    let mut p = procedure("abs");
    p.params = vec![x];
    p.results = vec![r];
    p.ensures = vec![b.condition("0 <= r", &locals)];
    let mut g = CfgBuilder::new();
    let (entry, neg, pos, exit) =
        (g.location(None), g.location(None), g.location(None), g.location(None));
    let (lt, ge) = (b.term("x < 0", &locals), b.term("~ (x < 0)", &locals));
    g.edge(entry, neg, Command::Assume { formula: lt, fact: ProgramFact::Branch }, None);
    g.edge(entry, pos, Command::Assume { formula: ge, fact: ProgramFact::Branch }, None);
    let (minus, same) = (b.term("0 - x", &locals), b.term("x", &locals));
    g.edge(neg, exit, Command::Assign(vec![(r, minus)]), None);
    g.edge(pos, exit, Command::Assign(vec![(r, same)]), None);
    p.body = Some(g.finish(entry, exit));
    let (mut program, background) = b.program(vec![p]);
    let obligations =
        generate(&mut program, ProcId(0), &background, &VcOptions::default()).unwrap();
    assert_eq!(obligations.len(), 2, "one postcondition check per path");
    assert_eq!(obligations[0].sequent.name, "abs:1");
    assert_eq!(obligations[0].path[0].text, "x < 0");
    assert_eq!(obligations[1].path[0].text, "~ x < 0");
    let names: Vec<&str> =
        obligations[0].sequent.hypotheses.iter().map(|h| h.name.as_str()).collect();
    assert!(names.contains(&"branch_1") && names.contains(&"stmt_2"), "{names:?}");
    let results = verify(&mut program, &background, "abs");
    assert!(results.iter().all(|(_, v)| *v == Verdict::Proved), "{results:?}");
    // Above the path limit, one sequent covers both paths to the check.
    let merged =
        generate(&mut program, ProcId(0), &background, &VcOptions { max_paths: 1 }).unwrap();
    assert_eq!(merged.len(), 1);
    assert!(merged[0].all_paths && merged[0].path.is_empty());
    let results = verify_with(&mut program, &background, "abs", VcOptions { max_paths: 1 });
    assert_eq!(results, vec![(Obligation::Postcondition, Verdict::Proved)]);
}
