//! The language domain: language-based abstraction refinement (Klaedtke, Ratschan and She,
//! VMCAI 2007) on the inlined graph, the third domain of `craig cegar` beside IMPACT and
//! predicate abstraction.
//!
//! A symbol is a location of the graph with a region of its states (a formula over the
//! program's variables); every location starts with one symbol, region `True`. The abstraction
//! is a regular language `L` of symbol words, a minimal DFA ([`crate::automata::dfa`]), that
//! holds the word of every run into an error location. It starts as the words that start at
//! the start location, end at an error location and follow the graph's edges (the paper's
//! `Ω+` without the p-spurious prefixes, the s-spurious suffixes and the factors `ab` that no
//! edge joins, built directly rather than by removing each pattern). Each step takes the
//! shortest word of `L` (least in symbol order among the shortest):
//!
//! 1. its concrete path formula (every choice of edges between its locations, no region
//!    assumed) satisfiable gives inputs, replayed by the interpreter before `UNSAFE` is said;
//! 2. else a factor of length `2..=maxlen` whose path formula under its regions is
//!    unsatisfiable for every edge choice (m-spurious) is removed, the shortest and leftmost
//!    first, as the pattern `Ω* w Ω*`: every word through those regions goes at once, with no
//!    region split (the paper's point);
//! 3. else the regions of the word's symbols are split by the sequence interpolants of its
//!    infeasible path (a region `R` split by `I` keeps `R ∧ I` and gives `R ∧ ¬I` to a fresh
//!    symbol, `L` renamed by `L^{a→b}` so that the fresh symbol has every word the old one
//!    had); after the split, the words along the same edges through the split symbols have an
//!    m-spurious factor of length two (where they leave the interpolants' regions), which the
//!    next steps remove. When no region splits properly, the word itself is removed (its
//!    formula is unsatisfiable by step 1).
//!
//! Every removal rests on an unsatisfiable answer of the SMT core; a word the core gives up
//! on is set aside from the search (the paper's don't-know set) and the run can then no longer
//! end `SAFE`. The m-spurious words are asked for lazily, only among the factors of the word
//! at hand, rather than all words up to `maxlen` at once.
//!
//! A counterexample through a recursive call the graph cut that does not replay makes the
//! engine start again on a graph with recursion unrolled twice as deep (as IMPACT does; no
//! summaries are inferred).
//!
//! `SAFE` is said only after an independent certificate ([`LanguageEngine::check_certificate`]):
//! the regions at each location cover its states; each removed pattern is unsatisfiable again
//! by a fresh SMT query, every symbol renamed from a pattern's symbol since the removal has a
//! region inside the recorded one; and the graph's words from the start to an error location
//! over the final symbols, minus every removed pattern (its symbols widened to their renamed
//! descendants), rebuilt from scratch, are empty. A run of the graph to an error has, state by
//! state, a region word among those (coverage); it lies in no pattern (its states would satisfy
//! the pattern's formula); so no such run exists.

use std::collections::{BTreeMap, BTreeSet};

use rug::Integer;

use super::certificate::check_inductive_except;
use super::flat::Flat;
use super::formula::Pred;
use super::path::{self, PathFormula, Solved};
use super::{
    FIRST_UNROLLING, Limits, RefineError, Replayed, Seeding, Verdict, deeper_unrolling,
    function_named, replay, seeds_of, time_limit_reason,
};
use crate::automata::dfa::{Dfa, Symbol};
use crate::ir::{ProcId, Program};
use crate::smt::{Deadline, SmtStats};
use crate::syntax::clock::Stopwatch;

/// The longest factor checked for m-spuriousness by default (`--maxlen`).
pub const DEFAULT_MAXLEN: usize = 3;

/// At most this many edge choices per word (the product of the parallel edges between its
/// consecutive locations); a word with more is not decided (so never removed).
const MAX_EDGE_CHOICES: usize = 64;

/// A symbol of the alphabet: a location and a region of its states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionSymbol {
    /// The location of the inlined graph.
    pub location: usize,
    /// The region: a formula over the program's variables.
    pub region: Pred,
    /// The symbol it was split from, if any.
    pub parent: Option<Symbol>,
}

