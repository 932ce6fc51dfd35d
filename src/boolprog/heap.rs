//! Canonical visible states: garbage collection followed by depth-first renumbering (the
//! paper's `gc` and `Λ`), the isomorphism witness it yields, and the normal form of states
//! inside one summary computation.
//!
//! Depth-first order is fixed: the globals cell first (its fields in declaration order), then
//! the local store in declaration order, then any extra roots; each cell's fields in declaration
//! order. Two garbage-free visible states are isomorphic exactly when their canonical forms are
//! equal, and the renumbering is the witness `ρ`.

use super::ir::{GLOBALS, Value};
use super::semantics::{Cell, Frame, Heap};

/// The address renumbering of one canonisation: `old_of[new] = old`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Renumbering {
    /// The original address of each canonical address.
    pub old_of: Vec<u32>,
}

/// Depth-first renumbering from roots. Cells listed in `fixed` keep their address (they must be
/// the prefix `0..fixed`); the others get the next numbers in discovery order.
struct Dfs<'a> {
    heap: &'a Heap,
    new_of: Vec<u32>,
    old_of: Vec<u32>,
}

const UNSEEN: u32 = u32::MAX;

impl<'a> Dfs<'a> {
    fn new(heap: &'a Heap, fixed: u32) -> Self {
        let mut new_of = vec![UNSEEN; heap.cells.len()];
        let mut old_of = Vec::with_capacity(heap.cells.len());
        for a in 0..fixed.min(heap.cells.len() as u32) {
            new_of[a as usize] = a;
            old_of.push(a);
        }
        Dfs { heap, new_of, old_of }
    }

    /// Visits the cell at `a` (if new) and everything reachable from it, depth first.
    fn visit(&mut self, a: u32) {
        let mut stack = Vec::new();
        if self.new_of[a as usize] == UNSEEN {
            self.new_of[a as usize] = self.old_of.len() as u32;
            self.old_of.push(a);
            stack.push((a, 0usize));
        } else {
            return;
        }
        // Iterative pre-order DFS: (cell, next field to look at).
        while let Some((cell, field)) = stack.pop() {
            let fields = &self.heap.cells[cell as usize].fields;
            if field >= fields.len() {
                continue;
            }
            stack.push((cell, field + 1));
            if let Value::Addr(b) = fields[field]
                && self.new_of[b as usize] == UNSEEN
            {
                self.new_of[b as usize] = self.old_of.len() as u32;
                self.old_of.push(b);
                stack.push((b, 0));
            }
        }
    }

    /// Visits the fields of an already numbered (fixed) cell.
    fn visit_fields_of(&mut self, a: u32) {
        for f in 0..self.heap.cells[a as usize].fields.len() {
            if let Value::Addr(b) = self.heap.cells[a as usize].fields[f] {
                self.visit(b);
            }
        }
    }

    fn visit_value(&mut self, v: Value) {
        if let Value::Addr(a) = v {
            self.visit(a);
        }
    }

    fn map(&self, v: Value) -> Value {
        match v {
            Value::Addr(a) => Value::Addr(self.new_of[a as usize]),
            other => other,
        }
    }

    fn heap(&self) -> Heap {
        let cells = self
            .old_of
            .iter()
            .map(|&old| {
                let c = &self.heap.cells[old as usize];
                Cell { class: c.class, fields: c.fields.iter().map(|v| self.map(*v)).collect() }
            })
            .collect();
        Heap { cells }
    }
}

/// `Λ(h, ℓ)`: the canonical form of the visible state (cells reachable from the globals and the
/// locals, renumbered depth first) and the witness mapping canonical addresses back.
pub fn canonical(heap: &Heap, frame: &Frame) -> (Heap, Frame, Renumbering) {
    let mut dfs = Dfs::new(heap, 0);
    dfs.visit(GLOBALS);
    for v in &frame.locals {
        dfs.visit_value(*v);
    }
    let locals = frame.locals.iter().map(|v| dfs.map(*v)).collect();
    let h = dfs.heap();
    (h, Frame { locals, ..frame.clone() }, Renumbering { old_of: dfs.old_of })
}

/// The normal form of a state inside a summary computation whose entry state had `entry_cells`
/// cells: entry cells keep their addresses (they may still be reachable from callers' frames, so
/// they are never collected; this generalises the paper's `ℓ + δ` roots), and cells allocated
/// since entry are collected and renumbered depth first from the globals, the locals, `extra`
/// (returned values) and the entry cells. Returns the state, the renumbered extras, and the
/// new address of every old one (`u32::MAX` if collected).
pub fn normalize_in_entry(
    heap: &Heap,
    frame: &Frame,
    entry_cells: u32,
    extra: &[Value],
) -> (Heap, Frame, Vec<Value>, Vec<u32>) {
    let mut dfs = Dfs::new(heap, entry_cells);
    dfs.visit_fields_of(GLOBALS);
    for v in &frame.locals {
        dfs.visit_value(*v);
    }
    for v in extra {
        dfs.visit_value(*v);
    }
    for a in 1..entry_cells.min(heap.cells.len() as u32) {
        dfs.visit_fields_of(a);
    }
    let locals = frame.locals.iter().map(|v| dfs.map(*v)).collect();
    let extra = extra.iter().map(|v| dfs.map(*v)).collect();
    let h = dfs.heap();
    (h, Frame { locals, ..frame.clone() }, extra, dfs.new_of)
}

/// The canonical form of a whole state (heap and every frame of the stack, bottom first), for
/// the explicit baseline's visited set.
pub fn canonical_stack(heap: &Heap, frames: &[Frame]) -> (Heap, Vec<Frame>) {
    let mut dfs = Dfs::new(heap, 0);
    dfs.visit(GLOBALS);
    for f in frames {
        for v in &f.locals {
            dfs.visit_value(*v);
        }
    }
    let frames = frames
        .iter()
        .map(|f| Frame { locals: f.locals.iter().map(|v| dfs.map(*v)).collect(), ..f.clone() })
        .collect();
    (dfs.heap(), frames)
}

/// True if the two visible states are isomorphic (equal up to a renaming of addresses, after
/// garbage collection), with the witness mapping `a`'s addresses to `b`'s.
pub fn isomorphism(a: (&Heap, &Frame), b: (&Heap, &Frame)) -> Option<Vec<(u32, u32)>> {
    let (ha, fa, ra) = canonical(a.0, a.1);
    let (hb, fb, rb) = canonical(b.0, b.1);
    if ha != hb || fa.locals != fb.locals {
        return None;
    }
    Some(ra.old_of.iter().zip(&rb.old_of).map(|(x, y)| (*x, *y)).collect())
}
