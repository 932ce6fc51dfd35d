//! The persistent summary database (`--db FILE`): each function's result under the lock or
//! leak checker, kept in SQLite under its [`fingerprint`] (its body, its callees' bodies, the
//! globals and the run's settings), so a rerun after an edit analyses only the functions whose
//! cone changed, and shards of a code base (`--shard I/N`) can share their work.
//!
//! SQLite (through `rusqlite`, with its bundled build) rather than files of craig's own
//! format: every write is one transaction, so an interrupted run leaves the database as it
//! was before or after, never half-written; several processes may write one file at once
//! (each waits for the others' locks); and a user can read it with any SQLite tool.
//!
//! A stored result is exactly what a new analysis would give (the key covers everything the
//! analysis reads), so the output of a run never depends on what the database held, only the
//! count of functions read from it. Functions that failed are not stored: they are tried
//! again on every run, as their failure may be a limit that a later run raises.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::SaturnError;
use super::fingerprint::{self, Frame};
use super::leak::{self, FunctionLeaks};
use super::lock::{self, FunctionLocks, LockError, LockSpec};
use super::schedule;
use crate::ir::{ProcId, Program};
use crate::syntax::Span;

/// The layout of the tables; a database written with another is refused, not misread.
const SCHEMA: &str = "craig-saturn-summaries-1";

/// Why the database could not be used.
#[derive(Debug, thiserror::Error)]
pub enum DatabaseError {
    /// SQLite refused an operation (the file is not a database, is locked past the wait, or
    /// cannot be written).
    #[error("summary database {path}: {source}")]
    Sqlite {
        /// The database file.
        path: PathBuf,
        /// SQLite's own error.
        source: rusqlite::Error,
    },
    /// The file is a database of another layout.
    #[error("summary database {path}: it holds {found}, not craig's {SCHEMA}")]
    Schema {
        /// The database file.
        path: PathBuf,
        /// What its layout says it is.
        found: String,
    },
}

/// One share of a code base: the functions whose name falls to shard `index` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// From 1.
    pub index: usize,
    /// At least 1.
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// Reads `I/N` with 1 ≤ I ≤ N.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("expected I/N with 1 <= I <= N, found `{text}`");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    /// Whether `function` is this shard's: by a digest of its name, so a function stays in
    /// its shard when others are added or removed, on every machine.
    pub fn holds(&self, function: &str) -> bool {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(function.as_bytes());
        let n = u64::from_be_bytes(digest[..8].try_into().expect("a SHA-256 digest has 32 bytes"));
        (n % self.count as u64) as usize == self.index - 1
    }
}

/// An open summary database.
pub struct Database {
    connection: Connection,
    path: PathBuf,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database").field("path", &self.path).finish()
    }
}

impl Database {
    /// Opens `path`, creating the database if the file does not exist.
    pub fn open(path: &Path) -> Result<Database, DatabaseError> {
        let failed = |source| DatabaseError::Sqlite { path: path.to_path_buf(), source };
        let connection = Connection::open(path).map_err(failed)?;
        // Shards running at once on one file wait for each other's writes.
        connection.busy_timeout(std::time::Duration::from_secs(600)).map_err(failed)?;
        let database = Database { connection, path: path.to_path_buf() };
        database.create()?;
        Ok(database)
    }

    fn sqlite(&self, source: rusqlite::Error) -> DatabaseError {
        DatabaseError::Sqlite { path: self.path.clone(), source }
    }

    fn create(&self) -> Result<(), DatabaseError> {
        self.connection
            .execute_batch(
                "BEGIN IMMEDIATE;
                 CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
                 INSERT OR IGNORE INTO meta VALUES ('schema', 'craig-saturn-summaries-1');
                 CREATE TABLE IF NOT EXISTS summaries (
                     key TEXT PRIMARY KEY,
                     checker TEXT NOT NULL,
                     function TEXT NOT NULL,
                     result TEXT NOT NULL
                 );
                 COMMIT;",
            )
            .map_err(|e| self.sqlite(e))?;
        let found: String = self
            .connection
            .query_row("SELECT value FROM meta WHERE name = 'schema'", [], |row| row.get(0))
            .map_err(|e| self.sqlite(e))?;
        if found != SCHEMA {
            return Err(DatabaseError::Schema { path: self.path.clone(), found });
        }
        Ok(())
    }