/// A pattern `Ω* w Ω*` removed from the language, with what its removal rests on.
#[derive(Clone, Debug)]
pub struct Removal {
    /// The step that made it.
    pub step: usize,
    /// The factor `w`.
    pub word: Vec<Symbol>,
    /// The regions of its symbols when it was removed (its formula's assumptions).
    pub regions: Vec<Pred>,
    /// The size of the alphabet then: a symbol renamed later from one of `word`'s stands for it.
    pub alphabet: usize,
    /// The shortest word of the language it refuted.
    pub refuted: Vec<Symbol>,
}

/// A region split: a symbol's region `R` became `R ∧ by`, a fresh symbol got `R ∧ ¬by`.
#[derive(Clone, Debug)]
pub struct Split {
    /// The step that made it.
    pub step: usize,
    /// The symbol split (it keeps `R ∧ by`).
    pub symbol: Symbol,
    /// The fresh symbol (`R ∧ ¬by`).
    pub fresh: Symbol,
    /// The interpolant it was split by.
    pub by: Pred,
}

/// What one step did.
#[derive(Clone, Debug)]
pub enum LanguageStep {
    /// A pattern was removed; the index into [`LanguageEngine::removals`].
    Removed(usize),
    /// Regions were split along an infeasible word; the indices into
    /// [`LanguageEngine::splits`].
    Split {
        /// The word.
        word: Vec<Symbol>,
        /// The splits made.
        splits: Vec<usize>,
        /// The patterns removed right after, indices into [`LanguageEngine::removals`]: the
        /// m-spurious factors of two symbols along the word's edges between the split symbols.
        removed: Vec<usize>,
    },
    /// A word was set aside undecided (the SMT core gave up, or its inputs did not replay).
    SetAside {
        /// The word.
        word: Vec<Symbol>,
        /// Why.
        reason: String,
    },
    /// A counterexample ran through a recursive call the graph cut and did not replay: the
    /// engine started again on a graph with recursion unrolled `unrolling` times (the counters
    /// count on; symbols, language, removals and splits start afresh).
    Deepened {
        /// The new unrolling.
        unrolling: usize,
        /// Why the counterexample did not replay.
        reason: String,
    },
    /// The run ended.
    Finished(Verdict),
}

/// Counters of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LanguageCounters {
    /// Steps taken.
    pub steps: usize,
    /// Words found spurious (each gave a removal or splits).
    pub refinements: usize,
    /// Patterns removed.
    pub removed: usize,
    /// Region splits.
    pub splits: usize,
    /// Symbols now.
    pub symbols: usize,
    /// The largest DFA of the run, in states.
    pub dfa_peak: usize,
    /// Words set aside undecided.
    pub set_aside: usize,
    /// Times the recursion was unrolled deeper.
    pub deepenings: usize,
    /// SMT calls (the certificate's included).
    pub smt_calls: usize,
}

/// The language-based refinement engine on one procedure.
pub struct LanguageEngine {
    program: Program,
    procedure: ProcId,
    /// The inlined graph.
    pub flat: Flat,
    maxlen: usize,
    /// Per location, an inductive invariant every factor's formula assumes: what abstract
    /// interpretation found ([`super::absint`]), confirmed inductive edge by edge, `True` at
    /// error locations; `True` everywhere without it.
    known: Vec<Pred>,
    /// Whether invariants from abstract interpretation were asked for (kept to start again on
    /// a deeper unrolling).
    invariants: bool,
    seeding: Seeding,
    limits: Limits,
    started: Stopwatch,
    symbols: Vec<RegionSymbol>,
    /// The search language: `L` without the words set aside.
    language: Dfa,
    removals: Vec<Removal>,
    splits: Vec<Split>,
    /// Why each word set aside was.
    set_aside: Vec<String>,
    /// Factors known satisfiable under the symbols' current regions (a split narrows a
    /// region, so the factors through a split symbol are forgotten).
    feasible: BTreeSet<Vec<Symbol>>,
    counters: LanguageCounters,
    stats: SmtStats,
    verdict: Option<Verdict>,
}

