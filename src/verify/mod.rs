//! Program verification: a program's proof obligations made by the verification-condition
//! generator ([`crate::vc`]) and proved by craig's own prover through the one solve path, each
//! translated with the workbench's options and its refutation checked.
//!
//! A [`Verification`] holds the program (its IR and the signature every obligation is written
//! over), the background hypotheses (the standard library's integer axioms), and the
//! obligations of every procedure with a body. [`prove`] proves a selection of them, on as many
//! threads as asked: the threads share nothing but the read-only signature, each obligation is
//! proved on its own, and the answers come back in obligation order, so `--jobs N` prints what
//! `--jobs 1` prints (given deterministic limits; a time limit is each obligation's own CPU
//! time, the CPU time of the thread proving it, so threads do not eat each other's budget, but
//! a limit can still fall at different points of a search from run to run).
//!
//! [`load_java`] puts the pieces together for Java files: the standard library's integer
//! theory, the Java front end's checked program lowered to the IR, and the obligations.

pub mod cache;
mod java;

pub use cache::{CacheUse, ProofCache};
pub use java::{ARITHMETIC_NOTE, load_java, load_java_texts, stdlib_background};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::fol::{Problem, Signature as FolSignature, TermBank};
use crate::hol::{Hypothesis, Signature};
use crate::inst::InstOptions;
use crate::ir::{ProcId, Program};
use crate::prover::Proof;
use crate::prover::{Clock, ProverOptions};
use crate::solve::goal::{
    ProofHook, Started, Strategy, ValidityCache, Verdict, check_translated, translate_settled,
};
use crate::solve::portfolio::split_time;
use crate::translate::TranslateOptions;
use crate::translate::relevance::Sine;
use crate::translate::{SequentOutcome, SequentTranslation};
use crate::vc::{ProofObligation, VcError, VcOptions, generate};
use cache::{Entry, problem_key, strategy_fingerprint};

/// A program with its proof obligations.
#[derive(Clone, Debug)]
pub struct Verification {
    /// The program (its signature grows by the versions the obligations use).
    pub program: Program,
    /// Hypotheses of every obligation that come from outside the program (the integer axioms).
    pub background: Vec<Hypothesis>,
    /// The obligations of every procedure with a body, procedure by procedure.
    pub obligations: Vec<ProofObligation>,
    /// Procedures whose obligations could not be made, with why.
    pub refused: Vec<(ProcId, VcError)>,
}

impl Verification {
    /// The obligations of every procedure of `program` that has a body.
    pub fn new(
        mut program: Program,
        background: Vec<Hypothesis>,
        options: &VcOptions,
    ) -> Verification {
        let mut obligations = Vec::new();
        let mut refused = Vec::new();
        for i in 0..program.procedures.len() {
            let id = ProcId(i as u32);
            if program.procedure(id).body.is_none() {
                continue;
            }
            match generate(&mut program, id, &background, options) {
                Ok(mut os) => obligations.append(&mut os),
                Err(e) => refused.push((id, e)),
            }
        }
        Verification { program, background, obligations, refused }
    }

    /// The terms and constants the obligations are written over.
    pub fn signature(&self) -> Signature<'_> {
        Signature { bank: &self.program.bank, consts: &self.program.consts }
    }

    /// The indices of the obligations of one procedure.
    pub fn obligations_of(&self, id: ProcId) -> Vec<usize> {
        (0..self.obligations.len()).filter(|&i| self.obligations[i].procedure == id).collect()
    }

    /// The obligation whose sequent has this name.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.obligations.iter().position(|o| o.sequent.name == name)
    }
}

/// The kind of a check with its description, without saying the same thing twice
/// (`postcondition`, `class invariant leftSmaller`, `null dereference (t is not null in t.key)`):
/// the words `craig verify` and the workbench print.
pub fn describe(check: crate::hol::Obligation, what: &str) -> String {
    let kind = check.describe();
    if what.is_empty() || what == kind {
        kind.to_string()
    } else if what.starts_with(kind) {
        what.to_string()
    } else {
        format!("{kind} ({what})")
    }
}

