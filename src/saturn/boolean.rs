//! The hash-consed boolean DAG every bit of every value is a node of: an and-inverter graph
//! (two-input `and` nodes, negation as a mark on the edge), its evaluation under an assignment
//! of the inputs, and Tseitin clauses for exactly the cone of the nodes a query names.
//!
//! Why an and-inverter graph: one node kind keeps hash-consing canonical up to operand order
//! (`a & b` and `b & a` are one node, `!!a` is `a`, `a & !a` is false), so the bit-blaster's
//! constant folding and sharing come from one place, and Tseitin needs three clauses per node.
//! Queries clausify only the nodes reachable from their literals (the paper's automatic slicing),
//! and every node is clausified at most once per [`Cnf`], so one SAT solver per function serves
//! every query of that function under assumptions (incremental SAT).

use rustc_hash::FxHashMap;

use crate::sat::{Lit, Model, Solver};

/// A node of the DAG with a polarity: `2 * node + negated`. Node 0 is the constant false, so
/// [`B::FALSE`] is `0` and [`B::TRUE`] is `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct B(u32);

impl B {
    /// The constant false.
    pub const FALSE: B = B(0);
    /// The constant true.
    pub const TRUE: B = B(1);

    /// The node this literal refers to.
    pub fn node(self) -> u32 {
        self.0 >> 1
    }

    /// True when the literal is the node negated.
    pub fn is_negated(self) -> bool {
        self.0 & 1 == 1
    }

    /// The literal without its negation.
    pub fn positive(self) -> B {
        B(self.0 & !1)
    }

    /// The constant this literal is, if it is one.
    pub fn constant(self) -> Option<bool> {
        if self.node() == 0 { Some(self.is_negated()) } else { None }
    }

    /// The literal's code, a stable number for printing and keys.
    pub fn code(self) -> u32 {
        self.0
    }
}

impl std::ops::Not for B {
    type Output = B;
    fn not(self) -> B {
        B(self.0 ^ 1)
    }
}

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// The constant false (node 0 only).
    False,
    /// An input: a free boolean variable, numbered in creation order.
    Input(u32),
    /// The conjunction of two literals, the smaller first.
    And(B, B),
}

/// The DAG: nodes in creation order (every node's operands are older than it), with the
/// hash-consing table.
#[derive(Clone, Debug)]
pub struct Dag {
    nodes: Vec<Node>,
    table: FxHashMap<(B, B), u32>,
    inputs: Vec<u32>,
}

impl Default for Dag {
    fn default() -> Self {
        Dag::new()
    }
}

impl Dag {
    /// A DAG with the constant node only.
    pub fn new() -> Dag {
        Dag { nodes: vec![Node::False], table: FxHashMap::default(), inputs: Vec::new() }
    }

    /// The number of nodes, the constant included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when only the constant exists.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The number of inputs made.
    pub fn num_inputs(&self) -> usize {
        self.inputs.len()
    }

    /// A node's shape.
    pub fn node(&self, id: u32) -> Node {
        self.nodes[id as usize]
    }

    /// A fresh input.
    pub fn input(&mut self) -> B {
        let index = self.inputs.len() as u32;
        self.nodes.push(Node::Input(index));
        let id = self.nodes.len() as u32 - 1;
        self.inputs.push(id);
        B(id << 1)
    }

    /// The literal of input number `index`.
    pub fn input_literal(&self, index: u32) -> B {
        B(self.inputs[index as usize] << 1)
    }

    /// The input number of a literal's node, if it is an input.
    pub fn input_index(&self, b: B) -> Option<u32> {
        match self.nodes[b.node() as usize] {
            Node::Input(i) => Some(i),
            _ => None,
        }
    }

    /// A constant.
    pub fn constant(value: bool) -> B {
        if value { B::TRUE } else { B::FALSE }
    }

