//! Saved workbench sessions: a versioned RON file that records which files were loaded (with a
//! checksum of each), the prover options, and per goal its last result, so that a later session
//! can tell which results still hold.
//!
//! This module only knows the file format; pairing saved goals with freshly loaded ones is the
//! workbench's business (the `repl` module), which keeps the format free of prover internals.

mod atomic;
mod checksum;

pub use atomic::write_atomic;
pub use checksum::{Checksum, fnv1a64};

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::prover::Stats;

/// The format version this build writes and reads. Bump it when a field changes meaning.
pub const VERSION: u32 = 1;

/// The whole content of a session file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "CraigSession")]
pub struct SessionFile {
    /// Always [`VERSION`] when written by this build.
    pub version: u32,
    /// The loaded files, in load order.
    pub files: Vec<SavedFile>,
    /// The prover options in force.
    pub options: SavedOptions,
    /// Every goal with its last result.
    pub goals: Vec<SavedGoal>,
}

/// A loaded file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedFile {
    /// The path as the user gave it (relative paths are relative to the working directory).
    pub path: String,
    /// Checksum of the file's bytes when the session was saved.
    pub checksum: Checksum,
    /// The same file relative to the session file's folder, so a session restored from another
    /// working directory still finds its files (absent in files written before it existed).
    #[serde(default)]
    pub beside_session: Option<String>,
    /// The options of `load` it was read with (`--math-int`, `--label NAME`), as words;
    /// left out when there are none, as in files written before it existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub load_options: Vec<String>,
}

impl SavedFile {
    /// The entry for the file at `path` (as the user gave it) in a session written to
    /// `session_path`.
    pub fn new(path: &str, checksum: Checksum, session_path: &Path) -> SavedFile {
        let absolute = |p: &Path| std::path::absolute(p).ok();
        let folder = session_path.parent().unwrap_or(Path::new(""));
        let beside_session = match (absolute(Path::new(path)), absolute(folder)) {
            (Some(file), Some(folder)) => {
                pathdiff::diff_paths(file, folder).map(|p| p.display().to_string())
            }
            _ => None,
        };
        SavedFile { path: path.to_string(), checksum, beside_session, load_options: Vec::new() }
    }

    /// Where to read the file when restoring the session at `session_path`: the path as given
    /// if it exists from the working directory, else the path beside the session file.
    pub fn resolve(&self, session_path: &Path) -> String {
        if Path::new(&self.path).exists() {
            return self.path.clone();
        }
        match &self.beside_session {
            Some(rel) => {
                let folder = session_path.parent().unwrap_or(Path::new(""));
                let candidate = folder.join(rel);
                if candidate.exists() { candidate.display().to_string() } else { self.path.clone() }
            }
            None => self.path.clone(),
        }
    }
}

/// The workbench options (see `set`/`get`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedOptions {
    /// Wall-clock limit per goal in seconds, if any.
    pub time_limit: Option<f64>,
    /// Given-clause limit per goal, if any.
    pub steps: Option<u64>,
    /// Literal selection, by its `set selection` name.
    pub selection: String,
    /// Age part of the age/weight pick ratio.
    pub age_ratio: u32,
    /// Weight part of the age/weight pick ratio.
    pub weight_ratio: u32,
    /// How clauses are weighed, by its `set clause-weight` name; absent in files written
    /// before the option existed, which then get `auto`.
    #[serde(default = "default_clause_weight")]
    pub clause_weight: String,
    /// Whether refutations are re-checked.
    pub check: bool,
    /// AVATAR-style splitting; absent in files written before the option existed (off).
    #[serde(default)]
    pub splitting: bool,
    /// How spec goals handle sorts (`auto`, `guard`, `erase`); absent in files written before
    /// the option existed, which then get the default.
    #[serde(default = "default_sorts")]
    pub sorts: String,
    /// Percentage of the ranked hypotheses a spec goal keeps.
    #[serde(default = "default_retain")]
    pub retain: u32,
    /// Whether the prompt's `prove` uses the proof cache; absent in files written before the
    /// option existed, which then get it on (the prompt's default).
    #[serde(default = "default_cache")]
    pub cache: bool,
}

