//! Front end of the specification language: parsing, precedence, type inference, diagnostics,
//! imports, the standard library and the FuncTree example.

use std::path::{Path, PathBuf};

use craig::hol::{Term, TermId, TyNode};
use craig::spec::{SpecItemKind, SpecModule, load_spec, load_spec_str, parse_file, parse_formula};
use craig::syntax::SourceMap;
use craig::syntax::render_all;

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Parses a formula and prints it back fully parenthesized.
fn pp(src: &str) -> String {
    let mut sm = SourceMap::new();
    let f = sm.add("t.spec", None, src.to_string());
    let (e, d) = parse_formula(f, src);
    assert!(d.is_empty(), "unexpected diagnostics for {src:?}:\n{}", render_all(&d, &sm));
    e.expect("parsed").to_string()
}

/// Loads a spec from text and returns the module, failing with rendered diagnostics.
fn check_ok(src: &str) -> SpecModule {
    let mut sm = SourceMap::new();
    let (m, d) = load_spec_str("test.spec", src, &mut sm);
    assert!(d.is_empty(), "unexpected diagnostics:\n{}", render_all(&d, &sm));
    m.expect("module")
}

/// Loads a spec from text that must fail, and returns the rendered diagnostics.
fn check_err(src: &str) -> String {
    let mut sm = SourceMap::new();
    let (m, d) = load_spec_str("test.spec", src, &mut sm);
    assert!(m.is_none(), "expected errors");
    render_all(&d, &sm)
}

/// All subterms of `t` (pre-order).
fn subterms(m: &SpecModule, t: TermId, out: &mut Vec<TermId>) {
    out.push(t);
    match &m.bank.term(t).term {
        Term::App(f, a) => {
            subterms(m, *f, out);
            subterms(m, *a, out);
        }
        Term::Bind(_, _, b) => subterms(m, *b, out),
        Term::Prim(_, args) => args.iter().for_each(|a| subterms(m, *a, out)),
        _ => {}
    }
}

/// The types of all occurrences of constant `name` in item `item`.
fn const_types(m: &SpecModule, item: &str, name: &str) -> Vec<String> {
    let mut ts = Vec::new();
    subterms(m, m.item(item).expect("item").formula, &mut ts);
    let c = m.constant(name).expect("constant");
    ts.into_iter()
        .filter(|t| m.bank.term(*t).term == Term::Const(c))
        .map(|t| m.bank.show_ty(m.bank.term(t).ty))
        .collect()
}

// ------------------------------------------------------------------ parsing, per construct

#[test]
fn parses_quantifiers_with_several_and_ascribed_binders() {
    assert_eq!(pp("ALL x y. P x y"), "(ALL x y. ((P x) y))");
    assert_eq!(pp("EX (x :: int) y. x = y"), "(EX (x :: int) y. (x = y))");
    assert_eq!(pp("ALL x y :: int. x < y"), "(ALL x (y :: int). (x < y))");
    assert_eq!(pp("%x. f x"), "(%x. (f x))");
}

#[test]
fn parses_connectives_and_relations() {
    assert_eq!(pp("~ A"), "(~ A)");
    assert_eq!(pp("A <-> B"), "(A <-> B)");
    assert_eq!(pp("a ~= b"), "(a ~= b)");
    assert_eq!(pp("x : S & y ~: S"), "((x : S) & (y ~: S))");
    assert_eq!(pp("a >= b | a > b"), "((a >= b) | (a > b))");
}

#[test]
fn parses_sets() {
    assert_eq!(pp("{}"), "{}");
    assert_eq!(pp("{a, b}"), "{a, b}");
    assert_eq!(pp("{x. P x}"), "{x. (P x)}");
    assert_eq!(pp("{x :: int. x < 3}"), "{(x :: int). (x < 3)}");
    assert_eq!(pp("{(x, y). x = k}"), "{(x, y). (x = k)}");
    assert_eq!(pp("A Un B Int C - D + E"), "(((A Un (B Int C)) - D) + E)");
    assert_eq!(pp("card {z. P z} <= 1"), "((card {z. (P z)}) <= 1)");
    assert_eq!(pp("{x..f}"), "{(x..f)}");
}

