//! Scheme programs at the prompt: `load prog.scm` reads a program into its CPS, `cfa` builds its
//! ΓCFA state graph and checks protocols on it, and `states`, `show state N`, `succ N`,
//! `witness`, `dot FILE`, `compare` and `show cps` read what it found. The analysis itself is
//! [`crate::cfa`]; this module parses the commands' words, picks the program and keeps the last
//! result in the workbench's state, where `undo` finds the previous one.
//!
//! Which program: the commands that run an analysis (`cfa`, `compare`) and `show cps` take an
//! optional theory name and otherwise use the most recently loaded Scheme theory; the commands
//! that read a result (`states`, `show state`, `succ`, `witness`, `dot`) read the last `cfa`'s,
//! as long as the program it analysed is still loaded unchanged.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;

use crate::cfa::protocol::parse_protocols;
use crate::cfa::report::{compare, comparison_table};
use clap::CommandFactory;

use crate::cfa::{Analysis, Options, OracleKind, Protocol, StateId, Verdict, analyse_with_oracle};
use crate::scheme::{CpsProgram, load_program_str, print_program};
use crate::session::fnv1a64;
use crate::syntax::{SourceMap, has_errors, render_all};

use super::kind::{Graph, Theory, TheoryKind};
use super::options::{CfaOptions, long_options, parse_words_with_matches};
use super::{CommandError, CommandResult, Control, State, Workbench, counted};

/// Steps the concrete machine may take to confirm a witness (the programs take no input, so
/// their one run either shows the violation within this many steps or it is not confirmed).
pub(crate) const CONCRETE_STEPS: usize = 100_000;

/// The options `cfa` and `compare` take (those of `craig cfa`'s analysis), for completion.
pub fn cfa_options() -> Vec<String> {
    long_options::<CfaWords>()
}

/// The words of `cfa` and `compare`: a theory name and the analysis options `craig cfa` takes.
#[derive(clap::Parser)]
#[command(name = "cfa")]
pub(crate) struct CfaWords {
    /// The Scheme theory (default: the most recently loaded).
    theory: Option<String>,
    #[command(flatten)]
    analysis: CfaOptions,
}

/// A Scheme program as the workbench keeps it: its text (converted again when a protocol names
/// events the program does not declare), its CPS and the sources its spans point into.
#[derive(Debug)]
pub struct SchemeTheory {
    /// The program's text as read.
    pub text: String,
    /// The program in CPS, with the built-in events.
    pub program: Rc<CpsProgram>,
    /// The program's file.
    pub sources: Rc<SourceMap>,
    /// Warnings of the front end, rendered (errors make the load fail).
    pub warnings: String,
}

impl SchemeTheory {
    /// Reads and converts the program at `path`. Errors come back rendered with
    /// `file:line:col`, and nothing is loaded.
    pub fn load(path: &str) -> Result<SchemeTheory, CommandError> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let (program, sources, warnings) = convert(path, &text, &[])?;
        Ok(SchemeTheory { text, program, sources, warnings })
    }

    /// The program converted so that every event of `protocols` is a primitive: the one read
    /// at load time if it knows them all already.
    fn with_events(
        &self,
        path: &str,
        protocols: &[Protocol],
    ) -> Result<(Rc<CpsProgram>, Rc<SourceMap>), CommandError> {
        let events: Vec<String> = protocols.iter().flat_map(|p| p.alphabet.clone()).collect();
        if events.iter().all(|e| self.program.events.contains(e)) {
            return Ok((self.program.clone(), self.sources.clone()));
        }
        let (program, sources, _) = convert(path, &self.text, &events)?;
        Ok((program, sources))
    }
}

type Converted = (Rc<CpsProgram>, Rc<SourceMap>, String);