    /// The stored result under `key`, as written.
    fn get(&self, key: &str) -> Result<Option<String>, DatabaseError> {
        self.connection
            .query_row("SELECT result FROM summaries WHERE key = ?1", [key], |row| row.get(0))
            .optional()
            .map_err(|e| self.sqlite(e))
    }

    /// Stores `(key, checker, function, result)` rows in one transaction.
    fn put_all(&mut self, rows: &[(String, &str, String, String)]) -> Result<(), DatabaseError> {
        let path = self.path.clone();
        let failed = |source| DatabaseError::Sqlite { path: path.clone(), source };
        let transaction = self.connection.transaction().map_err(failed)?;
        {
            let mut insert = transaction
                .prepare("INSERT OR REPLACE INTO summaries VALUES (?1, ?2, ?3, ?4)")
                .map_err(failed)?;
            for (key, checker, function, result) in rows {
                insert.execute(params![key, checker, function, result]).map_err(failed)?;
            }
        }
        transaction.commit().map_err(failed)
    }

    /// Copies into this database every summary of `other` it does not hold (the results of
    /// shards that each wrote their own file); returns how many were new.
    pub fn merge(&mut self, other: &Path) -> Result<usize, DatabaseError> {
        // Checks the other file's layout before reading it.
        drop(Database::open(other)?);
        let path = self.path.clone();
        let failed = |source| DatabaseError::Sqlite { path: path.clone(), source };
        self.connection
            .execute("ATTACH DATABASE ?1 AS other", [other.to_string_lossy()])
            .map_err(failed)?;
        let copied = self
            .connection
            .execute("INSERT OR IGNORE INTO main.summaries SELECT * FROM other.summaries", [])
            .map_err(failed);
        self.connection.execute("DETACH DATABASE other", []).map_err(failed)?;
        copied
    }

    /// How many summaries it holds.
    pub fn len(&self) -> Result<usize, DatabaseError> {
        self.connection
            .query_row("SELECT COUNT(*) FROM summaries", [], |row| row.get::<_, i64>(0))
            .map(|n| n as usize)
            .map_err(|e| self.sqlite(e))
    }