#[test]
fn parses_tuples_updates_fields_if_and_ascription() {
    assert_eq!(pp("(a, b)"), "(a, b)");
    assert_eq!(pp("(a, b, c)"), "(a, b, c)");
    assert_eq!(pp("fst (a, b)"), "(fst (a, b))");
    assert_eq!(pp("f(x, y)"), "(f (x, y))");
    assert_eq!(pp("f(x := v)"), "(f(x := v))");
    assert_eq!(pp("f(x := v, y := w) z"), "((f(x := v, y := w)) z)");
    assert_eq!(pp("t..left..content"), "((t..left)..content)");
    assert_eq!(pp("if c then a else b"), "(if c then a else b)");
    assert_eq!(pp("x = (y :: int set)"), "(x = (y :: (int set)))");
    assert_eq!(pp("f :: 'a => 'b * 'c => bool"), "(f :: ('a => (('b * 'c) => bool)))");
    assert_eq!(pp("123456789012345678901234567890 + 1"), "(123456789012345678901234567890 + 1)");
}

#[test]
fn parses_items_and_comments() {
    let src = "(* header *)\nimport \"stdlib/sets\"\ntype node // a sort\n\
               const f :: \"node => int\"\nconst g :: node set => bool\n\
               definition h :: int => int where \"h x = x + 1\"\n\
               axiom a: \"ALL x. f x = f x\"\nlemma l: \"True\"\n";
    let mut sm = SourceMap::new();
    let file = sm.add("t.spec", None, src.to_string());
    let (ast, d) = parse_file(file, src);
    assert!(d.is_empty(), "{}", render_all(&d, &sm));
    assert_eq!(ast.items.len(), 7);
    assert_eq!(sm.snippet(ast.items[2].span), "const f :: \"node => int\"");
}

// ------------------------------------------------------------------ precedence

#[test]
fn precedence_follows_isabelle() {
    let cases = [
        ("A & B | C", "((A & B) | C)"),
        ("A | B & C", "(A | (B & C))"),
        ("A --> B --> C", "(A --> (B --> C))"),
        ("A <-> B --> C", "(A <-> (B --> C))"),
        ("A & B & C", "(A & (B & C))"),
        ("A | B --> C & D", "((A | B) --> (C & D))"),
        ("~ a = b", "(~ (a = b))"),
        ("~ A & B", "((~ A) & B)"),
        ("~ ~ A", "(~ (~ A))"),
        ("x : A Un B", "(x : (A Un B))"),
        ("a + b * c < d", "((a + (b * c)) < d)"),
        ("a - b - c", "((a - b) - c)"),
        ("- a * b", "((- a) * b)"),
        ("a * - b", "(a * (- b))"),
        ("f x y = g (h z)", "(((f x) y) = (g (h z)))"),
        ("g x..f", "(g (x..f))"),
        ("ALL x. P x & Q --> R", "(ALL x. (((P x) & Q) --> R))"),
        ("A & ALL x. P x | Q", "(A & (ALL x. ((P x) | Q)))"),
        ("(ALL x. P x) & Q", "((ALL x. (P x)) & Q)"),
        ("if c then a else b = d", "(if c then a else (b = d))"),
        ("A & (if c then a else b)", "(A & (if c then a else b))"),
        ("%x. x + 1", "(%x. (x + 1))"),
        ("x..f = y | x = y", "(((x..f) = y) | (x = y))"),
    ];
    for (src, want) in cases {
        assert_eq!(pp(src), want, "for {src:?}");
    }
}

// ------------------------------------------------------------------ type inference

#[test]
fn card_is_polymorphic() {
    let m = check_ok(
        "const S :: \"int set\"\nconst T :: \"obj set\"\n\
         lemma c: \"card S <= 1 & card T = card {x. x = null}\"\n",
    );
    let tys = const_types(&m, "c", "card");
    assert_eq!(tys, ["int set => int", "obj set => int", "obj set => int"]);
    let item = m.item("c").unwrap();
    assert!(item.type_params.is_empty());
}

