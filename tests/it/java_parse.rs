//! The Java front end's parser: the example programs parse with their annotations, refused Java
//! constructs are named where they stand, errors in several members are all reported, and no
//! input makes the parser panic.

use std::path::PathBuf;

use craig::java::ast::*;
use craig::java::parse_java;
use craig::syntax::{Diagnostic, FileId, SourceMap, render_all};
use proptest::prelude::*;

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/programs").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Parses `text`, failing with the rendered diagnostics if there are any.
fn parse_ok(name: &str, text: &str) -> CompilationUnit {
    let mut sm = SourceMap::new();
    let f = sm.add(name, None, text.to_string());
    let (unit, d) = parse_java(f, text);
    assert!(d.is_empty(), "unexpected diagnostics:\n{}", render_all(&d, &sm));
    unit
}

/// Parses `text`, which must fail, and returns the diagnostics rendered.
fn parse_err(text: &str) -> (Vec<Diagnostic>, String) {
    let mut sm = SourceMap::new();
    let f = sm.add("T.java", None, text.to_string());
    let (_, d) = parse_java(f, text);
    assert!(!d.is_empty(), "expected errors for:\n{text}");
    let rendered = render_all(&d, &sm);
    (d, rendered)
}

/// A method body wrapped in a class, so that the statements start on line 3.
fn in_method(body: &str) -> String {
    format!("class C {{\n  void m(int x, C c) {{\n{body}\n  }}\n}}\n")
}

fn check_span(text: &str, s: &SpecText) {
    assert_eq!(&text[s.span.start as usize..s.span.end as usize], s.text, "{s:?}");
}

// ------------------------------------------------------------------ the examples

#[test]
fn every_example_parses_without_diagnostics() {
    for name in ["FuncTree.java", "ListSet.java", "Queue.java", "AssocList.java", "HashTable.java"]
    {
        let text = example(name);
        let unit = parse_ok(name, &text);
        assert!(!unit.classes.is_empty(), "{name}: no classes");
    }
}

