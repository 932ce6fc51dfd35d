//! The acyclic graph a function's symbolic execution walks: the IR's control-flow graph with
//! every loop unrolled `k` times (a back edge taken more often is cut, the paper's unsound
//! first step) and, where the analysis asks for it, calls expanded into a frame of their own
//! (recursion and calls past a depth are left as calls, which the caller treats by summary or
//! as unknown).
//!
//! A node is a location in a frame with the iteration count of each loop it is inside: leaving
//! a loop forgets its count, so the code after a loop is one copy, not one per iteration count.
//! Loops are the natural loops of the back edges of a depth-first search from the entry, so a
//! reducible graph (what structured C gives) unrolls exactly; an irreducible one still ends,
//! bounded by the node limit.

use std::collections::{BTreeMap, BTreeSet};

use super::error::SaturnError;
use crate::ir::{Cfg, Command, Loc, ProcId, Program};

/// A node of the unrolled graph.
pub type NodeId = usize;

/// An inlined activation: which procedure, and where its caller continues.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The procedure.
    pub procedure: ProcId,
    /// The caller's frame, none for the entry function.
    pub parent: Option<usize>,
    /// The call edge (index in the caller's graph) that made it.
    pub call_edge: Option<usize>,
    /// How deep the frame is (0 for the entry function).
    pub depth: u32,
}

/// What an unrolled edge does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The IR edge of this index in the node's frame's procedure.
    Ir(usize),
    /// Enter a callee's frame: the call edge of this index in the caller, into frame `callee`.
    Enter {
        /// The call edge in the caller's graph.
        call_edge: usize,
        /// The callee's frame.
        callee: usize,
    },
    /// Return from frame `callee` to its caller, assigning the results.
    Return {
        /// The frame returned from.
        callee: usize,
    },
}

/// An edge of the unrolled graph.
#[derive(Clone, Debug)]
pub struct UEdge {
    /// Where it starts.
    pub from: NodeId,
    /// Where it leads.
    pub to: NodeId,
    /// What it does.
    pub step: Step,
}

/// A node: a location of a frame with the iteration counts of the loops around it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct UNode {
    /// The frame.
    pub frame: usize,
    /// The location in the frame's procedure.
    pub loc: Loc,
    /// Per loop head around the location, how many times its back edge was taken.
    pub counts: Vec<(Loc, u32)>,
}

/// The loops of one procedure.
#[derive(Clone, Debug, Default)]
pub struct Loops {
    /// The back edges (indices into the procedure's edges).
    pub back_edges: BTreeSet<usize>,
    /// Per loop head, the locations of its natural loop (the head included).
    pub bodies: BTreeMap<Loc, BTreeSet<Loc>>,
}

impl Loops {
    /// The loops of a graph: depth-first search from the entry for back edges, then each back
    /// edge's natural loop.
    pub fn of(cfg: &Cfg) -> Loops {
        let n = cfg.locations.len();
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut preds: Vec<Vec<Loc>> = vec![Vec::new(); n];
        for (i, e) in cfg.edges.iter().enumerate() {
            out[e.from.0 as usize].push(i);
            preds[e.to.0 as usize].push(e.from);
        }
        // 0 unvisited, 1 on the stack, 2 done.
        let mut state = vec![0u8; n];
        let mut back_edges = BTreeSet::new();
        let mut stack: Vec<(usize, usize)> = vec![(cfg.entry.0 as usize, 0)];
        state[cfg.entry.0 as usize] = 1;
        while let Some(&mut (at, ref mut next)) = stack.last_mut() {
            if let Some(&edge) = out[at].get(*next) {
                *next += 1;
                let to = cfg.edges[edge].to.0 as usize;
                match state[to] {
                    0 => {
                        state[to] = 1;
                        stack.push((to, 0));
                    }
                    1 => {
                        back_edges.insert(edge);
                    }
                    _ => {}
                }
            } else {
                state[at] = 2;
                stack.pop();
            }
        }
        let mut bodies: BTreeMap<Loc, BTreeSet<Loc>> = BTreeMap::new();
        for &edge in &back_edges {
            let head = cfg.edges[edge].to;
            let body = bodies.entry(head).or_insert_with(|| BTreeSet::from([head]));
            let mut work = vec![cfg.edges[edge].from];
            while let Some(at) = work.pop() {
                if body.insert(at) {
                    work.extend(preds[at.0 as usize].iter().copied());
                }
            }
        }
        Loops { back_edges, bodies }
    }
}

