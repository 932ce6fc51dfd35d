//! Language-based abstraction refinement (the paper's Algorithms 1, 2 and 3): a regular
//! language `L` of region words holding every word a counterexample follows, refined by
//! deleting prefix-, suffix- and midfix-spurious words before a region is split.
//!
//! Invariant (the paper's, Theorem 1): every trajectory from an initial to an unsafe state
//! follows some word of `L`. Each deletion keeps it, because it is justified by an empty box of
//! a sound pruning ([`super::oracle`]); a split keeps it by `L^{a→b}`; a region pruning of
//! Algorithm 3 keeps it by Lemma 1. So an empty `L` proves the system safe. The method cannot
//! prove a system unsafe: when `L` stays nonempty the answer is `UNKNOWN` with the limit reached.
//!
//! Beyond the paper (named so in the guide): with `suffix_checks`, suffixes `wb` of length up to
//! `maxlen` are checked for s-spuriousness the way Algorithm 3 checks prefixes (line 7), by
//! conjoining the unsafe states with the last step; this is what refutes an unsafe set that
//! touches the reachable states only at its open boundary, as in the paper's Example 1.

use std::collections::BTreeSet;
use std::rc::Rc;
use std::time::Duration;

use super::dfa::{Dfa, Position, Symbol, is_contracted, is_factor};
use super::oracle::{HybridOracle, OracleStats, Refutation, Spuriousness, WordOracle};
use super::prune::IntervalBox;
use super::regions::{LongestSideRoundRobin, Region, Regions, SplitHeuristic};
use super::system::HybridSystem;
use crate::syntax::clock::{Clock, Stopwatch};

/// The language `L` as a minimal DFA, with the list of words proved m-spurious not yet applied
/// (§4: applied in one batch before a split; a listed word with another listed word as a factor
/// is dropped; the list is read before the DFA is asked).
#[derive(Clone, Debug)]
pub struct Language {
    /// The automaton (without the listed words removed yet).
    pub dfa: Dfa,
    /// The m-spurious words waiting to be removed, none a factor of another.
    pub pending: Vec<Vec<Symbol>>,
    /// The largest automaton seen (states without the dead one).
    pub peak_size: usize,
}

impl Language {
    /// `Ω+` over `alphabet` symbols.
    pub fn all_words(alphabet: usize) -> Language {
        let dfa = Dfa::nonempty_words(alphabet);
        let peak_size = dfa.size();
        Language { dfa, pending: Vec::new(), peak_size }
    }

    /// True if some word of `L` (minus the listed words) has `word` at `position`. A listed
    /// word that is a factor of `word` removes every such word.
    pub fn has(&self, word: &[Symbol], position: Position) -> bool {
        !self.pending.iter().any(|p| is_factor(p, word)) && self.dfa.has_pattern(word, position)
    }

    /// Removes `ext` of the pattern `word` at `position`: a factor is listed, a prefix or a
    /// suffix removed at once.
    pub fn remove(&mut self, word: &[Symbol], position: Position) {
        if position == Position::Factor {
            if self.pending.iter().any(|p| is_factor(p, word)) {
                return;
            }
            self.pending.retain(|p| !is_factor(word, p));
            self.pending.push(word.to_vec());
            return;
        }
        let pattern = Dfa::pattern(self.dfa.alphabet, word, position);
        self.set(self.dfa.difference(&pattern));
    }

    fn set(&mut self, dfa: Dfa) {
        self.peak_size = self.peak_size.max(dfa.size());
        self.dfa = dfa;
    }

    /// Applies the listed words in one batch.
    pub fn flush(&mut self) {
        let mut pending = std::mem::take(&mut self.pending);
        if pending.is_empty() {
            return;
        }
        pending.sort();
        let patterns = Dfa::factors(self.dfa.alphabet, &pending);
        let smaller = self.dfa.difference(&patterns);
        self.set(smaller);
    }

    /// True if `L` is empty (after the listed words are applied).
    pub fn is_empty(&mut self) -> bool {
        self.flush();
        self.dfa.is_empty()
    }

    /// `L^{a→b}` for the fresh symbol `b`.
    pub fn rename_fresh(&mut self, a: Symbol) {
        self.flush();
        let renamed = self.dfa.rename_fresh(a);
        self.set(renamed);
    }
}