#[test]
fn func_tree_has_its_fields_specs_and_contracts() {
    let text = example("FuncTree.java");
    let unit = parse_ok("FuncTree.java", &text);
    assert_eq!(unit.classes.len(), 2);
    let pair = &unit.classes[0];
    assert_eq!(pair.name.name, "Pair");
    assert_eq!(pair.fields.len(), 2);
    assert!(pair.fields[0].modifiers.public);

    let ft = &unit.classes[1];
    assert_eq!(ft.name.name, "FuncTree");
    assert_eq!(ft.fields.len(), 3);
    let names: Vec<Vec<&str>> =
        ft.fields.iter().map(|f| f.names.iter().map(|(n, _)| n.name.as_str()).collect()).collect();
    assert_eq!(names, [vec!["key"], vec!["data"], vec!["left", "right"]]);
    assert_eq!(ft.fields[0].ty.kind, TypeKind::Int);
    assert_eq!(ft.fields[2].ty.kind, TypeKind::Class("FuncTree".into()));
    assert!(ft.fields[2].modifiers.private);

    let mut specvars = 0;
    let mut invariants = Vec::new();
    for spec in &ft.specs {
        match spec {
            ClassSpec::Specvar { modifiers, ghost, name, ty, initial, .. } => {
                specvars += 1;
                assert_eq!(name.name, "content");
                assert!(modifiers.public && *ghost);
                assert_eq!(ty.text, "(int * obj) set");
                check_span(&text, ty);
                let initial = initial.as_ref().expect("an initial value");
                assert_eq!(initial.text, "({} :: (int * obj) set)");
                check_span(&text, initial);
            }
            ClassSpec::Invariant { name, formula, .. } => {
                check_span(&text, formula);
                invariants.push(name.as_ref().expect("named").name.clone());
            }
            ClassSpec::Vardefs { .. } => panic!("no vardefs in FuncTree"),
        }
    }
    assert_eq!(specvars, 1);
    assert_eq!(
        invariants,
        ["contentDefinition", "nullEmpty", "dataNotNull", "leftSmaller", "rightBigger"]
    );

    let add1 = ft.methods.iter().find(|m| m.name.name == "add1").expect("add1");
    assert!(add1.modifiers.private && add1.modifiers.static_);
    assert_eq!(add1.result.as_ref().map(|t| &t.kind), Some(&TypeKind::Class("FuncTree".into())));
    assert_eq!(add1.params.len(), 3);
    assert_eq!(add1.contract.requires.len(), 1);
    assert_eq!(
        add1.contract.requires[0].text,
        "v ~= null & (ALL y. (k,y) ~: t..content) & theinvs"
    );
    assert_eq!(add1.contract.ensures[0].text, "result..content = t..content Un {(k,v)} & theinvs");
    check_span(&text, &add1.contract.requires[0]);
    check_span(&text, &add1.contract.ensures[0]);
    let cspan = add1.contract.span.expect("the annotation's span");
    let annotation = &text[cspan.start as usize..cspan.end as usize];
    assert!(annotation.starts_with("/*:") && annotation.ends_with("*/"), "{annotation}");

    // The first statement of add1 is `if (t==null) { ...; //: "r..content" := "{(k,v)}"; ... }`.
    let body = add1.body.as_ref().expect("a body");
    let StatementKind::If { then, .. } = &body.statements[0].kind else { panic!("an if") };
    let StatementKind::Block(b) = &then.kind else { panic!("a block") };
    let assign = b
        .statements
        .iter()
        .find_map(|s| match &s.kind {
            StatementKind::Spec(SpecStatement::Assign { lhs, rhs }) => Some((lhs, rhs)),
            _ => None,
        })
        .expect("a spec assignment");
    assert_eq!(assign.0.text, "r..content");
    assert_eq!(assign.1.text, "{(k,v)}");
    check_span(&text, assign.0);
    check_span(&text, assign.1);

    // remove_max1's `//:` assignment has no `;` and is followed by `return r;` on the next line.
    let rm = ft.methods.iter().find(|m| m.name.name == "remove_max1").expect("remove_max1");
    let StatementKind::If { otherwise: Some(e), .. } =
        &rm.body.as_ref().unwrap().statements[0].kind
    else {
        panic!("if-else")
    };
    let StatementKind::Block(b) = &e.kind else { panic!("a block") };
    let n = b.statements.len();
    assert!(matches!(
        &b.statements[n - 2].kind,
        StatementKind::Spec(SpecStatement::Assign { rhs, .. }) if rhs.text == "t..content - {(k,v)}"
    ));
    assert!(matches!(&b.statements[n - 1].kind, StatementKind::Return(Some(_))));

    // `is_empty` has `ensures "..."; */`.
    let ie = ft.methods.iter().find(|m| m.name.name == "is_empty").expect("is_empty");
    assert_eq!(ie.contract.ensures[0].text, "result = (t..content = {})");
    let lookup = ft.methods.iter().find(|m| m.name.name == "lookup").expect("lookup");
    assert!(lookup.contract.requires.is_empty());
    let empty = ft.methods.iter().find(|m| m.name.name == "empty_set").expect("empty_set");
    assert!(empty.params.is_empty());
}

