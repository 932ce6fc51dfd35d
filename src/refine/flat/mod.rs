//! The graph the refinement engine unwinds: one procedure of an IR program with every call
//! inlined (C functions have no contracts to summarise them by), its commands translated into
//! linear integer arithmetic over the program's integer variables, and every `assert` split
//! into the edge that passes and an edge into an error location of its own.
//!
//! A quotient or remainder by a non-zero constant (C's machine integers wrap and extract bits
//! with them) is exact: before the edge that uses it, two fresh variables `q`, `r` are given
//! arbitrary values and then bound by `a = k·q + r` and the range of `r` (whose sign is the
//! dividend's, as the IR truncates), which determines them.
//!
//! An array's elements are tracked by cells, pairs of integer variables for an index and the
//! element there, one per place the program stores into the array ([`arrays`]): C's memory
//! (`$memory`, and the objects' `$state` and `$size`) reaches the engines as linear integer
//! arithmetic over them. A read, like a quotient, is a fresh variable bound before the edge
//! that uses it.
//!
//! The translation never under-approximates: what it cannot express exactly (a non-linear
//! right-hand side, an element no cell holds, a call to a function without a body) becomes an
//! assignment of an arbitrary value, or a condition dropped, and is recorded
//! in [`Flat::approximations`]. A proof over the approximation is therefore a proof of the
//! program; a counterexample over it is reported only after the interpreter has replayed it.
//! Recursion is unrolled: a procedure already active is inlined again with fresh copies of its
//! variables (its own frame), at most [`Flat::unrolling`] times nested; a call nested deeper
//! is cut: its results and every global become arbitrary and every check the callee (or
//! anything it calls) makes may fail there. The cut over-approximates like any other, and its
//! edges are listed in [`Flat::cuts`], so an engine whose counterexample runs through one
//! can unroll further instead of giving up.
//!
//! A cut call of a procedure that has a checked summary ([`Summaries`], inferred and checked
//! by `refine::summary`) keeps more: its parameters get the arguments in a frame of their own,
//! its results and every global become arbitrary, and then the summary is assumed of the
//! arguments and results. The graph a summary is checked on ([`Flat::build_summary_check`])
//! is one procedure's body with arbitrary globals, every nested call of a procedure already
//! active cut (with the summaries), and the candidates as checks at its exit.

mod arrays;

use super::RefineError;
use std::collections::{BTreeMap, BTreeSet};

use rug::Integer;

use super::formula::{Linear, Pred};
use crate::hol::{ConstId, Obligation, Prim, Term, TermId, TyNode};
use crate::ir::{Command, Loc, ProcId, Program};
use crate::syntax::Span;

/// An integer program variable the engine tracks.
#[derive(Clone, Debug)]
pub struct FlatVariable {
    /// Its constant in the program; `None` for a quotient or remainder by a constant that the
    /// translation introduces (see [`Builder::divisions`]).
    pub constant: Option<ConstId>,
    /// The name shown (qualified by its function when two functions use the same name).
    pub name: String,
    /// A global (zero when `main` starts), rather than a local, parameter or result.
    pub global: bool,
    /// A value bound on edges just before the one edge that reads it (a quotient, a
    /// remainder, an array element read, a cell's new value): what holds of it anywhere else
    /// says nothing of the program.
    pub scratch: bool,
}

/// The failure an error location stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorSite {
    /// What kind of check fails.
    pub check: Obligation,
    /// What it checks, in the program's words.
    pub what: String,
    /// Where the check stands.
    pub span: Option<Span>,
}

impl ErrorSite {
    /// A location an analysis asks about that stands for no check of the program: the target
    /// of a question about a callee, say.
    pub fn target(what: String) -> ErrorSite {
        ErrorSite { check: Obligation::ErrorUnreachable, what, span: None }
    }
}

/// A location of the inlined graph.
#[derive(Clone, Debug)]
pub struct FlatLocation {
    /// `main:l3`, `steps#2:l5` (the second inlined call of `steps`), `init`, `error#4`.
    pub name: String,
    /// The source position it stands for.
    pub span: Option<Span>,
    /// For an error location, the check that fails there.
    pub error: Option<ErrorSite>,
    /// The head of a loop in the source.
    pub loop_head: bool,
}

/// What an edge of the inlined graph does, over variable indices of [`Flat::variables`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Continue only if the formula holds.
    Assume(Pred),
    /// Parallel assignment; `None` assigns an arbitrary value.
    Assign(Vec<(usize, Option<Linear>)>),
    /// Fresh values from the program's inputs (`__VERIFIER_nondet_*`), in order; `None` for
    /// an input that goes to a variable the engine does not track.
    Input(Vec<Option<usize>>),
}

/// An edge of the inlined graph.
#[derive(Clone, Debug)]
pub struct FlatEdge {
    /// Where it starts.
    pub from: usize,
    /// Where it leads.
    pub to: usize,
    /// What it does.
    pub action: Action,
    /// The source it comes from.
    pub span: Option<Span>,
}

/// The inlined, translated graph of one procedure.
#[derive(Clone, Debug)]
pub struct Flat {
    /// The tracked variables.
    pub variables: Vec<FlatVariable>,
    /// The locations; 0 is the start, before the globals are zeroed.
    pub locations: Vec<FlatLocation>,
    /// The edges, in the order of the IR's edges (so the unwinding order follows the source).
    pub edges: Vec<FlatEdge>,
    /// What was over-approximated, and where.
    pub approximations: Vec<(Option<Span>, String)>,
    /// The outgoing edges of each location, in order.
    pub outgoing: Vec<Vec<usize>>,
    /// How many times a recursive procedure is inlined again inside itself.
    pub unrolling: usize,
    /// The edges standing for recursive calls nested deeper than that (ascending).
    pub cuts: Vec<usize>,
    /// The summaries assumed at cut calls (see [`Summaries`]); empty when none is.
    pub summaries: Summaries,
}

/// Checked summaries of recursive procedures, by procedure: a formula that holds between the
/// entry values of the procedure's parameters and its results whenever a run of it returns.
/// Its variables are positions in the procedure's signature: `i` stands for the `i`th
/// parameter's value on entry (`0..params.len()`), `params.len() + j` for the `j`th result
/// when it returns. Only integer parameters and results are named (the others are not
/// tracked). Globals are not named: at a cut call they stay arbitrary.
pub type Summaries = BTreeMap<ProcId, Pred>;

/// The graph a summary candidate set is checked on ([`Flat::build_summary_check`]).
#[derive(Clone, Debug)]
pub struct SummaryCheck {
    /// The graph: the body, with the candidates' checks at its exit.
    pub flat: Flat,
    /// The error location of each candidate, in the order given.
    pub goals: Vec<usize>,
}

/// At most this many locations after inlining.
const MAX_LOCATIONS: usize = 200_000;

/// A value under a guard (`None`: an arbitrary value).
type GuardedValue = (Pred, Option<Linear>);

/// A parallel assignment (`None`: an arbitrary value).
type Assignment = Vec<(usize, Option<Linear>)>;

/// At most this many guarded cases for one conditional value.
const MAX_VALUE_CASES: usize = 16;

impl Flat {
    /// Inlines `procedure` of `program`, recursion unrolled `unrolling` times (see the
    /// module's page), or says why it cannot (no body, too big).
    pub fn build(
        program: &Program,
        procedure: ProcId,
        unrolling: usize,
    ) -> Result<Flat, RefineError> {
        Flat::build_summarised(program, procedure, unrolling, &Summaries::new())
    }

    /// [`Flat::build`], every cut call of a procedure with a summary in `summaries` replaced
    /// by that summary (see the module's page). The summaries must have been checked: the
    /// graph over-approximates the program only if they hold.
    pub fn build_summarised(
        program: &Program,
        procedure: ProcId,
        unrolling: usize,
        summaries: &Summaries,
    ) -> Result<Flat, RefineError> {
        Ok(Builder::root(program, procedure, unrolling, None, summaries)?.0)
    }