/// Which of the paper's algorithms runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Algorithm 1 with Algorithm 2 for midfixes.
    Plain,
    /// Algorithm 3: Algorithm 1 with region pruning.
    Pruning,
}

/// The engine's parameters.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// The length of the midfixes checked (`maxlen`, at least 2).
    pub maxlen: usize,
    /// Check suffixes up to `maxlen` for s-spuriousness (beyond the paper; see the module).
    pub suffix_checks: bool,
    /// The incremental set `Q` of §3.2: each round asks only about the words through regions
    /// that changed since they were last asked about (split, pruned or removed, and for
    /// Algorithm 3 the regions whose reached states such a change may alter).
    pub incremental: bool,
    /// Words the boxes do not refute go to the SMT core's simplex ([`super::linear`]); off by
    /// default, since on the examples it refutes few words at a high price.
    pub simplex: bool,
    /// Stop after this many splits.
    pub max_splits: Option<usize>,
    /// Stop after this much time on `clock`.
    pub time_limit: Option<Duration>,
    /// The clock the time limit is measured on.
    pub clock: Clock,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            algorithm: Algorithm::Pruning,
            maxlen: 3,
            suffix_checks: true,
            incremental: false,
            simplex: false,
            max_splits: Some(1000),
            time_limit: None,
            clock: Clock::default(),
        }
    }
}

/// The deterministic counters of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Rounds of refinement (one per split, plus the last).
    pub rounds: usize,
    /// Regions split.
    pub splits: usize,
    /// Prefix patterns removed (p-spurious words).
    pub prefixes_removed: usize,
    /// Suffix patterns removed (s-spurious words).
    pub suffixes_removed: usize,
    /// Midfix patterns removed (m-spurious words).
    pub midfixes_removed: usize,
    /// Words the oracle could not refute in Algorithm 2 (the don't-know set's entries).
    pub dont_know: usize,
    /// Regions shrunk by pruning (Algorithm 3).
    pub regions_pruned: usize,
    /// Regions found unreachable and removed (Algorithm 3).
    pub regions_removed: usize,
    /// The largest DFA (states without the dead one).
    pub peak_dfa_size: usize,
    /// The oracle's counters.
    pub oracle: OracleStats,
}

/// Why the engine stopped without a proof.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Incomplete {
    /// The split limit was reached.
    #[error("the split limit ({0}) was reached with abstract counterexamples left")]
    SplitLimit(usize),
    /// The time limit was reached.
    #[error("the time limit was reached with abstract counterexamples left")]
    TimeLimit,
    /// No region left in the language can be split further.
    #[error("no region left in the language can be split further")]
    CannotSplit,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The language is empty: no trajectory from an initial to an unsafe state exists.
    Safe,
    /// Abstract counterexamples are left; the method cannot prove unsafety.
    Unknown(Incomplete),
}

/// What one step of the refinement did, in the order it happened (what the REPL's `step`
/// prints; the command line drops them).
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// `ext` of `word` at `position` was removed from `L` (a prefix pattern `wΩ*` for a
    /// p-spurious word, `Ω*w` for an s-spurious one, `Ω*wΩ*` for an m-spurious one, listed
    /// and applied in the batch before the next split), with why, when the oracle said.
    Removed {
        /// The pattern's word.
        word: Vec<Symbol>,
        /// Where it sits.
        position: Position,
        /// The constraint refuted and the box its pruning emptied.
        refutation: Option<Refutation>,
    },
    /// Algorithm 2 could not refute `word`: it joins the don't-know set, and its factors are
    /// not asked about in this call.
    DontKnow {
        /// The word.
        word: Vec<Symbol>,
    },
    /// `γ(symbol)` was bisected: the lower half keeps the symbol, the upper half is `fresh`.
    Split {
        /// The region split.
        symbol: Symbol,
        /// Its box before.
        before: IntervalBox,
        /// The lower half (still `symbol`).
        lower: IntervalBox,
        /// The upper half.
        upper: IntervalBox,
        /// The fresh symbol of the upper half.
        fresh: Symbol,
    },
    /// Algorithm 3 shrank `γ(symbol)` to the hull of what words of `L` reach in it.
    Pruned {
        /// The region.
        symbol: Symbol,
        /// Its box before.
        before: IntervalBox,
        /// Its box after.
        after: IntervalBox,
    },
    /// Algorithm 3 found no word of `L` reaching `γ(symbol)`: the symbol left `L`.
    RegionRemoved {
        /// The region.
        symbol: Symbol,
        /// Its box.
        space: IntervalBox,
    },
    /// The run ended.
    Verdict(Outcome),
}

