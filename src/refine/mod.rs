//! Abstraction refinement over programs: lazy abstraction with interpolants (McMillan, CAV
//! 2006, "IMPACT") on the guarded-command IR, as a machine that advances one step at a time.
//!
//! The procedure is inlined into one graph ([`flat::Flat`]: calls copied in, commands turned
//! into linear integer arithmetic, each `assert` given an error location). The engine unwinds
//! that graph into an abstract reachability tree ([`Art`]): every node is a location with a
//! label (a formula over the program's variables that holds whenever a run reaches the node
//! along the node's path), a parent, and possibly a node that covers it (an earlier node at the
//! same location whose label its label implies, so its future need not be explored). Nodes
//! start labelled `True`. When an error location is reached, the path formula from the root
//! goes to the SMT core: satisfiable gives a counterexample; unsatisfiable gives a sequence
//! interpolant ([`path::interpolate`]) whose formulas strengthen the labels along the path
//! (the error node's becomes `False`), which may undo coverings and allow new ones. When no
//! uncovered node is left to explore, the labels are an invariant.
//!
//! Nothing is reported unchecked: `Safe` only after the disjunction of the labels of the
//! uncovered nodes at each location is confirmed an inductive invariant edge by edge by the
//! SMT core ([`Engine::certify`]); `Unsafe` only after the inputs read off the model are
//! replayed by [`crate::ir::interpret::run`] to the same failed check. Integers are
//! mathematical, as in the IR.
//!
//! The engine is deterministic (nodes are numbered in creation order, the worklist is a stack,
//! candidates for covering are tried in node order), so re-running to step `N` rebuilds the
//! same tree: that is how the workbench can undo. [`Engine::step`] does one expansion, one
//! covering, or one check of an error path with its refinement, and says which.
//!
//! A second abstract domain, predicate abstraction over per-location predicates (BLAST
//! style), lives in [`predicates`]: the same tree, checks, certificate and replay, but labels
//! computed by cartesian abstraction and refinement by adding predicates and re-exploring.
//!
//! A third domain, language-based refinement (Klaedtke, Ratschan and She), runs its own engine
//! in [`language`]: a regular language of (location, region) words instead of a tree, with
//! its own certificate and the same replay.
//!
//! A second engine on the same graph, k-induction strengthened by the same invariants, lives
//! in [`kinduction`]: the same certificate check before `Safe` and the same replay before
//! `Unsafe`.
//!
//! This module names the IR, the SMT core and `syntax`; no front end and nothing of the
//! workbench.

pub mod absint;
pub mod art;
mod certificate;
mod contract;
pub mod endless;
mod error;
pub mod flat;
pub mod formula;
pub mod kinduction;
pub mod language;
pub mod manual;
pub mod parse;
pub mod path;
pub mod predicates;
pub mod simplify;
pub mod summary;
pub mod termination;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rug::Integer;

use crate::hol::Obligation;
use crate::ir::{ProcId, Program};
use crate::smt::SmtStats;
use crate::syntax::Span;
use crate::syntax::clock::{Clock, Stopwatch};
pub use certificate::{check_inductive, check_inductive_except};
pub use contract::{REPLAY_STEPS, Replayed, replay};
pub use error::RefineError;
use flat::{Action, Flat, Summaries};
use formula::Pred;
use path::{PathFormula, Solved};
pub use predicates::Domain;

/// Limits of a run; reaching one gives [`Verdict::Unknown`] and keeps the tree.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// At most this many steps.
    pub max_steps: Option<usize>,
    /// At most this many tree nodes.
    pub max_nodes: Option<usize>,
    /// At most this much time, measured on `clock` from the engine's creation.
    pub time: Option<Duration>,
    /// The clock `time` is measured on: CPU time unless a caller says otherwise, as for every
    /// time limit of craig ([`crate::syntax::clock`]).
    pub clock: Clock,
    /// Set from outside (Ctrl-C) to stop at the next step.
    pub cancel: Option<Arc<AtomicBool>>,
    /// At most this many branch-and-bound splits when the SMT core decides one error path
    /// (`None`: the SMT core's own limit, [`crate::smt::MAX_SPLITS`]). Past it the SMT core
    /// gives up on the path, which is then left unresolved while the search goes on: a
    /// smaller budget trades answers for time, never soundness.
    pub max_splits: Option<u64>,
    /// The limit of the whole answer this run is one of ([`Limits::left_after`]), which the
    /// run names when it ends by time: `time` is then only what the earlier runs left.
    pub answer_time: Option<Duration>,
}

impl Limits {
    /// These limits for a run that follows others in one answer, all of which began when
    /// `started` did: the time left of the limit (whole milliseconds, at least one), the
    /// other limits as they are. A run that ends by time names the whole answer's limit.
    pub fn left_after(&self, started: &Stopwatch) -> Limits {
        Limits {
            time: self.time.map(|t| {
                let left = t.saturating_sub(started.elapsed()).as_millis();
                Duration::from_millis(u64::try_from(left).unwrap_or(u64::MAX).max(1))
            }),
            answer_time: self.answer_time.or(self.time),
            ..self.clone()
        }
    }

    /// What an SMT check of a run that started at `started` may use: the rest of the time
    /// limit and the cancel flag, so that one long check does not outlast the run's limit.
    pub fn deadline(&self, started: &Stopwatch) -> crate::smt::Deadline {
        crate::smt::Deadline::new(self.time.map(|t| (*started, t, self.clock)), self.cancel.clone())
    }

    /// The reason of the `Unknown` a run that started at `started` ends with on `error`: a
    /// check stopped by the time limit or Ctrl-C inside a step is worded as the limit is
    /// between steps.
    pub fn ended_by(&self, error: &RefineError, started: &Stopwatch) -> String {
        match error {
            RefineError::Interrupted => {
                self.time_or_cancel(started).unwrap_or_else(|| error.to_string())
            }
            other => other.to_string(),
        }
    }

    /// The branch-and-bound splits one path check may make ([`Limits::max_splits`]).
    pub fn path_splits(&self) -> u64 {
        self.max_splits.unwrap_or(crate::smt::MAX_SPLITS)
    }
}

impl Limits {
    /// Why a run that has taken `steps` steps, holds `size.1` of what `max_nodes` bounds
    /// (named `size.0`: tree nodes, regions) and started at `started` must end, if it must.
    /// One reading of the limits for every engine that takes them, so each words the end of a
    /// run the same way.
    pub fn reached(
        &self,
        steps: usize,
        size: (&str, usize),
        started: &Stopwatch,
    ) -> Option<String> {
        if let Some(max) = self.max_steps
            && steps >= max
        {
            return Some(format!("the step limit ({max}) was reached"));
        }
        if let Some(max) = self.max_nodes
            && size.1 >= max
        {
            return Some(format!("the {} limit ({max}) was reached", size.0));
        }
        self.time_or_cancel(started)
    }