/// How proving one obligation went.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The obligation (an index into [`Verification::obligations`]).
    pub obligation: usize,
    /// Proved, not proved (saturated or refused), or gave up.
    pub verdict: Verdict,
    /// Given clauses over its split sequents.
    pub given: u64,
    /// Generated clauses over its split sequents.
    pub generated: u64,
    /// Wall-clock time of translating and proving it.
    pub elapsed: Duration,
    /// The strategy of [`schedule`] that gave the verdict (0 is the options as given).
    pub strategy: usize,
    /// Whether the verdict is the instantiation engine's (its proof is a checked set of
    /// ground instances, not a superposition refutation).
    pub by_instantiation: bool,
    /// How many translated problems were searched.
    pub searched: usize,
    /// How many translated problems were settled by re-checking a cached proof.
    pub rechecked: usize,
    /// The cache entries it used and the ones it made.
    pub cache: CacheUse,
}

/// The strategies tried on an obligation, in order, each with the translation it reads, each
/// while the ones before gave up: the prover with the options as given; then the instantiation
/// engine ([`crate::inst`]), which proves the obligations whose refutation is a case analysis on
/// ground equalities (the frame and update axioms of a heap written after `new`) that
/// superposition drowns in; then the prover without literal selection (which finds the short
/// case-analysis proofs that frame and allocation obligations need, where selecting the negative
/// literals of the many guarded typing and invariant clauses delays them); last, the prover with
/// E's complex literal selection over the hypotheses SInE selects (tolerance 200%), with
/// `a <= b` written `~ b < a` so one order predicate remains, which proves the obligations that need a few order facts among many arithmetic axioms: without
/// the `+`, `*` and `mod` axioms the goal never reaches, and with Horn rules used only
/// backwards, `FuncTree.remove_max1`'s three order obligations take 200 to 3,300 given clauses
/// where the full problem exhausts 20,000.
///
/// The fifth and sixth strategies are the prover without literal selection, then with complex
/// selection, on a goal split further, as Jahob splits it
/// (under universal quantifiers, and each set equality into its two inclusions with a fresh
/// witness, see [`crate::translate::split::split_goal_extensional`]), without the library's
/// integer axioms and lemmas. It proves the obligations that re-establish an invariant defining
/// a set by a comprehension after an allocation (`HashTable.contentDefinition` after
/// `AssocList.put`): each inclusion is a short chain of frame facts, but with both directions in
/// one negated goal the prover must find the case split, and with the integer axioms the bound
/// literals of the comprehension (`0 <= i`, `i < n`) breed consequences of totality and
/// transitivity that drown it (E gives up on them too). Leaving out hypotheses is sound (a
/// failure then says nothing), and the answers of these runs are checked like the others. The
/// two selections are complementary here: without selection the two inclusions of
/// `AssocList.put`'s obligation take 246 and 291 given clauses and complex selection gives up
/// on one, while `HashTable.put`'s take 773 and 556 with complex selection and one gives up
/// without.
///
/// A time limit is shared 35 : 25 : 20 : 20 : 10 : 10 (the data of [`OBLIGATION_SCHEDULE`],
/// split by [`split_time`]; a strategy the options make a repeat of the first is left out, and
/// its share spread over the others). The instantiation engine answers the
/// obligations it proves in at most 0.4 s (release build, `FuncTree.java`), well within its
/// share, while the first prover run keeps the time the obligations only it proves need.
/// Instantiation goes before the other prover runs because it proves or gives up quickly, so a
/// proof it finds costs the least time.
///
/// A given-clause limit applies to each prover run, and instantiation is then bounded by
/// [`crate::inst::InstOptions::from_steps`] (counts, not time), so the answer is deterministic
/// under `--steps`.
pub fn schedule(
    prover: &ProverOptions,
    translate: &TranslateOptions,
) -> Vec<(Strategy, TranslateOptions)> {
    let first = prover.clone();
    let mut no_selection = prover.clone();
    no_selection.selection = crate::prover::LiteralSelection::None;
    let mut selected_hypotheses = prover.clone();
    selected_hypotheses.selection = crate::prover::LiteralSelection::Complex;
    let mut instantiation =
        prover.limits.given_clauses.map_or_else(InstOptions::default, InstOptions::from_steps);
    instantiation.clock = prover.limits.clock;
    let sine = TranslateOptions { sine: Some(SINE), strict_order_only: true, ..*translate };
    let extensional =
        TranslateOptions { split_extensionality: true, leave_out_library: true, ..*translate };
    // (strategy, its translation, its share of a time limit) for every attack the options do
    // not make a repeat of the first.
    let mut strategies = Vec::new();
    for &(attack, share) in &OBLIGATION_SCHEDULE {
        let (strategy, translate, repeat) = match attack {
            Attack::AsGiven => (Strategy::Superposition(first.clone()), *translate, false),
            Attack::Instantiation => {
                (Strategy::Instantiation(instantiation.clone()), *translate, false)
            }
            Attack::WithoutSelection => (
                Strategy::Superposition(no_selection.clone()),
                *translate,
                no_selection.selection == first.selection,
            ),
            Attack::ComplexOverSine => (
                Strategy::Superposition(selected_hypotheses.clone()),
                sine,
                (selected_hypotheses.selection, sine) == (first.selection, *translate),
            ),
            Attack::SplitWithoutSelection => (
                Strategy::Superposition(no_selection.clone()),
                extensional,
                extensional == *translate,
            ),
            Attack::SplitComplex => (
                Strategy::Superposition(selected_hypotheses.clone()),
                extensional,
                extensional == *translate,
            ),
        };
        if !repeat {
            strategies.push((strategy, translate, share));
        }
    }
    // A strategy left out gives its share to the others in proportion, so the whole limit is
    // used; the last one takes what rounding leaves.
    if let Some(t) = prover.limits.time {
        let shares: Vec<u32> = strategies.iter().map(|(_, _, share)| *share).collect();
        for ((strategy, _, _), slice) in strategies.iter_mut().zip(split_time(t, &shares)) {
            match strategy {
                Strategy::Superposition(options) => options.limits.time = Some(slice),
                Strategy::Instantiation(options) => options.time = Some(slice),
            }
        }
    }
    strategies.into_iter().map(|(strategy, translate, _)| (strategy, translate)).collect()
}

