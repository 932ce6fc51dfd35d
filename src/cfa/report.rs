//! What the command line and the workbench show about an analysis: the summary, one state
//! (environment, store, counts, continuation), successors, verdicts with witness paths,
//! warnings, the side-by-side comparison with and without GC, and Graphviz DOT.
//!
//! Everything returns a `String`; the order of every listing is the graph's (state ids) or the
//! store's (sorted addresses), so output is the same on every run.

use std::fmt::Write as _;
use std::rc::Rc;

use super::domain::{Addr, Control, Count, Flow, Time, Value};
use super::explore::StateId;
use super::protocol::{self, Protocol, Verdict, Violation, Witness};
use super::{Analysis, Options, OracleKind, analyse_with_oracle};
use crate::scheme::CpsProgram;
use crate::scheme::ast::VarKind;
use crate::scheme::cps::{LamKind, atom_text, call_head};
use crate::syntax::dot::{Attr, Graph};
use crate::syntax::{SourceMap, Span};

impl Analysis {
    /// `file:line:col` of a span.
    pub fn location(&self, span: Span) -> String {
        let file = self.sources.file(span.file);
        let (line, col) = self.sources.line_col(span.file, span.start as usize);
        format!("{}:{line}:{col}", file.name)
    }

    /// A time: `⟨⟩` or the contour's call sites as `line:col`, most recent first.
    pub fn time_text(&self, t: Time) -> String {
        let sites: Vec<String> = self
            .times
            .contour(t)
            .iter()
            .map(|c| {
                let span = self.program.call(*c).span;
                let (line, col) = self.sources.line_col(span.file, span.start as usize);
                format!("{line}:{col}")
            })
            .collect();
        format!("⟨{}⟩", sites.join(" "))
    }

    fn time_suffix(&self, t: Time) -> String {
        if self.options.k == 0 { String::new() } else { format!("@{}", t.0) }
    }

    /// A value.
    pub fn value_text(&self, v: &Value) -> String {
        let p = &self.program;
        match v {
            Value::Lit(c) => p.constant(*c).to_string(),
            Value::AnyInt => "int".into(),
            Value::AnyStr => "string".into(),
            Value::AnySym => "symbol".into(),
            Value::AnyChar => "char".into(),
            Value::AnyNum => "number".into(),
            Value::Prim(pr) => format!("#<{}>", p.prim_name(*pr)),
            Value::Clo(l, env) => {
                let mut s = atom_text(p, &crate::scheme::cps::Atom::Lam(*l));
                let span = p.lam(*l).span;
                let (line, col) = self.sources.line_col(span.file, span.start as usize);
                let _ = write!(s, "@{line}:{col}");
                if self.options.k > 0 && !env.is_empty() {
                    let binds: Vec<String> =
                        env.iter().map(|(x, t)| format!("{}@{}", p.var(*x).name, t.0)).collect();
                    let _ = write!(s, "[{}]", binds.join(" "));
                }
                s
            }
            Value::Pair(site, t) => format!("pair#{}{}", site.0, self.time_suffix(*t)),
            Value::Vector(site, t) => format!("vector#{}{}", site.0, self.time_suffix(*t)),
            Value::Record(site, t, _) => format!("record#{}{}", site.0, self.time_suffix(*t)),
        }
    }

    /// A flow set: `{a, b}`.
    pub fn flow_text(&self, f: &Flow) -> String {
        let vs: Vec<String> = f.iter().map(|v| self.value_text(v)).collect();
        format!("{{{}}}", vs.join(", "))
    }

    /// An address: `n@0`, `car(pair#3)@0`.
    pub fn addr_text(&self, a: &Addr) -> String {
        match a {
            Addr::Var(v, t) => format!("{}@{}", self.program.var(*v).name, t.0),
            Addr::Car(s, t) => format!("car(pair#{})@{}", s.0, t.0),
            Addr::Cdr(s, t) => format!("cdr(pair#{})@{}", s.0, t.0),
            Addr::Elems(s, t) => format!("elements(vector#{})@{}", s.0, t.0),
            Addr::Field(s, t, 0) => format!("type(record#{})@{}", s.0, t.0),
            Addr::Field(s, t, i) => format!("field{i}(record#{})@{}", s.0, t.0),
        }
    }

    /// One line naming a state: `eval (lockloop 1 k)` or `apply #<lock> to {'mutex}`.
    pub fn state_title(&self, id: StateId) -> String {
        let s = self.graph.state(id);
        match &s.control {
            Control::Eval { call, .. } => format!("eval {}", call_head(&self.program, *call)),
            Control::Apply { proc, args, .. } => {
                let args: Vec<String> = args.iter().map(|a| self.flow_text(a)).collect();
                if args.is_empty() {
                    format!("apply {}", self.value_text(proc))
                } else {
                    format!("apply {} to {}", self.value_text(proc), args.join(" "))
                }
            }
        }
    }