    /// Why a run that started at `started` must end on its clock or by Ctrl-C, if it must:
    /// the part of [`Limits::reached`] that can also end a run in the middle of a step.
    pub fn time_or_cancel(&self, started: &Stopwatch) -> Option<String> {
        if let Some(t) = self.time
            && started.reached(Some(t))
        {
            return Some(time_limit_reason(self.answer_time.unwrap_or(t), self.clock));
        }
        if let Some(c) = &self.cancel
            && c.load(Ordering::Relaxed)
        {
            return Some("the run was interrupted".into());
        }
        None
    }
}

/// The engine a refinement run uses (`craig cegar --engine`, and `cegar --engine` at the
/// prompt).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// Lazy abstraction with interpolants (or predicate abstraction, by `--domain`).
    #[default]
    Impact,
    /// k-induction on the same graph ([`kinduction`]).
    Kinduction,
    /// k-induction within [`PORTFOLIO_KINDUCTION_STEPS`] path checks and a third of the time
    /// limit, then IMPACT with what is left.
    Portfolio,
}

/// The path checks k-induction gets in the portfolio before IMPACT runs: enough for the
/// properties it proves at a small k, little beside IMPACT's default limit of steps.
pub const PORTFOLIO_KINDUCTION_STEPS: usize = 500;

impl std::str::FromStr for EngineChoice {
    type Err = String;
    fn from_str(text: &str) -> Result<EngineChoice, String> {
        match text {
            "impact" => Ok(EngineChoice::Impact),
            "kinduction" => Ok(EngineChoice::Kinduction),
            "portfolio" => Ok(EngineChoice::Portfolio),
            other => Err(format!("unknown engine `{other}` (impact, kinduction or portfolio)")),
        }
    }
}

impl std::fmt::Display for EngineChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EngineChoice::Impact => "impact",
            EngineChoice::Kinduction => "kinduction",
            EngineChoice::Portfolio => "portfolio",
        })
    }
}

/// The procedure an engine analyses, by name, or a refusal that lists the functions there are.
pub(crate) fn function_named(program: &Program, function: &str) -> Result<ProcId, RefineError> {
    program.find(function).ok_or_else(|| {
        let names: Vec<&str> = program.procedures.iter().map(|p| p.name.as_str()).collect();
        RefineError::Refused(format!("no function `{function}` (functions: {})", names.join(", ")))
    })
}

/// A node of the abstract reachability tree.
#[derive(Clone, Debug)]
pub struct Node {
    /// Its number (creation order).
    pub id: usize,
    /// Its location in the inlined graph.
    pub location: usize,
    /// What holds whenever a run reaches it along its path.
    pub label: Pred,
    /// Its parent (`None` for the root).
    pub parent: Option<usize>,
    /// The graph edge from the parent.
    pub edge: Option<usize>,
    /// Its children, in creation order.
    pub children: Vec<usize>,
    /// The earlier node at the same location that covers it.
    pub covered_by: Option<usize>,
    /// Whether its successors were made.
    pub expanded: bool,
    /// Its distance from the root.
    pub depth: usize,
    /// Cut off by a refinement of the predicates domain: it stays in [`Art::nodes`] so that
    /// numbers stay stable, but it is no longer part of the tree (never shown, counted apart).
    pub dead: bool,
}

/// The abstract reachability tree.
#[derive(Clone, Debug, Default)]
pub struct Art {
    /// The nodes, by number; node 0 is the root.
    pub nodes: Vec<Node>,
}

impl Art {
    /// Whether a node or one of its ancestors is covered.
    pub fn is_covered(&self, mut n: usize) -> bool {
        loop {
            if self.nodes[n].covered_by.is_some() {
                return true;
            }
            match self.nodes[n].parent {
                Some(p) => n = p,
                None => return false,
            }
        }
    }

    /// Whether a node needs no exploration: it or an ancestor is covered, or labelled `False`
    /// (no run reaches it, nor anything below it).
    pub fn is_closed(&self, mut n: usize) -> bool {
        loop {
            let node = &self.nodes[n];
            if node.dead || node.covered_by.is_some() || node.label == Pred::False {
                return true;
            }
            match node.parent {
                Some(p) => n = p,
                None => return false,
            }
        }
    }

    /// Whether `a` is `b` or below it.
    pub fn is_descendant(&self, mut a: usize, b: usize) -> bool {
        loop {
            if a == b {
                return true;
            }
            match self.nodes[a].parent {
                Some(p) => a = p,
                None => return false,
            }
        }
    }

    /// The nodes from the root to `n`.
    pub fn path_to(&self, n: usize) -> Vec<usize> {
        let mut out = vec![n];
        let mut at = n;
        while let Some(p) = self.nodes[at].parent {
            out.push(p);
            at = p;
        }
        out.reverse();
        out
    }

    /// The number of live nodes covered themselves.
    pub fn covered_count(&self) -> usize {
        self.nodes.iter().filter(|n| !n.dead && n.covered_by.is_some()).count()
    }

    /// The number of nodes cut off by refinements (the predicates domain).
    pub fn dead_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.dead).count()
    }
}

/// One refinement: a spurious error path and the interpolants that excluded it.
#[derive(Clone, Debug)]
pub struct Refinement {
    /// The step that made it.
    pub step: usize,
    /// The nodes of the path, root first, the error node last.
    pub path: Vec<usize>,
    /// The path formula, one formula per edge, in SSA form as the user reads it.
    pub formula: Vec<String>,
    /// The interpolant for each node of the path after the root (the last is `False`).
    pub interpolants: Vec<Pred>,
    /// The nodes whose labels it strengthened.
    pub strengthened: Vec<usize>,
    /// The nodes it uncovered (their cover was strengthened).
    pub uncovered: Vec<usize>,
    /// The coverings it made afterwards: (node, covering node).
    pub covered: Vec<(usize, usize)>,
    /// The predicates domain: the predicates it added, per location (ascending), in the order
    /// added. Empty for IMPACT, which strengthens labels instead.
    pub predicates_added: Vec<(usize, Vec<Pred>)>,
    /// The predicates domain: the node whose subtree was cut and which was re-opened.
    pub reopened: Option<usize>,
    /// The predicates domain: the nodes cut off (marked dead), ascending.
    pub cut: Vec<usize>,
    /// A hand refinement: the predicate it made hold at the path's last node.
    pub hand_predicate: Option<Pred>,
    /// The node whose label the interpolants were computed from, when not the root: the labels
    /// up to it were kept (they carry hand predicates), only the path after it was refined.
    pub interpolated_from: Option<usize>,
}