#[test]
fn loops_constructors_arrays_and_modifies() {
    let text = example("ListSet.java");
    let unit = parse_ok("ListSet.java", &text);
    let ls = &unit.classes[1];
    let ctor = &ls.methods[0];
    assert!(ctor.constructor && ctor.result.is_none());
    let modifies: Vec<&str> = ctor.contract.modifies.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(modifies, ["this..content", "this..first"]);
    let member = ls.methods.iter().find(|m| m.name.name == "member").unwrap();
    let StatementKind::While { invariants, condition, .. } =
        &member.body.as_ref().unwrap().statements[1].kind
    else {
        panic!("a loop")
    };
    assert_eq!(invariants.len(), 1);
    check_span(&text, &invariants[0]);
    assert!(matches!(condition.kind, ExprKind::Binary(BinaryOp::Ne, ..)));
    let node = &unit.classes[0];
    assert!(matches!(&node.specs[0], ClassSpec::Specvar { ty, .. } if ty.text == "objset"));

    let q = example("Queue.java");
    let unit = parse_ok("Queue.java", &q);
    let items = &unit.classes[0].fields[0];
    assert!(
        matches!(&items.ty.kind, TypeKind::Array(t) if t.kind == TypeKind::Class("Object".into()))
    );
}

#[test]
fn precedence_is_javas() {
    let text = in_method("x = 1 + 2 * 3 - -x % 2;\nboolean b = !c.f || x < 2 && x >= 0 == true;");
    let unit = parse_ok("T.java", &text);
    let body = &unit.classes[0].methods[0].body.as_ref().unwrap().statements;
    let StatementKind::Expression(e) = &body[0].kind else { panic!() };
    let ExprKind::Assign(_, rhs) = &e.kind else { panic!() };
    // (1 + (2 * 3)) - ((-x) % 2)
    let ExprKind::Binary(BinaryOp::Sub, l, r) = &rhs.kind else { panic!("{rhs:?}") };
    assert!(
        matches!(&l.kind, ExprKind::Binary(BinaryOp::Add, _, m) if matches!(m.kind, ExprKind::Binary(BinaryOp::Mul, ..)))
    );
    assert!(
        matches!(&r.kind, ExprKind::Binary(BinaryOp::Rem, n, _) if matches!(n.kind, ExprKind::Unary(UnaryOp::Neg, _)))
    );
    let StatementKind::Local { names, .. } = &body[1].kind else { panic!() };
    let init = names[0].1.as_ref().unwrap();
    // (!c.f) || ((x < 2) && ((x >= 0) == true))
    let ExprKind::Binary(BinaryOp::Or, l, r) = &init.kind else { panic!() };
    assert!(
        matches!(&l.kind, ExprKind::Unary(UnaryOp::Not, f) if matches!(f.kind, ExprKind::Field(..)))
    );
    assert!(
        matches!(&r.kind, ExprKind::Binary(BinaryOp::And, _, eq) if matches!(eq.kind, ExprKind::Binary(BinaryOp::Eq, ..)))
    );
}

#[test]
fn spec_statements_and_class_specs() {
    let text = "class C {\n  /*: private static specvar s :: objset;\n      public ensured invariant \
                \"x\"; vardefs \"a == b\" \"c == d\" */\n  void m() {\n    //: assert l: \"p\"; assume \
                \"q\"; noteThat \"r\"\n    //: havoc x; y := \"1\"\n  }\n}\n";
    let unit = parse_ok("T.java", text);
    let c = &unit.classes[0];
    assert_eq!(c.specs.len(), 4);
    assert!(matches!(
        &c.specs[1],
        ClassSpec::Invariant { name: None, public: true, ensured: true, .. }
    ));
    assert!(
        matches!(&c.specs[3], ClassSpec::Vardefs { definition, .. } if definition.text == "c == d")
    );
    let body = &c.methods[0].body.as_ref().unwrap().statements;
    assert_eq!(body.len(), 5);
    assert!(
        matches!(&body[0].kind, StatementKind::Spec(SpecStatement::Assert { label: Some(l), .. }) if l.name == "l")
    );
    assert!(
        matches!(&body[3].kind, StatementKind::Spec(SpecStatement::Havoc { target, .. }) if target.text == "x")
    );
    let StatementKind::Spec(SpecStatement::Assign { lhs, rhs }) = &body[4].kind else { panic!() };
    check_span(text, lhs);
    check_span(text, rhs);
}

// ------------------------------------------------------------------ errors

