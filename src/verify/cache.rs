//! The proof cache of `craig verify`: each translated problem an obligation's proof refuted,
//! keyed by a stable hash of the problem and the strategy that refuted it, with the proof in a
//! printed form that the independent checker ([`crate::prover::check`]) re-checks on every use.
//!
//! # Why a cached proof is sound
//!
//! The cache is never trusted. A hit gives a proof, which is parsed over a copy of the problem's
//! own signature and terms and re-checked by [`check_proof`] against the problem's own clauses,
//! exactly as a proof found by a search is checked (or ground instances, re-checked as below).
//! A proof that fails to parse or to check is discarded and the problem is searched again. So a stale, edited or colliding entry can cost
//! time, never a verdict: the key only chooses which proof to try.
//!
//! # The key
//!
//! [`problem_key`] is FNV-1a (64 bits, the published offset basis and prime, so the same on
//! every run, build and machine, unlike std's randomly keyed hasher) over a canonical text of
//! the problem: every symbol with its id, name, arity and kind, then every clause with its terms
//! written over symbol ids and variable numbers, then the strategy's fingerprint (the
//! translation options and the engine's options, with the time limit and its clock left out:
//! a proof found within one limit is a proof under any). Symbol ids are part of the text, so a
//! proof written over ids means the same symbols whenever its key matches.
//!
//! # The proof's form
//!
//! An [`Entry`] holds the proof's nodes in order: each node's id, rule name, input index,
//! clause and premise instances as text, terms written `s12(X0,s3)` (symbol 12 applied to
//! variable 0 and symbol 3). Symbols the search added to the problem's signature (AVATAR's
//! split names) are listed with their names, arities and kinds, and are added again, in order,
//! before the proof is read.
//!
//! A problem the instantiation engine refuted is kept as the ground clauses its refutation used
//! ([`Entry::instances`]: each an input clause's index and a ground clause, written as above),
//! not as a superposition proof: its refutation is a case analysis on ground equalities that
//! the superposition checker's small DPLL, which does not learn, would redo exponentially. On a
//! hit, [`crate::inst::recheck_ground`] checks each stored clause to be a substitution instance
//! of the input clause it names (an independent matcher) and re-decides the small ground set
//! with the SMT core, whose refutation is checked (theory lemmas by a naive closure, the SAT
//! proof by `crate::sat`'s checker); nothing of the search that found the instances (triggers,
//! rounds, models) is trusted or run again.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::fol::{
    Clause, Literal, Problem, Signature, SymbolId, SymbolKind, TermBank, TermId, TermView,
};
use crate::prover::check::{CheckError, CheckReport, check_proof};
use crate::prover::proof::{Premise, ProofNode};
use crate::prover::{ClauseId, Proof, ProofStep, Rule};
use crate::solve::goal::Strategy;
use crate::translate::TranslateOptions;

/// The version of the cache file's format; a file of another version is ignored whole.
pub const CACHE_VERSION: u32 = 2;