/// A counterexample, replayed.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The input values, in the order the program reads them.
    pub inputs: Vec<Integer>,
    /// What kind of check fails.
    pub check: Obligation,
    /// What it checks.
    pub what: String,
    /// Where it stands.
    pub span: Option<Span>,
    /// The tree nodes of the path, root first.
    pub path: Vec<usize>,
}

impl Counterexample {
    /// The check it fails, in words: see [`failure_text`].
    pub fn failure(&self) -> String {
        failure_text(self.check, &self.what)
    }
}

pub use crate::ir::interpret::failure_text;

/// A checked answer.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// No check can fail: the invariant per location (only locations the tree reached; every
    /// other location's invariant is `False`), confirmed inductive.
    Safe {
        /// (location, invariant), by location.
        invariants: Vec<(usize, Pred)>,
    },
    /// A check fails on these inputs, as the interpreter confirmed.
    Unsafe(Counterexample),
    /// No answer, and why.
    Unknown(String),
}

/// What one step did.
#[derive(Clone, Debug)]
pub enum StepReport {
    /// A node got its successors.
    Expanded {
        /// The node.
        node: usize,
        /// Its new children.
        children: Vec<usize>,
    },
    /// A node was covered by an earlier one.
    Covered {
        /// The node.
        node: usize,
        /// The covering node.
        by: usize,
    },
    /// An error path was infeasible and refined; the index into [`Engine::refinements`].
    Refined(usize),
    /// A hand predicate of a node's location (IMPACT) was found to hold at the node and
    /// strengthened the labels up to it; the index into [`Engine::refinements`]. The node is
    /// covered or expanded by a later step.
    HandPredicate(usize),
    /// An error path feasible on the approximated program whose inputs do not fail the
    /// program's run: the approximation cannot be refined along it, so the path is set aside
    /// and the search goes on for a counterexample that replays; the run can then no longer
    /// end `SAFE`.
    Unconfirmed {
        /// The error node.
        node: usize,
        /// Why the path was not confirmed.
        reason: String,
    },
    /// The SMT core gave up on an error path (deciding it, or interpolating it once refuted):
    /// the path is set aside unresolved and the search goes on, since another path may still
    /// give a counterexample that replays; the run can then no longer end `SAFE`, and ends
    /// `UNKNOWN` naming the path unless a counterexample is found.
    GaveUp {
        /// The error node.
        node: usize,
        /// What the SMT core gave up on, and why.
        reason: String,
    },
    /// An error path feasible on the approximated program ran through a recursive call the
    /// graph had cut and did not replay: the engine started again on a graph with recursion
    /// unrolled `unrolling` times (the steps, refinements, path checks and SMT calls count on;
    /// the tree, the refinements' list and hand predicates start afresh).
    Deepened {
        /// The new unrolling.
        unrolling: usize,
        /// Why the path did not replay.
        reason: String,
    },
    /// An error path feasible on the approximated program ran through a recursive call the
    /// graph had cut and did not replay: summaries of the recursive procedures were inferred
    /// and checked ([`summary`]), and the engine started again on a graph whose cut calls
    /// assume them (the counters count on, as for [`StepReport::Deepened`]).
    Summarised {
        /// The summaries, as the user reads them: (procedure, summary).
        summaries: Vec<(String, String)>,
        /// Why the path did not replay.
        reason: String,
    },
    /// The run ended with this verdict (a counterexample was found, the tree was closed, or a
    /// limit was reached).
    Finished(Verdict),
}

/// The unrolling of recursion a run starts with ([`Flat::unrolling`]).
pub const FIRST_UNROLLING: usize = 1;

/// Recursion is unrolled at most this many times: the unrolling doubles at each deepening, and
/// a procedure that calls itself twice grows the graph exponentially in it.
pub const MAX_UNROLLING: usize = 32;

/// The unrolling after `flat`'s, for an engine whose counterexample ran through one of its cut
/// recursive calls and did not replay: twice as deep, or why not (past [`MAX_UNROLLING`]).
pub fn deeper_unrolling(flat: &Flat) -> Result<usize, String> {
    let unrolling = flat.unrolling.max(1) * 2;
    if unrolling > MAX_UNROLLING {
        return Err(format!(
            "recursion is unrolled at most {MAX_UNROLLING} times, and no procedure summaries \
             are inferred"
        ));
    }
    Ok(unrolling)
}

/// Counters of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Steps taken.
    pub steps: usize,
    /// Refinements made.
    pub refinements: usize,
    /// Tree nodes made (cut ones included: numbers are never reused).
    pub nodes: usize,
    /// Nodes cut off by refinements (the predicates domain).
    pub cut: usize,
    /// Nodes covered (themselves) now.
    pub covered: usize,
    /// Error paths checked.
    pub checks: usize,
    /// SMT calls.
    pub smt_calls: usize,
}

