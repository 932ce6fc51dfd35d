//! Text and Graphviz renderings: states, traces, summaries, the call graph with summary counts,
//! and statistics. These are the library side of the workbench's `summaries`, `show summary N`,
//! `step`, `trace` and `dot FILE` commands; each returns a `String`.

use std::fmt::Write as _;

use super::explicit::ExplicitStats;
use super::explicit::{ReplayError, State, Trace};
use super::heap::canonical;
use super::ir::{GLOBALS, ProcId, Program, Value};
use super::pattern::{Effect, PatternLoc};
use super::semantics::{Frame, Heap};
use super::summary::{Engine, Event, Mode, NodeId, Pred, Root, RootId, SiteId, Stats};
use crate::syntax::SourceMap;
use crate::syntax::dot::{self, Attr, Graph};

/// A value: `true`, `3`, `null`, `#2` (cell 2).
pub fn value(v: Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Addr(a) => format!("#{a}"),
    }
}

fn cells_text(prog: &Program, heap: &Heap, from: usize) -> String {
    let mut out = String::new();
    for (a, cell) in heap.cells.iter().enumerate().skip(from) {
        let class = prog.class(cell.class);
        let fields: Vec<String> = class
            .fields
            .iter()
            .zip(&cell.fields)
            .map(|(f, v)| format!("{}={}", f.name, value(*v)))
            .collect();
        let _ = write!(out, " #{a}:{}{{{}}}", class.name, fields.join(" "));
    }
    out
}

/// A visible state on one line: globals, then locals, then the cells (canonical numbering).
pub fn visible_state(prog: &Program, heap: &Heap, frame: &Frame) -> String {
    let (h, f, _) = canonical(heap, frame);
    raw_state(prog, &h, &f)
}

/// Like [`visible_state`] but with the addresses as they are.
pub fn raw_state(prog: &Program, heap: &Heap, frame: &Frame) -> String {
    let globals: Vec<String> = prog
        .globals()
        .iter()
        .zip(&heap.cells[GLOBALS as usize].fields)
        .map(|(g, v)| format!("{}={}", g.name, value(*v)))
        .collect();
    let proc = prog.proc(frame.proc);
    let locals: Vec<String> = proc
        .locals
        .iter()
        .zip(&frame.locals)
        .filter(|(l, _)| !l.name.starts_with('$'))
        .map(|(l, v)| format!("{}={}", l.name, value(*v)))
        .collect();
    let mut out = format!("[{}] [{}]", globals.join(" "), locals.join(" "));
    out.push_str(&cells_text(prog, heap, 1));
    out
}

/// Where an instruction is: `file:line:col` (the program must come from `sources`).
pub fn position(prog: &Program, sources: &SourceMap, proc: super::ir::ProcId, pc: u32) -> String {
    match prog.proc(proc).spans.get(pc as usize) {
        Some(span) => {
            let (line, col) = sources.line_col(span.file, span.start as usize);
            format!("{}:{line}:{col}", sources.file(span.file).name)
        }
        None => "?".into(),
    }
}

/// A replayed counterexample: one line per step (depth-indented position, procedure and
/// statement), then the visible state after it.
pub fn trace(prog: &Program, sources: &SourceMap, t: &Trace) -> String {
    let mut out = String::new();
    let n = t.steps.len();
    for (i, s) in t.steps.iter().enumerate() {
        let p = prog.proc(s.proc);
        let text = p.texts.get(s.pc as usize).map_or("", String::as_str);
        let indent = "  ".repeat(s.depth.saturating_sub(1));
        let _ = writeln!(
            out,
            "{:>4}. {indent}{} {}: {text}",
            i + 1,
            position(prog, sources, s.proc, s.pc),
            p.name
        );
        if i + 1 < n {
            let _ = writeln!(out, "      {indent}  {}", state_line(prog, &s.state));
        } else {
            let _ = writeln!(
                out,
                "      {indent}  {} here, in {}",
                t.kind.describe(),
                state_line(prog, &s.state)
            );
        }
    }
    out
}

