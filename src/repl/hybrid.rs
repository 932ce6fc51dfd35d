//! Hybrid systems at the prompt (issue 36): `load X.hy` reads a system; `step [N|all]` advances
//! the language-based refinement one round at a time and says what each round did (words
//! removed with the constraint refuted and the box emptied, don't-know records, regions pruned,
//! splits, the verdict); `show language|regions|graph`, `dot FILE` and `plot FILE.svg X Y`
//! (in [`super::commands`]) look at where the run is. The run is an [`Engine`] value in the
//! theory's run slot, so `undo` puts it back.
//!
//! Everything printed is in symbol order (the engine keeps its maps ordered), so a session
//! replays to the same transcript.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::Ordering;

use crate::hybrid::dfa::{Dfa, Position, Symbol, is_contracted};
use crate::hybrid::engine::{Algorithm, Engine, Event, Options, Outcome};
use crate::hybrid::interval::Interval;
use crate::hybrid::oracle::{Refutation, Refuted};
use crate::hybrid::prune::{IntervalBox, prune};
use crate::hybrid::regions::Region;
use crate::hybrid::system::{Constraint, HybridSystem, Variable};
use crate::session::fnv1a64;
use crate::syntax::{SourceMap, render_all};

use super::kind::{Graph, Theory, TheoryKind};
use super::{CommandError, CommandResult, Control, Workbench, counted};

/// A hybrid system as the workbench keeps it.
#[derive(Debug)]
pub struct HybridTheory {
    /// The system.
    pub system: Rc<HybridSystem>,
    /// The file's text.
    pub sources: SourceMap,
}

/// The refinement run on a hybrid system: the engine, stepped by `step`.
#[derive(Clone, Debug)]
pub struct HybridRun {
    /// The engine where the run is.
    pub engine: Engine,
}

/// Reads the `.hy` file at `path` into a theory; errors come back with `file:line:col`.
pub(crate) fn load(path: &str, name: String) -> Result<Theory, CommandError> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut sources = SourceMap::new();
    let file = sources.add(path, Some(Path::new(path)), text.clone());
    let system = crate::hybrid::syntax::parse_hybrid(file, &text).map_err(|diagnostics| {
        let errors = diagnostics.len();
        CommandError::Refused(format!(
            "cannot load {path} ({errors} problem{}):\n{}",
            if errors == 1 { "" } else { "s" },
            render_all(&diagnostics, &sources).trim_end()
        ))
    })?;
    let checksum = fnv1a64(text.as_bytes());
    let theory = HybridTheory { system: Rc::new(system), sources };
    Ok(Theory::new(name, path.to_string(), checksum, theory))
}

impl HybridTheory {
    fn describe(&self) -> String {
        let s = &self.system;
        format!(
            "hybrid system, {}, {}, {}",
            counted(s.modes.len(), "mode"),
            counted(s.dimension(), "variable"),
            counted(s.jumps.len(), "jump")
        )
    }
}

impl TheoryKind for HybridTheory {
    fn load_text(&self, theory: &Theory, _goals: usize) -> String {
        format!(
            "loaded theory {} from {}: {} (no goals: try `step`)\n",
            theory.name,
            theory.path,
            self.describe()
        )
    }

    fn summary(&self) -> String {
        self.describe()
    }

    fn names(&self) -> Vec<String> {
        let mut names = self.system.variables.clone();
        names.extend(self.system.modes.iter().cloned());
        names
    }

    fn sources(&self) -> Option<&SourceMap> {
        Some(&self.sources)
    }

    fn dot(&self, theory: &Theory, words: &[String]) -> Option<Result<Graph, CommandError>> {
        let engine = engine_of(theory, self);
        Some(dot_graph(&engine, words))
    }
}

/// The run of a hybrid theory, or a run at its start (what `show` and `dot` look at before
/// the first `step`).
fn engine_of(theory: &Theory, content: &HybridTheory) -> Engine {
    theory.run::<HybridRun>().map_or_else(
        || Engine::shared(content.system.clone(), Options::default()),
        |r| r.engine.clone(),
    )
}

