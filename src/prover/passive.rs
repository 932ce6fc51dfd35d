//! The passive set: clauses waiting to be selected, in two queues (age and weight) picked in a
//! fixed ratio. A clause taken through one queue is skipped when it surfaces in the other.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::proof::ClauseId;

/// Two priority queues over the same clauses.
#[derive(Clone, Debug, Default)]
pub struct PassiveQueue {
    by_age: BinaryHeap<Reverse<ClauseId>>,
    by_weight: BinaryHeap<Reverse<(u64, ClauseId)>>,
    taken: Vec<bool>,
    len: usize,
    tick: u32,
}

impl PassiveQueue {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a clause with its selection weight. Ids grow with age.
    pub fn push(&mut self, id: ClauseId, weight: u64) {
        self.by_age.push(Reverse(id));
        self.by_weight.push(Reverse((weight, id)));
        let i = id.0 as usize;
        if self.taken.len() <= i {
            self.taken.resize(i + 1, true);
        }
        self.taken[i] = false;
        self.len += 1;
    }

    /// Takes `id` out of the queue if it waits there (its heap entries are skipped later).
    pub fn remove(&mut self, id: ClauseId) {
        if let Some(taken) = self.taken.get_mut(id.0 as usize)
            && !*taken
        {
            *taken = true;
            self.len -= 1;
        }
    }

    /// Number of waiting clauses.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing waits.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Takes the next clause: the oldest on `age_ratio` of every `age_ratio + weight_ratio`
    /// picks, the lightest on the others (ties broken by age, so the order is deterministic).
    pub fn pop(&mut self, age_ratio: u32, weight_ratio: u32) -> Option<ClauseId> {
        if self.len == 0 {
            return None;
        }
        let period = (age_ratio + weight_ratio).max(1);
        let use_age = self.tick % period < age_ratio;
        self.tick = self.tick.wrapping_add(1);
        let id = if use_age { self.pop_age() } else { self.pop_weight() }?;
        self.taken[id.0 as usize] = true;
        self.len -= 1;
        Some(id)
    }

    fn pop_age(&mut self) -> Option<ClauseId> {
        while let Some(Reverse(id)) = self.by_age.pop() {
            if !self.taken[id.0 as usize] {
                return Some(id);
            }
        }
        None
    }

    fn pop_weight(&mut self) -> Option<ClauseId> {
        while let Some(Reverse((_, id))) = self.by_weight.pop() {
            if !self.taken[id.0 as usize] {
                return Some(id);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_by_ratio_and_never_twice() {
        let mut q = PassiveQueue::new();
        q.push(ClauseId(0), 50);
        q.push(ClauseId(1), 10);
        q.push(ClauseId(2), 5);
        q.push(ClauseId(3), 7);
        // Ratio 1:2 -> age, weight, weight, age ...
        assert_eq!(q.pop(1, 2), Some(ClauseId(0)));
        assert_eq!(q.pop(1, 2), Some(ClauseId(2)));
        assert_eq!(q.pop(1, 2), Some(ClauseId(3)));
        assert_eq!(q.pop(1, 2), Some(ClauseId(1)));
        assert_eq!(q.pop(1, 2), None);
        assert!(q.is_empty());
    }
}