#[test]
fn comprehension_over_pairs_has_pair_set_type() {
    let m = check_ok(
        "const content :: \"(int * obj) set\"\nconst k :: int\n\
         lemma p: \"content - {(x, y). x = k} = {(x, y). (x, y) : content & x ~= k}\"\n",
    );
    let mut ts = Vec::new();
    subterms(&m, m.item("p").unwrap().formula, &mut ts);
    let collect = ts
        .iter()
        .find(|t| matches!(m.bank.term(**t).term, Term::Bind(craig::hol::Binder::Collect, ..)))
        .expect("a comprehension");
    assert_eq!(m.bank.show_ty(m.bank.term(*collect).ty), "(int * obj) set");
    // `-` on sets resolved to difference.
    assert!(m.show(m.item("p").unwrap().formula).starts_with("Eq(Diff(content, {"));
}

#[test]
fn function_update_types() {
    let m = check_ok("const f :: \"int => obj\"\nlemma u: \"(f(1 := null, 2 := f 3)) 2 = f 3\"\n");
    let mut ts = Vec::new();
    subterms(&m, m.item("u").unwrap().formula, &mut ts);
    let upd: Vec<String> = ts
        .iter()
        .filter(|t| matches!(m.bank.term(**t).term, Term::Prim(craig::hol::Prim::Update, _)))
        .map(|t| m.bank.show_ty(m.bank.term(*t).ty))
        .collect();
    assert_eq!(upd, ["int => obj", "int => obj"]);
    let err = check_err("const f :: \"int => obj\"\nlemma u: \"f(null := 1) = f\"\n");
    assert!(err.contains("type mismatch: expected int, found obj"), "{err}");
}

#[test]
fn ascription_fixes_types_and_open_types_become_parameters() {
    let m = check_ok("lemma a: \"ALL x. (x :: int) = x\"\nlemma e: \"ALL S. S Un {} = S\"\n");
    let a = m.item("a").unwrap();
    let Term::Bind(_, vs, _) = &m.bank.term(a.formula).term else { panic!("binder") };
    assert_eq!(*m.bank.ty_node(m.bank.var(vs[0]).ty), TyNode::Int);
    assert!(a.type_params.is_empty());
    let e = m.item("e").unwrap();
    assert_eq!(e.type_params, ["'_a"]);
    let Term::Bind(_, vs, _) = &m.bank.term(e.formula).term else { panic!("binder") };
    assert_eq!(m.bank.show_ty(m.bank.var(vs[0]).ty), "'_a set");
}

#[test]
fn overloaded_operators_resolve_by_type() {
    let m = check_ok(
        "const A :: \"obj set\"\nconst n :: int\n\
         lemma o: \"A + {null} - A <= A & n + 1 - n < n * 2 & n > 0\"\n",
    );
    let s = m.show(m.item("o").unwrap().formula);
    assert!(s.contains("Subset(Diff(Union(A, Insert(null, Empty)), A), A)"), "{s}");
    assert!(s.contains("Lt(Sub(Add(n, 1), n), Mul(n, 2))"), "{s}");
    assert!(s.contains("Lt(0, n)"), "{s}");
}

#[test]
fn definitions_are_generalized_and_give_equations() {
    let m = check_ok(
        "definition dom :: \"('a * 'b) set => 'a set\" where \"dom R = {x. EX y. (x, y) : R}\"\n\
         definition twice where \"twice x = x + (x :: int)\"\n\
         const c :: \"(int * obj) set\"\n\
         lemma d: \"dom c = dom c & twice 1 = 2\"\n",
    );
    let dom = m.constant("dom").unwrap();
    assert_eq!(m.const_decl(dom).params, ["'a", "'b"]);
    let twice = m.constant("twice").unwrap();
    assert_eq!(m.bank.show_ty(m.const_decl(twice).ty), "int => int");
    assert_eq!(const_types(&m, "d", "dom"), ["(int * obj) set => int set"; 2]);
    let def = m.item("dom").unwrap();
    assert!(matches!(def.kind, SpecItemKind::Definition { .. }));
    assert_eq!(
        m.show(def.formula),
        "(ALL (R :: ('a * 'b) set). Eq((dom R), {(x :: 'a). (EX (y :: 'b). Mem(Pair(x, y), R))}))"
    );
}