/// The first diagnostic's `line:col` and message, for a statement inside a method (line 3).
fn first_error(text: &str) -> (String, String) {
    let (d, rendered) = parse_err(text);
    let first = rendered.lines().next().unwrap().to_string();
    let loc = first.split(": error").next().unwrap().trim_start_matches("T.java:").to_string();
    (loc, d[0].message.clone())
}

#[test]
fn refused_statements_are_named_at_their_keyword() {
    let cases = [
        (
            "    for (int i = 0; i < 3; i = i + 1) { x = i; }",
            "3:5",
            "`for` loops are not supported",
        ),
        ("    do { x = 1; } while (x < 3);", "3:5", "`do`-`while` loops are not supported"),
        ("    switch (x) { case 1: x = 2; }", "3:5", "`switch` statements are not supported"),
        ("    try { x = 1; } catch (E e) { }", "3:5", "`try` statements are not supported"),
        ("    throw new E();", "3:5", "`throw` statements are not supported"),
        ("    while (true) { break; }", "3:20", "`break` is not supported"),
        ("    while (true) { continue; }", "3:20", "`continue` is not supported"),
        ("    synchronized (c) { x = 1; }", "3:5", "`synchronized` is not supported"),
    ];
    for (body, loc, message) in cases {
        let (l, m) = first_error(&in_method(body));
        assert_eq!(l, loc, "{body}: {m}");
        assert!(m.starts_with(message), "{body}: {m}");
    }
}

#[test]
fn refused_expressions_are_named_where_they_stand() {
    let cases = [
        ("    x = c == null ? 1 : 2;", "3:19", "the conditional operator `?:`"),
        ("    x++;", "3:6", "the increment operator `++`"),
        ("    --x;", "3:5", "the decrement operator `--`"),
        ("    x += 2;", "3:7", "compound assignment `+=`"),
        ("    x = \"s\";", "3:9", "string literals"),
        ("    x = 'c';", "3:9", "character literals"),
        ("    boolean b = c instanceof C;", "3:19", "`instanceof`"),
        ("    x = (int) c;", "3:9", "casts"),
        ("    C d = (C) c;", "3:11", "casts"),
        ("    x = x << 2;", "3:11", "the operator `<<`"),
        ("    x = 1.5;", "3:9", "floating-point literals"),
        (
            "    x = 99999999999999999999;",
            "3:9",
            "integer literal `99999999999999999999` does not fit",
        ),
        ("    List<C> l = null;", "3:9", "generics"),
    ];
    for (body, loc, message) in cases {
        let (l, m) = first_error(&in_method(body));
        assert_eq!(l, loc, "{body}: {m}");
        assert!(m.starts_with(message), "{body}: {m}");
    }
}

#[test]
fn refused_declarations_are_named() {
    let cases = [
        ("package a.b;\nclass C { }\n", "1:1", "`package` declarations"),
        ("import java.util.List;\nclass C { }\n", "1:1", "`import` declarations"),
        ("interface I { void m(); }\n", "1:1", "interfaces"),
        ("enum E { A, B }\n", "1:1", "enums"),
        ("class C extends D { }\n", "1:9", "`extends` (inheritance)"),
        ("class C implements I { }\n", "1:9", "`implements` (interfaces)"),
        ("class C<T> { }\n", "1:8", "generics"),
        ("class C {\n  abstract void m();\n}\n", "2:3", "the modifier `abstract`"),
        ("class C {\n  long x;\n}\n", "2:3", "the type `long`"),
        ("class C {\n  void m() throws E { }\n}\n", "2:12", "`throws` clauses"),
        ("class C {\n  class D { }\n}\n", "2:3", "nested classes"),
    ];
    for (text, loc, message) in cases {
        let (l, m) = first_error(text);
        assert_eq!(l, loc, "{text}: {m}");
        assert!(m.starts_with(message), "{text}: {m}");
    }
    let (d, _) = parse_err("package a.b;\nclass C { }\n");
    assert!(d[0].notes[0].contains("remove the line"), "{:?}", d[0].notes);
}