/// One strategy of the obligation schedule, by what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attack {
    /// The prover with the options as given.
    AsGiven,
    /// The instantiation engine.
    Instantiation,
    /// The prover without literal selection.
    WithoutSelection,
    /// The prover with complex selection over SInE's hypotheses and one integer order.
    ComplexOverSine,
    /// The prover without selection on the goal split further, without the library's axioms.
    SplitWithoutSelection,
    /// The prover with complex selection on the goal split further, without the library's
    /// axioms.
    SplitComplex,
}

/// The obligation schedule as data: the strategies of [`schedule`] in order, each with its share
/// of a time limit (parts of the sum, shared by [`split_time`]).
pub const OBLIGATION_SCHEDULE: [(Attack, u32); 6] = [
    (Attack::AsGiven, 35),
    (Attack::Instantiation, 25),
    (Attack::WithoutSelection, 20),
    (Attack::ComplexOverSine, 20),
    (Attack::SplitWithoutSelection, 10),
    (Attack::SplitComplex, 10),
];

/// A schedule's strategy in words (`prove` at the prompt says which one settled a goal).
pub fn describe_strategy(strategy: &Strategy, translate: &TranslateOptions) -> String {
    match strategy {
        Strategy::Instantiation(_) => "instantiation".to_string(),
        Strategy::Superposition(prover) => {
            let mut words = format!(
                "superposition, {} selection, {} weight",
                prover.selection.name(),
                prover.clause_weight.name()
            );
            if translate.sine.is_some() {
                words.push_str(", SInE hypotheses");
            }
            if translate.strict_order_only {
                words.push_str(", one integer order");
            }
            if translate.split_extensionality {
                words.push_str(", set equalities split into inclusions");
            }
            if translate.leave_out_library {
                words.push_str(", without the library's axioms");
            }
            words
        }
    }
}