/// The hybrid theory loaded last, with its index.
fn current(wb: &Workbench) -> Result<(usize, Rc<HybridTheory>), CommandError> {
    wb.state
        .theories
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, t)| Some((i, t.content_rc::<HybridTheory>()?)))
        .ok_or_else(|| {
            CommandError::Refused("no hybrid system is loaded (try `load FILE.hy`)".into())
        })
}

/// True if the theory is a hybrid system (what `step` drives when it was loaded last).
pub(crate) fn is_hybrid(theory: &Theory) -> bool {
    theory.is::<HybridTheory>()
}

/// What `step` was asked on a hybrid system.
struct StepWords {
    count: Option<u64>,
    restart: bool,
    maxlen: Option<usize>,
    algorithm: Option<Algorithm>,
    max_splits: Option<usize>,
    incremental: bool,
}

fn step_words(args: &[String], usage: &str) -> Result<StepWords, CommandError> {
    let mut words = StepWords {
        count: Some(1),
        restart: false,
        maxlen: None,
        algorithm: None,
        max_splits: None,
        incremental: false,
    };
    let mut counted_once = false;
    let mut rest = args.iter();
    let value = |flag: &str, v: Option<&String>| {
        v.cloned()
            .ok_or_else(|| CommandError::Refused(format!("{flag} takes a value; usage: {usage}")))
    };
    while let Some(word) = rest.next() {
        match word.as_str() {
            "--restart" => words.restart = true,
            "--incremental" => words.incremental = true,
            "--maxlen" => {
                let v = value(word, rest.next())?;
                match v.parse::<usize>() {
                    Ok(n) if (2..=8).contains(&n) => words.maxlen = Some(n),
                    _ => {
                        return Err(CommandError::Refused(format!(
                            "--maxlen takes a length from 2 to 8, got `{v}`"
                        )));
                    }
                }
            }
            "--algorithm" => {
                let v = value(word, rest.next())?;
                words.algorithm = Some(match v.as_str() {
                    "1" => Algorithm::Plain,
                    "3" => Algorithm::Pruning,
                    _ => {
                        return Err(CommandError::Refused(format!(
                            "--algorithm takes 1 (plain) or 3 (with region pruning), got `{v}`"
                        )));
                    }
                });
            }
            "--max-splits" => {
                let v = value(word, rest.next())?;
                match v.parse::<usize>() {
                    Ok(n) if n > 0 => words.max_splits = Some(n),
                    _ => {
                        return Err(CommandError::Refused(format!(
                            "--max-splits takes a positive number, got `{v}`"
                        )));
                    }
                }
            }
            w if w.starts_with("--") => {
                return Err(CommandError::Refused(format!(
                    "`{w}` is not an option of step on a hybrid system; usage: {usage}"
                )));
            }
            w if !counted_once => {
                counted_once = true;
                words.count = match w {
                    "all" => None,
                    _ => match w.parse::<u64>() {
                        Ok(n) if n > 0 => Some(n),
                        _ => {
                            return Err(CommandError::Refused(format!(
                                "step takes a positive number of steps or `all`, got `{w}`; \
                                 usage: {usage}"
                            )));
                        }
                    },
                };
            }
            _ => return Err(CommandError::Refused(format!("usage: {usage}"))),
        }
    }
    Ok(words)
}

fn algorithm_text(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Plain => "algorithm 1 (plain)",
        Algorithm::Pruning => "algorithm 3 (with region pruning)",
    }
}