#[test]
fn each_refused_construct_is_reported() {
    let text = in_method("    for (;;) { }\n    x++;\n    x = y ? 1 : 2;\n    x -= 1;");
    let (d, rendered) = parse_err(&text);
    assert_eq!(d.len(), 4, "{rendered}");
    assert!(d.iter().all(|d| d.message.contains("not supported")), "{rendered}");
}

#[test]
fn unknown_annotation_keywords_are_named() {
    let (d, rendered) = parse_err("class C {\n  /*: frobnicate \"x\" */\n}\n");
    assert_eq!(d.len(), 1, "{rendered}");
    assert!(
        rendered.starts_with("T.java:2:7: error: unknown annotation keyword `frobnicate`"),
        "{rendered}"
    );
    assert!(d[0].message.contains("`specvar`, `inv`, `invariant` or `vardefs`"), "{rendered}");

    let (d, rendered) = parse_err("class C {\n  void m()\n  /*: requries \"x\" */\n  { }\n}\n");
    assert!(
        rendered.starts_with("T.java:3:7: error: unknown annotation keyword `requries`"),
        "{rendered}"
    );
    assert!(d[0].message.contains("`requires`, `modifies` or `ensures`"), "{rendered}");

    let (d, rendered) = parse_err(&in_method("    //: frobnicate \"x\""));
    assert!(
        rendered.starts_with("T.java:3:9: error: unknown annotation keyword `frobnicate`"),
        "{rendered}"
    );
    assert!(d[0].message.contains("`noteThat`"), "{rendered}");

    let (_, rendered) = parse_err(&in_method("    while /*: variant \"x\" */ (true) { }"));
    assert!(
        rendered.contains("unknown annotation keyword `variant`: expected `inv` or `invariant`"),
        "{rendered}"
    );

    let (_, rendered) = parse_err("class C {\n  /*: public frobnicate x :: int */\n}\n");
    assert!(
        rendered.contains("2:14: error: unknown annotation keyword `frobnicate`"),
        "{rendered}"
    );
}

#[test]
fn a_broken_class_head_is_a_syntax_error() {
    let (loc, m) = first_error("class 1C { }\n");
    assert_eq!(loc, "1:7");
    assert_eq!(m, "expected a name, found `1C`");
}

#[test]
fn annotation_syntax_errors_say_what_was_expected() {
    let (_, rendered) = parse_err(&in_method("    //: x = \"y\""));
    assert!(rendered.contains("3:11: error: expected `:=`, found `=`"), "{rendered}");
    let (_, rendered) = parse_err("class C {\n  /*: specvar x :: */\n}\n");
    assert!(
        rendered.contains("expected a name or a quoted formula, found the end of the annotation"),
        "{rendered}"
    );
    let (_, rendered) = parse_err(&in_method("    //: assert \"x"));
    assert!(rendered.contains("expected `\"`, found the end of the annotation"), "{rendered}");
}

#[test]
fn errors_in_two_methods_are_both_reported() {
    let text = "class C {\n  void a() {\n    x = 1 +;\n  }\n  int f;\n  void b() {\n    return )\n  }\n  \
                void c() { }\n}\n";
    let mut sm = SourceMap::new();
    let f = sm.add("T.java", None, text.to_string());
    let (unit, d) = parse_java(f, text);
    let rendered = render_all(&d, &sm);
    assert_eq!(d.len(), 2, "{rendered}");
    assert!(
        rendered.starts_with("T.java:3:12: error: expected an expression, found `;`"),
        "{rendered}"
    );
    assert!(rendered.contains("T.java:7:12: error:"), "{rendered}");
    // The members around the broken ones are kept.
    let c = &unit.classes[0];
    assert_eq!(c.fields.len(), 1);
    assert_eq!(c.methods.iter().map(|m| m.name.name.as_str()).collect::<Vec<_>>(), ["c"]);
}