/// The visible state of the running frame with the heap's own addresses (so a cell keeps its
/// number from step to step), showing only the cells the frame can reach.
fn state_line(prog: &Program, s: &State) -> String {
    let Some(f) = s.frames.last() else { return String::new() };
    let (_, _, witness) = canonical(&s.heap, f);
    let mut reachable = witness.old_of;
    reachable.sort();
    let mut out = raw_state(prog, &Heap { cells: vec![s.heap.cells[0].clone()] }, f);
    for a in reachable.into_iter().filter(|a| *a != GLOBALS) {
        let one = Heap { cells: vec![s.heap.cells[a as usize].clone()] };
        let text = cells_text(prog, &one, 0);
        out.push_str(&text.replacen("#0:", &format!("#{a}:"), 1));
    }
    out
}

/// Per procedure: summaries (roots) and effects, for procedures that have any.
pub fn per_procedure(engine: &Engine<'_>) -> String {
    let prog = engine.program();
    let mut out = String::new();
    for (i, (roots, effects)) in engine.summaries_per_proc().into_iter().enumerate() {
        if roots > 0 {
            let _ = writeln!(out, "{}: {roots} summaries, {effects} effects", prog.procs[i].name);
        }
    }
    out
}

/// One line per summary computation: id, procedure, pattern size or entry size, effects, states.
pub fn summaries(engine: &Engine<'_>) -> String {
    let prog = engine.program();
    let mut out = String::new();
    for (i, r) in engine.roots.iter().enumerate() {
        let key = match engine.options().mode {
            Mode::Patterns => format!("pattern of {} locations", r.pattern.len()),
            Mode::FullStates => format!("entry state of {} cells", r.entry_cells()),
        };
        let _ = writeln!(
            out,
            "{i}: {} ({key}), {} effects, {} states",
            prog.proc(r.proc).name,
            r.effects.len(),
            r.states
        );
    }
    out
}

fn effect_text(prog: &Program, e: &Effect, entry: &Heap) -> String {
    let entry_cells = entry.cells.len() as u32;
    let class_of = |cell: u32| {
        if cell < entry_cells {
            Some(entry.cells[cell as usize].class)
        } else {
            e.fresh.get((cell - entry_cells) as usize).copied()
        }
    };
    let mut parts = Vec::new();
    if !e.fresh.is_empty() {
        let fresh: Vec<String> = e
            .fresh
            .iter()
            .enumerate()
            .map(|(i, c)| format!("#{}:{}", entry_cells as usize + i, prog.class(*c).name))
            .collect();
        parts.push(format!("alloc {}", fresh.join(" ")));
    }
    let writes: Vec<String> = e
        .writes
        .iter()
        .map(|(l, v)| {
            let name = if l.cell == GLOBALS {
                prog.globals()[l.field as usize].name.clone()
            } else {
                match class_of(l.cell) {
                    Some(c) => {
                        format!("#{}.{}", l.cell, prog.class(c).fields[l.field as usize].name)
                    }
                    None => format!("#{}.{}", l.cell, l.field),
                }
            };
            format!("{name}:={}", value(*v))
        })
        .collect();
    if !writes.is_empty() {
        parts.push(format!("write {}", writes.join(" ")));
    }
    if !e.rets.is_empty() {
        let rets: Vec<String> = e.rets.iter().map(|v| value(*v)).collect();
        parts.push(format!("return {}", rets.join(", ")));
    }
    if parts.is_empty() { "no change".into() } else { parts.join("; ") }
}

/// The name of a pattern location in a summary: a parameter's or global's name, or a field of
/// an entry cell (`#1.x`).
fn pattern_loc_text(prog: &Program, r: &Root, loc: PatternLoc) -> String {
    match loc {
        PatternLoc::Param(i) => prog.proc(r.proc).locals[i as usize].name.clone(),
        PatternLoc::Heap(l) if l.cell == GLOBALS => prog.globals()[l.field as usize].name.clone(),
        PatternLoc::Heap(l) => {
            let c = &r.entry_heap.cells[l.cell as usize];
            format!("#{}.{}", l.cell, prog.class(c.class).fields[l.field as usize].name)
        }
    }
}

