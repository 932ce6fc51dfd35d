//! The text the C parser reads, and the way back from its offsets to the file a user wrote.
//!
//! Two cases. A file with no preprocessor directive other than line markers (`# 12 "x.c"`, as
//! SV-COMP's preprocessed `.i` files are, and most small `.c` files) is parsed as it is, so a
//! parser offset *is* a file offset. A file with `#include`, `#define` or `#if` first goes
//! through the system's C preprocessor (`gcc -E`, else `cpp`, else `clang -E`); its output
//! carries line markers, from which every offset is mapped back to a line and column of the
//! file, or, for text that came from a header, to the `#include` line that brought it in.
//!
//! In both cases the line markers tell which lines come from headers (included files, entered
//! with the marker flag 1 and left with flag 2): the converter reads declarations there only
//! when the program uses them.

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use super::items::skip_trivia;
use crate::syntax::{Diagnostic, FileId, Span, line_starts};

/// Where one line of the parsed text comes from.
#[derive(Clone, Copy, Debug)]
struct LineOrigin {
    /// True for a line of an included file.
    in_header: bool,
    /// The 1-based line of the user's file this line stands for: its own line, or for a header
    /// line the line of the outermost `#include` that brought it in.
    file_line: usize,
}

/// The text handed to the parser and how to map its offsets back.
#[derive(Debug)]
pub struct ParseText {
    /// What the parser reads.
    pub text: String,
    /// The user's file.
    file: FileId,
    /// True when `text` is the file itself (offsets are file offsets).
    direct: bool,
    /// Byte offset of each line's start in `text`.
    line_starts: Vec<usize>,
    /// Each line's origin, indexed like `line_starts`.
    origins: Vec<LineOrigin>,
    /// Byte offset of each line's start in the user's file (for the preprocessed case).
    file_line_starts: Vec<usize>,
    /// The length of the user's file.
    file_len: usize,
}

impl ParseText {
    /// The span in the user's file of a parser range.
    pub fn span(&self, start: usize, end: usize) -> Span {
        if self.direct {
            let clamp = |o: usize| o.min(self.text.len());
            return Span::new(self.file, clamp(start), clamp(end.max(start)));
        }
        let (s, s_header) = self.file_offset(start);
        let (e, e_header) = self.file_offset(end.max(start));
        if s_header || e_header || e < s {
            // A header, or a range whose ends the preprocessor put on different lines: the
            // start is the place to point at.
            return Span::new(self.file, s, self.line_end(s));
        }
        Span::new(self.file, s, e)
    }

    /// True when the parser offset lies on a line that came from a header.
    pub fn in_header(&self, offset: usize) -> bool {
        self.origins[self.line_of(offset)].in_header
    }

    fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= offset).saturating_sub(1)
    }

    /// The file offset of a parser offset, and whether it came from a header.
    fn file_offset(&self, offset: usize) -> (usize, bool) {
        let line = self.line_of(offset);
        let origin = self.origins[line];
        let Some(&line_start) = self.file_line_starts.get(origin.file_line.saturating_sub(1))
        else {
            return (self.file_len, origin.in_header);
        };
        if origin.in_header {
            return (line_start, true);
        }
        // Columns survive preprocessing except where a macro was expanded earlier on the line;
        // stay on the line either way.
        let column = offset - self.line_starts[line];
        (line_start + column.min(self.line_end(line_start) - line_start), false)
    }

    /// The offset of the end of the user's file line that contains `offset`.
    fn line_end(&self, offset: usize) -> usize {
        let next = self.file_line_starts.partition_point(|&s| s <= offset);
        self.file_line_starts.get(next).map_or(self.file_len, |&s| s.saturating_sub(1))
    }
}

/// True for a line that is a preprocessor directive the parser cannot skip (anything but a line
/// marker or a `#pragma`).
fn is_directive(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('#') else { return false };
    let rest = rest.trim_start();
    !(rest.is_empty()
        || rest.starts_with(|c: char| c.is_ascii_digit())
        || rest.starts_with("line")
        || rest.starts_with("pragma"))
}