    /// True when it holds no summary.
    pub fn is_empty(&self) -> Result<bool, DatabaseError> {
        Ok(self.len()? == 0)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// A checker's result for one function, as the database keeps it.
pub trait Stored: Serialize + DeserializeOwned + Send + Clone {
    /// The checker's name in the database.
    const CHECKER: &'static str;

    /// Every source place in the result, to be written relative to its function.
    fn places(&mut self) -> Vec<&mut Option<Span>>;
}

impl Stored for FunctionLocks {
    const CHECKER: &'static str = "lock";

    fn places(&mut self) -> Vec<&mut Option<Span>> {
        let mut places: Vec<&mut Option<Span>> = self.locks.iter_mut().collect();
        for error in &mut self.errors {
            if let LockError::TypeA { from_locked, from_unlocked, .. } = error {
                places.push(&mut from_locked.0);
                places.push(&mut from_unlocked.0);
            }
        }
        places
    }
}

impl Stored for FunctionLeaks {
    const CHECKER: &'static str = "leak";

    fn places(&mut self) -> Vec<&mut Option<Span>> {
        self.leaks.iter_mut().flat_map(|l| [&mut l.allocated_at, &mut l.through]).collect()
    }
}

/// The result with its places made relative to `frame`; None when one lies outside it.
fn encode<T: Stored>(result: &T, frame: &Frame) -> Option<String> {
    let mut stored = result.clone();
    for place in stored.places() {
        if let Some(span) = place {
            *place = Some(frame.relative(*span)?);
        }
    }
    serde_json::to_string(&stored).ok()
}

/// A stored result read back against `frame`; None when the record cannot be read (it is
/// then analysed again and replaced).
fn decode<T: Stored>(text: &str, frame: &Frame) -> Option<T> {
    let mut result: T = serde_json::from_str(text).ok()?;
    for place in result.places() {
        if let Some(span) = place {
            *place = Some(frame.absolute(*span)?);
        }
    }
    Some(result)
}

/// What a run did with the database.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Functions analysed in this run.
    pub analysed: usize,
    /// Functions whose result was read from the database.
    pub read: usize,
    /// Results written to the database.
    pub stored: usize,
    /// Functions left to other shards.
    pub elsewhere: usize,
}

impl Counts {
    /// What the run did with the database `path`, as `craig saturn` and the prompt's `saturn`
    /// say it after the findings.
    pub fn line(&self, path: &Path, shard: Option<Shard>) -> String {
        let mut line = format!(
            "summary database {}: {} read, {} analysed, {} stored",
            path.display(),
            self.read,
            self.analysed,
            self.stored
        );
        if let Some(s) = shard {
            line.push_str(&format!(
                "; shard {}/{}, {} functions left to the other shards",
                s.index, s.count, self.elsewhere
            ));
        }
        line
    }
}

/// A checker's result for one function, by name (a failed function with its reason).
pub type FunctionResult<T> = (String, Result<T, SaturnError>);

/// A checker's result per function, in the order the functions were checked.
pub type Results<T> = Vec<FunctionResult<T>>;

/// How a run uses the database.
pub struct Run<'a> {
    /// The database, if any.
    pub database: Option<&'a mut Database>,
    /// This run's share, if the code base is split.
    pub shard: Option<Shard>,
    /// The run's settings as text ([`Settings::key_text`]): part of every key, so only read
    /// with a database.
    pub settings: String,
    /// Threads for the functions analysed.
    pub jobs: usize,
}

impl<'a> Run<'a> {
    /// A run through `database` (if any) with these settings, on `jobs` threads.
    pub fn new(
        database: Option<&'a mut Database>,
        shard: Option<Shard>,
        settings: &Settings<'_>,
        jobs: usize,
    ) -> Run<'a> {
        // Only keys need the settings, and they digest the executable: no database, no digest.
        let settings = if database.is_some() { settings.key_text() } else { String::new() };
        Run { database, shard, settings, jobs }
    }

    /// A run without a database: every function of the program is analysed, on `jobs`
    /// threads.
    pub fn without_database(jobs: usize) -> Run<'static> {
        Run { database: None, shard: None, settings: String::new(), jobs }
    }
}

/// Everything besides the program that a function's result depends on.
#[derive(Clone, Copy, Debug)]
pub struct Settings<'a> {
    /// The checker's name (`lock` or `leak`).
    pub checker: &'a str,
    /// How many times each loop's back edge may be taken.
    pub unroll: u32,
    /// How many bits integers are blasted at.
    pub width: u32,
    /// How the front end read the program (its data model and integers), in words.
    pub front_end: &'a str,
    /// The lock specification's text, for the lock checker.
    pub spec: Option<&'a str>,
}

impl Settings<'_> {
    /// The settings as the database's keys hold them, craig's own build included (so a new
    /// build never reads an old build's results). The command line and the prompt write the
    /// same text for the same question, so they share a database.
    pub fn key_text(&self) -> String {
        let mut text = format!(
            "craig {} build {}\nchecker {}\nunroll {}\nwidth {}\nfront end {}\n",
            env!("CARGO_PKG_VERSION"),
            build_identity(),
            self.checker,
            self.unroll,
            self.width,
            self.front_end,
        );
        if let Some(spec) = self.spec {
            // The specification as its primitives, so comments and layout do not matter.
            text.push_str("spec");
            for line in spec.lines() {
                let words: Vec<&str> =
                    line.split('#').next().unwrap_or("").split_whitespace().collect();
                if !words.is_empty() {
                    text.push(' ');
                    text.push_str(&words.join(" "));
                    text.push(';');
                }
            }
            text.push('\n');
        }
        text
    }
}