/// The refinement engine on one procedure.
pub struct Engine {
    program: Program,
    procedure: ProcId,
    /// The inlined graph.
    pub flat: Flat,
    /// The tree built so far.
    pub art: Art,
    /// The refinements so far, in order.
    pub refinements: Vec<Refinement>,
    worklist: Vec<usize>,
    /// Why each error path set aside did not replay (see [`StepReport::Unconfirmed`]) or was
    /// given up on by the SMT core ([`StepReport::GaveUp`]).
    unconfirmed: Vec<String>,
    /// Whether the program has been run once on inputs all zero (see the first spurious path
    /// in [`Engine::step`]).
    tried_zero_inputs: bool,
    /// The error nodes set aside: they cover no other node (their check was never concluded,
    /// so a later path to the same check must be checked itself).
    set_aside: BTreeSet<usize>,
    /// Whether nodes start from abstract interpretation's invariants (kept to rebuild the
    /// engine when it unrolls recursion further).
    invariants: bool,
    /// The certificates of the summaries the graph's cut calls assume ([`summary`]), checked
    /// again with the main certificate.
    summary_certificates: Vec<summary::Checked>,
    /// Whether summaries were inferred already (once per run: the candidates do not depend on
    /// the unrolling).
    summaries_tried: bool,
    /// Checking a summary ([`Engine::checking`]): a feasible error path refutes a candidate,
    /// nothing is replayed, nothing deepened.
    checking: bool,
    /// When checking, the error location a feasible path reached.
    refuted: Option<usize>,
    limits: Limits,
    started: Stopwatch,
    counters: Counters,
    verdict: Option<Verdict>,
    stats: SmtStats,
    /// The nodes at each location, ascending.
    by_location: Vec<Vec<usize>>,
    /// Implications already decided.
    implications: BTreeMap<(Pred, Pred), bool>,
    /// The abstract domain.
    domain: Domain,
    /// The predicates domain's precision: the predicates of each location, in the order added.
    precision: Vec<Vec<Pred>>,
    /// Cartesian abstractions already decided: (label before, edge, predicate) gives whether
    /// the post implies the predicate (`Some(true)`), its negation (`Some(false)`) or neither.
    abstractions: BTreeMap<(Pred, usize, Pred), Option<bool>>,
    /// IMPACT's hand predicates per location, in the order given ([`manual`]).
    hints: Vec<Vec<Pred>>,
    /// (node, index of a hand predicate of its location) already tried.
    hints_tried: BTreeSet<(usize, usize)>,
    /// Per location, what is known to hold there before refinement starts (from
    /// [`absint`]): the loop heads' invariants, `False` where no run comes, `True` elsewhere.
    /// Every node starts with its location's, and path formulas carry them.
    seeds: Vec<Pred>,
    /// Whether and how the seeds were found.
    seeding: Seeding,
    /// Per location, everything the analysis found (the seeds are the loop heads' part of
    /// it; `True` everywhere when it did not run). The labels chain only relative to it (a
    /// label after a loop head's entry edge says what the seed said, the label before it
    /// need not), so the certificate is the labels and it together.
    known: Vec<Pred>,
}

/// Whether the engine starts from invariants found by abstract interpretation ([`absint`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seeding {
    /// Not asked for (`--no-invariants`): every node starts at `True`.
    Off,
    /// Asked for, but the analysis did not run, for this reason.
    Skipped(String),
    /// The analysis ran.
    Seeded {
        /// Loop heads given an invariant other than `True`.
        loop_heads: usize,
        /// Locations found unreachable (their nodes start at `False`).
        unreachable: usize,
        /// Why the affine equalities were left out, if they were (the intervals alone).
        without_equalities: Option<String>,
    },
}

impl Seeding {
    /// The line that says it, for the command line and the prompt.
    pub fn describe(&self) -> String {
        match self {
            Seeding::Off => "no invariants from abstract interpretation (--no-invariants)".into(),
            Seeding::Skipped(why) => format!("no invariants from abstract interpretation: {why}"),
            Seeding::Seeded { loop_heads, unreachable, without_equalities } => format!(
                "invariants from abstract interpretation ({}): {} loop head{} seeded, {} \
                 location{} unreachable{}",
                if without_equalities.is_some() {
                    "intervals"
                } else {
                    "intervals, affine equalities"
                },
                loop_heads,
                if *loop_heads == 1 { "" } else { "s" },
                unreachable,
                if *unreachable == 1 { "" } else { "s" },
                match without_equalities {
                    Some(why) => format!("; no affine equalities: {why}"),
                    None => String::new(),
                }
            ),
        }
    }
}

impl Engine {
    /// An IMPACT engine on `function` of `program`, or why the function cannot be analysed
    /// (missing, recursive).
    pub fn new(program: &Program, function: &str, limits: Limits) -> Result<Engine, RefineError> {
        Engine::with_domain(program, function, limits, Domain::Impact)
    }

    /// An engine with the abstract domain `domain` on `function` of `program`, every node
    /// started at `True` as the domain has it (no invariants from [`absint`]), or why the
    /// function cannot be analysed (missing, recursive).
    pub fn with_domain(
        program: &Program,
        function: &str,
        limits: Limits,
        domain: Domain,
    ) -> Result<Engine, RefineError> {
        Engine::configured(program, function, limits, domain, false)
    }

    /// An engine with the abstract domain `domain`, its nodes started from the invariants
    /// abstract interpretation finds when `invariants` says so ([`absint`]), or why the
    /// function cannot be analysed (missing, recursive).
    pub fn configured(
        program: &Program,
        function: &str,
        limits: Limits,
        domain: Domain,
        invariants: bool,
    ) -> Result<Engine, RefineError> {
        if domain == Domain::Language {
            // The language domain is no labelling of this tree: it runs its own engine.
            return Err(RefineError::Refused(
                "the language domain runs its own engine (refine::language::LanguageEngine), \
                 not the abstract reachability tree"
                    .into(),
            ));
        }
        let procedure = function_named(program, function)?;
        let none = Summaries::new();
        Engine::unrolled(program, procedure, limits, domain, invariants, (FIRST_UNROLLING, &none))
    }

    /// An IMPACT engine that checks summary candidates of `procedure` on the graph `flat`
    /// built for that ([`Flat::build_summary_check`]): a feasible path into an error location
    /// ends the run and is kept ([`Engine::refuted`]), with no replay (the graph is no run of
    /// the program from `main`); `Safe` is certified as always.
    pub fn checking(
        program: &Program,
        procedure: ProcId,
        flat: Flat,
        limits: Limits,
        invariants: bool,
    ) -> Engine {
        let mut engine =
            Engine::on_flat(program, procedure, flat, limits, Domain::Impact, invariants);
        engine.checking = true;
        engine
    }

    /// When checking summaries ([`Engine::checking`]), the error location a feasible path
    /// reached.
    pub fn refuted(&self) -> Option<usize> {
        self.refuted
    }

    /// The checked summaries the graph's cut calls assume, as the user reads them:
    /// (procedure, summary), by procedure. A `Safe` verdict rests on them.
    pub fn summaries(&self) -> Vec<(String, String)> {
        self.flat
            .summaries
            .iter()
            .map(|(&p, s)| {
                (self.program.procedure(p).name.clone(), summary::show(&self.program, p, s))
            })
            .collect()
    }

    /// An engine on a graph with recursion unrolled `unrolling` times, `summaries` assumed at
    /// its cut calls.
    fn unrolled(
        program: &Program,
        procedure: ProcId,
        limits: Limits,
        domain: Domain,
        invariants: bool,
        (unrolling, summaries): (usize, &Summaries),
    ) -> Result<Engine, RefineError> {
        let flat = Flat::build_summarised(program, procedure, unrolling, summaries)?;
        Ok(Engine::on_flat(program, procedure, flat, limits, domain, invariants))
    }