    /// `a & b`, folded and shared.
    pub fn and(&mut self, a: B, b: B) -> B {
        match (a.constant(), b.constant()) {
            (Some(false), _) | (_, Some(false)) => return B::FALSE,
            (Some(true), _) => return b,
            (_, Some(true)) => return a,
            _ => {}
        }
        if a == b {
            return a;
        }
        if a == !b {
            return B::FALSE;
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if let Some(&id) = self.table.get(&key) {
            return B(id << 1);
        }
        self.nodes.push(Node::And(key.0, key.1));
        let id = self.nodes.len() as u32 - 1;
        self.table.insert(key, id);
        B(id << 1)
    }

    /// `a | b`.
    pub fn or(&mut self, a: B, b: B) -> B {
        !self.and(!a, !b)
    }

    /// `a ^ b`.
    pub fn xor(&mut self, a: B, b: B) -> B {
        match (a.constant(), b.constant()) {
            (Some(x), _) => return if x { !b } else { b },
            (_, Some(y)) => return if y { !a } else { a },
            _ => {}
        }
        let both = self.and(a, b);
        let neither = self.and(!a, !b);
        self.and(!both, !neither)
    }

    /// `a <-> b`.
    pub fn iff(&mut self, a: B, b: B) -> B {
        !self.xor(a, b)
    }

    /// `a -> b`.
    pub fn implies(&mut self, a: B, b: B) -> B {
        self.or(!a, b)
    }

    /// `if c then a else b`.
    pub fn ite(&mut self, c: B, a: B, b: B) -> B {
        if a == b {
            return a;
        }
        match c.constant() {
            Some(true) => return a,
            Some(false) => return b,
            None => {}
        }
        let then = self.and(c, a);
        let other = self.and(!c, b);
        self.or(then, other)
    }

    /// The conjunction of all.
    pub fn and_all(&mut self, items: impl IntoIterator<Item = B>) -> B {
        items.into_iter().fold(B::TRUE, |acc, b| self.and(acc, b))
    }

    /// The disjunction of all.
    pub fn or_all(&mut self, items: impl IntoIterator<Item = B>) -> B {
        items.into_iter().fold(B::FALSE, |acc, b| self.or(acc, b))
    }

    /// The value of `b` when input `i` has `inputs(i)`: every node below `b` evaluated once.
    pub fn eval(&self, b: B, inputs: &dyn Fn(u32) -> bool) -> bool {
        let mut memo: FxHashMap<u32, bool> = FxHashMap::default();
        self.eval_memo(b, inputs, &mut memo)
    }

    /// [`Dag::eval`] sharing a memo between calls under one assignment.
    pub fn eval_memo(
        &self,
        b: B,
        inputs: &dyn Fn(u32) -> bool,
        memo: &mut FxHashMap<u32, bool>,
    ) -> bool {
        // An explicit stack: DAGs of unrolled programs are deep.
        let mut stack = vec![b.node()];
        while let Some(&id) = stack.last() {
            if memo.contains_key(&id) {
                stack.pop();
                continue;
            }
            match self.nodes[id as usize] {
                Node::False => {
                    memo.insert(id, false);
                    stack.pop();
                }
                Node::Input(i) => {
                    memo.insert(id, inputs(i));
                    stack.pop();
                }
                Node::And(x, y) => match (memo.get(&x.node()), memo.get(&y.node())) {
                    (Some(&vx), Some(&vy)) => {
                        let value = (vx != x.is_negated()) && (vy != y.is_negated());
                        memo.insert(id, value);
                        stack.pop();
                    }
                    (vx, vy) => {
                        if vx.is_none() {
                            stack.push(x.node());
                        }
                        if vy.is_none() {
                            stack.push(y.node());
                        }
                    }
                },
            }
        }
        memo[&b.node()] != b.is_negated()
    }

    /// The inputs the cone of `roots` reaches, in increasing order: what a query is about.
    pub fn support(&self, roots: &[B]) -> Vec<u32> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack: Vec<u32> = roots.iter().map(|b| b.node()).collect();
        let mut found = Vec::new();
        while let Some(id) = stack.pop() {
            if std::mem::replace(&mut seen[id as usize], true) {
                continue;
            }
            match self.nodes[id as usize] {
                Node::False => {}
                Node::Input(i) => found.push(i),
                Node::And(x, y) => {
                    stack.push(x.node());
                    stack.push(y.node());
                }
            }
        }
        found.sort_unstable();
        found
    }