impl LanguageEngine {
    /// An engine on `function` of `program` checking factors up to `maxlen` symbols (at least
    /// two), or why the function cannot be analysed.
    pub fn new(
        program: &Program,
        function: &str,
        limits: Limits,
        maxlen: usize,
        invariants: bool,
    ) -> Result<LanguageEngine, RefineError> {
        let procedure = function_named(program, function)?;
        let flat = Flat::build(program, procedure, FIRST_UNROLLING)?;
        let mut stats = SmtStats::default();
        let mut smt_calls = 0;
        let (known, seeding) = assumed_invariants(&flat, invariants, &mut stats, &mut smt_calls)?;
        let symbols: Vec<RegionSymbol> = (0..flat.locations.len())
            .map(|location| RegionSymbol { location, region: Pred::True, parent: None })
            .collect();
        let language = graph_language(&flat, &symbols);
        let counters = LanguageCounters {
            smt_calls,
            symbols: symbols.len(),
            dfa_peak: language.size(),
            ..LanguageCounters::default()
        };
        let started = Stopwatch::start(limits.clock);
        Ok(LanguageEngine {
            program: program.clone(),
            procedure,
            flat,
            maxlen: maxlen.max(2),
            invariants,
            known,
            seeding,
            limits,
            started,
            symbols,
            language,
            removals: Vec::new(),
            splits: Vec::new(),
            set_aside: Vec::new(),
            feasible: BTreeSet::new(),
            counters,
            stats,
            verdict: None,
        })
    }

    /// The symbols, indexed by symbol.
    pub fn symbols(&self) -> &[RegionSymbol] {
        &self.symbols
    }

    /// The patterns removed, in order.
    pub fn removals(&self) -> &[Removal] {
        &self.removals
    }

    /// The splits made, in order.
    pub fn splits(&self) -> &[Split] {
        &self.splits
    }

    /// The language now (the words set aside excluded).
    pub fn language(&self) -> &Dfa {
        &self.language
    }

    /// The counters now.
    pub fn counters(&self) -> LanguageCounters {
        let mut c = self.counters.clone();
        c.symbols = self.symbols.len();
        c.removed = self.removals.len();
        c.splits = self.splits.len();
        c.set_aside = self.set_aside.len();
        c
    }

    /// Whether and how the factors assume invariants from abstract interpretation.
    pub fn seeding(&self) -> &Seeding {
        &self.seeding
    }

    /// The longest factor checked for m-spuriousness.
    pub fn maxlen(&self) -> usize {
        self.maxlen
    }

    /// The verdict, once the run has ended.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// How a symbol reads: `s4@main:l3`.
    pub fn symbol_name(&self, s: Symbol) -> String {
        format!("s{s}@{}", self.flat.locations[self.symbols[s as usize].location].name)
    }

    /// How a word reads: its symbols' names, space-separated.
    pub fn word_text(&self, word: &[Symbol]) -> String {
        word.iter().map(|&s| self.symbol_name(s)).collect::<Vec<_>>().join(" ")
    }

    /// A region as the user reads it.
    pub fn region_text(&self, region: &Pred) -> String {
        region.show(&|v| self.flat.variable_name(v))
    }

    /// A step's report in words, one line per fact.
    pub fn describe(&self, step: &LanguageStep) -> Vec<String> {
        match step {
            LanguageStep::Removed(i) => {
                let r = &self.removals[*i];
                vec![format!(
                    "removed the m-spurious pattern Ω* {} Ω* (its path formula under the \
                     regions is unsatisfiable), refuting the word {}",
                    self.word_text(&r.word),
                    self.word_text(&r.refuted)
                )]
            }
            LanguageStep::Split { word, splits, removed } => {
                let mut lines = vec![format!(
                    "the word {} is infeasible with no m-spurious factor up to {} symbols: \
                     regions split by its interpolants",
                    self.word_text(word),
                    self.maxlen
                )];
                for &i in splits {
                    let s = &self.splits[i];
                    lines.push(format!(
                        "  split {} by {}: fresh {} (the negation)",
                        self.symbol_name(s.symbol),
                        self.region_text(&s.by),
                        self.symbol_name(s.fresh)
                    ));
                }
                for &i in removed {
                    lines.push(format!(
                        "  removed the m-spurious pattern Ω* {} Ω*",
                        self.word_text(&self.removals[i].word)
                    ));
                }
                lines
            }
            LanguageStep::SetAside { word, reason } => {
                vec![format!("set aside the word {}: {reason}", self.word_text(word))]
            }
            LanguageStep::Deepened { unrolling, reason } => vec![format!(
                "a counterexample ran through a recursive call the graph cut and did not replay \
                 ({reason}): started again with recursion unrolled {unrolling} times"
            )],
            LanguageStep::Finished(_) => Vec::new(),
        }
    }

    /// Steps until the run ends; the verdict.
    pub fn run(&mut self) -> Verdict {
        loop {
            if let LanguageStep::Finished(v) = self.step() {
                return v;
            }
        }
    }

