//! The options a user can `set` and `get`, with their parsing and printing in one place so
//! completion, `help set`, sessions and the prover all agree on names and values.

use std::time::Duration;

use crate::prover::{ClauseWeight, Limits, LiteralSelection, ProverOptions};
use crate::session::SavedOptions;
use crate::translate::{SortMode, TranslateOptions};

/// Option names in the order `get` lists them.
pub const OPTION_NAMES: &[&str] = &[
    "time-limit",
    "steps",
    "selection",
    "age-ratio",
    "weight-ratio",
    "clause-weight",
    "check",
    "splitting",
    "sorts",
    "retain",
    "cache",
];

/// Values of `set clause-weight`: `auto` (the conjecture-relative weight for program
/// obligations, as `craig verify` uses, and symbol counting for everything else, as
/// `craig prove` does), then the weights by name (from [`ClauseWeight::NAMES`]).
pub const CLAUSE_WEIGHT_NAMES: [&str; 3] =
    ["auto", ClauseWeight::NAMES[0].1, ClauseWeight::NAMES[1].1];

/// Names of the sort handlings accepted by `set sorts` (from [`SortMode::NAMES`]).
pub const SORTS_NAMES: [&str; 3] =
    [SortMode::NAMES[0].1, SortMode::NAMES[1].1, SortMode::NAMES[2].1];

/// Names of literal selections accepted by `set selection` (from [`LiteralSelection::NAMES`]).
pub const SELECTION_NAMES: [&str; 5] = [
    LiteralSelection::NAMES[0].1,
    LiteralSelection::NAMES[1].1,
    LiteralSelection::NAMES[2].1,
    LiteralSelection::NAMES[3].1,
    LiteralSelection::NAMES[4].1,
];

/// Prover options as the workbench presents them.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Time limit per goal, in seconds of CPU time (the process's, as every time limit of
    /// craig: [`crate::syntax::clock`]).
    pub time_limit: Option<f64>,
    /// Given-clause limit per goal (deterministic, unlike time).
    pub steps: Option<u64>,
    /// Literal selection.
    pub selection: LiteralSelection,
    /// Age part of the given-clause pick ratio.
    pub age_ratio: u32,
    /// Weight part of the given-clause pick ratio.
    pub weight_ratio: u32,
    /// How clauses are weighed; `None` is `auto` (by the kind of goal).
    pub clause_weight: Option<ClauseWeight>,
    /// Whether refutations are re-verified by the independent checker.
    pub check: bool,
    /// AVATAR-style splitting in the prover.
    pub splitting: bool,
    /// How spec goals handle sorts.
    pub sorts: SortMode,
    /// Percentage of the relevance-ranked hypotheses a spec goal keeps (100 keeps all).
    pub retain: u32,
    /// Whether `prove` looks a Java obligation's problems up in the program's proof cache and
    /// stores the proofs it finds there, as `craig verify` does (`set cache off` is the
    /// command line's `--no-cache`).
    pub cache: bool,
}

impl Default for Settings {
    fn default() -> Self {
        let prover = ProverOptions::default();
        Settings {
            // Interactive use wants an answer soon; `set time-limit none` lifts it.
            time_limit: Some(10.0),
            steps: None,
            selection: prover.selection,
            age_ratio: prover.age_ratio,
            weight_ratio: prover.weight_ratio,
            clause_weight: None,
            check: true,
            splitting: prover.splitting,
            sorts: SortMode::Auto,
            retain: 100,
            cache: true,
        }
    }
}

/// Why `set NAME VALUE`, or the options of a session file, are refused: the text is the line
/// the prompt prints after `error: ` (`restore` puts it after the file's name).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    /// No option has this name.
    #[error("unknown option `{name}` (options: {})", OPTION_NAMES.join(", "))]
    UnknownOption { name: String },
    /// The option takes no such value; `expected` says what it takes (`on` or `off`, ...).
    #[error("{option} takes {expected}, got `{value}`")]
    BadValue { option: &'static str, expected: &'static str, value: String },
    /// A name that is not among the option's `names` (a selection, a clause weight, ...).
    #[error("unknown {what} `{value}` (one of: {})", .names.join(", "))]
    UnknownName { what: &'static str, value: String, names: &'static [&'static str] },
    /// Not a whole number above zero (`age-ratio`, `weight-ratio`).
    #[error("expected a positive whole number, got `{0}`")]
    NotAPositiveNumber(String),
}

/// `found`, or the refusal of `value` as none of the `what`s in `names`.
fn one_of<T>(
    found: Option<T>,
    what: &'static str,
    value: &str,
    names: &'static [&'static str],
) -> Result<T, SettingError> {
    found.ok_or_else(|| SettingError::UnknownName { what, value: value.into(), names })
}