/// How to unroll.
#[derive(Clone, Debug)]
pub struct UnrollOptions {
    /// Procedures whose calls stay calls (a checker's primitives, given their meaning by the
    /// checker): not an unsound step.
    pub keep: BTreeSet<ProcId>,
    /// How many times a loop's back edge may be taken.
    pub unroll: u32,
    /// How deep calls are expanded; 0 expands none.
    pub inline_depth: u32,
    /// The most nodes the graph may have.
    pub max_nodes: usize,
}

/// The unrolled graph of one entry procedure.
#[derive(Clone, Debug)]
pub struct Unrolled {
    /// The nodes; node 0 is the entry.
    pub nodes: Vec<UNode>,
    /// The edges.
    pub edges: Vec<UEdge>,
    /// Per node, its outgoing edges in the IR's order.
    pub outgoing: Vec<Vec<usize>>,
    /// Per node, its incoming edges.
    pub incoming: Vec<Vec<usize>>,
    /// The frames; frame 0 is the entry procedure's.
    pub frames: Vec<Frame>,
    /// The nodes in an order where every edge goes forward.
    pub order: Vec<NodeId>,
    /// The entry function's exit nodes (one per loop-count context, usually one).
    pub exits: Vec<NodeId>,
    /// The back edges cut because their loop ran `unroll` times, as (procedure, edge index).
    pub cut_back_edges: BTreeSet<(ProcId, usize)>,
    /// Calls not expanded because they recurse or are too deep, as (procedure, edge index).
    pub calls_kept: BTreeSet<(ProcId, usize)>,
}

/// Unrolls `entry` of `program`.
pub fn unroll(
    program: &Program,
    entry: ProcId,
    options: UnrollOptions,
) -> Result<Unrolled, SaturnError> {
    let mut loops: BTreeMap<ProcId, Loops> = BTreeMap::new();
    let mut g = Unrolled {
        nodes: Vec::new(),
        edges: Vec::new(),
        outgoing: Vec::new(),
        incoming: Vec::new(),
        frames: vec![Frame { procedure: entry, parent: None, call_edge: None, depth: 0 }],
        order: Vec::new(),
        exits: Vec::new(),
        cut_back_edges: BTreeSet::new(),
        calls_kept: BTreeSet::new(),
    };
    let Some(cfg) = &program.procedure(entry).body else {
        return Err(SaturnError::Refused {
            what: "the function has no body",
            name: program.procedure(entry).name.clone(),
        });
    };
    let mut index: BTreeMap<UNode, NodeId> = BTreeMap::new();
    let mut work = Vec::new();
    let start = UNode { frame: 0, loc: cfg.entry, counts: Vec::new() };
    add_node(&mut g, &mut index, &mut work, start);
    // Continuations of frames: where the caller goes on, with its counts.
    let mut continuation: BTreeMap<usize, UNode> = BTreeMap::new();
    while let Some(id) = work.pop() {
        if g.nodes.len() > options.max_nodes {
            return Err(SaturnError::Limit {
                what: "unrolled graph nodes",
                limit: options.max_nodes,
            });
        }
        let node = g.nodes[id].clone();
        let frame = g.frames[node.frame].clone();
        let procedure = program.procedure(frame.procedure);
        let cfg = procedure.body.as_ref().expect("frames are made for procedures with bodies");
        let proc_loops = loops.entry(frame.procedure).or_insert_with(|| Loops::of(cfg)).clone();
        if node.loc == cfg.exit {
            match continuation.get(&node.frame).cloned() {
                Some(back) => {
                    let to = add_node(&mut g, &mut index, &mut work, back);
                    add_edge(&mut g, id, to, Step::Return { callee: node.frame });
                }
                None => g.exits.push(id),
            }
            continue;
        }
        for (i, edge) in cfg.edges.iter().enumerate().filter(|(_, e)| e.from == node.loc) {
            let Some(counts) = next_counts(&proc_loops, &node.counts, i, edge.to, options.unroll)
            else {
                g.cut_back_edges.insert((frame.procedure, i));
                continue;
            };
            let next = UNode { frame: node.frame, loc: edge.to, counts };
            if let Command::Call { callee, .. } = &edge.command {
                let callee_proc = program.procedure(*callee);
                let recursive = frame_chain(&g.frames, node.frame).any(|p| p == *callee);
                match &callee_proc.body {
                    _ if options.keep.contains(callee) => {}
                    Some(callee_cfg) if !recursive && frame.depth < options.inline_depth => {
                        g.frames.push(Frame {
                            procedure: *callee,
                            parent: Some(node.frame),
                            call_edge: Some(i),
                            depth: frame.depth + 1,
                        });
                        let callee_frame = g.frames.len() - 1;
                        continuation.insert(callee_frame, next);
                        let start = UNode {
                            frame: callee_frame,
                            loc: callee_cfg.entry,
                            counts: Vec::new(),
                        };
                        let to = add_node(&mut g, &mut index, &mut work, start);
                        add_edge(
                            &mut g,
                            id,
                            to,
                            Step::Enter { call_edge: i, callee: callee_frame },
                        );
                        continue;
                    }
                    _ => {
                        g.calls_kept.insert((frame.procedure, i));
                    }
                }
            }
            let to = add_node(&mut g, &mut index, &mut work, next);
            add_edge(&mut g, id, to, Step::Ir(i));
        }
    }
    g.order = topological(&g)?;
    Ok(g)
}

