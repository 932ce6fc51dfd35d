//! The proof cache at the prompt: `prove` on a goal of a Java theory looks the goal's problems
//! up in the program's cache file, the one `craig verify` keeps (`.craig-cache/STEM.ron` beside
//! the first file), before any search, and stores each proof it finds there, so the prompt and
//! the command line each reuse what the other proved.
//!
//! Every hit is re-checked against the problem as translated now by [`Entry::recheck`] (the
//! independent proof checker, or the ground instances' matcher and the SMT core), exactly as
//! `craig verify` re-checks it: the cache chooses which proof to try, never a verdict. A proof
//! that does not re-check is passed over and the goal is searched.
//!
//! The file is read once per `prove` command (another process may have written it since the
//! last) and written back atomically when the command stored something. The prompt only adds
//! entries: a goal is one sequent of an obligation, so it cannot tell which of the
//! obligation's old entries are stale; the next `craig verify` over the obligation keeps only
//! the entries its proof used.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::fol::Problem;
use crate::solve::goal::Strategy;
use crate::translate::{SequentOutcome, TranslateOptions};
use crate::verify::cache::{Entry, default_path, problem_key, strategy_fingerprint};
use crate::verify::{CacheUse, ProofCache};

use super::{CommandError, GoalProblem, Workbench};

/// Where a goal's proofs are kept: its program's cache file and the obligation it belongs to.
#[derive(Clone, Debug)]
pub(crate) struct Target {
    /// The cache file.
    pub path: PathBuf,
    /// The obligation's name (`craig verify`'s: entries are kept and dropped by it).
    pub obligation: String,
}

/// The cache files one `prove` command read, each with whether the command stored into it.
#[derive(Default)]
pub(crate) struct PromptCache {
    files: BTreeMap<PathBuf, (ProofCache, bool)>,
}

impl PromptCache {
    /// Where the goal `name`'s proofs are kept, when the cache is on and the goal is a Java
    /// obligation's.
    pub fn target(wb: &Workbench, name: &str) -> Option<Target> {
        if !wb.state.settings.cache {
            return None;
        }
        let goal = wb.state.goal(name).ok()?;
        let (java, index) = wb.state.obligation_of(goal)?;
        let path = default_path(Path::new(java.files.first()?))?;
        Some(Target { path, obligation: java.obligation(index).sequent.name.clone() })
    }

    /// The cache in `path`, read on first use in this command; a file that cannot be used is
    /// a warning and an empty cache (which the command rewrites if it stores a proof).
    fn file(&mut self, path: &Path, out: &mut dyn Write) -> std::io::Result<&mut ProofCache> {
        if !self.files.contains_key(path) {
            let (cache, warning) = ProofCache::read_or_empty(path);
            if let Some(warning) = warning {
                writeln!(out, "{warning}")?;
            }
            self.files.insert(path.to_path_buf(), (cache, false));
        }
        Ok(&mut self.files.get_mut(path).expect("inserted above").0)
    }

    /// Keeps a proof found by a search (or the entries a whole-obligation run made).
    pub fn store(&mut self, target: &Target, entries: Vec<(String, Entry)>) {
        if entries.is_empty() {
            return;
        }
        if let Some((cache, changed)) = self.files.get_mut(&target.path) {
            for (key, entry) in entries {
                *changed |= cache.entries.get(&key) != Some(&entry);
                cache.entries.insert(key, entry);
            }
        }
    }

    /// The entry of a problem a search refuted, by superposition: `None` without a checked
    /// proof.
    pub fn superposition_entry(
        target: &Target,
        key: &str,
        solved: &crate::solve::Solved,
        base: usize,
    ) -> Option<(String, Entry)> {
        let (Some(proof), Some(Ok(_))) = (&solved.proof, &solved.check) else { return None };
        let mut entry = Entry::from_proof(
            &target.obligation,
            proof,
            &solved.prover.signature,
            base,
            &solved.prover.bank,
        );
        let stats = solved.stats();
        (entry.given, entry.generated) = (stats.given, stats.generated);
        Some((key.to_string(), entry))
    }

