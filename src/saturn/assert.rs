//! The assertion checker: every `assert` of the unrolled entry function (calls expanded) is a
//! SAT query "its guard holds and its condition fails" on the function's one incremental
//! solver. A satisfiable query is a warning only after its model was evaluated against the
//! query; the run's inputs (the entry's parameters, then every `havoc` in the order the run
//! meets them) are read off the model by walking the unrolled graph along the edges the model
//! makes true, and replayed on the IR's interpreter, which confirms the warning or not.
//!
//! This is SV-COMP's `unreach-call` as a bug finder: "no warning" means no failing check within
//! `k` iterations of every loop, not that the program is safe; [`Unsound`] lists what the run
//! left out.

use std::collections::BTreeMap;

use rug::Integer;
use rustc_hash::FxHashMap;

use super::boolean::{Answer, B, Cnf};
use super::error::SaturnError;
use super::symbolic::{self, Execution};
use super::unroll::{self, Step, UnrollOptions};
use crate::hol::Obligation;
use crate::ir::interpret::{self, Outcome};
use crate::ir::{Command, ProcId, Program};
use crate::syntax::Span;

/// How to check.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// How many times each loop's back edge may be taken.
    pub unroll: u32,
    /// The width integers are blasted at.
    pub width: u32,
    /// How deep calls are expanded.
    pub inline_depth: u32,
    /// The most nodes the unrolled graph may have.
    pub max_nodes: usize,
    /// The most edges a replay may take.
    pub replay_steps: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            unroll: 2,
            width: 130,
            inline_depth: 8,
            max_nodes: 200_000,
            replay_steps: 1_000_000,
        }
    }
}

/// What a run of the checker left out: the unsound steps it took.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unsound {
    /// Back edges cut after `k` iterations, as (function name, span of the edge).
    pub loops_cut: Vec<(String, Option<Span>)>,
    /// Calls not expanded (recursion or depth), their results unknown, as (callee, span).
    pub calls_kept: Vec<(String, Option<Span>)>,
    /// How many operations were guarded by "no overflow of the blasting width".
    pub width_conditions: usize,
}

/// Whether the interpreter reproduced a warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replay {
    /// The interpreter failed the same check at the same place.
    Confirmed,
    /// The interpreter did something else (rendered with the program's places by
    /// [`render`](super::render)).
    NotConfirmed(Box<Outcome>),
}

/// A failing check.
#[derive(Clone, Debug)]
pub struct Warning {
    /// The function the check is in.
    pub function: String,
    /// Where the check is.
    pub span: Option<Span>,
    /// What kind of check.
    pub check: Obligation,
    /// What it checks, in the program's words.
    pub what: String,
    /// The run's inputs, named by the variable each is for, in order.
    pub inputs: Vec<(String, Integer)>,
    /// For each input, where the program reads it when the variable it is for is one the
    /// front end made (`tmp1` for `__VERIFIER_nondet_int()`), so it can be named by the
    /// expression there instead; `None` for the program's own variables and parameters.
    pub input_places: Vec<Option<Span>>,
    /// The replay's verdict.
    pub replay: Replay,
}

/// Deterministic counters of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the unrolled graph.
    pub unrolled_nodes: usize,
    /// Edges of the unrolled graph.
    pub unrolled_edges: usize,
    /// Nodes of the boolean DAG.
    pub dag_nodes: usize,
    /// Input bits of the DAG.
    pub dag_inputs: usize,
    /// Names given to branch conditions.
    pub guard_names: usize,
    /// Nodes of the guard BDD.
    pub bdd_nodes: usize,
    /// Checks met (per unrolled occurrence).
    pub check_sites: usize,
    /// SAT queries asked.
    pub queries: usize,
    /// Of those, satisfiable.
    pub satisfiable: usize,
    /// DAG nodes clausified (the union of the queries' cones).
    pub nodes_clausified: usize,
    /// Clauses given to the solver.
    pub clauses: usize,
    /// Conflicts of the solver over all queries.
    pub conflicts: u64,
}

/// The result of checking one function.
#[derive(Clone, Debug)]
pub struct Report {
    /// The function checked.
    pub function: String,
    /// The failing checks, in the program's order.
    pub warnings: Vec<Warning>,
    /// The checks that hold within the unrolling, with where they are.
    pub holding: Vec<(Obligation, Option<Span>)>,
    /// What the run left out.
    pub unsound: Unsound,
    /// The counters.
    pub stats: Stats,
}