    /// One step: a word of the language checked, and a removal, splits, a set-aside word or
    /// the end of the run.
    pub fn step(&mut self) -> LanguageStep {
        if let Some(v) = &self.verdict {
            return LanguageStep::Finished(v.clone());
        }
        if let Some(reason) =
            self.limits.reached(self.counters.steps, ("symbol", self.symbols.len()), &self.started)
        {
            return self.finish(Verdict::Unknown(reason));
        }
        self.counters.steps += 1;
        match self.advance() {
            Ok(step) => step,
            Err(e) => {
                let reason = self.limits.ended_by(&e, &self.started);
                self.finish(Verdict::Unknown(reason))
            }
        }
    }

    /// Ends the run because a time limit measured outside the engine was reached.
    pub fn stop_at_time_limit(&mut self, limit: std::time::Duration) -> LanguageStep {
        if let Some(v) = &self.verdict {
            return LanguageStep::Finished(v.clone());
        }
        self.finish(Verdict::Unknown(time_limit_reason(limit, self.limits.clock)))
    }

    /// The time limit or an interruption, checked inside a step as well (a step on a long
    /// word asks many factors), worded as between steps.
    fn interrupted(&self) -> Option<String> {
        self.limits.time_or_cancel(&self.started)
    }

    fn finish(&mut self, verdict: Verdict) -> LanguageStep {
        self.verdict = Some(verdict.clone());
        LanguageStep::Finished(verdict)
    }

    fn set_language(&mut self, language: Dfa) {
        self.counters.dfa_peak = self.counters.dfa_peak.max(language.size());
        self.language = language;
    }

    fn locations_of(&self, word: &[Symbol]) -> Vec<usize> {
        word.iter().map(|&s| self.symbols[s as usize].location).collect()
    }

    fn advance(&mut self) -> Result<LanguageStep, RefineError> {
        let Some(word) = self.language.shortest_word() else {
            return Ok(self.conclude());
        };
        let locations = self.locations_of(&word);
        let n = word.len();
        let splits = self.limits.path_splits();
        // 1. The concrete path: a real counterexample, once replayed.
        let unconstrained = vec![Pred::True; n];
        let decided = decide(
            &self.flat,
            &locations,
            &unconstrained,
            (&mut self.stats, &mut self.counters.smt_calls),
            splits,
            &self.limits.deadline(&self.started),
        );
        let choices = match decided {
            Ok(Decided::Feasible { formula, values, edges }) => {
                let inputs: Vec<Integer> = formula
                    .inputs
                    .iter()
                    .map(|s| s.map_or_else(Integer::new, |s| values[s].clone()))
                    .collect();
                let error = locations[n - 1];
                let through_cut = self.flat.passes_cut(&edges);
                let path = std::iter::once(locations[0])
                    .chain(edges.iter().map(|&e| self.flat.edges[e].to))
                    .collect();
                return match replay(&self.program, self.procedure, &self.flat, error, inputs, path)
                {
                    Replayed::Verdict(verdict) => Ok(self.finish(verdict)),
                    Replayed::Unconfirmed(reason) if through_cut => match self.deepen()? {
                        Ok(unrolling) => Ok(LanguageStep::Deepened { unrolling, reason }),
                        Err(why) => Ok(self.set_aside(word, format!("{reason} ({why})"))),
                    },
                    Replayed::Unconfirmed(reason) => Ok(self.set_aside(word, reason)),
                };
            }
            Ok(Decided::Infeasible(choices)) => choices,
            Err(RefineError::Incomplete(why) | RefineError::Unsupported(why)) => {
                return Ok(self.set_aside(word, format!("the SMT core gave up deciding it: {why}")));
            }
            Err(other) => return Err(other),
        };
        self.counters.refinements += 1;
        // 2. A short m-spurious factor under the regions: removed without a split.
        for length in 2..=self.maxlen.min(n) {
            if let Some(reason) = self.interrupted() {
                return Ok(self.finish(Verdict::Unknown(reason)));
            }
            for start in 0..=n - length {
                let factor = &word[start..start + length];
                if self.spurious(factor)? {
                    let index = self.remove(factor.to_vec(), word.clone());
                    return Ok(LanguageStep::Removed(index));
                }
            }
        }
        // 3. Split the word's regions by the interpolants of each edge choice.
        let mut cuts: Vec<(usize, Pred)> = Vec::new();
        for edges in &choices {
            let formula = PathFormula::encode(&self.flat, edges);
            self.counters.smt_calls += 1;
            let deadline = self.limits.deadline(&self.started);
            match path::interpolate(&self.flat, &formula, &mut self.stats, &deadline) {
                Ok(interpolants) => {
                    // Interpolant `k - 1` holds after edge `k - 1`: at position `k`.
                    for (k, interpolant) in interpolants.into_iter().enumerate().take(n - 2) {
                        if !cuts.contains(&(k + 1, interpolant.clone())) {
                            cuts.push((k + 1, interpolant));
                        }
                    }
                }
                Err(RefineError::Incomplete(_) | RefineError::Unsupported(_)) => {}
                Err(other) => return Err(other),
            }
        }
        let made = self.split_along(&word, &locations, &cuts)?;
        if made.is_empty() {
            // No region splits properly: the word is m-spurious itself (its concrete formula
            // is unsatisfiable, the regions only add assumptions).
            let index = self.remove(word.clone(), word);
            return Ok(LanguageStep::Removed(index));
        }
        // The batch the next steps would find one by one: along each edge of the word, the
        // m-spurious pairs of symbols split from (or equal to) its two symbols.
        let mut family: Vec<BTreeSet<Symbol>> = word.iter().map(|&s| BTreeSet::from([s])).collect();
        for &i in &made {
            let Split { symbol, fresh, .. } = self.splits[i];
            for f in &mut family {
                if f.contains(&symbol) {
                    f.insert(fresh);
                }
            }
        }
        let mut removed = Vec::new();
        for k in 1..n {
            if let Some(reason) = self.interrupted() {
                return Ok(self.finish(Verdict::Unknown(reason)));
            }
            for &a in &family[k - 1] {
                for &b in &family[k] {
                    if self.spurious(&[a, b])? {
                        removed.push(self.remove(vec![a, b], word.clone()));
                    }
                }
            }
        }
        Ok(LanguageStep::Split { word, splits: made, removed })
    }