/// `step [N|all] [--maxlen N] [--algorithm 1|3] [--max-splits N] [--restart]` on the hybrid
/// system loaded last: N rounds of the refinement (one without N), each round's events printed.
/// An option starts a new run with it; `--restart` starts the run again.
pub(crate) fn step(
    wb: &mut Workbench,
    args: &[String],
    usage: &str,
    out: &mut dyn Write,
) -> CommandResult {
    let words = step_words(args, usage)?;
    let (index, content) = current(wb)?;
    let new_options = words.maxlen.is_some()
        || words.algorithm.is_some()
        || words.max_splits.is_some()
        || words.incremental
        || words.restart;
    let existing = wb.state.theories[index].run::<HybridRun>().map(|r| r.engine.options);
    if existing.is_none() || new_options {
        let base = existing.unwrap_or_default();
        let options = Options {
            maxlen: words.maxlen.unwrap_or(base.maxlen),
            algorithm: words.algorithm.unwrap_or(base.algorithm),
            max_splits: words.max_splits.or(base.max_splits),
            incremental: words.incremental || base.incremental,
            ..base
        };
        writeln!(
            out,
            "new run: {}{}, maxlen {}, at most {}",
            algorithm_text(options.algorithm),
            if options.incremental { " with the incremental set Q" } else { "" },
            options.maxlen,
            options
                .max_splits
                .map_or_else(|| "any number of splits".into(), |n| counted(n, "split"))
        )?;
        let engine = Engine::shared(content.system.clone(), options);
        wb.state.theories[index].set_run(Some(HybridRun { engine }));
    }
    let interrupt = wb.interrupt_handle();
    interrupt.store(false, Ordering::Relaxed);
    let run = wb.state.theories[index]
        .run_mut::<HybridRun>()
        .ok_or_else(|| CommandError::Internal("the hybrid run went missing".into()))?;
    let engine = &mut run.engine;
    if let Some(outcome) = &engine.outcome {
        writeln!(
            out,
            "the run is over: {} (`step --restart` starts again)",
            outcome_text(outcome, engine)
        )?;
        return Ok(Control::Continue);
    }
    engine.restart_stopwatch();
    let system = content.system.clone();
    let mut taken = 0u64;
    while words.count.is_none_or(|n| taken < n) && engine.outcome.is_none() {
        if interrupt.load(Ordering::Relaxed) {
            writeln!(out, "interrupted after {}", counted(taken as usize, "round"))?;
            break;
        }
        let round = engine.stats.rounds + 1;
        // A region removed in the round keeps its mode in what the round printed.
        let before = modes_of(engine);
        let events = engine.step();
        let mut modes = modes_of(engine);
        for (now, was) in modes.iter_mut().zip(before) {
            *now = now.or(was);
        }
        taken += 1;
        if words.count.is_some() {
            writeln!(out, "round {round}:")?;
        }
        // `step all` prints the verdict alone; `step N` every event of each round.
        for event in &events {
            if words.count.is_some() || matches!(event, Event::Verdict(_)) {
                writeln!(out, "{}", event_text(event, &system, engine, &modes))?;
            }
        }
    }
    if engine.outcome.is_none() {
        let s = &engine.stats;
        writeln!(
            out,
            "after {}: {}, L has {} (`step` continues)",
            counted(s.rounds, "round"),
            counted(s.splits, "split"),
            counted(engine.language.dfa.size(), "state")
        )?;
    } else {
        let s = &engine.stats;
        writeln!(
            out,
            "{} rounds, {}, peak DFA {}, words removed: {} prefix, {} suffix, {} midfix; \
             {} don't-know; regions pruned {}, removed {}; oracle {} questions, {} prunings",
            s.rounds,
            counted(s.splits, "split"),
            counted(s.peak_dfa_size, "state"),
            s.prefixes_removed,
            s.suffixes_removed,
            s.midfixes_removed,
            s.dont_know,
            s.regions_pruned,
            s.regions_removed,
            s.oracle.questions,
            s.oracle.prunings
        )?;
    }
    Ok(Control::Continue)
}

/// `r3`.
fn symbol_name(symbol: Symbol) -> String {
    format!("r{symbol}")
}

/// `[0, 1] x [0.5, 1]`.
pub fn box_text(space: &[Interval]) -> String {
    if space.is_empty() {
        return "(no box)".into();
    }
    space.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(" x ")
}

/// `r3 (m1: x1 in [0, 1], x2 in [0, 0.5])`.
fn region_text(symbol: Symbol, region: &Region, system: &HybridSystem) -> String {
    format!("{} ({})", symbol_name(symbol), region.describe(system))
}