/// The SInE parameters of the schedule's last strategy.
pub const SINE: Sine = Sine { tolerance_percent: 200, depth: u32::MAX };

/// The prover options obligations are proved with by default (the command line's defaults):
/// the conjecture-relative clause weight, because an obligation's typing and frame axioms
/// breed many short clauses about symbols its goal never mentions.
pub fn prover_defaults() -> ProverOptions {
    ProverOptions {
        clause_weight: crate::prover::ClauseWeight::ConjectureRelative,
        ..Default::default()
    }
}

/// How a run proves its obligations: the file named in their translations, how many threads,
/// and the proof cache to look proofs up in (see [`cache`]), if any.
#[derive(Clone, Copy, Debug)]
pub struct Run<'a> {
    /// The file the translations name.
    pub file: &'a str,
    /// Threads (at least one is used).
    pub jobs: usize,
    /// Asked for a proof of each translated problem before it is searched; each proof is
    /// re-checked before it counts.
    pub cache: Option<&'a ProofCache>,
}

/// Proves the obligations `which` on `run.jobs` threads (at least one); the outcomes come back
/// in the order of `which`.
pub fn prove(
    verification: &Verification,
    which: &[usize],
    translate: &TranslateOptions,
    prover: &ProverOptions,
    run: Run<'_>,
) -> Vec<Outcome> {
    prove_reporting(verification, which, translate, prover, run, &mut |_| {})
}

/// `prove`, calling `report` on the calling thread with each outcome as soon as it and every
/// outcome before it in `which` are known, so a long run can be followed as it goes and the
/// order of what is reported never depends on the threads' timing.
pub fn prove_reporting(
    verification: &Verification,
    which: &[usize],
    translate: &TranslateOptions,
    prover: &ProverOptions,
    run: Run<'_>,
    report: &mut dyn FnMut(&Outcome),
) -> Vec<Outcome> {
    let Run { file, jobs, cache } = run;
    // The obligations are proved on threads, several at once with `jobs > 1`: each one's limit
    // is the CPU time of the thread proving it, so they do not spend each other's budget (see
    // `crate::syntax::clock`).
    let mut per_thread = prover.clone();
    if per_thread.limits.clock == Clock::ProcessCpu {
        per_thread.limits.clock = Clock::ThreadCpu;
    }
    let prover = &per_thread;
    let next = AtomicUsize::new(0);
    let work = |done: std::sync::mpsc::Sender<(usize, Outcome)>| {
        // Validity questions are about schematic hypotheses, which obligations never have; a
        // cache per thread keeps the threads independent.
        let validity = ValidityCache::new();
        loop {
            let slot = next.fetch_add(1, Ordering::Relaxed);
            let Some(&index) = which.get(slot) else { break };
            let outcome = prove_one(verification, index, translate, prover, file, &validity, cache);
            if done.send((slot, outcome)).is_err() {
                break;
            }
        }
    };
    let jobs = jobs.clamp(1, which.len().max(1));
    let mut results: Vec<Option<Outcome>> = vec![None; which.len()];
    let mut reported = 0;
    std::thread::scope(|scope| {
        let (sender, receiver) = std::sync::mpsc::channel();
        for _ in 0..jobs {
            let sender = sender.clone();
            scope.spawn(move || work(sender));
        }
        // Only the workers hold senders now, so the loop ends when the last one finishes.
        drop(sender);
        for (slot, outcome) in receiver {
            results[slot] = Some(outcome);
            while let Some(Some(o)) = results.get(reported) {
                report(o);
                reported += 1;
            }
        }
    });
    results.into_iter().map(|o| o.expect("every slot is filled by exactly one worker")).collect()
}