    /// The entry of a problem the instantiation engine refuted.
    pub fn instantiation_entry(
        target: &Target,
        key: &str,
        solved: &crate::solve::InstSolved,
    ) -> Option<(String, Entry)> {
        let entry =
            Entry::from_instances(&target.obligation, &solved.result, &solved.problem.bank)?;
        Some((key.to_string(), entry))
    }

    /// The cache a whole-obligation run looks proofs up in (read now if it was not yet).
    pub fn for_run(
        &mut self,
        target: &Target,
        out: &mut dyn Write,
    ) -> std::io::Result<&ProofCache> {
        self.file(&target.path, out).map(|c| &*c)
    }

    /// Keeps what a whole-obligation run stored.
    pub fn store_use(&mut self, target: &Target, used: CacheUse) {
        self.store(target, used.stored);
    }

    /// Looks goal `name` up under each strategy of `plan` in order, as `craig verify` does
    /// before it searches (the first strategy whose problems all have entries that re-check
    /// settles it): the strategy that settled it, if one did, and how many entries did not
    /// re-check. Nothing is looked up for an obligation the cache has no entry of, so a cold
    /// run translates nothing it would not have.
    pub fn look_up(
        &mut self,
        wb: &Workbench,
        name: &str,
        target: &Target,
        plan: &[(Strategy, TranslateOptions)],
        out: &mut dyn Write,
    ) -> Result<Lookup, CommandError> {
        let cache = self.file(&target.path, out)?;
        let mut lookup = Lookup { strategy: None, discarded: 0 };
        if !cache.knows(&target.obligation) {
            return Ok(lookup);
        }
        let goal = wb.state.goal(name)?;
        for (k, (strategy, translate)) in plan.iter().enumerate() {
            let fingerprint = strategy_fingerprint(strategy, translate);
            let mut check = |problem: &Problem| match cache.get(&problem_key(problem, &fingerprint))
            {
                None => None,
                Some(entry) => {
                    let checks = entry.recheck(problem).is_ok();
                    lookup.discarded += usize::from(!checks);
                    Some(checks)
                }
            };
            let settled = if translate.split_extensionality {
                // This strategy proves the whole obligation (its sequents are not the goals):
                // every problem of it must have an entry that re-checks.
                let Some((java, index)) = wb.state.obligation_of(goal) else { continue };
                let file = java.files.first().map_or("", String::as_str);
                let parts = java.translate(index, translate, file);
                let refused = parts.iter().any(|p| matches!(p.outcome, SequentOutcome::Refused(_)));
                let problems: Vec<&Problem> = parts
                    .iter()
                    .filter_map(|p| match &p.outcome {
                        SequentOutcome::Problem(problem) => Some(&**problem),
                        _ => None,
                    })
                    .collect();
                !refused
                    && !problems.is_empty()
                    && problems.into_iter().all(|p| check(p) == Some(true))
            } else {
                match wb.state.problem_of_with(goal, translate)? {
                    GoalProblem::Ready(problem) => check(&problem) == Some(true),
                    // Settled without a search, or refused: the prompt says so as it always has.
                    GoalProblem::Discharged(_) | GoalProblem::Refused(_) => false,
                }
            };
            if settled {
                lookup.strategy = Some(k);
                break;
            }
        }
        Ok(lookup)
    }

    /// Writes back every file this command stored into; a file that cannot be written costs
    /// the next run time, never this one's answers, so it is a warning.
    pub fn finish(self, out: &mut dyn Write) -> std::io::Result<()> {
        for (path, (cache, changed)) in self.files {
            if changed
                && let Err(e) = crate::session::write_atomic(&path, cache.to_text().as_bytes())
            {
                writeln!(out, "warning: could not write the proof cache {}: {e}", path.display())?;
            }
        }
        Ok(())
    }
}

/// What looking a goal up found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lookup {
    /// The strategy (an index into the schedule) whose cached proofs settled the goal.
    pub strategy: Option<usize>,
    /// Entries that were there but did not re-check (each is searched again).
    pub discarded: usize,
}

/// The key of a goal's problem under one strategy of the schedule.
pub(crate) fn key_of(
    problem: &Problem,
    strategy: &Strategy,
    translate: &TranslateOptions,
) -> String {
    problem_key(problem, &strategy_fingerprint(strategy, translate))
}