/// The text with every comment replaced by spaces (line breaks kept), so that offsets stay
/// where they are: the parser reads the preprocessor's output, which has no comments. Comments,
/// literals and line markers are told apart by the item scanner's [`skip_trivia`], which also
/// reports an unterminated comment.
fn blank_comments(file: FileId, text: &str) -> Result<String, Diagnostic> {
    let mut out = text.as_bytes().to_vec();
    let mut i = 0;
    while i < text.len() {
        let Some(end) = skip_trivia(file, text, i)? else {
            i += 1;
            continue;
        };
        if text[i..].starts_with("//") || text[i..].starts_with("/*") {
            for byte in &mut out[i..end] {
                if *byte != b'\n' {
                    *byte = b' ';
                }
            }
        }
        i = end;
    }
    // Only whole comments, which start and end at ASCII bytes, were overwritten.
    Ok(String::from_utf8(out).unwrap_or_else(|_| text.to_string()))
}

/// A line marker's line number, file name and flags: `# 12 "x.c" 1 3`.
fn line_marker(line: &str) -> Option<(usize, &str, Vec<u32>)> {
    let rest = line.strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    let number = rest[..digits].parse().ok()?;
    let rest = rest[digits..].trim_start().strip_prefix('"')?;
    let close = rest.find('"')?;
    let flags = rest[close + 1..].split_whitespace().filter_map(|f| f.parse().ok()).collect();
    Some((number, &rest[..close], flags))
}

/// Reads the origins of every line of `text` from its line markers. `main` names the user's
/// file in the markers, when known (the preprocessor's `<stdin>`).
fn origins(text: &str, line_starts: &[usize], main: Option<&str>) -> Vec<LineOrigin> {
    let mut origins = Vec::with_capacity(line_starts.len());
    // The user's file as the markers name it: given, or the first marker's file (gcc writes
    // it first in a `.i` file).
    let mut main: Option<String> = main.map(str::to_string);
    // The include depth, the next line number of the file being read, and the user's file line
    // of the current outermost `#include`.
    let mut depth = 0usize;
    let mut next_line = 1usize;
    let mut include_line = 1usize;
    let mut current_is_main = true;
    for (i, &start) in line_starts.iter().enumerate() {
        let end = line_starts.get(i + 1).map_or(text.len(), |&e| e);
        let line = text[start..end].trim_end_matches(['\n', '\r']);
        let marker = line.trim_start().starts_with('#').then(|| line_marker(line.trim_start()));
        let in_header = depth > 0 || !current_is_main;
        origins.push(LineOrigin {
            in_header,
            file_line: if in_header { include_line } else { next_line },
        });
        match marker {
            Some(Some((number, name, flags))) => {
                if main.is_none() && !name.starts_with('<') {
                    main = Some(name.to_string());
                }
                if main.as_deref() == Some(name) {
                    // Back in the user's file, whatever the flags said on the way.
                    depth = 0;
                    current_is_main = true;
                } else {
                    if flags.contains(&1) {
                        if depth == 0 {
                            // The `#include` line itself is not in the output: it is the line
                            // the main file would have continued with.
                            include_line = next_line.max(1);
                        }
                        depth += 1;
                    } else if flags.contains(&2) {
                        depth = depth.saturating_sub(1);
                    }
                    current_is_main = false;
                }
                next_line = number;
            }
            _ => next_line += 1,
        }
    }
    origins
}

/// The preprocessors tried, in order, with the arguments that make them read C from stdin.
const PREPROCESSORS: [(&str, &[&str]); 3] = [
    ("gcc", &["-E", "-x", "c", "-std=gnu11"]),
    ("cpp", &["-x", "c", "-std=gnu11"]),
    ("clang", &["-E", "-x", "c", "-std=gnu11"]),
];

/// The text to parse for `file`, preprocessed if it needs it. `path` is where it was read
/// from: its folder is searched for `#include "..."`.
pub fn prepare(file: FileId, text: &str, path: Option<&Path>) -> Result<ParseText, Diagnostic> {
    let file_line_starts = line_starts(text);
    let directive = text
        .lines()
        .enumerate()
        .find(|(_, l)| is_directive(l))
        .map(|(i, l)| (file_line_starts[i], l.trim_end().len()));
    let Some((directive_at, directive_len)) = directive else {
        let origins = origins(text, &file_line_starts, None);
        return Ok(ParseText {
            text: blank_comments(file, text)?,
            file,
            direct: true,
            line_starts: file_line_starts.clone(),
            origins,
            file_line_starts,
            file_len: text.len(),
        });
    };
    let directive_span = Span::new(file, directive_at, directive_at + directive_len);
    let output = preprocess(text, path).map_err(|(message, note)| {
        Diagnostic::error(directive_span, message).with_note(note.to_string())
    })?;
    let output = match output {
        Ok(out) => out,
        Err(stderr) => return Err(preprocessor_error(file, &file_line_starts, text, &stderr)),
    };
    let starts = line_starts(&output);
    let origins = origins(&output, &starts, Some("<stdin>"));
    Ok(ParseText {
        text: output,
        file,
        direct: false,
        line_starts: starts,
        origins,
        file_line_starts,
        file_len: text.len(),
    })
}

