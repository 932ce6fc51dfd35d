//! `craig cegar FILE.c`: lazy abstraction on a C program's function (`main` by default), with
//! interpolant labels (IMPACT, the default) or predicate abstraction (`--domain predicates`):
//! `SAFE` with the invariants found (checked inductive), `UNSAFE` with the inputs
//! of a counterexample (replayed by the interpreter) and the failing check, or `UNKNOWN` with
//! why; then the domain and the counters. Integers are machine integers unless `--math-int`
//! says otherwise, and every answer says which.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::c::DataModel;
use crate::c::lower::memory_model;
use crate::c::task::{Property, read_task};
use crate::cli::{CliError, Replay, load_program_file, memtrack, parse_data_model, witness};
use crate::refine::flat::Flat;
use crate::refine::kinduction::KInduction;
use crate::refine::language::{DEFAULT_MAXLEN, LanguageEngine};
use crate::refine::{Counterexample, Domain, Engine, Limits, RefineError, Seeding, Verdict};
use crate::repl::options::{EngineOptions, RunOptions};
use crate::syntax::SourceMap;
use crate::syntax::clock::Stopwatch;

/// Lazy abstraction (IMPACT, or predicate abstraction) on a C program.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The program (`.c`, or a preprocessed `.i`; or a `.java` file, whose method's contract
    /// is assumed and checked), or an SV-COMP task (`.yml`: its program, and the first of its
    /// properties craig decides).
    pub file: PathBuf,
    /// Decide only this property: an SV-COMP name (`unreach-call`) or a `.prp` file. Checks
    /// the property is not about are assumed (a run ends where one fails). Without it (and
    /// without a task), every check of the program is decided.
    #[arg(long, value_name = "PROPERTY")]
    pub property: Option<String>,
    /// The function to analyse (calls are inlined); a Java method as `Class.method`.
    #[arg(long, value_name = "NAME", default_value = "main")]
    pub function: String,
    /// The domain and the limits, as the prompt's `cegar` takes them.
    #[command(flatten)]
    pub run: RunOptions,
    /// The engine, as the prompt's `cegar` takes it.
    #[command(flatten)]
    pub engines: EngineOptions,
    /// Write the invariants (safe) or the inputs (unsafe) to this file; a `.graphml` file gets
    /// SV-COMP's violation witness of an unsafe answer.
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
    /// Print the abstract reachability tree at the end.
    #[arg(long)]
    pub art: bool,
    /// The language domain: check factors of up to this many symbols for m-spuriousness
    /// before splitting regions.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAXLEN, value_parser = maxlen)]
    pub maxlen: usize,
    /// Read C's integers as mathematical integers (unbounded, no overflow, no bitwise
    /// operators) instead of machine integers.
    #[arg(long)]
    pub math_int: bool,
    /// The machine a C file is read for: `LP64` (x86-64, the default for a C file) or `ILP32`
    /// (i386: 32-bit `long` and pointers). A task's `.yml` states its own; this overrides it.
    #[arg(long, value_name = "MODEL", value_parser = parse_data_model)]
    pub data_model: Option<DataModel>,
}

pub use crate::refine::{EngineChoice, PORTFOLIO_KINDUCTION_STEPS};

/// The engines that ran, the last one answering: k-induction alone, or IMPACT (after
/// k-induction when the portfolio ran it first and it did not answer).
enum Ran {
    KInduction(KInduction),
    Impact {
        kinduction: Option<KInduction>,
        engine: Box<Engine>,
    },
    /// The language domain's own engine.
    Language(Box<LanguageEngine>),
}

/// `--maxlen`: at least two symbols (a factor of one symbol has no edge to refute).
fn maxlen(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 2 => Ok(n),
        _ => Err(format!("expected a number of symbols, at least 2, got `{text}`")),
    }
}

impl Ran {
    /// The graph of the engine that answered (its locations and variable names).
    fn flat(&self) -> &Flat {
        match self {
            Ran::KInduction(k) => &k.flat,
            Ran::Impact { engine, .. } => &engine.flat,
            Ran::Language(engine) => &engine.flat,
        }
    }

