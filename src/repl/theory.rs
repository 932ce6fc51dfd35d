//! Loaded theories and how their goals become first-order problems. A TPTP problem is one goal;
//! a spec file contributes one goal per sequent of each lemma it states (a lemma the
//! translation does not split is one goal of the lemma's own name), translated under the
//! workbench's current sort handling and relevance options whenever it is proved or shown.
//! Java files read together contribute one goal per sequent of each proof obligation (see
//! [`super::program`]).

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;

use crate::fol::{InputSource, Part, Problem};
use crate::hol::Sequent;
use crate::session::{Checksum, fnv1a64};
use crate::solve::goal::{ValidityCache, translate_settled};
use crate::spec::{SpecItemKind, SpecModule, load_spec, stdlib_dir};
use crate::syntax::{SourceMap, Span};
use crate::translate::{SequentOutcome, SequentTranslation, TranslateOptions};

pub use super::boolprog::BoolProgTheory;
pub use super::cfa::SchemeTheory;
pub use super::program::JavaTheory;

/// File extensions read as TPTP problems.
const TPTP_EXTENSIONS: &[&str] = &["p", "ax", "tptp"];

/// A loaded file.
#[derive(Clone, Debug)]
pub struct Theory {
    /// The theory's name (the file stem).
    pub name: String,
    /// The path as the user gave it.
    pub path: String,
    /// Checksum of the file's bytes at load time.
    pub checksum: Checksum,
    /// Checksum of the whole text the theory was read from: the file followed by every file it
    /// includes or imports, so an edit to an included axiom file shows too.
    pub text_checksum: Checksum,
    /// What was read.
    pub content: TheoryContent,
    /// The refinement run on one of its procedures (C programs and Java methods), a value so
    /// that `undo` puts it back.
    pub cegar: Option<super::CegarRun>,
}

/// What a theory holds, by the kind of file.
#[derive(Clone, Debug)]
pub enum TheoryContent {
    /// A clausified TPTP problem.
    Tptp(Arc<Problem>),
    /// A type-checked spec file with its imports.
    Spec(Rc<SpecTheory>),
    /// Annotated Java files read together, with their proof obligations.
    Java(Rc<JavaTheory>),
    /// A boolean program (`.bp`) or a program with references (`.qr`), with its engine run.
    BoolProg(BoolProgTheory),
    /// A Scheme program in CPS, for `cfa` (it has no goals).
    Scheme(Rc<SchemeTheory>),
    /// A C program lowered into the IR, with its refinement run (no goals: `cegar` decides its
    /// checks; `show ir` lists its functions).
    C(Rc<super::CTheory>),
    /// An SMT-LIB script: its assertions are the hypotheses of one goal, their
    /// unsatisfiability, decided by the SMT core.
    Smt(Rc<super::smt::SmtTheory>),
}

/// A lemma's split sequents as translated, by the lemma's item index and the options.
type TranslationCache = BTreeMap<(usize, TranslateOptions), Rc<Vec<SequentTranslation>>>;

/// A spec file as the workbench keeps it: the module, the sources its spans point into, which
/// of its items are the lemmas of the file itself (imported libraries' lemmas are hypotheses,
/// not goals), and what was worked out about it once and for all: translations by lemma and
/// options, and the validity of left-out hypotheses.
#[derive(Debug)]
pub struct SpecTheory {
    /// The module (the file and everything it imports).
    pub module: SpecModule,
    /// The text of every file of the module.
    pub sources: SourceMap,
    /// Indices into `module.items` of the lemmas stated in the loaded file.
    pub lemmas: Vec<usize>,
    /// The validity of left-out schematic hypotheses, proved once per module.
    pub validity: ValidityCache,
    /// Translations made so far, by lemma and options: every command on any sequent of a lemma
    /// reuses the one translation of the whole lemma.
    translations: RefCell<TranslationCache>,
    /// How many sequents were translated (a deterministic counter, for tests).
    sequents_translated: Cell<u64>,
}

impl SpecTheory {
    /// A loaded module with nothing worked out yet.
    pub fn new(module: SpecModule, sources: SourceMap, lemmas: Vec<usize>) -> SpecTheory {
        SpecTheory {
            module,
            sources,
            lemmas,
            validity: ValidityCache::new(),
            translations: RefCell::default(),
            sequents_translated: Cell::new(0),
        }
    }

    /// The HOL sequent of the lemma at `item`: the lemma with every item before it.
    pub fn sequent(&self, item: usize) -> Sequent {
        let goal = crate::spec::Goal {
            lemma: &self.module.items[item],
            hypotheses: self.module.items[..item].iter().collect(),
        };
        self.module.sequent(&goal)
    }