/// One obligation through the schedule: the next strategy runs only if the previous gave up.
/// With a cache that knows the obligation, first each strategy's problems are looked up in
/// order (translated and keyed, not searched): the first strategy whose every problem has an
/// entry has them re-checked, and when all re-check the obligation is proved by them. What
/// the look-up found (translations, keys, entries re-checked or failed) is carried into the
/// search, so nothing is translated, keyed or re-checked twice.
fn prove_one(
    verification: &Verification,
    index: usize,
    translate: &TranslateOptions,
    prover: &ProverOptions,
    file: &str,
    validity: &ValidityCache,
    cache: Option<&ProofCache>,
) -> Outcome {
    let obligation = &verification.obligations[index];
    let mut outcome = Outcome {
        obligation: index,
        verdict: Verdict::GaveUp,
        given: 0,
        generated: 0,
        elapsed: Duration::ZERO,
        strategy: 0,
        by_instantiation: false,
        searched: 0,
        rechecked: 0,
        cache: CacheUse::default(),
    };
    let strategies = schedule(prover, translate);
    let name = &obligation.sequent.name;
    // Translations by their options, each made once: several strategies read the same one, and
    // a strategy looked up below is searched on the translation it was looked up on.
    let mut translations: Translations = Vec::new();
    let translation_of = |translations: &mut Translations, options: &TranslateOptions| {
        translation_index(translations, options, || {
            translate_settled(
                verification.signature(),
                &obligation.sequent,
                options,
                file,
                validity,
            )
        })
    };
    // Per strategy looked up: each part's key and what the cache said of it.
    let mut lookups: Vec<Vec<Option<PartKey>>> = vec![Vec::new(); strategies.len()];
    // Where each strategy's translation is in `translations`, once made.
    let mut translated: Vec<Option<usize>> = vec![None; strategies.len()];
    if let Some(cache) = cache.filter(|c| c.knows(name)) {
        let start = std::time::Instant::now();
        for (k, (strategy, options)) in strategies.iter().enumerate() {
            let at = translation_of(&mut translations, options);
            translated[k] = Some(at);
            let parts = &translations[at].1;
            let fingerprint = strategy_fingerprint(strategy, options);
            let mut keys: Vec<Option<PartKey>> = parts
                .iter()
                .map(|part| match &part.outcome {
                    SequentOutcome::Problem(problem) => {
                        Some(PartKey::look_up(cache, problem, &fingerprint))
                    }
                    _ => None,
                })
                .collect();
            let refused = parts.iter().any(|p| matches!(p.outcome, SequentOutcome::Refused(_)));
            let complete = !refused
                && keys.iter().flatten().next().is_some()
                && keys.iter().flatten().all(|p| p.lookup == Lookup::Unchecked);
            if complete {
                let mut all = true;
                for (part, key) in parts.iter().zip(&mut keys) {
                    let (SequentOutcome::Problem(problem), Some(key)) = (&part.outcome, key) else {
                        continue;
                    };
                    if !key.recheck(cache, problem, &mut outcome.cache) {
                        all = false;
                        break;
                    }
                }
                if all {
                    let used: Vec<String> = keys.into_iter().flatten().map(|p| p.key).collect();
                    if let Some(entry) = used.first().and_then(|key| cache.get(key)) {
                        (outcome.given, outcome.generated) = (entry.given, entry.generated);
                    }
                    outcome.verdict = Verdict::Proved;
                    outcome.strategy = k;
                    outcome.by_instantiation = matches!(strategy, Strategy::Instantiation(_));
                    outcome.rechecked = used.len();
                    outcome.cache.used = used;
                    outcome.elapsed = start.elapsed();
                    return outcome;
                }
            }
            lookups[k] = keys;
        }
        // The look-up's translations are the search's: their time is the obligation's.
        outcome.elapsed = start.elapsed();
    }
    for (k, (strategy, translate)) in strategies.iter().enumerate() {
        // A translation made by the look-up above is not counted again in the strategy's time
        // limit (it took a small part of it, and was needed to look the problems up anyway).
        let started = Started::now(strategy);
        let at = translated[k].unwrap_or_else(|| translation_of(&mut translations, translate));
        let mut hook = CacheHook {
            cache,
            obligation: name,
            fingerprint: strategy_fingerprint(strategy, translate),
            parts: std::mem::take(&mut lookups[k]),
            used: CacheUse::default(),
        };
        let r = check_translated(name, &translations[at].1, strategy, &mut hook, started);
        outcome.verdict = r.verdict;
        outcome.given += r.given;
        outcome.generated += r.generated;
        outcome.elapsed += r.elapsed;
        outcome.strategy = k;
        outcome.by_instantiation = matches!(strategy, Strategy::Instantiation(_));
        outcome.searched += r.searched;
        outcome.rechecked += r.rechecked;
        outcome.cache.discarded += hook.used.discarded;
        // Only the proving strategy's proofs are kept: they are the obligation's proof.
        if r.verdict == Verdict::Proved {
            outcome.cache.used = hook.used.used;
            outcome.cache.stored = hook.used.stored;
        }
        // Only a search that gave up may succeed with another strategy: a saturated one proved
        // the translation satisfiable.
        if r.verdict != Verdict::GaveUp {
            break;
        }
    }
    outcome
}