    /// The number of nodes in the cone of `roots`.
    pub fn cone_size(&self, roots: &[B]) -> usize {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack: Vec<u32> = roots.iter().map(|b| b.node()).collect();
        let mut count = 0;
        while let Some(id) = stack.pop() {
            if std::mem::replace(&mut seen[id as usize], true) {
                continue;
            }
            count += 1;
            if let Node::And(x, y) = self.nodes[id as usize] {
                stack.push(x.node());
                stack.push(y.node());
            }
        }
        count
    }
}

impl Default for Cnf {
    fn default() -> Self {
        Cnf::new()
    }
}

/// Tseitin clauses of a [`Dag`]'s nodes in one SAT solver, each node clausified the first time
/// a query's cone reaches it: the base formula of one function, queried under assumptions.
pub struct Cnf {
    solver: Solver,
    /// The solver literal of each clausified node (positive polarity).
    literals: FxHashMap<u32, Lit>,
    /// How many nodes were clausified.
    pub nodes_clausified: usize,
    /// How many clauses were added.
    pub clauses: usize,
}

impl Cnf {
    /// An empty solver.
    pub fn new() -> Cnf {
        Cnf {
            solver: Solver::new(),
            literals: FxHashMap::default(),
            nodes_clausified: 0,
            clauses: 0,
        }
    }

    /// The solver, for limits and statistics.
    pub fn solver_mut(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// The solver literal of `b`, clausifying its cone first where not done yet.
    pub fn literal(&mut self, dag: &Dag, b: B) -> Lit {
        let mut stack = vec![b.node()];
        while let Some(&id) = stack.last() {
            if self.literals.contains_key(&id) {
                stack.pop();
                continue;
            }
            match dag.node(id) {
                Node::False => {
                    let v = self.solver.new_var();
                    self.solver.add_clause(&[v.negative()]);
                    self.clauses += 1;
                    self.literals.insert(id, v.positive());
                    self.nodes_clausified += 1;
                    stack.pop();
                }
                Node::Input(_) => {
                    let v = self.solver.new_var();
                    self.literals.insert(id, v.positive());
                    self.nodes_clausified += 1;
                    stack.pop();
                }
                Node::And(x, y) => {
                    let lx = self.literals.get(&x.node()).copied();
                    let ly = self.literals.get(&y.node()).copied();
                    match (lx, ly) {
                        (Some(lx), Some(ly)) => {
                            let lx = if x.is_negated() { !lx } else { lx };
                            let ly = if y.is_negated() { !ly } else { ly };
                            let v = self.solver.new_var().positive();
                            self.solver.add_clause(&[!v, lx]);
                            self.solver.add_clause(&[!v, ly]);
                            self.solver.add_clause(&[v, !lx, !ly]);
                            self.clauses += 3;
                            self.literals.insert(id, v);
                            self.nodes_clausified += 1;
                            stack.pop();
                        }
                        (lx, ly) => {
                            if lx.is_none() {
                                stack.push(x.node());
                            }
                            if ly.is_none() {
                                stack.push(y.node());
                            }
                        }
                    }
                }
            }
        }
        let lit = self.literals[&b.node()];
        if b.is_negated() { !lit } else { lit }
    }

    /// The value of input number `index` in a model, false when the input was never clausified
    /// (no query constrains it, so any value satisfies the query).
    pub fn input_value(&self, dag: &Dag, model: &Model, index: u32) -> bool {
        let node = dag.input_literal(index).node();
        self.literals.get(&node).is_some_and(|&l| model.lit_value(l))
    }

    /// Decides whether `query` can be true, as one call of the incremental solver under the
    /// query's literal as an assumption.
    pub fn solve(&mut self, dag: &Dag, query: B) -> Result<Answer, crate::sat::SolverError> {
        if query == B::FALSE {
            return Ok(Answer::Unsat);
        }
        let lit = self.literal(dag, query);
        Ok(match self.solver.solve_with_assumptions(&[lit])? {
            crate::sat::SatResult::Sat(model) => Answer::Sat(model),
            crate::sat::SatResult::Unsat { .. } => Answer::Unsat,
            crate::sat::SatResult::Unknown(reason) => Answer::Stopped(reason),
        })
    }
}

/// The answer to one query.
#[derive(Clone, Debug)]
pub enum Answer {
    /// The query can be true: a model of every clause so far with the query's literal true.
    Sat(Model),
    /// The query cannot be true.
    Unsat,
    /// A limit stopped the solver.
    Stopped(crate::sat::StopReason),
}
