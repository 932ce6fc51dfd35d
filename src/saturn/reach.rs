//! Where a source line of a function is reached (the prompt's `guard FUNCTION LINE`): the
//! guard of the line's statements in the unrolled graph, the disjunction over every copy the
//! unrolling made, said as the branch conditions it is made of, and whether some run within
//! the unrolling gets there (a SAT query on the guard and the execution's axioms, with the
//! inputs of such a run read from a checked model).
//!
//! A guard is a BDD over names of conditions ([`super::guard`]), so it is printed as the
//! BDD's paths: each a conjunction of branch conditions, each named by the `assume` (or the
//! `assert` passed) whose formula it is, with its source line and, inside a loop, which
//! iteration of the unrolled loop it is.

use std::collections::BTreeMap;

use rug::Integer;

use super::boolean::Cnf;
use super::error::SaturnError;
use super::guard::Guard;
use super::symbolic::{self, Unknown};
use super::unroll::{self, Step, UnrollOptions};
use crate::ir::{ProcId, Program, c_notation};
use crate::syntax::Span;

/// The most paths of a guard that are printed.
pub const MOST_CUBES: usize = 16;

/// One condition of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    /// The condition the path takes, in C's notation: the branch's formula, or its negation
    /// when the path takes the formula as false.
    pub formula: String,
    /// Whether the path takes the branch's formula as true (else its negation is `formula`).
    pub holds: bool,
    /// Where the branch is.
    pub span: Option<Span>,
    /// The callee it is in, when it is not the function itself.
    pub callee: Option<String>,
    /// Per loop around the branch, the iteration (from 1) this copy stands for.
    pub iterations: Vec<u32>,
}

/// Where one statement of a line is reached.
#[derive(Clone, Debug)]
pub struct StatementGuard {
    /// The statement (the span its edges share).
    pub span: Span,
    /// Its copies in the unrolled graph.
    pub copies: usize,
    /// The guard as paths, each a conjunction (empty: true); no path at all when no copy is
    /// reached on any path of the graph.
    pub paths: Vec<Vec<Condition>>,
    /// False when the guard has more than [`MOST_CUBES`] paths (the rest are not listed).
    pub complete: bool,
    /// Whether some run within the unrolling reaches it (the guard and the execution's axioms
    /// are satisfiable), with the function's parameters on such a run.
    pub reached_by: Option<Vec<(String, Integer)>>,
}

/// Where the statements of a line are reached.
#[derive(Clone, Debug)]
pub struct LineGuard {
    /// The line's statements, in the order of their places.
    pub statements: Vec<StatementGuard>,
    /// Back edges cut by the unrolling.
    pub loops_cut: usize,
}

/// The guard of each statement of `function` whose span `on_line` accepts, with loops
/// unrolled `unroll` times and integers blasted at `width` bits; callees are expanded (to
/// depth 8), their effects included.
pub fn line_guard(
    program: &Program,
    function: ProcId,
    on_line: &dyn Fn(Span) -> bool,
    unroll_times: u32,
    width: u32,
) -> Result<LineGuard, SaturnError> {
    let options = UnrollOptions {
        keep: Default::default(),
        unroll: unroll_times,
        inline_depth: 8,
        max_nodes: 200_000,
    };
    let graph = unroll::unroll(program, function, options)?;
    let mut exec = symbolic::execute(program, &graph, width, &mut Unknown)?;
    let body = program.procedure(function).body.as_ref();
    // Per statement of the line, its copies' guards joined.
    let mut statements: BTreeMap<Span, (usize, Guard)> = BTreeMap::new();
    for edge in &graph.edges {
        let Step::Ir(i) = edge.step else { continue };
        if graph.nodes[edge.from].frame != 0 {
            continue;
        }
        let Some(ir_edge) = body.map(|b| &b.edges[i]) else { continue };
        // A statement's own edges; the skips that join its branches carry its span but do
        // nothing there.
        if matches!(ir_edge.command, crate::ir::Command::Skip) {
            continue;
        }
        let Some(span) = ir_edge.span else { continue };
        if !on_line(span) {
            continue;
        }
        let reached = exec.states[edge.from].as_ref().map_or(Guard::FALSE, |s| s.guard);
        let entry = statements.entry(span).or_insert((0, Guard::FALSE));
        entry.0 += 1;
        entry.1 = exec.guards.or(entry.1, reached);
    }
    let mut cnf = Cnf::new();
    let mut found = Vec::new();
    for (span, (copies, guard)) in statements {
        let (cubes, complete) = exec.guards.cubes(guard, MOST_CUBES);
        let paths = cubes
            .iter()
            .map(|cube| {
                cube.iter()
                    .map(|&(name, polarity)| describe(program, &graph, &exec, name, polarity))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        let formula = exec.guards.formula(&mut exec.dag, guard);
        let query = exec.dag.and(formula, exec.axioms);
        let reached_by = exec.decide(&mut cnf, query)?.map(|values| {
            let value = |i: u32| values[i as usize];
            exec.parameter_inputs
                .iter()
                .map(|i| (program.display_name(i.variable), i.bits.eval(&exec.dag, &value, true)))
                .collect()
        });
        found.push(StatementGuard { span, copies, paths, complete, reached_by });
    }
    Ok(LineGuard { statements: found, loops_cut: graph.cut_back_edges.len() })
}

/// The branch a guard's name stands for, with the path's polarity.
fn describe(
    program: &Program,
    graph: &unroll::Unrolled,
    exec: &symbolic::Execution<'_>,
    name: u32,
    polarity: bool,
) -> Result<Condition, SaturnError> {
    let condition = exec.guards.condition_of(name);
    let &(literal, e) = exec
        .branches
        .iter()
        .find(|(c, _)| c.positive() == condition)
        .ok_or(SaturnError::Internal("a guard names a condition no branch made"))?;
    let edge = &graph.edges[e];
    let Step::Ir(i) = edge.step else {
        return Err(SaturnError::Internal("a branch is not an edge of the program"));
    };
    let node = &graph.nodes[edge.from];
    let procedure = graph.frames[node.frame].procedure;
    let ir_edge = &program.procedure(procedure).body.as_ref().expect("a frame has a body").edges[i];
    let formula = match &ir_edge.command {
        crate::ir::Command::Assume { formula, .. } | crate::ir::Command::Assert { formula, .. } => {
            *formula
        }
        _ => return Err(SaturnError::Internal("a branch is neither an assume nor an assert")),
    };
    // The name is the positive literal; the branch's formula evaluated to `literal`, which is
    // the name or its negation.
    let holds = if literal == condition { polarity } else { !polarity };
    let formula = if holds {
        c_notation::show(program, formula)
    } else {
        c_notation::show_negated(program, formula)
    };
    Ok(Condition {
        formula,
        holds,
        span: ir_edge.span,
        callee: (node.frame != 0).then(|| program.procedure(procedure).name.clone()),
        iterations: node.counts.iter().map(|&(_, n)| n + 1).collect(),
    })
}