#[test]
fn goals_have_earlier_items_as_hypotheses() {
    let m =
        check_ok("axiom a: \"True\"\nlemma l1: \"True\"\naxiom b: \"True\"\nlemma l2: \"True\"\n");
    let goals = m.goals();
    let names: Vec<(String, Vec<String>)> = goals
        .iter()
        .map(|g| (g.lemma.name.clone(), g.hypotheses.iter().map(|h| h.name.clone()).collect()))
        .collect();
    assert_eq!(
        names,
        [
            ("l1".to_string(), vec!["a".to_string()]),
            ("l2".into(), vec!["a".into(), "l1".into(), "b".into()])
        ]
    );
}

// ------------------------------------------------------------------ diagnostics

#[test]
fn parse_errors_are_reported_with_position_and_recovery() {
    let err = check_err("axiom a: \"x & \"\nlemma ok: \"True\"\nlemma b: \"(y | z\"\n");
    assert_eq!(
        err,
        "test.spec:1:15: error: expected a term, found `\"`\n\
         1 | axiom a: \"x & \"\n\
        \x20 |               ^\n\
         test.spec:3:17: error: expected `)`, `,`, `..`, `::`, `:=`, `^*`, a term or an operator, found `\"`\n\
         3 | lemma b: \"(y | z\"\n\
        \x20 |                 ^\n"
    );
}

#[test]
fn item_level_parse_error_names_the_items() {
    let err = check_err("lemma l: \"True\"\ntheorem t: \"True\"\n");
    assert_eq!(
        err,
        "test.spec:2:1: error: expected an item (import, type, const, definition, axiom or lemma), found `theorem`\n\
         2 | theorem t: \"True\"\n\
        \x20 | ^^^^^^^\n"
    );
}

#[test]
fn type_mismatch_names_both_types() {
    let err = check_err("const n :: int\nlemma m: \"ALL x. x : n\"\n");
    assert_eq!(
        err,
        "test.spec:2:22: error: type mismatch: expected 'a set, found int\n\
         2 | lemma m: \"ALL x. x : n\"\n\
        \x20 |                      ^\n"
    );
    let err = check_err("const S :: \"int set\"\nlemma m: \"null : S\"\n");
    assert!(err.contains("2:18: error: type mismatch: expected obj set, found int set"), "{err}");
}

/// Jahob's closure notation: `R^*` is the built-in `rtrancl R` and binds like a field read;
/// `rtrancl_pt` takes a binary predicate. Both are typed, with errors where they stand.
#[test]
fn closures_parse_and_type_check() {
    assert_eq!(
        pp("(x, y) : {(u, v). u..next = v}^*"),
        "((x, y) : (rtrancl {(u, v). ((u..next) = v)}))"
    );
    assert_eq!(pp("a : R^*^* Un S"), "(a : ((rtrancl (rtrancl R)) Un S))");
    check_ok(
        "const next :: \"obj => obj\"\nconst R :: \"(int * int) set\"\n\
         lemma a: \"ALL x. (x, x) : R^* & rtrancl_pt (% u v. next u = v) null (next null)\"\n",
    );
    // The closure of something that is not a relation: the operand's type, at the operand.
    let err = check_err("const S :: \"int set\"\nlemma m: \"(1, 2) : S^*\"\n");
    assert!(
        err.contains("test.spec:2:20: error: type mismatch: expected ('a * 'a) set, found int set"),
        "{err}"
    );
    // A relation between two different types has no closure.
    let err = check_err("const S :: \"(int * obj) set\"\nlemma m: \"(1, null) : S^*\"\n");
    assert!(err.contains("test.spec:2:"), "{err}");
    assert!(err.contains("type mismatch"), "{err}");
    // `rtrancl_pt` of a predicate on ints, applied to an object.
    let err = check_err("lemma m: \"rtrancl_pt (% (u :: int) v. u = v) null null\"\n");
    assert!(err.contains("test.spec:1:"), "{err}");
    assert!(err.contains("type mismatch"), "{err}");
    // A `^` alone is no operator: a syntax error that says what was expected.
    let err = check_err("const R :: \"(int * int) set\"\nlemma m: \"(1, 2) : R^+\"\n");
    assert!(err.contains("test.spec:2:"), "{err}");
    assert!(err.contains("`^*`"), "{err}");
}