    /// The summary line: states, edges, time.
    pub fn summary(&self) -> String {
        self.summary_timed(&format!("{:.1} ms", self.graph.stats.elapsed.as_secs_f64() * 1000.0))
    }

    /// The summary line with the time as given (the workbench prints `[time]` in scripts, so
    /// transcripts compare byte for byte).
    pub fn summary_timed(&self, time: &str) -> String {
        let st = &self.graph.stats;
        let mut out = format!(
            "{}: {} states, {} edges ({} transitions, {} subsumed, {} merged) in {time}",
            self.options.describe(),
            st.states,
            st.edges,
            st.transitions,
            st.subsumed,
            st.merged,
        );
        if !self.graph.complete {
            let _ = write!(out, " -- stopped at the state limit ({})", self.options.max_states);
        }
        out.push('\n');
        out
    }

    /// Every state, one line each: id, title, successors.
    pub fn states_text(&self) -> String {
        let mut out = String::new();
        for id in self.graph.ids() {
            let succ: Vec<String> =
                self.graph.successors(id).iter().map(|s| s.0.to_string()).collect();
            let _ = writeln!(out, "{:>5}  {}  -> {}", id.0, self.state_title(id), succ.join(" "));
        }
        out
    }

    /// Everything about one state: control, environment, continuation, store and counts.
    pub fn show_state(&self, id: StateId) -> Option<String> {
        let s = self.graph.states.get(id.0 as usize)?;
        let p = &self.program;
        let mut out = format!("state {}: {}\n", id.0, self.state_title(id));
        let _ = writeln!(out, "  time: {}", self.time_text(s.time));
        match &s.control {
            Control::Eval { call, env } => {
                let _ = writeln!(out, "  at: {}", self.location(p.call(*call).span));
                let binds: Vec<String> =
                    env.iter().map(|(x, t)| format!("{} ↦ {}", p.var(*x).name, t.0)).collect();
                let _ = writeln!(out, "  environment: {}", binds.join(", "));
                for (x, t) in env.iter() {
                    if p.var(*x).kind == VarKind::Continuation {
                        let f = s.store.get(&Addr::Var(*x, *t)).cloned().unwrap_or_default();
                        let _ = writeln!(
                            out,
                            "  continuation {}: {}",
                            p.var(*x).name,
                            self.flow_text(&f)
                        );
                    }
                }
            }
            Control::Apply { proc, args, refs } => {
                let _ = writeln!(out, "  procedure: {}", self.value_text(proc));
                for (i, a) in args.iter().enumerate() {
                    let r = match refs.get(i).copied().flatten() {
                        Some(b) => format!("   (from {})", self.addr_text(&b)),
                        None => String::new(),
                    };
                    let _ = writeln!(out, "  argument {}: {}{r}", i + 1, self.flow_text(a));
                }
                if let (Value::Clo(l, _), Some(k)) = (proc, args.last())
                    && p.lam(*l).kind == LamKind::User
                {
                    let _ = writeln!(out, "  continuation: {}", self.flow_text(k));
                }
            }
        }
        out.push_str("  store:\n");
        if s.store.is_empty() {
            out.push_str("    (empty)\n");
        }
        for (a, f) in &s.store {
            let count = match s.counts.get(a) {
                Some(Count::One) => "1",
                Some(Count::Many) => "∞",
                None if self.options.counting => "0",
                None => "-",
            };
            let _ =
                writeln!(out, "    {} = {}   count {count}", self.addr_text(a), self.flow_text(f));
        }
        let succ: Vec<String> = self.graph.successors(id).iter().map(|s| s.0.to_string()).collect();
        let _ = writeln!(
            out,
            "  successors: {}",
            if succ.is_empty() { "none".into() } else { succ.join(", ") }
        );
        Some(out)
    }

    /// The successors of a state, one line each.
    pub fn show_successors(&self, id: StateId) -> Option<String> {
        if id.0 as usize >= self.graph.states.len() {
            return None;
        }
        let mut out = String::new();
        let rule = self.rule(id);
        for &t in self.graph.successors(id) {
            let _ = writeln!(out, "{} -> {} by {rule}: {}", id.0, t.0, self.state_title(t));
        }
        if out.is_empty() {
            out = format!("{} has no successors ({})\n", id.0, self.terminal_kind(id));
        }
        Some(out)
    }

