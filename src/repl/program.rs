//! Annotated Java programs at the prompt: the files of one `load` read together into a
//! [`Verification`], whose proof obligations are the theory's goals. Each obligation is
//! translated under the workbench's options when it is shown or proved, once per obligation and
//! options, as a spec lemma is; an obligation the translation splits gives one goal per sequent.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::rc::Rc;

use crate::fol::formula::Formula;
use crate::fol::{InputSource, Part};
use crate::ir::ProcId;
use crate::session::{Checksum, fnv1a64};
use crate::solve::goal::{ValidityCache, translate_settled};
use crate::syntax::{SourceMap, Span, has_errors, render_all};
use crate::translate::{SequentTranslation, TranslateOptions};
use crate::vc::{ProofObligation, VcOptions};
use crate::verify::describe;
use crate::verify::{Verification, load_java};

use super::goal_views::{sequent_part, write_outcome, write_sort_report, write_translation_view};
use super::kind::{GoalEntry, GoalKey, GoalView, Graph, IrProgram, Theory, TheoryKind, Translated};
use super::translations::TranslationCache;
use super::{CommandError, CommandResult, Control, counted};

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
    /// Translations made so far, by obligation and options.
    translations: TranslationCache,
}

impl JavaTheory {
    /// Reads, checks and lowers the files together and makes every obligation. Errors come back
    /// rendered, one per problem, with `file:line:col`.
    pub fn load(files: &[String]) -> Result<JavaTheory, CommandError> {
        let mut sources = SourceMap::new();
        let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
        let (verification, diagnostics) = load_java(&paths, &mut sources, &VcOptions::default());
        let rendered = render_all(&diagnostics, &sources);
        let Some(verification) = verification.filter(|_| !has_errors(&diagnostics)) else {
            let errors = diagnostics.len();
            return Err(CommandError::Refused(format!(
                "cannot load {} ({errors} problem{}):\n{}",
                files.join(" "),
                if errors == 1 { "" } else { "s" },
                rendered.trim_end()
            )));
        };
        Ok(JavaTheory {
            verification,
            sources,
            files: files.to_vec(),
            warnings: rendered,
            validity: ValidityCache::new(),
            translations: TranslationCache::default(),
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
        self.translations.get_or_translate(index, options, || {
            let sequent = &self.obligation(index).sequent;
            translate_settled(self.verification.signature(), sequent, options, file, &self.validity)
        })
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

impl TheoryKind for JavaTheory {
    fn load_text(&self, theory: &Theory, goals: usize) -> String {
        let v = &self.verification;
        let methods = v.program.procedures.iter().filter(|p| p.body.is_some()).count();
        let mut text = format!(
            "loaded theory {} from {}: {}, {}, {}, {}\n",
            theory.name,
            theory.path,
            counted(self.files.len(), "file"),
            counted(methods, "method"),
            counted(v.obligations.len(), "obligation"),
            counted(goals, "goal"),
        );
        text.push_str(&self.warnings);
        for (id, why) in &v.refused {
            let p = v.program.procedure(*id);
            text.push_str(&format!("{}: no obligations: {why}\n", self.location(p.span)));
        }
        text.push_str(&format!("note: {}\n", crate::verify::ARITHMETIC_NOTE));
        text
    }

    fn summary(&self) -> String {
        let v = &self.verification;
        let methods = v.program.procedures.iter().filter(|p| p.body.is_some()).count();
        format!(
            "Java: {}, {}",
            counted(methods, "method"),
            counted(v.obligations.len(), "obligation")
        )
    }

    /// One goal per sequent of each proof obligation.
    fn goals(&self, _theory: &Theory) -> Vec<GoalEntry> {
        let mut goals = Vec::new();
        let v = &self.verification;
        for (obligation, o) in v.obligations.iter().enumerate() {
            let names = crate::translate::sequent_names(v.signature(), &o.sequent);
            for (sequent, name) in names.into_iter().enumerate() {
                goals.push(GoalEntry {
                    checksum: self.goal_checksum(obligation, &name),
                    name,
                    key: GoalKey { group: obligation, sequent },
                });
            }
        }
        goals
    }

    fn names(&self) -> Vec<String> {
        self.verification.program.procedures.iter().map(|p| p.name.clone()).collect()
    }

    fn sources(&self) -> Option<&SourceMap> {
        Some(&self.sources)
    }

    fn source_names(&self) -> BTreeMap<String, String> {
        super::goal_views::source_names(self.verification.signature())
    }

    fn in_own_notation(&self, formula: &Formula) -> Option<(&'static str, String)> {
        let text = super::jahob::JahobReader::new(&self.verification.program).read(formula)?;
        Some(("Jahob's notation", text))
    }

    fn sequents_translated(&self) -> u64 {
        self.translations.sequents_translated()
    }

    fn goal_translation(
        &self,
        theory: &Theory,
        name: &str,
        key: GoalKey,
        options: &TranslateOptions,
    ) -> Result<Translated, CommandError> {
        let file = self.files.first().map_or("", String::as_str);
        Translated::new(self.translate(key.group, options, file), key.sequent, name, theory)
    }

    fn goal_sequent(&self, key: GoalKey) -> Option<crate::hol::Sequent> {
        Some(self.obligation(key.group).sequent.clone())
    }

    fn goal_statement(&self, key: GoalKey) -> Option<&str> {
        Some(&self.obligation(key.group).sequent.name)
    }

    fn goal_method(&self, key: GoalKey) -> Option<&str> {
        Some(self.method_of(key.group))
    }

    fn show_goal(
        &self,
        theory: &Theory,
        goal: &GoalView<'_>,
        out: &mut dyn Write,
    ) -> CommandResult {
        let obligation = goal.key.group;
        let translation = self.goal_translation(theory, goal.name, goal.key, goal.options)?;
        let part = sequent_part(goal);
        writeln!(
            out,
            "goal {} (obligation {} of method {}{part}; theory {})",
            goal.name,
            self.obligation(obligation).sequent.name,
            self.method_of(obligation),
            theory.name
        )?;
        match goal.view {
            None => {
                writeln!(out, "checks: {}", self.what(obligation))?;
                for line in self.path_lines(obligation) {
                    writeln!(out, "{line}")?;
                }
                write_obligation_hol(self, obligation, out)?;
                write_outcome(&translation, out)?;
            }
            Some("hol") => write_obligation_hol(self, obligation, out)?,
            Some(view @ ("sequent" | "clauses")) => {
                write_translation_view(&translation, view, out)?
            }
            Some(_) => write_sort_report(&self.sources, &translation, out)?,
        }
        Ok(Control::Continue)
    }

    /// The refinement commands act on a method once `cegar` names one.
    fn ir_program(&self) -> Option<IrProgram<'_>> {
        let program = &self.verification.program;
        Some(IrProgram {
            program,
            default_function: program
                .procedures
                .iter()
                .find(|p| p.body.is_some())
                .map_or_else(|| "main".into(), |p| p.name.clone()),
            files: self.files.join(" "),
            analysed_by_default: false,
            integers: "integers are mathematical (unbounded, no overflow)",
        })
    }

    fn dot(&self, theory: &Theory, words: &[String]) -> Option<Result<Graph, CommandError>> {
        super::refinement::art_graph(theory, words)
    }
}

/// An obligation's sequent in HOL: each hypothesis with its kind, name and location, then the
/// goal, in the program's notation.
fn write_obligation_hol(
    java: &JavaTheory,
    obligation: usize,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let sequent = &java.obligation(obligation).sequent;
    writeln!(out, "hypotheses ({}):", sequent.hypotheses.len())?;
    for h in &sequent.hypotheses {
        let at = h.span.map_or(String::new(), |s| format!(" ({})", java.location(s)));
        writeln!(out, "  {} {}{at}: {}", h.kind.describe(), h.name, java.show_term(h.formula))?;
    }
    writeln!(out, "goal: {}", java.show_term(sequent.goal))
}

/// Reads Java files into one theory: the file at `path`, or the files [`java_path`] joined.
pub(crate) fn load(path: &str, _name: String) -> Result<Theory, CommandError> {
    let files = java_files(path)
        .ok_or_else(|| format!("cannot load {path}: expected Java files (.java), read together"))?;
    load_java_theory(&files)
}

/// The files a theory's path stands for: the path itself, or for Java files read together the
/// words of the path (as [`java_path`] joined them).
pub(crate) fn java_files(path: &str) -> Option<Vec<String>> {
    let is_java = |f: &str| f.ends_with(".java");
    if std::path::Path::new(path).exists() || !path.contains(char::is_whitespace) {
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

/// Java files read together into one theory, named after the first file.
pub(crate) fn load_java_theory(files: &[String]) -> Result<Theory, CommandError> {
    let first =
        files.first().ok_or_else(|| CommandError::Refused("no Java files to load".into()))?;
    let name = std::path::Path::new(first)
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
    Ok(Theory::new(name, java_path(files), fnv1a64(&text), java))
}