/// Lines 5–12 of Algorithm 1 on any oracle: removes p-spurious first letters, s-spurious last
/// letters (and, with `suffix_checks`, suffixes up to `maxlen`), and midfixes of length `maxlen`
/// by Algorithm 2; the listed words are applied at the end. Returns whether `L` changed.
pub fn refine_words(
    language: &mut Language,
    oracle: &mut dyn WordOracle,
    options: &Options,
    stats: &mut Stats,
) -> bool {
    refine_words_recorded(language, oracle, options, stats, &mut Vec::new())
}

/// [`refine_words`], saying what it did in `events`.
pub fn refine_words_recorded(
    language: &mut Language,
    oracle: &mut dyn WordOracle,
    options: &Options,
    stats: &mut Stats,
    events: &mut Vec<Event>,
) -> bool {
    refine_words_focused(language, oracle, options, stats, events, None)
}

/// True if `word` is to be asked about: it passes through a symbol of `focus` (the set `Q`),
/// or there is no focus.
fn in_focus(word: &[Symbol], focus: Option<&BTreeSet<Symbol>>) -> bool {
    focus.is_none_or(|q| word.iter().any(|s| q.contains(s)))
}

/// [`refine_words_recorded`] asking only about words through a symbol of `focus` when given.
/// Without pruning a region changes only by a split, so the oracle's answer on a word through
/// unchanged regions is what it was when the word was last asked about: skipping it loses no
/// removal.
fn refine_words_focused(
    language: &mut Language,
    oracle: &mut dyn WordOracle,
    options: &Options,
    stats: &mut Stats,
    events: &mut Vec<Event>,
    focus: Option<&BTreeSet<Symbol>>,
) -> bool {
    let mut changed = false;
    let symbols: Vec<Symbol> = (0..language.dfa.alphabet as Symbol).collect();
    for &b in &symbols {
        if in_focus(&[b], focus)
            && language.has(&[b], Position::Prefix)
            && oracle.prefix_spurious(&[b]) == Spuriousness::Spurious
        {
            language.remove(&[b], Position::Prefix);
            stats.prefixes_removed += 1;
            events.push(removed(&[b], Position::Prefix, oracle));
            changed = true;
        }
    }
    changed |= remove_suffix_spurious(language, oracle, options, stats, None, events, focus);
    for word in language.dfa.words_at(options.maxlen, Position::Factor) {
        if is_contracted(&word) && in_focus(&word, focus) && language.has(&word, Position::Factor) {
            changed |= remove_midfix_spurious_recorded(language, oracle, &word, stats, events);
        }
    }
    language.flush();
    stats.peak_dfa_size = stats.peak_dfa_size.max(language.peak_size);
    changed
}

/// Line 8 of Algorithm 1 (and the suffix extension), for the words ending in `ending` if given.
fn remove_suffix_spurious(
    language: &mut Language,
    oracle: &mut dyn WordOracle,
    options: &Options,
    stats: &mut Stats,
    ending: Option<Symbol>,
    events: &mut Vec<Event>,
    focus: Option<&BTreeSet<Symbol>>,
) -> bool {
    let longest = if options.suffix_checks { options.maxlen } else { 1 };
    let mut changed = false;
    for length in 1..=longest {
        for word in language.dfa.words_at(length, Position::Suffix) {
            if ending.is_some_and(|b| word.last() != Some(&b))
                || !is_contracted(&word)
                || !in_focus(&word, focus)
            {
                continue;
            }
            if language.has(&word, Position::Suffix)
                && oracle.suffix_spurious(&word) == Spuriousness::Spurious
            {
                language.remove(&word, Position::Suffix);
                stats.suffixes_removed += 1;
                events.push(removed(&word, Position::Suffix, oracle));
                changed = true;
            }
        }
    }
    changed
}