/// Jahob's shape predicate `tree [f, g]` and `cardinality` (Jahob's `card`) are read and typed.
#[test]
fn tree_shapes_and_cardinality_are_read() {
    check_ok(
        "const next :: \"obj => obj\"\nconst left :: \"obj => obj\"\nconst S :: \"obj set\"\n\
         lemma m: \"tree [next] & tree [next, left] & cardinality S = card S\"\n",
    );
    assert_eq!(pp("tree [next] & p"), "((tree [..] next) & p)");
    // A constant named `tree` is still a name.
    check_ok("const tree :: bool\nlemma m: \"tree | ~ tree\"\n");
    let err = check_err("lemma m: \"tree [] \"\n");
    assert!(err.starts_with("test.spec:1:"), "{err}");
}

#[test]
fn unbound_name_is_reported() {
    let err = check_err("lemma u: \"ALL x. P x\"\n");
    assert_eq!(
        err,
        "test.spec:1:18: error: unbound name `P`\n\
         1 | lemma u: \"ALL x. P x\"\n\
        \x20 |                  ^\n\
        \x20 = note: names must be bound by ALL, EX, %, a comprehension, or declared with const/definition\n"
    );
}

#[test]
fn ambiguous_overload_is_an_error() {
    let err = check_err("lemma amb: \"ALL x y. x + y = y + x\"\n");
    assert!(
        err.contains("1:22: error: ambiguous type: `+` could be on int or on sets here"),
        "{err}"
    );
}

#[test]
fn occurs_check_and_non_function_application() {
    let err = check_err("lemma o: \"ALL f. f f\"\n");
    assert!(err.contains("type mismatch"), "{err}");
    let err = check_err("const n :: int\nlemma a: \"n 1 = 2\"\n");
    assert!(err.contains("this term has type int and cannot be applied to an argument"), "{err}");
}

#[test]
fn duplicate_and_unknown_declarations() {
    let err = check_err("const f :: int\nconst f :: obj\n");
    assert!(err.contains("2:7: error: `f` is already declared"), "{err}");
    assert!(err.contains("1:7: note: first declared here"), "{err}");
    let err = check_err("const f :: \"node => int\"\n");
    assert!(err.contains("unknown type `node`"), "{err}");
    let err = check_err("definition g :: int => int where \"h x = x\"\n");
    assert!(err.contains("this definition must define `g`"), "{err}");
}

#[test]
fn no_panic_on_garbage_or_truncated_input() {
    let sample = std::fs::read_to_string(manifest().join("tests/specs/functree.spec")).unwrap();
    let mut cuts: Vec<usize> = (0..sample.len()).filter(|i| sample.is_char_boundary(*i)).collect();
    cuts.push(sample.len());
    for cut in cuts {
        let text = &sample[..cut];
        let mut sm = SourceMap::new();
        let file = sm.add("t.spec", None, text.to_string());
        let (_, d) = parse_file(file, text);
        let _ = render_all(&d, &sm);
    }
    let garbage = [
        "",
        "\"",
        "axiom",
        "axiom a: \"",
        "axiom a: \"(((((((((((((((((((((((((((((((((((((((((",
        "lemma x: \"{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{",
        "lemma x: \"ALL . .\"",
        "const :: ::",
        "\u{0}\u{1}\u{ff}é∀∃",
        "axiom a: \"f(x := )\"",
        "axiom a: \"(x := 1)\"",
        "lemma a: \"x ~\"\nlemma b: \"~\"\ntype",
        "definition where",
        "import \"nonexistent/deeply/nested\"",
    ];
    for g in garbage {
        let mut sm = SourceMap::new();
        let (_, d) = load_spec_str("g.spec", g, &mut sm);
        let _ = render_all(&d, &sm);
    }
}

// ------------------------------------------------------------------ imports

#[test]
fn import_cycle_is_reported() {
    let mut sm = SourceMap::new();
    let (m, d) = load_spec(&manifest().join("tests/specs/cycle_a.spec"), &mut sm);
    assert!(m.is_none());
    let out = render_all(&d, &sm);
    assert!(
        out.contains("error: import cycle: cycle_a.spec -> cycle_b.spec -> cycle_a.spec"),
        "{out}"
    );
    assert!(out.contains("cycle_b.spec:2:8: error"), "{out}");
}