    fn seeding(&self) -> &Seeding {
        match self {
            Ran::KInduction(k) => k.seeding(),
            Ran::Impact { engine, .. } => engine.seeding(),
            Ran::Language(engine) => engine.seeding(),
        }
    }

    fn kinduction(&self) -> Option<&KInduction> {
        match self {
            Ran::KInduction(k) => Some(k),
            Ran::Impact { kinduction, .. } => kinduction.as_ref(),
            Ran::Language(..) => None,
        }
    }

    fn impact(&self) -> Option<&Engine> {
        match self {
            Ran::KInduction(_) | Ran::Language(..) => None,
            Ran::Impact { engine, .. } => Some(engine.as_ref()),
        }
    }

    fn language(&self) -> Option<&LanguageEngine> {
        match self {
            Ran::Language(engine) => Some(engine.as_ref()),
            _ => None,
        }
    }
}

/// Runs the engine `choice` asks for on `function` of `program`: the verdict and the engines,
/// or the exit code of an answer already written (the function cannot be analysed).
fn run_engines(
    choice: EngineChoice,
    program: &crate::ir::Program,
    args: &Args,
    limits: Limits,
    integers_line: &str,
    out: &mut dyn Write,
) -> Result<Result<(Verdict, Ran), u8>, CliError> {
    let invariants = !args.run.no_invariants;
    if args.run.domain == Domain::Language {
        if choice != EngineChoice::Impact {
            return Err(CliError::Usage(
                "the language domain runs its own engine; it does not combine with --engine".into(),
            ));
        }
        let built = LanguageEngine::new(program, &args.function, limits, args.maxlen, invariants);
        let mut engine = match built_or_unknown(built, integers_line, out)? {
            Ok(engine) => engine,
            Err(code) => return Ok(Err(code)),
        };
        let verdict = engine.run();
        return Ok(Ok((verdict, Ran::Language(Box::new(engine)))));
    }
    let mut kinduction = None;
    let started = Stopwatch::start(limits.clock);
    if choice != EngineChoice::Impact {
        let budget = match choice {
            EngineChoice::Portfolio => Limits {
                max_steps: Some(
                    limits
                        .max_steps
                        .map_or(PORTFOLIO_KINDUCTION_STEPS, |n| n.min(PORTFOLIO_KINDUCTION_STEPS)),
                ),
                time: limits.time.map(|t| t / 3),
                ..limits.clone()
            },
            _ => limits.clone(),
        };
        let built = KInduction::new(program, &args.function, budget, invariants);
        let mut k = match built_or_unknown(built, integers_line, out)? {
            Ok(k) => k,
            Err(code) => return Ok(Err(code)),
        };
        let verdict = k.run();
        if choice == EngineChoice::Kinduction || !matches!(verdict, Verdict::Unknown(_)) {
            return Ok(Ok((verdict, Ran::KInduction(k))));
        }
        kinduction = Some(k);
    }
    // After k-induction, IMPACT gets what is left of the time limit.
    let limits = match &kinduction {
        Some(_) => limits.left_after(&started),
        None => limits,
    };
    let built = Engine::configured(program, &args.function, limits, args.run.domain, invariants);
    let mut engine = match built_or_unknown(built, integers_line, out)? {
        Ok(engine) => engine,
        Err(code) => return Ok(Err(code)),
    };
    let verdict = engine.run();
    Ok(Ok((verdict, Ran::Impact { kinduction, engine: Box::new(engine) })))
}

/// The engine a command built, or the exit code of the answer it printed instead: a function
/// the program lacks is the user's error, not an answer about the program; any other reason
/// the engine cannot be built is an `UNKNOWN`.
pub(crate) fn built_or_unknown<E>(
    built: Result<E, RefineError>,
    integers_line: &str,
    out: &mut dyn Write,
) -> Result<Result<E, u8>, CliError> {
    match built {
        Ok(engine) => Ok(Ok(engine)),
        Err(RefineError::Refused(reason)) => Err(CliError::Usage(reason)),
        Err(reason) => {
            writeln!(out, "UNKNOWN: {reason}")?;
            writeln!(out, "{integers_line}")?;
            Ok(Err(3))
        }
    }
}

