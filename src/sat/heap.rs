//! The decision order: a binary max-heap of variables keyed by VSIDS activity.
//!
//! Ties are broken by the smaller variable index, so the order never depends on anything but the
//! activities and the sequence of operations (no hashing, no randomness).

use super::lit::Var;

/// A max-heap of variables by activity with an index table, so that a variable's key can be
/// raised in place (`O(log n)`) when its activity is bumped.
#[derive(Clone, Debug, Default)]
pub(crate) struct VarHeap {
    heap: Vec<Var>,
    /// Position of each variable in `heap`, or `ABSENT`.
    position: Vec<u32>,
}

const ABSENT: u32 = u32::MAX;

fn before(activity: &[f64], a: Var, b: Var) -> bool {
    let (x, y) = (activity[a.index()], activity[b.index()]);
    x > y || (x == y && a.0 < b.0)
}

impl VarHeap {
    /// Makes room for variables up to `count - 1` (not inserted).
    pub(crate) fn grow(&mut self, count: usize) {
        if self.position.len() < count {
            self.position.resize(count, ABSENT);
        }
    }

    pub(crate) fn contains(&self, v: Var) -> bool {
        self.position.get(v.index()).is_some_and(|&p| p != ABSENT)
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.heap.len()
    }

    /// Inserts `v` if it is not in the heap.
    pub(crate) fn insert(&mut self, v: Var, activity: &[f64]) {
        self.grow(v.index() + 1);
        if self.contains(v) {
            return;
        }
        self.position[v.index()] = self.heap.len() as u32;
        self.heap.push(v);
        self.sift_up(self.heap.len() - 1, activity);
    }

    /// Restores the heap order after `v`'s activity grew.
    pub(crate) fn increased(&mut self, v: Var, activity: &[f64]) {
        if self.contains(v) {
            self.sift_up(self.position[v.index()] as usize, activity);
        }
    }

    /// Removes and returns the variable of highest activity.
    pub(crate) fn pop(&mut self, activity: &[f64]) -> Option<Var> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("heap is not empty");
        self.position[top.index()] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.position[last.index()] = 0;
            self.sift_down(0, activity);
        }
        Some(top)
    }

    fn sift_up(&mut self, mut i: usize, activity: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !before(activity, v, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.position[self.heap[i].index()] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.position[v.index()] = i as u32;
    }

    fn sift_down(&mut self, mut i: usize, activity: &[f64]) {
        let v = self.heap[i];
        let n = self.heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && before(activity, self.heap[right], self.heap[left]) {
                right
            } else {
                left
            };
            if !before(activity, self.heap[child], v) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.position[self.heap[i].index()] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.position[v.index()] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_by_activity_then_by_smaller_index() {
        let activity = vec![1.0, 3.0, 3.0, 0.5, 2.0];
        let mut heap = VarHeap::default();
        for v in (0..5).rev() {
            heap.insert(Var(v), &activity);
        }
        let order: Vec<u32> = std::iter::from_fn(|| heap.pop(&activity)).map(|v| v.0).collect();
        assert_eq!(order, vec![1, 2, 4, 0, 3]);
    }

    #[test]
    fn increased_key_moves_up() {
        let mut activity = vec![1.0, 2.0, 3.0];
        let mut heap = VarHeap::default();
        for v in 0..3 {
            heap.insert(Var(v), &activity);
        }
        activity[0] = 10.0;
        heap.increased(Var(0), &activity);
        assert_eq!(heap.pop(&activity), Some(Var(0)));
        assert_eq!(heap.len(), 2);
        assert!(!heap.contains(Var(0)));
    }
}
