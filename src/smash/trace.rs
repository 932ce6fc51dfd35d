//! What a compositional run did, rule by rule and under the seed's names: the questions it
//! asked (the query tree), each rule application in order, and each question's partition and
//! must sets as its last step left them.
//!
//! The prompt steps a run with it. A run's questions nest (a question's analysis asks
//! questions of its own callees from inside one of its steps), so a run cannot be left half-way
//! and taken up again; instead a run with a trace can be told to stop after a number of rule
//! applications ([`Trace::stop_after`]). It then ends at once, every question in progress
//! unanswered, and the trace keeps the run as it stood at that point. The analysis is
//! deterministic, so the same run stopped one application later repeats the first ones exactly:
//! that is how `step` advances.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::must::MustSets;
use super::partition::Partitions;
use super::{DashStep, Split, Target};
use crate::ir::ProcId;
use crate::refine::Verdict;
use crate::refine::flat::Flat;
use crate::refine::formula::Pred;

/// How a question ended, or that it has not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Its analysis is in progress.
    Open,
    /// Yes: a run of the callee reaches the target. The must summary kept of it, unless the
    /// mode keeps none (CREATE-MUSTSUMMARY).
    Yes(Option<usize>),
    /// No: the callee's analysis is certified, and the not-may summary made of it or merged
    /// into (CREATE-NOTMAYSUMMARY, MERGE-MAYSUMMARY).
    No(usize),
    /// The analysis ended without an answer, and why.
    Unknown(String),
    /// The whole program's question ended: SAFE, UNSAFE or UNKNOWN and why.
    Verdict(String),
}

/// A question: the whole program's (number 0), or one asked of a callee at a frontier on a
/// call (MAYMUST-CALL) and answered by analysing the callee's body.
#[derive(Clone, Debug)]
pub struct Question {
    /// The procedure whose body answers it.
    pub procedure: ProcId,
    /// The question, and the edge of its graph, at whose frontier it was asked.
    pub asked_by: Option<(usize, usize)>,
    /// What it asks for: a return (into `post`) or the failure of a check.
    pub target: Option<Target>,
    /// How many reachable states of the caller it asks about.
    pub sources: usize,
    /// The states it asks about, over what the callee's run starts from (the globals and its
    /// parameters; the caller's other variables keep their values through the call).
    pub pre: Pred,
    /// The region a return must reach (`True` for a failure).
    pub post: Pred,
    /// Its answer so far.
    pub answer: Answer,
    /// The graph its analysis runs on.
    pub graph: Flat,
    /// Its partitions, as its last step left them (as it was asked, unless the trace keeps
    /// partitions).
    pub partitions: Partitions,
    /// Its must sets, as its last step left them.
    pub must: MustSets,
    /// Steps of its analysis so far.
    pub steps: usize,
}

/// One rule application.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The question in whose analysis it happened.
    pub question: usize,
    /// The rule, as the paper names it (Figs. 5 to 10).
    pub rule: &'static str,
    /// What it did, in words.
    pub text: String,
}

/// A compositional run's record.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// Stop the run once this many rule applications are recorded.
    pub stop_after: Option<usize>,
    /// Every rule application, in order.
    pub events: Vec<Event>,
    /// Every question, in the order asked.
    pub questions: Vec<Question>,
    /// The questions in progress, innermost last.
    pub active: Vec<usize>,
    /// How the last call crossed by its caller was answered, for the caller's step's name.
    pub(crate) crossing: Option<CrossedBy>,
    /// Set from outside (Ctrl-C) to stop the run where it is, as if told to stop there.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Whether each question's partition and must sets are kept as its last step left them
    /// (what the prompt shows; a printed trace needs only the rules).
    pub keep_partitions: bool,
}

/// How a call was crossed, as the caller's step is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossedBy {
    /// A must summary kept before, or made by the question just answered.
    MustSummary(usize),
    /// A question's answer yes, of which no summary is kept (`--mode may`).
    Answer(usize),
}

impl Trace {
    /// A trace of a whole run.
    pub fn new() -> Trace {
        Trace::default()
    }

    /// A trace that stops the run after `events` rule applications.
    pub fn stopping_after(events: usize) -> Trace {
        Trace { stop_after: Some(events), ..Trace::default() }
    }

    /// Whether the run stopped where it was told to.
    pub fn stopped(&self) -> bool {
        self.stop_after.is_some_and(|n| self.events.len() >= n)
    }

    /// Whether the run must stop now: told to stop here, or interrupted (which makes this the
    /// point it was told to stop at, so that the same run stopped here again is this one).
    pub(crate) fn stop_now(&mut self) -> bool {
        if self.stopped() {
            return true;
        }
        if self.interrupt.as_ref().is_some_and(|i| i.load(Ordering::Relaxed)) {
            self.stop_after = Some(self.events.len());
            return true;
        }
        false
    }

