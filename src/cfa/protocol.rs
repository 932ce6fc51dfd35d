//! Usage protocols as finite automata over events, their product with the state graph, and
//! witness paths (paper §7: "calls to lock and unlock are in the right order and never
//! nested").
//!
//! An event happens at an Apply state whose procedure is an event primitive. The product
//! explores (graph state, automaton state) pairs breadth-first from (root, initial); it finds
//! a violation when an event has no transition from the automaton's state, or when a halting
//! state is reached outside the final states (if the protocol names any). The witness is the
//! shortest such path in the abstract graph. A verdict of "verified" is only given for a
//! complete graph: every concrete run is abstracted by some path of it (the analysis is
//! sound), so no concrete run can violate the protocol.

use std::collections::VecDeque;

use pest::Parser as _;
use pest::error::InputLocation;
use pest::iterators::Pair;

use super::domain::Control;
use super::explore::{Graph, StateId};
use crate::scheme::cps::{CallKind, CpsProgram};
use crate::syntax::{Diagnostic, FileId, Span};

mod grammar {
    //! The derived pest parser (private: `Rule` is an implementation detail).
    #[derive(pest_derive::Parser)]
    #[grammar = "cfa/protocol.pest"]
    pub struct ProtocolParser;
}

use grammar::{ProtocolParser, Rule};

/// A deterministic automaton over event names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Protocol {
    /// Its name.
    pub name: String,
    /// State names; index 0 is not special.
    pub states: Vec<String>,
    /// The initial state.
    pub initial: usize,
    /// States a halting run may end in; `None` = any.
    pub finals: Option<Vec<usize>>,
    /// The events the protocol watches.
    pub alphabet: Vec<String>,
    /// Transitions (from, event, to); at most one per (from, event).
    pub transitions: Vec<(usize, String, usize)>,
}

impl Protocol {
    /// The paper's lock discipline: `lock` and `unlock` alternate, starting with `lock`.
    pub fn lock_discipline() -> Protocol {
        Protocol {
            name: "lock-discipline".into(),
            states: vec!["unlocked".into(), "locked".into()],
            initial: 0,
            finals: None,
            alphabet: vec!["lock".into(), "unlock".into()],
            transitions: vec![(0, "lock".into(), 1), (1, "unlock".into(), 0)],
        }
    }

    /// The state after `event` from `state`: `Some(None)` if the event is watched but has no
    /// transition (a violation), `None` if the protocol ignores the event.
    pub fn next(&self, state: usize, event: &str) -> Option<Option<usize>> {
        if !self.alphabet.iter().any(|e| e == event) {
            return None;
        }
        Some(
            self.transitions.iter().find(|(f, e, _)| *f == state && e == event).map(|&(_, _, t)| t),
        )
    }

    /// True if a halting run may end in `state`.
    pub fn accepts_end(&self, state: usize) -> bool {
        self.finals.as_ref().is_none_or(|f| f.contains(&state))
    }

    /// The protocol in its file syntax.
    pub fn to_text(&self) -> String {
        let mut out =
            format!("protocol {} {{\n  initial {};\n", self.name, self.states[self.initial]);
        if let Some(f) = &self.finals {
            let names: Vec<&str> = f.iter().map(|&i| self.states[i].as_str()).collect();
            out.push_str(&format!("  final {};\n", names.join(", ")));
        }
        out.push_str(&format!("  events {};\n", self.alphabet.join(", ")));
        for (f, e, t) in &self.transitions {
            out.push_str(&format!("  {} {e} -> {};\n", self.states[*f], self.states[*t]));
        }
        out.push_str("}\n");
        out
    }
}