#[test]
fn not_a_statement_and_bad_assignments() {
    let (_, m) = first_error(&in_method("    x + 1;"));
    assert_eq!(m, "this expression is not a statement");
    let (_, m) = first_error(&in_method("    x = y = 1;"));
    assert!(m.starts_with("chained assignments"), "{m}");
    let (_, m) = first_error(&in_method("    m() = 1;"));
    assert_eq!(m, "cannot assign to this expression");
}

#[test]
fn unclosed_comments_and_classes() {
    let (_, rendered) = parse_err("class C {\n  /* oops\n}\n");
    assert!(rendered.starts_with("T.java:2:3: error: unterminated comment"), "{rendered}");
    let (_, rendered) = parse_err("class C {\n  int x;\n");
    assert!(rendered.contains("expected `}`, found end of input"), "{rendered}");
}

#[test]
fn deep_nesting_is_a_diagnostic_not_a_crash() {
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    let (d, _) = parse_err(&in_method(&format!("    x = {deep};")));
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].message, "nested too deeply");
    let ifs = "if (true) ".repeat(100_000);
    let (d, _) = parse_err(&in_method(&format!("    {ifs}x = 1;")));
    assert_eq!(d[0].message, "nested too deeply");
    let long = vec!["x"; 100_000].join(" + ");
    let (d, _) = parse_err(&in_method(&format!("    x = {long};")));
    assert_eq!(d[0].message, "expression too long");
    let nots = "!".repeat(800);
    let (d, _) = parse_err(&in_method(&format!("    b = {nots}b;")));
    assert_eq!(d[0].message, "expression nested too deeply");
    let fields = ".f".repeat(100_000);
    let (d, _) = parse_err(&in_method(&format!("    x = c{fields};")));
    assert_eq!(d[0].message, "expression too long");
    // Nesting within the limits parses.
    let ok = format!("{}1{}", "(".repeat(150), ")".repeat(150));
    parse_ok("T.java", &in_method(&format!("    x = {ok};")));
}

// ------------------------------------------------------------------ no input panics

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = parse_java(FileId(0), &text);
    }

    #[test]
    fn java_like_text_never_panics(
        text in "(class|C|\\{|\\}|\\(|\\)|;|=|x|int|/\\*:|\\*/|//:|\"|\n|if|while|else|new|\\.|requires|inv|claimedby|readonly|hidden|comment|''|noteThat|note|specvar|ghost|::|from|suchThat|havoc|assuming|static|private|\\^\\*|rtrancl_pt|tree \\[|Node\\[\\]|\\[|\\]|0|null| )*"
    ) {
        let _ = parse_java(FileId(0), &text);
    }

    #[test]
    fn mutated_func_tree_never_panics(
        start in 0usize..12_000,
        len in 0usize..200,
        insert in "\\PC{0,20}",
        mode in 0u8..3,
    ) {
        let text = example("FuncTree.java");
        let mut start = start % text.len();
        while !text.is_char_boundary(start) { start -= 1; }
        let mut end = (start + len).min(text.len());
        while !text.is_char_boundary(end) { end -= 1; }
        let mutated = match mode {
            0 => format!("{}{}", &text[..start], &text[end..]),
            1 => format!("{}{}{}", &text[..start], insert, &text[start..]),
            _ => format!("{}{}{}", &text[..start], insert, &text[end..]),
        };
        let _ = parse_java(FileId(0), &mutated);
    }

    #[test]
    fn truncated_func_tree_never_panics(cut in 0usize..12_000) {
        let text = example("FuncTree.java");
        let mut cut = cut % (text.len() + 1);
        while !text.is_char_boundary(cut) { cut -= 1; }
        let _ = parse_java(FileId(0), &text[..cut]);
    }
}