fn convert(path: &str, text: &str, events: &[String]) -> Result<Converted, CommandError> {
    let mut sources = SourceMap::new();
    let (program, diagnostics) = load_program_str(path, text, events, &mut sources);
    let rendered = render_all(&diagnostics, &sources);
    match program.filter(|_| !has_errors(&diagnostics)) {
        Some(program) => Ok((Rc::new(program), Rc::new(sources), rendered)),
        None => {
            let errors = diagnostics
                .iter()
                .filter(|d| d.severity == crate::syntax::Severity::Error)
                .count()
                .max(1);
            Err(CommandError::Refused(format!(
                "cannot load {path} ({errors} problem{}):\n{}",
                if errors == 1 { "" } else { "s" },
                rendered.trim_end()
            )))
        }
    }
}

/// Reads a Scheme program into a theory.
pub(crate) fn load(path: &str, name: String) -> Result<Theory, CommandError> {
    let scheme = SchemeTheory::load(path)?;
    let checksum = fnv1a64(scheme.text.as_bytes());
    Ok(Theory::new(name, path.to_string(), checksum, scheme))
}

impl TheoryKind for SchemeTheory {
    fn load_text(&self, theory: &Theory, _goals: usize) -> String {
        format!(
            "loaded theory {} from {}: Scheme, {} and {} in CPS (no goals: try `cfa`)\n{}",
            theory.name,
            theory.path,
            counted(self.program.calls.len(), "call"),
            counted(self.program.lams.len(), "λ term"),
            self.warnings
        )
    }

    fn summary(&self) -> String {
        format!(
            "Scheme: {}, {} in CPS",
            counted(self.program.calls.len(), "call"),
            counted(self.program.lams.len(), "λ term")
        )
    }

    fn sources(&self) -> Option<&SourceMap> {
        Some(&self.sources)
    }

    /// The state graph of its analysis; with none yet, the error says to run `cfa`.
    fn dot(&self, theory: &Theory, words: &[String]) -> Option<Result<Graph, CommandError>> {
        let graph = || {
            if !words.is_empty() {
                return Err(CommandError::Refused("usage: dot FILE".to_string()));
            }
            let run = theory
                .run::<CfaRun>()
                .ok_or_else(|| CommandError::Refused("no analysis yet: run `cfa` first".into()))?;
            Ok(cfa_graph(run))
        };
        Some(graph())
    }
}

/// A `cfa` run, kept in the run slot of the theory it analysed: which program, with what, and
/// what came out.
#[derive(Debug)]
pub struct CfaRun {
    /// The theory analysed.
    pub theory: String,
    /// Which `cfa` of the session it was (the first is 1): `states`, `succ`, `witness` and
    /// `compare` read the latest of the loaded programs' runs.
    pub serial: u64,
    /// The analysis, with its graph.
    pub analysis: Analysis,
    /// The protocols checked.
    pub protocols: Vec<Protocol>,
    /// The verdict per protocol, in the protocols' order.
    pub verdicts: Vec<Verdict>,
    /// The request as parsed, which `compare` repeats.
    pub request: CfaRequest,
}

/// The words of `cfa` or `compare`, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CfaRequest {
    /// The theory named, if any.
    pub theory: Option<String>,
    /// The analysis options.
    pub options: Options,
    /// Protocol files, in order (none: the built-in lock discipline).
    pub protocol_files: Vec<String>,
    /// Who decides governors the flow sets cannot.
    pub oracle: OracleKind,
    /// Whether any option was given (`compare` without options repeats the last `cfa`).
    pub explicit: bool,
}

/// Parses `[THEORY] [OPTIONS]` as `cfa` and `compare` take them, the options as `craig cfa`
/// parses them (`--k` at most [`MAX_K`](crate::repl::options::MAX_K) in both).
pub(crate) fn parse_request(args: &[String], usage: &str) -> Result<CfaRequest, CommandError> {
    let (words, matches): (CfaWords, _) = parse_words_with_matches(args, usage)?;
    let options = words.analysis.options();
    let given = |a: &clap::Arg| {
        matches.value_source(a.get_id().as_str()) == Some(clap::parser::ValueSource::CommandLine)
    };
    Ok(CfaRequest {
        theory: words.theory,
        options,
        protocol_files: words.analysis.protocol.iter().map(|p| p.display().to_string()).collect(),
        oracle: words.analysis.oracle,
        explicit: CfaWords::command().get_arguments().any(|a| !a.is_positional() && given(a)),
    })
}