    /// An engine on the graph `flat` of `procedure`.
    fn on_flat(
        program: &Program,
        procedure: ProcId,
        flat: Flat,
        limits: Limits,
        domain: Domain,
        invariants: bool,
    ) -> Engine {
        // The time limit counts the invariant analysis too.
        let started = Stopwatch::start(limits.clock);
        let (seeds, known, seeding) = if invariants {
            seeds_of(&flat)
        } else {
            let none = vec![Pred::True; flat.locations.len()];
            (none.clone(), none, Seeding::Off)
        };
        let root = Node {
            id: 0,
            location: 0,
            label: Pred::True,
            parent: None,
            edge: None,
            children: Vec::new(),
            covered_by: None,
            expanded: false,
            depth: 0,
            dead: false,
        };
        let mut by_location = vec![Vec::new(); flat.locations.len()];
        by_location[0].push(0);
        let precision = vec![Vec::new(); flat.locations.len()];
        let hints = vec![Vec::new(); flat.locations.len()];
        Engine {
            summary_certificates: Vec::new(),
            summaries_tried: false,
            checking: false,
            refuted: None,
            domain,
            precision,
            abstractions: BTreeMap::new(),
            hints,
            hints_tried: BTreeSet::new(),
            seeds,
            seeding,
            known,
            by_location,
            implications: BTreeMap::new(),
            program: program.clone(),
            procedure,
            flat,
            art: Art { nodes: vec![root] },
            refinements: Vec::new(),
            worklist: vec![0],
            unconfirmed: Vec::new(),
            tried_zero_inputs: false,
            set_aside: BTreeSet::new(),
            invariants,
            limits,
            started,
            counters: Counters { nodes: 1, ..Counters::default() },
            verdict: None,
            stats: SmtStats::default(),
        }
    }

    /// The counters now.
    pub fn counters(&self) -> Counters {
        let mut c = self.counters.clone();
        c.nodes = self.art.nodes.len();
        c.covered = self.art.covered_count();
        c.cut = self.art.dead_count();
        c
    }

    /// The abstract domain.
    pub fn domain(&self) -> Domain {
        self.domain
    }

    /// Whether and how the nodes were seeded with invariants ([`absint`]).
    pub fn seeding(&self) -> &Seeding {
        &self.seeding
    }

    /// The verdict, once the run has ended.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// The program analysed.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// Steps until the run ends; the verdict.
    pub fn run(&mut self) -> Verdict {
        loop {
            if let StepReport::Finished(v) = self.step() {
                return v;
            }
        }
    }

    /// Ends the run because a time limit measured outside the engine was reached: the
    /// workbench counts only the time its steps take (not the time the user spends at the
    /// prompt), and must end the run at the same step again when it rebuilds the engine, so
    /// it cannot leave the clock to [`Limits::time`]. The verdict is worded as that limit's,
    /// on the clock of [`Limits::clock`] (the one the workbench measures on too).
    pub fn stop_at_time_limit(&mut self, limit: Duration) -> StepReport {
        if let Some(v) = &self.verdict {
            return StepReport::Finished(v.clone());
        }
        self.finish(Verdict::Unknown(time_limit_reason(limit, self.limits.clock)))
    }

    /// Counts this engine's steps on from `steps` taken before it by another engine of the
    /// same run (the portfolio's k-induction at the prompt), so that the run's steps are
    /// numbered once and its step limit bounds both engines' steps together.
    pub fn count_steps_from(&mut self, steps: usize) {
        self.counters.steps = steps;
    }

    fn finish(&mut self, verdict: Verdict) -> StepReport {
        self.verdict = Some(verdict.clone());
        StepReport::Finished(verdict)
    }

    fn limit_reached(&self) -> Option<String> {
        self.limits.reached(self.counters.steps, ("node", self.art.nodes.len()), &self.started)
    }

    fn variables(&self) -> usize {
        self.flat.variables.len()
    }

    /// Whether `a ⇒ b`, remembered: covering asks the same question of many nodes.
    fn implies(&mut self, a: &Pred, b: &Pred) -> Result<bool, RefineError> {
        let key = (a.clone(), b.clone());
        if let Some(&known) = self.implications.get(&key) {
            return Ok(known);
        }
        self.counters.smt_calls += 1;
        // Every use takes `true` as a licence (to cover, to skip a conjunct, to simplify), so a
        // question the SMT core gives up on is answered `false`: never unsound, only weaker.
        let answer = match path::implies(self.variables(), a, b, &mut self.stats) {
            Ok(answer) => answer,
            Err(RefineError::Incomplete(_)) => false,
            Err(e) => return Err(e),
        };
        self.implications.insert(key, answer);
        Ok(answer)
    }

    /// One step: an expansion, a covering, or the check of an error path (with its refinement
    /// when the path is spurious); the end of the run when nothing is left or a limit is hit.
    pub fn step(&mut self) -> StepReport {
        if let Some(v) = &self.verdict {
            return StepReport::Finished(v.clone());
        }
        if let Some(reason) = self.limit_reached() {
            return self.finish(Verdict::Unknown(reason));
        }
        self.counters.steps += 1;
        match self.advance() {
            Ok(report) => report,
            Err(e) => {
                let reason = self.limits.ended_by(&e, &self.started);
                self.finish(Verdict::Unknown(reason))
            }
        }
    }

    fn advance(&mut self) -> Result<StepReport, RefineError> {
        loop {
            let Some(v) = self.worklist.pop() else {
                if let Some(reason) = self.unconfirmed.first() {
                    let verdict = Verdict::Unknown(format!(
                        "{reason}{}",
                        match self.unconfirmed.len() {
                            1 => String::new(),
                            n => format!(" (and {} more such paths)", n - 1),
                        }
                    ));
                    return Ok(self.finish(verdict));
                }
                let verdict = self.certify()?;
                return Ok(self.finish(verdict));
            };
            let node = &self.art.nodes[v];
            if node.expanded || self.art.is_closed(v) {
                // Already expanded, infeasible, or covered since it was pushed.
                continue;
            }
            if self.domain == Domain::Impact
                && let Some(report) = self.try_hand_predicates(v)?
            {
                return Ok(report);
            }
            if let Some(w) = self.find_cover(v)? {
                self.cover(v, w);
                return Ok(StepReport::Covered { node: v, by: w });
            }
            if self.flat.locations[self.art.nodes[v].location].error.is_some() {
                return self.check_error(v);
            }
            return self.expand(v);
        }
    }

