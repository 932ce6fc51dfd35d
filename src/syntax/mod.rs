//! Source files, spans and diagnostics shared by every front end (spec, TPTP, SMT-LIB, Java, C,
//! boolean programs, Scheme), the one writer of Graphviz text ([`dot`]), the one
//! S-expression reader ([`sexpr`], for SMT-LIB and Scheme), and the one clock every time limit
//! is measured on ([`clock`]: CPU time).
//!
//! Every AST node and every typed term carries a [`Span`] (a byte range in one file of a
//! [`SourceMap`]), so that errors found late (type errors, missing imports) still point at text.

pub mod clock;
pub mod dot;
mod parse_error;
pub mod sexpr;

pub use parse_error::{found_token, join_or, pest_diagnostic};

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Index of a file in a [`SourceMap`].
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct FileId(pub u32);

/// A byte range `start..end` in one source file.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Span {
    /// The file the range is in.
    pub file: FileId,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span `start..end` in `file`.
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span { file, start: start as u32, end: end as u32 }
    }

    /// The smallest span covering both (which must be in the same file).
    pub fn to(self, other: Span) -> Span {
        Span { file: self.file, start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// One loaded source file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name shown in diagnostics (the path as given, not canonicalized, so output is stable).
    pub name: String,
    /// The path the file was read from, if it came from disk.
    pub path: Option<PathBuf>,
    /// The file's text.
    pub text: String,
    line_starts: Vec<usize>,
}

/// The byte offset where each line of `text` starts (0 first, then one past each line break).
pub fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    starts
}

/// The table of all files seen by one front-end run.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty table.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, path: Option<&Path>, text: String) -> FileId {
        let line_starts = line_starts(&text);
        self.files.push(SourceFile {
            name: name.into(),
            path: path.map(Path::to_path_buf),
            text,
            line_starts,
        });
        FileId(self.files.len() as u32 - 1)
    }

    /// The first file added under this name.
    pub fn find(&self, name: &str) -> Option<FileId> {
        let index = self.files.iter().position(|f| f.name == name)?;
        Some(FileId(index as u32))
    }

    /// The file with this id.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// The source text a span covers.
    pub fn snippet(&self, span: Span) -> &str {
        let text = &self.file(span.file).text;
        text.get(span.start as usize..span.end as usize).unwrap_or("")
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, file: FileId, offset: usize) -> (usize, usize) {
        let f = self.file(file);
        let offset = offset.min(f.text.len());
        let line = f.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = f.line_starts[line];
        let col = f.text.get(start..offset).map_or(offset - start, |s| s.chars().count());
        (line + 1, col + 1)
    }

    /// `file:line:col` of the start of a span, as diagnostics and reports name places.
    pub fn location(&self, span: Span) -> String {
        let (line, col) = self.line_col(span.file, span.start as usize);
        format!("{}:{line}:{col}", self.file(span.file).name)
    }

    /// The text of a 1-based line, without its line break.
    pub fn line_text(&self, file: FileId, line: usize) -> &str {
        let f = self.file(file);
        let start = f.line_starts[line - 1];
        let end = f.line_starts.get(line).map_or(f.text.len(), |&e| e);
        f.text[start..end].trim_end_matches(['\n', '\r'])
    }
}

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The input is rejected.
    Error,
    /// The input is accepted but probably not what was meant.
    Warning,
}

/// A secondary span with a message, shown after the primary one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What about it.
    pub message: String,
}

/// A message about the input, pointing at the text it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// One line, lower case, no final period.
    pub message: String,
    /// The text the message is about.
    pub primary: Span,
    /// Further places that explain the message.
    pub labels: Vec<Label>,
    /// Free-form notes shown last.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error at `primary`.
    pub fn error(primary: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            primary,
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// A warning at `primary`.
    pub fn warning(primary: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(primary, message) }
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label { span, message: message.into() });
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Plain-text rendering: `file:line:col: error: message`, the source line and a caret
    /// underline, then each label the same way and the notes.
    pub fn render(&self, sources: &SourceMap) -> String {
        let mut out = String::new();
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        render_span(&mut out, sources, self.primary, kind, &self.message);
        for label in &self.labels {
            render_span(&mut out, sources, label.span, "note", &label.message);
        }
        for note in &self.notes {
            let _ = writeln!(out, "  = note: {note}");
        }
        out
    }
}