/// A program read for an analysis, with the property it decides.
pub(crate) struct Analysed {
    /// The program file (a task's input, or the file given).
    pub file: PathBuf,
    /// The program, every check the property is not about turned into an assumption.
    pub program: crate::ir::Program,
    /// The property decided, if one is given.
    pub property: Option<Property>,
    /// The verdict the task expects for it.
    pub expected: Option<bool>,
    /// The data model the file was read for.
    pub model: DataModel,
    /// How integers were read, as the answer says it.
    pub integers_line: String,
    /// For `valid-memsafety` on a program that allocates: the program with every check still
    /// a check, from which the leak run and the termination run make theirs (see
    /// [`super::memtrack`]).
    pub leak_program: Option<crate::ir::Program>,
}

/// Reads the program of an analysis (a C or Java file, or an SV-COMP task) as `cegar` and
/// `smash` do: its property, integers and data model. `Err(Ok(code))` when the answer is
/// already known (a property craig does not decide), after it has been written.
pub(crate) fn read_analysed(
    given_file: &Path,
    given_property: Option<&str>,
    math_int: bool,
    data_model: Option<DataModel>,
    sources: &mut SourceMap,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Result<Analysed, u8>, CliError> {
    let (file, property, expected, stated_model) = task_and_property(given_file, given_property)?;
    let model = data_model.or(stated_model).unwrap_or_default();
    let integers =
        if math_int { crate::c::Integers::Mathematical } else { crate::c::Integers::Machine };
    let mut program = load_program_file(&file, sources, integers, model, err)?;
    // Java's integers are read mathematically whatever the flag says.
    let integers_line = if file.extension().is_some_and(|e| e == "java") {
        "integers are mathematical (unbounded, no overflow)".to_string()
    } else {
        integers.describe(model).to_string()
    };
    let mut leak_program = None;
    if let Some(property) = &property {
        let Some(kept) = property.checks() else {
            writeln!(out, "UNKNOWN: craig does not decide the property `{}` yet", property.name())?;
            writeln!(out, "{integers_line}")?;
            return Ok(Err(3));
        };
        if *property == Property::NoOverflow && integers == crate::c::Integers::Mathematical {
            writeln!(
                out,
                "UNKNOWN: `no-overflow` needs machine integers; --math-int reads them as unbounded"
            )?;
            writeln!(out, "{integers_line}")?;
            return Ok(Err(3));
        }
        let allocates = program.variables.iter().any(|v| v.name == memory_model::LIVE_HEAP);
        if *property == Property::ValidMemsafety && allocates {
            // Every check still a check: the leak and termination runs choose their own.
            leak_program = Some(program.clone());
        }
        // The memory model's own limit is never assumed away: a run past it is not modelled.
        let mut kept = kept.to_vec();
        kept.push(crate::hol::Obligation::MemoryModel);
        program.assume_checks_except(&kept);
    }
    Ok(Ok(Analysed { file, program, property, expected, model, integers_line, leak_program }))
}

/// Runs the engine. Exit 0 for `SAFE`, 1 for `UNSAFE`, 3 for `UNKNOWN`, 2 on input errors.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    // `termination` is no check of the program's runs but an argument over all of them.
    if let Ok((file, Some(Property::Termination), expected, stated_model)) =
        task_and_property(&args.file, args.property.as_deref())
    {
        let RunOptions { domain, max_steps, max_nodes, time_limit: time, .. } = args.run;
        let request = crate::cli::termination::Request {
            file,
            function: &args.function,
            expected,
            model: args.data_model.or(stated_model).unwrap_or_default(),
            integers: if args.math_int {
                crate::c::Integers::Mathematical
            } else {
                crate::c::Integers::Machine
            },
            limits: Limits { max_steps, max_nodes, time, ..Limits::default() },
            domain,
            witness: args.witness.as_deref(),
        };
        return crate::cli::termination::run(request, out, err);
    }
    let mut sources = SourceMap::new();
    let analysed = read_analysed(
        &args.file,
        args.property.as_deref(),
        args.math_int,
        args.data_model,
        &mut sources,
        out,
        err,
    )?;
    let Analysed { file, program, property, expected, model, integers_line, leak_program, .. } =
        match analysed {
            Ok(analysed) => analysed,
            Err(code) => return Ok(code),
        };
    let RunOptions { domain, max_steps, max_nodes, time_limit: time, .. } = args.run;
    let limits = Limits { max_steps, max_nodes, time, ..Limits::default() };
    // The leak and termination runs after the first get what is left of its time limit.
    let started = Stopwatch::start(limits.clock);
    let (verdict, ran) =
        match run_engines(args.engines.engine, &program, args, limits, &integers_line, out)? {
            Ok(ran) => ran,
            Err(code) => return Ok(code),
        };
    let flat = ran.flat();
    let locate = |span: Option<crate::syntax::Span>| match span {
        Some(s) => sources.location(s),
        None => args.file.display().to_string(),
    };
    let names = |v: usize| flat.variable_name(v);
    let mut witness = format!(
        "# craig cegar {} --function {} --domain {}{}\n",
        args.file.display(),
        args.function,
        domain,
        match args.engines.engine {
            EngineChoice::Impact => String::new(),
            other => format!(" --engine {other}"),
        }
    );
    // The program whose cleanup check a leak fails (the leak run's or the termination run's).
    let leak_violation: Option<crate::ir::Program>;
    // The program, inputs and failing check of a violation, for a GraphML witness.
    let mut violation: Option<(&crate::ir::Program, Vec<rug::Integer>, crate::hol::Obligation)> =
        None;
    let code = match &verdict {
        Verdict::Safe { .. } | Verdict::Unknown(_) if leak_program.is_some() => {
            let leak_run = memtrack::LeakRun {
                program: leak_program.as_ref().expect("matched"),
                function: &args.function,
                limits: Limits { max_steps, max_nodes, time, ..Limits::default() },
                started: &started,
                // The leak run is a tree run; the language domain has none, so IMPACT runs it.
                domain: if domain == Domain::Language { Domain::Impact } else { domain },
                replay: Replay { file: &file, math_int: args.math_int, model },
            };
            let mut answer = Vec::new();
            let leak = memtrack::decide(leak_run, &verdict, &locate, &mut answer)?;
            out.write_all(&answer)?;
            let answer = String::from_utf8_lossy(&answer);
            leak_violation = leak.violation_program;
            match leak.leak_inputs {
                Some(inputs) => {
                    let shown: Vec<String> = inputs.iter().map(|n| n.to_string()).collect();
                    witness.push_str(&format!("unsafe\ninputs {}\n", shown.join(",")));
                    let program = leak_violation.as_ref().expect("a leak comes with its program");
                    violation = Some((program, inputs, crate::hol::Obligation::MemoryCleanup));
                }
                None if leak.code == 0 => witness.push_str("safe\n"),
                None => {
                    let first_line = answer.lines().next().unwrap_or_default();
                    witness.push_str(&format!("unknown\n# {first_line}\n"));
                }
            }
            leak.code
        }
        Verdict::Safe { .. } if ran.language().is_some() => {
            writeln!(out, "SAFE")?;
            witness.push_str("safe\n");
            writeln!(
                out,
                "certificate (language domain, checked afresh): the regions cover every \
                 location, each removed pattern is unsatisfiable by a new SMT query, and the \
                 graph's words to an error location minus the patterns are none"
            )?;
            0
        }
        Verdict::Safe { invariants } => {
            writeln!(out, "SAFE")?;
            witness.push_str("safe\n");
            writeln!(
                out,
                "invariants at the loop heads (all {} reached locations checked inductive{}):",
                invariants.len(),
                if args.witness.is_some() { ", all in the witness" } else { "" }
            )?;
            for (l, p) in invariants {
                let location = &flat.locations[*l];
                let line =
                    format!("{} ({}): {}", location.name, locate(location.span), p.show(&names));
                witness.push_str(&format!("invariant {line}\n"));
                if location.loop_head {
                    writeln!(out, "  {line}")?;
                }
            }
            let summaries = ran.impact().map(Engine::summaries).unwrap_or_default();
            if !summaries.is_empty() {
                writeln!(
                    out,
                    "the proof rests on procedure summaries (each checked: the body, its \
                     recursive calls assuming them, establishes them):"
                )?;
                for (procedure, summary) in &summaries {
                    writeln!(out, "  {procedure}: {summary}")?;
                    witness.push_str(&format!("summary {procedure}: {summary}\n"));
                }
            }
            0
        }
        Verdict::Unsafe(cex) => {
            let replay = Replay { file: &file, math_int: args.math_int, model };
            let inputs = write_unsafe(out, cex, &replay, &locate)?;
            witness.push_str(&format!("unsafe\ninputs {inputs}\n"));
            violation = Some((&program, cex.inputs.clone(), cex.check));
            1
        }
        Verdict::Unknown(reason) => {
            writeln!(out, "UNKNOWN: {reason}")?;
            witness.push_str(&format!("unknown\n# {reason}\n"));
            3
        }
    };
    for (span, what) in &flat.approximations {
        writeln!(out, "note: {}: over-approximated: {what}", locate(*span))?;
    }
    write_property(out, property.as_ref(), expected)?;
    writeln!(out, "{integers_line}")?;
    writeln!(out, "{}", ran.seeding().describe())?;
    if args.engines.engine == EngineChoice::Portfolio {
        writeln!(
            out,
            "portfolio: k-induction (at most {PORTFOLIO_KINDUCTION_STEPS} path checks), then \
             IMPACT; answered by {}",
            if ran.impact().is_some() { "IMPACT" } else { "k-induction" }
        )?;
    }
    if let Some(k) = ran.kinduction() {
        let c = k.counters();
        writeln!(
            out,
            "k-induction: k up to {} edges, paths checked {}, kept {}, replays {}, certificate \
             edges {}, SMT calls {}{}",
            c.depth,
            c.paths_checked,
            c.paths_kept,
            c.replays,
            c.certificate_edges,
            c.smt_calls,
            match c.deepenings {
                0 => String::new(),
                n => format!(", recursion unrolled deeper {n} times"),
            }
        )?;
    }
    if let Some(engine) = ran.language() {
        let c = engine.counters();
        writeln!(
            out,
            "domain language: refinements {}, patterns removed {}, splits {}, symbols {}, DFA \
             peak {} states, words set aside {}, steps {}, SMT calls {}{}",
            c.refinements,
            c.removed,
            c.splits,
            c.symbols,
            c.dfa_peak,
            c.set_aside,
            c.steps,
            c.smt_calls,
            match c.deepenings {
                0 => String::new(),
                n => format!(", recursion unrolled deeper {n} times"),
            }
        )?;
        if args.art {
            writeln!(out, "note: the language domain builds no abstract reachability tree")?;
        }
    }
    if let Some(engine) = ran.impact() {
        let c = engine.counters();
        writeln!(
            out,
            "domain {}: refinements {}, ART nodes {} ({} covered, {} cut), steps {}, path \
             checks {}, SMT calls {}",
            domain, c.refinements, c.nodes, c.covered, c.cut, c.steps, c.checks, c.smt_calls
        )?;
        if args.art {
            write!(out, "{}", engine.art_text())?;
        }
    } else if args.art && ran.kinduction().is_some() {
        writeln!(out, "note: k-induction builds no abstract reachability tree to print")?;
    }
    match (&args.witness, violation) {
        (Some(path), Some((program, inputs, check))) if witness::is_graphml(path) => {
            let graphml = witness::violation_graphml(
                &witness::Violation {
                    program,
                    function: &args.function,
                    inputs: &inputs,
                    check,
                    property: property.as_ref(),
                    file: &file,
                    data_model: model,
                },
                &sources,
            )?;
            write_atomically(path, &graphml)?;
        }
        (Some(path), None) if witness::is_graphml(path) => writeln!(
            out,
            "note: no witness written to {}: craig writes GraphML witnesses for violations \
             only (`--witness` with another extension writes craig's own, with the invariants \
             of a SAFE answer)",
            path.display()
        )?,
        (Some(path), _) => write_atomically(path, &witness)?,
        (None, _) => {}
    }
    Ok(code)
}

