//! Option groups shared by the command line and the prompt, and the prompt's parsing with clap.
//!
//! Each group is a `#[derive(clap::Args)]` struct: the command line's subcommands flatten it
//! into their `Args`, and the prompt's commands flatten it into a small parser of their own
//! words, read by [`parse_words`]. So a flag has one name, one value parser and one meaning in
//! both places; only the defaults the two apply to an absent limit may differ.

use std::path::PathBuf;
use std::time::Duration;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgMatches, CommandFactory, ValueEnum};

use crate::boolprog::Method;
use crate::cfa::{Options, OracleKind};
use crate::interpolate::System;
use crate::refine::{Domain, EngineChoice};
use crate::repl::CommandError;
use crate::repl::settings::positive_seconds;

/// Why a value given to an option is refused; clap says it after naming the option and the
/// value, on the command line and at the prompt alike.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadValue {
    /// Not a whole number above zero.
    #[error("expected a positive whole number")]
    NotAPositiveCount,
    /// Not a positive, finite number of seconds that fits a [`Duration`].
    #[error("expected a positive number of seconds")]
    NotPositiveSeconds,
    /// No oracle of this name.
    #[error("unknown oracle `{0}` (smt or none)")]
    UnknownOracle(String),
    /// Not a context depth `cfa` takes: a whole number from 0 to [`MAX_K`].
    #[error("k-CFA takes k from 0 to {MAX_K}")]
    ContextDepth,
}

/// The deepest context `cfa --k` takes, on the command line and at the prompt alike. The prompt
/// always stopped at 8; the command line took any k, and a huge one crashed the analysis (it
/// reserved room for k call sites in every context). One limit now holds in both places, and
/// `--max-states` still bounds the work at any k.
pub const MAX_K: usize = 8;

/// A context depth for `cfa --k`: a whole number from 0 to [`MAX_K`].
pub fn context_depth(text: &str) -> Result<usize, BadValue> {
    text.parse::<usize>().ok().filter(|&k| k <= MAX_K).ok_or(BadValue::ContextDepth)
}

/// A positive whole number (a limit of zero would stop before anything is done).
pub fn positive_count(text: &str) -> Result<usize, BadValue> {
    text.parse::<usize>().ok().filter(|&n| n > 0).ok_or(BadValue::NotAPositiveCount)
}

/// A positive, finite number of seconds that fits a [`Duration`] (as
/// [`positive_seconds`] admits them).
pub fn seconds(text: &str) -> Result<Duration, BadValue> {
    text.parse::<f64>().ok().and_then(positive_seconds).ok_or(BadValue::NotPositiveSeconds)
}

/// The engine of a refinement run: `craig cegar --engine` and the prompt's `cegar --engine`.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct EngineOptions {
    /// The engine: `impact` (lazy abstraction with interpolants, or predicate abstraction by
    /// `--domain`), `kinduction` (k-induction strengthened by the invariants of abstract
    /// interpretation) or `portfolio` (k-induction with a small budget, then IMPACT).
    #[arg(long, value_name = "ENGINE", default_value = "impact")]
    pub engine: EngineChoice,
}

/// The limits and the domain of a refinement run: `craig cegar` and the prompt's `cegar`.
#[derive(Clone, Debug, clap::Args)]
pub struct RunOptions {
    /// The abstract domain: `impact` (interpolants as labels) or `predicates` (cartesian
    /// predicate abstraction with predicates from the interpolants).
    #[arg(long, value_name = "DOMAIN", default_value = "impact")]
    pub domain: Domain,
    /// Stop after this many steps (expansions, coverings, checks).
    #[arg(long, value_name = "N", value_parser = positive_count)]
    pub max_steps: Option<usize>,
    /// Stop after this many tree nodes.
    #[arg(long, value_name = "N", value_parser = positive_count)]
    pub max_nodes: Option<usize>,
    /// Stop after this many seconds of CPU time (the process's: the clock of every time limit
    /// of craig, as E and SV-COMP count); at the prompt, the CPU time the run's steps took.
    #[arg(long, value_name = "S", value_parser = seconds)]
    pub time_limit: Option<Duration>,
    /// Start every node at `True`, without the invariants abstract interpretation finds at
    /// the loop heads (intervals, affine equalities).
    #[arg(long)]
    pub no_invariants: bool,
}

/// How a boolean program is searched: `craig check-bp` and the prompt's `check` and `step`.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct SearchOptions {
    /// Explicit search over whole states instead of summaries (the baseline).
    #[arg(long)]
    pub no_summaries: bool,
    /// Key summaries by whole canonical visible states (Section 5) instead of patterns.
    #[arg(long)]
    pub no_patterns: bool,
}

