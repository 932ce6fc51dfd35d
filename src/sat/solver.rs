//! The CDCL search: clause arena, watched-literal propagation, first-UIP analysis with
//! minimisation, restarts, learned-clause reduction, assumptions, proof recording, and the
//! theory hook (lemmas of a [`Theory`] inserted mid-search, whatever the state of their
//! literals: see `insert_lemma`).
//!
//! Proof recording never steers the search: with or without it the same decisions are made, so
//! the counters are equal. A derived clause's chain is computed after analysis from the final
//! learned clause: start from the conflict clause, collect every false literal reachable through
//! reasons that is neither in the learned clause nor assigned at level 0, and resolve their
//! reasons in reverse trail order, then the level-0 units. Reverse trail order makes the chain a
//! trivial resolution (a pivot once resolved never comes back), because a reason only contains
//! literals assigned before the literal it implies.

use crate::syntax::clock::Stopwatch;
use std::cmp::Reverse;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::check::Checker;
use super::heap::VarHeap;
use super::lit::{Lit, Var};
use super::proof::{ClauseId, Proof};
use super::theory::{Assignment, Theory, TheoryAnswer};
use super::{
    CheckReport, Limits, Model, ProofError, RestartPolicy, SatResult, SolverError, SolverOptions,
    Stats, StopReason,
};

const TRUE: i8 = 1;
const FALSE: i8 = -1;
const UNDEF: i8 = 0;

/// No clause (a decision, a level-0 unit, or "no conflict").
const NO_CLAUSE: u32 = u32::MAX;
/// Marks a watcher of a binary clause: its blocker is the other literal.
const BINARY: u32 = 1 << 31;
/// No clause id (a level-0 unit whose derivation is not recorded).
const NO_ID: ClauseId = ClauseId(u32::MAX);

#[derive(Clone, Copy, Debug)]
struct Watcher {
    /// Clause index, with [`BINARY`] set for binary clauses.
    cref: u32,
    /// A literal of the clause; if it is true the clause need not be visited.
    blocker: Lit,
}

#[derive(Clone, Copy, Debug)]
struct Header {
    start: u32,
    len: u32,
    id: ClauseId,
    lbd: u32,
    activity: f32,
    learnt: bool,
    deleted: bool,
}

/// An exponential moving average with bias correction, so that early values are not pulled
/// towards the zero it starts from.
#[derive(Clone, Copy, Debug)]
struct Ema {
    biased: f64,
    alpha: f64,
    /// `(1 - alpha)^n` after `n` updates.
    decay: f64,
}

impl Ema {
    fn new(window: f64) -> Ema {
        Ema { biased: 0.0, alpha: 1.0 / window, decay: 1.0 }
    }

    fn update(&mut self, x: f64) {
        self.biased += self.alpha * (x - self.biased);
        self.decay *= 1.0 - self.alpha;
    }

    fn value(&self) -> f64 {
        if self.decay >= 1.0 { 0.0 } else { self.biased / (1.0 - self.decay) }
    }
}

/// The `i`-th element (from 0) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ...
pub(crate) fn luby(mut i: u64) -> u64 {
    let mut size = 1u64;
    let mut power = 0u32;
    while size < i + 1 {
        power += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) / 2;
        power -= 1;
        i %= size;
    }
    1u64 << power
}

/// Outcome of one round of the search loop.
enum Outcome {
    Sat,
    Unsat,
    Stopped(StopReason),
}

/// What one exchange with the theory did to the search.
enum TheoryEffect {
    /// Nothing changed: go on deciding.
    Quiet,
    /// The trail changed (an assignment or a backjump): propagate again.
    Changed,
    /// The empty clause was derived.
    Unsat,
    /// The theory asked to stop.
    Stop,
}

/// A CDCL SAT solver. See the [module documentation](super) for the design.
pub struct Solver {
    options: SolverOptions,
    stats: Stats,
    limits: Limits,
    cancel: Option<Arc<AtomicBool>>,

    // Original clauses as given (sorted, duplicates removed), for model checking.
    originals: Vec<Lit>,
    original_ranges: Vec<(usize, u32, ClauseId)>,
    next_id: u32,
    proof: Option<Proof>,
    checker: Checker,
    last_check: Option<CheckReport>,

    // Clause arena.
    clause_lits: Vec<Lit>,
    clauses: Vec<Header>,
    wasted: usize,
    /// Arena compactions so far (tests check that they happen).
    collections: u64,
    watches: Vec<Vec<Watcher>>,

    // Assignment.
    value: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<u32>,
    trail_pos: Vec<u32>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    qhead: usize,
    /// Trail prefix the theory of `solve_with_theory` has been shown.
    theory_head: usize,
    /// The clause id of the unit clause `{x}` for each literal `x` true at level 0.
    unit_id: Vec<ClauseId>,
    /// Trail prefix whose level-0 units have ids.
    units_done: usize,
    /// Level-0 trail length at the last removal of satisfied clauses.
    simplified_at: usize,

    // Decisions.
    activity: Vec<f64>,
    var_inc: f64,
    cla_inc: f64,
    heap: VarHeap,
    phase_negative: Vec<bool>,

    // Restarts and reduction.
    lbd_fast: Ema,
    lbd_slow: Ema,
    conflicts_since_restart: u64,
    next_reduce: u64,

    // Scratch for analysis and chains.
    seen: Vec<bool>,
    to_clear: Vec<Lit>,
    stack: Vec<Lit>,
    level_stamp: Vec<u32>,
    stamp: u32,
    keep_mark: Vec<u32>,
    visit_mark: Vec<u32>,
    mark_stamp: u32,

    /// False once the clauses are unsatisfiable without assumptions.
    ok: bool,
    /// The empty clause, once derived (or given).
    empty_clause: Option<ClauseId>,
    /// The root of the last `Unsat` answer's proof.
    last_root: Option<ClauseId>,
    /// A clause falsified at level 0 by `add_clause`, whose empty-clause derivation is recorded
    /// when `solve` starts.
    pending_conflict: Option<(ClauseId, Vec<Lit>)>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default options (no proof logging).
    pub fn new() -> Solver {
        Solver::with_options(SolverOptions::default())
    }

    /// A solver with these options.
    pub fn with_options(mut options: SolverOptions) -> Solver {
        options.proof |= options.check_proofs;
        Solver {
            stats: Stats::default(),
            limits: Limits::default(),
            cancel: None,
            originals: Vec::new(),
            original_ranges: Vec::new(),
            next_id: 0,
            proof: options.proof.then(Proof::new),
            checker: Checker::new(),
            last_check: None,
            clause_lits: Vec::new(),
            clauses: Vec::new(),
            wasted: 0,
            collections: 0,
            watches: Vec::new(),
            value: Vec::new(),
            level: Vec::new(),
            reason: Vec::new(),
            trail_pos: Vec::new(),
            trail: Vec::new(),
            trail_lim: Vec::new(),
            qhead: 0,
            theory_head: 0,
            unit_id: Vec::new(),
            units_done: 0,
            simplified_at: 0,
            activity: Vec::new(),
            var_inc: 1.0,
            cla_inc: 1.0,
            heap: VarHeap::default(),
            phase_negative: Vec::new(),
            lbd_fast: Ema::new(32.0),
            lbd_slow: Ema::new(8192.0),
            conflicts_since_restart: 0,
            next_reduce: options.reduce_first,
            seen: Vec::new(),
            to_clear: Vec::new(),
            stack: Vec::new(),
            level_stamp: vec![0],
            stamp: 0,
            keep_mark: Vec::new(),
            visit_mark: Vec::new(),
            mark_stamp: 0,
            ok: true,
            empty_clause: None,
            last_root: None,
            pending_conflict: None,
            options,
        }
    }

