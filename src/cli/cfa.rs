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
use crate::cfa::{Options, Protocol, Verdict, analyse_with_oracle};
use crate::repl::options::CfaOptions;
use crate::scheme::{load_program, print_program};
use crate::syntax::{SourceMap, has_errors, render_all};

/// Steps of the concrete run that tries to confirm a violation.
const CONCRETE_STEPS: usize = 100_000;

/// Options of `craig cfa`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The Scheme program.
    pub file: PathBuf,
    /// The analysis options, as the prompt's `cfa` takes them.
    #[command(flatten)]
    pub analysis: CfaOptions,
    /// Write the state graph in Graphviz DOT to FILE (the first witness path in red).
    #[arg(long, value_name = "FILE", display_order = 8)]
    pub dot: Option<PathBuf>,
    /// Print the program in CPS first.
    #[arg(long, display_order = 10)]
    pub show_cps: bool,
    /// Print every state of the graph.
    #[arg(long, display_order = 11)]
    pub states: bool,
    /// Run without GC, with GC and with conditional GC side by side.
    #[arg(long, display_order = 12)]
    pub compare: bool,
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
        self.analysis.options()
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
    for path in &args.analysis.protocol {
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
        let rows = compare(program, sources, &options, &protocols, args.analysis.oracle);
        w(out, &comparison_text(&rows, &protocols))?;
        return Ok(0);
    }
    let oracle = args.analysis.oracle.make();
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