/// Jahob's annotations in modifier positions: `claimedby C` and `readonly` are read into the
/// field's modifiers, wherever among the Java modifiers they stand.
#[test]
fn claimedby_and_readonly_are_field_modifiers() {
    let text = "class Node {\n  public /*: claimedby List */ Node next;\n  /*: readonly */ public int key;\n  public //: readonly\n  int data;\n}\nclass List { }\n";
    let unit = parse_ok("T.java", text);
    let fields = &unit.classes[0].fields;
    assert_eq!(fields.len(), 3, "{fields:?}");
    let claimed = fields[0].modifiers.claimed_by.as_ref().expect("claimedby read");
    assert_eq!(claimed.name, "List");
    assert!(fields[0].modifiers.public && !fields[0].modifiers.readonly);
    assert!(fields[1].modifiers.readonly && fields[1].modifiers.public);
    assert!(fields[2].modifiers.readonly);
}

/// Forms craig cannot give a meaning to are refused where they are written, in Jahob's words.
#[test]
fn hidden_and_unknown_modifier_words_are_refused_where_written() {
    let (d, rendered) = parse_err("class C {\n  public /*: hidden */ int x;\n}\n");
    assert_eq!(d.len(), 1, "{rendered}");
    assert!(
        rendered.starts_with("T.java:2:14: error: Jahob's `hidden` modifier is not supported"),
        "{rendered}"
    );
    let (_, rendered) = parse_err("class C {\n  public /*: readonly sealed */ int x;\n}\n");
    assert!(
        rendered.starts_with("T.java:2:23: error: `sealed` is not one of Jahob's modifiers"),
        "{rendered}"
    );
    let (_, rendered) = parse_err("class C {\n  public /*: claimedby */ int x;\n}\n");
    assert!(
        rendered.starts_with("T.java:2:14: error: `claimedby` names the class that claims"),
        "{rendered}"
    );
}