/// Why a cache file or one of its proofs could not be used.
#[derive(Debug, Error)]
pub enum CacheError {
    /// The file is not a cache file (RON syntax or shape).
    #[error("not a proof cache: {0}")]
    Format(#[from] ron::error::SpannedError),
    /// The file was written by another format version.
    #[error("format version {found}, this craig reads version {CACHE_VERSION}")]
    Version {
        /// The version the file gives.
        found: u32,
    },
    /// A term or clause of a stored proof does not parse.
    #[error("node {node}: cannot read `{text}`: {why}")]
    Syntax {
        /// The node's id.
        node: u32,
        /// The text.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A stored proof names a rule craig does not have.
    #[error("node {node}: unknown rule `{rule}`")]
    UnknownRule {
        /// The node's id.
        node: u32,
        /// The name.
        rule: String,
    },
    /// A symbol the proof adds is already in the problem's signature, or lands at another id.
    #[error("the proof's symbol `{name}` clashes with the problem's signature")]
    SymbolClash {
        /// The symbol's name.
        name: String,
    },
    /// The independent checker rejected the proof.
    #[error("the proof does not check: {0}")]
    Check(#[from] CheckError),
    /// The stored ground instances are not instances of the problem's clauses, or do not
    /// re-derive a refutation.
    #[error("the ground instances do not refute the problem: {0}")]
    Ground(#[from] crate::inst::GroundError),
}

/// One stored proof node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    /// The node's clause id.
    pub id: u32,
    /// Its rule ([`Rule::name`]).
    pub rule: String,
    /// For an input node, the index of its clause in the problem.
    pub input: Option<usize>,
    /// The clause: literals `s=t` or `s!=t` joined by `|`, empty for the empty clause.
    pub clause: String,
    /// Each premise: its id and its instance, terms joined by `,`.
    pub premises: Vec<(u32, String)>,
}

/// One cached proof of one translated problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The obligation it is part of (for people, and to drop the entries an obligation no
    /// longer uses).
    pub obligation: String,
    /// The given and generated clauses the obligation's proof took, so a re-checked obligation
    /// reports what its search reported.
    pub given: u64,
    /// See `given`.
    pub generated: u64,
    /// Symbols the search added to the problem's signature: name, arity, whether a predicate.
    pub symbols: Vec<(String, u32, bool)>,
    /// The proof's nodes, premises first, the empty clause last (a superposition refutation).
    pub nodes: Vec<Node>,
    /// The ground clauses an instantiation refutation used (see the module documentation);
    /// when not empty, the entry is re-checked through them and `nodes` is empty.
    #[serde(default)]
    pub instances: Vec<GroundInstance>,
}

/// One ground clause of a stored instantiation refutation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroundInstance {
    /// The index of the input clause it is claimed to be an instance of.
    pub source: usize,
    /// The ground clause, written as a node's clause is.
    pub clause: String,
}

/// The cache: entries by key, written to and read from one file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProofCache {
    /// [`CACHE_VERSION`].
    pub version: u32,
    /// Entries by [`problem_key`].
    pub entries: BTreeMap<String, Entry>,
}

/// What one obligation did with the cache: the entries it re-checked and those it stored.
#[derive(Clone, Debug, Default)]
pub struct CacheUse {
    /// Keys of entries whose proofs were re-checked and used.
    pub used: Vec<String>,
    /// New entries of problems this obligation's proof searched.
    pub stored: Vec<(String, Entry)>,
    /// How many entries failed to parse or to check and were passed over.
    pub discarded: usize,
}

impl ProofCache {
    /// An empty cache.
    pub fn new() -> ProofCache {
        ProofCache { version: CACHE_VERSION, entries: BTreeMap::new() }
    }

    /// Reads a cache file's text.
    pub fn from_text(text: &str) -> Result<ProofCache, CacheError> {
        let cache: ProofCache = ron::from_str(text)?;
        if cache.version != CACHE_VERSION {
            return Err(CacheError::Version { found: cache.version });
        }
        Ok(cache)
    }

    /// The file's text: entries in key order, so the same cache is the same text.
    pub fn to_text(&self) -> String {
        ron::to_string(self).expect("a cache of strings and numbers serializes")
    }

    /// The cache in the file at `path`: empty when there is no file yet; empty too, with the
    /// warning to print, when the file cannot be read or is not a cache (the run is then a
    /// cold one, and rewrites the file). `craig verify` and the prompt read it alike.
    pub fn read_or_empty(path: &Path) -> (ProofCache, Option<String>) {
        let ignoring = |e: &dyn std::fmt::Display| {
            Some(format!("warning: ignoring the proof cache {}: {e}", path.display()))
        };
        match std::fs::read_to_string(path) {
            Ok(text) => match ProofCache::from_text(&text) {
                Ok(cache) => (cache, None),
                Err(e) => (ProofCache::new(), ignoring(&e)),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (ProofCache::new(), None),
            Err(e) => (ProofCache::new(), ignoring(&e)),
        }
    }

    /// The entry of `key`.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.get(key)
    }

    /// Whether some entry belongs to the obligation `name`.
    pub fn knows(&self, name: &str) -> bool {
        self.entries.values().any(|e| e.obligation == name)
    }

    /// The names of the obligations with entries.
    pub fn obligations(&self) -> BTreeSet<&str> {
        self.entries.values().map(|e| e.obligation.as_str()).collect()
    }