/// Reads the protocols of a file.
pub fn parse_protocols(file: FileId, text: &str) -> (Vec<Protocol>, Vec<Diagnostic>) {
    let pairs = match ProtocolParser::parse(Rule::file, text) {
        Ok(mut p) => p.next().map(|f| f.into_inner()),
        Err(e) => {
            let at = match e.location {
                InputLocation::Pos(p) => p,
                InputLocation::Span((s, _)) => s,
            }
            .min(text.len());
            let found = text[at..].chars().next();
            let message = match found {
                None => "unexpected end of protocol file (is a `}` missing?)".to_string(),
                Some(c) => format!(
                    "unexpected `{c}`: expected `protocol NAME {{`, `initial S;`, `final S;`, \
                     `events E, ...;`, `S EVENT -> S;` or `}}`"
                ),
            };
            let end = at + found.map_or(0, char::len_utf8);
            return (Vec::new(), vec![Diagnostic::error(Span::new(file, at, end), message)]);
        }
    };
    let mut out = Vec::new();
    let mut diags = Vec::new();
    for p in pairs.into_iter().flatten() {
        if p.as_rule() == Rule::protocol
            && let Some(proto) = protocol(file, p, &mut diags)
        {
            if out.iter().any(|q: &Protocol| q.name == proto.name) {
                diags.push(Diagnostic::error(
                    Span::new(file, 0, 0),
                    format!("protocol `{}` is defined twice", proto.name),
                ));
            }
            out.push(proto);
        }
    }
    (out, diags)
}

fn span_of(file: FileId, p: &Pair<'_, Rule>) -> Span {
    Span::new(file, p.as_span().start(), p.as_span().end())
}

fn protocol(file: FileId, p: Pair<'_, Rule>, diags: &mut Vec<Diagnostic>) -> Option<Protocol> {
    let whole = span_of(file, &p);
    let mut inner = p.into_inner();
    let name = inner.next()?.as_str().to_string();
    let mut proto = Protocol {
        name,
        states: Vec::new(),
        initial: usize::MAX,
        finals: None,
        alphabet: Vec::new(),
        transitions: Vec::new(),
    };
    let state = |proto: &mut Protocol, n: &str| -> usize {
        match proto.states.iter().position(|s| s == n) {
            Some(i) => i,
            None => {
                proto.states.push(n.to_string());
                proto.states.len() - 1
            }
        }
    };
    let add_event = |proto: &mut Protocol, e: &str| {
        if !proto.alphabet.iter().any(|a| a == e) {
            proto.alphabet.push(e.to_string());
        }
    };
    for item in inner {
        let sp = span_of(file, &item);
        match item.as_rule() {
            Rule::initial => {
                let n = item.into_inner().next()?.as_str();
                if proto.initial != usize::MAX {
                    diags.push(Diagnostic::error(sp, "a protocol has one `initial` state"));
                }
                proto.initial = state(&mut proto, n);
            }
            Rule::finals => {
                let names: Vec<String> =
                    item.into_inner().map(|n| n.as_str().to_string()).collect();
                let ids: Vec<usize> = names.iter().map(|n| state(&mut proto, n)).collect();
                proto.finals.get_or_insert_with(Vec::new).extend(ids);
            }
            Rule::events => {
                for n in item.into_inner() {
                    add_event(&mut proto, n.as_str());
                }
            }
            Rule::transition => {
                let parts: Vec<&str> = item
                    .into_inner()
                    .filter(|n| n.as_rule() == Rule::name)
                    .map(|n| n.as_str())
                    .collect();
                let [from, event, to] = parts.as_slice() else { continue };
                let (f, t) = (state(&mut proto, from), state(&mut proto, to));
                if proto.transitions.iter().any(|(a, e, _)| *a == f && e == event) {
                    diags.push(Diagnostic::error(
                        sp,
                        format!("two transitions from `{from}` on `{event}` (the automaton must be deterministic)"),
                    ));
                    continue;
                }
                add_event(&mut proto, event);
                proto.transitions.push((f, event.to_string(), t));
            }
            _ => {}
        }
    }
    if proto.initial == usize::MAX {
        diags.push(Diagnostic::error(
            whole,
            format!("protocol `{}` has no `initial` state", proto.name),
        ));
        return None;
    }
    Some(proto)
}

/// Why a path violates a protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The event at the path's last state has no transition from the automaton state.
    BadEvent {
        /// The event.
        event: String,
        /// The automaton state it happened in.
        state: String,
    },
    /// The path halts in a non-final automaton state.
    BadEnd {
        /// The automaton state.
        state: String,
    },
}

/// A path of the state graph that violates a protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// The states, from the root.
    pub path: Vec<StateId>,
    /// The events along the path, in order (the last one is the offending event for
    /// [`Violation::BadEvent`]).
    pub events: Vec<String>,
    /// What went wrong.
    pub violation: Violation,
}

