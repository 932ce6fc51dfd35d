//! The path-by-path generator: passive form (a new version of a variable wherever it changes),
//! calls by contract, loops cut at their heads, and one sequent per check and path, with the
//! paths enumerated depth first so that they share their prefixes' work.

use std::collections::BTreeSet;

use rustc_hash::FxHashMap;

use super::{ProofObligation, Substitution, VcError, VcOptions, name_obligations, sequent};
use crate::hol::build;
use crate::hol::{
    ConstDecl, ConstId, ConstKind, Hypothesis, HypothesisKind, Obligation, Prim, ProgramFact,
    TermId, TyNode,
};
use crate::ir::{
    Cfg, Command, Edge, Fact, FrameItem, Loc, ProcId, Procedure, Program, VariableKind,
};
use crate::syntax::Span;

/// A branch taken on a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathStep {
    /// Where the branch is written.
    pub span: Option<Span>,
    /// The condition assumed, as the program's state reads it (`t ~= null`).
    pub text: String,
}

/// The globals a procedure may assign, itself or through its callees; `None` for a procedure
/// without a body (it may change anything its contract allows).
pub(crate) type WriteSet = Option<BTreeSet<ConstId>>;

/// Each procedure's [`WriteSet`], to a fixpoint over the call graph.
pub(crate) fn write_sets(program: &Program) -> Vec<WriteSet> {
    let globals: BTreeSet<ConstId> = program.globals().map(|v| v.constant).collect();
    let mut sets: Vec<WriteSet> = program
        .procedures
        .iter()
        .map(|p| {
            p.body.as_ref().map(|cfg| {
                let mut own = BTreeSet::new();
                for e in &cfg.edges {
                    match &e.command {
                        Command::Assign(pairs) => own.extend(pairs.iter().map(|(c, _)| *c)),
                        Command::Havoc(vars) => own.extend(vars.iter().copied()),
                        _ => {}
                    }
                }
                own.retain(|c| globals.contains(c));
                own
            })
        })
        .collect();
    loop {
        let mut changed = false;
        for (i, p) in program.procedures.iter().enumerate() {
            let Some(cfg) = &p.body else { continue };
            for e in &cfg.edges {
                if let Command::Call { callee, .. } = &e.command {
                    let callee_set = match &sets[callee.0 as usize] {
                        Some(s) => s.clone(),
                        None => globals.clone(),
                    };
                    if let Some(mine) = &mut sets[i] {
                        let before = mine.len();
                        mine.extend(callee_set);
                        changed |= mine.len() != before;
                    }
                }
            }
        }
        if !changed {
            return sets;
        }
    }
}

/// The state along one path.
#[derive(Clone)]
pub(super) struct PathState {
    /// The current version of every variable, as a term.
    pub(super) now: FxHashMap<ConstId, TermId>,
    /// Hypotheses that hold here before this state's own facts (in the merged encoding, the
    /// reachability of the location and what defines it; empty on a path).
    pub(super) prefix: Vec<Hypothesis>,
    /// The facts assumed so far.
    pub(super) facts: Vec<Hypothesis>,
    /// The branches taken.
    pub(super) steps: Vec<PathStep>,
    /// Loop heads entered on this path (arriving again is the end of an iteration).
    pub(super) entered: Vec<Loc>,
    /// State facts already instantiated, by fact and the versions of what it mentions.
    pub(super) instances: BTreeSet<(usize, Vec<TermId>)>,
}

impl PathState {
    /// A state at `now` with no facts of its own.
    pub(super) fn at(now: FxHashMap<ConstId, TermId>, prefix: Vec<Hypothesis>) -> PathState {
        PathState {
            now,
            prefix,
            facts: Vec::new(),
            steps: Vec::new(),
            entered: Vec::new(),
            instances: BTreeSet::new(),
        }
    }
}