    /// The split sequents of the lemma at `item` under `options`, translated once per lemma and
    /// options (and their validity questions settled through the module's cache).
    pub fn translate(
        &self,
        item: usize,
        options: &TranslateOptions,
        file: &str,
    ) -> Rc<Vec<SequentTranslation>> {
        if let Some(done) = self.translations.borrow().get(&(item, *options)) {
            return done.clone();
        }
        let translations = Rc::new(translate_settled(
            self.module.hol(),
            &self.sequent(item),
            options,
            file,
            &self.validity,
        ));
        self.sequents_translated.set(self.sequents_translated.get() + translations.len() as u64);
        self.translations.borrow_mut().insert((item, *options), translations.clone());
        translations
    }

    /// How many sequents were translated so far.
    pub fn sequents_translated(&self) -> u64 {
        self.sequents_translated.get()
    }

    /// `file:line:col` of the start of a span. Files of the standard library are named
    /// `stdlib/NAME.spec` wherever craig is installed, so transcripts do not depend on it.
    pub fn location(&self, span: Span) -> String {
        locate(&self.sources, span)
    }

    /// A one-line account of where a clause comes from, for cores, read off its typed origin:
    /// the hypothesis's kind and location, the goal, or what the translation generated it for.
    /// `sequent` is the HOL sequent of the goal the clause belongs to.
    pub fn describe_source(&self, sequent: &Sequent, source: &InputSource) -> String {
        let at = |span: Option<Span>| {
            span.map_or(String::new(), |s| format!(" at {}", self.location(s)))
        };
        match source.part {
            Part::Hypothesis(index) => {
                let hypothesis = &sequent.hypotheses[index as usize];
                format!("{} {}{}", hypothesis.kind.describe(), hypothesis.name, at(hypothesis.span))
            }
            Part::GoalAssumption(_) => {
                format!(
                    "assumption of the {} {}{}",
                    sequent.kind.describe(),
                    sequent.name,
                    at(sequent.span)
                )
            }
            Part::Goal if source.name == sequent.name => {
                format!("{} {}{}", sequent.kind.describe(), sequent.name, at(sequent.span))
            }
            Part::Goal => {
                format!(
                    "{} (this sequent) {}{}",
                    sequent.kind.describe(),
                    sequent.name,
                    at(sequent.span)
                )
            }
            Part::Generated(what) => what.describe().to_string(),
            Part::Input | Part::Inline(_) => {
                format!("formula {} of {}", source.name, source.file)
            }
        }
    }
}

/// `file:line:col` of the start of a span. Files of the standard library are named
/// `stdlib/NAME.spec` wherever craig is installed, so transcripts do not depend on it.
pub(crate) fn locate(sources: &SourceMap, span: Span) -> String {
    let (line, col) = sources.line_col(span.file, span.start as usize);
    let name = &sources.file(span.file).name;
    let stdlib = stdlib_dir();
    let shown = match Path::new(name).strip_prefix(&stdlib) {
        Ok(rest) => format!("stdlib/{}", rest.display()),
        Err(_) => name.clone(),
    };
    format!("{shown}:{line}:{col}")
}

/// Background generated for a problem: on both sides of every split.
pub(crate) fn is_generated(source: &InputSource) -> bool {
    matches!(source.part, Part::Generated(_))
}

/// A goal made ready for the prover.
#[derive(Clone, Debug)]
pub enum GoalProblem {
    /// The clauses to refute.
    Ready(Arc<Problem>),
    /// The translation discharged the sequent syntactically; the reason.
    Discharged(String),
    /// The translation was refused (for example `sorts erase` without justification).
    Refused(String),
}

/// The files a theory's path stands for: the path itself, or for Java files read together the
/// words of the path (as [`java_path`] joined them).
pub(crate) fn java_files(path: &str) -> Option<Vec<String>> {
    let is_java = |f: &str| f.ends_with(".java");
    if Path::new(path).exists() || !path.contains(char::is_whitespace) {
        return is_java(path).then(|| vec![path.to_string()]);
    }
    let words = super::split_words(path).ok()?;
    (!words.is_empty() && words.iter().all(|w| is_java(w))).then_some(words)
}

/// The path of a theory of Java files read together: the files as they would be typed after
/// `load` (quoted where they contain a space), so `reload` and `restore` read them again.
pub(crate) fn java_path(files: &[String]) -> String {
    let quoted: Vec<String> = files
        .iter()
        .map(|f| if f.contains(char::is_whitespace) { format!("\"{f}\"") } else { f.clone() })
        .collect();
    quoted.join(" ")
}