#[test]
fn missing_import_lists_the_paths_tried() {
    let mut sm = SourceMap::new();
    let (m, d) = load_spec_str("dir/test.spec", "import \"stdlib/nosuch\"\n", &mut sm);
    assert!(m.is_none());
    let out = render_all(&d, &sm);
    assert!(
        out.starts_with("dir/test.spec:1:8: error: cannot find imported file `stdlib/nosuch`"),
        "{out}"
    );
    assert!(out.contains("= note: tried: dir/stdlib/nosuch, dir/stdlib/nosuch.spec, "), "{out}");
    assert!(out.contains("stdlib/nosuch.spec\n"), "{out}");
}

#[test]
fn diamond_imports_load_once() {
    let m =
        check_ok("import \"stdlib/relations\"\nimport \"stdlib/pairs\"\nimport \"stdlib/sets\"\n");
    assert_eq!(m.items.iter().filter(|i| i.name == "fst_conv").count(), 1);
    assert_eq!(m.files.len(), 4);
}

// ------------------------------------------------------------------ stdlib and examples

#[test]
fn stdlib_files_parse_and_type_check() {
    let dir = manifest().join("stdlib");
    for name in ["sets", "relations", "pairs", "fun_update", "orders", "int"] {
        let path = dir.join(format!("{name}.spec"));
        let mut sm = SourceMap::new();
        let (m, d) = load_spec(&path, &mut sm);
        assert!(d.is_empty(), "{name}:\n{}", render_all(&d, &sm));
        let m = m.expect("module");
        assert!(!m.items.is_empty(), "{name} is empty");
        for it in &m.items {
            assert_eq!(m.bank.show_ty(m.bank.term(it.formula).ty), "bool", "{}", it.name);
        }
    }
}

#[test]
fn int_axioms_are_ground() {
    let mut sm = SourceMap::new();
    let (m, d) = load_spec(Path::new(&manifest().join("stdlib/int.spec")), &mut sm);
    assert!(d.is_empty(), "{}", render_all(&d, &sm));
    for it in &m.unwrap().items {
        assert!(it.type_params.is_empty(), "{} is schematic", it.name);
    }
}

#[test]
fn functree_spec_parses_and_type_checks() {
    let mut sm = SourceMap::new();
    let (m, d) = load_spec(&manifest().join("tests/specs/functree.spec"), &mut sm);
    assert!(d.is_empty(), "{}", render_all(&d, &sm));
    let m = m.unwrap();
    let goals = m.goals();
    let names: Vec<&str> = goals.iter().map(|g| g.lemma.name.as_str()).collect();
    assert!(
        names.ends_with(&["lookup_found", "lookup_left", "update_leaf", "update_lookup"]),
        "{names:?}"
    );
    let own: Vec<&str> =
        m.goals_in(m.root_file().unwrap()).iter().map(|g| g.lemma.name.as_str()).collect();
    assert_eq!(own, ["lookup_found", "lookup_left", "update_leaf", "update_lookup"]);
    let g = goals.iter().find(|g| g.lemma.name == "update_lookup").unwrap();
    assert!(g.hypotheses.iter().any(|h| h.name == "contentDefinition"));
    assert!(g.hypotheses.iter().any(|h| h.name == "le_trans"));
    // `content` is used at its declared (ground) type and `+` on the relation is union.
    assert_eq!(const_types(&m, "update_post", "content"), ["obj => (int * obj) set"; 2]);
    let post = m.show(m.item("update_post").unwrap().formula);
    assert!(
        post.contains(
            "Union(Diff((content t), {(x :: int) (y :: obj). Eq(x, k)}), Insert(Pair(k, v), Empty))"
        ),
        "{post}"
    );
}

#[test]
fn long_conjunction_chains_do_not_overflow_the_stack() {
    // Right-associative `&` nests 20000 deep; the loader runs on a thread with a large stack.
    let f = vec!["x = x"; 20_000].join(" & ");
    let m = check_ok(&format!("lemma l: \"ALL (x :: int). {f}\"\n"));
    assert_eq!(m.goals().len(), 1);
}