/// The pattern `w Ω*`, `Ω* w` or `Ω* w Ω*`.
fn pattern_text(word: &[Symbol], position: Position) -> String {
    let w: Vec<String> = word.iter().map(|&s| symbol_name(s)).collect();
    let w = w.join(" ");
    match position {
        Position::Prefix => format!("{w} Ω*"),
        Position::Suffix => format!("Ω* {w}"),
        Position::Factor => format!("Ω* {w} Ω*"),
    }
}

/// The mode of every symbol's region, `None` for a region removed.
fn modes_of(engine: &Engine) -> Vec<Option<usize>> {
    engine.oracle.regions.regions.iter().map(|r| r.as_ref().map(|r| r.mode)).collect()
}

fn mode_of(modes: &[Option<usize>], symbol: Symbol, system: &HybridSystem) -> String {
    modes
        .get(symbol as usize)
        .copied()
        .flatten()
        .map_or_else(|| "?".into(), |m| system.modes[m].clone())
}

/// The constraint a refutation emptied, in the paper's names.
fn refuted_text(
    refutation: &Refutation,
    position: Position,
    system: &HybridSystem,
    modes: &[Option<usize>],
) -> String {
    let mode = |s: Symbol| mode_of(modes, s, system);
    let constraint = match &refutation.refuted {
        Refuted::Start { region } => {
            format!("Init({}) ∧ flow({})", mode(*region), symbol_name(*region))
        }
        Refuted::Step { from, to, into_unsafe } => {
            let (m, n) = (mode(*from), mode(*to));
            let mut branches = Vec::new();
            if m == n {
                branches.push(format!("flow({})", symbol_name(*to)));
            }
            let index = |s: Symbol| modes.get(s as usize).copied().flatten();
            if let (Some(a), Some(b)) = (index(*from), index(*to))
                && system.jump_between(a, b) != Constraint::False
            {
                branches.push(format!("Jump({m}→{n}) ∧ flow({})", symbol_name(*to)));
            }
            let unsafe_part =
                if *into_unsafe { format!(" ∧ Unsafe({n})") } else { String::new() };
            let step = match branches.len() {
                0 => format!("no flow or jump from {m} to {n}"),
                1 => format!("{}{unsafe_part}", branches.remove(0)),
                _ => format!("({}){unsafe_part}", branches.join(" ∨ ")),
            };
            format!("step {} → {}: {step}", symbol_name(*from), symbol_name(*to))
        }
        Refuted::Unsafe { region } => {
            format!("Unsafe({}) in {}", mode(*region), symbol_name(*region))
        }
        Refuted::Joint => match position {
            Position::Prefix => "Init ∧ reach(w), the whole word's constraint".into(),
            Position::Suffix => "reach(w) ∧ Unsafe, the whole word's constraint".into(),
            Position::Factor => "reach(w), the whole word's constraint".into(),
        },
        Refuted::Linear => {
            let what = match position {
                Position::Prefix => "Init ∧ reach(w)",
                Position::Suffix => "reach(w) ∧ Unsafe",
                Position::Factor => "reach(w)",
            };
            return format!("{what}, the word's linear relaxation, refuted by the simplex");
        }
        Refuted::Gone => return "a region of the word is gone".into(),
    };
    format!("{constraint}, empty over {}", box_text(&refutation.space))
}

