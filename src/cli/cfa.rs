//! `craig cfa FILE.scm`: builds the ΓCFA state graph of a Scheme program and checks usage
//! protocols on it, printing states, edges, time and a verdict per protocol with a witness.
//!
//! Exit codes: 0 every protocol verified, 1 some protocol may be violated, 2 input error,
//! 3 the state limit was reached before any violation was found.

use std::io::Write;
use std::path::PathBuf;
use std::rc::Rc;

use crate::cfa::protocol::parse_protocols;
use crate::cfa::report::{compare, comparison_text};
use crate::cfa::{Options, OracleKind, Protocol, Verdict, analyse_with_oracle};
use crate::scheme::{load_program, print_program};
use crate::syntax::{SourceMap, has_errors, render_all};

/// Steps of the concrete run that tries to confirm a violation.
const CONCRETE_STEPS: usize = 100_000;

/// Options of `craig cfa`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The Scheme program.
    pub file: PathBuf,
    /// Context sensitivity: k-CFA (0 = 0CFA).
    #[arg(long, value_name = "N", default_value_t = 0)]
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
    /// Write the state graph in Graphviz DOT to FILE (the first witness path in red).
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Stop exploring at this many states.
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    pub max_states: usize,
    /// Print the program in CPS first.
    #[arg(long)]
    pub show_cps: bool,
    /// Print every state of the graph.
    #[arg(long)]
    pub states: bool,
    /// Run without GC, with GC and with conditional GC side by side.
    #[arg(long)]
    pub compare: bool,
    /// Who decides the governors of conditional GC that flow sets alone cannot: `smt` asks
    /// craig's SMT core (only a checked refutation lets a binding be collected, so it can only
    /// make the analysis more precise, and its questions are cached); `none` keeps MaySat to
    /// the flow sets.
    #[arg(long, value_name = "smt|none", default_value = "smt", value_parser = parse_oracle)]
    pub oracle: OracleKind,
}

fn parse_oracle(name: &str) -> Result<OracleKind, String> {
    OracleKind::parse(name).ok_or_else(|| format!("unknown oracle `{name}` (smt or none)"))
}

/// Failures of `craig cfa`.
#[derive(Debug, thiserror::Error)]
pub enum CfaError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The program or a protocol has errors (rendered diagnostics).
    #[error("{0}")]
    Input(String),
}

impl Args {
    /// The analysis options these arguments ask for.
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

fn io(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> CfaError + '_ {
    move |source| CfaError::Io { path: path.display().to_string(), source }
}

/// Runs `craig cfa`.
pub fn run(args: &Args, out: &mut dyn Write, _err: &mut dyn Write) -> Result<u8, super::CliError> {
    analyse_file(args, out).map_err(|e| super::CliError::Failed { message: e.to_string(), code: 2 })
}

/// Reads the program, analyses it and writes the report.
fn analyse_file(args: &Args, out: &mut dyn Write) -> Result<u8, CfaError> {
    let mut sources = SourceMap::new();
    let mut protocols: Vec<Protocol> = Vec::new();
    let mut diags = Vec::new();
    for path in &args.protocol {
        let text = std::fs::read_to_string(path).map_err(io(path))?;
        let file = sources.add(path.display().to_string(), Some(path), text.clone());
        let (ps, ds) = parse_protocols(file, &text);
        protocols.extend(ps);
        diags.extend(ds);
    }
    if has_errors(&diags) {
        return Err(CfaError::Input(render_all(&diags, &sources)));
    }
    if protocols.is_empty() {
        protocols.push(Protocol::lock_discipline());
    }
    let events: Vec<String> = protocols.iter().flat_map(|p| p.alphabet.clone()).collect();
    let (program, ds) = load_program(&args.file, &events, &mut sources);
    let rendered = render_all(&ds, &sources);
    let Some(program) = program else { return Err(CfaError::Input(rendered)) };
    let w = |out: &mut dyn Write, s: &str| {
        out.write_all(s.as_bytes()).map_err(io(std::path::Path::new("<stdout>")))
    };
    w(out, &rendered)?;
    let program = Rc::new(program);
    let sources = Rc::new(sources);
    if args.show_cps {
        w(out, &print_program(&program))?;
    }
    let options = args.options();
    if args.compare {
        let rows = compare(program, sources, &options, &protocols, args.oracle);
        w(out, &comparison_text(&rows, &protocols))?;
        return Ok(0);
    }
    let oracle = args.oracle.make();
    let analysis = analyse_with_oracle(program.clone(), sources, &options, &*oracle);
    w(
        out,
        &format!(
            "{}: {} calls, {} λ terms\n{}",
            args.file.display(),
            program.calls.len(),
            program.lams.len(),
            analysis.summary()
        ),
    )?;
    if args.states {
        for id in analysis.graph.ids() {
            w(out, &analysis.show_state(id).unwrap_or_default())?;
        }
    }
    w(out, &analysis.oracle_text())?;
    w(out, &analysis.warnings_text())?;
    let mut code = 0u8;
    let mut first_witness = None;
    for p in &protocols {
        let verdict = analysis.check(p);
        w(out, &analysis.verdict_text(p, &verdict))?;
        match &verdict {
            Verdict::Violation(wit) => {
                w(out, &analysis.confirmation_text(p, CONCRETE_STEPS))?;
                code = 1;
                first_witness.get_or_insert_with(|| wit.clone());
            }
            Verdict::Unknown if code == 0 => code = 3,
            _ => {}
        }
    }
    if let Some(path) = &args.dot {
        std::fs::write(path, analysis.dot(first_witness.as_ref())).map_err(io(path))?;
    }
    Ok(code)
}
