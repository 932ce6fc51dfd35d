//! Guards: the path condition of every program point, kept canonical as a reduced ordered BDD
//! over *names* of branch conditions, and turned into a [`Dag`] formula when a query or a merge
//! needs it.
//!
//! Why BDDs (the paper's §3.3): a guard is conjoined into every merged value, so it must not
//! grow at each join. After `if (c) .. else ..` the guard of the join is `c | !c`, which a DAG
//! keeps as a formula over `c`'s bits (dragging them into every query below: no slicing), while
//! a BDD reduces it to `true`. A branch's two `assume` edges name one condition and its
//! negation: the name of a condition is its DAG literal without its negation, so `x < 5` and
//! `!(x < 5)` (and `5 <= x`, which the bit-blaster builds as the negation of `x < 5`) get one
//! name. Names are numbered in the order they are met, which is the BDD's variable order.

use rustc_hash::FxHashMap;

use super::boolean::{B, Dag};

/// A BDD node: `0` is false, `1` is true, others index [`Guards`]'s table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Guard(u32);

impl Guard {
    /// The guard that always holds.
    pub const TRUE: Guard = Guard(1);
    /// The guard that never holds.
    pub const FALSE: Guard = Guard(0);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct BddNode {
    name: u32,
    high: Guard,
    low: Guard,
}

/// The BDD manager: the unique table, the names and their conditions, and the memo of the
/// guards already turned into formulas.
#[derive(Clone, Debug, Default)]
pub struct Guards {
    nodes: Vec<BddNode>,
    unique: FxHashMap<BddNode, u32>,
    /// Per name, the condition it stands for (a positive DAG literal).
    conditions: Vec<B>,
    names: FxHashMap<B, u32>,
    and_memo: FxHashMap<(Guard, Guard), Guard>,
    formulas: FxHashMap<Guard, B>,
}

impl Guards {
    /// A manager with the two constants.
    pub fn new() -> Guards {
        let leaf = BddNode { name: u32::MAX, high: Guard(0), low: Guard(0) };
        Guards { nodes: vec![leaf, leaf], ..Guards::default() }
    }

    /// The number of BDD nodes, the constants included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when only the constants exist.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 2
    }

    /// The condition name `n` stands for (a positive DAG literal).
    pub fn condition_of(&self, name: u32) -> B {
        self.conditions[name as usize]
    }

    /// The guard as a disjunction of cubes (its BDD's paths to true, high branch first), each
    /// a list of names with their polarity in the BDD's order; at most `limit` cubes, and false
    /// when there were more.
    pub fn cubes(&self, g: Guard, limit: usize) -> (Vec<Vec<(u32, bool)>>, bool) {
        let mut cubes = Vec::new();
        let mut complete = true;
        let mut stack = vec![(g, Vec::new())];
        while let Some((node, path)) = stack.pop() {
            match node {
                Guard::FALSE => continue,
                Guard::TRUE => {
                    if cubes.len() == limit {
                        complete = false;
                        break;
                    }
                    cubes.push(path);
                    continue;
                }
                _ => {}
            }
            let BddNode { name, high, low } = self.nodes[node.0 as usize];
            let mut low_path = path.clone();
            low_path.push((name, false));
            let mut high_path = path;
            high_path.push((name, true));
            // Popped high first.
            stack.push((low, low_path));
            stack.push((high, high_path));
        }
        (cubes, complete)
    }

    /// The number of names given to conditions.
    pub fn names(&self) -> usize {
        self.conditions.len()
    }

    fn make(&mut self, name: u32, high: Guard, low: Guard) -> Guard {
        if high == low {
            return high;
        }
        let node = BddNode { name, high, low };
        if let Some(&id) = self.unique.get(&node) {
            return Guard(id);
        }
        self.nodes.push(node);
        let id = self.nodes.len() as u32 - 1;
        self.unique.insert(node, id);
        Guard(id)
    }