/// `function` of `program` (its procedure, and the procedure unrolled as `options` say, every
/// call expanded: the assertion checker keeps no call), or why it cannot be.
fn unrolled(
    program: &Program,
    function: &str,
    options: &Options,
) -> Result<(ProcId, unroll::Unrolled), SaturnError> {
    let Some(entry) = program.find(function) else {
        return Err(SaturnError::Refused {
            what: "no function is named",
            name: function.to_string(),
        });
    };
    let graph = unroll::unroll(
        program,
        entry,
        UnrollOptions {
            keep: Default::default(),
            unroll: options.unroll,
            inline_depth: options.inline_depth,
            max_nodes: options.max_nodes,
        },
    )?;
    Ok((entry, graph))
}

/// Checks every `assert` reachable from `function`.
pub fn check(program: &Program, function: &str, options: Options) -> Result<Report, SaturnError> {
    let (entry, graph) = unrolled(program, function, &options)?;
    let mut exec = symbolic::execute(program, &graph, options.width, &mut symbolic::Unknown)?;
    let mut cnf = Cnf::new();
    let mut stats = Stats {
        unrolled_nodes: graph.nodes.len(),
        unrolled_edges: graph.edges.len(),
        check_sites: exec.asserts.len(),
        ..Stats::default()
    };
    // One query per check of the program: the disjunction over its unrolled occurrences.
    let mut by_check: BTreeMap<(ProcId, usize), B> = BTreeMap::new();
    for site in exec.asserts.clone() {
        let fails = exec.dag.and(site.guard, !site.condition);
        let entry = by_check.entry((site.procedure, site.ir_edge)).or_insert(B::FALSE);
        *entry = exec.dag.or(*entry, fails);
    }
    let mut warnings = Vec::new();
    let mut holding = Vec::new();
    for ((procedure, ir_edge), fails) in by_check {
        let proc_data = program.procedure(procedure);
        let edge = &proc_data.body.as_ref().expect("checks are in bodies").edges[ir_edge];
        let Command::Assert { check, what, .. } = &edge.command else {
            return Err(SaturnError::Internal("a check site is not an assert"));
        };
        let query = exec.dag.and(fails, exec.axioms);
        stats.queries += 1;
        let model = match cnf.solve(&exec.dag, query) {
            Ok(Answer::Sat(model)) => model,
            Ok(Answer::Unsat) => {
                holding.push((*check, edge.span));
                continue;
            }
            Ok(Answer::Stopped(reason)) => return Err(SaturnError::Solver(reason.name())),
            Err(_) => return Err(SaturnError::Solver("the model or proof was rejected")),
        };
        stats.satisfiable += 1;
        let values: Vec<bool> = (0..exec.dag.num_inputs() as u32)
            .map(|i| cnf.input_value(&exec.dag, &model, i))
            .collect();
        let value = |i: u32| values[i as usize];
        // A warning is a claim of a bug: the model must satisfy the query itself.
        if !exec.dag.eval(query, &value) {
            return Err(SaturnError::Internal("a model does not satisfy its query"));
        }
        let (inputs, input_places) = run_inputs(&mut exec, &value, &graph);
        let numbers: Vec<Integer> = inputs.iter().map(|(_, n)| n.clone()).collect();
        let outcome = interpret::run(program, entry, &numbers, options.replay_steps);
        let replay = match &outcome {
            Outcome::AssertionFailed { obligation, span, .. }
                if *obligation == *check && *span == edge.span =>
            {
                Replay::Confirmed
            }
            other => Replay::NotConfirmed(Box::new(other.clone())),
        };
        warnings.push(Warning {
            function: proc_data.name.clone(),
            span: edge.span,
            check: *check,
            what: what.clone(),
            inputs,
            input_places,
            replay,
        });
    }
    stats.dag_nodes = exec.dag.len();
    stats.dag_inputs = exec.dag.num_inputs();
    stats.guard_names = exec.guards.names();
    stats.bdd_nodes = exec.guards.len();
    stats.nodes_clausified = cnf.nodes_clausified;
    stats.clauses = cnf.clauses;
    stats.conflicts = cnf.solver_mut().stats().conflicts;
    let unsound = unsound_steps(program, &graph, &exec);
    Ok(Report { function: function.to_string(), warnings, holding, unsound, stats })
}

/// What one check's failure query is about: its cone in the DAG and the input bits it reaches
/// (the query itself, without the axioms every query is conjoined with).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cone {
    /// Where the check is.
    pub span: Option<Span>,
    /// DAG nodes in the cone.
    pub nodes: usize,
    /// Input bits the cone reaches, by input number.
    pub support: Vec<u32>,
    /// Of those, the bits of each variable `havoc`'d, by the variable's name.
    pub variables: Vec<String>,
}

