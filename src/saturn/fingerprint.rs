//! What one function's result depends on, as a SHA-256 digest: the summary database's key.
//!
//! The lock and leak checkers expand a function's callees into it, so its result depends on
//! its own body and on every body its calls reach (its cone), on the program's globals and
//! facts, and on the run's settings (checker, unrolling, width, specification, craig's build).
//! The digest is taken over a canonical text of all of these, written with names rather than
//! the ids the front end happened to give (so an edit elsewhere in the file, which renumbers
//! every later constant, changes nothing here), and with every source place written relative
//! to the start of its own function (so code that moves without changing keeps its key).
//!
//! The order the front end declared the cone's variables and functions in is written too:
//! the symbolic execution meets inputs in that order, and a SAT model (hence a warning's
//! inputs) could differ with it. A stored result is therefore exactly what analysing the
//! function again would give.
//!
//! Places in a result are stored the same way ([`Frame`]): each span as an offset from the
//! start of the function of the cone it lies in, and read back against where that function
//! is now.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use sha2::{Digest, Sha256};

use crate::ir::{Command, ProcId, Program, VariableKind, print_procedure, show_term};
use crate::syntax::{FileId, Span};

/// A function's key and the places of its cone.
#[derive(Clone, Debug)]
pub struct Fingerprint {
    /// The digest, in hexadecimal.
    pub key: String,
    /// The cone's functions (the function first, then what its calls reach, in the order the
    /// program declares them), whose places a stored result is written against.
    pub frame: Frame,
}

/// The functions a stored result's places are relative to.
#[derive(Clone, Debug, Default)]
pub struct Frame {
    /// Where each function of the cone is declared, by its position in the cone.
    starts: Vec<Span>,
    /// Every place in the cone's bodies, with the position of its function.
    owners: BTreeMap<Span, usize>,
}

impl Frame {
    /// The span written against its function: the file is the function's position in the
    /// cone, and the offsets are taken from its start (wrapping, so a place before the
    /// function's name still reads back exactly). None for a span outside the cone's bodies,
    /// which cannot be stored.
    pub fn relative(&self, span: Span) -> Option<Span> {
        let &owner = self.owners.get(&span)?;
        let base = self.starts[owner].start;
        Some(Span {
            file: FileId(owner as u32),
            start: span.start.wrapping_sub(base),
            end: span.end.wrapping_sub(base),
        })
    }

    /// A stored span read back against where its function is now. None when it names no
    /// function of the cone (a damaged record).
    pub fn absolute(&self, stored: Span) -> Option<Span> {
        let start = self.starts.get(stored.file.0 as usize)?;
        Some(Span {
            file: start.file,
            start: stored.start.wrapping_add(start.start),
            end: stored.end.wrapping_add(start.start),
        })
    }
}

/// The functions `id`'s calls reach, `id` first, then the others in declaration order.
pub fn cone(program: &Program, id: ProcId) -> Vec<ProcId> {
    let mut seen = std::collections::BTreeSet::from([id]);
    let mut work = vec![id];
    while let Some(p) = work.pop() {
        if let Some(body) = &program.procedure(p).body {
            for e in &body.edges {
                if let Command::Call { callee, .. } = &e.command
                    && seen.insert(*callee)
                {
                    work.push(*callee);
                }
            }
        }
    }
    seen.remove(&id);
    std::iter::once(id).chain(seen).collect()
}

/// The text every function's key starts from: the globals, in the order they are declared,
/// and the program's facts. Computed once per program.
pub fn program_text(program: &Program) -> String {
    let mut out = String::new();
    for v in &program.variables {
        let kind = match &v.kind {
            VariableKind::Global => "global".to_string(),
            VariableKind::Alloc => "alloc".to_string(),
            VariableKind::Field { class, initial } => format!(
                "field of {class}{}",
                initial
                    .map(|t| format!(" initially {}", show_term(program, t)))
                    .unwrap_or_default()
            ),
            VariableKind::Parameter
            | VariableKind::Local
            | VariableKind::Temporary
            | VariableKind::Result => continue,
        };
        let ty = program.bank.show_ty(program.consts[v.constant.0 as usize].ty);
        let _ = writeln!(out, "{kind} {}: {ty}", v.name);
    }
    for fact in program.background.iter().chain(&program.state_facts) {
        let _ = writeln!(out, "fact {}: {}", fact.name, show_term(program, fact.formula));
    }
    out
}

/// The key of `id`'s result under `settings` (the run's options as text), given the
/// program's [`program_text`].
pub fn fingerprint(
    program: &Program,
    id: ProcId,
    program_text: &str,
    settings: &str,
) -> Fingerprint {
    let cone = cone(program, id);
    let starts: Vec<Span> = cone.iter().map(|&p| program.procedure(p).span).collect();
    let mut owners = BTreeMap::new();
    for (i, &p) in cone.iter().enumerate() {
        if let Some(body) = &program.procedure(p).body {
            for span in body.edges.iter().filter_map(|e| e.span) {
                owners.entry(span).or_insert(i);
            }
        }
    }
    let mut text = String::new();
    let _ = writeln!(text, "craig saturn summary key 1\n{settings}\n{program_text}");
    for (i, &p) in cone.iter().enumerate() {
        let procedure = program.procedure(p);
        let base = procedure.span;
        let place = |span: Span| {
            if span.file == base.file {
                format!(
                    "+{}..+{}",
                    span.start.wrapping_sub(base.start),
                    span.end.wrapping_sub(base.start)
                )
            } else {
                format!("file {} {}..{}", span.file.0, span.start, span.end)
            }
        };
        let _ = writeln!(text, "cone {i}");
        text.push_str(&print_procedure(program, procedure, &place));
        for fact in procedure.assumes.iter().chain(&procedure.guarantees) {
            let at = fact.span.map(place).unwrap_or_default();
            let _ =
                writeln!(text, "  fact {}: {} {at}", fact.name, show_term(program, fact.formula));
        }
        // The variables' own places: a local is dead past its scope, which the leak checker
        // reads.
        for &c in procedure.params.iter().chain(&procedure.results).chain(&procedure.locals) {
            if let Some(v) = program.variable(c) {
                let _ = writeln!(
                    text,
                    "  variable {} at {} scope {}",
                    v.name,
                    v.span.map(place).unwrap_or_default(),
                    v.scope.map(place).unwrap_or_default()
                );
            }
        }
    }
    // The declaration order of every variable the cone can name, which the execution follows.
    let mut named: Vec<(u32, &str)> = program
        .variables
        .iter()
        .filter(|v| v.kind.is_global())
        .map(|v| (v.constant.0, v.name.as_str()))
        .collect();
    for &p in &cone {
        let procedure = program.procedure(p);
        for &c in procedure.params.iter().chain(&procedure.results).chain(&procedure.locals) {
            named.push((c.0, program.variable(c).map_or("", |v| v.name.as_str())));
        }
    }
    named.sort();
    named.dedup();
    text.push_str("order");
    for (_, name) in &named {
        let _ = write!(text, " {name}");
    }
    text.push('\n');
    let key = Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    Fingerprint { key, frame: Frame { starts, owners } }
}