    fn expand(&mut self, v: usize) -> Result<StepReport, RefineError> {
        let location = self.art.nodes[v].location;
        let depth = self.art.nodes[v].depth + 1;
        let mut children = Vec::new();
        let outgoing = self.flat.outgoing[location].clone();
        for e in outgoing {
            if self.flat.edges[e].action == Action::Assume(Pred::False) {
                continue;
            }
            // IMPACT starts every node at what is known of its location (`True` mostly);
            // predicate abstraction computes the label.
            let to = self.flat.edges[e].to;
            let label = match self.domain {
                Domain::Impact | Domain::Language => self.seeds[to].clone(),
                Domain::Predicates => {
                    let parent = self.art.nodes[v].label.clone();
                    let post = self.abstract_post(&parent, e)?;
                    Pred::and(vec![post, self.seeds[to].clone()])
                }
            };
            let id = self.art.nodes.len();
            self.art.nodes.push(Node {
                id,
                location: self.flat.edges[e].to,
                label,
                parent: Some(v),
                edge: Some(e),
                children: Vec::new(),
                covered_by: None,
                expanded: false,
                depth,
                dead: false,
            });
            self.by_location[self.flat.edges[e].to].push(id);
            children.push(id);
        }
        self.art.nodes[v].expanded = true;
        self.art.nodes[v].children = children.clone();
        // Depth first, the first edge first.
        self.worklist.extend(children.iter().rev().copied());
        Ok(StepReport::Expanded { node: v, children })
    }

    /// The first earlier, uncovered node at `v`'s location whose label `v`'s label implies.
    /// (A node's own ancestors may cover it, which closes a loop; its descendants, being
    /// later, never do.)
    fn find_cover(&mut self, v: usize) -> Result<Option<usize>, RefineError> {
        let location = self.art.nodes[v].location;
        let label = self.art.nodes[v].label.clone();
        let candidates: Vec<usize> =
            self.by_location[location].iter().copied().take_while(|&w| w < v).collect();
        if candidates.is_empty() {
            return Ok(None);
        }
        let covered = self.covered_flags();
        for w in candidates {
            if covered[w] || self.set_aside.contains(&w) {
                continue;
            }
            let target = self.art.nodes[w].label.clone();
            if self.implies(&label, &target)? {
                return Ok(Some(w));
            }
        }
        Ok(None)
    }

    /// Per node, whether it is closed ([`Art::is_closed`]; parents come before children).
    fn covered_flags(&self) -> Vec<bool> {
        let mut flags = vec![false; self.art.nodes.len()];
        for n in &self.art.nodes {
            flags[n.id] = n.dead
                || n.covered_by.is_some()
                || n.label == Pred::False
                || n.parent.is_some_and(|p| flags[p]);
        }
        flags
    }

    /// Covers `v` by `w`; coverings by nodes below `v` lapse (those nodes are covered now).
    fn cover(&mut self, v: usize, w: usize) {
        self.art.nodes[v].covered_by = Some(w);
        let lapsed: Vec<usize> = (0..self.art.nodes.len())
            .filter(|&x| {
                self.art.nodes[x].covered_by.is_some_and(|y| y != w && self.art.is_descendant(y, v))
            })
            .collect();
        for x in lapsed {
            self.uncover(x);
        }
    }

    /// Removes `x`'s covering and puts the open leaves below it back on the worklist.
    fn uncover(&mut self, x: usize) {
        self.art.nodes[x].covered_by = None;
        let mut stack = vec![x];
        let mut leaves = Vec::new();
        while let Some(n) = stack.pop() {
            if self.art.nodes[n].expanded {
                stack.extend(self.art.nodes[n].children.iter().rev().copied());
            } else {
                leaves.push(n);
            }
        }
        self.worklist.extend(leaves.iter().rev().copied());
    }

    /// Starts again on a graph with recursion unrolled twice as deep, after an error path ran
    /// through a cut recursive call and did not replay for `reason`; the first time, it tries
    /// summaries instead ([`Engine::summarise`]).
    /// The report of the deepening, or why the engine cannot unroll further (the path is then
    /// set aside as any other).
    fn deepen(&mut self, reason: &str) -> Result<StepReport, String> {
        if !self.summaries_tried {
            self.summaries_tried = true;
            if let Some(report) = self.summarise(reason) {
                return Ok(report);
            }
        }
        let unrolling = deeper_unrolling(&self.flat)?;
        let summaries = self.flat.summaries.clone();
        let mut deeper = Engine::unrolled(
            &self.program,
            self.procedure,
            self.limits.clone(),
            self.domain,
            self.invariants,
            (unrolling, &summaries),
        )
        .map_err(|e| format!("unrolling recursion {unrolling} times: {e}"))?;
        deeper.summary_certificates = std::mem::take(&mut self.summary_certificates);
        self.restart_as(deeper);
        Ok(StepReport::Deepened { unrolling, reason: reason.to_string() })
    }

    /// Infers and checks summaries of the recursive procedures ([`summary::infer`]) and starts
    /// again, at the same unrolling, on the graph whose cut calls assume them; `None` when no
    /// summary was found (or the inference failed: then none is used).
    fn summarise(&mut self, reason: &str) -> Option<StepReport> {
        // The checks share what is left of the run's time.
        let time = self.limits.time.map(|t| self.started.remaining(t));
        let limits = Limits { max_steps: None, max_nodes: None, time, ..self.limits.clone() };
        let inferred =
            summary::infer(&self.program, self.procedure, &limits, self.invariants).ok()?;
        self.counters.smt_calls += inferred.smt_calls;
        if inferred.summaries.is_empty() {
            return None;
        }
        let mut next = Engine::unrolled(
            &self.program,
            self.procedure,
            self.limits.clone(),
            self.domain,
            self.invariants,
            (self.flat.unrolling, &inferred.summaries),
        )
        .ok()?;
        next.summary_certificates = inferred.certificates;
        next.summaries_tried = true;
        self.restart_as(next);
        Some(StepReport::Summarised { summaries: self.summaries(), reason: reason.to_string() })
    }

    /// Becomes `next`, a fresh engine on another graph of the same procedure, counting on.
    fn restart_as(&mut self, mut next: Engine) {
        next.started = self.started;
        next.summaries_tried = self.summaries_tried;
        next.counters.steps = self.counters.steps;
        next.counters.refinements = self.counters.refinements;
        next.counters.checks = self.counters.checks;
        next.counters.smt_calls = self.counters.smt_calls;
        *self = next;
    }

    fn path_edges(&self, nodes: &[usize]) -> Vec<usize> {
        nodes.iter().skip(1).filter_map(|&n| self.art.nodes[n].edge).collect()
    }