/// An obligation's translations, each with the options it was made under.
type Translations = Vec<(TranslateOptions, Vec<SequentTranslation>)>;

/// Where the translation under `options` is in `translations`, made by `translate` and added
/// if it is not there yet.
fn translation_index(
    translations: &mut Translations,
    options: &TranslateOptions,
    translate: impl FnOnce() -> Vec<SequentTranslation>,
) -> usize {
    if let Some(at) = translations.iter().position(|(o, _)| o == options) {
        return at;
    }
    translations.push((*options, translate()));
    translations.len() - 1
}

/// What the cache said of one problem, decided once per problem and obligation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lookup {
    /// No entry: the problem is searched, and a refutation found is stored under its key.
    Missing,
    /// An entry not re-checked yet.
    Unchecked,
    /// An entry that re-checked against the problem.
    Rechecked,
    /// An entry that failed to read or to re-check: the problem is searched.
    Failed,
}

/// One problem's key, the size of its signature (symbols past it are the search's), and what
/// the cache said of it.
#[derive(Clone, Debug)]
struct PartKey {
    key: String,
    base: usize,
    lookup: Lookup,
}

impl PartKey {
    /// The problem keyed under a strategy's fingerprint and looked up (not re-checked).
    fn look_up(cache: &ProofCache, problem: &Problem, fingerprint: &str) -> PartKey {
        let key = problem_key(problem, fingerprint);
        let lookup = if cache.get(&key).is_some() { Lookup::Unchecked } else { Lookup::Missing };
        PartKey { key, base: problem.signature.len(), lookup }
    }

    /// Whether the problem is settled by its entry: an entry not yet re-checked is re-checked
    /// now (a failure counted in `used` as discarded), one re-checked before is not again.
    fn recheck(&mut self, cache: &ProofCache, problem: &Problem, used: &mut CacheUse) -> bool {
        if self.lookup == Lookup::Unchecked {
            let checks = cache.get(&self.key).is_some_and(|entry| entry.recheck(problem).is_ok());
            self.lookup = if checks { Lookup::Rechecked } else { Lookup::Failed };
            if !checks {
                used.discarded += 1;
            }
        }
        self.lookup == Lookup::Rechecked
    }
}