    /// Takes in what a run did: for each obligation that ran (`name`, whether proved, its
    /// figures, its cache use), only the entries it used or stored stay (an obligation that
    /// changed leaves no stale proofs behind), all carrying the figures of this run; an
    /// obligation not proved keeps none. Entries of obligations that did not run stay as they
    /// are. Returns whether anything changed.
    pub fn update<'a>(
        &mut self,
        runs: impl IntoIterator<Item = (&'a str, bool, u64, u64, &'a CacheUse)>,
    ) -> bool {
        let before = self.clone();
        for (name, proved, given, generated, used) in runs {
            let keep: BTreeSet<&str> = if proved {
                used.used.iter().map(String::as_str).collect()
            } else {
                BTreeSet::new()
            };
            self.entries.retain(|key, e| e.obligation != name || keep.contains(key.as_str()));
            if proved {
                for (key, entry) in &used.stored {
                    self.entries.insert(key.clone(), entry.clone());
                }
                for e in self.entries.values_mut().filter(|e| e.obligation == name) {
                    e.given = given;
                    e.generated = generated;
                }
            }
        }
        *self != before
    }
}

/// The cache file of a program whose first file is `first`: `.craig-cache/STEM.ron` in that
/// file's folder (one folder to ignore or delete, one file per program), shared by
/// `craig verify` and the prompt's `prove`.
pub fn default_path(first: &Path) -> Option<PathBuf> {
    let stem = first.file_stem()?.to_string_lossy().into_owned();
    let folder = first.parent().map(PathBuf::from).unwrap_or_default();
    Some(folder.join(".craig-cache").join(format!("{stem}.ron")))
}

/// The 64-bit FNV-1a hash of `bytes` (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// What of a strategy decides its answer: the engine and its options, the translation's
/// options, without the time limit and its clock.
pub fn strategy_fingerprint(strategy: &Strategy, translate: &TranslateOptions) -> String {
    match strategy {
        Strategy::Superposition(options) => {
            let mut options = options.clone();
            options.limits.time = None;
            options.limits.clock = Default::default();
            format!("superposition {options:?} {translate:?}")
        }
        Strategy::Instantiation(options) => {
            let options = crate::inst::InstOptions {
                time: None,
                clock: Default::default(),
                cancel: None,
                ..options.clone()
            };
            format!("instantiation {options:?} {translate:?}")
        }
    }
}

/// The key of `problem` under a strategy with this fingerprint: 16 hexadecimal digits of
/// [`fnv1a64`] over the canonical text (see the module documentation).
pub fn problem_key(problem: &Problem, fingerprint: &str) -> String {
    let mut text = String::new();
    let signature = &problem.signature;
    for id in signature.ids() {
        let info = signature.info(id);
        let kind = match info.kind {
            SymbolKind::Function => 'f',
            SymbolKind::Predicate => 'p',
            SymbolKind::True => 't',
        };
        text.push_str(&format!("{} {}/{}/{kind}\n", id.0, info.name, info.arity));
    }
    for c in &problem.clauses {
        write_clause(&problem.bank, &c.clause, &mut text);
        text.push('\n');
    }
    text.push_str(fingerprint);
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

fn write_term(bank: &TermBank, t: TermId, out: &mut String) {
    match bank.view(t) {
        TermView::Var(n) => out.push_str(&format!("X{n}")),
        TermView::App(f, args) => {
            out.push_str(&format!("s{}", f.0));
            if !args.is_empty() {
                out.push('(');
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_term(bank, a, out);
                }
                out.push(')');
            }
        }
    }
}

fn write_clause(bank: &TermBank, clause: &Clause, out: &mut String) {
    for (i, l) in clause.literals.iter().enumerate() {
        if i > 0 {
            out.push('|');
        }
        write_term(bank, l.lhs, out);
        out.push_str(if l.positive { "=" } else { "!=" });
        write_term(bank, l.rhs, out);
    }
}