/// One event as `step` prints it.
fn event_text(
    event: &Event,
    system: &HybridSystem,
    engine: &Engine,
    modes: &[Option<usize>],
) -> String {
    match event {
        Event::Removed { word, position, refutation } => {
            let kind = match position {
                Position::Prefix => 'p',
                Position::Suffix => 's',
                Position::Factor => 'm',
            };
            let why = refutation.as_ref().map_or_else(
                || "the oracle gave no reason".to_string(),
                |r| refuted_text(r, *position, system, modes),
            );
            format!("  removed {} ({kind}-spurious): {why}", pattern_text(word, *position))
        }
        Event::DontKnow { word } => {
            let w: Vec<String> = word.iter().map(|&s| symbol_name(s)).collect();
            format!("  don't know: {} (not refuted; its factors are skipped)", w.join(" "))
        }
        Event::Split { symbol, before, lower, upper, fresh } => {
            let side = before
                .iter()
                .zip(lower)
                .position(|(a, b)| a != b)
                .and_then(|i| system.variables.get(i))
                .map_or_else(|| "?".to_string(), |n| n.clone());
            format!(
                "  split {} ({}: {}) on {side}: {} = {}, fresh {} = {}",
                symbol_name(*symbol),
                mode_of(modes, *symbol, system),
                box_text(before),
                symbol_name(*symbol),
                box_text(lower),
                symbol_name(*fresh),
                box_text(upper)
            )
        }
        Event::Pruned { symbol, before, after } => format!(
            "  pruned {} ({}): {} to {}",
            symbol_name(*symbol),
            mode_of(modes, *symbol, system),
            box_text(before),
            box_text(after)
        ),
        Event::RegionRemoved { symbol, space } => format!(
            "  region {} removed ({}): no word of L reaches it",
            symbol_name(*symbol),
            box_text(space)
        ),
        Event::Verdict(outcome) => outcome_text(outcome, engine),
    }
}

fn outcome_text(outcome: &Outcome, engine: &Engine) -> String {
    match outcome {
        Outcome::Safe => format!(
            "SAFE: the language is empty ({} left); no trajectory from an initial to an \
             unsafe state",
            counted(engine.regions().len(), "region")
        ),
        Outcome::Unknown(why) => {
            format!("UNKNOWN: {why} (the method never proves a system unsafe)")
        }
    }
}

/// The views `show` offers on a hybrid system's run.
pub const SHOW_VIEWS: &[&str] = &["language", "regions", "graph"];

/// How many words `show language` lists at most.
const WORDS_SHOWN: usize = 40;

/// `show language|regions|graph` on the run of the hybrid system loaded last.
pub(crate) fn show(wb: &Workbench, view: &str, out: &mut dyn Write) -> CommandResult {
    let (index, content) = current(wb)?;
    let engine = engine_of(&wb.state.theories[index], &content);
    let system = &content.system;
    let dfa = flushed(&engine);
    let in_language = symbols_in(&dfa);
    match view {
        "language" => {
            let maxlen = engine.options.maxlen;
            writeln!(
                out,
                "language: minimal DFA of {} over {} (peak {})",
                counted(dfa.size(), "live state"),
                counted(dfa.alphabet, "symbol"),
                engine.stats.peak_dfa_size.max(dfa.size())
            )?;
            if dfa.is_empty() {
                writeln!(out, "empty: no abstract counterexample is left")?;
                return Ok(Control::Continue);
            }
            // L is closed under contraction (ext), so the contracted words stand for all.
            let words: Vec<Vec<Symbol>> =
                dfa.words_up_to(maxlen).into_iter().filter(|w| is_contracted(w)).collect();
            writeln!(out, "contracted words up to length {maxlen}: {}", words.len())?;
            for word in words.iter().take(WORDS_SHOWN) {
                let w: Vec<String> = word.iter().map(|&s| symbol_name(s)).collect();
                writeln!(out, "  {}", w.join(" "))?;
            }
            if words.len() > WORDS_SHOWN {
                writeln!(out, "  ... and {} more", words.len() - WORDS_SHOWN)?;
            }
        }
        "regions" => {
            let regions = engine.regions();
            writeln!(out, "{} ({} in L):", counted(regions.len(), "region"), in_language.len())?;
            for (symbol, region) in regions {
                let mark = if in_language.contains(&symbol) { "in L" } else { "not in L" };
                writeln!(out, "  {} [{mark}]", region_text(symbol, region, system))?;
            }
        }
        "graph" => {
            let graph = induced_graph(&dfa, &in_language);
            writeln!(
                out,
                "T_L: {} and {} (the pairs ab that are factors of words of L)",
                counted(in_language.len(), "node"),
                counted(graph.edges.len(), "edge")
            )?;
            for &s in &in_language {
                let targets: Vec<String> = graph
                    .edges
                    .iter()
                    .filter(|(a, _)| *a == s)
                    .map(|&(_, b)| symbol_name(b))
                    .collect();
                let mut marks = Vec::new();
                if graph.initial.contains(&s) {
                    marks.push("initial");
                }
                if graph.last.contains(&s) {
                    marks.push("unsafe");
                }
                let marks = if marks.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", marks.join(", "))
                };
                let targets = if targets.is_empty() { "-".to_string() } else { targets.join(", ") };
                writeln!(out, "  {}{marks} -> {targets}", symbol_name(s))?;
            }
        }
        other => {
            return Err(CommandError::Refused(format!(
                "no view `{other}` of a hybrid system (one of: {})",
                SHOW_VIEWS.join(", ")
            )));
        }
    }
    Ok(Control::Continue)
}

