//! Annotated Java programs at the prompt: the files of one `load` read together into a
//! [`Verification`], whose proof obligations are the theory's goals. Each obligation is
//! translated under the workbench's options when it is shown or proved, once per obligation and
//! options, as a spec lemma is; an obligation the translation splits gives one goal per sequent.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::rc::Rc;

use crate::fol::{InputSource, Part};
use crate::ir::ProcId;
use crate::session::{Checksum, fnv1a64};
use crate::solve::goal::{ValidityCache, translate_settled};
use crate::syntax::{SourceMap, Span, has_errors, render_all};
use crate::translate::{SequentTranslation, TranslateOptions};
use crate::vc::{ProofObligation, VcOptions};
use crate::verify::describe;
use crate::verify::{Verification, load_java};

use super::theory::locate;

/// An obligation's split sequents as translated, by obligation index and options.
type TranslationCache = BTreeMap<(usize, TranslateOptions), Rc<Vec<SequentTranslation>>>;

/// Java files as the workbench keeps them: the program with its obligations, the sources their
/// spans point into, and what was worked out once: translations by obligation and options, and
/// the validity of left-out hypotheses.
#[derive(Debug)]
pub struct JavaTheory {
    /// The program, its background and its obligations.
    pub verification: Verification,
    /// The text of every file read (the Java files and the standard library's `int.spec`).
    pub sources: SourceMap,
    /// The Java files, as the user gave them, in the order given.
    pub files: Vec<String>,
    /// Warnings of the front end, rendered (errors make the load fail).
    pub warnings: String,
    /// The validity of left-out schematic hypotheses (obligations have none, but the translation
    /// asks through one cache per theory, as for spec modules).
    pub validity: ValidityCache,
    translations: RefCell<TranslationCache>,
    /// The refinement engine of a `cegar` run on one of its methods, at some position.
    pub(crate) cegar_cache: super::refinement::EngineCache,
    sequents_translated: Cell<u64>,
}

impl JavaTheory {
    /// Reads, checks and lowers the files together and makes every obligation. Errors come back
    /// rendered, one per problem, with `file:line:col`.
    pub fn load(files: &[String]) -> Result<JavaTheory, String> {
        let mut sources = SourceMap::new();
        let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
        let (verification, diagnostics) = load_java(&paths, &mut sources, &VcOptions::default());
        let rendered = render_all(&diagnostics, &sources);
        let Some(verification) = verification.filter(|_| !has_errors(&diagnostics)) else {
            let errors = diagnostics.len();
            return Err(format!(
                "cannot load {} ({errors} problem{}):\n{}",
                files.join(" "),
                if errors == 1 { "" } else { "s" },
                rendered.trim_end()
            ));
        };
        Ok(JavaTheory {
            verification,
            sources,
            files: files.to_vec(),
            warnings: rendered,
            validity: ValidityCache::new(),
            translations: RefCell::default(),
            sequents_translated: Cell::new(0),
            cegar_cache: Default::default(),
        })
    }

    /// The obligation at `index`.
    pub fn obligation(&self, index: usize) -> &ProofObligation {
        &self.verification.obligations[index]
    }

    /// The name of the method an obligation belongs to (`Class.method`).
    pub fn method_of(&self, index: usize) -> &str {
        &self.verification.program.procedure(self.obligation(index).procedure).name
    }

    /// The method named `name` (`Class.method`).
    pub fn method(&self, name: &str) -> Option<ProcId> {
        self.verification.program.find(name)
    }

    /// The split sequents of an obligation under `options`, translated once per obligation and
    /// options.
    pub fn translate(
        &self,
        index: usize,
        options: &TranslateOptions,
        file: &str,
    ) -> Rc<Vec<SequentTranslation>> {
        if let Some(done) = self.translations.borrow().get(&(index, *options)) {
            return done.clone();
        }
        let translations = Rc::new(translate_settled(
            self.verification.signature(),
            &self.obligation(index).sequent,
            options,
            file,
            &self.validity,
        ));
        self.sequents_translated.set(self.sequents_translated.get() + translations.len() as u64);
        self.translations.borrow_mut().insert((index, *options), translations.clone());
        translations
    }