/// The Scheme theory named `name`, or the most recently loaded one.
pub(crate) fn scheme_theory<'s>(
    state: &'s State,
    name: Option<&str>,
) -> Result<(&'s Theory, &'s SchemeTheory), CommandError> {
    let is_scheme = |t: &'s Theory| t.content::<SchemeTheory>().map(|s| (t, s));
    match name {
        Some(name) => {
            let t = state.theories.iter().find(|t| t.name == name).ok_or_else(|| {
                let names: Vec<&str> = state.theories.iter().map(|t| t.name.as_str()).collect();
                format!("no theory named `{name}` (theories: {})", names.join(", "))
            })?;
            is_scheme(t).ok_or_else(|| {
                CommandError::Refused(format!("theory {name} is not a Scheme program"))
            })
        }
        None => state.theories.iter().rev().find_map(is_scheme).ok_or_else(|| {
            CommandError::Refused("no Scheme program is loaded (try `load FILE.scm`)".into())
        }),
    }
}

/// Reads the protocol files (none: the built-in lock discipline). Errors are rendered with
/// `file:line:col`.
fn read_protocols(files: &[String]) -> Result<Vec<Protocol>, CommandError> {
    let mut sources = SourceMap::new();
    let mut protocols = Vec::new();
    let mut diagnostics = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let file = sources.add(path.clone(), Some(Path::new(path)), text.clone());
        let (ps, ds) = parse_protocols(file, &text);
        protocols.extend(ps);
        diagnostics.extend(ds);
    }
    if has_errors(&diagnostics) {
        return Err(CommandError::Refused(format!(
            "cannot read the protocols:\n{}",
            render_all(&diagnostics, &sources).trim_end()
        )));
    }
    if protocols.is_empty() {
        protocols.push(Protocol::lock_discipline());
    }
    Ok(protocols)
}

/// `cfa [THEORY] [OPTIONS]`: analyses the program, prints the summary, the oracle's answers,
/// warnings and a verdict per protocol, and keeps the result.
pub(crate) fn run_cfa(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    let request = parse_request(args, "cfa [THEORY] [OPTIONS]")?;
    let (theory, scheme) = scheme_theory(&wb.state, request.theory.as_deref())?;
    let protocols = read_protocols(&request.protocol_files)?;
    let (program, sources) = scheme.with_events(&theory.path, &protocols)?;
    let oracle = request.oracle.make();
    let analysis = analyse_with_oracle(program, sources, &request.options, &*oracle);
    let verdicts: Vec<Verdict> = protocols.iter().map(|p| analysis.check(p)).collect();
    let mut text = format!(
        "{}: {}",
        theory.name,
        analysis.summary_timed(&wb.format_time(analysis.graph.stats.elapsed))
    );
    text.push_str(&analysis.oracle_text());
    text.push_str(&analysis.warnings_text());
    for (p, v) in protocols.iter().zip(&verdicts) {
        match v {
            Verdict::Violation(w) => {
                let _ = writeln!(
                    text,
                    "protocol {}: may be violated ({}; `witness` shows the path)",
                    p.name,
                    counted(w.path.len(), "state")
                );
            }
            _ => text.push_str(&analysis.verdict_text(p, v)),
        }
    }
    write!(out, "{text}")?;
    let index = wb
        .state
        .theories
        .iter()
        .position(|t| std::ptr::eq(t, theory))
        .expect("the theory analysed is loaded");
    let serial = latest(&wb.state).map_or(0, |r| r.serial) + 1;
    let run =
        CfaRun { theory: theory.name.clone(), serial, analysis, protocols, verdicts, request };
    wb.state.theories[index].set_run(Some(run));
    Ok(Control::Continue)
}