impl Entry {
    /// The entry of a checked `proof` of a problem whose signature had `base` symbols;
    /// `signature` and `bank` are the search's (they hold every symbol and term of the proof).
    pub fn from_proof(
        obligation: &str,
        proof: &Proof,
        signature: &Signature,
        base: usize,
        bank: &TermBank,
    ) -> Entry {
        let symbols = signature
            .ids()
            .skip(base)
            .map(|id| {
                let info = signature.info(id);
                (info.name.clone(), info.arity, info.kind == SymbolKind::Predicate)
            })
            .collect();
        let nodes = proof
            .nodes
            .iter()
            .map(|n| {
                let mut clause = String::new();
                write_clause(bank, &n.clause, &mut clause);
                let premises = n
                    .step
                    .premises
                    .iter()
                    .map(|p| {
                        let mut terms = String::new();
                        for (i, &t) in p.instance.iter().enumerate() {
                            if i > 0 {
                                terms.push(',');
                            }
                            write_term(bank, t, &mut terms);
                        }
                        (p.clause.0, terms)
                    })
                    .collect();
                Node {
                    id: n.id.0,
                    rule: n.step.rule.name().to_string(),
                    input: n.step.input_index,
                    clause,
                    premises,
                }
            })
            .collect();
        Entry {
            obligation: obligation.to_string(),
            given: 0,
            generated: 0,
            symbols,
            nodes,
            instances: Vec::new(),
        }
    }

    /// The entry of an instantiation refutation: the ground clauses of `result` its refutation
    /// used ([`crate::inst::InstResult::refutation`]), over `bank` (the run's: it holds the
    /// instances' terms). `None` when the result names none (no refutation).
    pub fn from_instances(
        obligation: &str,
        result: &crate::inst::InstResult,
        bank: &TermBank,
    ) -> Option<Entry> {
        let mut instances = Vec::with_capacity(result.refutation.len());
        for &i in &result.refutation {
            let instance = result.instances.get(i)?;
            let mut clause = String::new();
            write_clause(bank, &instance.clause, &mut clause);
            instances.push(GroundInstance { source: instance.source, clause });
        }
        if instances.is_empty() {
            return None;
        }
        Some(Entry {
            obligation: obligation.to_string(),
            given: 0,
            generated: 0,
            symbols: Vec::new(),
            nodes: Vec::new(),
            instances,
        })
    }

    /// Re-checks the entry against `problem`: its ground instances by
    /// [`crate::inst::recheck_ground`], or its proof, read over a copy of the problem's
    /// signature and terms, by the independent proof checker against the problem's clauses.
    pub fn recheck(&self, problem: &Problem) -> Result<(), CacheError> {
        if self.instances.is_empty() {
            self.recheck_proof(problem).map(|_| ())
        } else {
            self.recheck_instances(problem)
        }
    }

    /// The stored ground instances, read over a copy of `problem`'s terms, re-derive a
    /// refutation of its clauses.
    fn recheck_instances(&self, problem: &Problem) -> Result<(), CacheError> {
        let mut bank = problem.bank.clone();
        let mut instances = Vec::with_capacity(self.instances.len());
        for (k, instance) in self.instances.iter().enumerate() {
            let node = u32::try_from(k).unwrap_or(u32::MAX);
            let mut reader = Reader { signature: &problem.signature, bank: &mut bank, node };
            instances.push((instance.source, reader.clause(&instance.clause)?));
        }
        let clauses: Vec<Clause> = problem.clauses.iter().map(|c| c.clause.clone()).collect();
        crate::inst::recheck_ground(&problem.signature, &bank, &clauses, &instances)?;
        Ok(())
    }

    /// Reads the proof over a copy of `problem`'s signature and terms and checks it against the
    /// problem's clauses with the independent checker.
    fn recheck_proof(&self, problem: &Problem) -> Result<CheckReport, CacheError> {
        let mut signature = problem.signature.clone();
        let mut bank = problem.bank.clone();
        for (name, arity, predicate) in &self.symbols {
            let kind = if *predicate { SymbolKind::Predicate } else { SymbolKind::Function };
            let expected = signature.len();
            let id = signature.intern(name, *arity, kind);
            if id.0 as usize != expected {
                return Err(CacheError::SymbolClash { name: name.clone() });
            }
        }
        let mut nodes = Vec::with_capacity(self.nodes.len());
        for n in &self.nodes {
            let mut reader = Reader { signature: &signature, bank: &mut bank, node: n.id };
            let clause = reader.clause(&n.clause)?;
            let mut premises = Vec::with_capacity(n.premises.len());
            for (id, terms) in &n.premises {
                let instance = reader.terms(terms)?;
                premises.push(Premise { clause: ClauseId(*id), instance });
            }
            let rule = Rule::from_name(&n.rule)
                .ok_or_else(|| CacheError::UnknownRule { node: n.id, rule: n.rule.clone() })?;
            let step = ProofStep { rule, premises, input_index: n.input };
            nodes.push(ProofNode { id: ClauseId(n.id), clause, step });
        }
        let inputs: Vec<Clause> = problem.clauses.iter().map(|c| c.clause.clone()).collect();
        Ok(check_proof(&Proof { nodes }, &inputs, &signature, &bank)?)
    }
}