/// A summary's pattern: `{i=0, g=#1, #1.x=false}`, in the order of first reading.
fn pattern_text(prog: &Program, r: &Root) -> String {
    let entries: Vec<String> = r
        .pattern
        .entries
        .iter()
        .map(|(l, v)| format!("{}={}", pattern_loc_text(prog, r, *l), value(*v)))
        .collect();
    format!("{{{}}}", entries.join(", "))
}

/// One summary in full: its entry state (canonical heap), its pattern, its effects.
pub fn summary(engine: &Engine<'_>, id: usize) -> Option<String> {
    let prog = engine.program();
    let r = engine.roots.get(id)?;
    let mut out = String::new();
    let _ = writeln!(out, "summary {id}: {}", prog.proc(r.proc).name);
    let _ = writeln!(out, "  entry: {}", raw_state(prog, &r.entry_heap, &r.entry_frame));
    if engine.options().mode == Mode::Patterns {
        let _ = writeln!(out, "  pattern: {}", pattern_text(prog, r));
    }
    for (k, e) in r.effects.iter().enumerate() {
        let _ = writeln!(out, "  effect {k}: {}", effect_text(prog, &e.effect, &r.entry_heap));
    }
    Some(out)
}

/// The summaries computed so far (of one procedure, or all), each with what keys it (its
/// pattern, or in full-state mode its canonical entry state) and its effects, one per line.
pub fn summary_list(engine: &Engine<'_>, proc: Option<ProcId>) -> String {
    let prog = engine.program();
    let mut out = String::new();
    for (i, r) in engine.roots.iter().enumerate() {
        if proc.is_some_and(|p| p != r.proc) {
            continue;
        }
        let key = match engine.options().mode {
            Mode::Patterns => format!("pattern {}", pattern_text(prog, r)),
            Mode::FullStates => format!("entry {}", raw_state(prog, &r.entry_heap, &r.entry_frame)),
        };
        let _ = writeln!(
            out,
            "summary {i}: {}, {key}, {}, {}",
            prog.proc(r.proc).name,
            counted(r.effects.len(), "effect"),
            counted(r.states as usize, "state")
        );
        for (k, e) in r.effects.iter().enumerate() {
            let _ = writeln!(out, "  effect {k}: {}", effect_text(prog, &e.effect, &r.entry_heap));
        }
    }
    out
}

/// `count` followed by `noun`, plural unless the count is one.
fn counted(count: usize, noun: &str) -> String {
    if count == 1 { format!("1 {noun}") } else { format!("{count} {noun}s") }
}