/// The refusal of `value` for `option`, which takes `expected`.
fn bad_value(option: &'static str, expected: &'static str, value: &str) -> SettingError {
    SettingError::BadValue { option, expected, value: value.into() }
}

fn parse_switch(option: &'static str, value: &str) -> Result<bool, SettingError> {
    match value {
        "on" | "true" | "yes" => Ok(true),
        "off" | "false" | "no" => Ok(false),
        _ => Err(bad_value(option, "`on` or `off`", value)),
    }
}

fn parse_ratio(value: &str) -> Result<u32, SettingError> {
    match value.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(SettingError::NotAPositiveNumber(value.into())),
    }
}

/// A time limit of `value` seconds, if it is one: positive, finite and small enough for a
/// [`Duration`] (`Duration::from_secs_f64` panics past that). Every time limit the command line
/// and the prompt accept goes through here, so a huge value is refused, never a crash.
pub fn positive_seconds(value: f64) -> Option<Duration> {
    (value > 0.0).then(|| Duration::try_from_secs_f64(value).ok()).flatten()
}

impl Settings {
    /// Sets option `name` from its textual `value`; on error nothing changes.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SettingError> {
        match name {
            "time-limit" => {
                self.time_limit = if value == "none" {
                    None
                } else {
                    match value.parse::<f64>() {
                        Ok(s) if positive_seconds(s).is_some() => Some(s),
                        _ => {
                            return Err(bad_value(
                                "time-limit",
                                "a positive number of seconds or `none`",
                                value,
                            ));
                        }
                    }
                }
            }
            "steps" => {
                self.steps = if value == "none" {
                    None
                } else {
                    match value.parse::<u64>() {
                        Ok(n) if n > 0 => Some(n),
                        _ => {
                            return Err(bad_value(
                                "steps",
                                "a positive whole number or `none`",
                                value,
                            ));
                        }
                    }
                }
            }
            "selection" => {
                let found = LiteralSelection::from_name(value);
                self.selection = one_of(found, "selection", value, &SELECTION_NAMES)?
            }
            "age-ratio" => self.age_ratio = parse_ratio(value)?,
            "weight-ratio" => self.weight_ratio = parse_ratio(value)?,
            "clause-weight" => {
                self.clause_weight = match value {
                    "auto" => None,
                    _ => {
                        let found = ClauseWeight::from_name(value);
                        Some(one_of(found, "clause weight", value, &CLAUSE_WEIGHT_NAMES)?)
                    }
                }
            }
            "check" => self.check = parse_switch("check", value)?,
            "splitting" => self.splitting = parse_switch("splitting", value)?,
            "cache" => self.cache = parse_switch("cache", value)?,
            "sorts" => {
                let found = SortMode::from_name(value);
                self.sorts = one_of(found, "sort handling", value, &SORTS_NAMES)?
            }
            "retain" => {
                self.retain = match value.parse::<u32>() {
                    Ok(n) if (1..=100).contains(&n) => n,
                    _ => {
                        return Err(bad_value("retain", "a percentage from 1 to 100", value));
                    }
                }
            }
            _ => return Err(SettingError::UnknownOption { name: name.into() }),
        }
        Ok(())
    }

    /// The value of option `name` as `set` accepts it, or `None` for an unknown name.
    pub fn get(&self, name: &str) -> Option<String> {
        let none_or = |v: Option<String>| v.unwrap_or_else(|| "none".to_string());
        Some(match name {
            "time-limit" => none_or(self.time_limit.map(|s| s.to_string())),
            "steps" => none_or(self.steps.map(|s| s.to_string())),
            "selection" => self.selection.name().to_string(),
            "age-ratio" => self.age_ratio.to_string(),
            "weight-ratio" => self.weight_ratio.to_string(),
            "clause-weight" => self.clause_weight_name().to_string(),
            "check" => if self.check { "on" } else { "off" }.to_string(),
            "splitting" => if self.splitting { "on" } else { "off" }.to_string(),
            "sorts" => self.sorts.name().to_string(),
            "retain" => self.retain.to_string(),
            "cache" => if self.cache { "on" } else { "off" }.to_string(),
            _ => return None,
        })
    }

    /// The `set clause-weight` name of the clause weight.
    fn clause_weight_name(&self) -> &'static str {
        self.clause_weight.map_or("auto", ClauseWeight::name)
    }

    /// The prover options these settings stand for, for a program obligation or another goal
    /// (which `clause-weight auto` tells apart).
    pub fn prover_options(&self, program_obligation: bool) -> ProverOptions {
        let automatic = if program_obligation {
            ClauseWeight::ConjectureRelative
        } else {
            ClauseWeight::Symbols
        };
        ProverOptions {
            age_ratio: self.age_ratio,
            weight_ratio: self.weight_ratio,
            selection: self.selection,
            clause_weight: self.clause_weight.unwrap_or(automatic),
            splitting: self.splitting,
            limits: Limits {
                time: self.time_limit.map(Duration::from_secs_f64),
                given_clauses: self.steps,
                // The same memory guards as `craig prove`.
                clauses: Some(4_000_000),
                terms: Some(40_000_000),
                // The clock is CPU time of the process, as for every time limit of craig
                // (`crate::syntax::clock`): the workbench's other threads (the terminal, Ctrl-C)
                // are idle while a goal is proved, so this is the CPU time of the proof.
                ..Limits::default()
            },
            ..ProverOptions::default()
        }
    }

    /// The translation options these settings stand for (spec goals).
    pub fn translate_options(&self) -> TranslateOptions {
        TranslateOptions {
            sorts: self.sorts,
            retain_percent: self.retain,
            sine: None,
            strict_order_only: false,
            ..TranslateOptions::default()
        }
    }

    /// The settings as a session file stores them.
    pub fn to_saved(&self) -> SavedOptions {
        SavedOptions {
            time_limit: self.time_limit,
            steps: self.steps,
            selection: self.selection.name().to_string(),
            age_ratio: self.age_ratio,
            weight_ratio: self.weight_ratio,
            clause_weight: self.clause_weight_name().to_string(),
            check: self.check,
            splitting: self.splitting,
            sorts: self.sorts.name().to_string(),
            retain: self.retain,
            cache: self.cache,
        }
    }

    /// Settings from a session file, validated like `set` would.
    pub fn from_saved(saved: &SavedOptions) -> Result<Settings, SettingError> {
        let mut s = Settings::default();
        s.set("time-limit", &saved.time_limit.map_or("none".to_string(), |t| t.to_string()))?;
        s.set("steps", &saved.steps.map_or("none".to_string(), |t| t.to_string()))?;
        s.set("selection", &saved.selection)?;
        s.set("age-ratio", &saved.age_ratio.to_string())?;
        s.set("weight-ratio", &saved.weight_ratio.to_string())?;
        s.set("clause-weight", &saved.clause_weight)?;
        s.check = saved.check;
        s.splitting = saved.splitting;
        s.set("sorts", &saved.sorts)?;
        s.set("retain", &saved.retain.to_string())?;
        s.cache = saved.cache;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each refusal is told apart by kind, and says what the prompt has always printed.
    #[test]
    fn refusals_are_typed_and_worded_as_before() {
        let mut s = Settings::default();
        let cases = [
            (
                "colour",
                "red",
                "unknown option `colour` (options: time-limit, steps, selection, age-ratio, weight-ratio, clause-weight, check, splitting, sorts, retain, cache)",
            ),
            ("time-limit", "0", "time-limit takes a positive number of seconds or `none`, got `0`"),
            ("steps", "-1", "steps takes a positive whole number or `none`, got `-1`"),
            (
                "selection",
                "all",
                "unknown selection `all` (one of: none, max-negative, max-negative-if-positive, most-instantiated, complex)",
            ),
            ("age-ratio", "0", "expected a positive whole number, got `0`"),
            (
                "clause-weight",
                "x",
                "unknown clause weight `x` (one of: auto, symbols, conjecture-relative)",
            ),
            ("check", "maybe", "check takes `on` or `off`, got `maybe`"),
            ("sorts", "keep", "unknown sort handling `keep` (one of: auto, guard, erase)"),
            ("retain", "101", "retain takes a percentage from 1 to 100, got `101`"),
        ];
        for (name, value, text) in cases {
            let e = s.set(name, value).unwrap_err();
            assert_eq!(e.to_string(), text, "{name} {value}");
        }
        assert_eq!(s, Settings::default(), "a refused value changes nothing");
        assert_eq!(
            s.set("colour", "red"),
            Err(SettingError::UnknownOption { name: "colour".into() })
        );
        assert!(matches!(
            s.set("splitting", "2"),
            Err(SettingError::BadValue { option: "splitting", .. })
        ));
    }
}