/// Algorithm 2, `removeMidfixSpurious(H, L, w)`: the factors of `w` from the longest down to
/// length 2, skipping those that are factors of a word the oracle could not refute (the
/// don't-know set `N`). Returns whether `L` changed.
pub fn remove_midfix_spurious(
    language: &mut Language,
    oracle: &mut dyn WordOracle,
    word: &[Symbol],
    stats: &mut Stats,
) -> bool {
    remove_midfix_spurious_recorded(language, oracle, word, stats, &mut Vec::new())
}

/// [`remove_midfix_spurious`], saying what it did in `events`.
pub fn remove_midfix_spurious_recorded(
    language: &mut Language,
    oracle: &mut dyn WordOracle,
    word: &[Symbol],
    stats: &mut Stats,
    events: &mut Vec<Event>,
) -> bool {
    let mut dont_know: Vec<Vec<Symbol>> = Vec::new();
    let mut changed = false;
    for length in (2..=word.len()).rev() {
        for part in word.windows(length) {
            if dont_know.iter().any(|n| is_factor(part, n)) || !language.has(part, Position::Factor)
            {
                continue;
            }
            if oracle.midfix_spurious(part) == Spuriousness::Spurious {
                language.remove(part, Position::Factor);
                stats.midfixes_removed += 1;
                events.push(removed(part, Position::Factor, oracle));
                changed = true;
            } else {
                stats.dont_know += 1;
                events.push(Event::DontKnow { word: part.to_vec() });
                dont_know.push(part.to_vec());
            }
        }
    }
    changed
}

/// The removal of `word` at `position`, with the oracle's reason.
fn removed(word: &[Symbol], position: Position, oracle: &dyn WordOracle) -> Event {
    Event::Removed { word: word.to_vec(), position, refutation: oracle.refutation() }
}

/// The split choice: among the symbols in some word of `L`, a region with the longest side,
/// the smallest symbol among equal ones.
pub fn choose_split(language: &Language, regions: &Regions) -> Vec<Symbol> {
    let mut candidates: Vec<Symbol> = language
        .dfa
        .words_at(1, Position::Factor)
        .into_iter()
        .filter_map(|w| w.first().copied())
        .collect();
    candidates.retain(|&s| regions.get(s).is_some());
    // A stable sort keeps the smaller symbol first among equally long regions.
    candidates.sort_by(|a, b| regions.longest_side(*b).total_cmp(&regions.longest_side(*a)));
    candidates
}