/// What one step of the engine did ([`Engine::events`] after [`Engine::step`]), one line per
/// event: the worklist item taken first (numbered `step`), then, indented, the path edges,
/// calls, summaries started or reused, summary edges, applications, pattern growth,
/// invalidations and reschedulings it caused.
pub fn events(engine: &Engine<'_>, sources: &SourceMap, step: u64, events: &[Event]) -> String {
    let prog = engine.program();
    let node_at = |n: NodeId| {
        let node = &engine.nodes[n as usize];
        position(prog, sources, node.frame.proc, node.frame.pc)
    };
    let node_state = |n: NodeId| {
        let node = &engine.nodes[n as usize];
        raw_state(prog, &node.heap, &node.frame)
    };
    let root_name = |r: RootId| prog.proc(engine.roots[r as usize].proc).name.clone();
    let site_text = |s: SiteId| {
        let site = &engine.sites[s as usize];
        let args: Vec<String> = site.args.iter().map(|v| value(*v)).collect();
        format!(
            "call site {s} ({}({}) at {})",
            prog.proc(site.callee).name,
            args.join(", "),
            node_at(site.node)
        )
    };
    let mut out = String::new();
    for event in events {
        let line = match event {
            Event::Expand(n) => {
                let root = engine.nodes[*n as usize].root;
                format!(
                    "step {step}: expand state {n} of summary {root} ({}) at {}: {}",
                    root_name(root),
                    node_at(*n),
                    node_state(*n)
                )
            }
            Event::Resume(s) => format!("step {step}: resume {}", site_text(*s)),
            Event::PathEdge(n) => {
                let node = &engine.nodes[*n as usize];
                let how = match node.pred {
                    Pred::Entry => " (entry)".to_string(),
                    Pred::Step { .. } => String::new(),
                    Pred::Return { site, root, effect } => format!(
                        " (return from call site {site} through effect {effect} of summary {root})"
                    ),
                };
                format!(
                    "  path edge: state {n} of summary {} at {}{how}: {}",
                    node.root,
                    node_at(*n),
                    node_state(*n)
                )
            }
            Event::Call(s) => format!("  call: {}", site_text(*s)),
            Event::NewSummary { root, site } => {
                let r = &engine.roots[*root as usize];
                let why = match site {
                    Some(s) => format!(" for call site {s}"),
                    None => String::new(),
                };
                format!(
                    "  new summary {root} of {}{why}, entry {}",
                    root_name(*root),
                    raw_state(prog, &r.entry_heap, &r.entry_frame)
                )
            }
            Event::Reused { site, root } => {
                format!("  call site {site} reuses summary {root} ({})", root_name(*root))
            }
            Event::SummaryEdge { root, effect } => {
                let r = &engine.roots[*root as usize];
                let e = &r.effects[*effect as usize].effect;
                format!(
                    "  summary edge: summary {root} ({}) effect {effect}: {}",
                    root_name(*root),
                    effect_text(prog, e, &r.entry_heap)
                )
            }
            Event::Applied { site, root, effect } => {
                format!("  call site {site} applies effect {effect} of summary {root}")
            }
            Event::PatternGrew { root, loc } => {
                let r = &engine.roots[*root as usize];
                let v = r.pattern.entries.iter().find(|(l, _)| l == loc).map(|(_, v)| *v);
                format!(
                    "  pattern of summary {root} ({}) grows: {}={}",
                    root_name(*root),
                    pattern_loc_text(prog, r, *loc),
                    v.map_or("?".to_string(), value)
                )
            }
            Event::Invalidated { site, root } => format!(
                "  call site {site} no longer matches the grown pattern of summary {root}; \
                 looking up again"
            ),
            Event::Rescheduled(s) => {
                format!("  call site {s} queued again (its callee's summary changed)")
            }
            Event::Failure { node, kind } => {
                format!("  {} at {} in state {node}", kind.describe(), node_at(*node))
            }
        };
        out.push_str(&line);
        out.push('\n');
    }
    // A step that only took its item off the worklist: say so rather than print nothing.
    if events.len() == 1 && matches!(events[0], Event::Expand(_) | Event::Resume(_)) {
        out.push_str("  nothing new (every successor or effect was already there)\n");
    }
    out
}

/// A heap as a Graphviz digraph: the globals and the frame's locals as roots, cells as records.
pub fn dot_heap(prog: &Program, heap: &Heap, frame: &Frame) -> String {
    let (h, f, _) = canonical(heap, frame);
    let mut graph = Graph::new("heap");
    graph.node_defaults(&[("shape", Attr::Word("record"))]);
    for (a, cell) in h.cells.iter().enumerate() {
        let class = prog.class(cell.class);
        let title = if a == 0 { "globals".to_string() } else { format!("#{a} {}", class.name) };
        let mut fields = vec![dot::record_field(None, &title)];
        for (i, (fd, v)) in class.fields.iter().zip(&cell.fields).enumerate() {
            let port = format!("f{i}");
            let text = match v {
                Value::Addr(_) => fd.name.clone(),
                _ => format!("{}={}", fd.name, value(*v)),
            };
            fields.push(dot::record_field(Some(&port), &text));
        }
        let label = format!("{{{}}}", fields.join("|"));
        graph.node(&format!("c{a}"), &[("label", Attr::Record(label))]);
        for (i, v) in cell.fields.iter().enumerate() {
            if let Value::Addr(b) = v {
                graph.edge(&format!("c{a}:f{i}"), &format!("c{b}"), &[]);
            }
        }
    }
    let proc = prog.proc(f.proc);
    // Locals are named by position, labelled with their names, so that a local called `c1` is
    // not taken for the cell of that name.
    for (i, (l, v)) in proc.locals.iter().zip(&f.locals).enumerate() {
        if let Value::Addr(b) = v {
            let attrs = [("shape", Attr::Word("plaintext")), ("label", Attr::Text(&l.name))];
            graph.node(&format!("local{i}"), &attrs);
            graph.edge(&format!("local{i}"), &format!("c{b}"), &[]);
        }
    }
    graph.finish()
}