fn default_sorts() -> String {
    "auto".to_string()
}

fn default_clause_weight() -> String {
    "auto".to_string()
}

fn default_retain() -> u32 {
    100
}

fn default_cache() -> bool {
    true
}

/// A goal and what is known about it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGoal {
    /// The goal's name.
    pub name: String,
    /// Checksum of the goal's text when its result was obtained.
    pub checksum: Checksum,
    /// The SZS status of the last attempt, if there was one.
    pub status: Option<String>,
    /// Whether the result was already obsolete when saved.
    pub obsolete: bool,
    /// The prover's counters of the last attempt.
    pub stats: Option<SavedStats>,
    /// Names of the input formulas the refutation used (empty without a refutation).
    pub core: Vec<String>,
}

/// The prover's counters as a session stores them: a struct whose fields are the counters'
/// field names ([`Stats::COUNTERS`], the one table of counters). A counter missing from an older
/// file reads as 0; one this build does not know is skipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SavedStats(pub Stats);

impl Serialize for SavedStats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut fields = serializer.serialize_struct("SavedStats", Stats::COUNTERS.len())?;
        for (counter, value) in self.0.counters() {
            fields.serialize_field(counter.field, &value)?;
        }
        fields.end()
    }
}

impl<'de> Deserialize<'de> for SavedStats {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = SavedStats;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("the prover's counters")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<SavedStats, A::Error> {
                let mut stats = Stats::default();
                while let Some(field) = map.next_key::<String>()? {
                    let value: u64 = map.next_value()?;
                    // A counter of a later build is skipped, so its files still read.
                    stats.set(&field, value);
                }
                Ok(SavedStats(stats))
            }
        }
        deserializer.deserialize_struct("SavedStats", Stats::FIELDS, Fields)
    }
}

/// Why a session file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The file could not be read or written.
    #[error("cannot access {path}: {source}")]
    Io {
        /// The path as given.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The file is not a craig session at all.
    #[error("{path} is not a craig session file")]
    Foreign {
        /// The path as given.
        path: String,
    },
    /// The file says it is a craig session but of a version this build does not read.
    #[error(
        "{path} is a craig session of format version {found}; this craig reads version {VERSION}"
    )]
    WrongVersion {
        /// The path as given.
        path: String,
        /// The version found in the file.
        found: u32,
    },
    /// The file is a craig session of the right version but does not parse.
    #[error("{path} is damaged: {reason}")]
    Damaged {
        /// The path as given.
        path: String,
        /// What the parser said.
        reason: String,
    },
}

/// Just the version, read first so a newer or older format gets a clear message instead of a
/// parse error about some field.
#[derive(Deserialize)]
#[serde(rename = "CraigSession")]
struct VersionProbe {
    version: u32,
}