    /// Whether a factor is m-spurious: its path formula under its symbols' regions
    /// unsatisfiable for every edge choice. A factor the SMT core gives up on is not (the
    /// core's giving up is no refutation); satisfiable ones are remembered until a split.
    fn spurious(&mut self, factor: &[Symbol]) -> Result<bool, RefineError> {
        if self.feasible.contains(factor) {
            return Ok(false);
        }
        let locations = self.locations_of(factor);
        let regions: Vec<Pred> = factor
            .iter()
            .map(|&s| {
                let symbol = &self.symbols[s as usize];
                Pred::and(vec![symbol.region.clone(), self.known[symbol.location].clone()])
            })
            .collect();
        match decide(
            &self.flat,
            &locations,
            &regions,
            (&mut self.stats, &mut self.counters.smt_calls),
            self.limits.path_splits(),
            &self.limits.deadline(&self.started),
        ) {
            Ok(Decided::Infeasible(_)) => Ok(true),
            Ok(Decided::Feasible { .. }) => {
                self.feasible.insert(factor.to_vec());
                Ok(false)
            }
            Err(RefineError::Incomplete(_) | RefineError::Unsupported(_)) => Ok(false),
            Err(other) => Err(other),
        }
    }

    /// Starts again on a graph with recursion unrolled twice as deep: the new unrolling, or
    /// why not (past [`super::MAX_UNROLLING`]).
    fn deepen(&mut self) -> Result<Result<usize, String>, RefineError> {
        let unrolling = match deeper_unrolling(&self.flat) {
            Ok(unrolling) => unrolling,
            Err(why) => return Ok(Err(why)),
        };
        let flat = Flat::build(&self.program, self.procedure, unrolling)?;
        let (known, seeding) = assumed_invariants(
            &flat,
            self.invariants,
            &mut self.stats,
            &mut self.counters.smt_calls,
        )?;
        self.symbols = (0..flat.locations.len())
            .map(|location| RegionSymbol { location, region: Pred::True, parent: None })
            .collect();
        let language = graph_language(&flat, &self.symbols);
        self.set_language(language);
        self.flat = flat;
        self.known = known;
        self.seeding = seeding;
        self.removals.clear();
        self.splits.clear();
        self.set_aside.clear();
        self.feasible.clear();
        self.counters.deepenings += 1;
        Ok(Ok(unrolling))
    }