/// The refinement loop over a hybrid system, one round a [`Engine::step`]; a value (the
/// REPL keeps a run in its undo steps, so it clones).
#[derive(Clone)]
pub struct Engine {
    /// The system.
    pub system: Rc<HybridSystem>,
    /// The oracle, which owns the regions.
    pub oracle: HybridOracle,
    /// The language.
    pub language: Language,
    /// The parameters.
    pub options: Options,
    /// The counters.
    pub stats: Stats,
    /// How the run ended, once it has.
    pub outcome: Option<Outcome>,
    heuristic: Rc<dyn SplitHeuristic>,
    stopwatch: Stopwatch,
    events: Vec<Event>,
    /// The set `Q` (with `incremental`): the symbols to ask about in the next round.
    queue: BTreeSet<Symbol>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("options", &self.options)
            .field("stats", &self.stats)
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl Engine {
    /// An engine at the start: one region per mode over the whole box, `L = Ω+`.
    pub fn new(system: &HybridSystem, options: Options) -> Engine {
        Engine::shared(Rc::new(system.clone()), options)
    }

    /// [`Engine::new`] on a shared system.
    pub fn shared(system: Rc<HybridSystem>, options: Options) -> Engine {
        let regions = Regions::initial(system.modes.len(), &system.intervals);
        let language = Language::all_words(regions.alphabet());
        let stats = Stats { peak_dfa_size: language.peak_size, ..Stats::default() };
        let queue = regions.live().into_iter().collect();
        let mut oracle = HybridOracle::shared(system.clone(), regions);
        oracle.simplex = options.simplex;
        Engine {
            oracle,
            system,
            language,
            options: Options { maxlen: options.maxlen.max(2), ..options },
            stats,
            outcome: None,
            heuristic: Rc::new(LongestSideRoundRobin),
            stopwatch: Stopwatch::start(options.clock),
            events: Vec::new(),
            queue,
        }
    }

    /// Records in `Q` that `γ(changed)` changed: the symbol itself, and every `c` ending a
    /// word of `L` through `changed` that the next round's loop for `c` reads (prefixes shorter
    /// than `maxlen`, suffixes up to `maxlen`, factors of length `maxlen`; the paper's rule of
    /// §3.2, with the suffixes craig also checks).
    fn requeue(&mut self, changed: Symbol) {
        if !self.options.incremental {
            return;
        }
        self.queue.insert(changed);
        let maxlen = self.options.maxlen;
        let dfa = &self.language.dfa;
        let mut words = Vec::new();
        for length in 1..=maxlen {
            if length < maxlen {
                words.extend(dfa.words_at(length, Position::Prefix));
            }
            words.extend(dfa.words_at(length, Position::Suffix));
        }
        words.extend(dfa.words_at(maxlen, Position::Factor));
        for word in words {
            if word.contains(&changed)
                && let Some(&last) = word.last()
            {
                self.queue.insert(last);
            }
        }
    }

    /// Replaces the split heuristic.
    pub fn with_heuristic(mut self, heuristic: Rc<dyn SplitHeuristic>) -> Engine {
        self.heuristic = heuristic;
        self
    }

    /// Runs rounds until `L` is empty or a limit is reached: the same [`Engine::step`] the
    /// REPL's `step` takes, with the events dropped.
    pub fn run(&mut self) -> Outcome {
        loop {
            self.step();
            if let Some(outcome) = &self.outcome {
                return outcome.clone();
            }
        }
    }

    /// Starts the time limit's stopwatch again (the REPL's run waits at the prompt between
    /// steps, which should not count).
    pub fn restart_stopwatch(&mut self) {
        self.stopwatch = Stopwatch::start(self.options.clock);
    }

    /// One round of the paper's loop: remove the spurious words (Algorithm 1's lines 5–12, or
    /// Algorithm 3's 5–20), then split one region unless `L` is empty or a limit is reached.
    /// Returns what it did, the verdict last when the run ended; nothing once it has ended.
    pub fn step(&mut self) -> Vec<Event> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        if let Some(outcome) = self.round() {
            self.events.push(Event::Verdict(outcome.clone()));
            self.outcome = Some(outcome);
        }
        std::mem::take(&mut self.events)
    }

    fn round(&mut self) -> Option<Outcome> {
        if self.stopwatch.reached(self.options.time_limit) {
            return Some(Outcome::Unknown(Incomplete::TimeLimit));
        }
        self.stats.rounds += 1;
        match self.options.algorithm {
            Algorithm::Plain => {
                let queue = std::mem::take(&mut self.queue);
                let focus = self.options.incremental.then_some(&queue);
                refine_words_focused(
                    &mut self.language,
                    &mut self.oracle,
                    &self.options,
                    &mut self.stats,
                    &mut self.events,
                    focus,
                );
            }
            Algorithm::Pruning => self.refine_with_pruning(),
        }
        self.stats.oracle = self.oracle.stats;
        if self.language.is_empty() {
            return Some(Outcome::Safe);
        }
        if self.options.max_splits.is_some_and(|m| self.stats.splits >= m) {
            return Some(Outcome::Unknown(Incomplete::SplitLimit(self.stats.splits)));
        }
        if self.stopwatch.reached(self.options.time_limit) {
            return Some(Outcome::Unknown(Incomplete::TimeLimit));
        }
        for a in choose_split(&self.language, &self.oracle.regions) {
            let before = self.oracle.regions.get(a).map(|r| r.space.clone());
            if let Some(b) = self.oracle.regions.split(a, self.heuristic.as_ref()) {
                self.language.rename_fresh(a);
                self.oracle.region_changed(&[a, b]);
                self.stats.splits += 1;
                self.stats.peak_dfa_size = self.stats.peak_dfa_size.max(self.language.peak_size);
                let space = |s: Symbol| {
                    self.oracle.regions.get(s).map(|r| r.space.clone()).unwrap_or_default()
                };
                let (lower, upper) = (space(a), space(b));
                let before = before.unwrap_or_default();
                self.events.push(Event::Split { symbol: a, before, lower, upper, fresh: b });
                self.requeue(a);
                self.requeue(b);
                return None;
            }
        }
        Some(Outcome::Unknown(Incomplete::CannotSplit))
    }

