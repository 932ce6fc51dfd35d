//! Errors of the TPTP front end. Every error that concerns a place in a file names the file, the
//! line and the column (both 1-based), so that editors can jump to it.

use std::path::PathBuf;

/// Why a problem could not be read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The text is not valid TPTP. Shown as the other front ends show theirs: the position and
    /// the message, then the line with a caret under the column.
    #[error("{file}:{line}:{col}: syntax error: {message}{}", snippet(source_line, *line, *col))]
    Syntax {
        /// The file as given (or as resolved, for included files).
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, counted in characters.
        col: usize,
        /// What went wrong.
        message: String,
        /// The text of line `line`, without its line break.
        source_line: String,
    },
    /// An `include` directive names a file found under none of the include roots.
    #[error("{file}:{line}:{col}: include '{include}' not found; tried {}", list_paths(tried))]
    MissingInclude {
        /// The including file.
        file: String,
        /// 1-based line of the `include`.
        line: usize,
        /// 1-based column of the `include`.
        col: usize,
        /// The file name as written in the directive.
        include: String,
        /// Every path that was tried, in order.
        tried: Vec<PathBuf>,
    },
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The path that failed.
        path: String,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The requested sort encoding is not justified for this problem (for example `--sorts
    /// erase` with a sort whose size the axioms bound).
    #[error("{file}: {why}")]
    Refused {
        /// The problem file.
        file: String,
        /// Why, naming the sort and the equation that bounds it.
        why: String,
    },
    /// Valid TPTP that craig does not handle (higher-order, typed arithmetic, ...).
    #[error("{file}:{line}:{col}: unsupported: {what}")]
    Unsupported {
        /// The file the construct is in.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// What is not supported.
        what: String,
    },
}

/// The source line under a message, with a caret at the column (the layout of
/// [`crate::syntax::Diagnostic::render`]); nothing when the line is unknown.
fn snippet(source_line: &str, line: usize, col: usize) -> String {
    if source_line.is_empty() {
        return String::new();
    }
    let gutter = line.to_string();
    let pad: String = source_line
        .chars()
        .take(col.saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    format!("\n{gutter} | {source_line}\n{} | {pad}^", " ".repeat(gutter.len()))
}

/// The text of the line holding byte `offset` (clamped to the text), without its line break.
pub(crate) fn line_text(text: &str, offset: usize) -> String {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    text[start..end].trim_end_matches('\r').to_string()
}

fn list_paths(paths: &[PathBuf]) -> String {
    if paths.is_empty() {
        return "no path (no include root)".to_string();
    }
    paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
}

/// 1-based line and column (in characters) of byte `offset` in `text`. Offsets past the end or
/// inside a multi-byte character are clamped rather than rejected, since error positions come
/// from a byte-level parser.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let bytes = text.as_bytes();
    let offset = offset.min(bytes.len());
    let before = &bytes[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    // Count characters, not bytes: skip UTF-8 continuation bytes.
    let col = before[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count() + 1;
    (line, col)
}

/// [`line_col`] of increasing offsets in one text, each found by scanning only the bytes since
/// the previous one: the reader asks for every statement's position, and a scan from the start of
/// the file each time made reading a file of many axioms quadratic (over a third of the
/// instructions of a whole proof of CSR073+2, `bench/profile.md`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LineCursor {
    /// The offset last asked for, clamped to the text.
    offset: usize,
    /// Newlines before `offset`.
    newlines: usize,
    /// Where the line holding `offset` starts.
    line_start: usize,
}

impl LineCursor {
    /// What `line_col(text, offset)` returns; an offset before the previous one starts over.
    pub(crate) fn line_col(&mut self, text: &str, offset: usize) -> (usize, usize) {
        let bytes = text.as_bytes();
        let offset = offset.min(bytes.len());
        if offset < self.offset {
            *self = LineCursor::default();
        }
        for (i, &b) in bytes[self.offset..offset].iter().enumerate() {
            if b == b'\n' {
                self.newlines += 1;
                self.line_start = self.offset + i + 1;
            }
        }
        self.offset = offset;
        let col = bytes[self.line_start..offset].iter().filter(|&&b| b & 0xC0 != 0x80).count() + 1;
        (self.newlines + 1, col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_cursor_agrees_with_line_col() {
        let text = "ab\ncé\n\nxyz";
        let mut cursor = LineCursor::default();
        for offset in [0, 1, 2, 3, 5, 6, 7, 8, 10, 100, 4, 0, 9] {
            assert_eq!(cursor.line_col(text, offset), line_col(text, offset), "offset {offset}");
        }
    }

    #[test]
    fn line_col_is_one_based_and_counts_characters() {
        let text = "ab\ncdé f\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 3), (2, 1));
        // 'é' is two bytes but one column.
        assert_eq!(line_col(text, 8), (2, 5));
        assert_eq!(line_col(text, 1000), (3, 1));
    }
}
