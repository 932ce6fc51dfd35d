//! Language-based abstraction refinement of hybrid systems (`craig hybrid`, issue 36): the
//! digest's test cases C1–C4 (the paper's Example 1 proved safe and its unsafe variant never
//! emptied, the DFA operations on the digest's words, as many splits as the transition-system
//! baseline with `maxlen = 2`, the Fig. 1 scenario removing `4→2→3` without a split), the
//! reader's refusals with `file:line:col`, and a reader that never panics.

use std::collections::BTreeSet;

use craig::hybrid::baseline::{TransitionSystem, run_baseline};
use craig::hybrid::dfa::{Dfa, Position, Symbol};
use craig::hybrid::engine::{
    Algorithm, Engine, Incomplete, Language, Options, Outcome, Stats, refine_words,
};
use craig::hybrid::oracle::{Spuriousness, WordOracle};
use craig::hybrid::syntax::parse_hybrid;
use craig::hybrid::system::HybridSystem;
use craig::syntax::{SourceMap, render_all};
use proptest::prelude::*;

fn example(name: &str) -> HybridSystem {
    let path = format!("{}/examples/hybrid/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, text.clone());
    parse_hybrid(file, &text).unwrap_or_else(|d| panic!("{}", render_all(&d, &sources)))
}

fn options(algorithm: Algorithm, maxlen: usize, suffix_checks: bool, max_splits: usize) -> Options {
    Options { algorithm, maxlen, suffix_checks, max_splits: Some(max_splits), ..Options::default() }
}

/// C1: Example 1 is proved safe, by both algorithms, and the same way every time.
#[test]
fn example1_is_safe() {
    let system = example("example1.hy");
    // Algorithm 1 with maxlen 2 is the transition-system refinement, which does not empty the
    // language within the split limit here (the hull of a diagonal flow covers each box).
    for (algorithm, maxlen) in
        [(Algorithm::Plain, 3), (Algorithm::Pruning, 2), (Algorithm::Pruning, 3)]
    {
        {
            let run = |system: &HybridSystem| {
                let mut engine = Engine::new(system, options(algorithm, maxlen, true, 200));
                (engine.run(), engine.stats)
            };
            let (outcome, stats) = run(&system);
            assert_eq!(outcome, Outcome::Safe, "{algorithm:?} maxlen {maxlen}: {stats:?}");
            assert_eq!(run(&system), (outcome, stats), "deterministic");
        }
    }
}

/// C1: with the unsafe set closed, (m1, (1, 1)) is reachable and unsafe; the language is never
/// emptied, and the answer is UNKNOWN with the split limit.
#[test]
fn example1_unsafe_variant_is_unknown() {
    let system = example("example1_unsafe.hy");
    for algorithm in [Algorithm::Plain, Algorithm::Pruning] {
        let mut engine = Engine::new(&system, options(algorithm, 3, true, 40));
        let outcome = engine.run();
        assert_eq!(outcome, Outcome::Unknown(Incomplete::SplitLimit(40)), "{algorithm:?}");
        assert!(!engine.language.is_empty());
    }
}

/// C2: the DFA operations on the digest's words.
#[test]
fn dfa_operations_on_the_digests_words() {
    // ext({abc}) accepts aabbbc and rejects acb (a = 0, b = 1, c = 2): the factor pattern
    // intersected with the words of contraction abc.
    let ext = Dfa::pattern(3, &[0, 1, 2], Position::Factor);
    assert!(ext.accepts(&[0, 0, 1, 1, 1, 2]));
    assert!(!ext.accepts(&[0, 2, 1]));
    // {ab}^{a→c} = {ab, cb}: with c the fresh symbol 2.
    let ab = Dfa::pattern(2, &[0], Position::Prefix)
        .intersection(&Dfa::pattern(2, &[1], Position::Suffix))
        .difference(&Dfa::pattern(2, &[1, 0], Position::Factor));
    let words: BTreeSet<Vec<Symbol>> = ab.words_up_to(2).into_iter().collect();
    assert_eq!(words, BTreeSet::from([vec![0, 1]]));
    let renamed = ab.rename_fresh(0);
    let words: BTreeSet<Vec<Symbol>> = renamed.words_up_to(2).into_iter().collect();
    assert_eq!(words, BTreeSet::from([vec![0, 1], vec![2, 1]]));
    // Ω+ minus ext(Ω*423Ω*) over the symbols 0..=5: 4223 and 44233 go, 42523 stays.
    let language =
        Dfa::nonempty_words(6).difference(&Dfa::pattern(6, &[4, 2, 3], Position::Factor));
    assert!(!language.accepts(&[4, 2, 3]));
    assert!(!language.accepts(&[4, 2, 2, 3]));
    assert!(!language.accepts(&[4, 4, 2, 3, 3]));
    assert!(!language.accepts(&[1, 4, 2, 3, 5]));
    assert!(language.accepts(&[4, 2, 5, 2, 3]));
    assert!(language.accepts(&[4, 3, 2]));
    // Non-emptiness of L ∩ {uwv}, {wv} and {uw}.
    assert!(!language.has_pattern(&[4, 2, 3], Position::Factor));
    assert!(language.has_pattern(&[4, 2], Position::Prefix));
    assert!(language.has_pattern(&[2, 3], Position::Suffix));
    assert!(Dfa::nonempty_words(1).difference(&Dfa::nonempty_words(1)).is_empty());
}

/// The digest's words checked against a brute-force reading of ext over all words up to
/// length 5.
#[test]
fn dfa_ext_matches_contraction_by_brute_force() {
    fn contract(word: &[Symbol]) -> Vec<Symbol> {
        let mut out: Vec<Symbol> = Vec::new();
        for &s in word {
            if out.last() != Some(&s) {
                out.push(s);
            }
        }
        out
    }
    let pattern = [0, 1, 0];
    let factor = Dfa::pattern(2, &pattern, Position::Factor);
    let prefix = Dfa::pattern(2, &pattern, Position::Prefix);
    let suffix = Dfa::pattern(2, &pattern, Position::Suffix);
    for length in 1..=6 {
        for bits in 0..(1u32 << length) {
            let word: Vec<Symbol> = (0..length).map(|i| (bits >> i) & 1).collect();
            let c = contract(&word);
            let has = c.windows(3).any(|w| w == pattern);
            assert_eq!(factor.accepts(&word), has, "{word:?}");
            assert_eq!(prefix.accepts(&word), c.starts_with(&pattern), "{word:?}");
            assert_eq!(suffix.accepts(&word), c.ends_with(&pattern), "{word:?}");
        }
    }
}

/// C3: with maxlen = 2 and single-letter suffix checks, Algorithm 1 splits exactly as often as
/// the transition-system baseline with the same split heuristic.
#[test]
fn maxlen_two_splits_as_often_as_the_transition_system() {
    for name in ["example1.hy", "thermostat.hy"] {
        let system = example(name);
        let mut engine = Engine::new(&system, options(Algorithm::Plain, 2, false, 60));
        let outcome = engine.run();
        let (baseline, stats) = run_baseline(&system, 60, false);
        assert_eq!(outcome, baseline, "{name}");
        assert_eq!(engine.stats.splits, stats.splits, "{name}");
    }
}

/// An oracle over a fixed abstract graph: the Fig. 1 scenario.
struct Figure1;

impl WordOracle for Figure1 {
    fn prefix_spurious(&mut self, word: &[Symbol]) -> Spuriousness {
        if [1, 4].contains(&word[0]) { Spuriousness::DontKnow } else { Spuriousness::Spurious }
    }
    fn suffix_spurious(&mut self, word: &[Symbol]) -> Spuriousness {
        if [3, 5].contains(word.last().unwrap_or(&0)) {
            Spuriousness::DontKnow
        } else {
            Spuriousness::Spurious
        }
    }
    fn midfix_spurious(&mut self, word: &[Symbol]) -> Spuriousness {
        // The edges 1→2, 4→2, 2→3, 2→5 are real; the path 4→2→3 is not.
        let edges = [(1, 2), (4, 2), (2, 3), (2, 5)];
        let all_edges = word.windows(2).all(|p| edges.contains(&(p[0], p[1])));
        if all_edges && !word.windows(3).any(|w| w == [4, 2, 3]) {
            Spuriousness::DontKnow
        } else {
            Spuriousness::Spurious
        }
    }
}

/// C4: the language approach removes 4→2→3 without a split, keeping 1→2→3, 1→2→5 and 4→2→5;
/// the transition system keeps the path 4→2→3 (every edge on it is real), so it needs a split.
#[test]
fn figure1_removes_a_path_without_splitting() {
    let mut language = Language::all_words(6);
    let mut stats = Stats::default();
    let opts = options(Algorithm::Plain, 3, false, 0);
    refine_words(&mut language, &mut Figure1, &opts, &mut stats);
    assert!(!language.dfa.accepts(&[4, 2, 3]));
    assert!(!language.dfa.accepts(&[4, 4, 2, 3, 3]));
    for kept in [[1, 2, 3], [1, 2, 5], [4, 2, 5]] {
        assert!(language.dfa.accepts(&kept), "{kept:?}");
    }
    assert!(stats.midfixes_removed > 0, "{stats:?}");
    let mut ts = TransitionSystem::complete((0..6).collect());
    ts.refine(&mut Figure1);
    let on_paths = ts.states_on_paths();
    assert!([4, 2, 3].iter().all(|s| on_paths.contains(s)), "{on_paths:?}");
}

fn refusal(text: &str) -> String {
    let mut sources = SourceMap::new();
    let file = sources.add("t.hy", None, text.to_string());
    match parse_hybrid(file, text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(d) => render_all(&d, &sources),
    }
}

#[test]
fn reader_errors_point_at_file_line_col() {
    let unknown = refusal("variables x in [0, 1];\nmodes m;\ninit m: y = 0;\n");
    assert!(unknown.contains("t.hy:3:9") && unknown.contains("unknown variable `y`"), "{unknown}");
    let mode = refusal("variables x in [0, 1];\nmodes m;\nflow q: d(x) = 1;\n");
    assert!(mode.contains("t.hy:3:6") && mode.contains("unknown mode `q`"), "{mode}");
    let derivative = refusal("variables x in [0, 1];\nmodes m;\ninit m: d(x) = 0;\n");
    assert!(
        derivative.contains("t.hy:3:9") && derivative.contains("only appear in a `flow`"),
        "{derivative}"
    );
    let primed = refusal("variables x in [0, 1];\nmodes m;\nunsafe: x' = 0;\n");
    assert!(primed.contains("t.hy:3:9") && primed.contains("only appear in a `jump`"), "{primed}");
    let syntax = refusal("variables x in [0, 1];\nmodes m;\ninit m: x = ;\n");
    assert!(syntax.contains("t.hy:3:13") && syntax.contains("expected"), "{syntax}");
    let empty = refusal("variables x in [1, 0];\nmodes m;\n");
    assert!(empty.contains("t.hy:1:11") && empty.contains("empty"), "{empty}");
}

#[test]
fn reader_accepts_every_form_of_the_surface() {
    let text = "// all of it\nvariables x in [-1, 2.5], y in [0, 1];\nmodes a, b;\ninit: x = 0;\n\
                flow a: d(x) = -x + 2 * y - exp(x) / 3 and (d(y) = sin(x) ^ 2 or d(y) = cos(y)) and sqrt(y) < 1;\n\
                jump a -> b: not (x <= 0) -> x' = x and y' != 1;\nunsafe b: true and not false and x >= 2;\n";
    let mut sources = SourceMap::new();
    let file = sources.add("t.hy", None, text.to_string());
    let system =
        parse_hybrid(file, text).unwrap_or_else(|d| panic!("{}", render_all(&d, &sources)));
    assert_eq!(system.modes, ["a", "b"]);
    assert_eq!(system.jumps.len(), 1);
    assert_ne!(
        system.init[1],
        craig::hybrid::system::Constraint::False,
        "`init:` covers every mode"
    );
    assert_eq!(system.flow[1], craig::hybrid::system::Constraint::False, "no flow in b");
}

/// Every word the reader meets, glued without spaces as often as with them.
const VOCAB: [&str; 34] = [
    "variables",
    "modes",
    "init",
    "flow",
    "jump",
    "unsafe",
    "x",
    "m",
    " in ",
    "[",
    "]",
    "0",
    "1.5",
    ",",
    ";",
    ":",
    "->",
    "d(",
    "x'",
    "(",
    ")",
    "and",
    "or",
    "not",
    "=",
    "<=",
    "!=",
    ">",
    "+",
    "*",
    "^",
    "exp",
    "//",
    "\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn reader_never_panics_on_token_soup(tokens in proptest::collection::vec(0usize..VOCAB.len(), 0..60)) {
        let text: String = tokens.iter().map(|&i| VOCAB[i]).collect::<Vec<_>>().join(" ");
        let _ = parse_hybrid(craig::syntax::FileId(0), &text);
    }

    #[test]
    fn reader_never_panics_on_text(text in any::<String>()) {
        let _ = parse_hybrid(craig::syntax::FileId(0), &text);
    }
}