    /// The formula of the path through `nodes` (each the child of the one before), with the
    /// seed of each node's location after the first conjoined to the edge into it: the seeds
    /// hold on every run, so the formula keeps the same runs, and a path that only the seeds
    /// rule out is refuted (and interpolated) as infeasible.
    fn encode_path(&self, nodes: &[usize]) -> PathFormula {
        let edges = self.path_edges(nodes);
        let mut formula = PathFormula::encode(&self.flat, &edges);
        for (k, &n) in nodes.iter().enumerate().skip(1) {
            let seed = &self.seeds[self.art.nodes[n].location];
            if *seed != Pred::True {
                let now = &formula.current[k];
                let known = seed.rename(&|v| now[v]);
                formula.parts[k - 1] = Pred::and(vec![formula.parts[k - 1].clone(), known]);
            }
        }
        formula
    }

    fn check_error(&mut self, v: usize) -> Result<StepReport, RefineError> {
        self.counters.checks += 1;
        let nodes = self.art.path_to(v);
        let formula = self.encode_path(&nodes);
        self.counters.smt_calls += 1;
        let splits = self.limits.path_splits();
        let deadline = self.limits.deadline(&self.started);
        let variables = formula.ssa.len();
        let solved =
            match path::solve_within(variables, &formula.parts, &mut self.stats, splits, &deadline)
            {
                Ok(solved) => solved,
                Err(e) => return self.give_up(v, "deciding", e),
            };
        match solved {
            Solved::Sat(_) if self.checking => {
                self.refuted = Some(self.art.nodes[v].location);
                Ok(self.finish(Verdict::Unknown("a summary candidate fails".into())))
            }
            Solved::Sat(values) => {
                let inputs: Vec<Integer> = formula
                    .inputs
                    .iter()
                    .map(|s| s.map_or_else(Integer::new, |s| values[s].clone()))
                    .collect();
                let through_cut = self.flat.passes_cut(&self.path_edges(&nodes));
                match self.replay(v, nodes, inputs) {
                    Replayed::Verdict(verdict) => Ok(self.finish(verdict)),
                    Replayed::Unconfirmed(reason) => {
                        let reason = match through_cut.then(|| self.deepen(&reason)) {
                            Some(Ok(deepened)) => return Ok(deepened),
                            Some(Err(why)) => format!("{reason} ({why})"),
                            None => reason,
                        };
                        // Never checked again: the node counts as expanded, with no successors.
                        self.art.nodes[v].expanded = true;
                        self.set_aside.insert(v);
                        self.unconfirmed.push(reason.clone());
                        Ok(StepReport::Unconfirmed { node: v, reason })
                    }
                }
            }
            Solved::Unsat(_) if !self.tried_zero_inputs && !self.checking => {
                // Once per run, at the first spurious path, the program is run on inputs all
                // zero: a check that fails there is a counterexample the refinement might take
                // many unrollings to reach (a bug deep in a loop over memory, say). One
                // bounded run of the interpreter, deterministic; otherwise refine as always.
                self.tried_zero_inputs = true;
                let zeros = vec![Integer::new(); formula.inputs.len()];
                if let Replayed::Verdict(verdict @ Verdict::Unsafe(_)) =
                    self.replay(v, nodes.clone(), zeros)
                {
                    return Ok(self.finish(verdict));
                }
                self.refine_spurious(v, nodes, formula)
            }
            Solved::Unsat(_) => self.refine_spurious(v, nodes, formula),
        }
    }

    /// Refines the spurious error path to node `v`.
    fn refine_spurious(
        &mut self,
        v: usize,
        nodes: Vec<usize>,
        formula: PathFormula,
    ) -> Result<StepReport, RefineError> {
        let below = match self.domain {
            Domain::Impact | Domain::Language => {
                self.interpolants_below_known_invariants(&nodes)?
            }
            Domain::Predicates => None,
        };
        if let Some((from, interpolants)) = below {
            let index = self.refine(nodes, &formula, interpolants)?;
            self.refinements[index].interpolated_from = Some(from);
            return Ok(StepReport::Refined(index));
        }
        self.counters.smt_calls += 1;
        let deadline = self.limits.deadline(&self.started);
        let interpolants = match path::interpolate(&self.flat, &formula, &mut self.stats, &deadline)
        {
            Ok(interpolants) => interpolants,
            Err(e) => return self.give_up(v, "interpolating (it is infeasible)", e),
        };
        let index = match self.domain {
            Domain::Impact | Domain::Language => self.refine(nodes, &formula, interpolants)?,
            Domain::Predicates => self.refine_predicates(nodes, &formula, interpolants)?,
        };
        Ok(StepReport::Refined(index))
    }

    /// Sets aside the error path to node `v` when the SMT core gave up on it (`doing` it):
    /// nothing is learned from it, so it stays unresolved, the run goes on (another path may
    /// still give a counterexample that replays) and can no longer end `SAFE` (see
    /// [`Engine::advance`]). Only the SMT core's giving up is set aside: a failure that is a
    /// bug in craig still ends the run, and so does any failure while a summary candidate is
    /// checked (the candidate is then not confirmed).
    fn give_up(
        &mut self,
        v: usize,
        doing: &str,
        error: RefineError,
    ) -> Result<StepReport, RefineError> {
        let why = match error {
            RefineError::Incomplete(why) | RefineError::Unsupported(why) if !self.checking => why,
            other => return Err(other),
        };
        let location = &self.flat.locations[self.art.nodes[v].location];
        let reason = format!(
            "the SMT core gave up {doing} the error path to n{v} ({}): {why}",
            location.name
        );
        // Never checked again: the node counts as expanded, with no successors.
        self.art.nodes[v].expanded = true;
        self.set_aside.insert(v);
        self.unconfirmed.push(reason.clone());
        Ok(StepReport::GaveUp { node: v, reason })
    }

    /// Runs the program on the inputs of the path to node `v`, an error node ([`replay`]).
    fn replay(&self, v: usize, path: Vec<usize>, inputs: Vec<Integer>) -> Replayed {
        let error = self.art.nodes[v].location;
        replay(&self.program, self.procedure, &self.flat, error, inputs, path)
    }