/// The latest `cfa` run of the programs loaded (a program reloaded or unloaded takes its run
/// with it).
fn latest(state: &State) -> Option<&CfaRun> {
    state.theories.iter().filter_map(|t| t.run::<CfaRun>()).max_by_key(|r| r.serial)
}

/// The last `cfa`'s result, if its program is still loaded as it was.
pub(crate) fn last_run(state: &State) -> Result<&CfaRun, CommandError> {
    latest(state).ok_or_else(|| CommandError::Refused("no analysis yet: run `cfa` first".into()))
}

/// A state number as typed, checked against the graph.
pub(crate) fn state_id(run: &CfaRun, word: &str) -> Result<StateId, CommandError> {
    let count = run.analysis.graph.states.len();
    let n: usize = word
        .parse()
        .map_err(|_| format!("expected a state number (0 to {}), got `{word}`", count - 1))?;
    if n >= count {
        return Err(CommandError::Refused(format!(
            "no state {n}: the graph has states 0 to {}",
            count - 1
        )));
    }
    Ok(StateId(n as u32))
}

/// `states`: every state, one line each, with its successors.
pub(crate) fn states(wb: &Workbench, out: &mut dyn Write) -> CommandResult {
    let run = last_run(&wb.state)?;
    let a = &run.analysis;
    writeln!(
        out,
        "{} ({}): {}, {}{}",
        run.theory,
        a.options.describe(),
        counted(a.graph.stats.states, "state"),
        counted(a.graph.stats.edges, "edge"),
        if a.graph.complete { "" } else { " (stopped at the state limit)" }
    )?;
    write!(out, "{}", a.states_text())?;
    Ok(Control::Continue)
}

/// `show state N`: the state's control, time, environment, continuation, store and counts.
pub(crate) fn show_state(wb: &Workbench, word: &str, out: &mut dyn Write) -> CommandResult {
    let run = last_run(&wb.state)?;
    let id = state_id(run, word)?;
    let text = run.analysis.show_state(id).ok_or_else(|| format!("no state {word}"))?;
    write!(out, "{text}")?;
    Ok(Control::Continue)
}

/// `succ N`: the successors of a state, with the rule that makes them.
pub(crate) fn successors(wb: &Workbench, word: &str, out: &mut dyn Write) -> CommandResult {
    let run = last_run(&wb.state)?;
    let id = state_id(run, word)?;
    let text = run.analysis.show_successors(id).ok_or_else(|| format!("no state {word}"))?;
    write!(out, "{text}")?;
    Ok(Control::Continue)
}

/// `witness`: for each protocol the last `cfa` found may be violated, the witness path and
/// whether the concrete machine confirms it.
pub(crate) fn witness(wb: &Workbench, steps: usize, out: &mut dyn Write) -> CommandResult {
    let run = last_run(&wb.state)?;
    let a = &run.analysis;
    for (p, v) in run.protocols.iter().zip(&run.verdicts) {
        match v {
            Verdict::Violation(_) => {
                write!(out, "{}", a.verdict_text(p, v))?;
                write!(out, "{}", a.confirmation_text(p, steps))?;
            }
            Verdict::Verified => writeln!(out, "protocol {}: verified, so no witness", p.name)?,
            Verdict::Unknown => writeln!(
                out,
                "protocol {}: unknown (the graph stopped at the state limit) and no violation in \
                 its explored part, so no witness",
                p.name
            )?,
        }
    }
    Ok(Control::Continue)
}

/// `dot FILE` for a Scheme program: its `cfa` run's state graph in Graphviz DOT, the first
/// witness path in red.
fn cfa_graph(run: &CfaRun) -> Graph {
    let a = &run.analysis;
    let first_witness = run.verdicts.iter().find_map(|v| match v {
        Verdict::Violation(w) => Some(w),
        _ => None,
    });
    let what = format!(
        "the state graph of {} ({}, {}{})",
        run.theory,
        counted(a.graph.stats.states, "state"),
        counted(a.graph.stats.edges, "edge"),
        if first_witness.is_some() { "; the first witness path in red" } else { "" }
    );
    Graph { text: a.dot(first_witness), what }
}