/// The cache around one strategy's run of one obligation: each problem settled by its entry
/// when that re-checks (looked up and re-checked at most once, whether here or before the
/// search), each refutation found kept as a new entry. The prompt's `prove` runs its
/// whole-obligation strategies through it too.
pub struct CacheHook<'a> {
    cache: Option<&'a ProofCache>,
    obligation: &'a str,
    fingerprint: String,
    /// Per part: its key and look-up, carried from before the search or made on first sight.
    parts: Vec<Option<PartKey>>,
    used: CacheUse,
}

impl<'a> CacheHook<'a> {
    /// The hook of obligation `obligation` run under a strategy with this
    /// [`cache::strategy_fingerprint`], looking proofs up in `cache` (none: nothing is looked
    /// up or kept).
    pub fn new(
        cache: Option<&'a ProofCache>,
        obligation: &'a str,
        fingerprint: String,
    ) -> CacheHook<'a> {
        CacheHook { cache, obligation, fingerprint, parts: Vec::new(), used: CacheUse::default() }
    }

    /// The entries the run re-checked and used, and the ones it made.
    pub fn into_use(self) -> CacheUse {
        self.used
    }
}

impl ProofHook for CacheHook<'_> {
    fn settle(&mut self, part: usize, problem: &Problem, _: &Strategy) -> bool {
        // Without a cache nothing is looked up or kept, so no key is made.
        let Some(cache) = self.cache else { return false };
        if self.parts.len() <= part {
            self.parts.resize(part + 1, None);
        }
        let key = self.parts[part]
            .get_or_insert_with(|| PartKey::look_up(cache, problem, &self.fingerprint));
        if key.recheck(cache, problem, &mut self.used) {
            self.used.used.push(key.key.clone());
            return true;
        }
        false
    }

    fn instantiated(&mut self, part: usize, solved: &crate::solve::InstSolved) {
        if let Some(Some(key)) = self.parts.get(part)
            && let Some(entry) =
                Entry::from_instances(self.obligation, &solved.result, &solved.problem.bank)
        {
            self.used.stored.push((key.key.clone(), entry));
        }
    }

    fn refuted(&mut self, part: usize, proof: &Proof, signature: &FolSignature, bank: &TermBank) {
        if let Some(Some(key)) = self.parts.get(part) {
            let entry = Entry::from_proof(self.obligation, proof, signature, key.base, bank);
            self.used.stored.push((key.key.clone(), entry));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slices(prover: &ProverOptions) -> Vec<Duration> {
        schedule(prover, &TranslateOptions::default())
            .iter()
            .map(|(strategy, _)| match strategy {
                Strategy::Superposition(options) => options.limits.time.unwrap(),
                Strategy::Instantiation(options) => options.time.unwrap(),
            })
            .collect()
    }

    #[test]
    fn the_schedule_shares_the_whole_time_limit() {
        let mut prover = prover_defaults();
        prover.limits.time = Some(Duration::from_secs(10));
        let ms = |d: &Duration| d.as_millis();
        let six: Vec<u128> = slices(&prover).iter().map(ms).collect();
        // 35 : 25 : 20 : 20 : 10 : 10 of 120; the last takes what rounding leaves.
        assert_eq!(six, vec![2916, 2083, 1666, 1666, 833, 833]);
        let whole = |p: &ProverOptions| slices(p).iter().sum::<Duration>();
        assert_eq!(whole(&prover), Duration::from_secs(10));
        // Without selection the third strategy would repeat the first: its share is spread over
        // the others in proportion (35 : 25 : 20 : 10 : 10 of 100).
        prover.selection = crate::prover::LiteralSelection::None;
        let five: Vec<u128> = slices(&prover).iter().map(ms).collect();
        assert_eq!(five, vec![3500, 2500, 2000, 1000, 1000]);
        assert_eq!(whole(&prover), Duration::from_secs(10));
    }
}