    /// The graph on which the summary `candidates` of `procedure` (over its signature, as in
    /// [`Summaries`]) are checked, assuming `summaries` at every cut call: from arbitrary
    /// globals and parameters (the parameters' entry values kept in variables of their own),
    /// the body with every call of a procedure already active cut, then at the exit one error
    /// location per candidate, reached when it fails. A run that fails a check of the body
    /// stops there (the summaries speak of runs that return; the checks stay the caller's, at
    /// the cut), so the body's checks lead nowhere here. When no error location is reachable,
    /// every candidate holds of every returning run of `procedure` whose nested cut calls
    /// satisfy `summaries`.
    pub fn build_summary_check(
        program: &Program,
        procedure: ProcId,
        summaries: &Summaries,
        candidates: &[Pred],
    ) -> Result<SummaryCheck, RefineError> {
        Builder::summary_check(program, procedure, summaries, candidates)
    }

    /// The graph of `procedure` with every call it makes, directly or not, left opaque (see
    /// [`CallSite`]) and each callee's body built once beside it, for an analysis that answers
    /// questions about a callee separately from its callers. The variables are one table for
    /// every body, so a region of a caller reads the same in its callee's body, where the
    /// caller's locals keep their values. That needs a procedure never to be active twice:
    /// a recursive program is refused.
    pub fn build_compositional(
        program: &Program,
        procedure: ProcId,
    ) -> Result<(Flat, Procedures), RefineError> {
        for p in reachable_procedures(program, procedure) {
            if program.procedure(p).body.is_some() && calls_itself(program, p) {
                return Err(RefineError::Unsupported(format!(
                    "`{}` is recursive: the compositional analysis needs a procedure never to \
                     be active twice",
                    program.procedure(p).name
                )));
            }
        }
        let none = Summaries::new();
        let (flat, procedures) =
            Builder::root(program, procedure, 0, Some(OpaqueCalls::default()), &none)?;
        let procedures = procedures
            .ok_or_else(|| RefineError::Internal("the opaque calls were not kept".into()))?;
        Ok((flat, procedures))
    }

    /// Whether the path through `edges` passes a cut recursive call.
    pub fn passes_cut(&self, edges: &[usize]) -> bool {
        edges.iter().any(|e| self.cuts.binary_search(e).is_ok())
    }

    /// The name of a variable index.
    pub fn variable_name(&self, v: usize) -> String {
        self.variables.get(v).map_or_else(|| format!("v{v}"), |x| x.name.clone())
    }
}

/// A value an edge reads that is not a variable: bound on edges before it.
enum Auxiliary {
    /// The quotient and remainder of a term by a non-zero constant.
    Division(TermId, Integer),
    /// An array's element.
    Read(TermId),
}

/// The variables a nested activation replaced (see [`Builder::enter_frame`]).
struct Frame {
    variables: Vec<(ConstId, usize)>,
    cells: Vec<(ConstId, Vec<arrays::Cell>)>,
}

struct Builder<'p> {
    program: &'p Program,
    flat: Flat,
    index: BTreeMap<ConstId, usize>,
    /// The quotient and remainder variables of each division of a term by a constant.
    quotients: BTreeMap<(TermId, Integer), (usize, usize)>,
    /// The variable of each read of an array element.
    reads: BTreeMap<TermId, usize>,
    /// The reads whose variables hold their values on the edge being built (bound by
    /// [`Builder::auxiliaries`] just before it); any other read is not translated.
    active_reads: BTreeSet<TermId>,
    /// The same of the divisions (a quotient's variable holds the value of the last edge that
    /// bound it, which need not be this one).
    active_divisions: BTreeSet<(TermId, Integer)>,
    /// The tracked arrays: name and whether global.
    arrays: BTreeMap<ConstId, (String, bool)>,
    /// The cells of each tracked array (those of the current activation).
    cells: BTreeMap<ConstId, Vec<arrays::Cell>>,
    /// The cell each store moves.
    anchors: BTreeMap<arrays::Site, usize>,
    /// The variable carrying each cell value's new value.
    temporaries: BTreeMap<usize, usize>,
    /// How many times each procedure was inlined, to name the copies.
    inlined: BTreeMap<ProcId, usize>,
    /// The procedures being inlined, innermost last.
    stack: Vec<ProcId>,
    /// When the graph is built for compositional analysis: the calls left opaque so far, and
    /// the callees whose bodies are still to be built.
    opaque: Option<OpaqueCalls>,
    /// The summaries assumed at cut calls.
    summaries: &'p Summaries,
    /// Whether a failing check stops the run instead of leading to an error location (the
    /// graph a summary is checked on: see [`Flat::build_summary_check`]).
    partial: bool,
}

/// What [`Flat::build_compositional`] gathers while it builds.
#[derive(Default)]
struct OpaqueCalls {
    calls: Vec<CallSite>,
    pending: Vec<ProcId>,
}

/// A call left opaque in a graph built by [`Flat::build_compositional`]: the arguments are
/// assigned to the callee's parameters on an edge into `enter`, the `edge` from `enter` to
/// `returned` stands for the callee's whole run (as an action it assigns arbitrary values to
/// everything the callee may change, which over-approximates the run), each edge of
/// `failures` from `enter` into an error location stands for a check in the callee (or
/// anything it calls) failing during the run, and an edge from `returned` gives the receivers
/// the callee's results.
#[derive(Clone, Debug)]
pub struct CallSite {
    /// The opaque edge.
    pub edge: usize,
    /// The called procedure.
    pub callee: ProcId,
    /// The edges into error locations, one per check the run may fail.
    pub failures: Vec<usize>,
}

/// A procedure's body in a graph built by [`Flat::build_compositional`].
#[derive(Clone, Debug)]
pub struct Body {
    /// Where the body starts (the parameters hold the arguments there).
    pub entry: usize,
    /// Where it ends.
    pub exit: usize,
    /// The locations of the body (its own error locations included), ascending.
    pub locations: Vec<usize>,
    /// The variables of the procedure itself (parameters, locals, results).
    pub own: Vec<usize>,
    /// Its parameters (those the graph tracks).
    pub params: Vec<usize>,
    /// Every variable a run of it may change: the globals, its own variables and those of
    /// every procedure it calls.
    pub changes: Vec<usize>,
}

/// The graph of a program for compositional analysis: every procedure's body once, calls
/// opaque (see [`CallSite`]).
#[derive(Clone, Debug)]
pub struct Procedures {
    /// The bodies, by procedure.
    pub bodies: BTreeMap<ProcId, Body>,
    /// Every opaque call, in the order built.
    pub calls: Vec<CallSite>,
}

impl Procedures {
    /// The opaque call whose run `edge` stands for, if any.
    pub fn call_of(&self, edge: usize) -> Option<&CallSite> {
        self.calls.iter().find(|c| c.edge == edge)
    }

    /// The opaque call one of whose failures `edge` is, with the failure's position.
    pub fn failure_of(&self, edge: usize) -> Option<&CallSite> {
        self.calls.iter().find(|c| c.failures.contains(&edge))
    }
}

impl<'p> Builder<'p> {
    /// Builds the graph of `procedure`: the start, the globals zeroed, the parameters read,
    /// the body (calls inlined, or opaque with the callees' bodies beside it when `opaque` is
    /// given), the contract's conditions.
    fn root(
        program: &'p Program,
        procedure: ProcId,
        unrolling: usize,
        opaque: Option<OpaqueCalls>,
        summaries: &'p Summaries,
    ) -> Result<(Flat, Option<Procedures>), RefineError> {
        let mut builder = Builder::new(program, unrolling, opaque, summaries);
        builder.variables(procedure);
        let start = builder.location("init".into(), None);
        let proc = program.procedure(procedure);
        let first = builder.location(format!("{}:entry", proc.name), Some(proc.span));
        // The globals start at zero (C's static initialisation, as the interpreter reads them);
        // the locals and the arrays' cells start with arbitrary values; the parameters are the
        // first inputs.
        let mut init = Vec::new();
        for (i, v) in builder.flat.variables.iter().enumerate() {
            let zero = v.global && v.constant.is_some();
            init.push((i, if zero { Some(Linear::default()) } else { None }));
        }
        builder.edge(start, first, Action::Assign(init), Some(proc.span));
        let params: Vec<Option<usize>> =
            proc.params.iter().map(|p| builder.index.get(p).copied()).collect();
        let (entry, exit) = builder.inline(procedure)?;
        // A Java method's contract: its precondition is assumed where its body starts, and
        // its postcondition checked where it ends (C functions have neither).
        let body = builder.assume_preconditions(procedure, entry);
        builder.edge(first, body, Action::Input(params), Some(proc.span));
        builder.check_postconditions(procedure, exit);
        let procedures = builder.callee_bodies(procedure, (entry, exit))?;
        Ok((builder.finish(), procedures))
    }