/// Runs the first preprocessor found. The outer error says none could run; the inner one is
/// the preprocessor's own complaint (its standard error).
fn preprocess(
    text: &str,
    path: Option<&Path>,
) -> Result<Result<String, String>, (String, &'static str)> {
    let folder = path.and_then(Path::parent).filter(|p| !p.as_os_str().is_empty());
    for (program, args) in PREPROCESSORS {
        let mut command = Command::new(program);
        command.args(args);
        if let Some(folder) = folder {
            command.arg("-iquote").arg(folder);
        }
        command.arg("-").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let Ok(mut child) = command.spawn() else { continue };
        // Write stdin from a thread: a large file could otherwise fill the output pipe while
        // its input is still being written.
        let input = text.to_string();
        let stdin = child.stdin.take();
        let writer = std::thread::spawn(move || {
            if let Some(mut stdin) = stdin {
                let _ = stdin.write_all(input.as_bytes());
            }
        });
        let output = child.wait_with_output();
        let _ = writer.join();
        let Ok(output) = output else { continue };
        if !output.status.success() {
            return Ok(Err(String::from_utf8_lossy(&output.stderr).into_owned()));
        }
        return Ok(String::from_utf8(output.stdout)
            .map_err(|_| "the preprocessed text is not UTF-8".to_string()));
    }
    Err((
        "this file needs the C preprocessor, and none was found".to_string(),
        "craig runs `gcc -E`, `cpp` or `clang -E` for `#include`, `#define` and `#if`; \
         install one, or give the preprocessed `.i` file",
    ))
}

/// The preprocessor's first complaint about the user's file (`<stdin>:3:10: fatal error: ...`)
/// as a diagnostic at that place, else at the first line.
fn preprocessor_error(file: FileId, starts: &[usize], text: &str, stderr: &str) -> Diagnostic {
    let found = stderr.lines().find_map(|line| {
        let rest = line.strip_prefix("<stdin>:")?;
        let mut parts = rest.splitn(3, ':');
        let line_no: usize = parts.next()?.parse().ok()?;
        let column: usize = parts.next()?.trim().parse().ok()?;
        let message = parts.next()?.trim();
        let message = message
            .strip_prefix("fatal error:")
            .or_else(|| message.strip_prefix("error:"))
            .unwrap_or(message)
            .trim();
        Some((line_no, column, message.to_string()))
    });
    let (at, message) = match found {
        Some((line_no, column, message)) => {
            let start = starts.get(line_no.saturating_sub(1)).copied().unwrap_or(0);
            ((start + column.saturating_sub(1)).min(text.len()), message)
        }
        None => (0, stderr.lines().next().unwrap_or("the preprocessor failed").to_string()),
    };
    let end = text[at..].find('\n').map_or(text.len(), |k| at + k);
    Diagnostic::error(Span::new(file, at, end.max(at)), format!("preprocessor: {message}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_tell_headers_from_the_file() {
        let text = "# 1 \"t.c\"\n# 1 \"/usr/include/a.h\" 1 3 4\nint a;\n# 3 \"t.c\" 2\nint b;\n";
        let p = prepare(FileId(0), text, None).unwrap();
        assert!(p.direct);
        assert!(p.in_header(text.find("int a").unwrap()));
        assert!(!p.in_header(text.find("int b").unwrap()));
        let b = text.find("int b").unwrap();
        let s = p.span(b, b + 5);
        assert_eq!((s.start as usize, s.end as usize), (b, b + 5));
    }

    #[test]
    fn directives_are_recognised() {
        assert!(is_directive("#include <stdio.h>"));
        assert!(is_directive("  # define N 3"));
        assert!(!is_directive("# 12 \"x.c\""));
        assert!(!is_directive("#pragma once"));
        assert!(!is_directive("int x; # not at the start"));
        assert_eq!(line_marker("# 12 \"x.c\" 1 3"), Some((12, "x.c", vec![1, 3])));
    }
}