/// The cone of every check's failure query: the paper's automatic slicing made visible.
pub fn cones(
    program: &Program,
    function: &str,
    options: Options,
) -> Result<Vec<Cone>, SaturnError> {
    let (_, graph) = unrolled(program, function, &options)?;
    let mut exec = symbolic::execute(program, &graph, options.width, &mut symbolic::Unknown)?;
    let mut owners: BTreeMap<u32, String> = BTreeMap::new();
    for input in exec.parameter_inputs.iter().chain(exec.havoc_inputs.values().flatten()) {
        for &b in &input.bits.bits {
            if let Some(i) = exec.dag.input_index(b) {
                owners.insert(i, program.display_name(input.variable));
            }
        }
    }
    let mut out = Vec::new();
    for site in exec.asserts.clone() {
        let fails = exec.dag.and(site.guard, !site.condition);
        let support = exec.dag.support(&[fails]);
        let mut variables: Vec<String> =
            support.iter().filter_map(|i| owners.get(i).cloned()).collect();
        variables.sort();
        variables.dedup();
        let span = program
            .procedure(site.procedure)
            .body
            .as_ref()
            .and_then(|b| b.edges[site.ir_edge].span);
        out.push(Cone { span, nodes: exec.dag.cone_size(&[fails]), support, variables });
    }
    Ok(out)
}

/// The unsound steps a run took.
pub fn unsound_steps(program: &Program, graph: &unroll::Unrolled, exec: &Execution<'_>) -> Unsound {
    let edge_span =
        |p: ProcId, i: usize| program.procedure(p).body.as_ref().and_then(|b| b.edges[i].span);
    let loops_cut = graph
        .cut_back_edges
        .iter()
        .map(|&(p, i)| (program.procedure(p).name.clone(), edge_span(p, i)))
        .collect();
    let calls_kept = graph
        .calls_kept
        .iter()
        .map(|&(p, i)| {
            let callee = match &program.procedure(p).body.as_ref().map(|b| &b.edges[i].command) {
                Some(Command::Call { callee, .. }) => program.procedure(*callee).name.clone(),
                _ => String::new(),
            };
            (callee, edge_span(p, i))
        })
        .collect();
    Unsound { loops_cut, calls_kept, width_conditions: exec.overflow_conditions }
}

/// The inputs of the run a model describes: the entry's parameters, then the values of each
/// `havoc` met walking from the entry along the first edge whose guard the model makes true.
fn run_inputs(
    exec: &mut Execution<'_>,
    value: &dyn Fn(u32) -> bool,
    graph: &unroll::Unrolled,
) -> (Vec<(String, Integer)>, Vec<Option<Span>>) {
    let program = exec.program;
    let mut inputs: Vec<(String, Integer)> = exec
        .parameter_inputs
        .iter()
        .map(|i| (program.display_name(i.variable), i.bits.eval(&exec.dag, value, true)))
        .collect();
    let mut places = vec![None; inputs.len()];
    let mut memo = FxHashMap::default();
    let mut at = 0;
    loop {
        let mut next = None;
        for &e in &graph.outgoing[at] {
            let g = exec.edge_guards[e];
            let formula = exec.guards.formula(&mut exec.dag, g);
            if exec.dag.eval_memo(formula, value, &mut memo) {
                next = Some(e);
                break;
            }
        }
        let Some(e) = next else { break };
        if let Some(havocs) = exec.havoc_inputs.get(&e) {
            let span = match graph.edges[e].step {
                Step::Ir(index) => {
                    let frame = &graph.frames[graph.nodes[graph.edges[e].from].frame];
                    let body = program.procedure(frame.procedure).body.as_ref();
                    body.and_then(|b| b.edges[index].span)
                }
                Step::Enter { .. } | Step::Return { .. } => None,
            };
            for i in havocs {
                inputs
                    .push((program.display_name(i.variable), i.bits.eval(&exec.dag, value, true)));
                let temporary = program
                    .variable(i.variable)
                    .is_some_and(|v| v.kind == crate::ir::VariableKind::Temporary);
                places.push(if temporary { span } else { None });
            }
        }
        if matches!(graph.edges[e].step, Step::Ir(_) | Step::Enter { .. } | Step::Return { .. }) {
            at = graph.edges[e].to;
        }
    }
    (inputs, places)
}