/// A digest of the running executable, read once: results are only reused by the very build
/// that made them, on any machine.
fn build_identity() -> &'static str {
    static IDENTITY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    IDENTITY.get_or_init(|| {
        use sha2::{Digest, Sha256};
        match std::env::current_exe().and_then(std::fs::read) {
            Ok(bytes) => Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect(),
            // Without its own bytes, a build cannot know itself: a marker stamped with the
            // time matches nothing stored, so it never reads another build's results.
            Err(e) => format!("unknown ({e}) at {:?}", std::time::SystemTime::now()),
        }
    })
}

/// The lock checker on every function with a body that is not a primitive, callees first,
/// through the run's database ([`check_functions`]).
pub fn check_locks(
    program: &Program,
    spec: &LockSpec,
    unroll: u32,
    width: u32,
    run: &mut Run<'_>,
) -> Result<(Results<FunctionLocks>, Counts), DatabaseError> {
    let functions = lock::functions(program, spec);
    check_functions(program, &functions, run, |id| {
        lock::check_function(program, id, spec, unroll, width)
    })
}

/// The leak checker on every function with a body, callees first, through the run's
/// database ([`check_functions`]).
pub fn check_leaks(
    program: &Program,
    unroll: u32,
    width: u32,
    run: &mut Run<'_>,
) -> Result<(Results<FunctionLeaks>, Counts), DatabaseError> {
    let functions = leak::functions(program);
    check_functions(program, &functions, run, |id| leak::check_function(program, id, unroll, width))
}