pub(crate) struct Generator<'p> {
    pub(super) program: &'p mut Program,
    pub(super) id: ProcId,
    pub(super) procedure: Procedure,
    pub(super) cfg: Cfg,
    pub(super) background: &'p [Hypothesis],
    pub(super) writes: &'p [WriteSet],
    pub(super) options: VcOptions,
    /// Loop heads: where control is cut.
    pub(super) cut: Vec<bool>,
    /// Edges that close a loop (indices into the graph's edges).
    pub(super) back_edges: Vec<usize>,
    /// For each loop head, the variables its loop may change.
    pub(super) loop_changes: FxHashMap<Loc, BTreeSet<ConstId>>,
    /// The entry state: every variable's own constant.
    pub(super) entry: FxHashMap<ConstId, TermId>,
    /// Constants mentioned by each state fact, for re-instantiating it when one changes.
    pub(super) state_fact_consts: Vec<Vec<ConstId>>,
    /// The last version number used per variable name.
    pub(super) versions: FxHashMap<String, u32>,
    pub(super) obligations: Vec<ProofObligation>,
    /// Facts made so far (numbers their hypotheses' names).
    pub(super) facts_made: usize,
}

impl<'p> Generator<'p> {
    pub(crate) fn new(
        program: &'p mut Program,
        id: ProcId,
        background: &'p [Hypothesis],
        writes: &'p [WriteSet],
        options: &VcOptions,
    ) -> Result<Generator<'p>, VcError> {
        let procedure = program.procedure(id).clone();
        let Some(cfg) = procedure.body.clone() else {
            return Err(VcError::NoBody(procedure.name.clone()));
        };
        let mut entry = FxHashMap::default();
        let variables: Vec<ConstId> = program.variables.iter().map(|v| v.constant).collect();
        for c in variables {
            let ty = program.consts[c.0 as usize].ty;
            let t = build::constant(&mut program.bank, c, ty, Span::default());
            entry.insert(c, t);
        }
        let state_fact_consts = program
            .state_facts
            .iter()
            .map(|f| {
                build::constants(&program.bank, f.formula)
                    .into_iter()
                    .filter(|c| program.variable(*c).is_some_and(|v| v.kind.is_global()))
                    .collect()
            })
            .collect();
        let mut versions: FxHashMap<String, u32> = FxHashMap::default();
        for decl in &program.consts {
            if let Some((base, n)) = decl.name.rsplit_once('@')
                && let Ok(n) = n.parse::<u32>()
            {
                let slot = versions.entry(base.to_string()).or_default();
                *slot = (*slot).max(n);
            }
        }
        let mut generator = Generator {
            program,
            id,
            procedure,
            cut: vec![false; cfg.locations.len()],
            back_edges: Vec::new(),
            cfg,
            background,
            writes,
            options: *options,
            loop_changes: FxHashMap::default(),
            entry,
            state_fact_consts,
            versions,
            obligations: Vec::new(),
            facts_made: 0,
        };
        generator.find_loops()?;
        Ok(generator)
    }

    /// Marks loop heads (targets of back edges, and locations with invariants) and what each
    /// loop may change; a cycle through no loop head is irreducible control flow.
    fn find_loops(&mut self) -> Result<(), VcError> {
        let n = self.cfg.locations.len();
        let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, e) in self.cfg.edges.iter().enumerate() {
            succ[e.from.0 as usize].push(i);
        }
        // Depth-first search from the entry; an edge to a location on the stack is a back edge.
        let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 done
        let mut back_edges = Vec::new();
        let mut stack: Vec<(usize, usize)> = vec![(self.cfg.entry.0 as usize, 0)];
        state[self.cfg.entry.0 as usize] = 1;
        while let Some((at, next)) = stack.last_mut() {
            let at = *at;
            if *next < succ[at].len() {
                let edge = succ[at][*next];
                *next += 1;
                let to = self.cfg.edges[edge].to.0 as usize;
                match state[to] {
                    0 => {
                        state[to] = 1;
                        stack.push((to, 0));
                    }
                    1 => back_edges.push(edge),
                    _ => {}
                }
            } else {
                state[at] = 2;
                stack.pop();
            }
        }
        for (i, loc) in self.cfg.locations.iter().enumerate() {
            if !loc.invariants.is_empty() {
                self.cut[i] = true;
            }
        }
        // The natural loop of each back edge: what reaches its source without passing its head.
        let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
        for e in &self.cfg.edges {
            pred[e.to.0 as usize].push(e.from.0 as usize);
        }
        let mut loops: FxHashMap<usize, BTreeSet<usize>> = FxHashMap::default();
        for &b in &back_edges {
            let head = self.cfg.edges[b].to.0 as usize;
            self.cut[head] = true;
            let body = loops.entry(head).or_insert_with(|| BTreeSet::from([head]));
            let mut todo = vec![self.cfg.edges[b].from.0 as usize];
            while let Some(x) = todo.pop() {
                if body.insert(x) {
                    todo.extend(pred[x].iter().copied());
                }
            }
        }
        // Every cycle must pass through a head: the graph without edges into heads is acyclic.
        let mut indegree = vec![0usize; n];
        for e in &self.cfg.edges {
            if !self.cut[e.to.0 as usize] {
                indegree[e.to.0 as usize] += 1;
            }
        }
        let mut ready: Vec<usize> = (0..n).filter(|&i| indegree[i] == 0).collect();
        let mut seen = 0;
        while let Some(x) = ready.pop() {
            seen += 1;
            for &edge in &succ[x] {
                let to = self.cfg.edges[edge].to.0 as usize;
                if !self.cut[to] {
                    indegree[to] -= 1;
                    if indegree[to] == 0 {
                        ready.push(to);
                    }
                }
            }
        }
        if seen != n {
            let at = (0..n).find(|&i| indegree[i] > 0).unwrap_or(0);
            return Err(VcError::Irreducible {
                name: self.procedure.name.clone(),
                at: Loc(at as u32),
            });
        }
        self.back_edges = back_edges.clone();
        let mut heads: Vec<usize> = loops.keys().copied().collect();
        heads.sort_unstable();
        for head in heads {
            let body = &loops[&head];
            let mut changes = BTreeSet::new();
            for e in &self.cfg.edges {
                if !(body.contains(&(e.from.0 as usize)) && body.contains(&(e.to.0 as usize))) {
                    continue;
                }
                match &e.command {
                    Command::Assign(pairs) => changes.extend(pairs.iter().map(|(c, _)| *c)),
                    Command::Havoc(vars) => changes.extend(vars.iter().copied()),
                    Command::Call { callee, results, .. } => {
                        changes.extend(results.iter().copied());
                        changes.extend(self.call_writes(*callee));
                    }
                    _ => {}
                }
            }
            self.loop_changes.insert(Loc(head as u32), changes);
        }
        Ok(())
    }

    /// The globals a call to `callee` gives new versions.
    fn call_writes(&self, callee: ProcId) -> Vec<ConstId> {
        match &self.writes[callee.0 as usize] {
            Some(set) => set.iter().copied().collect(),
            None => self.program.globals().map(|v| v.constant).collect(),
        }
    }

    /// The number of paths the walk would take (counted up to `limit + 1`).
    fn count_paths(&self, limit: usize) -> usize {
        fn go(g: &Generator<'_>, at: Loc, entered: &mut Vec<Loc>, count: &mut usize, limit: usize) {
            if *count > limit {
                return;
            }
            if g.cut[at.0 as usize] {
                if entered.contains(&at) {
                    *count += 1;
                    return;
                }
                entered.push(at);
            }
            let mut any = false;
            for e in g.cfg.successors(at) {
                any = true;
                go(g, e.to, entered, count, limit);
            }
            if !any {
                *count += 1;
            }
            if g.cut[at.0 as usize] && entered.last() == Some(&at) {
                entered.pop();
            }
        }
        let mut count = 0;
        go(self, self.cfg.entry, &mut Vec::new(), &mut count, limit);
        count
    }

    pub(crate) fn run(&mut self) -> Result<(), VcError> {
        let state = self.entry_state();
        let paths = self.count_paths(self.options.max_paths);
        if paths > self.options.max_paths {
            self.run_merged(state);
        } else {
            let entry = self.cfg.entry;
            self.arrive(entry, state, None);
        }
        Ok(())
    }

    /// The state on entry: background facts, the state facts of the entry state, the
    /// precondition and what the language guarantees.
    pub(super) fn entry_state(&mut self) -> PathState {
        let mut state = PathState::at(self.entry.clone(), Vec::new());
        for i in 0..self.program.background.len() {
            let f = self.program.background[i].clone();
            self.assume_fact(&mut state, &f);
        }
        let globals: Vec<ConstId> = self.program.globals().map(|v| v.constant).collect();
        self.instantiate_state_facts(&mut state, &globals);
        for c in self.procedure.requires.clone() {
            let t = self.now(&state, c.formula);
            let kind = c.fact_kind(ProgramFact::Precondition);
            self.assume(&mut state, t, kind, Some(c.span));
        }
        for f in self.procedure.assumes.clone() {
            self.assume_fact(&mut state, &f);
        }
        state
    }

    pub(crate) fn finish(mut self) -> Vec<ProofObligation> {
        let name = self.procedure.name.clone();
        name_obligations(&name, &mut self.obligations);
        self.obligations
    }

    // ------------------------------------------------------------------ the walk

    fn arrive(&mut self, to: Loc, mut state: PathState, via: Option<&Edge>) {
        if self.cut[to.0 as usize] {
            if state.entered.contains(&to) {
                self.check_invariants(&state, to, Obligation::LoopInvariantPreserved, via);
                return;
            }
            self.check_invariants(&state, to, Obligation::LoopInvariantEntry, via);
            self.enter_loop(&mut state, to);
        }
        if to == self.cfg.exit {
            self.check_exit(&state, via);
        }
        let edges: Vec<Edge> = self.cfg.successors(to).cloned().collect();
        let count = edges.len();
        for (i, edge) in edges.into_iter().enumerate() {
            // The last edge takes the state; the others work on copies.
            let branch =
                if i + 1 == count { std::mem::replace(&mut state, empty()) } else { state.clone() };
            self.follow(branch, &edge);
        }
    }

    fn follow(&mut self, mut state: PathState, edge: &Edge) {
        self.apply(&mut state, edge);
        self.arrive(edge.to, state, Some(edge));
    }

    /// What an edge's command does to a state: new versions, facts, and the checks it makes.
    pub(super) fn apply(&mut self, state: &mut PathState, edge: &Edge) {
        let state = &mut *state;
        match &edge.command {
            Command::Skip => {}
            Command::Assume { formula, fact } => {
                let t = self.now(state, *formula);
                if *fact == ProgramFact::Branch {
                    let text = self.show(t);
                    state.steps.push(PathStep { span: edge.span, text });
                }
                self.assume(state, t, *fact, edge.span);
            }
            Command::Assign(pairs) => {
                let values: Vec<TermId> = pairs.iter().map(|(_, e)| self.now(state, *e)).collect();
                let mut changed = Vec::new();
                for ((c, _), value) in pairs.iter().zip(values) {
                    let next = self.new_version(*c);
                    let eq = build::eq(&mut self.program.bank, next, value);
                    state.now.insert(*c, next);
                    self.assume(state, eq, ProgramFact::Statement, edge.span);
                    changed.push(*c);
                }
                self.instantiate_state_facts(state, &changed);
            }
            Command::Havoc(vars) => {
                for c in vars {
                    let next = self.new_version(*c);
                    state.now.insert(*c, next);
                }
                self.instantiate_state_facts(state, vars);
            }
            Command::Assert { formula, check, what } => {
                let t = self.now(state, *formula);
                let span = edge.span.unwrap_or(self.procedure.span);
                self.emit(state, t, *check, span, None, what.clone());
                self.assume(state, t, ProgramFact::Assumption, edge.span);
            }
            Command::Call { callee, args, results } => {
                self.call(state, *callee, args, results, edge.span);
            }
        }
    }

    /// A call by contract: check the precondition, give what the callee may change new
    /// versions, assume its frame and postcondition.
    fn call(
        &mut self,
        state: &mut PathState,
        callee: ProcId,
        args: &[TermId],
        results: &[ConstId],
        span: Option<Span>,
    ) {
        let target = self.program.procedure(callee).clone();
        let at = span.unwrap_or(self.procedure.span);
        // Arguments are evaluated in the state before the call.
        let arg_values: Vec<TermId> = args.iter().map(|a| self.now(state, *a)).collect();
        let mut before = state.now.clone();
        for (p, v) in target.params.iter().zip(&arg_values) {
            before.insert(*p, *v);
        }
        for c in &target.requires {
            let t = Substitution::new(&before, &before, self.program.old)
                .apply(&mut self.program.bank, c.formula);
            let what = match &c.origin {
                crate::ir::ConditionOrigin::Written => format!("precondition of {}", target.name),
                crate::ir::ConditionOrigin::ClassInvariant(n) => {
                    format!("class invariant {n}, required by {}", target.name)
                }
            };
            self.emit(state, t, c.precondition_kind(), c.span, Some(at), what);
            self.assume(state, t, ProgramFact::CallContract, span);
        }
        // What the callee may change gets new versions.
        let alloc = self.alloc();
        let alloc_before = alloc.map(|a| state.now[&a]);
        let mut changed = Vec::new();
        for g in self.call_writes(callee) {
            let var = self.program.variable(g).cloned();
            let Some(var) = var else { continue };
            let in_modifies =
                target.modifies.iter().any(|m| matches!(m, FrameItem::Variable(c) if *c == g));
            let next = self.new_version(g);
            let previous = state.now[&g];
            match &var.kind {
                VariableKind::Field { .. } if !in_modifies => {
                    let exceptions: Vec<TermId> = target
                        .modifies
                        .iter()
                        .filter_map(|m| match m {
                            FrameItem::FieldAt { field, object } if *field == g => Some(*object),
                            _ => None,
                        })
                        .map(|o| {
                            Substitution::new(&before, &before, self.program.old)
                                .apply(&mut self.program.bank, o)
                        })
                        .collect();
                    if let Some(alloc_before) = alloc_before {
                        let frame = self.unchanged_field(previous, next, alloc_before, &exceptions);
                        self.assume(state, frame, ProgramFact::CallContract, span);
                    }
                }
                VariableKind::Alloc => {
                    let grows =
                        build::formula(&mut self.program.bank, Prim::Subset, vec![previous, next]);
                    self.assume(state, grows, ProgramFact::CallContract, span);
                }
                VariableKind::Global if !in_modifies => {
                    // The callee's own frame check proves it leaves this alone.
                    continue;
                }
                _ => {}
            }
            state.now.insert(g, next);
            changed.push(g);
        }
        // Results.
        let mut after = state.now.clone();
        for (p, v) in target.params.iter().zip(&arg_values) {
            after.insert(*p, *v);
        }
        for (i, r) in target.results.iter().enumerate() {
            let receiver = results.get(i).copied();
            let value = match receiver {
                Some(local) => {
                    let next = self.new_version(local);
                    state.now.insert(local, next);
                    changed.push(local);
                    next
                }
                None => self.new_version(*r),
            };
            after.insert(*r, value);
        }
        for c in &target.ensures {
            let t = Substitution::new(&after, &before, self.program.old)
                .apply(&mut self.program.bank, c.formula);
            let kind = c.fact_kind(ProgramFact::CallContract);
            self.assume(state, t, kind, Some(c.span));
        }
        for f in &target.guarantees {
            let t = Substitution::new(&after, &before, self.program.old)
                .apply(&mut self.program.bank, f.formula);
            self.assume(state, t, f.kind, span);
        }
        self.instantiate_state_facts(state, &changed);
    }

    /// `ALL x. x : alloc & x ~= e1 & ... --> next x = previous x`.
    fn unchanged_field(
        &mut self,
        previous: TermId,
        next: TermId,
        alloc: TermId,
        exceptions: &[TermId],
    ) -> TermId {
        let bank = &mut self.program.bank;
        let field_ty = bank.term(previous).ty;
        let TyNode::Fun(domain, _) = *bank.ty_node(field_ty) else {
            unreachable!("a field is a function")
        };
        let span = bank.term(previous).span;
        let x = bank.new_var("x", domain, span);
        let xt = build::var(bank, x);
        let mut guard = build::mem(bank, xt, alloc);
        for e in exceptions {
            let same = build::eq(bank, xt, *e);
            let differs = build::not(bank, same);
            guard = build::and(bank, guard, differs);
        }
        let now_x = build::app(bank, next, xt);
        let before_x = build::app(bank, previous, xt);
        let eq = build::eq(bank, now_x, before_x);
        let body = build::implies(bank, guard, eq);
        build::all(bank, vec![x], body)
    }

    pub(super) fn enter_loop(&mut self, state: &mut PathState, head: Loc) {
        state.entered.push(head);
        let changes: Vec<ConstId> =
            self.loop_changes.get(&head).map(|s| s.iter().copied().collect()).unwrap_or_default();
        let alloc = self.alloc();
        let span = self.cfg.location(head).span;
        for c in &changes {
            let previous = state.now[c];
            let next = self.new_version(*c);
            state.now.insert(*c, next);
            if Some(*c) == alloc {
                let grows =
                    build::formula(&mut self.program.bank, Prim::Subset, vec![previous, next]);
                self.assume(state, grows, ProgramFact::LoopInvariant, span);
            }
        }
        self.instantiate_state_facts(state, &changes);
        for inv in self.cfg.location(head).invariants.clone() {
            let t = self.now(state, inv.formula);
            self.assume(state, t, inv.fact_kind(ProgramFact::LoopInvariant), Some(inv.span));
        }
    }

    pub(super) fn check_invariants(
        &mut self,
        state: &PathState,
        head: Loc,
        kind: Obligation,
        via: Option<&Edge>,
    ) {
        let at = via.and_then(|e| e.span).or(self.cfg.location(head).span);
        for inv in self.cfg.location(head).invariants.clone() {
            let t = self.now(state, inv.formula);
            let kind = match inv.origin {
                crate::ir::ConditionOrigin::Written => kind,
                crate::ir::ConditionOrigin::ClassInvariant(_) => Obligation::ClassInvariant,
            };
            self.emit(state, t, kind, inv.span, at, kind.describe().to_string());
        }
    }

    /// The postcondition and the frame, at the exit.
    pub(super) fn check_exit(&mut self, state: &PathState, via: Option<&Edge>) {
        let at = via.and_then(|e| e.span);
        // Parameters mean their values on entry.
        let mut now = state.now.clone();
        for p in &self.procedure.params {
            now.insert(*p, self.entry[p]);
        }
        for c in self.procedure.ensures.clone() {
            let t = Substitution::new(&now, &self.entry, self.program.old)
                .apply(&mut self.program.bank, c.formula);
            let what = match &c.origin {
                crate::ir::ConditionOrigin::Written => "postcondition".to_string(),
                crate::ir::ConditionOrigin::ClassInvariant(n) => format!("class invariant {n}"),
            };
            self.emit(state, t, c.postcondition_kind(), c.span, at, what);
        }
        let Some(alloc) = self.alloc() else { return };
        let alloc_entry = self.entry[&alloc];
        let globals: Vec<(ConstId, VariableKind, String)> =
            self.program.globals().map(|v| (v.constant, v.kind.clone(), v.name.clone())).collect();
        for (g, kind, name) in globals {
            if state.now[&g] == self.entry[&g] {
                continue;
            }
            let whole = self
                .procedure
                .modifies
                .iter()
                .any(|m| matches!(m, FrameItem::Variable(c) if *c == g));
            if whole {
                continue;
            }
            let goal = match kind {
                VariableKind::Field { .. } => {
                    let exceptions: Vec<TermId> = self
                        .procedure
                        .modifies
                        .iter()
                        .filter_map(|m| match m {
                            FrameItem::FieldAt { field, object } if *field == g => Some(*object),
                            _ => None,
                        })
                        .collect();
                    self.unchanged_field(self.entry[&g], state.now[&g], alloc_entry, &exceptions)
                }
                VariableKind::Global => {
                    build::eq(&mut self.program.bank, state.now[&g], self.entry[&g])
                }
                _ => continue,
            };
            let what = format!("{name} unchanged at every object allocated on entry");
            let span = self.procedure.span;
            self.emit(state, goal, Obligation::Frame, span, at, what);
        }
    }

    // ------------------------------------------------------------------ facts and checks

    pub(super) fn emit(
        &mut self,
        state: &PathState,
        goal: TermId,
        check: Obligation,
        span: Span,
        at: Option<Span>,
        what: String,
    ) {
        let mut hypotheses: Vec<Hypothesis> = self.background.to_vec();
        hypotheses.extend(state.prefix.iter().cloned());
        hypotheses.extend(state.facts.iter().cloned());
        self.obligations.push(ProofObligation {
            procedure: self.id,
            sequent: sequent(hypotheses, goal, check, span),
            check,
            span,
            at,
            what,
            path: state.steps.clone(),
            all_paths: !state.prefix.is_empty(),
        });
    }

    pub(super) fn assume(
        &mut self,
        state: &mut PathState,
        formula: TermId,
        kind: ProgramFact,
        span: Option<Span>,
    ) {
        // Numbered across the procedure, so the hypotheses of different paths (which the merged
        // encoding puts in one sequent) never share a name.
        self.facts_made += 1;
        let name = format!("{}_{}", fact_word(kind), self.facts_made);
        state.facts.push(Hypothesis {
            name,
            formula,
            type_params: Vec::new(),
            kind: HypothesisKind::Program(kind),
            span,
        });
    }

    pub(super) fn assume_fact(&mut self, state: &mut PathState, fact: &Fact) {
        let t = self.now(state, fact.formula);
        self.assume(state, t, fact.kind, fact.span);
    }

    /// Assumes the state facts that mention any of `changed`, at the current versions.
    pub(super) fn instantiate_state_facts(&mut self, state: &mut PathState, changed: &[ConstId]) {
        for i in 0..self.program.state_facts.len() {
            let mentions = &self.state_fact_consts[i];
            if !mentions.iter().any(|c| changed.contains(c)) {
                continue;
            }
            let key: Vec<TermId> = mentions.iter().map(|c| state.now[c]).collect();
            if !state.instances.insert((i, key)) {
                continue;
            }
            let fact = self.program.state_facts[i].clone();
            self.assume_fact(state, &fact);
        }
    }

    /// A term in the path's current state.
    pub(super) fn now(&mut self, state: &PathState, t: TermId) -> TermId {
        Substitution::new(&state.now, &self.entry, self.program.old)
            .apply(&mut self.program.bank, t)
    }

    /// A fresh version of a variable: a new constant of its type named `name@k`.
    pub(super) fn new_version(&mut self, c: ConstId) -> TermId {
        let base = self.program.display_name(c);
        let ty = self.program.consts[c.0 as usize].ty;
        self.fresh_constant(&base, ty)
    }

    /// A new constant `base@k` of type `ty`, `k` unique for `base` in the signature.
    pub(super) fn fresh_constant(&mut self, base: &str, ty: crate::hol::TyId) -> TermId {
        let slot = self.versions.entry(base.to_string()).or_default();
        *slot += 1;
        let name = format!("{base}@{slot}");
        let id = ConstId(self.program.consts.len() as u32);
        self.program.consts.push(ConstDecl {
            name,
            ty,
            params: Vec::new(),
            span: None,
            kind: ConstKind::Declared,
        });
        build::constant(&mut self.program.bank, id, ty, Span::default())
    }

    pub(super) fn alloc(&self) -> Option<ConstId> {
        self.program.variables.iter().find(|v| v.kind == VariableKind::Alloc).map(|v| v.constant)
    }

    pub(super) fn show(&self, t: TermId) -> String {
        crate::ir::show_term(self.program, t)
    }
}

fn empty() -> PathState {
    PathState::at(FxHashMap::default(), Vec::new())
}

/// The word a fact's hypothesis name starts with.
fn fact_word(kind: ProgramFact) -> &'static str {
    match kind {
        ProgramFact::Precondition => "pre",
        ProgramFact::ClassInvariant => "inv",
        ProgramFact::Branch => "branch",
        ProgramFact::Statement => "stmt",
        ProgramFact::CallContract => "call",
        ProgramFact::LoopInvariant => "loopinv",
        ProgramFact::Assumption => "assume",
        ProgramFact::Typing => "typing",
        ProgramFact::HeapModel => "heap",
        ProgramFact::Abort => "abort",
    }
}