/// The paper's Example 2: Example 1's state space covered by four regions, `a`, `b` in mode m1
/// (x1 split at 1/2) and `c`, `d` in mode m2 (x1 split at 3/2). The real trajectory from
/// (m1, (0, 0)) follows `abcd`, so no sound oracle may call that word, or any factor of it,
/// spurious, from an initial state or from anywhere.
#[test]
fn example2_the_word_a_trajectory_follows_is_never_refuted() {
    use craig::hybrid::interval::Interval;
    use craig::hybrid::oracle::HybridOracle;
    use craig::hybrid::regions::{Region, Regions};
    let system = example("example1.hy");
    let region = |mode: usize, lo: f64, hi: f64| {
        Some(Region {
            mode,
            space: vec![Interval { lo, hi }, Interval { lo: 0.0, hi: 1.0 }],
            rotation: 0,
        })
    };
    let regions = Regions {
        regions: vec![
            region(0, 0.0, 0.5),
            region(0, 0.5, 2.0),
            region(1, 0.0, 1.5),
            region(1, 1.5, 2.0),
        ],
    };
    let mut oracle = HybridOracle::new(&system, regions);
    let (a, b, c, d) = (0, 1, 2, 3);
    assert_eq!(oracle.prefix_spurious(&[a, b, c, d]), Spuriousness::DontKnow);
    for length in 2..=4 {
        for part in [a, b, c, d].windows(length) {
            assert_eq!(oracle.midfix_spurious(part), Spuriousness::DontKnow, "{part:?}");
        }
    }
    // And the other way round no trajectory goes: from m2 back to m1 there is no jump.
    assert_eq!(oracle.midfix_spurious(&[c, b]), Spuriousness::Spurious);
}

