//! The two readers (Bebop's `.bp` and craig's `.qr` for the paper's programs with references)
//! and what they share: turning pest errors into diagnostics and emitting instructions with
//! forward jumps patched later.

pub mod bp;
pub mod qr;

use pest::error::{ErrorVariant, InputLocation};

use super::ir::{Instr, Pc};
use crate::syntax::{Diagnostic, FileId, Span};

/// Longest expression accepted, in bytes: expressions become trees that the engines walk
/// recursively, so their size is bounded to keep those walks within the stack.
pub(crate) const MAX_EXPR_LEN: usize = 10_000;

/// Nesting deeper than this is refused before parsing (pest recurses once per level).
pub(crate) const MAX_DEPTH: usize = 200;

/// The position of the first bracket nested deeper than [`MAX_DEPTH`], if any.
pub(crate) fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '{' | '[' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            ')' | '}' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// A pest syntax error as a diagnostic listing what was expected.
pub(crate) fn syntax_error<R: pest::RuleType>(
    file: FileId,
    e: &pest::error::Error<R>,
    rule_name: fn(&R) -> Option<&'static str>,
) -> Diagnostic {
    let (start, end) = match e.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((s, e)) => (s, e),
    };
    let message = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<&str> = positives.iter().filter_map(rule_name).collect();
            names.sort();
            names.dedup();
            if names.is_empty() {
                "syntax error".to_string()
            } else {
                format!("syntax error: expected {}", names.join(", "))
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic::error(Span::new(file, start, end), message)
}

/// Placeholder for a jump target patched later.
pub(crate) const UNPATCHED: Pc = Pc::MAX;

/// Instructions of one procedure being emitted.
#[derive(Default)]
pub(crate) struct Emitter {
    pub body: Vec<Instr>,
    pub spans: Vec<Span>,
    pub texts: Vec<String>,
}

impl Emitter {
    /// The pc the next instruction gets.
    pub fn here(&self) -> Pc {
        self.body.len() as Pc
    }

    /// Appends an instruction.
    pub fn emit(&mut self, instr: Instr, span: Span, text: impl Into<String>) -> Pc {
        let pc = self.here();
        self.body.push(instr);
        self.spans.push(span);
        self.texts.push(text.into());
        pc
    }

    /// Sets the (single) unpatched target of the instruction at `pc` to `target`.
    pub fn patch(&mut self, pc: Pc, target: Pc) {
        match &mut self.body[pc as usize] {
            Instr::Branch { else_pc, .. } if *else_pc == UNPATCHED => *else_pc = target,
            Instr::Jump { targets } => {
                for t in targets.iter_mut().filter(|t| **t == UNPATCHED) {
                    *t = target;
                }
            }
            _ => {}
        }
    }
}

/// The text of a span, on one line and shortened, for traces.
pub(crate) fn short_text(text: &str) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() > 60 {
        let cut: String = one_line.chars().take(57).collect();
        format!("{cut}...")
    } else {
        one_line
    }
}