    /// The options the solver runs with.
    pub fn options(&self) -> &SolverOptions {
        &self.options
    }

    /// Budgets for each following `solve` call.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// A flag polled during search; raising it makes `solve` return
    /// `Unknown(StopReason::Cancelled)`.
    pub fn set_cancel_flag(&mut self, flag: Arc<AtomicBool>) {
        self.cancel = Some(flag);
    }

    /// The counters so far (over all `solve` calls).
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The recorded proof, if proof logging is on.
    pub fn proof(&self) -> Option<&Proof> {
        self.proof.as_ref()
    }

    /// The root of the last `Unsat` answer's proof: the empty clause, or under assumptions the
    /// derived clause made of the negated failed assumptions. `None` without proof logging, or
    /// when two assumptions contradict each other directly.
    pub fn refutation(&self) -> Option<ClauseId> {
        self.last_root
    }

    /// The original clauses the last `Unsat` answer's proof rests on, ascending.
    pub fn core(&self) -> Option<Vec<ClauseId>> {
        Some(self.proof.as_ref()?.leaves(self.last_root?))
    }

    /// What the proof check of the last `Unsat` answer covered, if it was checked.
    pub fn last_check(&self) -> Option<CheckReport> {
        self.last_check
    }

    /// The number of variables.
    pub fn num_vars(&self) -> u32 {
        self.level.len() as u32
    }

    /// A fresh variable.
    pub fn new_var(&mut self) -> Var {
        let v = Var(self.num_vars());
        self.ensure_var(v);
        v
    }

    /// The value the next decision on `v` tries first (phase saving replaces it once `v` has
    /// been assigned): its negative literal when `negative`.
    pub fn set_phase(&mut self, v: Var, negative: bool) {
        self.ensure_var(v);
        self.phase_negative[v.index()] = negative;
    }

    /// Makes sure variables up to `v` exist.
    pub fn ensure_var(&mut self, v: Var) {
        let n = v.index() + 1;
        if n <= self.level.len() {
            return;
        }
        let old = self.level.len();
        self.value.resize(2 * n, UNDEF);
        self.watches.resize_with(2 * n, Vec::new);
        self.level.resize(n, 0);
        self.reason.resize(n, NO_CLAUSE);
        self.trail_pos.resize(n, 0);
        self.unit_id.resize(n, NO_ID);
        self.activity.resize(n, 0.0);
        self.phase_negative.resize(n, true);
        self.seen.resize(n, false);
        self.keep_mark.resize(n, 0);
        self.visit_mark.resize(n, 0);
        self.heap.grow(n);
        for i in old..n {
            self.heap.insert(Var(i as u32), &self.activity);
        }
    }

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    fn lit_value(&self, lit: Lit) -> i8 {
        self.value[lit.index()]
    }

    fn clause(&self, cref: u32) -> &[Lit] {
        let h = &self.clauses[cref as usize];
        &self.clause_lits[h.start as usize..(h.start + h.len) as usize]
    }

    fn fresh_id(&mut self) -> ClauseId {
        let id = ClauseId(self.next_id);
        self.next_id += 1;
        id
    }

    /// Records a derived clause (when proof logging is on) and returns its id.
    fn record_derived(
        &mut self,
        clause: &[Lit],
        antecedents: &[ClauseId],
        pivots: &[Lit],
    ) -> ClauseId {
        let id = self.fresh_id();
        if let Some(proof) = &mut self.proof {
            let mut sorted = clause.to_vec();
            sorted.sort_unstable();
            let recorded = proof.add_derived(&sorted, antecedents, pivots);
            debug_assert_eq!(recorded, id);
        }
        id
    }

    /// Adds an original clause and returns its id. Variables are created as needed. Clauses may
    /// be added between `solve` calls; a clause that is already satisfied, a tautology, or added
    /// after the clauses became unsatisfiable still gets an id (and is checked against models).
    ///
    /// Nothing is derived here (level-0 units and a level-0 conflict get their proof steps when
    /// `solve` starts), so the clauses added before the first `solve` have the ids `0, 1, 2, ..`
    /// in the order they were added.
    pub fn add_clause(&mut self, lits: &[Lit]) -> ClauseId {
        let (id, mut clause) = self.record_original(lits);
        if !self.ok {
            return id;
        }
        debug_assert_eq!(self.decision_level(), 0);
        if clause.windows(2).any(|w| w[0].var() == w[1].var()) {
            return id; // a tautology
        }
        if clause.iter().any(|&l| self.lit_value(l) == TRUE) {
            return id; // satisfied at level 0, forever
        }
        // Watch non-false literals first.
        clause.sort_by_key(|&l| self.lit_value(l) == FALSE);
        let free = clause.iter().take_while(|&&l| self.lit_value(l) != FALSE).count();
        match (clause.len(), free) {
            (_, 0) => {
                self.ok = false;
                self.pending_conflict = Some((id, clause));
                return id;
            }
            (1, _) => {
                self.assign(clause[0], NO_CLAUSE);
                self.unit_id[clause[0].var().index()] = id;
            }
            _ => {
                let cref = self.attach_new(&clause, id, false, 0);
                if free == 1 {
                    self.assign(clause[0], cref);
                }
            }
        }
        let conflict = self.propagate();
        if conflict != NO_CLAUSE {
            self.ok = false;
            let lits = self.clause(conflict).to_vec();
            self.pending_conflict = Some((self.clauses[conflict as usize].id, lits));
        }
        id
    }

    /// Stores a clause in the arena and watches its first two literals.
    fn attach_new(&mut self, lits: &[Lit], id: ClauseId, learnt: bool, lbd: u32) -> u32 {
        debug_assert!(lits.len() >= 2);
        let cref = self.clauses.len() as u32;
        assert!(cref < BINARY, "too many clauses for the arena");
        let start = self.clause_lits.len() as u32;
        self.clause_lits.extend_from_slice(lits);
        self.clauses.push(Header {
            start,
            len: lits.len() as u32,
            id,
            lbd,
            activity: 0.0,
            learnt,
            deleted: false,
        });
        self.watch(cref);
        cref
    }

    fn watch(&mut self, cref: u32) {
        let h = self.clauses[cref as usize];
        let (a, b) = (self.clause_lits[h.start as usize], self.clause_lits[h.start as usize + 1]);
        let flag = if h.len == 2 { BINARY } else { 0 };
        self.watches[a.index()].push(Watcher { cref: cref | flag, blocker: b });
        self.watches[b.index()].push(Watcher { cref: cref | flag, blocker: a });
    }

    fn assign(&mut self, lit: Lit, reason: u32) {
        let v = lit.var().index();
        self.value[lit.index()] = TRUE;
        self.value[(!lit).index()] = FALSE;
        self.level[v] = self.decision_level();
        self.reason[v] = reason;
        self.trail_pos[v] = self.trail.len() as u32;
        self.trail.push(lit);
    }

