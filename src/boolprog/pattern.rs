//! Effects, patterns, `Match` and `Apply` (Figs. 7 and 8 of the paper).
//!
//! Addresses in a summary are those of its entry state (cells `0..entry_cells`) and of cells the
//! procedure allocated (numbered from `entry_cells` on). `Match` builds the bijection from the
//! pattern's addresses to a call site's, `Apply` extends it to fresh addresses at the call site
//! (`|h| + 1`, ...) and performs the writes.

use rustc_hash::FxHashMap;

use super::ir::{ClassId, GLOBALS, Value};
use super::semantics::{Cell, Frame, Heap, Loc};

/// An effect: cells allocated (by class, numbered from the entry's cell count on), the final
/// value of every location written (entry cells) or allocated, and the returned values.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Effect {
    /// Classes of the allocated cells still reachable at return, in address order.
    pub fresh: Vec<ClassId>,
    /// Final values of written entry locations and of every field of the fresh cells, sorted.
    pub writes: Vec<(Loc, Value)>,
    /// The returned values.
    pub rets: Vec<Value>,
}

/// A location a pattern can mention: a parameter of the entry frame or a heap location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PatternLoc {
    /// A parameter (always part of the pattern, so calls with other arguments never match).
    Param(u32),
    /// A heap location of the entry state read before the procedure wrote it.
    Heap(Loc),
}

/// A pattern: the part of an entry state a procedure read (before writing it), over all of its
/// explored paths, pruned ones included, in the order of first reading. The order matters for
/// `Match`: a pointer is read before the cell it points to is, so every address is bound
/// before a location in its cell is looked up.
#[derive(Clone, Debug, Default)]
pub struct Pattern {
    /// The locations and the values they had at entry.
    pub entries: Vec<(PatternLoc, Value)>,
    index: FxHashMap<PatternLoc, u32>,
}

impl Pattern {
    /// Adds a location; true if it was new.
    pub fn add(&mut self, loc: PatternLoc, v: Value) -> bool {
        if self.index.contains_key(&loc) {
            return false;
        }
        self.index.insert(loc, self.entries.len() as u32);
        self.entries.push((loc, v));
        true
    }

    /// True if the location is in the pattern.
    pub fn contains(&self, loc: PatternLoc) -> bool {
        self.index.contains_key(&loc)
    }

    /// Number of locations.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// A partial map from a summary's entry addresses to a call site's addresses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddrMap {
    /// `to[a]` is the image of entry address `a`, or `u32::MAX`.
    pub to: Vec<u32>,
}

const UNBOUND: u32 = u32::MAX;

impl AddrMap {
    /// The identity-free map of `entry_cells` addresses with only the globals cell bound.
    pub fn new(entry_cells: u32) -> AddrMap {
        let mut to = vec![UNBOUND; entry_cells.max(1) as usize];
        to[GLOBALS as usize] = GLOBALS;
        AddrMap { to }
    }

    /// The full map of a canonisation witness.
    pub fn from_witness(old_of: &[u32]) -> AddrMap {
        AddrMap { to: old_of.to_vec() }
    }

    /// The image of `a`, if bound.
    pub fn get(&self, a: u32) -> Option<u32> {
        self.to.get(a as usize).copied().filter(|&b| b != UNBOUND)
    }
}

/// `Match`: does the call-site state (`heap` and the callee's entry frame `frame`) agree with
/// the pattern up to a bijection of addresses? Returns the bijection (pattern addresses to
/// `heap` addresses).
pub fn match_pattern(
    pattern: &Pattern,
    entry_cells: u32,
    heap: &Heap,
    frame: &Frame,
) -> Option<AddrMap> {
    let mut map = AddrMap::new(entry_cells);
    // The inverse, to keep the map injective.
    let mut inverse: FxHashMap<u32, u32> = FxHashMap::default();
    inverse.insert(GLOBALS, GLOBALS);
    for (loc, v) in &pattern.entries {
        let actual = match loc {
            PatternLoc::Param(i) => *frame.locals.get(*i as usize)?,
            PatternLoc::Heap(l) => {
                let a = map.get(l.cell)?;
                *heap.cells.get(a as usize)?.fields.get(l.field as usize)?
            }
        };
        match (v, actual) {
            (Value::Addr(p), Value::Addr(q)) => {
                let bound = map.get(*p);
                if bound.is_some_and(|b| b != q) || inverse.get(&q).is_some_and(|b| b != p) {
                    return None;
                }
                map.to[*p as usize] = q;
                inverse.insert(q, *p);
            }
            (Value::Addr(_), _) | (_, Value::Addr(_)) => return None,
            (x, y) if *x != y => return None,
            _ => {}
        }
    }
    Some(map)
}

/// What applying an effect at a call site produced.
#[derive(Clone, Debug)]
pub struct Applied {
    /// The call site's heap after the effect.
    pub heap: Heap,
    /// The returned values, in the call site's addresses.
    pub rets: Vec<Value>,
    /// Call-site locations written (pre-existing cells only).
    pub writes: Vec<Loc>,
}

/// `Apply`: allocates the effect's fresh cells at `|h| + 1, ...`, extends the map to them, and
/// performs the writes. `None` if the effect mentions an address the map does not bind (which
/// would be an engine bug: every address a procedure uses was read, so it is in its pattern).
pub fn apply(effect: &Effect, map: &AddrMap, entry_cells: u32, heap: &Heap) -> Option<Applied> {
    let mut heap = heap.clone();
    let first_fresh = heap.cells.len() as u32;
    let image = |v: Value| -> Option<Value> {
        Some(match v {
            Value::Addr(a) if a >= entry_cells => Value::Addr(first_fresh + (a - entry_cells)),
            Value::Addr(a) => Value::Addr(map.get(a)?),
            other => other,
        })
    };
    for c in &effect.fresh {
        heap.cells.push(Cell { class: *c, fields: Vec::new() });
    }
    let mut writes = Vec::new();
    for (loc, v) in &effect.writes {
        let v = image(*v)?;
        let cell = if loc.cell >= entry_cells {
            first_fresh + (loc.cell - entry_cells)
        } else {
            let c = map.get(loc.cell)?;
            writes.push(Loc { cell: c, field: loc.field });
            c
        };
        let fields = &mut heap.cells.get_mut(cell as usize)?.fields;
        // Fresh cells are filled field by field in order (the writes are sorted).
        if fields.len() == loc.field as usize {
            fields.push(v);
        } else {
            *fields.get_mut(loc.field as usize)? = v;
        }
    }
    let rets = effect.rets.iter().map(|v| image(*v)).collect::<Option<Vec<_>>>()?;
    Some(Applied { heap, rets, writes })
}