    /// The transition rule that takes a state to its successors (paper Fig. 4, plus `set!` and
    /// primitive application): which one applies depends on the state alone.
    pub fn rule(&self, id: StateId) -> String {
        use crate::scheme::ast::Prim;
        use crate::scheme::cps::CallKind;
        match &self.graph.state(id).control {
            Control::Eval { call, .. } => match &self.program.call(*call).kind {
                CallKind::App { .. } => "argument evaluation".into(),
                CallKind::If { .. } => "conditional".into(),
                CallKind::Let { .. } => "let-binding".into(),
                CallKind::Letrec { .. } => "letrec-binding".into(),
                CallKind::Set { .. } => "assignment (set!)".into(),
                CallKind::Halt { .. } => "halt".into(),
            },
            Control::Apply { proc: Value::Prim(Prim::Event(e)), .. } => format!(
                "primitive application (event {})",
                self.program.events.get(*e as usize).map_or("?", String::as_str)
            ),
            Control::Apply { proc: Value::Prim(_), .. } => "primitive application".into(),
            Control::Apply { .. } => "procedure application".into(),
        }
    }

    fn terminal_kind(&self, id: StateId) -> &'static str {
        if protocol::halts(&self.program, &self.graph, id) {
            "the program halts"
        } else {
            "stuck: an error, or no value can flow here"
        }
    }

    /// A witness path, one state per line, events marked.
    pub fn witness_text(&self, w: &Witness) -> String {
        let mut out = String::new();
        for &s in &w.path {
            let mark = match protocol::event_name(&self.program, &self.graph, s) {
                Some(e) => format!("   <- event {e}"),
                None => String::new(),
            };
            let _ = writeln!(out, "    {:>5}  {}{mark}", s.0, self.state_title(s));
        }
        out
    }

    /// The verdict line for a protocol, with the witness path of a violation.
    pub fn verdict_text(&self, protocol: &Protocol, verdict: &Verdict) -> String {
        match verdict {
            Verdict::Verified => format!("protocol {}: verified\n", protocol.name),
            Verdict::Unknown => format!(
                "protocol {}: unknown (the graph is incomplete; no violation in its explored part)\n",
                protocol.name
            ),
            Verdict::Violation(w) => {
                let why = match &w.violation {
                    Violation::BadEvent { event, state } => {
                        format!("event `{event}` is not allowed in state `{state}`")
                    }
                    Violation::BadEnd { state } => {
                        format!("the program may halt in state `{state}`")
                    }
                };
                format!(
                    "protocol {}: may be violated: {why}\n  events: {}\n  witness path ({} states, abstract: it may be spurious):\n{}",
                    protocol.name,
                    w.events.join(" "),
                    w.path.len(),
                    self.witness_text(w)
                )
            }
        }
    }

    /// Whether a concrete run of at most `max_steps` steps confirms a violation of `protocol`
    /// (the program takes no input, so its run is the only one).
    pub fn confirmation_text(&self, protocol: &Protocol, max_steps: usize) -> String {
        let run = super::concrete::run(&self.program, max_steps);
        match super::concrete::violates(&run, protocol) {
            Some(events) => format!(
                "  confirmed by a concrete run ({} steps): events {}\n",
                run.steps,
                events.join(" ")
            ),
            None => {
                let how = match &run.outcome {
                    super::concrete::Outcome::Halted => "halts".to_string(),
                    super::concrete::Outcome::Error(e) => format!("stops with an error ({e})"),
                    super::concrete::Outcome::StepLimit => "is still running".to_string(),
                };
                format!(
                    "  not confirmed: the concrete run {how} after {} steps without violating it; the witness is probably spurious\n",
                    run.steps
                )
            }
        }
    }

    /// What the governor oracle was asked and answered: a count, then each question it
    /// refuted (those are what made conditional GC collect more). Empty without an oracle or
    /// when nothing was asked.
    pub fn oracle_text(&self) -> String {
        let Some(report) = &self.oracle else { return String::new() };
        if report.questions.is_empty() {
            return String::new();
        }
        let refuted: Vec<_> = report.questions.iter().filter(|q| q.refuted).collect();
        let asked: usize = report.questions.iter().map(|q| q.asked).sum();
        let mut out = format!(
            "oracle {}: {} distinct governor question{} ({} asked), {} refuted\n",
            report.name,
            report.questions.len(),
            if report.questions.len() == 1 { "" } else { "s" },
            asked,
            refuted.len()
        );
        for q in refuted {
            let _ = writeln!(out, "  unsatisfiable: {}", q.text);
        }
        out
    }

    /// The possible run-time errors found, one per line.
    pub fn warnings_text(&self) -> String {
        let mut out = String::new();
        for (id, w) in &self.graph.warnings {
            let _ =
                writeln!(out, "{}: warning: {} (state {})", self.location(w.span), w.message, id.0);
        }
        out
    }

    /// The graph in Graphviz DOT; the states and edges of `highlight` are drawn in red.
    pub fn dot(&self, highlight: Option<&Witness>) -> String {
        let mut graph = Graph::new("cfa");
        graph.node_defaults(&[
            ("shape", Attr::Word("box")),
            ("fontname", Attr::Text("monospace")),
            ("fontsize", Attr::Word("10")),
        ]);
        let on_path = |s: StateId| highlight.is_some_and(|w| w.path.contains(&s));
        for id in self.graph.ids() {
            let title: String = self.state_title(id).chars().take(60).collect();
            let label = format!("{}: {title}", id.0);
            let mut attrs = vec![("label", Attr::Text(&label))];
            if let Some(e) = protocol::event_name(&self.program, &self.graph, id) {
                let colour = if e == "unlock" { "palegreen" } else { "lightblue" };
                attrs.push(("style", Attr::Word("filled")));
                attrs.push(("fillcolor", Attr::Text(colour)));
            }
            if self.graph.successors(id).is_empty() {
                attrs.push(("peripheries", Attr::Word("2")));
            }
            if on_path(id) {
                attrs.push(("color", Attr::Word("red")));
                attrs.push(("penwidth", Attr::Word("2")));
            }
            graph.node(&format!("s{}", id.0), &attrs);
        }
        for id in self.graph.ids() {
            for &t in self.graph.successors(id) {
                let red =
                    highlight.is_some_and(|w| w.path.windows(2).any(|p| p[0] == id && p[1] == t));
                let attrs: &[(&str, Attr<'_>)] = if red {
                    &[("color", Attr::Word("red")), ("penwidth", Attr::Word("2"))]
                } else {
                    &[]
                };
                graph.edge(&format!("s{}", id.0), &format!("s{}", t.0), attrs);
            }
        }
        graph.finish()
    }
}