/// The largest variable number a stored proof may use, plus one (clauses have a few dozen).
const MAX_VARIABLE: u32 = 1 << 16;

/// Reads the printed terms and clauses of one node back into a term bank.
struct Reader<'a> {
    signature: &'a Signature,
    bank: &'a mut TermBank,
    node: u32,
}

impl Reader<'_> {
    fn error(&self, text: &str, why: &'static str) -> CacheError {
        CacheError::Syntax { node: self.node, text: text.to_string(), why }
    }

    /// A clause: `|`-separated literals, none for the empty clause.
    fn clause(&mut self, text: &str) -> Result<Clause, CacheError> {
        let mut literals = Vec::new();
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            if !literals.is_empty() {
                if bytes[at] != b'|' {
                    return Err(self.error(text, "expected `|` between literals"));
                }
                at += 1;
            }
            let lhs = self.term(text, &mut at)?;
            let positive = if bytes[at..].starts_with(b"!=") {
                at += 2;
                false
            } else if bytes[at..].starts_with(b"=") {
                at += 1;
                true
            } else {
                return Err(self.error(text, "expected `=` or `!=`"));
            };
            let rhs = self.term(text, &mut at)?;
            literals.push(Literal::new(lhs, rhs, positive));
        }
        Ok(Clause::new(literals))
    }

    /// Terms separated by `,`, none for the empty text.
    fn terms(&mut self, text: &str) -> Result<Vec<TermId>, CacheError> {
        let mut terms = Vec::new();
        let mut at = 0;
        while at < text.len() {
            if !terms.is_empty() {
                if text.as_bytes()[at] != b',' {
                    return Err(self.error(text, "expected `,` between terms"));
                }
                at += 1;
            }
            terms.push(self.term(text, &mut at)?);
        }
        Ok(terms)
    }

    /// One term from `at`: `Xn` or `sn` with arguments in brackets.
    fn term(&mut self, text: &str, at: &mut usize) -> Result<TermId, CacheError> {
        let bytes = text.as_bytes();
        let Some(&sigil) = bytes.get(*at) else {
            return Err(self.error(text, "the text ends where a term should be"));
        };
        // Only an ASCII sigil moves `at` to a character boundary, where the number is sliced.
        if !sigil.is_ascii() {
            return Err(self.error(text, "expected `X` or `s`"));
        }
        *at += 1;
        let start = *at;
        while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        let number: u32 =
            text[start..*at].parse().map_err(|_| self.error(text, "expected a number"))?;
        match sigil {
            // Variables are made up to the number read: a bound keeps a damaged file from
            // asking for billions.
            b'X' if number < MAX_VARIABLE => Ok(self.bank.var(number)),
            b'X' => Err(self.error(text, "a variable number past the bound")),
            b's' => {
                if number as usize >= self.signature.len() {
                    return Err(self.error(text, "a symbol id past the signature"));
                }
                let head = SymbolId(number);
                let mut args = Vec::new();
                if bytes.get(*at) == Some(&b'(') {
                    *at += 1;
                    loop {
                        args.push(self.term(text, at)?);
                        match bytes.get(*at) {
                            Some(b',') => *at += 1,
                            Some(b')') => {
                                *at += 1;
                                break;
                            }
                            _ => return Err(self.error(text, "expected `,` or `)`")),
                        }
                    }
                }
                if args.len() != self.signature.arity(head) as usize {
                    return Err(self.error(text, "a symbol applied to the wrong number of terms"));
                }
                Ok(self.bank.app(self.signature, head, &args))
            }
            _ => Err(self.error(text, "a term starts with `X` or `s`")),
        }
    }
}