    /// Lines 5–20 of Algorithm 3.
    fn refine_with_pruning(&mut self) {
        let maxlen = self.options.maxlen;
        // With `Q`, only its symbols this round; changes made now queue symbols for the next.
        let queue = std::mem::take(&mut self.queue);
        let mut live = self.oracle.regions.live();
        if self.options.incremental {
            live.retain(|b| queue.contains(b));
        }
        for b in live {
            let mut reached: Option<IntervalBox> = None;
            let mut join = |r: IntervalBox| {
                reached = Some(match reached.take() {
                    None => r,
                    Some(old) => old.iter().zip(&r).map(|(a, b)| a.hull(*b)).collect(),
                });
            };
            for length in 1..maxlen {
                for word in self.language.dfa.words_at(length, Position::Prefix) {
                    if word.last() != Some(&b)
                        || !is_contracted(&word)
                        || !self.language.has(&word, Position::Prefix)
                    {
                        continue;
                    }
                    match self.oracle.reach_init(&word) {
                        Some(r) => join(r),
                        None => {
                            self.language.remove(&word, Position::Prefix);
                            self.stats.prefixes_removed += 1;
                            self.events.push(removed(&word, Position::Prefix, &self.oracle));
                        }
                    }
                }
            }
            remove_suffix_spurious(
                &mut self.language,
                &mut self.oracle,
                &self.options,
                &mut self.stats,
                Some(b),
                &mut self.events,
                None,
            );
            for word in self.language.dfa.words_at(maxlen, Position::Factor) {
                if word.last() != Some(&b)
                    || !is_contracted(&word)
                    || !self.language.has(&word, Position::Factor)
                {
                    continue;
                }
                if !remove_midfix_spurious_recorded(
                    &mut self.language,
                    &mut self.oracle,
                    &word,
                    &mut self.stats,
                    &mut self.events,
                ) && let Some(r) = self.oracle.reach(&word)
                {
                    join(r);
                }
            }
            match reached {
                None => {
                    // No counterexample passes through γ(b): remove the symbol.
                    self.language.remove(&[b], Position::Factor);
                    if let Some(region) = self.oracle.regions.get(b) {
                        let space = region.space.clone();
                        self.events.push(Event::RegionRemoved { symbol: b, space });
                    }
                    self.oracle.regions.regions[b as usize] = None;
                    self.oracle.region_changed(&[b]);
                    self.stats.regions_removed += 1;
                    self.requeue(b);
                }
                Some(r) => {
                    let Some(region) = self.oracle.regions.get(b) else { continue };
                    let narrowed: Option<IntervalBox> =
                        region.space.iter().zip(&r).map(|(a, b)| a.meet(*b)).collect();
                    if let Some(narrowed) = narrowed
                        && narrowed != region.space
                    {
                        self.events.push(Event::Pruned {
                            symbol: b,
                            before: region.space.clone(),
                            after: narrowed.clone(),
                        });
                        if let Some(Some(region)) = self.oracle.regions.regions.get_mut(b as usize)
                        {
                            region.space = narrowed;
                        }
                        self.oracle.region_changed(&[b]);
                        self.stats.regions_pruned += 1;
                        self.requeue(b);
                    }
                }
            }
        }
        self.language.flush();
        self.stats.peak_dfa_size = self.stats.peak_dfa_size.max(self.language.peak_size);
    }

    /// The live regions with their symbols.
    pub fn regions(&self) -> Vec<(Symbol, &Region)> {
        self.oracle
            .regions
            .live()
            .into_iter()
            .filter_map(|s| self.oracle.regions.get(s).map(|r| (s, r)))
            .collect()
    }
}