/// The run's DFA with the listed m-spurious words applied.
fn flushed(engine: &Engine) -> Dfa {
    let mut language = engine.language.clone();
    language.flush();
    language.dfa
}

/// The symbols occurring in some word of the language, in order.
fn symbols_in(dfa: &Dfa) -> Vec<Symbol> {
    dfa.words_at(1, Position::Factor).into_iter().filter_map(|w| w.first().copied()).collect()
}

/// `T_L`, the transition graph the language induces: an edge `a → b` (a ≠ b) when `ab` is a
/// factor of a word of `L`; initial the first letters of its words, unsafe the last ones.
struct InducedGraph {
    edges: Vec<(Symbol, Symbol)>,
    initial: Vec<Symbol>,
    last: Vec<Symbol>,
}

fn induced_graph(dfa: &Dfa, symbols: &[Symbol]) -> InducedGraph {
    let edges = dfa
        .words_at(2, Position::Factor)
        .into_iter()
        .filter(|w| w[0] != w[1])
        .map(|w| (w[0], w[1]))
        .collect();
    let firsts = |position: Position| -> Vec<Symbol> {
        symbols.iter().copied().filter(|&s| dfa.has_pattern(&[s], position)).collect()
    };
    InducedGraph { edges, initial: firsts(Position::Prefix), last: firsts(Position::Suffix) }
}