    /// The whole program's verdict, once the run has given it (as SAFE, UNSAFE or UNKNOWN
    /// and why).
    pub fn verdict(&self) -> Option<&str> {
        match &self.questions.first()?.answer {
            Answer::Verdict(v) => Some(v),
            _ => None,
        }
    }

    /// Records a rule application, unless the run has stopped.
    pub(crate) fn record(&mut self, question: usize, rule: &'static str, text: String) {
        if !self.stopped() {
            self.events.push(Event { question, rule, text });
        }
    }

    /// The question whose analysis runs now.
    pub fn current(&self) -> Option<usize> {
        self.active.last().copied()
    }

    /// How many questions are waiting for their answer.
    pub fn open(&self) -> usize {
        self.questions.iter().filter(|q| q.answer == Answer::Open).count()
    }
}

/// A DASH step of a question's analysis: its rule and, in words, what it did on `flat`. A
/// step across a call is named by how the call was crossed.
pub fn describe(
    flat: &Flat,
    step: &DashStep,
    crossed: Option<CrossedBy>,
) -> (&'static str, String) {
    let names = |v: usize| flat.variable_name(v);
    let edge = |e: usize| {
        let e = &flat.edges[e];
        format!("{} -> {}", flat.locations[e.from].name, flat.locations[e.to].name)
    };
    match step {
        DashStep::Test { edge: e, from, to, added } => {
            let kept = format!("{added} state{} kept", if *added == 1 { "" } else { "s" });
            match crossed {
                Some(CrossedBy::MustSummary(m)) => (
                    "MUST-POST-USESUMMARY",
                    format!(
                        "must summary m{m} carries a state of r{from} across the call {} into \
                         r{to}; {kept}",
                        edge(*e)
                    ),
                ),
                Some(CrossedBy::Answer(q)) => (
                    "MUST-POST",
                    format!(
                        "q{q}'s run carries a state of r{from} across the call {} into r{to}; \
                         {kept}",
                        edge(*e)
                    ),
                ),
                _ => (
                    "MUST-POST",
                    format!("test along {}: a state of r{from} steps into r{to}; {kept}", edge(*e)),
                ),
            }
        }
        DashStep::Refined { edge: e, region, target, predicate, how, halves } => {
            let shown =
                |h: &Option<usize>| h.map_or_else(|| "empty".to_string(), |r| format!("r{r}"));
            let (rule, by) = match how {
                Split::Precondition => ("NOTMAY-PRE", "the precondition".to_string()),
                Split::Interpolant => ("NOTMAY-PRE", "an interpolant".to_string()),
                Split::Summary(n) => {
                    ("NOTMAY-PRE-USESUMMARY", format!("not-may summary n{n}'s entry and its frame"))
                }
            };
            (
                rule,
                format!(
                    "split r{region} along {} by {by} `{}` (inside {}, outside {}); no step from \
                     {} into r{target}",
                    edge(*e),
                    predicate.show(&names),
                    shown(&halves.0),
                    shown(&halves.1),
                    if matches!(how, Split::Summary(_)) { "inside" } else { "outside" }
                ),
            )
        }
        DashStep::Deepened { unrolling, reason } => (
            "DEEPEN",
            format!(
                "{reason}; the analysis starts again with recursion unrolled {unrolling} times"
            ),
        ),
        DashStep::Reached { state } => {
            ("BUGFOUND", format!("state s{state} reaches the target: the answer is yes"))
        }
        DashStep::Finished(v) => match v {
            Verdict::Safe { .. } => {
                ("VERIFIED", "no abstract path to the target is left: the answer is no".into())
            }
            Verdict::Unsafe(_) => ("BUGFOUND", "a test reached a failing check, replayed".into()),
            Verdict::Unknown(why) => ("UNKNOWN", format!("stopped: {why}")),
        },
    }
}

/// One line for what a question asks, over the names of `flat`'s variables.
pub fn question_text(trace: &Trace, number: usize, name: &dyn Fn(ProcId) -> String) -> String {
    let q = &trace.questions[number];
    let names = |v: usize| q.graph.variable_name(v);
    let mut text = String::new();
    match &q.target {
        None => {
            let _ = write!(text, "can a run of {} fail a check?", name(q.procedure));
        }
        Some(Target::Return) => {
            let _ = write!(
                text,
                "can a run of {} from `{}` return into `{}`?",
                name(q.procedure),
                q.pre.show(&names),
                q.post.show(&names)
            );
        }
        Some(Target::Failure(site)) => {
            let _ = write!(
                text,
                "can a run of {} from `{}` fail the check `{}`?",
                name(q.procedure),
                q.pre.show(&names),
                site.what
            );
        }
    }
    text
}

/// Why a run told to stop after a number of rule applications ended.
pub const STOPPED: &str = "stopped after the rule applications asked for";