impl SearchOptions {
    /// The engine these flags ask for.
    pub fn method(&self) -> Method {
        if self.no_summaries {
            Method::Explicit
        } else if self.no_patterns {
            Method::FullStates
        } else {
            Method::Patterns
        }
    }
}

fn parse_oracle(name: &str) -> Result<OracleKind, BadValue> {
    OracleKind::parse(name).ok_or_else(|| BadValue::UnknownOracle(name.to_string()))
}

/// The ΓCFA analysis options: `craig cfa` and the prompt's `cfa` and `compare`. The display
/// orders leave room for the command line's own options between them, where its help lists
/// them.
#[derive(Clone, Debug, clap::Args)]
pub struct CfaOptions {
    /// Context sensitivity: k-CFA, k from 0 (0CFA) to 8.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = context_depth)]
    pub k: usize,
    /// Turn abstract garbage collection off.
    #[arg(long)]
    pub no_gc: bool,
    /// Conditional GC: collect reachable bindings whose uses are governed by unsatisfiable
    /// conditions.
    #[arg(long, conflicts_with = "no_gc")]
    pub conditional_gc: bool,
    /// Turn abstract counting off (every count is ∞).
    #[arg(long)]
    pub no_counting: bool,
    /// Turn the rebinding check of abstract counting off.
    #[arg(long)]
    pub no_rebinding: bool,
    /// Do not merge states at join-point continuations.
    #[arg(long)]
    pub no_merge: bool,
    /// Do not cut off states subsumed by an explored one.
    #[arg(long)]
    pub no_subsumption: bool,
    /// A protocol file (repeatable); without one, the built-in lock discipline is checked.
    #[arg(long, value_name = "FILE")]
    pub protocol: Vec<PathBuf>,
    /// Stop exploring at this many states.
    #[arg(long, value_name = "N", default_value_t = 200_000, value_parser = positive_count,
          display_order = 9)]
    pub max_states: usize,
    /// Who decides the governors of conditional GC that flow sets alone cannot: `smt` asks
    /// craig's SMT core (only a checked refutation lets a binding be collected, so it can only
    /// make the analysis more precise, and its questions are cached); `none` keeps MaySat to
    /// the flow sets.
    #[arg(long, value_name = "smt|none", default_value = "smt", value_parser = parse_oracle,
          display_order = 13)]
    pub oracle: OracleKind,
}

impl CfaOptions {
    /// The analysis options these flags ask for.
    pub fn options(&self) -> Options {
        Options {
            k: self.k,
            gc: !self.no_gc,
            conditional_gc: self.conditional_gc,
            counting: !self.no_counting,
            rebinding: !self.no_rebinding,
            subsumption: !self.no_subsumption,
            merge_joins: !self.no_merge,
            max_states: self.max_states,
        }
    }
}

/// Which interpolation system, as the command line and the prompt spell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InterpolationSystem {
    /// McMillan's system (strongest interpolants).
    Mcmillan,
    /// Pudlák's symmetric system.
    Pudlak,
    /// Both, each printed and verified.
    Both,
}

impl InterpolationSystem {
    /// The systems to run, in the order their interpolants are printed.
    pub fn systems(self) -> Vec<System> {
        match self {
            InterpolationSystem::Mcmillan => vec![System::McMillan],
            InterpolationSystem::Pudlak => vec![System::Pudlak],
            InterpolationSystem::Both => vec![System::McMillan, System::Pudlak],
        }
    }
}

/// How an interpolant is computed and shown: `craig interpolate` and the prompt's
/// `interpolate`.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct InterpolationOptions {
    /// Interpolation system for propositional problems (others use local proofs).
    #[arg(long, value_enum, default_value = "mcmillan")]
    pub system: InterpolationSystem,
    /// Also print the raw interpolant next to the simplified one.
    #[arg(long)]
    pub raw: bool,
}

/// Parses a prompt command's words (those after the command's name) with its clap parser `P`,
/// as the command line would parse them, but without `--help`, with a flag given twice
/// meaning it once (the last value counts), and a negative number read as a value. A refusal
/// comes back refused, as one plain line ending with the command's `usage`.
pub fn parse_words<P: clap::Parser>(args: &[String], usage: &str) -> Result<P, CommandError> {
    parse_words_with_matches(args, usage).map(|(parsed, _)| parsed)
}

