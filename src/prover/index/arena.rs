//! A node arena for the trie-shaped indexes: nodes addressed by `u32`, index 0 the root, and
//! freed nodes reused before the arena grows, so that an index under constant insert/remove
//! churn (backward simplification does exactly that) stays the size of its live contents.

use std::ops::{Index, IndexMut};

/// Nodes of one trie; `N::default()` is an empty node.
#[derive(Clone, Debug)]
pub(crate) struct NodeArena<N> {
    nodes: Vec<N>,
    free: Vec<u32>,
}

impl<N: Default> NodeArena<N> {
    /// An arena holding only an empty root.
    pub(crate) fn with_root() -> Self {
        NodeArena { nodes: vec![N::default()], free: Vec::new() }
    }

    /// A fresh empty node: a freed slot if there is one, else a new one.
    pub(crate) fn alloc(&mut self) -> u32 {
        match self.free.pop() {
            Some(i) => {
                self.nodes[i as usize] = N::default();
                i
            }
            None => {
                self.nodes.push(N::default());
                (self.nodes.len() - 1) as u32
            }
        }
    }

    /// Gives a node back; the caller has unlinked it from its parent.
    pub(crate) fn release(&mut self, node: u32) {
        debug_assert!(node != 0, "the root is never freed");
        self.free.push(node);
    }

    /// Live nodes, the root included.
    pub(crate) fn live(&self) -> usize {
        self.nodes.len() - self.free.len()
    }

    /// Slots ever allocated (live or free): what the arena's memory is.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.nodes.len()
    }
}

impl<N> Index<u32> for NodeArena<N> {
    type Output = N;
    fn index(&self, node: u32) -> &N {
        &self.nodes[node as usize]
    }
}

impl<N> IndexMut<u32> for NodeArena<N> {
    fn index_mut(&mut self, node: u32) -> &mut N {
        &mut self.nodes[node as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freed_slots_are_reused_and_come_back_empty() {
        let mut arena: NodeArena<Vec<u32>> = NodeArena::with_root();
        let a = arena.alloc();
        let b = arena.alloc();
        arena[a].push(7);
        assert_eq!((arena.live(), arena.capacity()), (3, 3));
        arena.release(a);
        assert_eq!(arena.live(), 2);
        let c = arena.alloc();
        assert_eq!(c, a, "the freed slot is taken before the arena grows");
        assert!(arena[c].is_empty(), "a reused node starts empty");
        assert_eq!((arena.live(), arena.capacity()), (3, 3));
        assert_ne!(b, c);
    }
}