impl SessionFile {
    /// The file's text: pretty RON, stable field order.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().struct_names(true);
        let mut text = ron::ser::to_string_pretty(self, config)
            .expect("session data is plain strings and numbers");
        text.push('\n');
        text
    }

    /// Parses `text`, which was read from `path` (used in messages).
    pub fn from_ron(text: &str, path: &str) -> Result<SessionFile, SessionError> {
        let probe: VersionProbe = match ron::from_str(text) {
            Ok(p) => p,
            // Our files start with the struct name; anything else is someone else's file.
            Err(e) if text.trim_start().starts_with("CraigSession") => {
                return Err(SessionError::Damaged {
                    path: path.to_string(),
                    reason: e.to_string(),
                });
            }
            Err(_) => return Err(SessionError::Foreign { path: path.to_string() }),
        };
        if probe.version != VERSION {
            return Err(SessionError::WrongVersion {
                path: path.to_string(),
                found: probe.version,
            });
        }
        ron::from_str(text)
            .map_err(|e| SessionError::Damaged { path: path.to_string(), reason: e.to_string() })
    }

    /// Reads and parses the session file at `path`.
    pub fn read(path: &str) -> Result<SessionFile, SessionError> {
        let text = std::fs::read_to_string(path)
            .map_err(|source| SessionError::Io { path: path.to_string(), source })?;
        SessionFile::from_ron(&text, path)
    }

    /// Writes the session to `path` atomically: a reader sees the old file or the new one,
    /// never half of one.
    pub fn write(&self, path: &str) -> Result<(), SessionError> {
        write_atomic(std::path::Path::new(path), self.to_ron().as_bytes())
            .map_err(|source| SessionError::Io { path: path.to_string(), source })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> SessionFile {
        SessionFile {
            version: VERSION,
            files: vec![SavedFile {
                path: "a.p".into(),
                checksum: fnv1a64(b"abc"),
                beside_session: Some("../a.p".into()),
                load_options: vec!["--math-int".into()],
            }],
            options: SavedOptions {
                time_limit: Some(2.5),
                steps: None,
                selection: "none".into(),
                age_ratio: 1,
                weight_ratio: 5,
                clause_weight: "conjecture-relative".into(),
                sorts: "guard".into(),
                retain: 80,
                check: true,
                splitting: false,
                cache: false,
            },
            goals: vec![SavedGoal {
                name: "a".into(),
                checksum: fnv1a64(b"abc"),
                status: Some("Theorem".into()),
                obsolete: false,
                stats: Some(SavedStats(Stats { given: 3, ..Stats::default() })),
                core: vec!["ax1".into()],
            }],
        }
    }

    #[test]
    fn round_trip() {
        let s = sample();
        assert_eq!(SessionFile::from_ron(&s.to_ron(), "x").unwrap(), s);
    }

    #[test]
    fn foreign_wrong_version_and_damaged_are_told_apart() {
        let foreign = SessionFile::from_ron("(hello: 1)", "x").unwrap_err();
        assert!(matches!(foreign, SessionError::Foreign { .. }), "{foreign}");
        let text = sample().to_ron().replace("version: 1", "version: 7");
        let wrong = SessionFile::from_ron(&text, "x").unwrap_err();
        assert!(matches!(wrong, SessionError::WrongVersion { found: 7, .. }), "{wrong}");
        let text = sample().to_ron().replace("given: 3", "given: \"three\"");
        let damaged = SessionFile::from_ron(&text, "x").unwrap_err();
        assert!(matches!(damaged, SessionError::Damaged { .. }), "{damaged}");
        let text = sample().to_ron();
        let truncated = SessionFile::from_ron(&text[..text.len() / 2], "x").unwrap_err();
        assert!(matches!(truncated, SessionError::Damaged { .. }), "{truncated}");
    }

    #[test]
    fn files_are_found_beside_the_session_from_another_working_directory() {
        let dir = std::env::temp_dir().join(format!("craig-session-beside-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sessions")).unwrap();
        std::fs::write(dir.join("problem.p"), "cnf(a, axiom, p).").unwrap();
        let session = dir.join("sessions").join("s.ron");
        let saved =
            SavedFile::new(&dir.join("problem.p").display().to_string(), fnv1a64(b""), &session);
        assert_eq!(saved.beside_session.as_deref(), Some("../problem.p"));
        // As if the path had been relative to a working directory we are no longer in.
        let moved = SavedFile { path: "elsewhere/problem.p".into(), ..saved };
        assert_eq!(
            moved.resolve(&session),
            dir.join("sessions").join("../problem.p").display().to_string()
        );
        let gone = SavedFile { beside_session: Some("../nothing.p".into()), ..moved };
        assert_eq!(gone.resolve(&session), "elsewhere/problem.p", "unchanged when neither exists");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