/// Writes an unsafe answer: the failing check, the inputs and how to replay them. The inputs,
/// comma-separated, for the witness.
pub(crate) fn write_unsafe(
    out: &mut dyn Write,
    cex: &Counterexample,
    replay: &Replay<'_>,
    locate: &dyn Fn(Option<crate::syntax::Span>) -> String,
) -> Result<String, CliError> {
    writeln!(out, "UNSAFE")?;
    writeln!(out, "{}: {}", locate(cex.span), cex.failure())?;
    let inputs: Vec<String> = cex.inputs.iter().map(|n| n.to_string()).collect();
    let shown = if inputs.is_empty() { "(none)".to_string() } else { inputs.join(", ") };
    writeln!(out, "inputs (in the order they are read): {shown}")?;
    let command = replay.flags(&inputs);
    if replay.file.extension().is_some_and(|e| e == "java") {
        writeln!(out, "replayed on the method's IR: the same check fails")?;
    } else {
        writeln!(
            out,
            "replayed: `craig run {}{command}` fails the same check",
            replay.file.display()
        )?;
    }
    Ok(inputs.join(","))
}

/// Writes which property was decided and what the task expects, when one was given.
pub(crate) fn write_property(
    out: &mut dyn Write,
    property: Option<&Property>,
    expected: Option<bool>,
) -> Result<(), CliError> {
    let Some(property) = property else { return Ok(()) };
    let expected = match expected {
        Some(verdict) => format!(", the task expects {verdict}"),
        None => String::new(),
    };
    let decided = match property {
        Property::UnreachCall { function } => format!("only calls of `{function}` are decided"),
        other => format!("only `{}` is decided", other.name()),
    };
    writeln!(out, "property {}: {decided}; other checks are assumed{expected}", property.name())?;
    Ok(())
}