    /// Splits, for each `(position, interpolant)`, every symbol of `word` at that position's
    /// location whose region the interpolant splits properly (neither it nor its negation
    /// implied): the symbol keeps the part inside the interpolant, where the word's path runs,
    /// and is split again by the next interpolant at its location. The fresh symbols are not
    /// split again in the same round (a location the word passes `m` times gets `m` pieces, not
    /// `2^m`). The splits made.
    fn split_along(
        &mut self,
        word: &[Symbol],
        locations: &[usize],
        cuts: &[(usize, Pred)],
    ) -> Result<Vec<usize>, RefineError> {
        let targets: BTreeSet<Symbol> = word.iter().copied().collect();
        let mut made = Vec::new();
        let variables = self.flat.variables.len();
        for (position, by) in cuts {
            if matches!(by, Pred::True | Pred::False) {
                continue;
            }
            let location = locations[*position];
            let here: Vec<Symbol> = targets
                .iter()
                .copied()
                .filter(|&s| self.symbols[s as usize].location == location)
                .collect();
            for s in here {
                let region = self.symbols[s as usize].region.clone();
                self.counters.smt_calls += 2;
                let splits_it = !path::implies(variables, &region, by, &mut self.stats)?
                    && !path::implies(variables, &region, &by.negate(), &mut self.stats)?;
                if !splits_it {
                    continue;
                }
                let fresh = self.symbols.len() as Symbol;
                self.symbols[s as usize].region = Pred::and(vec![region.clone(), by.clone()]);
                self.symbols.push(RegionSymbol {
                    location,
                    region: Pred::and(vec![region, by.negate()]),
                    parent: Some(s),
                });
                self.feasible.retain(|factor| !factor.contains(&s));
                let renamed = self.language.rename_fresh(s);
                self.set_language(renamed);
                self.splits.push(Split {
                    step: self.counters.steps,
                    symbol: s,
                    fresh,
                    by: by.clone(),
                });
                made.push(self.splits.len() - 1);
            }
        }
        Ok(made)
    }

    /// Removes the m-spurious factor `word` (refuting the word `refuted`), recording its
    /// regions now; the index of the removal.
    fn remove(&mut self, word: Vec<Symbol>, refuted: Vec<Symbol>) -> usize {
        let regions = word.iter().map(|&s| self.symbols[s as usize].region.clone()).collect();
        let alphabet = self.symbols.len();
        let classes: Vec<Vec<Symbol>> = word.iter().map(|&s| vec![s]).collect();
        let pattern = Dfa::classes(alphabet, &classes, false, false);
        let smaller = self.language.difference(&pattern);
        self.set_language(smaller);
        self.removals.push(Removal { step: self.counters.steps, word, regions, alphabet, refuted });
        self.removals.len() - 1
    }

    fn set_aside(&mut self, word: Vec<Symbol>, reason: String) -> LanguageStep {
        let classes: Vec<Vec<Symbol>> = word.iter().map(|&s| vec![s]).collect();
        let exact = Dfa::classes(self.symbols.len(), &classes, true, true);
        let smaller = self.language.difference(&exact);
        self.set_language(smaller);
        self.set_aside.push(reason.clone());
        LanguageStep::SetAside { word, reason }
    }

    /// The language has no word left: `UNKNOWN` if a word was set aside, else `SAFE` once the
    /// certificate is confirmed.
    fn conclude(&mut self) -> LanguageStep {
        if let Some(first) = self.set_aside.first() {
            let reason = format!(
                "{} to an error location {} set aside undecided; the first: {first}",
                if self.set_aside.len() == 1 {
                    "1 word".to_string()
                } else {
                    format!("{} words", self.set_aside.len())
                },
                if self.set_aside.len() == 1 { "was" } else { "were" }
            );
            return self.finish(Verdict::Unknown(reason));
        }
        let verdict = match self.check_certificate() {
            Ok(None) => Verdict::Safe { invariants: Vec::new() },
            Ok(Some(failure)) => Verdict::Unknown(format!("internal error: {failure}")),
            Err(e) => Verdict::Unknown(format!("the certificate could not be checked: {e}")),
        };
        self.finish(verdict)
    }