/// `compare [THEORY] [OPTIONS]`: the analysis without GC, with GC and with conditional GC.
/// Without options (and on the program the last `cfa` analysed), the last `cfa`'s options,
/// protocols and oracle.
pub(crate) fn run_compare(wb: &Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    let mut request = parse_request(args, "compare [THEORY] [OPTIONS]")?;
    let (theory, scheme) = scheme_theory(&wb.state, request.theory.as_deref())?;
    let mut from_cfa = false;
    if !request.explicit
        && let Ok(run) = last_run(&wb.state)
        && run.theory == theory.name
    {
        request = CfaRequest { theory: request.theory, ..run.request.clone() };
        from_cfa = true;
    }
    let protocols = read_protocols(&request.protocol_files)?;
    let (program, sources) = scheme.with_events(&theory.path, &protocols)?;
    let rows = compare(program, sources, &request.options, &protocols, request.oracle);
    writeln!(
        out,
        "{}: {}{}",
        theory.name,
        request.oracle.describe(),
        if from_cfa { " (the options of the last `cfa`)" } else { "" }
    )?;
    let deterministic = wb.deterministic();
    let table = comparison_table(&rows, &protocols, |d| {
        if deterministic { "[time]".to_string() } else { format!("{:.1}", d.as_secs_f64() * 1e3) }
    });
    write!(out, "{table}")?;
    Ok(Control::Continue)
}

/// `show cps [THEORY]`: the program in CPS.
pub(crate) fn show_cps(wb: &Workbench, name: Option<&str>, out: &mut dyn Write) -> CommandResult {
    let (theory, scheme) = scheme_theory(&wb.state, name)?;
    writeln!(
        out,
        "{} in CPS ({}, {}):",
        theory.name,
        counted(scheme.program.calls.len(), "call"),
        counted(scheme.program.lams.len(), "λ term")
    )?;
    write!(out, "{}", print_program(&scheme.program))?;
    Ok(Control::Continue)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    /// The message of the refusal of `line`, which must be refused.
    fn refusal(line: &str) -> String {
        match parse_request(&words(line), "u") {
            Err(CommandError::Refused(message)) => message,
            other => panic!("`{line}` is not refused: {other:?}"),
        }
    }

    #[test]
    fn options_parse_like_the_command_line() {
        let r =
            parse_request(&words("lockloop --k 1 --no-counting --protocol a.proto"), "u").unwrap();
        assert_eq!(r.theory.as_deref(), Some("lockloop"));
        assert_eq!(r.options.k, 1);
        assert!(!r.options.counting && r.options.gc);
        assert_eq!(r.protocol_files, ["a.proto"]);
        assert!(r.explicit);
        assert!(!parse_request(&[], "u").unwrap().explicit);
        assert!(parse_request(&words("--k 0"), "u").unwrap().explicit);
        let e = refusal("--no-gc --conditional-gc");
        assert_eq!(e, "`--no-gc` cannot be used with `--conditional-gc`; usage: u");
        let e = refusal("--k x");
        assert!(e.starts_with("invalid value `x` for `--k <N>`: "), "{e}");
        let e = refusal("--k");
        assert_eq!(e, "`--k <N>` needs a value; usage: u");
        let e = refusal("--k 9");
        assert_eq!(e, "invalid value `9` for `--k <N>`: k-CFA takes k from 0 to 8; usage: u");
        let e = refusal("a b");
        assert!(e.contains("unexpected argument `b`"), "{e}");
        let e = refusal("--frobnicate");
        assert!(e.contains("unknown option"), "{e}");
        let e = refusal("--oracle z3");
        assert!(e.contains("unknown oracle"), "{e}");
        let e = refusal("--max-states 0");
        assert!(e.contains("expected a positive whole number"), "{e}");
    }
}
