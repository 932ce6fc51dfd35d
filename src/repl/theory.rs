//! Loaded theories and how their goals become first-order problems. A TPTP problem is one goal;
//! a spec file contributes one goal per sequent of each lemma it states (a lemma the
//! translation does not split is one goal of the lemma's own name), translated under the
//! workbench's current sort handling and relevance options whenever it is proved or shown.

use std::path::Path;
use std::rc::Rc;

use crate::input::Problem;
use crate::session::{Checksum, fnv1a64};
use crate::spec::{SpecItem, SpecItemKind, SpecModule, load_spec, stdlib_dir};
use crate::syntax::{SourceMap, Span};
use crate::translate::{SequentOutcome, SequentTranslation, TranslateOptions, translate_goal};

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
}

/// What a theory holds, by the kind of file.
#[derive(Clone, Debug)]
pub enum TheoryContent {
    /// A clausified TPTP problem.
    Tptp(Rc<Problem>),
    /// A type-checked spec file with its imports.
    Spec(Rc<SpecTheory>),
}

/// A spec file as the workbench keeps it: the module, the sources its spans point into, and
/// which of its items are the lemmas of the file itself (imported libraries' lemmas are
/// hypotheses, not goals).
#[derive(Clone, Debug)]
pub struct SpecTheory {
    /// The module (the file and everything it imports).
    pub module: SpecModule,
    /// The text of every file of the module.
    pub sources: SourceMap,
    /// Indices into `module.items` of the lemmas stated in the loaded file.
    pub lemmas: Vec<usize>,
}

impl SpecTheory {
    /// The translation's input for the lemma at `item`: the lemma with everything before it.
    pub fn goal(&self, item: usize) -> crate::spec::Goal<'_> {
        crate::spec::Goal {
            lemma: &self.module.items[item],
            hypotheses: self.module.items[..item].iter().collect(),
        }
    }

    /// The sequents of the lemma at `item` under `options`.
    pub fn translate(
        &self,
        item: usize,
        options: &TranslateOptions,
        file: &str,
    ) -> Vec<SequentTranslation> {
        translate_goal(&self.module, &self.goal(item), options, file)
    }

    /// `file:line:col` of the start of a span. Files of the standard library are named
    /// `stdlib/NAME.spec` wherever craig is installed, so transcripts do not depend on it.
    pub fn location(&self, span: Span) -> String {
        let (line, col) = self.sources.line_col(span.file, span.start as usize);
        let name = &self.sources.file(span.file).name;
        let stdlib = stdlib_dir();
        let shown = match Path::new(name).strip_prefix(&stdlib) {
            Ok(rest) => format!("stdlib/{}", rest.display()),
            Err(_) => name.clone(),
        };
        format!("{shown}:{line}:{col}")
    }

    /// The item a clause source name stands for: a hypothesis or lemma by its own name, or the
    /// lemma whose sequent assumption `NAME_assumption_K` (or sequent `NAME_K`) it is.
    pub fn item_of_source(&self, source_name: &str) -> Option<&SpecItem> {
        if let Some(item) = self.module.item(source_name) {
            return Some(item);
        }
        let base = source_name.split("_assumption_").next().unwrap_or(source_name);
        if let Some(item) = self.module.item(base) {
            return Some(item);
        }
        // `LEMMA_K`: a split sequent's own name.
        let (stem, index) = base.rsplit_once('_')?;
        index.parse::<usize>().ok()?;
        self.module.item(stem)
    }

    /// A one-line account of where a clause source comes from, for cores: the item's kind and
    /// location, or what the translation generated it for.
    pub fn describe_source(&self, source_name: &str) -> String {
        if let Some(item) = self.item_of_source(source_name) {
            let kind = match item.kind {
                SpecItemKind::Axiom => "axiom",
                SpecItemKind::Definition { .. } => "definition",
                SpecItemKind::Lemma if source_name.contains("_assumption_") => {
                    "assumption of the lemma"
                }
                SpecItemKind::Lemma if source_name == item.name => "lemma",
                SpecItemKind::Lemma => "lemma (this sequent)",
            };
            return format!("{kind} {} at {}", item.name, self.location(item.name_span));
        }
        if source_name == "int_literal_order" {
            "the order of the integer literals of the goal (generated)".to_string()
        } else {
            "generated by the translation (sort axioms)".to_string()
        }
    }
}

/// A goal made ready for the prover.
#[derive(Clone, Debug)]
pub enum GoalProblem {
    /// The clauses to refute.
    Ready(Rc<Problem>),
    /// The translation discharged the sequent syntactically; the reason.
    Discharged(String),
    /// The translation was refused (for example `sorts erase` without justification).
    Refused(String),
}

/// Reads the file at `path` (as given) into a theory: a TPTP problem by its extension, a spec
/// file for `.spec`. Spec diagnostics come back rendered, one per error, with file:line:col.
pub(crate) fn load_theory(path: &str) -> Result<Theory, String> {
    let p = Path::new(path);
    let ext = p.extension().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
    let name = p.file_stem().map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned());
    if ext == "spec" {
        return load_spec_theory(path, name);
    }
    if !TPTP_EXTENSIONS.contains(&ext.as_str()) {
        return Err(format!(
            "cannot load {path}: expected a TPTP problem (.p, .ax) or a spec file (.spec)"
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
        content: TheoryContent::Tptp(Rc::new(problem)),
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
        content: TheoryContent::Spec(Rc::new(SpecTheory { module, sources, lemmas })),
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
pub(crate) fn goal_problem_of(translation: SequentTranslation) -> GoalProblem {
    match translation.outcome {
        SequentOutcome::Problem(p) => GoalProblem::Ready(Rc::new(*p)),
        SequentOutcome::Discharged(reason) => GoalProblem::Discharged(reason.to_string()),
        SequentOutcome::Refused(reason) => GoalProblem::Refused(reason),
    }
}
