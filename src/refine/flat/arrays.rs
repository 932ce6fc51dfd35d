//! Arrays in the integer graph, by cells: the elements of an array variable (an IR variable of
//! type `int => int`: C's arrays, and the memory model's `$memory`, `$state`, `$size` and
//! `$width`) are tracked at finitely many places, each by two integer variables.
//!
//! A cell of array `A` is a key `k` and a value `v` with the invariant `A k = v`. Every place
//! in the program that writes an element (a store `A(i := e)` in what is assigned to `A`) has
//! a cell of its own: when the assignment runs, that cell moves to the written index (its key
//! becomes `i`'s value) and every cell of `A` takes the new array's value at its key. A read
//! `A i` is a fresh value `r` bound by `i = k → r = v` for every cell: exact where some cell's
//! key is the index, arbitrary elsewhere. Nothing is assumed of the keys (two cells may share
//! one: both then hold that element), so the invariant holds after a havoc of the array (a call
//! whose body is not followed makes the values arbitrary) and at the start, where keys and
//! values are arbitrary. The translation therefore stays an over-approximation, as the rest of
//! the graph's is: what the cells do not hold (an element written at a place that has written
//! elsewhere since, an array of more places than [`MAX_CELLS`]) reads as arbitrary.
//!
//! Why cells rather than the theory of arrays: the engines' formulas, interpolants and
//! invariants stay linear integer arithmetic, so every domain (IMPACT, predicates,
//! k-induction, languages, the may-must analysis) and the abstract interpreter work on
//! programs with memory unchanged, and an invariant about memory reads as one about named
//! integers (`$memory[$memory#2] = 5 & $memory#2 = p`).
//!
//! The cells are made before any edge is built, from every store the reachable procedures
//! make, so that every havoc of the globals built later includes the global arrays' cells.

use std::collections::{BTreeMap, BTreeSet};

use super::super::RefineError;
use super::super::formula::{Linear, Pred};
use super::{Builder, FlatVariable, GuardedValue, reachable_procedures};
use crate::hol::{Binder, ConstId, Prim, Term, TermId, TyId, TyNode};
use crate::ir::{Command, ProcId};

/// At most this many cells for one array (and so places it is written at with a cell of their
/// own); a store beyond them moves no cell, though every cell still sees what it writes.
pub(super) const MAX_CELLS: usize = 24;

/// At most this many cells for the stores of one assigned term (`A(i := a, j := b, ...)`):
/// a long chain is an object's initialisation (`calloc` zeroes every byte), whose first
/// elements are the ones read through the object's start, while a cell per byte would
/// multiply the case splits of every later read and store.
pub(super) const MAX_CELLS_PER_CHAIN: usize = 4;

/// One tracked element: the variables of its index and of its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cell {
    /// The index the cell stands at.
    pub key: usize,
    /// The array's element there.
    pub value: usize,
}

/// A place that writes an element: the procedure, the edge of its body and the store term.
pub(super) type Site = (ProcId, usize, TermId);

/// What an assignment to an array does to its cells: the index and value each cell takes, as
/// guarded values, to be assigned in parallel with the command's other targets.
pub(super) type CellAssignment = Vec<(usize, Vec<GuardedValue>)>;