    /// The guard "the condition `c` holds": a constant for a constant condition, else its
    /// name (or the name's negation when `c` is a negated literal).
    pub fn condition(&mut self, c: B) -> Guard {
        if let Some(value) = c.constant() {
            return if value { Guard::TRUE } else { Guard::FALSE };
        }
        let positive = c.positive();
        let name = match self.names.get(&positive) {
            Some(&n) => n,
            None => {
                let n = self.conditions.len() as u32;
                self.conditions.push(positive);
                self.names.insert(positive, n);
                n
            }
        };
        if c.is_negated() {
            self.make(name, Guard::FALSE, Guard::TRUE)
        } else {
            self.make(name, Guard::TRUE, Guard::FALSE)
        }
    }

    /// The negation.
    pub fn not(&mut self, g: Guard) -> Guard {
        // `!g` is `g -> false`, computed by the same recursion as `and` through De Morgan would
        // need `or`; a direct recursion is simpler.
        match g {
            Guard::TRUE => Guard::FALSE,
            Guard::FALSE => Guard::TRUE,
            _ => {
                let node = self.nodes[g.0 as usize];
                let high = self.not(node.high);
                let low = self.not(node.low);
                self.make(node.name, high, low)
            }
        }
    }

    /// The conjunction.
    pub fn and(&mut self, a: Guard, b: Guard) -> Guard {
        if a == Guard::FALSE || b == Guard::FALSE {
            return Guard::FALSE;
        }
        if a == Guard::TRUE {
            return b;
        }
        if b == Guard::TRUE || a == b {
            return a;
        }
        let key = if a < b { (a, b) } else { (b, a) };
        if let Some(&g) = self.and_memo.get(&key) {
            return g;
        }
        let na = self.nodes[a.0 as usize];
        let nb = self.nodes[b.0 as usize];
        let name = na.name.min(nb.name);
        let (ah, al) = if na.name == name { (na.high, na.low) } else { (a, a) };
        let (bh, bl) = if nb.name == name { (nb.high, nb.low) } else { (b, b) };
        let high = self.and(ah, bh);
        let low = self.and(al, bl);
        let g = self.make(name, high, low);
        self.and_memo.insert(key, g);
        g
    }

    /// The disjunction.
    pub fn or(&mut self, a: Guard, b: Guard) -> Guard {
        let na = self.not(a);
        let nb = self.not(b);
        let both = self.and(na, nb);
        self.not(both)
    }

    /// The guard as a formula: each name replaced by its condition, a BDD node by the
    /// multiplexer on it (memoised, so shared BDD nodes give shared formulas).
    pub fn formula(&mut self, dag: &mut Dag, g: Guard) -> B {
        match g {
            Guard::TRUE => return B::TRUE,
            Guard::FALSE => return B::FALSE,
            _ => {}
        }
        if let Some(&b) = self.formulas.get(&g) {
            return b;
        }
        let node = self.nodes[g.0 as usize];
        let high = self.formula(dag, node.high);
        let low = self.formula(dag, node.low);
        let c = self.conditions[node.name as usize];
        let b = dag.ite(c, high, low);
        self.formulas.insert(g, b);
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_branch_joins_to_true() {
        // S4: the guard after `if (c) .. else ..` is exactly true.
        let mut dag = Dag::new();
        let mut guards = Guards::new();
        let c = dag.input();
        let then = guards.condition(c);
        let other = guards.condition(!c);
        assert_eq!(guards.or(then, other), Guard::TRUE);
        assert_eq!(guards.and(then, other), Guard::FALSE);
    }

    #[test]
    fn formulas_agree_with_the_bdd() {
        let mut dag = Dag::new();
        let mut guards = Guards::new();
        let x = dag.input();
        let y = dag.input();
        let z = dag.input();
        let gx = guards.condition(x);
        let gy = guards.condition(!y);
        let gz = guards.condition(z);
        let a = guards.and(gx, gy);
        let g = guards.or(a, gz);
        let f = guards.formula(&mut dag, g);
        for bits in 0u32..8 {
            let v = |i: u32| (bits >> i) & 1 == 1;
            let want = (v(0) && !v(1)) || v(2);
            assert_eq!(dag.eval(f, &v), want);
        }
    }
}