/// Escapes a label for DOT.
fn dot_label(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `dot FILE [language|graph]`: the DFA of `L` and `T_L` (both, as two clusters, without a
/// word; one with it).
fn dot_graph(engine: &Engine, words: &[String]) -> Result<Graph, CommandError> {
    let (language, graph) = match words {
        [] => (true, true),
        [w] if w == "language" => (true, false),
        [w] if w == "graph" => (false, true),
        _ => {
            return Err(CommandError::Refused(
                "on a hybrid system: dot FILE [language|graph]".into(),
            ));
        }
    };
    let system = engine.system.clone();
    let dfa = flushed(engine);
    let mut text = String::from("digraph hybrid {\n  rankdir=LR;\n  node [fontsize=10];\n");
    if language {
        let live = dfa.live_states();
        text.push_str(
            "  subgraph cluster_language {\n    label=\"the language L (minimal DFA)\";\n",
        );
        text.push_str("    start [shape=point];\n");
        for (q, &alive) in live.iter().enumerate() {
            if !alive {
                continue;
            }
            let shape = if dfa.accepting[q] { "doublecircle" } else { "circle" };
            let _ = writeln!(text, "    q{q} [shape={shape}, label=\"{q}\"];");
        }
        if live[dfa.start as usize] {
            let _ = writeln!(text, "    start -> q{};", dfa.start);
        } else {
            text.push_str(
                "    empty [shape=plaintext, label=\"L is empty\"];\n    start -> empty;\n",
            );
        }
        for (q, row) in dfa.next.iter().enumerate() {
            if !live[q] {
                continue;
            }
            // One edge a target, labelled with every symbol leading there.
            let mut by_target: std::collections::BTreeMap<u32, Vec<String>> = Default::default();
            for (a, &t) in row.iter().enumerate() {
                if live[t as usize] {
                    by_target.entry(t).or_default().push(symbol_name(a as Symbol));
                }
            }
            for (t, labels) in by_target {
                let _ = writeln!(text, "    q{q} -> q{t} [label=\"{}\"];", labels.join(","));
            }
        }
        text.push_str("  }\n");
    }
    if graph {
        let symbols = symbols_in(&dfa);
        let induced = induced_graph(&dfa, &symbols);
        text.push_str(
            "  subgraph cluster_graph {\n    label=\"T_L, the induced transition graph\";\n",
        );
        for &s in &symbols {
            let Some(region) = engine.oracle.regions.get(s) else { continue };
            let mut style = Vec::new();
            if induced.initial.contains(&s) {
                style.push("bold");
            }
            if induced.last.contains(&s) {
                style.push("filled");
            }
            let label = format!("{}\\n{}", symbol_name(s), dot_label(&region.describe(&system)));
            let _ = writeln!(
                text,
                "    {} [shape=box, label=\"{label}\"{}{}];",
                symbol_name(s),
                if style.is_empty() {
                    String::new()
                } else {
                    format!(", style=\"{}\"", style.join(","))
                },
                if induced.last.contains(&s) { ", fillcolor=\"#f4c2c2\"" } else { "" }
            );
        }
        for (a, b) in &induced.edges {
            let _ = writeln!(text, "    {} -> {};", symbol_name(*a), symbol_name(*b));
        }
        text.push_str("  }\n");
    }
    text.push_str("}\n");
    let what = match (language, graph) {
        (true, true) => "the language's DFA and its induced transition graph T_L",
        (true, false) => "the language's DFA",
        _ => "the induced transition graph T_L",
    };
    Ok(Graph { text, what: what.to_string() })
}

/// `plot FILE.svg X Y`: an SVG drawing, one panel a mode, of the run's regions projected on the
/// variables `x` and `y`: a region still in `L` shaded red, one out of `L` green, the space no
/// region covers (pruned or removed) white; the initial and unsafe sets outlined (the hull
/// that pruning their constraint over the mode's box leaves, an over-approximation).
pub(crate) fn plot(
    wb: &Workbench,
    path: &str,
    x: &str,
    y: &str,
    out: &mut dyn Write,
) -> CommandResult {
    if !path.ends_with(".svg") {
        return Err(CommandError::Refused(format!(
            "plot writes an SVG file (FILE.svg), got {path}"
        )));
    }
    let (index, content) = current(wb)?;
    let system = &content.system;
    let variable = |name: &str| {
        system.variables.iter().position(|v| v == name).ok_or_else(|| {
            CommandError::Refused(format!(
                "no variable `{name}` in {} (its variables: {})",
                wb.state.theories[index].path,
                system.variables.join(", ")
            ))
        })
    };
    let (xi, yi) = (variable(x)?, variable(y)?);
    let engine = engine_of(&wb.state.theories[index], &content);
    let dfa = flushed(&engine);
    let in_language = symbols_in(&dfa);
    let svg = plot_svg(system, &engine, &in_language, xi, yi);
    crate::session::write_atomic(Path::new(path), svg.as_bytes())
        .map_err(|e| CommandError::Internal(format!("cannot write {path}: {e}")))?;
    writeln!(
        out,
        "wrote a plot of {} over {x} and {y} ({}) to {path}",
        counted(engine.regions().len(), "region"),
        counted(system.modes.len(), "mode")
    )?;
    Ok(Control::Continue)
}

const PANEL: f64 = 240.0;
const MARGIN: f64 = 40.0;

/// The hull of `constraint`'s states within `space` (`None` when pruning empties it).
fn hull_of(constraint: &Constraint, space: &IntervalBox) -> Option<IntervalBox> {
    let placed = constraint.rename(&|v| match v {
        Variable::State(i) => Variable::Slot(i),
        other => other,
    });
    prune(&placed, space)
}

fn number(v: f64) -> String {
    // Two decimals are enough for a drawing and keep the text the same everywhere.
    let text = format!("{v:.2}");
    if text == "-0.00" { "0.00".into() } else { text }
}

fn plot_svg(
    system: &HybridSystem,
    engine: &Engine,
    in_language: &[Symbol],
    xi: usize,
    yi: usize,
) -> String {
    let modes = system.modes.len();
    let width = MARGIN + modes as f64 * (PANEL + MARGIN);
    let height = PANEL + 2.5 * MARGIN;
    let (xs, ys) = (system.intervals[xi], system.intervals[yi]);
    let scale = |i: Interval, v: f64| {
        let w = i.hi - i.lo;
        if w > 0.0 { (v - i.lo) / w * PANEL } else { PANEL / 2.0 }
    };
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" \
         font-family=\"sans-serif\" font-size=\"11\">",
        number(width),
        number(height)
    );
    let _ = writeln!(
        svg,
        "<title>regions over {} and {}: red still in L, green out of L, white pruned or \
         removed; blue outline initial, red outline unsafe</title>",
        system.variables[xi], system.variables[yi]
    );
    for (mode, name) in system.modes.iter().enumerate() {
        let left = MARGIN + mode as f64 * (PANEL + MARGIN);
        let top = 1.5 * MARGIN;
        // Screen y grows downwards, the variable's upwards.
        let rect = |b: &[Interval]| {
            let (x0, x1) = (left + scale(xs, b[xi].lo), left + scale(xs, b[xi].hi));
            let (y0, y1) = (top + PANEL - scale(ys, b[yi].hi), top + PANEL - scale(ys, b[yi].lo));
            // A flat set (a point, a line) is drawn 4 pixels wide so it shows.
            let (x0, x1) = if x1 - x0 < 4.0 {
                ((x0 + x1) / 2.0 - 2.0, (x0 + x1) / 2.0 + 2.0)
            } else {
                (x0, x1)
            };
            let (y0, y1) = if y1 - y0 < 4.0 {
                ((y0 + y1) / 2.0 - 2.0, (y0 + y1) / 2.0 + 2.0)
            } else {
                (y0, y1)
            };
            format!(
                "x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
                number(x0),
                number(y0),
                number(x1 - x0),
                number(y1 - y0)
            )
        };
        let _ = writeln!(svg, "<g class=\"mode\" id=\"mode-{name}\">");
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\">mode {name}</text>",
            number(left),
            number(top - 8.0)
        );
        let _ = writeln!(
            svg,
            "<rect class=\"space\" {} fill=\"white\" stroke=\"black\"/>",
            rect(&system.intervals)
        );
        for (symbol, region) in engine.regions() {
            if region.mode != mode {
                continue;
            }
            let (class, fill) = if in_language.contains(&symbol) {
                ("in-language", "#f4a6a6")
            } else {
                ("out-of-language", "#c8e6c8")
            };
            let _ = writeln!(
                svg,
                "<rect class=\"region {class}\" {} fill=\"{fill}\" stroke=\"#555555\" \
                 stroke-width=\"0.5\"><title>{} {}</title></rect>",
                rect(&region.space),
                symbol_name(symbol),
                box_text(&region.space)
            );
        }
        let marks = [
            ("initial", system.init.get(mode), "blue"),
            ("unsafe", system.unsafe_states.get(mode), "red"),
        ];
        for (class, constraint, colour) in marks {
            let Some(constraint) = constraint else { continue };
            if let Some(hull) = hull_of(constraint, &system.intervals) {
                let _ = writeln!(
                    svg,
                    "<rect class=\"{class}\" {} fill=\"none\" stroke=\"{colour}\" \
                     stroke-width=\"2\" stroke-dasharray=\"4 2\"><title>{class}: {}</title></rect>",
                    rect(&hull),
                    box_text(&hull)
                );
            }
        }
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\">{} {}..{}</text>",
            number(left),
            number(top + PANEL + 16.0),
            system.variables[xi],
            xs.lo,
            xs.hi
        );
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\">{} {}..{}</text>",
            number(left),
            number(top + PANEL + 30.0),
            system.variables[yi],
            ys.lo,
            ys.hi
        );
        let _ = writeln!(svg, "</g>");
    }
    svg.push_str("</svg>\n");
    svg
}