/// What a task states: the program, the property to decide, the verdict it expects and the
/// data model.
type Stated = (PathBuf, Option<Property>, Option<bool>, Option<DataModel>);

/// The program to read, the property to decide (if one is given), the verdict the task
/// expects for it and the data model it states: from a task's `.yml` (its first property
/// craig decides, unless `--property` names one), or the file and `--property` as given.
fn task_and_property(file: &Path, property: Option<&str>) -> Result<Stated, CliError> {
    let given = property.map(Property::read).transpose();
    let given = given.map_err(|e| CliError::Usage(e.to_string()))?;
    if !file.extension().is_some_and(|e| e == "yml" || e == "yaml") {
        return Ok((file.to_path_buf(), given, None, None));
    }
    let task = read_task(file).map_err(|e| CliError::Usage(e.to_string()))?;
    let chosen = match &given {
        Some(p) => task.property(p.name()),
        None => task
            .properties
            .iter()
            .find(|p| p.property.checks().is_some())
            .or(task.properties.first()),
    };
    let (property, expected) = match (chosen, given) {
        (Some(entry), _) => (Some(entry.property.clone()), entry.expected),
        (None, Some(p)) => (Some(p), None),
        (None, None) => {
            return Err(CliError::Usage(format!("{} states no property", file.display())));
        }
    };
    Ok((task.input, property, expected, Some(task.data_model)))
}

/// Writes through a temporary file beside the target, then renames it into place, so a reader
/// never sees half a witness.
pub(crate) fn write_atomically(path: &Path, text: &str) -> Result<(), CliError> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = path.with_file_name(format!(".{name}.tmp{}", std::process::id()));
    std::fs::write(&temp, text).map_err(|e| CliError::Failed {
        message: format!("cannot write {}: {e}", temp.display()),
        code: 2,
    })?;
    std::fs::rename(&temp, path).map_err(|e| CliError::Failed {
        message: format!("cannot write {}: {e}", path.display()),
        code: 2,
    })
}