/// Reads the file at `path` (as given) into a theory: a TPTP problem by its extension, a spec
/// file for `.spec`, an SMT-LIB script for `.smt2`, Java files for `.java` (several, read together, when `path` is their
/// [`java_path`]). Diagnostics come back rendered, one per error, with file:line:col.
pub(crate) fn load_theory(path: &str) -> Result<Theory, String> {
    if let Some(files) = java_files(path) {
        return load_java_theory(&files);
    }
    let p = Path::new(path);
    let ext = p.extension().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
    let name = p.file_stem().map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned());
    if ext == "spec" {
        return load_spec_theory(path, name);
    }
    if ext == "bp" || ext == "qr" {
        return super::boolprog::load_theory(path, name);
    }
    if ext == "scm" {
        return super::cfa::load_scheme_theory(path);
    }
    if ext == "c" || ext == "i" {
        return super::c::load_c_theory(path);
    }
    if ext == "smt2" {
        return super::smt::load_smt_theory(path, name);
    }
    if !TPTP_EXTENSIONS.contains(&ext.as_str()) {
        return Err(format!(
            "cannot load {path}: expected a TPTP problem (.p, .ax), a spec file (.spec), Java \
             files (.java), a boolean program (.bp, .qr), a Scheme program (.scm), a C program \
             (.c, .i) or an SMT-LIB script (.smt2)"
        ));
    }
    let bytes = std::fs::read(p).map_err(|e| format!("cannot read {path}: {e}"))?;
    let problem = crate::input::load_problem(p).map_err(|e| one_line(&e.to_string()))?;
    let mut text = bytes.clone();
    let mut included: Vec<&str> = Vec::new();
    for c in &problem.clauses {
        let file = c.source.file.as_str();
        if file != path && !included.contains(&file) {
            included.push(file);
            // The loader just read it; should it vanish meanwhile, its name still counts.
            text.extend_from_slice(file.as_bytes());
            text.extend(std::fs::read(file).unwrap_or_default());
        }
    }
    Ok(Theory {
        name,
        path: path.to_string(),
        checksum: fnv1a64(&bytes),
        text_checksum: fnv1a64(&text),
        content: TheoryContent::Tptp(Arc::new(problem)),
        cegar: None,
    })
}

fn load_spec_theory(path: &str, name: String) -> Result<Theory, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut sources = SourceMap::new();
    let (module, diagnostics) = load_spec(Path::new(path), &mut sources);
    let Some(module) = module else {
        let errors = diagnostics.len();
        let rendered = crate::syntax::render_all(&diagnostics, &sources);
        return Err(format!(
            "cannot load {path} ({errors} problem{}):\n{}",
            if errors == 1 { "" } else { "s" },
            rendered.trim_end()
        ));
    };
    let root = module.root_file();
    let lemmas: Vec<usize> = module
        .items
        .iter()
        .enumerate()
        .filter(|(_, it)| it.kind == SpecItemKind::Lemma && Some(it.span.file) == root)
        .map(|(i, _)| i)
        .collect();
    let mut text = Vec::new();
    for f in &module.files {
        let file = sources.file(*f);
        text.extend_from_slice(file.name.as_bytes());
        text.extend_from_slice(file.text.as_bytes());
    }
    Ok(Theory {
        name,
        path: path.to_string(),
        checksum: fnv1a64(&bytes),
        text_checksum: fnv1a64(&text),
        content: TheoryContent::Spec(Rc::new(SpecTheory::new(module, sources, lemmas))),
        cegar: None,
    })
}

/// Java files read together into one theory, named after the first file.
pub(crate) fn load_java_theory(files: &[String]) -> Result<Theory, String> {
    let first = files.first().ok_or("no Java files to load")?;
    let name = Path::new(first)
        .file_stem()
        .map_or_else(|| first.clone(), |s| s.to_string_lossy().into_owned());
    let java = JavaTheory::load(files)?;
    // The checksum covers every file with its name, so an edit to any of them shows.
    let mut text = Vec::new();
    for f in files {
        text.extend_from_slice(f.as_bytes());
        text.push(0);
        text.extend(std::fs::read(f).unwrap_or_default());
    }
    let checksum = fnv1a64(&text);
    Ok(Theory {
        name,
        path: java_path(files),
        checksum,
        text_checksum: checksum,
        content: TheoryContent::Java(Rc::new(java)),
        cegar: None,
    })
}

/// Error messages go on one line so the prompt stays readable and transcripts stay stable.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The checksum of a spec goal: the text of its lemma and of every item before it, so a goal
/// is obsolete exactly when something it may depend on changed (as Why3 pairs goals).
pub(crate) fn spec_goal_checksum(spec: &SpecTheory, item: usize, sequent_name: &str) -> Checksum {
    let mut text = Vec::new();
    for it in &spec.module.items[..=item] {
        text.extend_from_slice(it.name.as_bytes());
        text.push(0);
        text.extend_from_slice(spec.sources.snippet(it.span).as_bytes());
        text.push(0);
    }
    text.extend_from_slice(sequent_name.as_bytes());
    fnv1a64(&text)
}

/// What the prover gets for one sequent.
pub(crate) fn goal_problem_of(translation: &SequentTranslation) -> GoalProblem {
    match &translation.outcome {
        SequentOutcome::Problem(p) => GoalProblem::Ready(p.clone()),
        SequentOutcome::Discharged(reason) => GoalProblem::Discharged(reason.to_string()),
        SequentOutcome::Refused(reason) => GoalProblem::Refused(reason.clone()),
    }
}