impl Builder<'_> {
    /// Whether the program's constant `c` is an array of integers indexed by integers.
    pub(super) fn is_array(&self, c: ConstId) -> bool {
        self.is_int_array_type(self.program.consts[c.0 as usize].ty)
    }

    /// Whether `ty` is `int => int`, the type of the arrays the engine tracks.
    fn is_int_array_type(&self, ty: TyId) -> bool {
        let bank = &self.program.bank;
        let TyNode::Fun(a, b) = bank.ty_node(ty) else { return false };
        *bank.ty_node(*a) == TyNode::Int && *bank.ty_node(*b) == TyNode::Int
    }

    /// Gives every array variable of `procedure` and of what it calls (and every global array)
    /// a cell per place that stores into it, in the order of procedures and edges.
    pub(super) fn track_arrays(&mut self, procedure: ProcId) {
        let program = self.program;
        let reached = reachable_procedures(program, procedure);
        let mut owned: BTreeSet<ConstId> = BTreeSet::new();
        for p in &reached {
            let proc = program.procedure(*p);
            owned.extend(proc.params.iter().chain(&proc.results).chain(&proc.locals));
        }
        for v in &program.variables {
            let c = v.constant;
            if self.is_array(c) && (v.kind.is_global() || owned.contains(&c)) {
                self.arrays.insert(c, (v.name.clone(), v.kind.is_global()));
                self.cells.insert(c, Vec::new());
            }
        }
        for p in reached {
            let Some(cfg) = &program.procedure(p).body else { continue };
            for (k, e) in cfg.edges.iter().enumerate() {
                let Command::Assign(pairs) = &e.command else { continue };
                for (x, t) in pairs {
                    if !self.cells.contains_key(x) {
                        continue;
                    }
                    let mut stores = Vec::new();
                    self.spine_stores(*t, &mut stores);
                    if stores.len() > MAX_CELLS_PER_CHAIN {
                        let name = &self.arrays[x].0;
                        self.approximate(
                            e.span,
                            format!(
                                "`{name}` is written at {} elements at once: only the first \
                                 {MAX_CELLS_PER_CHAIN} are tracked",
                                stores.len()
                            ),
                        );
                        stores.truncate(MAX_CELLS_PER_CHAIN);
                    }
                    for s in stores {
                        if self.cells[x].len() >= MAX_CELLS {
                            let name = &self.arrays[x].0;
                            self.approximate(
                                e.span,
                                format!(
                                    "`{name}` is written at more than {MAX_CELLS} places: the \
                                     elements written here are known only until the next \
                                     write elsewhere"
                                ),
                            );
                            continue;
                        }
                        let number = self.cells[x].len() + 1;
                        let cell = self.new_cell(*x, number, None);
                        let cells = self.cells.get_mut(x).expect("tracked array");
                        cells.push(cell);
                        self.anchors.insert((p, k, s), cells.len() - 1);
                    }
                }
            }
        }
    }

    /// Fresh variables for the `n`th cell of `array` (in the nested activation `activation`).
    fn new_cell(&mut self, array: ConstId, n: usize, activation: Option<usize>) -> Cell {
        let (name, global) = self.arrays[&array].clone();
        let key_name = match activation {
            Some(a) => format!("{name}#{n}@{a}"),
            None => format!("{name}#{n}"),
        };
        let value_name = format!("{name}[{key_name}]");
        let mut variable = |name: String| {
            self.flat.variables.push(FlatVariable { constant: None, name, global, scratch: false });
            self.flat.variables.len() - 1
        };
        let key = variable(key_name);
        let value = variable(value_name);
        Cell { key, value }
    }

    /// The stores `t` makes into the array it is assigned to: the updates along its spine
    /// (through conditionals), innermost first.
    fn spine_stores(&self, t: TermId, out: &mut Vec<TermId>) {
        match &self.program.bank.term(t).term {
            Term::Prim(Prim::Update, args) => {
                self.spine_stores(args[0], out);
                if !out.contains(&t) {
                    out.push(t);
                }
            }
            Term::Prim(Prim::Ite, args) => {
                self.spine_stores(args[1], out);
                self.spine_stores(args[2], out);
            }
            _ => {}
        }
    }

    /// The graph's variables standing for the program's variable `c`: its own (an integer),
    /// or its cells' (an array); none when it is not tracked.
    pub(super) fn variables_of(&self, c: ConstId) -> Vec<usize> {
        let mut out: Vec<usize> = self.index.get(&c).copied().into_iter().collect();
        for cell in self.cells.get(&c).into_iter().flatten() {
            out.extend([cell.key, cell.value]);
        }
        out
    }

    /// Gives the arrays among `variables` fresh cells for a nested activation, returning the
    /// cells they replace (for [`Builder::restore_cells`]).
    pub(super) fn fresh_cells(
        &mut self,
        variables: &[ConstId],
        activation: usize,
    ) -> Vec<(ConstId, Vec<Cell>)> {
        let mut saved = Vec::new();
        for c in variables {
            let Some(outer) = self.cells.get(c).cloned() else { continue };
            if saved.iter().any(|(d, _)| d == c) {
                continue;
            }
            let fresh = (1..=outer.len()).map(|n| self.new_cell(*c, n, Some(activation))).collect();
            self.cells.insert(*c, fresh);
            saved.push((*c, outer));
        }
        saved
    }

    /// Puts back the cells [`Builder::fresh_cells`] replaced.
    pub(super) fn restore_cells(&mut self, saved: Vec<(ConstId, Vec<Cell>)>) {
        for (c, outer) in saved {
            self.cells.insert(c, outer);
        }
    }

    /// Whether `t` reads an element of an array: `f i` with `f` of type `int => int`.
    pub(super) fn is_read(&self, t: TermId) -> bool {
        let bank = &self.program.bank;
        let Term::App(f, _) = &bank.term(t).term else { return false };
        self.is_int_array_type(bank.term(*f).ty)
    }

    /// The constraint binding `result` to the read `t` (`f i`), or why it cannot be given.
    pub(super) fn read_constraint(&self, t: TermId, result: usize) -> Result<Pred, RefineError> {
        let Term::App(f, i) = &self.program.bank.term(t).term else {
            return Err(RefineError::Internal("a read is an application".into()));
        };
        let result = Linear::variable(result);
        let mut out = Vec::new();
        for (guard, index) in self.int_cases(*i)? {
            out.push(Pred::and(vec![guard, self.element(*f, &index, &result)?]));
        }
        Ok(Pred::or(out))
    }

    /// What the cells of `array` become when `value` is assigned to it at `site`'s edge
    /// (`None`: outside the program's edges), and the constraints binding the temporaries
    /// that carry their new values. A cell whose new value cannot be given gets an arbitrary
    /// one (recorded by the caller from the reason returned beside).
    pub(super) fn array_assignment(
        &mut self,
        array: ConstId,
        value: TermId,
        site: Option<(ProcId, usize)>,
    ) -> (CellAssignment, Vec<Pred>, Vec<usize>, Option<RefineError>) {
        let mut moved: BTreeMap<usize, TermId> = BTreeMap::new();
        if let Some((p, k)) = site {
            let mut stores = Vec::new();
            self.spine_stores(value, &mut stores);
            for s in stores {
                if let Some(&j) = self.anchors.get(&(p, k, s)) {
                    moved.insert(j, s);
                }
            }
        }
        let cells = self.cells.get(&array).cloned().unwrap_or_default();
        let (mut assigned, mut constraints, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
        let mut failure = None;
        for (j, cell) in cells.iter().enumerate() {
            let temporary = self.temporary(cell.value);
            fresh.push(temporary);
            let keys: Result<Vec<(Pred, Linear)>, RefineError> = match moved.get(&j) {
                Some(&store) => match &self.program.bank.term(store).term {
                    Term::Prim(Prim::Update, args) => self.int_cases(args[1]),
                    _ => Err(RefineError::Internal("a store is an update".into())),
                },
                None => Ok(vec![(Pred::True, Linear::variable(cell.key))]),
            };
            let keys = match keys {
                Ok(keys) => keys,
                Err(reason) => {
                    failure.get_or_insert(reason);
                    assigned.push((cell.key, vec![(Pred::True, None)]));
                    assigned.push((cell.value, vec![(Pred::True, None)]));
                    continue;
                }
            };
            let result = Linear::variable(temporary);
            let mut alternatives = Vec::new();
            let mut exact = true;
            for (guard, key) in &keys {
                match self.element(value, key, &result) {
                    Ok(p) => alternatives.push(Pred::and(vec![guard.clone(), p])),
                    Err(reason) => {
                        failure.get_or_insert(reason);
                        exact = false;
                    }
                }
            }
            if exact {
                constraints.push(Pred::or(alternatives));
            }
            if moved.contains_key(&j) {
                assigned.push((cell.key, keys.into_iter().map(|(g, l)| (g, Some(l))).collect()));
            }
            assigned.push((cell.value, vec![(Pred::True, Some(result))]));
        }
        (assigned, constraints, fresh, failure)
    }

    /// The variable carrying a cell's new value between the constraint that gives it and the
    /// assignment (one per cell, reused by every assignment).
    fn temporary(&mut self, value: usize) -> usize {
        if let Some(&t) = self.temporaries.get(&value) {
            return t;
        }
        let name = format!("{}'", self.flat.variables[value].name);
        let t = self.auxiliary(name, true);
        self.temporaries.insert(value, t);
        t
    }

    /// The constraint that `result` is the element of the array term `array` at `index`:
    /// through stores, conditionals and constant arrays down to a variable's cells.
    fn element(&self, array: TermId, index: &Linear, result: &Linear) -> Result<Pred, RefineError> {
        let bank = &self.program.bank;
        match &bank.term(array).term {
            Term::Const(c) => match self.cells.get(c) {
                Some(cells) => Ok(Pred::and(
                    cells
                        .iter()
                        .map(|cell| {
                            Pred::or(vec![
                                Pred::eq(index, &Linear::variable(cell.key)).negate(),
                                Pred::eq(result, &Linear::variable(cell.value)),
                            ])
                        })
                        .collect(),
                )),
                None => Err(RefineError::Unsupported(format!(
                    "`{}` is not an array the engine tracks",
                    self.program.display_name(*c)
                ))),
            },
            Term::Prim(Prim::Update, args) => {
                let rest = self.element(args[0], index, result)?;
                let stored = match self.int_cases(args[2]) {
                    Ok(values) => Pred::or(
                        values
                            .into_iter()
                            .map(|(g, v)| Pred::and(vec![g, Pred::eq(result, &v)]))
                            .collect(),
                    ),
                    Err(_) => Pred::True,
                };
                let mut out = Vec::new();
                for (guard, at) in self.int_cases(args[1])? {
                    let hit = Pred::eq(index, &at);
                    out.push(Pred::and(vec![
                        guard,
                        Pred::or(vec![
                            Pred::and(vec![hit.clone(), stored.clone()]),
                            Pred::and(vec![hit.negate(), rest.clone()]),
                        ]),
                    ]));
                }
                Ok(Pred::or(out))
            }
            Term::Prim(Prim::Ite, args) => {
                let c = self.translate_pred(args[0])?;
                let a = self.element(args[1], index, result)?;
                let b = self.element(args[2], index, result)?;
                Ok(Pred::or(vec![Pred::and(vec![c.clone(), a]), Pred::and(vec![c.negate(), b])]))
            }
            Term::Bind(Binder::Lam, _, body) => {
                // A constant array (`%i. 0`); a body that names the index fails to translate.
                let values = self.int_cases(*body)?;
                Ok(Pred::or(
                    values
                        .into_iter()
                        .map(|(g, v)| Pred::and(vec![g, Pred::eq(result, &v)]))
                        .collect(),
                ))
            }
            _ => Err(RefineError::Unsupported(
                "the array is not a variable, a store, a conditional or a constant".into(),
            )),
        }
    }
}