    /// How many sequents were translated so far.
    pub fn sequents_translated(&self) -> u64 {
        self.sequents_translated.get()
    }

    /// `file:line:col` of the start of a span.
    pub fn location(&self, span: Span) -> String {
        locate(&self.sources, span)
    }

    /// The source line a span starts on, trimmed (what a core line quotes).
    pub fn line_of(&self, span: Span) -> &str {
        let (line, _) = self.sources.line_col(span.file, span.start as usize);
        self.sources.line_text(span.file, line).trim()
    }

    /// What an obligation checks and where: `postcondition at F:L:C, checked at F:L:C`.
    pub fn what(&self, index: usize) -> String {
        let o = self.obligation(index);
        let at = o.at.map_or(String::new(), |s| format!(", checked at {}", self.location(s)));
        format!("{} at {}{at}", describe(o.check, &o.what), self.location(o.span))
    }

    /// The path through the method an obligation covers, one line each (indented by two).
    pub fn path_lines(&self, index: usize) -> Vec<String> {
        let o = self.obligation(index);
        let mut lines = Vec::new();
        if o.all_paths {
            lines.push("  on every path to it".to_string());
        }
        for step in &o.path {
            let at = step.span.map_or(String::new(), |s| format!(" ({})", self.location(s)));
            lines.push(format!("  path: {}{at}", step.text));
        }
        if lines.is_empty() {
            lines.push("  path: straight from the method's entry (no branch taken)".to_string());
        }
        lines
    }

    /// A term of the program in the IR's notation (fields as `x..f`).
    pub fn show_term(&self, t: crate::hol::TermId) -> String {
        crate::ir::show_term(&self.verification.program, t)
    }

    /// The checksum of an obligation's goal: its sequent as printed (each hypothesis's kind,
    /// name and formula, then the goal), so a goal is obsolete exactly when what it states
    /// changed, not when an unrelated line moved.
    pub fn goal_checksum(&self, index: usize, sequent_name: &str) -> Checksum {
        let s = &self.obligation(index).sequent;
        let mut text = String::new();
        for h in &s.hypotheses {
            text.push_str(&format!(
                "{} {}: {}\0",
                h.kind.describe(),
                h.name,
                self.show_term(h.formula)
            ));
        }
        text.push_str(&format!("{}\0{sequent_name}", self.show_term(s.goal)));
        fnv1a64(text.as_bytes())
    }

    /// A one-line account of where a core clause comes from, in the program's terms: the kind of
    /// fact (precondition, class invariant, statement, branch, call...), its name and location,
    /// and on a second line the source line it was written on.
    pub fn describe_source(&self, index: usize, source: &InputSource) -> String {
        let sequent = &self.obligation(index).sequent;
        let with_line = |what: String, span: Option<Span>| match span {
            Some(s) => format!("{what} at {}\n      | {}", self.location(s), self.line_of(s)),
            None => what,
        };
        match source.part {
            Part::Hypothesis(i) => {
                let h = &sequent.hypotheses[i as usize];
                // A fact written nowhere (of the heap model, say) is quoted as a formula instead.
                match h.span {
                    Some(_) => with_line(format!("{} {}", h.kind.describe(), h.name), h.span),
                    None => {
                        format!("{} {}: {}", h.kind.describe(), h.name, self.show_term(h.formula))
                    }
                }
            }
            Part::GoalAssumption(_) => {
                let o = self.obligation(index);
                with_line(format!("assumption of the goal {}", sequent.name), Some(o.span))
            }
            Part::Goal => {
                let o = self.obligation(index);
                with_line(format!("the goal: {}", describe(o.check, &o.what)), Some(o.span))
            }
            Part::Generated(what) => what.describe().to_string(),
            Part::Input | Part::Inline(_) => format!("formula {} of {}", source.name, source.file),
        }
    }
}