    fn new(
        program: &'p Program,
        unrolling: usize,
        opaque: Option<OpaqueCalls>,
        summaries: &'p Summaries,
    ) -> Builder<'p> {
        Builder {
            program,
            flat: Flat {
                variables: Vec::new(),
                locations: Vec::new(),
                edges: Vec::new(),
                approximations: Vec::new(),
                outgoing: Vec::new(),
                unrolling,
                cuts: Vec::new(),
                summaries: summaries.clone(),
            },
            index: BTreeMap::new(),
            quotients: BTreeMap::new(),
            reads: BTreeMap::new(),
            active_reads: BTreeSet::new(),
            active_divisions: BTreeSet::new(),
            arrays: BTreeMap::new(),
            cells: BTreeMap::new(),
            anchors: BTreeMap::new(),
            temporaries: BTreeMap::new(),
            inlined: BTreeMap::new(),
            stack: Vec::new(),
            opaque,
            summaries,
            partial: false,
        }
    }

    /// The graph built, with each location's outgoing edges.
    fn finish(self) -> Flat {
        let mut flat = self.flat;
        flat.outgoing = vec![Vec::new(); flat.locations.len()];
        for (i, e) in flat.edges.iter().enumerate() {
            flat.outgoing[e.from].push(i);
        }
        flat
    }

    /// See [`Flat::build_summary_check`]. Unrolling 0: every call of a procedure already
    /// active is cut, so the body is inlined once and its recursion is all summaries.
    fn summary_check(
        program: &'p Program,
        procedure: ProcId,
        summaries: &'p Summaries,
        candidates: &[Pred],
    ) -> Result<SummaryCheck, RefineError> {
        let mut builder = Builder::new(program, 0, None, summaries);
        builder.partial = true;
        builder.variables(procedure);
        let proc = program.procedure(procedure);
        let start = builder.location("init".into(), None);
        let first = builder.location(format!("{}:entry", proc.name), Some(proc.span));
        // Every variable starts arbitrary, globals too: a summary holds in every context.
        let init = (0..builder.flat.variables.len()).map(|v| (v, None)).collect();
        builder.edge(start, first, Action::Assign(init), Some(proc.span));
        let params: Vec<Option<usize>> =
            proc.params.iter().map(|p| builder.index.get(p).copied()).collect();
        let results: Vec<Option<usize>> =
            proc.results.iter().map(|r| builder.index.get(r).copied()).collect();
        // The parameters' entry values, kept apart: the body may assign its parameters.
        let mut entry_values = Vec::new();
        let mut keep = Vec::new();
        for v in &params {
            let Some(v) = *v else {
                entry_values.push(None);
                continue;
            };
            let name = format!("{}@entry", builder.flat.variables[v].name);
            let kept = builder.auxiliary(name, false);
            keep.push((kept, Some(Linear::variable(v))));
            entry_values.push(Some(kept));
        }
        let (entry, exit) = builder.inline(procedure)?;
        builder.edge(first, entry, Action::Assign(keep), Some(proc.span));
        let signature = |i: usize| -> Option<usize> {
            if i < params.len() {
                entry_values[i]
            } else {
                results.get(i - params.len()).copied()?
            }
        };
        let mut goals = Vec::new();
        for (k, candidate) in candidates.iter().enumerate() {
            let Some(at_exit) = rename_partial(candidate, &signature) else {
                return Err(RefineError::Internal(format!(
                    "summary candidate {} of `{}` names a variable that is not tracked",
                    k + 1,
                    proc.name
                )));
            };
            let site = ErrorSite {
                check: Obligation::Postcondition,
                what: format!("summary candidate {} of `{}`", k + 1, proc.name),
                span: Some(proc.span),
            };
            let error = builder.error_location(site);
            builder.edge(exit, error, Action::Assume(at_exit.negate()), Some(proc.span));
            goals.push(error);
        }
        Ok(SummaryCheck { flat: builder.finish(), goals })
    }

    /// With opaque calls: builds the body of every procedure called, once each, and describes
    /// them all (the root's body is `root`).
    fn callee_bodies(
        &mut self,
        procedure: ProcId,
        root: (usize, usize),
    ) -> Result<Option<Procedures>, RefineError> {
        if self.opaque.is_none() {
            return Ok(None);
        }
        let mut built: BTreeMap<ProcId, (usize, usize, usize, usize)> = BTreeMap::new();
        built.insert(procedure, (root.0, root.1, 0, self.flat.locations.len()));
        loop {
            let next = self.opaque.as_mut().and_then(|o| o.pending.pop());
            let Some(callee) = next else { break };
            if built.contains_key(&callee) {
                continue;
            }
            let first = self.flat.locations.len();
            let (entry, exit) = self.inline(callee)?;
            built.insert(callee, (entry, exit, first, self.flat.locations.len()));
        }
        let calls = self.opaque.take().map(|o| o.calls).unwrap_or_default();
        let mut bodies = BTreeMap::new();
        for (&p, &(entry, exit, first, end)) in &built {
            let proc = self.program.procedure(p);
            let own_of = |q: ProcId| -> Vec<usize> {
                let proc = self.program.procedure(q);
                let mut own: Vec<usize> = proc
                    .params
                    .iter()
                    .chain(&proc.locals)
                    .chain(&proc.results)
                    .flat_map(|c| self.variables_of(*c))
                    .collect();
                own.sort_unstable();
                own.dedup();
                own
            };
            // The root's own range starts after the start and its body's entry, and its
            // callees' bodies follow it: its locations are those before the first callee's.
            let locations: Vec<usize> = if p == procedure {
                let end = built
                    .iter()
                    .filter(|(q, _)| **q != procedure)
                    .map(|(_, b)| b.2)
                    .min()
                    .unwrap_or(self.flat.locations.len());
                (0..end).collect()
            } else {
                (first..end).collect()
            };
            let mut changes: Vec<usize> =
                (0..self.flat.variables.len()).filter(|&v| self.flat.variables[v].global).collect();
            for q in reachable_procedures(self.program, p) {
                changes.extend(own_of(q));
            }
            changes.extend(self.auxiliaries_of(&locations));
            changes.sort_unstable();
            changes.dedup();
            let params = proc.params.iter().filter_map(|c| self.index.get(c).copied()).collect();
            bodies.insert(p, Body { entry, exit, locations, own: own_of(p), params, changes });
        }
        // The opaque edge of a call assigns arbitrary values to exactly what the callee may
        // change, quotient variables of its body included (known only once it is built).
        for call in &calls {
            let changed = bodies[&call.callee].changes.iter().map(|&v| (v, None)).collect();
            self.flat.edges[call.edge].action = Action::Assign(changed);
        }
        Ok(Some(Procedures { bodies, calls }))
    }

    /// The quotient and remainder variables assigned on edges among `locations`.
    fn auxiliaries_of(&self, locations: &[usize]) -> Vec<usize> {
        let mut found = Vec::new();
        for e in &self.flat.edges {
            if locations.binary_search(&e.from).is_err() {
                continue;
            }
            if let Action::Assign(pairs) = &e.action {
                for (v, _) in pairs {
                    if self.flat.variables[*v].constant.is_none() {
                        found.push(*v);
                    }
                }
            }
        }
        found
    }

    /// Leaves the call of `callee` opaque (see [`CallSite`]): `from` assigns the arguments,
    /// the run and its failures start at a location of their own, the receivers are assigned
    /// into `to`.
    fn opaque_call(
        &mut self,
        (from, to): (usize, usize),
        callee: ProcId,
        args: &[TermId],
        results: &[ConstId],
        span: Option<Span>,
    ) {
        let program = self.program;
        let callee_proc = program.procedure(callee);
        let name = format!("{}@{}", callee_proc.name, self.flat.locations[from].name);
        let enter = self.location(format!("{name}:enter"), span);
        let returned = self.location(format!("{name}:return"), span);
        let values: Vec<Vec<GuardedValue>> = args.iter().map(|a| self.value(*a, span)).collect();
        let mut assigned = Vec::new();
        for (p, value) in callee_proc.params.iter().zip(values) {
            if let Some(&v) = self.index.get(p) {
                assigned.push((v, value));
            }
        }
        self.assign(from, enter, assigned, span);
        // Everything the callee may change becomes arbitrary on the opaque edge.
        let mut changed: Assignment = Vec::new();
        for (i, v) in self.flat.variables.iter().enumerate() {
            if v.global {
                changed.push((i, None));
            }
        }
        for q in reachable_procedures(program, callee) {
            let proc = program.procedure(q);
            for c in proc.params.iter().chain(&proc.locals).chain(&proc.results) {
                for v in self.variables_of(*c) {
                    if !changed.iter().any(|(w, _)| *w == v) {
                        changed.push((v, None));
                    }
                }
            }
        }
        let edge = self.flat.edges.len();
        self.edge(enter, returned, Action::Assign(changed), span);
        let mut failures = Vec::new();
        for site in check_sites(program, callee) {
            let error = self.error_location(site);
            failures.push(self.flat.edges.len());
            self.edge(enter, error, Action::Assume(Pred::True), span);
        }
        let mut leave = Vec::new();
        for (r, result) in results.iter().zip(&callee_proc.results) {
            if let Some(&v) = self.index.get(r) {
                leave.push((v, self.index.get(result).map(|&w| Linear::variable(w))));
            }
        }
        leave.extend(self.array_receivers(results));
        self.edge(returned, to, Action::Assign(leave), span);
        if let Some(opaque) = &mut self.opaque {
            opaque.calls.push(CallSite { edge, callee, failures });
            opaque.pending.push(callee);
        }
    }

    /// Tracks the globals and the integer variables of `procedure` and of the procedures it
    /// calls, directly or not: the others' variables would only lengthen every havoc and every
    /// listing (a Java class's other methods share the program). A name is qualified by its
    /// procedure only when two of the tracked variables share it.
    fn variables(&mut self, procedure: ProcId) {
        let program = self.program;
        let reached = reachable_procedures(program, procedure);
        let mut owner: BTreeMap<ConstId, (&str, bool)> = BTreeMap::new();
        for (i, p) in program.procedures.iter().enumerate() {
            let is_reached = reached.contains(&ProcId(i as u32));
            for c in p.params.iter().chain(&p.results).chain(&p.locals) {
                owner.insert(*c, (&p.name, is_reached));
            }
        }
        let tracked: Vec<_> = program
            .variables
            .iter()
            .filter(|v| {
                let ty = program.consts[v.constant.0 as usize].ty;
                *program.bank.ty_node(ty) == TyNode::Int
                    && (v.kind.is_global()
                        || owner.get(&v.constant).is_none_or(|&(_, is_reached)| is_reached))
            })
            .collect();
        let mut count: BTreeMap<&str, usize> = BTreeMap::new();
        for v in &tracked {
            *count.entry(v.name.as_str()).or_default() += 1;
        }
        for v in tracked {
            let global = v.kind.is_global();
            let name = match owner.get(&v.constant) {
                Some((p, _)) if count[v.name.as_str()] > 1 && !global => {
                    format!("{p}::{}", v.name)
                }
                _ => v.name.clone(),
            };
            self.index.insert(v.constant, self.flat.variables.len());
            self.flat.variables.push(FlatVariable {
                constant: Some(v.constant),
                name,
                global,
                scratch: false,
            });
        }
        self.track_arrays(procedure);
    }

    fn location(&mut self, name: String, span: Option<Span>) -> usize {
        self.flat.locations.push(FlatLocation { name, span, error: None, loop_head: false });
        self.flat.locations.len() - 1
    }

    fn edge(&mut self, from: usize, to: usize, action: Action, span: Option<Span>) {
        self.flat.edges.push(FlatEdge { from, to, action, span });
    }

    fn approximate(&mut self, span: Option<Span>, what: String) {
        let entry = (span, what);
        if !self.flat.approximations.contains(&entry) {
            self.flat.approximations.push(entry);
        }
    }

    /// The assignment of a call whose body is not followed (none, or a recursive call cut):
    /// the receivers of its results and every global get arbitrary values.
    fn arbitrary_results_and_globals(&self, results: &[ConstId]) -> Assignment {
        let mut assigned: Assignment =
            results.iter().flat_map(|r| self.variables_of(*r)).map(|v| (v, None)).collect();
        for (i, v) in self.flat.variables.iter().enumerate() {
            if v.global && !assigned.iter().any(|(w, _)| *w == i) {
                assigned.push((i, None));
            }
        }
        assigned
    }

    /// A new error location standing for `site`'s check failing.
    fn error_location(&mut self, site: ErrorSite) -> usize {
        let n = self.flat.locations.len();
        let error = self.location(format!("error#{n}"), site.span);
        self.flat.locations[error].error = Some(site);
        error
    }

    /// Gives the variables of `procedure` (already active) fresh copies for its `activation`th
    /// nested activation: the copies replace them until [`Builder::leave_frame`] puts back
    /// what is returned here.
    fn enter_frame(&mut self, procedure: ProcId, activation: usize) -> Frame {
        let proc = self.program.procedure(procedure);
        let own: Vec<ConstId> =
            proc.params.iter().chain(&proc.locals).chain(&proc.results).copied().collect();
        let cells = self.fresh_cells(&own, activation);
        let mut saved = Vec::new();
        for c in proc.params.iter().chain(&proc.locals).chain(&proc.results) {
            let Some(&outer) = self.index.get(c) else { continue };
            if saved.iter().any(|(d, _)| d == c) {
                continue;
            }
            let name = format!("{}@{activation}", self.flat.variables[outer].name);
            let fresh = self.flat.variables.len();
            self.flat.variables.push(FlatVariable {
                constant: Some(*c),
                name,
                global: false,
                scratch: false,
            });
            self.index.insert(*c, fresh);
            saved.push((*c, outer));
        }
        Frame { variables: saved, cells }
    }

    /// Puts back the variables [`Builder::enter_frame`] replaced.
    fn leave_frame(&mut self, saved: Frame) {
        for (c, outer) in saved.variables {
            self.index.insert(c, outer);
        }
        self.restore_cells(saved.cells);
    }

    /// Arbitrary values for the cells of the arrays among `receivers` (an array's result is
    /// not followed into its receiver).
    fn array_receivers(&self, receivers: &[ConstId]) -> Assignment {
        receivers
            .iter()
            .filter(|r| !self.index.contains_key(r))
            .flat_map(|r| self.variables_of(*r))
            .map(|v| (v, None))
            .collect()
    }

    /// A recursive call nested deeper than the unrolling: its receivers and every global get
    /// arbitrary values, and every check the callee or anything it calls makes may fail (an
    /// edge to an error location of that check). With a summary of the callee, the arguments
    /// go to its parameters in a frame of its own and the summary is assumed of them and the
    /// results before the receivers get the results. Its edges are recorded in
    /// [`Flat::cuts`] (a path through a summary may still fail to replay: the summary may be
    /// too weak, and unrolling further may help).
    fn cut(
        &mut self,
        (from, to): (usize, usize),
        callee: ProcId,
        call: (&[TermId], &[ConstId]),
        span: Option<Span>,
    ) {
        let (args, results) = call;
        let program = self.program;
        let sites = check_sites(program, callee);
        let summary = self.summaries.get(&callee);
        self.approximate(
            span,
            format!(
                "`{}` is recursive: calls nested more than {} deep are not followed (their \
                 results {}{})",
                program.procedure(callee).name,
                self.flat.unrolling,
                if summary.is_some() {
                    "are known only by its checked summary, every global is taken as arbitrary"
                } else {
                    "and every global are taken as arbitrary"
                },
                if sites.is_empty() || self.partial {
                    ""
                } else {
                    ", and every check in them as failing"
                }
            ),
        );
        match summary {
            Some(summary) => {
                self.summarised_call((from, to), callee, (args, results), summary, span)
            }
            None => {
                let assigned = self.arbitrary_results_and_globals(results);
                self.flat.cuts.push(self.flat.edges.len());
                self.edge(from, to, Action::Assign(assigned), span);
            }
        }
        if self.partial {
            // A failing check stops the run (see [`Flat::build_summary_check`]).
            return;
        }
        for site in sites {
            let error = self.error_location(site);
            self.flat.cuts.push(self.flat.edges.len());
            self.edge(from, error, Action::Assume(Pred::True), span);
        }
    }

    /// A cut call replaced by the callee's summary (see [`Builder::cut`]): from `from` the
    /// arguments go to the parameters of a fresh frame, then its results and every global get
    /// arbitrary values, then the summary is assumed, then the receivers get the results.
    fn summarised_call(
        &mut self,
        (from, to): (usize, usize),
        callee: ProcId,
        (args, results): (&[TermId], &[ConstId]),
        summary: &Pred,
        span: Option<Span>,
    ) {
        let program = self.program;
        let callee_proc = program.procedure(callee);
        // The arguments are evaluated in the caller's frame, before the callee's is entered.
        let values: Vec<Vec<GuardedValue>> = args.iter().map(|a| self.value(*a, span)).collect();
        let active = self.stack.iter().filter(|p| **p == callee).count();
        let saved = self.enter_frame(callee, active + 1);
        let params: Vec<Option<usize>> =
            callee_proc.params.iter().map(|p| self.index.get(p).copied()).collect();
        let outputs: Vec<Option<usize>> =
            callee_proc.results.iter().map(|r| self.index.get(r).copied()).collect();
        self.leave_frame(saved);
        let mut enter = Vec::new();
        for (p, value) in params.iter().zip(values) {
            if let Some(v) = *p {
                enter.push((v, value));
            }
        }
        let signature = |i: usize| -> Option<usize> {
            if i < params.len() { params[i] } else { outputs.get(i - params.len()).copied()? }
        };
        // A summary naming what the graph does not track is not assumed (never the case for
        // the summaries craig infers, which name integer parameters and results only).
        let assumed = rename_partial(summary, &signature).unwrap_or(Pred::True);
        let name = format!("{}@{}", callee_proc.name, self.flat.locations[from].name);
        let entered = self.location(format!("{name}:summary"), span);
        let returned = self.location(format!("{name}:summarised"), span);
        let assumed_at = self.location(format!("{name}:return"), span);
        self.assign(from, entered, enter, span);
        let mut havoc: Assignment = outputs.iter().flatten().map(|&v| (v, None)).collect();
        for (i, v) in self.flat.variables.iter().enumerate() {
            if v.global {
                havoc.push((i, None));
            }
        }
        self.flat.cuts.push(self.flat.edges.len());
        self.edge(entered, returned, Action::Assign(havoc), span);
        self.edge(returned, assumed_at, Action::Assume(assumed), span);
        let mut leave = Vec::new();
        for (r, result) in results.iter().zip(&outputs) {
            if let Some(&v) = self.index.get(r) {
                leave.push((v, result.map(Linear::variable)));
            }
        }
        self.edge(assumed_at, to, Action::Assign(leave), span);
    }

    /// Copies the body of `procedure` into the graph: its entry and exit locations.
    fn inline(&mut self, procedure: ProcId) -> Result<(usize, usize), RefineError> {
        let program = self.program;
        let proc = program.procedure(procedure);
        let Some(cfg) = &proc.body else {
            return Err(RefineError::Unsupported(format!("`{}` has no body", proc.name)));
        };
        let copy = self.inlined.entry(procedure).or_default();
        *copy += 1;
        let prefix = if *copy == 1 { proc.name.clone() } else { format!("{}#{}", proc.name, copy) };
        if self.flat.locations.len() + cfg.locations.len() > MAX_LOCATIONS {
            return Err(RefineError::Unsupported(format!(
                "inlining every call gives more than {MAX_LOCATIONS} locations"
            )));
        }
        self.stack.push(procedure);
        let base = self.flat.locations.len();
        for (i, l) in cfg.locations.iter().enumerate() {
            let at = self.location(format!("{prefix}:l{i}"), l.span);
            self.flat.locations[at].loop_head = l.loop_head;
        }
        let at = |l: Loc| base + l.0 as usize;
        for (k, e) in cfg.edges.iter().enumerate() {
            let (from, to) = (at(e.from), at(e.to));
            let (terms, arrays) = self.command_terms(&e.command);
            let (from, cells) =
                self.auxiliaries(from, &terms, &arrays, Some((procedure, k)), e.span);
            match &e.command {
                Command::Skip => self.edge(from, to, Action::Assume(Pred::True), e.span),
                Command::Assume { formula, .. } => {
                    let p = self.condition(*formula, e.span);
                    self.edge(from, to, Action::Assume(p), e.span);
                }
                Command::Assign(pairs) => {
                    let mut assigned = Vec::new();
                    for (x, t) in pairs {
                        let Some(&v) = self.index.get(x) else { continue };
                        assigned.push((v, self.value(*t, e.span)));
                    }
                    assigned.extend(cells);
                    self.assign(from, to, assigned, e.span);
                }
                Command::Havoc(vars) => {
                    let inputs = vars.iter().map(|x| self.index.get(x).copied()).collect();
                    let cells = self.array_receivers(vars);
                    if cells.is_empty() {
                        self.edge(from, to, Action::Input(inputs), e.span);
                    } else {
                        let name = format!("{}~havoc", self.flat.locations[from].name);
                        let read = self.location(name, e.span);
                        self.edge(from, read, Action::Input(inputs), e.span);
                        self.edge(read, to, Action::Assign(cells), e.span);
                    }
                }
                Command::Assert { formula, check, what } => {
                    let (pass, fail) = match self.translate_pred(*formula) {
                        Ok(p) => (p.clone(), p.negate()),
                        Err(reason) => {
                            self.approximate(
                                e.span,
                                format!(
                                    "the check `{what}` is not linear integer arithmetic \
                                     ({reason}); it is taken as possibly failing"
                                ),
                            );
                            (Pred::True, Pred::True)
                        }
                    };
                    let site = ErrorSite { check: *check, what: what.clone(), span: e.span };
                    self.check(from, to, pass, fail, site);
                }
                Command::Call { callee, args, results } => {
                    let callee_proc = program.procedure(*callee);
                    if callee_proc.body.is_none() {
                        self.approximate(
                            e.span,
                            format!(
                                "`{}` has no body; its results and every global are taken \
                                 as arbitrary",
                                callee_proc.name
                            ),
                        );
                        let assigned = self.arbitrary_results_and_globals(results);
                        self.edge(from, to, Action::Assign(assigned), e.span);
                        continue;
                    }
                    if self.opaque.is_some() {
                        self.opaque_call((from, to), *callee, args, results, e.span);
                        continue;
                    }
                    let active = self.stack.iter().filter(|p| **p == *callee).count();
                    if active > self.flat.unrolling {
                        self.cut((from, to), *callee, (args, results), e.span);
                        continue;
                    }
                    // Parameters get the arguments (evaluated in the caller's frame), the
                    // callee's locals and results start arbitrary, then the body runs (in a
                    // frame of its own when the callee is active already), then the receivers
                    // get the results.
                    let values: Vec<Option<Vec<GuardedValue>>> = args
                        .iter()
                        .map(|a| self.is_int(*a).then(|| self.value(*a, e.span)))
                        .collect();
                    let saved = (active > 0).then(|| self.enter_frame(*callee, active + 1));
                    let mut enter = Vec::new();
                    for (p, value) in callee_proc.params.iter().zip(values) {
                        match (self.index.get(p), value) {
                            (Some(&v), Some(value)) => enter.push((v, value)),
                            // An array passed whole: its cells in the callee start arbitrary.
                            _ => enter.extend(
                                self.variables_of(*p)
                                    .into_iter()
                                    .map(|v| (v, vec![(Pred::True, None)])),
                            ),
                        }
                    }
                    for c in callee_proc.locals.iter().chain(&callee_proc.results) {
                        for v in self.variables_of(*c) {
                            if !enter.iter().any(|(w, _)| *w == v) {
                                enter.push((v, vec![(Pred::True, None)]));
                            }
                        }
                    }
                    let (entry, exit) = self.inline(*callee)?;
                    let outputs: Vec<Option<usize>> =
                        callee_proc.results.iter().map(|r| self.index.get(r).copied()).collect();
                    if let Some(saved) = saved {
                        self.leave_frame(saved);
                    }
                    self.assign(from, entry, enter, e.span);
                    let mut leave = Vec::new();
                    for (r, result) in results.iter().zip(outputs) {
                        if let Some(&v) = self.index.get(r) {
                            leave.push((v, result.map(Linear::variable)));
                        }
                    }
                    leave.extend(self.array_receivers(results));
                    self.edge(exit, to, Action::Assign(leave), e.span);
                }
            }
        }
        self.stack.pop();
        Ok((at(cfg.entry), at(cfg.exit)))
    }

    /// The terms a command reads (for [`Builder::auxiliaries`]), and the tracked arrays it
    /// assigns with their new values.
    fn command_terms(&self, command: &Command) -> (Vec<TermId>, Vec<(ConstId, TermId)>) {
        match command {
            Command::Assume { formula, .. } | Command::Assert { formula, .. } => {
                (vec![*formula], Vec::new())
            }
            Command::Assign(pairs) => {
                let (arrays, others): (Vec<_>, Vec<_>) =
                    pairs.iter().copied().partition(|(x, _)| self.cells.contains_key(x));
                (others.into_iter().map(|(_, t)| t).collect(), arrays)
            }
            Command::Call { args, .. } => (args.clone(), Vec::new()),
            Command::Skip | Command::Havoc(_) => (Vec::new(), Vec::new()),
        }
    }

    /// Binds, on edges from `from`, the values an edge about to be built reads beyond its
    /// variables: the quotients and remainders by constants and the array elements `terms`
    /// and the values assigned to `arrays` read, and the new values of those arrays' cells.
    /// Returns where the edge starts and the assignments of the cells, which go into the
    /// edge's own parallel assignment. `site` is the program edge being translated (a store
    /// there moves its cell), `None` for a contract's condition.
    fn auxiliaries(
        &mut self,
        from: usize,
        terms: &[TermId],
        arrays: &[(ConstId, TermId)],
        site: Option<(ProcId, usize)>,
        span: Option<Span>,
    ) -> (usize, arrays::CellAssignment) {
        self.active_reads.clear();
        self.active_divisions.clear();
        let mut found = Vec::new();
        let mut seen = BTreeSet::new();
        for t in terms.iter().chain(arrays.iter().map(|(_, t)| t)) {
            self.collect_auxiliaries(*t, &mut found, &mut seen);
        }
        let mut fresh = Vec::new();
        let mut constraints = Vec::new();
        for item in found {
            match item {
                Auxiliary::Division(dividend, k) => {
                    if let Some(bound) = self.division(dividend, &k, &mut fresh) {
                        constraints.push(bound);
                    }
                }
                Auxiliary::Read(t) => {
                    let r = match self.reads.get(&t) {
                        Some(&r) => r,
                        None => {
                            let r = self.auxiliary(self.show(t), true);
                            self.reads.insert(t, r);
                            r
                        }
                    };
                    fresh.push((r, None));
                    match self.read_constraint(t, r) {
                        Ok(bound) => constraints.push(bound),
                        Err(reason) => self.approximate(
                            span,
                            format!(
                                "the element `{}` is taken as arbitrary ({reason})",
                                self.show(t)
                            ),
                        ),
                    }
                    self.note_cells(t);
                    // Arbitrary or not, the read now has a variable the edge may use.
                    self.active_reads.insert(t);
                }
            }
        }
        let mut cells = Vec::new();
        for (array, value) in arrays {
            let (assigned, bounds, temporaries, failure) =
                self.array_assignment(*array, *value, site);
            cells.extend(assigned);
            constraints.extend(bounds);
            fresh.extend(temporaries.into_iter().map(|t| (t, None)));
            if let Some(reason) = failure {
                let name = self.arrays[array].0.clone();
                self.approximate(
                    span,
                    format!("elements of `{name}` are taken as arbitrary after this assignment ({reason})"),
                );
            }
        }
        if fresh.is_empty() {
            return (from, cells);
        }
        let name = self.flat.locations[from].name.clone();
        let chosen = self.location(format!("{name}~aux"), span);
        self.edge(from, chosen, Action::Assign(fresh), span);
        let bound = self.location(format!("{name}~bound"), span);
        self.edge(chosen, bound, Action::Assume(Pred::and(constraints)), span);
        (bound, cells)
    }

    /// Says once per array how far the cells read by `t` know its elements.
    fn note_cells(&mut self, t: TermId) {
        let bank = &self.program.bank;
        let Term::App(mut f, _) = bank.term(t).term else { return };
        while let Term::Prim(Prim::Update | Prim::Ite, args) = &bank.term(f).term {
            f = if matches!(bank.term(f).term, Term::Prim(Prim::Ite, _)) {
                args[1]
            } else {
                args[0]
            };
        }
        let Term::Const(c) = bank.term(f).term else { return };
        let Some((name, _)) = self.arrays.get(&c) else { return };
        let n = self.cells[&c].len();
        let places = match n {
            1 => "its one store".to_string(),
            n => format!("each of its {n} stores"),
        };
        let text = format!(
            "`{name}` is tracked at the last element {places} wrote; any other element \
             reads as arbitrary"
        );
        self.approximate(None, text);
    }

    /// The quotient and remainder of `dividend` by the non-zero `k` as variables (given
    /// arbitrary values in `fresh`), and the constraint that binds them: `None` when the
    /// dividend is not linear (the division then stays untranslated).
    fn division(&mut self, dividend: TermId, k: &Integer, fresh: &mut Assignment) -> Option<Pred> {
        // Inner divisions and reads come first, so the dividend's own are known.
        let cases = self.int_cases(dividend).ok()?;
        let (q, r) = match self.quotients.get(&(dividend, k.clone())) {
            Some(&pair) => pair,
            None => {
                let shown = self.show(dividend);
                let shown = if shown.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    shown
                } else {
                    format!("({shown})")
                };
                let q = self.auxiliary(format!("{shown} div {k}"), true);
                let r = self.auxiliary(format!("{shown} mod {k}"), true);
                self.quotients.insert((dividend, k.clone()), (q, r));
                (q, r)
            }
        };
        fresh.push((q, None));
        fresh.push((r, None));
        self.active_divisions.insert((dividend, k.clone()));
        let (qv, rv) = (Linear::variable(q), Linear::variable(r));
        let magnitude = Integer::from(k.abs_ref());
        let zero = Linear::default();
        let below = Linear::constant(magnitude.clone() - 1u32);
        let above = Linear::constant(Integer::from(1u32) - magnitude);
        let mut alternatives = Vec::new();
        for (guard, l) in cases {
            let split = Pred::eq(&l, &qv.scale(k).add_scaled(&rv, &Integer::from(1)));
            let nonnegative =
                Pred::and(vec![Pred::le(&zero, &l), Pred::le(&zero, &rv), Pred::le(&rv, &below)]);
            let negative =
                Pred::and(vec![Pred::lt(&l, &zero), Pred::le(&above, &rv), Pred::le(&rv, &zero)]);
            alternatives.push(Pred::and(vec![guard, split, Pred::or(vec![nonnegative, negative])]));
        }
        Some(Pred::or(alternatives))
    }

    /// The divisions of a term by non-zero constants and its reads of array elements, inner
    /// ones first.
    fn collect_auxiliaries(
        &self,
        t: TermId,
        found: &mut Vec<Auxiliary>,
        seen: &mut BTreeSet<TermId>,
    ) {
        if !seen.insert(t) {
            return;
        }
        let bank = &self.program.bank;
        let args = match &bank.term(t).term {
            Term::Prim(_, args) => args.clone(),
            Term::App(f, x) => vec![*f, *x],
            _ => return,
        };
        for a in &args {
            self.collect_auxiliaries(*a, found, seen);
        }
        if let Term::Prim(Prim::Div | Prim::Mod, args) = &bank.term(t).term
            && let Some(k) = bank.int_literal(args[1])
            && k != 0
            && !found
                .iter()
                .any(|a| matches!(a, Auxiliary::Division(d, j) if *d == args[0] && *j == k))
        {
            found.push(Auxiliary::Division(args[0], k));
        }
        if self.is_read(t) {
            found.push(Auxiliary::Read(t));
        }
    }

    /// A fresh variable of the translation (a quotient, a remainder, an element read, a
    /// parameter's entry value), named for the user.
    fn auxiliary(&mut self, mut name: String, scratch: bool) -> usize {
        if self.flat.variables.iter().any(|v| v.name == name) {
            name = format!("{name}#{}", self.flat.variables.len());
        }
        self.flat.variables.push(FlatVariable { constant: None, name, global: false, scratch });
        self.flat.variables.len() - 1
    }

    /// An assumed condition, or `True` (recorded) when it is not linear integer arithmetic.
    fn condition(&mut self, t: TermId, span: Option<Span>) -> Pred {
        match self.translate_pred(t) {
            Ok(p) => p,
            Err(reason) => {
                self.approximate(span, format!("a condition is dropped ({reason})"));
                Pred::True
            }
        }
    }

    /// An assigned value as guarded cases, or one arbitrary value (recorded) when it is not
    /// linear.
    fn value(&mut self, t: TermId, span: Option<Span>) -> Vec<GuardedValue> {
        match self.int_cases(t) {
            Ok(cases) => cases.into_iter().map(|(g, l)| (g, Some(l))).collect(),
            Err(reason) => {
                self.approximate(span, format!("a value is taken as arbitrary ({reason})"));
                vec![(Pred::True, None)]
            }
        }
    }

    /// A parallel assignment whose values have guarded cases: one edge when there is a single
    /// unguarded case, else per combination of cases an edge that assumes the guards into a
    /// location of its own and one that assigns from there.
    fn assign(
        &mut self,
        from: usize,
        to: usize,
        pairs: Vec<(usize, Vec<GuardedValue>)>,
        span: Option<Span>,
    ) {
        let mut combos: Vec<(Pred, Assignment)> = vec![(Pred::True, Vec::new())];
        for (v, cases) in pairs {
            let mut next = Vec::new();
            for (g, assigned) in &combos {
                for (h, value) in &cases {
                    let guard = Pred::and(vec![g.clone(), h.clone()]);
                    if guard == Pred::False {
                        continue;
                    }
                    let mut a = assigned.clone();
                    a.push((v, value.clone()));
                    next.push((guard, a));
                }
            }
            combos = next;
        }
        if let [(Pred::True, assigned)] = combos.as_slice() {
            self.edge(from, to, Action::Assign(assigned.clone()), span);
            return;
        }
        let name = self.flat.locations[from].name.clone();
        for (k, (guard, assigned)) in combos.into_iter().enumerate() {
            let mid = self.location(format!("{name}~{}", k + 1), span);
            self.edge(from, mid, Action::Assume(guard), span);
            self.edge(mid, to, Action::Assign(assigned), span);
        }
    }

    fn is_int(&self, t: TermId) -> bool {
        *self.program.bank.ty_node(self.program.bank.term(t).ty) == TyNode::Int
    }

    /// An integer term as guarded linear cases: `ite(c, a, b)` gives `a` under `c` and `b`
    /// under `¬c`, so conditional values stay exact.
    fn int_cases(&self, t: TermId) -> Result<Vec<(Pred, Linear)>, RefineError> {
        let bank = &self.program.bank;
        let combine = |a: Vec<(Pred, Linear)>,
                       b: Vec<(Pred, Linear)>,
                       op: &dyn Fn(&Linear, &Linear) -> Result<Linear, RefineError>|
         -> Result<Vec<(Pred, Linear)>, RefineError> {
            let mut out = Vec::new();
            for (ga, la) in &a {
                for (gb, lb) in &b {
                    let g = Pred::and(vec![ga.clone(), gb.clone()]);
                    if g != Pred::False {
                        out.push((g, op(la, lb)?));
                    }
                }
            }
            if out.len() > MAX_VALUE_CASES {
                return Err(RefineError::Unsupported(
                    "too many conditional values in one expression".into(),
                ));
            }
            Ok(out)
        };
        match &bank.term(t).term {
            Term::Const(c) => match self.index.get(c) {
                Some(&v) => Ok(vec![(Pred::True, Linear::variable(v))]),
                None => Err(RefineError::Unsupported(format!(
                    "`{}` is not an integer variable",
                    self.program.display_name(*c)
                ))),
            },
            Term::Int(n) => Ok(vec![(Pred::True, Linear::constant(n.clone()))]),
            Term::Prim(Prim::Add, args) => {
                combine(self.int_cases(args[0])?, self.int_cases(args[1])?, &|a, b| {
                    Ok(a.add_scaled(b, &Integer::from(1)))
                })
            }
            Term::Prim(Prim::Sub, args) => {
                combine(self.int_cases(args[0])?, self.int_cases(args[1])?, &|a, b| {
                    Ok(a.add_scaled(b, &Integer::from(-1)))
                })
            }
            Term::Prim(Prim::Neg, args) => Ok(self
                .int_cases(args[0])?
                .into_iter()
                .map(|(g, l)| (g, l.scale(&Integer::from(-1))))
                .collect()),
            Term::Prim(Prim::Mul, args) => combine(
                self.int_cases(args[0])?,
                self.int_cases(args[1])?,
                &|a, b| match (a.as_constant(), b.as_constant()) {
                    (Some(k), _) => Ok(b.scale(k)),
                    (_, Some(k)) => Ok(a.scale(k)),
                    _ => Err(RefineError::Unsupported(
                        "a product of two variables is not linear".into(),
                    )),
                },
            ),
            Term::Prim(Prim::Ite, args) => {
                let c = self.translate_pred(args[0])?;
                let mut out = Vec::new();
                for (g, l) in self.int_cases(args[1])? {
                    out.push((Pred::and(vec![c.clone(), g]), l));
                }
                for (g, l) in self.int_cases(args[2])? {
                    out.push((Pred::and(vec![c.negate(), g]), l));
                }
                out.retain(|(g, _)| *g != Pred::False);
                if out.len() > MAX_VALUE_CASES {
                    return Err(RefineError::Unsupported(
                        "too many conditional values in one expression".into(),
                    ));
                }
                Ok(out)
            }
            Term::Prim(p @ (Prim::Div | Prim::Mod), args) => {
                let key = bank.int_literal(args[1]).map(|k| (args[0], k));
                let key = key.filter(|key| self.active_divisions.contains(key));
                match key.and_then(|key| self.quotients.get(&key)) {
                    Some(&(q, r)) => Ok(vec![(
                        Pred::True,
                        Linear::variable(if *p == Prim::Div { q } else { r }),
                    )]),
                    None => Err(RefineError::Unsupported(
                        "division and remainder by a variable are not linear arithmetic".into(),
                    )),
                }
            }
            Term::App(..) => match self.reads.get(&t) {
                Some(&r) if self.active_reads.contains(&t) => {
                    Ok(vec![(Pred::True, Linear::variable(r))])
                }
                _ => Err(RefineError::Unsupported(
                    "the element of a function that is not an array of integers".into(),
                )),
            },
            _ => Err(RefineError::Unsupported("the term is not integer arithmetic".into())),
        }
    }

    /// A comparison of two integer terms, over their guarded cases.
    fn compare(
        &self,
        a: TermId,
        b: TermId,
        op: fn(&Linear, &Linear) -> Pred,
    ) -> Result<Pred, RefineError> {
        let (ca, cb) = (self.int_cases(a)?, self.int_cases(b)?);
        let mut out = Vec::new();
        for (ga, la) in &ca {
            for (gb, lb) in &cb {
                out.push(Pred::and(vec![ga.clone(), gb.clone(), op(la, lb)]));
            }
        }
        Ok(Pred::or(out))
    }

    /// A check from `from`: the edge to `to` where it passes (none when it never does), and
    /// an edge into an error location of its own where it fails.
    fn check(&mut self, from: usize, to: usize, pass: Pred, fail: Pred, site: ErrorSite) {
        let span = site.span;
        if pass != Pred::False {
            self.edge(from, to, Action::Assume(pass), span);
        }
        if self.partial {
            // A failing check stops the run (see [`Flat::build_summary_check`]).
            return;
        }
        let error = self.error_location(site);
        self.edge(from, error, Action::Assume(fail), span);
    }

    /// The formula in the notation the program's annotations are written in.
    fn show(&self, t: TermId) -> String {
        crate::ir::show_term(self.program, t)
    }

    /// Assumes the analysed procedure's preconditions before its body (each conjunct outside
    /// linear integer arithmetic dropped, which only adds runs, and recorded); the location the
    /// inputs lead to.
    fn assume_preconditions(&mut self, procedure: ProcId, entry: usize) -> usize {
        let program = self.program;
        let proc = program.procedure(procedure);
        if proc.requires.is_empty() {
            return entry;
        }
        let at = self.location(format!("{}:requires", proc.name), Some(proc.span));
        let formulas: Vec<TermId> = proc.requires.iter().map(|c| c.formula).collect();
        let (from, _) = self.auxiliaries(at, &formulas, &[], None, Some(proc.span));
        let mut parts = Vec::new();
        for c in &proc.requires {
            match self.translate_pred(c.formula) {
                Ok(p) => parts.push(p),
                Err(reason) => {
                    let text = self.show(c.formula);
                    self.approximate(
                        Some(c.span),
                        format!(
                            "the precondition `{text}` is not linear integer arithmetic \
                             ({reason}); it is not assumed"
                        ),
                    );
                }
            }
        }
        self.edge(from, entry, Action::Assume(Pred::and(parts)), Some(proc.span));
        at
    }

    /// Checks the analysed procedure's postconditions where its body ends, one error location
    /// per conjunct. A conjunct outside linear integer arithmetic, or one that names a parameter
    /// the body assigns (parameters in a postcondition mean their values on entry, and the
    /// graph keeps only the current ones), is taken as possibly failing.
    fn check_postconditions(&mut self, procedure: ProcId, exit: usize) {
        let program = self.program;
        let proc = program.procedure(procedure);
        let mut assigned: Vec<ConstId> = Vec::new();
        if let Some(cfg) = &proc.body {
            for e in &cfg.edges {
                let targets: Vec<ConstId> = match &e.command {
                    Command::Assign(pairs) => pairs.iter().map(|(c, _)| *c).collect(),
                    Command::Havoc(vars) => vars.clone(),
                    Command::Call { results, .. } => results.clone(),
                    _ => Vec::new(),
                };
                assigned.extend(targets.into_iter().filter(|c| proc.params.contains(c)));
            }
        }
        let mut at = exit;
        for (k, c) in proc.ensures.iter().enumerate() {
            let text = self.show(c.formula);
            let changed = assigned.iter().find(|p| self.mentions(c.formula, **p));
            let (from, _) = self.auxiliaries(at, &[c.formula], &[], None, Some(c.span));
            let translated = match changed {
                Some(p) => Err(RefineError::Unsupported(format!(
                    "it names the parameter `{}`, which the body assigns",
                    program.consts[p.0 as usize].name
                ))),
                None => self.translate_pred(c.formula),
            };
            let (pass, fail) = match translated {
                Ok(p) => (p.clone(), p.negate()),
                Err(reason) => {
                    self.approximate(
                        Some(c.span),
                        format!(
                            "the postcondition `{text}` cannot be checked exactly ({reason}); \
                             it is taken as possibly failing"
                        ),
                    );
                    (Pred::True, Pred::True)
                }
            };
            let next = self.location(format!("{}:ensures{}", proc.name, k + 1), Some(c.span));
            let site = ErrorSite {
                check: Obligation::Postcondition,
                what: format!("postcondition {text}"),
                span: Some(c.span),
            };
            self.check(from, next, pass, fail, site);
            at = next;
        }
    }

    /// Whether the term mentions the constant.
    fn mentions(&self, t: TermId, c: ConstId) -> bool {
        let bank = &self.program.bank;
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            match &bank.term(t).term {
                Term::Const(d) if *d == c => return true,
                Term::App(f, a) => stack.extend([*f, *a]),
                Term::Bind(_, _, body) => stack.push(*body),
                Term::Prim(_, args) => stack.extend(args.iter().copied()),
                _ => {}
            }
        }
        false
    }

    fn translate_pred(&self, t: TermId) -> Result<Pred, RefineError> {
        let bank = &self.program.bank;
        match &bank.term(t).term {
            Term::Prim(Prim::True, _) => Ok(Pred::True),
            Term::Prim(Prim::False, _) => Ok(Pred::False),
            Term::Prim(Prim::Not, args) => Ok(self.translate_pred(args[0])?.negate()),
            Term::Prim(Prim::And, args) => {
                Ok(Pred::and(vec![self.translate_pred(args[0])?, self.translate_pred(args[1])?]))
            }
            Term::Prim(Prim::Or, args) => {
                Ok(Pred::or(vec![self.translate_pred(args[0])?, self.translate_pred(args[1])?]))
            }
            Term::Prim(Prim::Imp, args) => Ok(Pred::or(vec![
                self.translate_pred(args[0])?.negate(),
                self.translate_pred(args[1])?,
            ])),
            Term::Prim(Prim::Iff, args) => self.iff(args[0], args[1]),
            Term::Prim(Prim::Eq, args) if self.is_int(args[0]) => {
                self.compare(args[0], args[1], Pred::eq)
            }
            Term::Prim(Prim::Eq, args) if *bank.ty_node(bank.term(args[0]).ty) == TyNode::Bool => {
                self.iff(args[0], args[1])
            }
            Term::Prim(Prim::Le, args) => self.compare(args[0], args[1], Pred::le),
            Term::Prim(Prim::Lt, args) => self.compare(args[0], args[1], Pred::lt),
            Term::Prim(Prim::Ite, args) => {
                let c = self.translate_pred(args[0])?;
                let a = self.translate_pred(args[1])?;
                let b = self.translate_pred(args[2])?;
                Ok(Pred::or(vec![Pred::and(vec![c.clone(), a]), Pred::and(vec![c.negate(), b])]))
            }
            _ => Err(RefineError::Unsupported(
                "the condition is not linear integer arithmetic".into(),
            )),
        }
    }

    fn iff(&self, a: TermId, b: TermId) -> Result<Pred, RefineError> {
        let a = self.translate_pred(a)?;
        let b = self.translate_pred(b)?;
        Ok(Pred::or(vec![
            Pred::and(vec![a.clone(), b.clone()]),
            Pred::and(vec![a.negate(), b.negate()]),
        ]))
    }
}