/// The call graph the exploration used, each procedure labelled with its summaries and effects.
pub fn dot_call_graph(engine: &Engine<'_>) -> String {
    let prog = engine.program();
    let counts = engine.summaries_per_proc();
    let mut graph = Graph::new("calls");
    graph.node_defaults(&[("shape", Attr::Word("box"))]);
    for (i, p) in prog.procs.iter().enumerate() {
        let (roots, effects) = counts[i];
        let label = format!("{}\n{roots} summaries, {effects} effects", p.name);
        graph.node(&format!("p{i}"), &[("label", Attr::Text(&label))]);
    }
    for (a, b) in engine.call_edges() {
        graph.edge(&format!("p{}", a.0), &format!("p{}", b.0), &[]);
    }
    graph.finish()
}

/// The summary engine's counters, one per line.
pub fn summary_stats(s: &Stats) -> String {
    format!(
        "summaries {}\neffects {}\nlookups {}\nhits {}\nstates {}\napplications {}\ninvalidations {}\nsteps {}\n",
        s.summaries,
        s.effects,
        s.lookups,
        s.hits,
        s.states,
        s.applications,
        s.invalidations,
        s.steps
    )
}

/// The explicit engine's counters, one per line.
pub fn explicit_stats(s: &ExplicitStats) -> String {
    format!(
        "states {}\ntransitions {}\nmax_depth {}\ncut_by_depth {}\n",
        s.states, s.transitions, s.max_depth, s.cut_by_depth
    )
}

/// Why the engine has no counterexample to show.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoTrace {
    /// The run is not over.
    #[error("no counterexample yet: the run is not over")]
    NotOver,
    /// The run ended without a failure (safe, or out of budget).
    #[error("no counterexample: the run did not find a failure")]
    NoFailure,
    /// The engine's choices are not an execution of the program: a bug in the engine.
    #[error("the counterexample does not replay: {0}")]
    DoesNotReplay(ReplayError),
}

/// The engine's counterexample, once it found one: replayed on the concrete semantics and
/// rendered like [`trace`]; `Err` with the reason if there is none or it does not replay.
pub fn engine_trace(engine: &Engine<'_>, sources: &SourceMap) -> Result<String, NoTrace> {
    let prog = engine.program();
    match engine.verdict() {
        Some(super::summary::Verdict::Failure { kind, choices }) => {
            let replayed = super::explicit::replay(prog, choices, *kind);
            replayed.map(|t| trace(prog, sources, &t)).map_err(NoTrace::DoesNotReplay)
        }
        Some(_) => Err(NoTrace::NoFailure),
        None => Err(NoTrace::NotOver),
    }
}

/// One line about where a run is, for a workbench `step` command: steps done, items pending,
/// summaries, effects and states so far, and the verdict once there is one.
pub fn progress(engine: &Engine<'_>) -> String {
    let s = engine.stats();
    let verdict = match engine.verdict() {
        None => String::new(),
        Some(super::summary::Verdict::Safe) => ", done: safe".into(),
        Some(super::summary::Verdict::Failure { kind, .. }) => {
            format!(", done: {}", kind.describe())
        }
        Some(super::summary::Verdict::OutOfBudget) => ", done: state bound reached".into(),
    };
    format!(
        "step {}: {} pending, {} summaries, {} effects, {} states{verdict}",
        s.steps,
        engine.pending(),
        s.summaries,
        s.effects,
        s.states
    )
}