    /// Checks the certificate of safety independently of how the run found it: `None` when it
    /// holds, else which condition fails. Every SMT question is asked afresh (new statistics,
    /// no remembered answer): the regions at each location cover its states; every removed
    /// pattern's formula under its recorded regions is unsatisfiable for every edge choice;
    /// every symbol renamed from a pattern's symbol after the removal has a region inside the
    /// recorded one; and the graph's words from the start to an error location over the final
    /// symbols, rebuilt, minus every pattern widened to those renamed symbols, are none.
    pub fn check_certificate(&mut self) -> Result<Option<String>, RefineError> {
        let mut stats = SmtStats::default();
        let variables = self.flat.variables.len();
        let calls = &mut self.counters.smt_calls;
        for (location, at) in self.flat.locations.iter().enumerate() {
            let regions: Vec<Pred> = self
                .symbols
                .iter()
                .filter(|s| s.location == location)
                .map(|s| s.region.clone())
                .collect();
            if regions.is_empty() {
                return Ok(Some(format!("no symbol stands for the location {}", at.name)));
            }
            if regions.contains(&Pred::True) {
                continue;
            }
            *calls += 1;
            if !path::implies(variables, &Pred::True, &Pred::or(regions), &mut stats)? {
                return Ok(Some(format!("the regions at {} do not cover its states", at.name)));
            }
        }
        if let Some(failure) = inductive(&self.flat, &self.known, &mut stats, calls)? {
            return Ok(Some(format!("the assumed invariants are not inductive: {failure}")));
        }
        let mut language = graph_language(&self.flat, &self.symbols);
        let mut inside: BTreeMap<(Symbol, Pred), bool> = BTreeMap::new();
        for (i, removal) in self.removals.iter().enumerate() {
            let locations: Vec<usize> =
                removal.word.iter().map(|&s| self.symbols[s as usize].location).collect();
            let assumed: Vec<Pred> = removal
                .regions
                .iter()
                .zip(&locations)
                .map(|(r, &l)| Pred::and(vec![r.clone(), self.known[l].clone()]))
                .collect();
            let splits = self.limits.path_splits();
            let deadline = self.limits.deadline(&self.started);
            let decided =
                decide(&self.flat, &locations, &assumed, (&mut stats, calls), splits, &deadline)?;
            match decided {
                Decided::Infeasible(_) => {}
                Decided::Feasible { .. } => {
                    return Ok(Some(format!("the removed pattern {i} is satisfiable")));
                }
            }
            let mut classes = Vec::new();
            for (&s, recorded) in removal.word.iter().zip(&removal.regions) {
                let class = descendants(&self.symbols, s, removal.alphabet);
                for &c in &class {
                    let region = &self.symbols[c as usize].region;
                    let key = (c, recorded.clone());
                    let holds = match inside.get(&key) {
                        Some(&holds) => holds,
                        None => {
                            *calls += 1;
                            let holds = path::implies(variables, region, recorded, &mut stats)?;
                            inside.insert(key, holds);
                            holds
                        }
                    };
                    if !holds {
                        return Ok(Some(format!(
                            "the region of s{c} is not inside the one the removed pattern {i} \
                             recorded"
                        )));
                    }
                }
                classes.push(class);
            }
            language =
                language.difference(&Dfa::classes(self.symbols.len(), &classes, false, false));
        }
        Ok(language.shortest_word().map(|word| {
            format!(
                "the word {} to an error location is in no removed pattern",
                self.word_text(&word)
            )
        }))
    }
}

/// The invariants every factor's formula assumes on `flat`, and how they were found: what
/// abstract interpretation finds when `invariants` asks for it (`True` at error locations),
/// once confirmed inductive; `True` everywhere otherwise.
fn assumed_invariants(
    flat: &Flat,
    invariants: bool,
    stats: &mut SmtStats,
    smt_calls: &mut usize,
) -> Result<(Vec<Pred>, Seeding), RefineError> {
    let none = vec![Pred::True; flat.locations.len()];
    if !invariants {
        return Ok((none, Seeding::Off));
    }
    let (_, mut known, seeding) = seeds_of(flat);
    for (l, at) in flat.locations.iter().enumerate() {
        if at.error.is_some() {
            known[l] = Pred::True;
        }
    }
    Ok(match inductive(flat, &known, stats, smt_calls)? {
        None => (known, seeding),
        Some(failure) => {
            (none, Seeding::Skipped(format!("the invariants are not inductive ({failure})")))
        }
    })
}