/// `p` over the variables `signature` maps its own to, or `None` when it names one that maps
/// to nothing.
fn rename_partial(p: &Pred, signature: &dyn Fn(usize) -> Option<usize>) -> Option<Pred> {
    if p.variables().iter().any(|&v| signature(v).is_none()) {
        return None;
    }
    Some(p.rename(&|v| signature(v).unwrap_or(v)))
}

/// Every check in `procedure` and in what it calls, directly or not: the failures a call of
/// it may end in.
fn check_sites(program: &Program, procedure: ProcId) -> Vec<ErrorSite> {
    let mut sites = Vec::new();
    for p in reachable_procedures(program, procedure) {
        let Some(cfg) = &program.procedure(p).body else { continue };
        for e in &cfg.edges {
            if let Command::Assert { check, what, .. } = &e.command {
                sites.push(ErrorSite { check: *check, what: what.clone(), span: e.span });
            }
        }
    }
    sites
}

/// Whether `procedure` can call itself, directly or through others.
fn calls_itself(program: &Program, procedure: ProcId) -> bool {
    let Some(cfg) = &program.procedure(procedure).body else { return false };
    cfg.edges.iter().any(|e| match &e.command {
        Command::Call { callee, .. } => reachable_procedures(program, *callee).contains(&procedure),
        _ => false,
    })
}

/// `procedure` and every procedure its body calls, directly or through others.
fn reachable_procedures(
    program: &Program,
    procedure: ProcId,
) -> std::collections::BTreeSet<ProcId> {
    let mut reached = std::collections::BTreeSet::from([procedure]);
    let mut work = vec![procedure];
    while let Some(p) = work.pop() {
        let Some(cfg) = &program.procedure(p).body else { continue };
        for e in &cfg.edges {
            if let Command::Call { callee, .. } = &e.command
                && reached.insert(*callee)
            {
                work.push(*callee);
            }
        }
    }
    reached
}