/// The answer for one protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No path of the complete graph violates the protocol.
    Verified,
    /// Some path of the abstract graph violates it (possibly a spurious one).
    Violation(Witness),
    /// The graph is incomplete (state limit) and its explored part shows no violation.
    Unknown,
}

impl Verdict {
    /// One word: `verified`, `violation`, `unknown`.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Verified => "verified",
            Verdict::Violation(_) => "violation",
            Verdict::Unknown => "unknown",
        }
    }
}

/// The event name of a state, if it performs one.
pub fn event_name<'p>(program: &'p CpsProgram, graph: &Graph, id: StateId) -> Option<&'p str> {
    match &graph.state(id).control {
        Control::Apply {
            proc: super::domain::Value::Prim(crate::scheme::ast::Prim::Event(e)),
            ..
        } => program.events.get(*e as usize).map(String::as_str),
        _ => None,
    }
}

/// True if the state is a `halt`.
pub fn halts(program: &CpsProgram, graph: &Graph, id: StateId) -> bool {
    matches!(&graph.state(id).control, Control::Eval { call, .. }
        if matches!(program.call(*call).kind, CallKind::Halt { .. }))
}

/// Checks `protocol` on the graph (product construction, breadth-first).
pub fn check(program: &CpsProgram, graph: &Graph, protocol: &Protocol) -> Verdict {
    let n = graph.states.len();
    let q = protocol.states.len();
    if n == 0 {
        return if graph.complete { Verdict::Verified } else { Verdict::Unknown };
    }
    let index = |s: StateId, a: usize| s.0 as usize * q + a;
    let mut parent: Vec<Option<usize>> = vec![None; n * q];
    let mut seen = vec![false; n * q];
    let mut queue = VecDeque::new();
    let start = index(graph.root, protocol.initial);
    seen[start] = true;
    queue.push_back((graph.root, protocol.initial));
    while let Some((s, a)) = queue.pop_front() {
        let here = index(s, a);
        let mut after = a;
        if let Some(e) = event_name(program, graph, s) {
            match protocol.next(a, e) {
                Some(Some(b)) => after = b,
                Some(None) => {
                    let violation = Violation::BadEvent {
                        event: e.to_string(),
                        state: protocol.states[a].clone(),
                    };
                    return Verdict::Violation(witness(
                        program, graph, &parent, here, q, violation,
                    ));
                }
                None => {}
            }
        }
        if halts(program, graph, s) && !protocol.accepts_end(a) {
            let violation = Violation::BadEnd { state: protocol.states[a].clone() };
            return Verdict::Violation(witness(program, graph, &parent, here, q, violation));
        }
        for &t in graph.successors(s) {
            let j = index(t, after);
            if !seen[j] {
                seen[j] = true;
                parent[j] = Some(here);
                queue.push_back((t, after));
            }
        }
    }
    if graph.complete { Verdict::Verified } else { Verdict::Unknown }
}

fn witness(
    program: &CpsProgram,
    graph: &Graph,
    parent: &[Option<usize>],
    mut at: usize,
    q: usize,
    violation: Violation,
) -> Witness {
    let mut path = vec![StateId((at / q) as u32)];
    while let Some(p) = parent[at] {
        path.push(StateId((p / q) as u32));
        at = p;
    }
    path.reverse();
    let events =
        path.iter().filter_map(|&s| event_name(program, graph, s)).map(str::to_string).collect();
    Witness { path, events, violation }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_lock_protocol() {
        let text = "// locks\nprotocol lock-discipline {\n  initial unlocked;\n  unlocked lock -> locked;\n  locked unlock -> unlocked;\n}\n";
        let (ps, d) = parse_protocols(FileId(0), text);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(ps, vec![Protocol::lock_discipline()]);
        let again = parse_protocols(FileId(0), &ps[0].to_text()).0;
        assert_eq!(again, ps);
    }

    #[test]
    fn reports_bad_protocols() {
        let (_, d) = parse_protocols(FileId(0), "protocol p { a x -> b; a x -> c; }");
        assert!(d[0].message.contains("deterministic"), "{d:?}");
        let (_, d) = parse_protocols(FileId(0), "protocol p { a x -> b; }");
        assert!(d[0].message.contains("no `initial`"), "{d:?}");
        let (_, d) = parse_protocols(FileId(0), "protocol p { initial a; a x b; }");
        assert_eq!(d.len(), 1);
    }
}