/// Checks `known` inductive: `True` at the start implies the start's formula and every edge
/// into a location that is no error leads from its source's formula into its target's (an
/// error location's formula is `True`, so nothing is asked of the edges into it). `None` when
/// it holds, else which condition fails.
fn inductive(
    flat: &Flat,
    known: &[Pred],
    stats: &mut SmtStats,
    smt_calls: &mut usize,
) -> Result<Option<String>, RefineError> {
    let into_error = |e: usize| flat.locations[flat.edges[e].to].error.is_some();
    check_inductive_except(flat, known, &into_error, stats, smt_calls)
}

/// The symbols a pattern's symbol `s`, recorded when the alphabet had `alphabet` symbols,
/// stands for now: itself and every symbol split since from one of these, ascending.
fn descendants(symbols: &[RegionSymbol], s: Symbol, alphabet: usize) -> Vec<Symbol> {
    let mut class = vec![s];
    // A parent's number is below its child's, so one pass in order finds every descendant.
    for (c, symbol) in symbols.iter().enumerate().skip(alphabet) {
        if symbol.parent.is_some_and(|p| class.contains(&p)) {
            class.push(c as Symbol);
        }
    }
    class
}

/// The words over `symbols` that start at the start location, end at an error location and
/// follow the graph's edges: a DFA whose state after a word is its last symbol.
fn graph_language(flat: &Flat, symbols: &[RegionSymbol]) -> Dfa {
    let joined: BTreeSet<(usize, usize)> = flat.edges.iter().map(|e| (e.from, e.to)).collect();
    let alphabet = symbols.len();
    // State 0 reads nothing yet, state 1 is the dead state, state 2 + s has last read s.
    let dead = 1u32;
    let mut next = Vec::with_capacity(alphabet + 2);
    next.push(
        symbols
            .iter()
            .enumerate()
            .map(|(s, symbol)| if symbol.location == 0 { 2 + s as u32 } else { dead })
            .collect::<Vec<u32>>(),
    );
    next.push(vec![dead; alphabet]);
    for from in symbols {
        next.push(
            symbols
                .iter()
                .enumerate()
                .map(|(t, to)| {
                    if joined.contains(&(from.location, to.location)) { 2 + t as u32 } else { dead }
                })
                .collect(),
        );
    }
    let mut accepting = vec![false, false];
    accepting.extend(symbols.iter().map(|s| flat.locations[s.location].error.is_some()));
    Dfa::from_transitions(alphabet, next, accepting, 0)
}

/// What the SMT core says of a word's path formula under regions.
enum Decided {
    /// Satisfiable along these edges: the formula and a value per SSA variable.
    Feasible {
        /// The path formula of the edges.
        formula: PathFormula,
        /// The model.
        values: Vec<Integer>,
        /// The edges.
        edges: Vec<usize>,
    },
    /// Unsatisfiable for every edge choice (listed, in order).
    Infeasible(Vec<Vec<usize>>),
}

/// Decides the path formula through `locations` with `regions[i]` assumed at the `i`th, for
/// every choice of edges between consecutive locations (in edge order), counting SMT calls.
fn decide(
    flat: &Flat,
    locations: &[usize],
    regions: &[Pred],
    (stats, calls): (&mut SmtStats, &mut usize),
    max_splits: u64,
    deadline: &Deadline,
) -> Result<Decided, RefineError> {
    let mut choices: Vec<Vec<usize>> = vec![Vec::new()];
    for pair in locations.windows(2) {
        let between: Vec<usize> = flat.outgoing[pair[0]]
            .iter()
            .copied()
            .filter(|&e| flat.edges[e].to == pair[1])
            .collect();
        let mut longer = Vec::new();
        for prefix in &choices {
            for &e in &between {
                let mut c = prefix.clone();
                c.push(e);
                longer.push(c);
            }
        }
        if longer.len() > MAX_EDGE_CHOICES {
            return Err(RefineError::Unsupported(format!(
                "more than {MAX_EDGE_CHOICES} choices of edges along the word"
            )));
        }
        choices = longer;
    }
    for edges in &choices {
        let formula = PathFormula::encode(flat, edges);
        let mut assertions = formula.parts.clone();
        for (i, region) in regions.iter().enumerate() {
            if *region != Pred::True {
                assertions.push(region.rename(&|v| formula.current[i][v]));
            }
        }
        *calls += 1;
        if let Solved::Sat(values) =
            path::solve_within(formula.ssa.len(), &assertions, stats, max_splits, deadline)?
        {
            return Ok(Decided::Feasible { formula, values, edges: edges.clone() });
        }
    }
    Ok(Decided::Infeasible(choices))
}