    /// Unit propagation over the watch lists; returns the conflicting clause or [`NO_CLAUSE`].
    fn propagate(&mut self) -> u32 {
        let mut conflict = NO_CLAUSE;
        while self.qhead < self.trail.len() && conflict == NO_CLAUSE {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            self.stats.propagations += 1;
            let false_lit = !p;
            let mut ws = std::mem::take(&mut self.watches[false_lit.index()]);
            let n = ws.len();
            let (mut i, mut j) = (0, 0);
            while i < n {
                let w = ws[i];
                i += 1;
                let blocker_value = self.value[w.blocker.index()];
                if blocker_value == TRUE {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                if w.cref & BINARY != 0 {
                    ws[j] = w;
                    j += 1;
                    if blocker_value == FALSE {
                        conflict = w.cref & !BINARY;
                        break;
                    }
                    self.assign(w.blocker, w.cref & !BINARY);
                    continue;
                }
                let cref = w.cref;
                let h = self.clauses[cref as usize];
                let (start, len) = (h.start as usize, h.len as usize);
                let lits = &mut self.clause_lits[start..start + len];
                if lits[0] == false_lit {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                let kept = Watcher { cref, blocker: first };
                if first != w.blocker && self.value[first.index()] == TRUE {
                    ws[j] = kept;
                    j += 1;
                    continue;
                }
                let mut moved = false;
                for k in 2..len {
                    let l = lits[k];
                    if self.value[l.index()] != FALSE {
                        lits[1] = l;
                        lits[k] = false_lit;
                        self.watches[l.index()].push(kept);
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                ws[j] = kept;
                j += 1;
                if self.value[first.index()] == FALSE {
                    conflict = cref;
                    break;
                }
                self.assign(first, cref);
            }
            while i < n {
                ws[j] = ws[i];
                j += 1;
                i += 1;
            }
            ws.truncate(j);
            self.watches[false_lit.index()] = ws;
        }
        if conflict != NO_CLAUSE {
            self.qhead = self.trail.len();
        }
        conflict
    }

    fn new_decision_level(&mut self) {
        self.trail_lim.push(self.trail.len());
    }

    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let keep = self.trail_lim[level as usize];
        for i in (keep..self.trail.len()).rev() {
            let lit = self.trail[i];
            let v = lit.var();
            self.value[lit.index()] = UNDEF;
            self.value[(!lit).index()] = UNDEF;
            self.reason[v.index()] = NO_CLAUSE;
            self.phase_negative[v.index()] = lit.is_negative();
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(keep);
        self.trail_lim.truncate(level as usize);
        self.qhead = self.qhead.min(keep);
        self.theory_head = self.theory_head.min(keep);
    }

    fn bump_var(&mut self, v: Var) {
        let a = &mut self.activity[v.index()];
        *a += self.var_inc;
        if *a > 1e100 {
            for x in &mut self.activity {
                *x *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        self.heap.increased(v, &self.activity);
    }

    fn bump_clause(&mut self, cref: u32) {
        let h = &mut self.clauses[cref as usize];
        h.activity += self.cla_inc as f32;
        if h.activity > 1e20 {
            for c in &mut self.clauses {
                c.activity *= 1e-20;
            }
            self.cla_inc *= 1e-20;
        }
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.level_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// The number of distinct decision levels among `lits`.
    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let stamp = self.next_stamp();
        let needed = self.decision_level() as usize + 1;
        if self.level_stamp.len() < needed {
            self.level_stamp.resize(needed, 0);
        }
        let mut count = 0;
        for &l in lits {
            let lv = self.level[l.var().index()] as usize;
            if self.level_stamp[lv] != stamp {
                self.level_stamp[lv] = stamp;
                count += 1;
            }
        }
        count
    }

    fn abstract_level(&self, v: Var) -> u32 {
        1 << (self.level[v.index()] & 31)
    }

    /// First-UIP analysis of a conflict at a level above 0. Returns the learned clause (the
    /// asserting literal first, a literal of the backjump level second) and the backjump level.
    fn analyze(&mut self, conflict: u32) -> (Vec<Lit>, u32) {
        let mut learnt = vec![Lit::from_code(0)];
        let mut path = 0u32;
        let mut p: Option<Lit> = None;
        let mut index = self.trail.len();
        let mut cref = conflict;
        let current = self.decision_level();
        loop {
            let h = self.clauses[cref as usize];
            if h.learnt {
                self.bump_clause(cref);
                if h.lbd > 2 {
                    let lits = self.clause(cref).to_vec();
                    let lbd = self.lbd(&lits);
                    if lbd < h.lbd {
                        self.clauses[cref as usize].lbd = lbd;
                    }
                }
            }
            for k in 0..h.len as usize {
                let q = self.clause_lits[h.start as usize + k];
                let v = q.var();
                if p.is_some_and(|p| p.var() == v) {
                    continue;
                }
                if !self.seen[v.index()] && self.level[v.index()] > 0 {
                    self.seen[v.index()] = true;
                    self.bump_var(v);
                    if self.level[v.index()] >= current {
                        path += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            loop {
                index -= 1;
                if self.seen[self.trail[index].var().index()] {
                    break;
                }
            }
            let lit = self.trail[index];
            p = Some(lit);
            self.seen[lit.var().index()] = false;
            path -= 1;
            if path == 0 {
                break;
            }
            cref = self.reason[lit.var().index()];
        }
        learnt[0] = !p.expect("the conflict has a literal at the current level");

        // Recursive minimisation: drop literals implied by the others.
        self.to_clear.clear();
        self.to_clear.extend_from_slice(&learnt);
        if self.options.minimise {
            let levels = learnt[1..].iter().fold(0u32, |acc, l| acc | self.abstract_level(l.var()));
            let before = learnt.len();
            let mut kept = 1;
            for i in 1..learnt.len() {
                let l = learnt[i];
                if self.reason[l.var().index()] == NO_CLAUSE || !self.redundant(l, levels) {
                    learnt[kept] = l;
                    kept += 1;
                }
            }
            learnt.truncate(kept);
            self.stats.minimised_literals += (before - kept) as u64;
        }
        for i in 0..self.to_clear.len() {
            let v = self.to_clear[i].var();
            self.seen[v.index()] = false;
        }

        // Backjump to the highest level among the other literals; put one of them second.
        let mut backjump = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 2..learnt.len() {
                if self.level[learnt[i].var().index()] > self.level[learnt[best].var().index()] {
                    best = i;
                }
            }
            learnt.swap(1, best);
            backjump = self.level[learnt[1].var().index()];
        }
        (learnt, backjump)
    }

    /// True if `lit` (false, in the learned clause) is implied by the other literals of the
    /// learned clause through reasons; marks what it visits in `seen`, undoing on failure.
    fn redundant(&mut self, lit: Lit, levels: u32) -> bool {
        self.stack.clear();
        self.stack.push(lit);
        let top = self.to_clear.len();
        while let Some(q) = self.stack.pop() {
            let cref = self.reason[q.var().index()];
            let h = self.clauses[cref as usize];
            for k in 0..h.len as usize {
                let l = self.clause_lits[h.start as usize + k];
                let v = l.var();
                if v == q.var() || self.seen[v.index()] || self.level[v.index()] == 0 {
                    continue;
                }
                if self.reason[v.index()] != NO_CLAUSE && self.abstract_level(v) & levels != 0 {
                    self.seen[v.index()] = true;
                    self.stack.push(l);
                    self.to_clear.push(l);
                } else {
                    for i in top..self.to_clear.len() {
                        let u = self.to_clear[i].var();
                        self.seen[u.index()] = false;
                    }
                    self.to_clear.truncate(top);
                    return false;
                }
            }
        }
        true
    }

    fn next_mark(&mut self) -> u32 {
        self.mark_stamp = self.mark_stamp.wrapping_add(1);
        if self.mark_stamp == 0 {
            self.keep_mark.iter_mut().for_each(|s| *s = 0);
            self.visit_mark.iter_mut().for_each(|s| *s = 0);
            self.mark_stamp = 1;
        }
        self.mark_stamp
    }

    /// The literal of `v` that is true now.
    fn true_lit(&self, v: Var) -> Lit {
        let pos = v.positive();
        if self.lit_value(pos) == TRUE { pos } else { !pos }
    }

    /// The resolution chain that derives, from clause `start` (whose literals are false, or kept),
    /// the clause of its literals that are kept: marked in `keep_mark` with the current stamp, or
    /// decisions. Everything else is resolved away through reasons in reverse trail order, then
    /// through level-0 units.
    fn chain(
        &mut self,
        start: ClauseId,
        start_lits: &[Lit],
        mark: u32,
    ) -> (Vec<ClauseId>, Vec<Lit>) {
        let mut resolve = Vec::new();
        let mut units = Vec::new();
        self.stack.clear();
        self.stack.extend_from_slice(start_lits);
        while let Some(l) = self.stack.pop() {
            let v = l.var();
            if self.visit_mark[v.index()] == mark {
                continue;
            }
            self.visit_mark[v.index()] = mark;
            if self.keep_mark[v.index()] == mark {
                continue;
            }
            if self.level[v.index()] == 0 {
                units.push(v);
                continue;
            }
            let cref = self.reason[v.index()];
            if cref == NO_CLAUSE {
                continue; // a decision stays in the derived clause
            }
            resolve.push(v);
            let h = self.clauses[cref as usize];
            for k in 0..h.len as usize {
                let q = self.clause_lits[h.start as usize + k];
                if q.var() != v {
                    self.stack.push(q);
                }
            }
        }
        resolve.sort_unstable_by_key(|v| Reverse(self.trail_pos[v.index()]));
        units.sort_unstable_by_key(|v| Reverse(self.trail_pos[v.index()]));
        let mut antecedents = Vec::with_capacity(1 + resolve.len() + units.len());
        let mut pivots = Vec::with_capacity(resolve.len() + units.len());
        antecedents.push(start);
        for v in resolve {
            antecedents.push(self.clauses[self.reason[v.index()] as usize].id);
            pivots.push(self.true_lit(v));
        }
        for v in units {
            antecedents.push(self.unit_id[v.index()]);
            pivots.push(self.true_lit(v));
        }
        (antecedents, pivots)
    }

    /// Gives every level-0 literal on the trail a unit clause id, deriving `{x}` from its reason
    /// and the units of the reason's other literals.
    fn ensure_unit_ids(&mut self) {
        if self.proof.is_none() {
            self.units_done = self.trail.len();
            return;
        }
        let end = self.trail_lim.first().copied().unwrap_or(self.trail.len());
        while self.units_done < end {
            let lit = self.trail[self.units_done];
            self.units_done += 1;
            let v = lit.var();
            if self.unit_id[v.index()] != NO_ID {
                continue;
            }
            let cref = self.reason[v.index()];
            if cref == NO_CLAUSE {
                continue; // cannot happen: level-0 literals without reason get ids when assigned
            }
            let mut antecedents = vec![self.clauses[cref as usize].id];
            let mut pivots = Vec::new();
            for &q in self.clause(cref) {
                if q.var() != v {
                    antecedents.push(self.unit_id[q.var().index()]);
                    pivots.push(!q);
                }
            }
            let id = self.record_derived(&[lit], &antecedents, &pivots);
            self.unit_id[v.index()] = id;
        }
    }

    /// Derives the empty clause from a clause falsified at level 0 and marks the solver
    /// inconsistent.
    fn derive_empty(&mut self, start: ClauseId, start_lits: &[Lit]) {
        self.ok = false;
        if self.proof.is_none() {
            return;
        }
        let mark = self.next_mark();
        let (antecedents, pivots) = self.chain(start, start_lits, mark);
        let id = if start_lits.is_empty() {
            start
        } else {
            self.record_derived(&[], &antecedents, &pivots)
        };
        self.empty_clause = Some(id);
    }

    /// True if the clause is the reason of one of its (first two) literals.
    fn locked(&self, cref: u32) -> bool {
        let h = self.clauses[cref as usize];
        (0..2.min(h.len as usize)).any(|k| {
            let l = self.clause_lits[h.start as usize + k];
            self.lit_value(l) == TRUE && self.reason[l.var().index()] == cref
        })
    }

    /// Deletes half of the learned clauses that are neither glue (LBD ≤ 2) nor reasons.
    fn reduce(&mut self) {
        self.stats.reductions += 1;
        let mut candidates: Vec<u32> = (0..self.clauses.len() as u32)
            .filter(|&c| {
                let h = &self.clauses[c as usize];
                h.learnt && !h.deleted && h.lbd > 2 && !self.locked(c)
            })
            .collect();
        candidates.sort_unstable_by(|&a, &b| {
            let (x, y) = (&self.clauses[a as usize], &self.clauses[b as usize]);
            y.lbd.cmp(&x.lbd).then(x.activity.total_cmp(&y.activity)).then(x.id.cmp(&y.id))
        });
        for &c in &candidates[..candidates.len() / 2] {
            self.delete(c);
            self.stats.deleted += 1;
        }
        self.clean_watches();
    }

    fn delete(&mut self, cref: u32) {
        let h = &mut self.clauses[cref as usize];
        h.deleted = true;
        self.wasted += h.len as usize;
    }

    /// Drops watchers of deleted clauses; compacts the arena when half of it is garbage.
    fn clean_watches(&mut self) {
        if self.wasted * 2 > self.clause_lits.len() {
            self.collect_garbage();
            return;
        }
        let clauses = &self.clauses;
        for ws in &mut self.watches {
            ws.retain(|w| !clauses[(w.cref & !BINARY) as usize].deleted);
        }
    }

    /// Copies live clauses into a fresh arena, renumbers reasons and rebuilds the watch lists.
    fn collect_garbage(&mut self) {
        self.collections += 1;
        let mut new_lits = Vec::with_capacity(self.clause_lits.len() - self.wasted);
        let mut new_clauses = Vec::new();
        let mut moved = vec![NO_CLAUSE; self.clauses.len()];
        for (i, h) in self.clauses.iter().enumerate() {
            if h.deleted {
                continue;
            }
            moved[i] = new_clauses.len() as u32;
            let start = new_lits.len() as u32;
            new_lits
                .extend_from_slice(&self.clause_lits[h.start as usize..(h.start + h.len) as usize]);
            new_clauses.push(Header { start, ..*h });
        }
        for &lit in &self.trail {
            let r = &mut self.reason[lit.var().index()];
            if *r != NO_CLAUSE {
                *r = moved[*r as usize];
            }
        }
        self.clause_lits = new_lits;
        self.clauses = new_clauses;
        self.wasted = 0;
        for ws in &mut self.watches {
            ws.clear();
        }
        for c in 0..self.clauses.len() as u32 {
            self.watch(c);
        }
    }

    /// At level 0 with new units: removes every clause satisfied at level 0. Reasons of level-0
    /// literals are forgotten first: proofs use the level-0 unit ids instead.
    fn simplify(&mut self) {
        debug_assert_eq!(self.decision_level(), 0);
        if self.trail.len() == self.simplified_at {
            return;
        }
        self.simplified_at = self.trail.len();
        for i in 0..self.trail.len() {
            let v = self.trail[i].var();
            self.reason[v.index()] = NO_CLAUSE;
        }
        for c in 0..self.clauses.len() {
            let h = self.clauses[c];
            if h.deleted {
                continue;
            }
            let lits = &self.clause_lits[h.start as usize..(h.start + h.len) as usize];
            if lits.iter().any(|&l| self.value[l.index()] == TRUE) {
                self.delete(c as u32);
            }
        }
        self.clean_watches();
    }

    fn restart_due(&self) -> bool {
        match self.options.restarts {
            RestartPolicy::Luby => self.conflicts_since_restart >= 100 * luby(self.stats.restarts),
            RestartPolicy::Glucose => {
                self.conflicts_since_restart >= 50
                    && self.lbd_fast.value() > 1.25 * self.lbd_slow.value()
            }
        }
    }

    fn pick_branch(&mut self) -> Option<Lit> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.lit_value(v.positive()) == UNDEF {
                return Some(Lit::new(v, self.phase_negative[v.index()]));
            }
        }
        None
    }

    /// Learns from a conflict at a level above 0: analysis, proof chain, backjump, assertion.
    fn learn(&mut self, conflict: u32) {
        let (learnt, backjump) = self.analyze(conflict);
        let id = if self.proof.is_some() {
            let mark = self.next_mark();
            for &l in &learnt {
                self.keep_mark[l.var().index()] = mark;
            }
            let start = self.clauses[conflict as usize].id;
            let start_lits = self.clause(conflict).to_vec();
            let (antecedents, pivots) = self.chain(start, &start_lits, mark);
            self.record_derived(&learnt, &antecedents, &pivots)
        } else {
            self.fresh_id()
        };
        let lbd = self.lbd(&learnt);
        self.lbd_fast.update(f64::from(lbd));
        self.lbd_slow.update(f64::from(lbd));
        self.stats.learned += 1;
        self.stats.learned_literals += learnt.len() as u64;
        self.backtrack(backjump);
        if learnt.len() == 1 {
            self.assign(learnt[0], NO_CLAUSE);
            self.unit_id[learnt[0].var().index()] = id;
        } else {
            let cref = self.attach_new(&learnt, id, true, lbd);
            self.bump_clause(cref);
            self.assign(learnt[0], cref);
        }
        self.var_inc /= self.options.var_decay;
        self.cla_inc /= self.options.clause_decay;
    }

    /// The assumption `a` is false: collects the assumptions that imply `¬a` and, with proofs,
    /// derives the clause of their negations. Returns the failed assumptions (`a` included).
    fn analyze_final(&mut self, a: Lit) -> Vec<Lit> {
        let v = a.var();
        let mut failed = vec![a];
        if self.level[v.index()] == 0 {
            self.last_root = (self.proof.is_some()).then(|| self.unit_id[v.index()]);
            return failed;
        }
        let reason = self.reason[v.index()];
        if reason == NO_CLAUSE {
            // `¬a` is itself an assumption taken earlier.
            failed.push(!a);
            self.last_root = None;
            return failed;
        }
        self.seen[v.index()] = true;
        let bottom = self.trail_lim[0];
        for i in (bottom..self.trail.len()).rev() {
            let lit = self.trail[i];
            let x = lit.var();
            if !self.seen[x.index()] {
                continue;
            }
            self.seen[x.index()] = false;
            let r = self.reason[x.index()];
            if r == NO_CLAUSE {
                failed.push(lit);
            } else {
                let h = self.clauses[r as usize];
                for k in 0..h.len as usize {
                    let q = self.clause_lits[h.start as usize + k];
                    if q.var() != x && self.level[q.var().index()] > 0 {
                        self.seen[q.var().index()] = true;
                    }
                }
            }
        }
        if self.proof.is_some() {
            let mark = self.next_mark();
            self.keep_mark[v.index()] = mark;
            let start = self.clauses[reason as usize].id;
            let start_lits = self.clause(reason).to_vec();
            let (antecedents, pivots) = self.chain(start, &start_lits, mark);
            let clause: Vec<Lit> = failed.iter().map(|&f| !f).collect();
            self.last_root = Some(self.record_derived(&clause, &antecedents, &pivots));
        }
        failed
    }

    fn check_limits(&self, started: Stopwatch, base: &Stats) -> Option<StopReason> {
        if self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Some(StopReason::Cancelled);
        }
        if self.limits.conflicts.is_some_and(|n| self.stats.conflicts - base.conflicts >= n) {
            return Some(StopReason::ConflictLimit);
        }
        if self
            .limits
            .propagations
            .is_some_and(|n| self.stats.propagations - base.propagations >= n)
        {
            return Some(StopReason::PropagationLimit);
        }
        if started.reached(self.limits.time) {
            return Some(StopReason::TimeLimit);
        }
        None
    }

    /// Decides satisfiability of the clauses added so far.
    pub fn solve(&mut self) -> Result<SatResult, SolverError> {
        self.solve_with_assumptions(&[])
    }

    /// Decides satisfiability of the clauses together with the assumption literals (which hold
    /// for this call only). An `Unsat` answer names the assumptions its refutation used.
    pub fn solve_with_assumptions(
        &mut self,
        assumptions: &[Lit],
    ) -> Result<SatResult, SolverError> {
        self.solve_inner(assumptions, None)
    }

    /// [`Solver::solve_with_assumptions`] with a theory in the loop (CDCL(T)): the theory is
    /// shown the trail after each propagation fixpoint and the complete assignment, and its
    /// lemmas become original clauses mid-search (see [`super::theory`]). A `Sat` answer is an
    /// assignment the theory's final check accepted.
    pub fn solve_with_theory(
        &mut self,
        assumptions: &[Lit],
        theory: &mut dyn Theory,
    ) -> Result<SatResult, SolverError> {
        self.solve_inner(assumptions, Some(theory))
    }

    fn solve_inner(
        &mut self,
        assumptions: &[Lit],
        theory: Option<&mut dyn Theory>,
    ) -> Result<SatResult, SolverError> {
        self.theory_head = 0;
        self.last_root = None;
        self.last_check = None;
        for &a in assumptions {
            self.ensure_var(a.var());
        }
        if self.ok || self.pending_conflict.is_some() {
            self.ensure_unit_ids();
        }
        if let Some((id, lits)) = self.pending_conflict.take() {
            self.derive_empty(id, &lits);
        }
        let started = Stopwatch::start(self.limits.clock);
        let base = self.stats;
        let mut failed = Vec::new();
        let outcome = if self.ok {
            self.search(assumptions, started, &base, &mut failed, theory)
        } else {
            Outcome::Unsat
        };
        let result = match outcome {
            Outcome::Sat => {
                let values: Vec<bool> = (0..self.num_vars())
                    .map(|v| self.lit_value(Var(v).positive()) == TRUE)
                    .collect();
                self.backtrack(0);
                let model = Model::new(values);
                for &(start, len, id) in &self.original_ranges {
                    if !model.satisfies(&self.originals[start..start + len as usize]) {
                        return Err(SolverError::ModelRejected(id));
                    }
                }
                SatResult::Sat(model)
            }
            Outcome::Stopped(reason) => {
                self.backtrack(0);
                SatResult::Unknown(reason)
            }
            Outcome::Unsat => {
                self.backtrack(0);
                if !self.ok {
                    self.last_root = self.empty_clause;
                    failed.clear();
                }
                let mut in_failed = vec![false; 2 * self.num_vars() as usize];
                for &f in &failed {
                    in_failed[f.index()] = true;
                }
                let mut ordered = Vec::new();
                for &a in assumptions {
                    if std::mem::take(&mut in_failed[a.index()]) {
                        ordered.push(a);
                    }
                }
                self.check_unsat(&ordered)?;
                SatResult::Unsat { failed_assumptions: ordered }
            }
        };
        Ok(result)
    }

    /// Replays the proof of an `Unsat` answer when checking is on.
    fn check_unsat(&mut self, failed: &[Lit]) -> Result<(), SolverError> {
        if !self.options.check_proofs {
            return Ok(());
        }
        let proof = self.proof.as_ref().expect("checking implies proof logging");
        let Some(root) = self.last_root else {
            // Only two directly contradicting assumptions have no proof clause.
            if failed.len() == 2 && failed[0] == !failed[1] {
                return Ok(());
            }
            return Err(ProofError::UnknownRoot(NO_ID).into());
        };
        let report = if failed.is_empty() {
            self.checker.check_refutation(proof, root)?
        } else {
            let report = self.checker.check_derivation(proof, root)?;
            let mut expected: Vec<Lit> = failed.iter().map(|&f| !f).collect();
            expected.sort_unstable();
            let mut derived = proof.step(root).map(|s| s.clause().to_vec()).unwrap_or_default();
            derived.sort_unstable();
            if derived != expected {
                return Err(
                    ProofError::WrongConclusion { at: root, derived, claimed: expected }.into()
                );
            }
            report
        };
        self.last_check = Some(report);
        Ok(())
    }

    /// Shows the theory the literals assigned since it last looked (or, when `complete`, the
    /// complete assignment) and acts on its answer.
    fn consult_theory(&mut self, theory: &mut dyn Theory, complete: bool) -> TheoryEffect {
        theory.backtrack(self.decision_level());
        let assignment = Assignment { values: &self.value, level: self.decision_level() };
        let answer = if complete {
            theory.final_check(&assignment)
        } else {
            if self.theory_head == self.trail.len() {
                return TheoryEffect::Quiet;
            }
            let answer = theory.assigned(&self.trail[self.theory_head..], &assignment);
            self.theory_head = self.trail.len();
            answer
        };
        let lemmas = match answer {
            TheoryAnswer::Fine => return TheoryEffect::Quiet,
            TheoryAnswer::Stop => return TheoryEffect::Stop,
            TheoryAnswer::Conflict(clause) => vec![clause],
            TheoryAnswer::Propagations(clauses) => clauses,
        };
        let mut effect = TheoryEffect::Quiet;
        for lemma in lemmas {
            let (id, lemma) = self.record_original(&lemma);
            theory.lemma_added(id);
            if matches!(effect, TheoryEffect::Unsat) {
                continue;
            }
            match self.insert_lemma(lemma, id) {
                TheoryEffect::Quiet => {}
                other => effect = other,
            }
        }
        effect
    }

    /// Records `lits` as an original clause (proof step, model check) and returns its id with
    /// the clause as recorded (sorted, without repeats): the one recording of
    /// [`Solver::add_clause`] and of theory lemmas.
    fn record_original(&mut self, lits: &[Lit]) -> (ClauseId, Vec<Lit>) {
        let mut clause = lits.to_vec();
        clause.sort_unstable();
        clause.dedup();
        let id = self.fresh_id();
        if let Some(proof) = &mut self.proof {
            let recorded = proof.add_original(&clause);
            debug_assert_eq!(recorded, id);
        }
        self.original_ranges.push((self.originals.len(), clause.len() as u32, id));
        self.originals.extend_from_slice(&clause);
        if let Some(max) = clause.iter().map(|l| l.var()).max() {
            self.ensure_var(max);
        }
        (id, clause)
    }

    /// Puts a theory lemma (already recorded with id `id`, so sorted and without repeats)
    /// into the search at the current
    /// decision level, whatever the state of its literals: stored and watched when two of them
    /// are not false (or one is true); asserted when one is unassigned and the rest false; and
    /// when all are false, a conflict: the empty clause at level 0, an assertion after a
    /// backjump when one literal has the highest level, else first-UIP learning at that level.
    fn insert_lemma(&mut self, mut lits: Vec<Lit>, id: ClauseId) -> TheoryEffect {
        if !self.ok || lits.windows(2).any(|w| w[0].var() == w[1].var()) {
            return TheoryEffect::Quiet; // a tautology constrains nothing
        }
        // Watch order: true literals, then unassigned, then false ones from the highest level.
        let rank = |s: &Solver, l: Lit| match s.lit_value(l) {
            TRUE => (0, 0),
            UNDEF => (1, 0),
            _ => (2, u32::MAX - s.level[l.var().index()]),
        };
        lits.sort_by_key(|&l| rank(self, l));
        let first = lits.first().map(|&l| self.lit_value(l));
        let second = lits.get(1).map(|&l| self.lit_value(l));
        match (first, second) {
            (Some(TRUE), _) | (Some(UNDEF), Some(TRUE | UNDEF)) => {
                self.attach_new(&lits, id, false, 0);
                TheoryEffect::Quiet
            }
            (Some(UNDEF), _) => {
                self.assert_lemma(&lits, id);
                TheoryEffect::Changed
            }
            _ => {
                self.stats.conflicts += 1;
                self.conflicts_since_restart += 1;
                let top = lits.first().map_or(0, |l| self.level[l.var().index()]);
                if top == 0 {
                    self.ensure_unit_ids();
                    self.derive_empty(id, &lits);
                    return TheoryEffect::Unsat;
                }
                let next = lits.get(1).map_or(0, |l| self.level[l.var().index()]);
                if next < top {
                    // One literal at the highest level: after backjumping to the next level
                    // the lemma asserts it.
                    self.backtrack(next);
                    self.assert_lemma(&lits, id);
                } else {
                    self.backtrack(top);
                    let cref = self.attach_new(&lits, id, false, 0);
                    self.learn(cref);
                }
                TheoryEffect::Changed
            }
        }
    }

    /// Assigns `lits[0]` (unassigned) with the lemma as its reason, the other literals being
    /// false; a unit lemma is asserted at level 0.
    fn assert_lemma(&mut self, lits: &[Lit], id: ClauseId) {
        if lits.len() == 1 {
            self.backtrack(0);
            self.assign(lits[0], NO_CLAUSE);
            self.unit_id[lits[0].var().index()] = id;
        } else {
            let cref = self.attach_new(lits, id, false, 0);
            self.assign(lits[0], cref);
        }
    }

    fn search(
        &mut self,
        assumptions: &[Lit],
        started: Stopwatch,
        base: &Stats,
        failed: &mut Vec<Lit>,
        mut theory: Option<&mut dyn Theory>,
    ) -> Outcome {
        let mut quiet_decisions = 0u32;
        loop {
            let conflict = self.propagate();
            if conflict != NO_CLAUSE {
                self.stats.conflicts += 1;
                self.conflicts_since_restart += 1;
                if self.decision_level() == 0 {
                    self.ensure_unit_ids();
                    let (cid, lits) =
                        (self.clauses[conflict as usize].id, self.clause(conflict).to_vec());
                    self.derive_empty(cid, &lits);
                    return Outcome::Unsat;
                }
                self.learn(conflict);
                if let Some(reason) = self.check_limits(started, base) {
                    return Outcome::Stopped(reason);
                }
                continue;
            }
            if let Some(theory) = theory.as_deref_mut() {
                match self.consult_theory(theory, false) {
                    TheoryEffect::Quiet => {}
                    TheoryEffect::Changed => continue,
                    TheoryEffect::Unsat => return Outcome::Unsat,
                    TheoryEffect::Stop => return Outcome::Stopped(StopReason::Theory),
                }
            }
            if self.decision_level() == 0 {
                self.ensure_unit_ids();
                self.simplify();
            }
            if self.restart_due() {
                self.stats.restarts += 1;
                self.conflicts_since_restart = 0;
                self.backtrack(0);
                continue;
            }
            if self.stats.conflicts >= self.next_reduce {
                self.next_reduce = self.stats.conflicts
                    + self.options.reduce_first
                    + self.options.reduce_increment * (self.stats.reductions + 1);
                self.reduce();
            }
            let mut next = None;
            while (self.decision_level() as usize) < assumptions.len() {
                let a = assumptions[self.decision_level() as usize];
                match self.lit_value(a) {
                    TRUE => self.new_decision_level(),
                    FALSE => {
                        *failed = self.analyze_final(a);
                        return Outcome::Unsat;
                    }
                    _ => {
                        next = Some(a);
                        break;
                    }
                }
            }
            let next = match next {
                Some(a) => a,
                None => match self.pick_branch() {
                    Some(l) => l,
                    None => match theory.as_deref_mut().map(|t| self.consult_theory(t, true)) {
                        None | Some(TheoryEffect::Quiet) => return Outcome::Sat,
                        Some(TheoryEffect::Changed) => continue,
                        Some(TheoryEffect::Unsat) => return Outcome::Unsat,
                        Some(TheoryEffect::Stop) => return Outcome::Stopped(StopReason::Theory),
                    },
                },
            };
            self.stats.decisions += 1;
            self.new_decision_level();
            self.assign(next, NO_CLAUSE);
            quiet_decisions += 1;
            if quiet_decisions.is_multiple_of(1024)
                && let Some(reason) = self.check_limits(started, base)
            {
                return Outcome::Stopped(reason);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(n: i32) -> Lit {
        Lit::from_dimacs(n).unwrap()
    }

    fn lits(ns: &[i32]) -> Vec<Lit> {
        ns.iter().map(|&n| lit(n)).collect()
    }

    /// Every clause is watched by its first two literals, and (after complete propagation
    /// without conflict) no clause is falsified or unit-but-unassigned.
    fn assert_watch_invariants(s: &Solver) {
        for (c, h) in s.clauses.iter().enumerate() {
            if h.deleted {
                continue;
            }
            let cl = s.clause(c as u32);
            for &w in &cl[..2] {
                assert!(
                    s.watches[w.index()].iter().any(|x| (x.cref & !BINARY) as usize == c),
                    "clause {c} not watched by {w}"
                );
            }
            let satisfied = cl.iter().any(|&l| s.lit_value(l) == TRUE);
            let free = cl.iter().filter(|&&l| s.lit_value(l) == UNDEF).count();
            assert!(satisfied || free >= 2, "clause {cl:?} is unit or false after propagation");
        }
    }

    #[test]
    fn luby_sequence() {
        let seq: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(seq, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn watches_stay_sound_through_decisions() {
        let mut s = Solver::new();
        for c in [[1, 2, 3], [-1, 2, 4], [-2, -3, 4], [-4, 5, 1], [-5, -2, 3], [3, 4, 5]] {
            s.add_clause(&lits(&c));
        }
        for d in [-1, -2, 5] {
            if s.lit_value(lit(d)) != UNDEF {
                continue;
            }
            s.new_decision_level();
            s.assign(lit(d), NO_CLAUSE);
            assert_eq!(s.propagate(), NO_CLAUSE);
            assert_watch_invariants(&s);
        }
        s.backtrack(0);
        assert_watch_invariants(&s);
    }

    /// The textbook implication graph: deciding x1 at level 1 and x2 at level 2, x3 at level 3
    /// leads to a conflict whose first UIP is x4.
    #[test]
    fn analysis_learns_the_first_uip_clause() {
        let mut s =
            Solver::with_options(SolverOptions { minimise: false, ..SolverOptions::checked() });
        // x3 → x4; x4 ∧ x1 → x5; x4 ∧ x2 → x6; x5 ∧ x6 → ⊥.
        s.add_clause(&lits(&[-3, 4]));
        s.add_clause(&lits(&[-4, -1, 5]));
        s.add_clause(&lits(&[-4, -2, 6]));
        s.add_clause(&lits(&[-5, -6]));
        for d in [1, 2, 3] {
            s.new_decision_level();
            s.assign(lit(d), NO_CLAUSE);
            let c = s.propagate();
            if d < 3 {
                assert_eq!(c, NO_CLAUSE);
            } else {
                assert_ne!(c, NO_CLAUSE);
                let (learnt, level) = s.analyze(c);
                assert_eq!(learnt[0], lit(-4), "asserting literal is the UIP");
                let mut rest = learnt[1..].to_vec();
                rest.sort();
                assert_eq!(rest, lits(&[-1, -2]));
                assert_eq!(level, 2);
            }
        }
    }

    /// `x2` is implied by `x1` through a reason at a lower level, so minimisation drops `¬x2`
    /// from the learned clause, and the proof chain still checks.
    #[test]
    fn minimisation_drops_implied_literals_and_keeps_the_proof() {
        let run = |minimise: bool| {
            let mut s =
                Solver::with_options(SolverOptions { minimise, ..SolverOptions::checked() });
            s.add_clause(&lits(&[-1, 2])); // level 1: x1 → x2
            s.add_clause(&lits(&[-3, -1, 4])); // level 2: x3 ∧ x1 → x4
            s.add_clause(&lits(&[-4, -2, 5])); // x4 ∧ x2 → x5
            s.add_clause(&lits(&[-4, -2, -5, -1])); // x4 ∧ x2 ∧ x5 ∧ x1 → ⊥
            s.new_decision_level();
            s.assign(lit(1), NO_CLAUSE);
            assert_eq!(s.propagate(), NO_CLAUSE);
            s.new_decision_level();
            s.assign(lit(3), NO_CLAUSE);
            let c = s.propagate();
            assert_ne!(c, NO_CLAUSE);
            s.stats.conflicts += 1;
            s.learn(c);
            let proof = s.proof().unwrap();
            let last = ClauseId(s.next_id - 1);
            Checker::new().check_derivation(proof, last).unwrap();
            (proof.step(last).unwrap().clause().to_vec(), s.stats.minimised_literals)
        };
        let (plain, removed) = run(false);
        assert_eq!(removed, 0);
        assert_eq!(plain, lits(&[-1, -2, -4]));
        let (minimised, removed) = run(true);
        assert_eq!(removed, 1);
        assert_eq!(minimised, lits(&[-1, -4]));
    }

    #[test]
    fn restarts_and_reductions_are_deterministic() {
        let clauses = crate::sat::tests_support::pigeonhole(6);
        let run = |restarts| {
            let mut s = Solver::with_options(SolverOptions {
                restarts,
                reduce_first: 100,
                reduce_increment: 50,
                ..SolverOptions::default()
            });
            for c in &clauses {
                s.add_clause(c);
            }
            assert!(matches!(s.solve(), Ok(SatResult::Unsat { .. })));
            *s.stats()
        };
        for policy in [RestartPolicy::Glucose, RestartPolicy::Luby] {
            let a = run(policy);
            assert!(a.restarts > 0 && a.reductions > 0 && a.deleted > 0, "{a:?}");
            assert_eq!(a, run(policy));
        }
    }

    #[test]
    fn garbage_collection_keeps_reasons_and_proofs() {
        let clauses = crate::sat::tests_support::pigeonhole(6);
        let mut s = Solver::with_options(SolverOptions {
            restarts: RestartPolicy::Luby,
            reduce_first: 20,
            reduce_increment: 5,
            ..SolverOptions::checked()
        });
        for c in &clauses {
            s.add_clause(c);
        }
        assert!(matches!(s.solve(), Ok(SatResult::Unsat { .. })));
        assert!(s.collections > 0, "no garbage collection happened: {:?}", s.stats());
        assert!(s.last_check().is_some());
    }

    #[test]
    fn proof_logging_does_not_change_the_search() {
        let clauses = crate::sat::tests_support::pigeonhole(5);
        let run = |options| {
            let mut s = Solver::with_options(options);
            for c in &clauses {
                s.add_clause(c);
            }
            assert!(matches!(s.solve(), Ok(SatResult::Unsat { .. })));
            *s.stats()
        };
        assert_eq!(run(SolverOptions::default()), run(SolverOptions::checked()));
    }

    /// A toy theory: at most one variable of `group` is true. It keeps its own list of the
    /// true ones, with the level each became true at, so backtracking must pop it right.
    struct AtMostOne {
        group: Vec<Var>,
        true_at: Vec<(Var, u32)>,
        lemmas: u64,
    }

    impl AtMostOne {
        fn answer(&self, assignment: &Assignment<'_>) -> TheoryAnswer {
            match self.true_at.as_slice() {
                [] => TheoryAnswer::Fine,
                [(a, _)] => {
                    let clauses: Vec<Vec<Lit>> = self
                        .group
                        .iter()
                        .filter(|&&v| v != *a && assignment.value(v.positive()).is_none())
                        .map(|&v| vec![v.negative(), a.negative()])
                        .collect();
                    if clauses.is_empty() {
                        TheoryAnswer::Fine
                    } else {
                        TheoryAnswer::Propagations(clauses)
                    }
                }
                [(a, _), (b, _), ..] => TheoryAnswer::Conflict(vec![a.negative(), b.negative()]),
            }
        }
    }

    impl Theory for AtMostOne {
        fn backtrack(&mut self, level: u32) {
            self.true_at.retain(|&(_, at)| at <= level);
        }

        fn assigned(&mut self, new: &[Lit], assignment: &Assignment<'_>) -> TheoryAnswer {
            for &l in new {
                if !l.is_negative() && self.group.contains(&l.var()) {
                    self.true_at.push((l.var(), assignment.level()));
                }
            }
            self.answer(assignment)
        }

        fn final_check(&mut self, assignment: &Assignment<'_>) -> TheoryAnswer {
            self.answer(assignment)
        }

        fn lemma_added(&mut self, _id: ClauseId) {
            self.lemmas += 1;
        }
    }

    /// Random small CNFs with "at most one of x1..x4" as a theory agree with brute force; models
    /// respect the theory and refutations pass the proof check.
    #[test]
    fn theory_hook_agrees_with_brute_force() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let vars = 8u32;
        let (mut sat, mut unsat, mut lemmas) = (0, 0, 0);
        for _ in 0..300 {
            let count = 4 + next(24) as usize;
            let clauses: Vec<Vec<i32>> = (0..count)
                .map(|_| {
                    (0..1 + next(3))
                        .map(|_| {
                            let v = 1 + next(u64::from(vars)) as i32;
                            if next(2) == 0 { v } else { -v }
                        })
                        .collect()
                })
                .collect();
            let expected = (0..1u32 << vars).any(|bits| {
                let value = |l: i32| (bits >> (l.unsigned_abs() - 1)) & 1 == u32::from(l > 0);
                (bits & 0xf).count_ones() <= 1
                    && clauses.iter().all(|c| c.iter().any(|&l| value(l)))
            });
            let mut s = Solver::with_options(SolverOptions::checked());
            s.ensure_var(Var(vars - 1));
            for c in &clauses {
                s.add_clause(&lits(c));
            }
            let mut theory =
                AtMostOne { group: (0..4).map(Var).collect(), true_at: Vec::new(), lemmas: 0 };
            let result = s.solve_with_theory(&[], &mut theory).unwrap();
            match result {
                SatResult::Sat(model) => {
                    assert!(expected, "{clauses:?}");
                    assert!((0..4).filter(|&v| model.value(Var(v))).count() <= 1);
                    sat += 1;
                }
                SatResult::Unsat { .. } => {
                    assert!(!expected, "{clauses:?}");
                    assert!(s.last_check().is_some());
                    unsat += 1;
                }
                SatResult::Unknown(reason) => panic!("stopped: {reason:?}"),
            }
            lemmas += theory.lemmas;
        }
        assert!(sat > 50 && unsat > 50 && lemmas > 100, "{sat} sat, {unsat} unsat, {lemmas}");
    }

    #[test]
    fn contradictory_assumptions_fail_together() {
        let mut s = Solver::with_options(SolverOptions::checked());
        s.add_clause(&lits(&[1, 2]));
        let r = s.solve_with_assumptions(&lits(&[3, -2, -3])).unwrap();
        assert_eq!(r, SatResult::Unsat { failed_assumptions: lits(&[3, -3]) });
        assert!(matches!(s.solve(), Ok(SatResult::Sat(_))));
    }
}