/// All formulas written in the stdlib and the example specs.
fn corpus_formulas() -> Vec<craig::spec::ast::Expr> {
    use craig::spec::ast::ItemKind;
    let mut out = Vec::new();
    // The spec files of the stdlib (its folders hold other tools' data, such as Saturn's lock
    // specifications).
    let mut paths: Vec<PathBuf> = std::fs::read_dir(manifest().join("stdlib"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "spec"))
        .collect();
    paths.push(manifest().join("tests/specs/functree.spec"));
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut sm = SourceMap::new();
        let file = sm.add(path.display().to_string(), Some(&path), text.clone());
        let (ast, d) = parse_file(file, &text);
        assert!(d.is_empty(), "{}", render_all(&d, &sm));
        for item in ast.items {
            match item.kind {
                ItemKind::Axiom(_, e) | ItemKind::Lemma(_, e) | ItemKind::Definition(_, _, e) => {
                    out.push(e)
                }
                _ => {}
            }
        }
    }
    out
}

#[test]
fn printing_fully_parenthesized_is_a_parse_fixpoint() {
    let formulas = corpus_formulas();
    assert!(formulas.len() > 60, "corpus too small: {}", formulas.len());
    for e in formulas {
        let once = e.to_string();
        assert_eq!(pp(&once), once);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
    #[test]
    fn random_token_soup_never_panics(toks in proptest::collection::vec(0usize..46, 0..40)) {
        // With Jahob's closures (`^*`, `rtrancl_pt`) and its `tree [..]`, which is refused.
        const VOCAB: [&str; 46] = [
            "ALL", "EX", "%", "x", "y", ".", "..", "(", ")", "{", "}", ",", ":=", "::", ":",
            "~:", "~", "~=", "=", "&", "|", "-->", "<->", "<", "<=", "+", "-", "*", "Un", "Int",
            "if", "then", "else", "1", "int", "set", "=>", "\"", "lemma l:", "'a", "^*", "^",
            "rtrancl_pt", "tree", "[", "]",
        ];
        let text: Vec<&str> = toks.iter().map(|&i| VOCAB[i]).collect();
        let src = format!("lemma t: \"{}\"\n", text.join(" "));
        let mut sm = SourceMap::new();
        let (_, d) = load_spec_str("p.spec", &src, &mut sm);
        let _ = render_all(&d, &sm);
    }
}

mod pretty_roundtrip {
    //! Random trees printed with minimal parentheses must parse back to the same tree: this
    //! checks the precedence climber against the printer's reading of the precedence table.

    use craig::spec::ast::{
        BinOp, BinderKind, Binding, Expr, ExprKind, Ident, TypeExpr, TypeKind, UnOp,
    };
    use craig::syntax::Span;
    use proptest::prelude::*;

    fn e(kind: ExprKind) -> Expr {
        Expr { kind, span: Span::default() }
    }

    fn ident(name: &str) -> Ident {
        Ident { name: name.to_string(), span: Span::default() }
    }

    fn int_ty() -> TypeExpr {
        TypeExpr { kind: TypeKind::Named("int".into()), span: Span::default() }
    }

    fn binding() -> impl Strategy<Value = Binding> {
        prop_oneof![
            Just(Binding { name: ident("x"), ty: None }),
            Just(Binding { name: ident("y"), ty: Some(int_ty()) }),
        ]
    }

    const OPS: [BinOp; 17] = [
        BinOp::Iff,
        BinOp::Imp,
        BinOp::Or,
        BinOp::And,
        BinOp::Eq,
        BinOp::Neq,
        BinOp::Mem,
        BinOp::NotMem,
        BinOp::Lt,
        BinOp::Le,
        BinOp::Gt,
        BinOp::Ge,
        BinOp::Union,
        BinOp::Inter,
        BinOp::Plus,
        BinOp::Minus,
        BinOp::Times,
    ];

    fn expr() -> impl Strategy<Value = Expr> {
        let leaf = prop_oneof![
            prop_oneof![Just("a"), Just("f"), Just("x")].prop_map(|n| e(ExprKind::Name(n.into()))),
            prop_oneof![Just("0"), Just("123456789012345678901")]
                .prop_map(|n| e(ExprKind::Int(n.into()))),
        ];
        leaf.prop_recursive(5, 48, 3, |inner| {
            let b = || inner.clone().prop_map(Box::new);
            prop_oneof![
                (b(), b()).prop_map(|(f, a)| e(ExprKind::App(f, a))),
                (0..OPS.len(), b(), b()).prop_map(|(i, l, r)| e(ExprKind::Binary(OPS[i], l, r))),
                (any::<bool>(), b()).prop_map(|(not, a)| {
                    e(ExprKind::Unary(if not { UnOp::Not } else { UnOp::Neg }, a))
                }),
                (0..3usize, proptest::collection::vec(binding(), 1..3), b()).prop_map(
                    |(k, bs, body)| {
                        let k = [BinderKind::All, BinderKind::Ex, BinderKind::Lam][k];
                        e(ExprKind::Binder(k, bs, body))
                    }
                ),
                (b(), b(), b()).prop_map(|(c, x, y)| e(ExprKind::If(c, x, y))),
                proptest::collection::vec(inner.clone(), 2..4)
                    .prop_map(|xs| e(ExprKind::Tuple(xs))),
                proptest::collection::vec(inner.clone(), 0..3)
                    .prop_map(|xs| e(ExprKind::SetEnum(xs))),
                (proptest::collection::vec(binding(), 1..3), b())
                    .prop_map(|(bs, body)| e(ExprKind::Collect(bs, body))),
                (b(), inner.clone(), inner.clone())
                    .prop_map(|(f, x, v)| e(ExprKind::Update(f, vec![(x, v)]))),
                b().prop_map(|x| e(ExprKind::Field(x, ident("g")))),
                b().prop_map(|x| e(ExprKind::Ascribe(x, int_ty()))),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn minimal_parentheses_round_trip(tree in expr()) {
            let text = tree.pretty();
            let mut sm = craig::syntax::SourceMap::new();
            let file = sm.add("r.spec", None, text.clone());
            let (parsed, d) = craig::spec::parse_formula(file, &text);
            prop_assert!(d.is_empty(), "{text}: {d:?}");
            prop_assert_eq!(parsed.unwrap().to_string(), tree.to_string(), "printed as {}", text);
        }
    }
}

#[test]
fn pretty_printing_uses_few_parentheses() {
    let mut sm = SourceMap::new();
    let src = "(A & (B | C)) --> (ALL x. (P x)) & (~ (a = b))";
    let f = sm.add("t.spec", None, src.to_string());
    let (e, _) = parse_formula(f, src);
    assert_eq!(e.unwrap().pretty(), "A & (B | C) --> (ALL x. P x) & ~ a = b");
}

#[test]
fn formulas_check_against_a_loaded_module() {
    let mut sm = SourceMap::new();
    let (m, d) = load_spec(&manifest().join("tests/specs/functree.spec"), &mut sm);
    assert!(d.is_empty());
    let mut m = m.unwrap();
    let items = m.items.len();
    let (f, d) = m.check_formula(&mut sm, "<repl>", "t..content <= t..content Un {(k, v)}");
    assert!(d.is_empty(), "{}", render_all(&d, &sm));
    let (f, params) = f.unwrap();
    assert!(params.is_empty());
    assert_eq!(m.show(f), "Subset((content t), Union((content t), Insert(Pair(k, v), Empty)))");
    assert_eq!(m.items.len(), items);
    let (f, d) = m.check_formula(&mut sm, "<repl>", "k : t..content");
    assert!(f.is_none());
    assert_eq!(
        render_all(&d, &sm),
        "<repl>:1:5: error: type mismatch: expected int set, found (int * obj) set\n\
         1 | k : t..content\n\
        \x20 |     ^^^^^^^^^^\n"
    );
}

#[test]
fn parses_compact_jahob_style() {
    assert_eq!(
        pp("v~=null & (ALL y. (k,y) ~: t..content)"),
        "((v ~= null) & (ALL y. ((k, y) ~: (t..content))))"
    );
    assert_eq!(
        pp("result..content = t..content - {(x,y). x=k} + {(k,v)}"),
        "((result..content) = (((t..content) - {(x, y). (x = k)}) + {(k, v)}))"
    );
    assert_eq!(pp("x:S-->x~:T"), "((x : S) --> (x ~: T))");
    assert_eq!(pp("{x::int. x<3}"), "{(x :: int). (x < 3)}");
    assert_eq!(pp("ALL x::obj. x..f=x"), "(ALL (x :: obj). ((x..f) = x))");
    assert_eq!(pp("f(x:=v)..g"), "((f(x := v))..g)");
}