/// The incremental set `Q` (§3.2) asks only about words through regions that changed: the same
/// verdicts, and fewer oracle questions. Without pruning a region changes only when it is
/// split, so Algorithm 1 splits exactly as without `Q`.
#[test]
fn the_incremental_set_q_gives_the_same_verdicts_with_fewer_questions() {
    for name in ["example1.hy", "thermostat.hy", "water_level.hy", "bouncing_ball.hy"] {
        let system = example(name);
        for algorithm in [Algorithm::Plain, Algorithm::Pruning] {
            let run = |incremental: bool| {
                let options = Options { incremental, ..options(algorithm, 3, true, 60) };
                let mut engine = Engine::new(&system, options);
                (engine.run(), engine.stats)
            };
            let (outcome, stats) = run(false);
            let (with_q, stats_q) = run(true);
            assert_eq!(with_q, outcome, "{name} {algorithm:?}");
            assert!(
                stats_q.oracle.questions <= stats.oracle.questions,
                "{name} {algorithm:?}: {} questions with Q, {} without",
                stats_q.oracle.questions,
                stats.oracle.questions
            );
            if algorithm == Algorithm::Plain {
                assert_eq!(stats_q.splits, stats.splits, "{name}");
            }
        }
    }
    // On the bouncing ball, strictly fewer.
    let system = example("bouncing_ball.hy");
    let questions = |incremental: bool| {
        let options = Options { incremental, ..options(Algorithm::Pruning, 3, true, 60) };
        let mut engine = Engine::new(&system, options);
        engine.run();
        engine.stats.oracle.questions
    };
    assert!(questions(true) < questions(false));
}

/// The simplex on a word's linear relaxation refutes words interval pruning leaves (two tanks,
/// whose flows couple the levels), and never empties the language of the really unsafe variant
/// of Example 1.
#[test]
fn the_simplex_refutes_words_the_boxes_leave_and_stays_sound() {
    let tanks = example("two_tanks.hy");
    let mut with =
        Engine::new(&tanks, Options { simplex: true, ..options(Algorithm::Pruning, 3, true, 4) });
    with.run();
    assert!(with.stats.oracle.simplex_checks > 0, "{:?}", with.stats);
    assert!(with.stats.oracle.simplex_refutations > 0, "{:?}", with.stats);
    let mut without = Engine::new(&tanks, options(Algorithm::Pruning, 3, true, 4));
    without.run();
    assert_eq!(without.stats.oracle.simplex_checks, 0);
    let unsafe_variant = example("example1_unsafe.hy");
    let mut engine = Engine::new(
        &unsafe_variant,
        Options { simplex: true, ..options(Algorithm::Pruning, 3, true, 40) },
    );
    assert_ne!(engine.run(), Outcome::Safe);
}