/// `check` of each of `functions` (callees first) that falls to this run's shard, reading
/// the results the database holds for their keys and analysing the others on `jobs` threads
/// ([`schedule::in_parallel`]), then storing what was analysed. The results come in the order
/// of `functions`, the same whatever the database held and whatever `jobs` is.
pub fn check_functions<T: Stored>(
    program: &Program,
    functions: &[ProcId],
    run: &mut Run<'_>,
    check: impl Fn(ProcId) -> Result<T, SaturnError> + Sync,
) -> Result<(Results<T>, Counts), DatabaseError> {
    let mut counts = Counts::default();
    let mine: Vec<ProcId> = functions
        .iter()
        .copied()
        .filter(|&id| run.shard.is_none_or(|s| s.holds(&program.procedure(id).name)))
        .collect();
    counts.elsewhere = functions.len() - mine.len();
    let Some(database) = run.database.as_deref_mut() else {
        let results = schedule::in_parallel(&mine, run.jobs, &check);
        counts.analysed = mine.len();
        let names = mine.iter().map(|&id| program.procedure(id).name.clone());
        return Ok((names.zip(results).collect(), counts));
    };
    let text = fingerprint::program_text(program);
    let mut slots: Vec<Option<Result<T, SaturnError>>> = Vec::new();
    let mut fingerprints = Vec::new();
    let mut missing = Vec::new();
    for (slot, &id) in mine.iter().enumerate() {
        let print = fingerprint::fingerprint(program, id, &text, &run.settings);
        let found = database.get(&print.key)?.and_then(|stored| decode::<T>(&stored, &print.frame));
        match found {
            Some(result) => {
                counts.read += 1;
                slots.push(Some(Ok(result)));
            }
            None => {
                missing.push((slot, id));
                slots.push(None);
            }
        }
        fingerprints.push(print);
    }
    let to_analyse: Vec<ProcId> = missing.iter().map(|&(_, id)| id).collect();
    let analysed = schedule::in_parallel(&to_analyse, run.jobs, &check);
    counts.analysed = analysed.len();
    let mut rows = Vec::new();
    for ((slot, id), result) in missing.into_iter().zip(analysed) {
        if let Ok(r) = &result
            && let Some(stored) = encode(r, &fingerprints[slot].frame)
        {
            rows.push((
                fingerprints[slot].key.clone(),
                T::CHECKER,
                program.procedure(id).name.clone(),
                stored,
            ));
        }
        slots[slot] = Some(result);
    }
    database.put_all(&rows)?;
    counts.stored = rows.len();
    let results = mine
        .iter()
        .zip(slots)
        .map(|(&id, r)| {
            (
                program.procedure(id).name.clone(),
                r.expect("every function is read or analysed exactly once"),
            )
        })
        .collect();
    Ok((results, counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 512,
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x5A7),
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// Any text is a share or a typed refusal, never a panic; what reads is in range.
        #[test]
        fn any_text_reads_as_a_shard_or_is_refused_without_a_panic(text in "\\PC{0,24}") {
            if let Ok(shard) = text.parse::<Shard>() {
                proptest::prop_assert!(1 <= shard.index && shard.index <= shard.count);
            }
        }

        /// `I/N` reads exactly when 1 <= I <= N, numbers past `usize` included.
        #[test]
        fn i_over_n_reads_exactly_in_range(
            i in 0u128..40,
            n in 0u128..40,
            huge in proptest::bool::ANY,
        ) {
            let n = if huge { n + u128::from(u64::MAX) } else { n };
            let read = format!("{i}/{n}").parse::<Shard>();
            let fits = usize::try_from(n).is_ok();
            if 1 <= i && i <= n && fits {
                let expected = Shard { index: i as usize, count: n as usize };
                proptest::prop_assert_eq!(read, Ok(expected));
            } else {
                proptest::prop_assert!(read.is_err());
            }
        }

        /// Every function falls to exactly one of the N shares.
        #[test]
        fn every_function_falls_to_exactly_one_share(
            name in "[a-z_][a-z0-9_]{0,12}",
            count in 1usize..9,
        ) {
            let holding = (1..=count).filter(|&index| Shard { index, count }.holds(&name)).count();
            proptest::prop_assert_eq!(holding, 1);
        }

        /// A damaged record reads as nothing (it is analysed again), never a panic.
        #[test]
        fn any_stored_text_decodes_or_is_dropped_without_a_panic(text in "\\PC{0,80}") {
            let frame = Frame::default();
            let _ = decode::<FunctionLeaks>(&text, &frame);
            let _ = decode::<FunctionLocks>(&text, &frame);
        }

        /// A stored record reads back as it was written; cut short or with one character
        /// changed, it reads as a record or as nothing, never a panic.
        #[test]
        fn a_damaged_record_decodes_or_is_dropped_without_a_panic(
            at in 0usize..400,
            with in proptest::char::any(),
            cut in proptest::bool::ANY,
        ) {
            let frame = Frame::default();
            let record = leaks_record();
            let stored = encode(&record, &frame).expect("a record without places encodes");
            proptest::prop_assert_eq!(decode::<FunctionLeaks>(&stored, &frame), Some(record));
            let at = stored.char_indices().nth(at % stored.chars().count()).map_or(0, |(i, _)| i);
            let damaged = if cut {
                stored[..at].to_string()
            } else {
                let mut changed = stored.clone();
                let old = changed[at..].chars().next().map_or(0, char::len_utf8);
                changed.replace_range(at..at + old, &with.to_string());
                changed
            };
            let _ = decode::<FunctionLeaks>(&damaged, &frame);
        }
    }

    /// A leak checker's result with numbers past 64 bits in its inputs, and no places.
    fn leaks_record() -> FunctionLeaks {
        FunctionLeaks {
            function: "s12_leak".to_string(),
            leaks: vec![leak::Leak {
                allocated_at: None,
                allocated_in: "xmalloc".to_string(),
                through: None,
                inputs: vec![
                    ("err".to_string(), rug::Integer::from(-7)),
                    ("n".to_string(), rug::Integer::from(u64::MAX) * 1000u32),
                ],
            }],
            allocator: false,
            allocations: 2,
            loops_cut: 1,
            calls_kept: 0,
            capped: false,
            queries: 9,
        }
    }
}