    fn refine(
        &mut self,
        nodes: Vec<usize>,
        formula: &PathFormula,
        interpolants: Vec<Pred>,
    ) -> Result<usize, RefineError> {
        self.counters.refinements += 1;
        let mut strengthened = Vec::new();
        let mut uncovered = Vec::new();
        for (k, interpolant) in interpolants.iter().enumerate() {
            let n = nodes[k + 1];
            let label = self.art.nodes[n].label.clone();
            if self.implies(&label, interpolant)? {
                continue;
            }
            self.art.nodes[n].label = Pred::and(vec![label, interpolant.clone()]);
            strengthened.push(n);
            // Nodes covered by `n` may no longer be: its label is stronger now. A label that
            // became `False` closes `n`'s whole subtree without its nodes being expanded or
            // checked, so coverings by any node below `n` lapse too (a covered error node's
            // check was left to its cover, which will now never make it).
            let closed = self.art.nodes[n].label == Pred::False;
            let covered: Vec<usize> = (0..self.art.nodes.len())
                .filter(|&x| {
                    self.art.nodes[x].covered_by.is_some_and(|w| {
                        w == n
                            || (closed
                                && self.art.is_descendant(w, n)
                                && !self.art.is_descendant(x, n))
                    })
                })
                .collect();
            for x in covered {
                self.uncover(x);
                uncovered.push(x);
            }
        }
        // Strengthened nodes may now be covered, closing whole subtrees (root side first).
        let mut covered = Vec::new();
        for &n in &strengthened {
            if self.art.is_closed(n) {
                continue;
            }
            if let Some(w) = self.find_cover(n)? {
                self.cover(n, w);
                covered.push((n, w));
            }
        }
        let names = |s: usize| formula.ssa_name(&self.flat, s);
        let printed: Vec<String> = formula.parts.iter().map(|p| p.show(&names)).collect();
        self.refinements.push(Refinement {
            step: self.counters.steps,
            path: nodes,
            formula: printed,
            interpolants,
            strengthened,
            uncovered,
            covered,
            predicates_added: Vec::new(),
            reopened: None,
            cut: Vec::new(),
            hand_predicate: None,
            interpolated_from: None,
        });
        Ok(self.refinements.len() - 1)
    }

    /// The invariant candidate per location: the disjunction of the labels of the nodes there
    /// that are not closed (`False` where the tree never came), with what abstract
    /// interpretation found there (the labels chain only relative to it).
    pub fn invariants(&self) -> Vec<Pred> {
        let mut labels: Vec<Vec<Pred>> = vec![Vec::new(); self.flat.locations.len()];
        let closed = self.covered_flags();
        for n in &self.art.nodes {
            if !closed[n.id] {
                labels[n.location].push(n.label.clone());
            }
        }
        labels
            .into_iter()
            .zip(&self.known)
            .map(|(ls, known)| Pred::and(vec![Pred::or(ls), known.clone()]))
            .collect()
    }

    /// Confirms the invariants (the labels, with what abstract interpretation found) inductive:
    /// `True` at the start implies the start's invariant, every edge leads from its source's
    /// invariant into its target's, and no error edge can be taken from its source's invariant. `Safe` with the invariants, or `Unknown` naming
    /// the first edge that fails (which would be an internal error).
    ///
    /// The invariants are simplified first ([`simplify`]: every step checked equivalent by the
    /// SMT core), and the simplified ones are what is checked and reported.
    pub fn certify(&mut self) -> Result<Verdict, RefineError> {
        let mut invariants = self.invariants();
        for invariant in &mut invariants {
            *invariant = self.simplify_invariant(invariant)?;
        }
        if let Some(failure) = self.check_certificate(&invariants)? {
            return Ok(Verdict::Unknown(format!("internal error: {failure}")));
        }
        // The graph over-approximates the program only if the summaries it assumes hold (a
        // summary's own check assumes them at its nested calls, by induction: its certificate
        // is checked by the engine that assumes the summary).
        if !self.checking
            && let Some(failure) = summary::recheck(
                &self.flat.summaries,
                &self.summary_certificates,
                &mut self.stats,
                &mut self.counters.smt_calls,
            )?
        {
            return Ok(Verdict::Unknown(format!("internal error: {failure}")));
        }
        let reached: Vec<(usize, Pred)> = invariants
            .into_iter()
            .enumerate()
            .filter(|(l, p)| *p != Pred::False && self.flat.locations[*l].error.is_none())
            .collect();
        Ok(Verdict::Safe { invariants: reached })
    }

    /// Checks a candidate invariant per location (indexed like [`Flat::locations`]) as an
    /// inductive certificate of safety by one SMT check per edge: `None` when it is one, else
    /// which condition fails.
    pub fn check_certificate(
        &mut self,
        invariants: &[Pred],
    ) -> Result<Option<String>, RefineError> {
        certificate::check_inductive(
            &self.flat,
            invariants,
            &mut self.stats,
            &mut self.counters.smt_calls,
        )
    }
}

/// The seeds of a graph's locations: the invariants [`absint`] finds at the loop heads, and
/// `False` where it finds no run comes; `True` elsewhere (a label there would only repeat what
/// the path from the loop head says). Then everything it found, per location.
fn seeds_of(flat: &Flat) -> (Vec<Pred>, Vec<Pred>, Seeding) {
    let mut seeds = vec![Pred::True; flat.locations.len()];
    let found = match absint::analyse(flat) {
        Ok(found) => found,
        Err(absint::Skipped(why)) => return (seeds.clone(), seeds, Seeding::Skipped(why)),
    };
    let mut loop_heads = 0;
    for &l in &found.loop_heads {
        if found.at[l] != Pred::True && found.at[l] != Pred::False {
            seeds[l] = found.at[l].clone();
            loop_heads += 1;
        }
    }
    let mut unreachable = 0;
    // The start is reached whatever the analysis says.
    for (l, at) in found.at.iter().enumerate().skip(1) {
        if *at == Pred::False {
            seeds[l] = Pred::False;
            unreachable += 1;
        }
    }
    let mut known = found.at;
    known[0] = Pred::True;
    let without_equalities = found.without_equalities;
    (seeds, known, Seeding::Seeded { loop_heads, unreachable, without_equalities })
}

/// Why a run that reached its time limit ended.
fn time_limit_reason(limit: Duration, clock: Clock) -> String {
    format!("the time limit ({} s of {}) was reached", limit.as_secs_f64(), clock.describe())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_that_follows_others_names_the_whole_answers_time_limit() {
        let whole = Duration::from_nanos(1);
        let limits = Limits { time: Some(whole), clock: Clock::Wall, ..Limits::default() };
        let started = Stopwatch::start(Clock::Wall);
        while !started.reached(Some(whole)) {}
        // The earlier runs spent it all: the next gets the least there is, a millisecond...
        let next = limits.left_after(&started);
        assert_eq!(next.time, Some(Duration::from_millis(1)));
        let its_start = Stopwatch::start(Clock::Wall);
        while !its_start.reached(next.time) {}
        // ...and, when that is spent too, names the limit the user gave.
        let reason = next.time_or_cancel(&its_start).unwrap();
        assert_eq!(reason, "the time limit (0.000000001 s of wall-clock time) was reached");
        // A third run still names it.
        assert_eq!(next.left_after(&its_start).answer_time, Some(whole));
    }
}
