//! Spec files (`.spec`) at the prompt: a type-checked module with its imports; each lemma of
//! the file itself contributes one goal per sequent the translation splits it into (a lemma it
//! does not split is one goal of the lemma's own name), translated under the workbench's
//! current sort handling and relevance options whenever it is proved or shown.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;

use crate::fol::{InputSource, Part};
use crate::hol::Sequent;
use crate::session::{Checksum, fnv1a64};
use crate::solve::goal::{ValidityCache, translate_settled};
use crate::spec::{SpecItemKind, SpecModule, load_spec};
use crate::syntax::{SourceMap, Span};
use crate::translate::{SequentTranslation, TranslateOptions, sequent_names};

use super::goal_views::{sequent_part, write_outcome, write_sort_report, write_translation_view};
use super::kind::{GoalEntry, GoalKey, GoalView, Theory, TheoryKind, Translated};
use super::translations::TranslationCache;
use super::{CommandError, CommandResult, Control, counted};

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
    translations: TranslationCache,
}

impl SpecTheory {
    /// A loaded module with nothing worked out yet.
    pub fn new(module: SpecModule, sources: SourceMap, lemmas: Vec<usize>) -> SpecTheory {
        SpecTheory {
            module,
            sources,
            lemmas,
            validity: ValidityCache::new(),
            translations: TranslationCache::default(),
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
        self.translations.get_or_translate(item, options, || {
            translate_settled(self.module.hol(), &self.sequent(item), options, file, &self.validity)
        })
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

impl TheoryKind for SpecTheory {
    fn load_text(&self, theory: &Theory, goals: usize) -> String {
        format!(
            "loaded theory {} from {}: {}, {}, {}, {}\n",
            theory.name,
            theory.path,
            counted(self.module.files.len(), "file"),
            counted(self.module.items.len(), "item"),
            counted(self.lemmas.len(), "lemma"),
            counted(goals, "goal"),
        )
    }

    fn summary(&self) -> String {
        format!(
            "spec: {} ({} here), {} with imports",
            counted(self.module.items.len(), "item"),
            counted(self.lemmas.len(), "lemma"),
            counted(self.module.files.len(), "file")
        )
    }

    /// Split into sequents, which depends on no option, so the names are stable; the sequents
    /// are translated only when a goal is shown or proved.
    fn goals(&self, _theory: &Theory) -> Vec<GoalEntry> {
        let mut goals = Vec::new();
        for &item in &self.lemmas {
            let names = sequent_names(self.module.hol(), &self.sequent(item));
            for (sequent, name) in names.into_iter().enumerate() {
                goals.push(GoalEntry {
                    checksum: spec_goal_checksum(self, item, &name),
                    name,
                    key: GoalKey { group: item, sequent },
                });
            }
        }
        goals
    }

    fn names(&self) -> Vec<String> {
        let m = &self.module;
        let mut names: Vec<String> = m.items.iter().map(|it| it.name.clone()).collect();
        names.extend(m.consts.iter().map(|c| c.name.clone()));
        names.extend(m.sorts.iter().map(|(n, _)| n.clone()));
        names
    }

    fn sources(&self) -> Option<&SourceMap> {
        Some(&self.sources)
    }

    fn source_names(&self) -> BTreeMap<String, String> {
        super::goal_views::source_names(self.module.hol())
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
        Translated::new(self.translate(key.group, options, &theory.path), key.sequent, name, theory)
    }

    fn goal_sequent(&self, key: GoalKey) -> Option<Sequent> {
        Some(self.sequent(key.group))
    }

    fn goal_statement(&self, key: GoalKey) -> Option<&str> {
        Some(&self.module.items[key.group].name)
    }

    fn show_goal(
        &self,
        theory: &Theory,
        goal: &GoalView<'_>,
        out: &mut dyn Write,
    ) -> CommandResult {
        let item = goal.key.group;
        let lemma = &self.module.items[item];
        let translation = self.goal_translation(theory, goal.name, goal.key, goal.options)?;
        // Each sequent of the lemma is a goal of its own.
        let part = sequent_part(goal);
        writeln!(
            out,
            "goal {} (lemma {} at {}{part}; theory {})",
            goal.name,
            lemma.name,
            self.location(lemma.name_span),
            theory.name
        )?;
        match goal.view {
            None => {
                writeln!(out, "statement: {}", self.sources.snippet(lemma.span))?;
                let names: Vec<&str> =
                    self.module.items[..item].iter().map(|it| it.name.as_str()).collect();
                writeln!(
                    out,
                    "hypotheses ({}): {}",
                    names.len(),
                    if names.is_empty() { "none".to_string() } else { names.join(", ") }
                )?;
                write_outcome(&translation, out)?;
            }
            Some("hol") => write_hol(self, item, out)?,
            Some(view @ ("sequent" | "clauses")) => {
                write_translation_view(&translation, view, out)?
            }
            Some(_) => write_sort_report(&self.sources, &translation, out)?,
        }
        Ok(Control::Continue)
    }
}

/// The lemma and each hypothesis as written, each with its location.
fn write_hol(spec: &SpecTheory, item: usize, out: &mut dyn Write) -> std::io::Result<()> {
    for it in &spec.module.items[..=item] {
        let text = spec.sources.snippet(it.span);
        // Items can span lines; the location and first line carry the reading.
        let one_line: Vec<&str> = text.lines().map(str::trim).collect();
        writeln!(out, "  {}: {}", spec.location(it.span), one_line.join(" "))?;
    }
    Ok(())
}

/// Reads a spec file with its imports into a theory.
pub(crate) fn load(path: &str, name: String) -> Result<Theory, CommandError> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut sources = SourceMap::new();
    let (module, diagnostics) = load_spec(Path::new(path), &mut sources);
    let Some(module) = module else {
        let errors = diagnostics.len();
        let rendered = crate::syntax::render_all(&diagnostics, &sources);
        return Err(CommandError::Refused(format!(
            "cannot load {path} ({errors} problem{}):\n{}",
            if errors == 1 { "" } else { "s" },
            rendered.trim_end()
        )));
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
    let mut theory = Theory::new(
        name,
        path.to_string(),
        fnv1a64(&bytes),
        SpecTheory::new(module, sources, lemmas),
    );
    theory.text_checksum = fnv1a64(&text);
    Ok(theory)
}

/// The checksum of a spec goal: the text of its lemma and of every item before it, so a goal
/// is obsolete exactly when something it may depend on changed (as Why3 pairs goals).
fn spec_goal_checksum(spec: &SpecTheory, item: usize, sequent_name: &str) -> Checksum {
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