/// One row of a comparison.
#[derive(Clone, Debug)]
pub struct ComparisonRow {
    /// The options.
    pub options: Options,
    /// States, edges and time.
    pub stats: super::Stats,
    /// Whether the graph is complete.
    pub complete: bool,
    /// The verdict per protocol, in the protocols' order.
    pub verdicts: Vec<Verdict>,
}

/// Runs the same analysis without GC, with GC and with conditional GC (the other options as
/// given, conditional GC asking a fresh oracle of the kind given) and checks every protocol
/// on each.
pub fn compare(
    program: Rc<CpsProgram>,
    sources: Rc<SourceMap>,
    options: &Options,
    protocols: &[Protocol],
    oracle: OracleKind,
) -> Vec<ComparisonRow> {
    let variants = [(false, false), (true, false), (true, true)];
    variants
        .iter()
        .map(|&(gc, conditional_gc)| {
            let o = Options { gc, conditional_gc, ..*options };
            let a = analyse_with_oracle(program.clone(), sources.clone(), &o, &*oracle.make());
            ComparisonRow {
                options: o,
                stats: a.graph.stats.clone(),
                complete: a.graph.complete,
                verdicts: protocols.iter().map(|p| a.check(p)).collect(),
            }
        })
        .collect()
}

/// A comparison as a table.
pub fn comparison_text(rows: &[ComparisonRow], protocols: &[Protocol]) -> String {
    comparison_table(rows, protocols, |d| format!("{:.1}", d.as_secs_f64() * 1000.0))
}

/// A comparison as a table, each time written by `time` (the workbench writes `[time]` in
/// scripts).
pub fn comparison_table(
    rows: &[ComparisonRow],
    protocols: &[Protocol],
    time: impl Fn(std::time::Duration) -> String,
) -> String {
    let mut out = format!("{:<40} {:>8} {:>8} {:>10}", "analysis", "states", "edges", "time (ms)");
    for p in protocols {
        let _ = write!(out, "  {}", p.name);
    }
    out.push('\n');
    for r in rows {
        let states =
            if r.complete { r.stats.states.to_string() } else { format!("{}+", r.stats.states) };
        let _ = write!(
            out,
            "{:<40} {:>8} {:>8} {:>10}",
            r.options.describe(),
            states,
            r.stats.edges,
            time(r.stats.elapsed)
        );
        for (p, v) in protocols.iter().zip(&r.verdicts) {
            let _ = write!(out, "  {:<width$}", v.word(), width = p.name.len());
        }
        out.push('\n');
    }
    if let (Some(no_gc), Some(gc)) = (rows.first(), rows.get(1))
        && gc.stats.states > 0
    {
        let _ = writeln!(
            out,
            "states without GC / with GC: {:.2}",
            no_gc.stats.states as f64 / gc.stats.states as f64
        );
    }
    out
}