fn render_span(out: &mut String, sources: &SourceMap, span: Span, kind: &str, message: &str) {
    let file = sources.file(span.file);
    let (line, col) = sources.line_col(span.file, span.start as usize);
    let _ = writeln!(out, "{}:{line}:{col}: {kind}: {message}", file.name);
    let text = sources.line_text(span.file, line);
    let gutter = line.to_string();
    let _ = writeln!(out, "{gutter} | {text}");
    // Underline to the end of the span or of the line, whichever comes first; at least one caret
    // so that an empty span (end of input) is still visible.
    let (end_line, end_col) = sources.line_col(span.file, span.end as usize);
    let line_len = text.chars().count() + 1;
    let end = if end_line == line { end_col } else { line_len };
    let width = end.saturating_sub(col).max(1);
    let pad: String =
        text.chars().take(col - 1).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
    let _ = writeln!(out, "{} | {pad}{}", " ".repeat(gutter.len()), "^".repeat(width));
}

/// Renders several diagnostics, one after the other.
pub fn render_all(diagnostics: &[Diagnostic], sources: &SourceMap) -> String {
    diagnostics.iter().map(|d| d.render(sources)).collect()
}

/// True if any diagnostic is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}

/// Runs `f` on a thread with a stack of `stack_bytes` (reserved, not committed, memory) and
/// returns its result; a panic in `f` goes on in the caller. Front ends recurse over the nesting
/// of their input (parsers, lowering, elaboration), and deeply nested but legal input must not
/// overflow the caller's stack, which would abort the process. When no thread can be had, `f`
/// runs on the caller's stack.
pub fn with_large_stack<T: Send>(stack_bytes: usize, f: impl FnOnce() -> T + Send) -> T {
    // The function is taken out of the cell by whichever of the two runs it: the new thread,
    // or the caller when no thread could be spawned.
    let cell = std::sync::Mutex::new(Some(f));
    let run = || {
        let f = cell.lock().unwrap_or_else(|e| e.into_inner()).take();
        f.expect("the function runs once")()
    };
    std::thread::scope(|scope| {
        match std::thread::Builder::new().stack_size(stack_bytes).spawn_scoped(scope, run) {
            Ok(handle) => match handle.join() {
                Ok(value) => value,
                Err(panic) => std::panic::resume_unwind(panic),
            },
            Err(_) => run(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters_from_one() {
        let mut sm = SourceMap::new();
        let f = sm.add("a.spec", None, "ab\n∀x y\n".to_string());
        assert_eq!(sm.line_col(f, 0), (1, 1));
        assert_eq!(sm.line_col(f, 3), (2, 1));
        // `∀` is three bytes but one column.
        assert_eq!(sm.line_col(f, 6), (2, 2));
        assert_eq!(sm.line_text(f, 2), "∀x y");
        assert_eq!(sm.line_col(f, 99), (3, 1));
    }

    #[test]
    fn render_shows_primary_labels_and_notes() {
        let mut sm = SourceMap::new();
        let f = sm.add("a.spec", None, "const f :: int\nconst f :: obj\n".to_string());
        let d = Diagnostic::error(Span::new(f, 21, 22), "`f` is already declared")
            .with_label(Span::new(f, 6, 7), "first declared here")
            .with_note("rename one of them");
        assert_eq!(
            d.render(&sm),
            "a.spec:2:7: error: `f` is already declared\n\
             2 | const f :: obj\n\
            \x20 |       ^\n\
             a.spec:1:7: note: first declared here\n\
             1 | const f :: int\n\
            \x20 |       ^\n\
            \x20 = note: rename one of them\n"
        );
    }

    #[test]
    fn empty_span_at_end_of_input_gets_one_caret() {
        let mut sm = SourceMap::new();
        let f = sm.add("a.spec", None, "axiom".to_string());
        let d = Diagnostic::error(Span::new(f, 5, 5), "expected a name, found end of input");
        assert_eq!(
            d.render(&sm),
            "a.spec:1:6: error: expected a name, found end of input\n1 | axiom\n  |      ^\n"
        );
    }
}