fn frame_chain(frames: &[Frame], mut at: usize) -> impl Iterator<Item = ProcId> + '_ {
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let f = &frames[at];
        match f.parent {
            Some(p) => at = p,
            None => done = true,
        }
        Some(f.procedure)
    })
}

/// The loop counts after taking edge `edge` into `to`, or none when it is a back edge taken
/// `unroll` times already.
fn next_counts(
    loops: &Loops,
    counts: &[(Loc, u32)],
    edge: usize,
    to: Loc,
    unroll: u32,
) -> Option<Vec<(Loc, u32)>> {
    let mut next: Vec<(Loc, u32)> = counts
        .iter()
        .copied()
        .filter(|(head, _)| loops.bodies.get(head).is_some_and(|b| b.contains(&to)))
        .collect();
    if loops.back_edges.contains(&edge) {
        let taken = counts.iter().find(|(h, _)| *h == to).map_or(0, |(_, c)| *c) + 1;
        if taken > unroll {
            return None;
        }
        next.retain(|(h, _)| *h != to);
        next.push((to, taken));
    } else if loops.bodies.contains_key(&to) && !next.iter().any(|(h, _)| *h == to) {
        next.push((to, 0));
    }
    next.sort();
    Some(next)
}

fn add_node(
    g: &mut Unrolled,
    index: &mut BTreeMap<UNode, NodeId>,
    work: &mut Vec<NodeId>,
    node: UNode,
) -> NodeId {
    if let Some(&id) = index.get(&node) {
        return id;
    }
    g.nodes.push(node.clone());
    g.outgoing.push(Vec::new());
    g.incoming.push(Vec::new());
    let id = g.nodes.len() - 1;
    index.insert(node, id);
    work.push(id);
    id
}

fn add_edge(g: &mut Unrolled, from: NodeId, to: NodeId, step: Step) {
    g.edges.push(UEdge { from, to, step });
    let e = g.edges.len() - 1;
    g.outgoing[from].push(e);
    g.incoming[to].push(e);
}

/// Kahn's algorithm, smallest node first among the ready ones (deterministic).
fn topological(g: &Unrolled) -> Result<Vec<NodeId>, SaturnError> {
    let mut pending: Vec<usize> = g.incoming.iter().map(Vec::len).collect();
    let mut ready: BTreeSet<NodeId> = (0..g.nodes.len()).filter(|&n| pending[n] == 0).collect();
    let mut order = Vec::with_capacity(g.nodes.len());
    while let Some(n) = ready.pop_first() {
        order.push(n);
        for &e in &g.outgoing[n] {
            let to = g.edges[e].to;
            pending[to] -= 1;
            if pending[to] == 0 {
                ready.insert(to);
            }
        }
    }
    if order.len() != g.nodes.len() {
        return Err(SaturnError::Internal("the unrolled graph has a cycle"));
    }
    Ok(order)
}