/// `comment ''Name'' F` names an unlabelled invariant or assertion; a written label wins;
/// `vardefs` may carry a visibility.
#[test]
fn comment_labels_name_invariants_and_assertions() {
    let text = "class C {\n  int f;\n  /*: invariant \"comment ''fPositive'' (0 <= f)\";\n      invariant own: \"comment ''other'' (0 <= f)\";\n      public specvar g :: int;\n      private vardefs \"g == f\"; */\n  void m()\n  {\n    //: assert \"comment ''stillPositive'' (0 <= f)\";\n  }\n}\n";
    let unit = parse_ok("T.java", text);
    let names: Vec<String> = unit.classes[0]
        .specs
        .iter()
        .filter_map(|s| match s {
            ClassSpec::Invariant { name, .. } => name.as_ref().map(|n| n.name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(names, ["fPositive", "own"]);
    let body = unit.classes[0].methods[0].body.as_ref().expect("a body");
    let label = body.statements.iter().find_map(|s| match &s.kind {
        StatementKind::Spec(SpecStatement::Assert { label, .. }) => label.clone(),
        _ => None,
    });
    let label = label.expect("the assertion is named");
    assert_eq!(label.name, "stillPositive");
    // The name's span is where it is written.
    assert_eq!(&text[label.span.start as usize..label.span.end as usize], "stillPositive");
}

/// `note` is Jahob's short form of `noteThat`, with a label and `from` as well; a ghost
/// variable named `note` is still assigned.
#[test]
fn note_is_the_short_form_of_note_that() {
    let unit = parse_ok(
        "T.java",
        &in_method("    //: note sum: \"x = x\" from xPos;\n    //: note \"0 = 0\""),
    );
    let body = unit.classes[0].methods[0].body.as_ref().expect("a body");
    let notes: Vec<_> = body
        .statements
        .iter()
        .filter_map(|s| match &s.kind {
            StatementKind::Spec(SpecStatement::NoteThat { label, formula }) => {
                Some((label.as_ref().map(|l| l.name.clone()), formula.text.clone()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        notes,
        [(Some("sum".to_string()), "x = x".to_string()), (None, "0 = 0".to_string())]
    );
    let unit = parse_ok("T.java", &in_method("    //: note := \"1\""));
    let body = unit.classes[0].methods[0].body.as_ref().expect("a body");
    assert!(
        !body
            .statements
            .iter()
            .any(|s| matches!(&s.kind, StatementKind::Spec(SpecStatement::NoteThat { .. }))),
        "{body:?}"
    );
    // `notes` is no keyword: an unknown one, named.
    let (_, rendered) = parse_err(&in_method("    //: notes \"x\""));
    assert!(rendered.contains("unknown annotation keyword `notes`"), "{rendered}");
}

/// `noteThat F from L1, L2` reads (the hint is dropped: the note is proved from every fact);
/// `havoc x suchThat F` reads with its formula.
#[test]
fn note_that_from_and_havoc_such_that_read() {
    let unit = parse_ok("T.java", &in_method("    //: noteThat sum: \"x = x\" from xPos, Inv;"));
    let body = unit.classes[0].methods[0].body.as_ref().expect("a body");
    assert!(
        body.statements.iter().any(|s| matches!(
            &s.kind,
            StatementKind::Spec(SpecStatement::NoteThat { label: Some(l), .. }) if l.name == "sum"
        )),
        "{body:?}"
    );
    let unit = parse_ok("T.java", &in_method("    //: havoc \"x\" suchThat \"0 < x\";"));
    let body = unit.classes[0].methods[0].body.as_ref().expect("a body");
    assert!(
        body.statements.iter().any(|s| matches!(
            &s.kind,
            StatementKind::Spec(SpecStatement::Havoc { target, such_that: Some(f) })
                if target.text == "x" && f.text == "0 < x"
        )),
        "{body:?}"
    );
}

/// Jahob's `assuming F in (S; ...; noteThat G)` reads with the statements inside, nested ones
/// too; a statement that changes state inside it is a syntax error naming what is expected.
#[test]
fn assuming_reads_with_its_statements() {
    let text = in_method(
        "    //: assuming h: \"0 < x\" in (assert \"0 <= x\"; assuming \"1 < x\" in (noteThat \"0 < x\"); noteThat g: \"x ~= 0\");",
    );
    let unit = parse_ok("T.java", &text);
    let body = unit.classes[0].methods[0].body.as_ref().expect("a body");
    let Some(StatementKind::Spec(SpecStatement::Assuming { label, hypothesis, body })) =
        body.statements.first().map(|s| &s.kind)
    else {
        panic!("{body:?}")
    };
    assert_eq!(label.as_ref().map(|l| l.name.as_str()), Some("h"));
    check_span(&text, hypothesis);
    assert_eq!(body.len(), 3, "{body:?}");
    assert!(matches!(&body[1].kind, StatementKind::Spec(SpecStatement::Assuming { .. })));
    assert!(matches!(
        &body[2].kind,
        StatementKind::Spec(SpecStatement::NoteThat { label: Some(l), .. }) if l.name == "g"
    ));
    let (_, rendered) =
        parse_err(&in_method("    //: assuming \"0 < x\" in (havoc x; noteThat \"0 < x\");"));
    assert!(rendered.starts_with("T.java:3:30: error: "), "{rendered}");
}

/// `private` and `protected` classes, as Jahob's examples write them (`private class Thread`),
/// are read; they restrict who may name the class, which verification does not depend on. A
/// `static` class is a nested one, which the subset does not have.
#[test]
fn private_and_protected_classes_are_read() {
    let unit =
        parse_ok("T.java", "private class Thread {\n  public int x;\n}\nprotected class U {\n}\n");
    assert_eq!(unit.classes.len(), 2);
    let (d, rendered) = parse_err("static class S {\n}\n");
    assert!(d[0].message.contains("a class cannot be `static`"), "{rendered}");
    assert!(rendered.starts_with("T.java:1:1: error"), "{rendered}");
}