/// [`parse_words`], also giving clap's matches (to ask which options were given).
pub fn parse_words_with_matches<P: clap::Parser>(
    args: &[String],
    usage: &str,
) -> Result<(P, ArgMatches), CommandError> {
    let refused = |e: clap::Error| CommandError::Refused(one_line(&e, usage));
    let matches = prompt_command::<P>().try_get_matches_from(args).map_err(refused)?;
    let parsed = P::from_arg_matches_mut(&mut matches.clone()).map_err(refused)?;
    Ok((parsed, matches))
}

/// The clap command of `P` set up for the prompt.
fn prompt_command<P: CommandFactory>() -> clap::Command {
    P::command()
        .no_binary_name(true)
        .disable_help_flag(true)
        .args_override_self(true)
        .allow_negative_numbers(true)
        .color(clap::ColorChoice::Never)
}

/// The long options `P` accepts at the prompt, `--` and all, in the order they are declared
/// (hidden ones left out), for completion and help.
pub fn long_options<P: CommandFactory>() -> Vec<String> {
    prompt_command::<P>()
        .get_arguments()
        .filter(|a| !a.is_hide_set())
        .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
        .collect()
}

/// A clap error as the prompt words its errors: one plain line naming what was wrong and the
/// argument it was wrong about, then `; usage: USAGE`.
pub fn one_line(error: &clap::Error, usage: &str) -> String {
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => Some(v.join(", ")),
        _ => None,
    };
    let arg = context(ContextKind::InvalidArg).unwrap_or_default();
    let value = context(ContextKind::InvalidValue).unwrap_or_default();
    let what = match error.kind() {
        ErrorKind::UnknownArgument if arg.starts_with('-') => {
            let mut what = format!("unknown option `{arg}`");
            if let Some(s) = context(ContextKind::SuggestedArg) {
                what.push_str(&format!(" (did you mean `{s}`?)"));
            }
            what
        }
        ErrorKind::UnknownArgument => format!("unexpected argument `{arg}`"),
        ErrorKind::InvalidValue if value.is_empty() => format!("`{arg}` needs a value"),
        ErrorKind::InvalidValue => {
            let mut what = format!("invalid value `{value}` for `{arg}`");
            if let Some(valid) = context(ContextKind::ValidValue) {
                what.push_str(&format!(" (one of: {valid})"));
            }
            what
        }
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(error).map(|e| format!(": {e}"));
            format!("invalid value `{value}` for `{arg}`{}", why.unwrap_or_default())
        }
        ErrorKind::ArgumentConflict => match context(ContextKind::PriorArg) {
            Some(prior) => format!("`{arg}` cannot be used with `{prior}`"),
            None => format!("`{arg}` cannot be used here"),
        },
        ErrorKind::MissingRequiredArgument => format!("missing {arg}"),
        _ => {
            // Any other refusal: the first line of clap's own message, without its prefix.
            let text = error.render().to_string();
            let first = text.lines().next().unwrap_or_default();
            first.trim_start_matches("error: ").to_string()
        }
    };
    format!("{what}; usage: {usage}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(clap::Parser, Debug)]
    struct Words {
        #[command(flatten)]
        run: RunOptions,
    }

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    /// The message of the refusal of `line`, which must be refused.
    fn refusal(line: &str) -> String {
        match parse_words::<Words>(&words(line), "u") {
            Err(CommandError::Refused(message)) => message,
            other => panic!("`{line}` is not refused: {other:?}"),
        }
    }

    #[test]
    fn errors_are_one_plain_line_with_the_usage() {
        let e = refusal("--frobnicate");
        assert_eq!(e, "unknown option `--frobnicate`; usage: u");
        let e = refusal("--max-step 3");
        assert_eq!(e, "unknown option `--max-step` (did you mean `--max-steps`?); usage: u");
        let e = refusal("--time-limit");
        assert_eq!(e, "`--time-limit <S>` needs a value; usage: u");
        let e = refusal("--time-limit 0");
        assert_eq!(
            e,
            "invalid value `0` for `--time-limit <S>`: expected a positive number of seconds; \
             usage: u"
        );
        let e = refusal("stray");
        assert_eq!(e, "unexpected argument `stray`; usage: u");
        let e = refusal("--help");
        assert_eq!(e, "unknown option `--help`; usage: u");
        assert!(!e.contains('\n') && !e.contains('\u{1b}'), "{e}");
    }

    #[test]
    fn a_flag_given_twice_counts_once_and_the_last_value_wins() {
        let w = parse_words::<Words>(&words("--max-steps 3 --max-steps 4"), "u").unwrap();
        assert_eq!(w.run.max_steps, Some(4));
    }

    #[test]
    fn long_options_lists_the_flags_in_order() {
        assert_eq!(
            long_options::<Words>(),
            ["--domain", "--max-steps", "--max-nodes", "--time-limit", "--no-invariants"]
        );
    }
}
