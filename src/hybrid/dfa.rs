//! Regular languages over region symbols as minimal complete DFAs (§4 of the paper): the
//! difference, the patterns `ext(bΩ*)`, `ext(Ω*b)`, `ext(Ω*wΩ*)`, the renaming `L^{a→b}` for a
//! fresh `b`, the non-emptiness of `L ∩ {uwv}`, and the factors of a length.
//!
//! Every operation ends in [`Dfa::minimize`], which numbers the states breadth-first from the
//! start in symbol order, so two equal languages have equal automata and nothing depends on
//! the order a set was built in. Hand-written because the operations are few and small (the
//! DFAs stay in the tens of states), and because the one operation specific to the method,
//! `ext` of a contracted pattern, is a four-line NFA: for a contracted word `w = w1…wn`,
//! `ext(Ω*wΩ*) = Ω* w1+ … wn+ Ω*` (a word's contraction has `w` as a factor exactly when the
//! word has a factor of blocks `w1+ … wn+`, since contraction merges only equal neighbours).

use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A region symbol.
pub type Symbol = u32;

/// A complete deterministic automaton over the symbols `0..alphabet`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dfa {
    /// The number of symbols.
    pub alphabet: usize,
    /// `next[q][a]`: the state after `a` from `q`.
    pub next: Vec<Vec<u32>>,
    /// Which states accept.
    pub accepting: Vec<bool>,
    /// The start state (always 0 after minimization).
    pub start: u32,
}

/// Where a pattern sits in the words it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Position {
    /// `ext(wΩ*)`: words starting with `w`.
    Prefix,
    /// `ext(Ω*w)`: words ending with `w`.
    Suffix,
    /// `ext(Ω*wΩ*)`: words containing `w`.
    Factor,
}

impl Dfa {
    /// `Ω+`: every nonempty word.
    pub fn nonempty_words(alphabet: usize) -> Dfa {
        Dfa {
            alphabet,
            next: vec![vec![1; alphabet], vec![1; alphabet]],
            accepting: vec![false, true],
            start: 0,
        }
        .minimize()
    }

    /// `ext` of the pattern `w` at `position`, for a contracted `w` (symbols below the alphabet).
    pub fn pattern(alphabet: usize, word: &[Symbol], position: Position) -> Dfa {
        // The NFA: state i has read the blocks of w1..wi; state 0 loops on Ω for a factor or a
        // suffix, state n loops on Ω for a factor or a prefix, state i loops on wi.
        let n = word.len();
        let mut moves: Vec<Vec<(Symbol, usize)>> = vec![Vec::new(); n + 1];
        for (i, &symbol) in word.iter().enumerate() {
            moves[i].push((symbol, i + 1));
            moves[i + 1].push((symbol, i + 1));
        }
        let loops_front = position != Position::Prefix;
        let loops_back = position != Position::Suffix;
        let mut subsets: BTreeMap<BTreeSet<usize>, u32> = BTreeMap::new();
        let mut order: Vec<BTreeSet<usize>> = Vec::new();
        let mut next: Vec<Vec<u32>> = Vec::new();
        let start: BTreeSet<usize> = [0].into();
        subsets.insert(start.clone(), 0);
        order.push(start);
        let mut i = 0;
        while i < order.len() {
            let current = order[i].clone();
            let mut row = Vec::with_capacity(alphabet);
            for a in 0..alphabet as Symbol {
                let mut target = BTreeSet::new();
                for &q in &current {
                    for &(s, to) in &moves[q] {
                        if s == a {
                            target.insert(to);
                        }
                    }
                    if (q == 0 && loops_front) || (q == n && loops_back) {
                        target.insert(q);
                    }
                }
                let id = match subsets.get(&target) {
                    Some(&id) => id,
                    None => {
                        let id = order.len() as u32;
                        subsets.insert(target.clone(), id);
                        order.push(target);
                        id
                    }
                };
                row.push(id);
            }
            next.push(row);
            i += 1;
        }
        let accepting = order.iter().map(|s| s.contains(&n) && n > 0).collect();
        Dfa { alphabet, next, accepting, start: 0 }.minimize()
    }

    /// The words of `self` not in `other` (same alphabet).
    pub fn difference(&self, other: &Dfa) -> Dfa {
        self.product(other, |a, b| a && !b)
    }

    /// The words in both.
    pub fn intersection(&self, other: &Dfa) -> Dfa {
        self.product(other, |a, b| a && b)
    }

    fn product(&self, other: &Dfa, accept: impl Fn(bool, bool) -> bool) -> Dfa {
        let mut ids: BTreeMap<(u32, u32), u32> = BTreeMap::new();
        let mut order = vec![(self.start, other.start)];
        ids.insert((self.start, other.start), 0);
        let mut next = Vec::new();
        let mut accepting = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let (p, q) = order[i];
            accepting.push(accept(self.accepting[p as usize], other.accepting[q as usize]));
            let mut row = Vec::with_capacity(self.alphabet);
            for a in 0..self.alphabet {
                let pair = (self.next[p as usize][a], other.next[q as usize][a]);
                let id = *ids.entry(pair).or_insert_with(|| {
                    order.push(pair);
                    order.len() as u32 - 1
                });
                row.push(id);
            }
            next.push(row);
            i += 1;
        }
        Dfa { alphabet: self.alphabet, next, accepting, start: 0 }.minimize()
    }

    /// `L^{a→b}` for the fresh symbol `b = alphabet`: `b` behaves exactly like `a`.
    pub fn rename_fresh(&self, a: Symbol) -> Dfa {
        let mut next = self.next.clone();
        for row in &mut next {
            let target = row.get(a as usize).copied().unwrap_or(0);
            row.push(target);
        }
        Dfa {
            alphabet: self.alphabet + 1,
            next,
            accepting: self.accepting.clone(),
            start: self.start,
        }
        .minimize()
    }

    /// The minimal automaton of the same language, states numbered breadth-first from the start
    /// in symbol order (Moore's partition refinement over the reachable states).
    pub fn minimize(&self) -> Dfa {
        // Reachable states, in breadth-first order.
        let mut seen = vec![false; self.next.len()];
        let mut reachable = Vec::new();
        let mut queue = VecDeque::from([self.start]);
        seen[self.start as usize] = true;
        while let Some(q) = queue.pop_front() {
            reachable.push(q);
            for &t in &self.next[q as usize] {
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    queue.push_back(t);
                }
            }
        }
        let mut class: Vec<u32> = vec![0; self.next.len()];
        for &q in &reachable {
            class[q as usize] = u32::from(self.accepting[q as usize]);
        }
        loop {
            let mut signatures: BTreeMap<(u32, Vec<u32>), u32> = BTreeMap::new();
            let mut refined = vec![0; self.next.len()];
            for &q in &reachable {
                let signature = (
                    class[q as usize],
                    self.next[q as usize].iter().map(|&t| class[t as usize]).collect::<Vec<_>>(),
                );
                let fresh = signatures.len() as u32;
                refined[q as usize] = *signatures.entry(signature).or_insert(fresh);
            }
            let before =
                reachable.iter().map(|&q| class[q as usize]).collect::<BTreeSet<_>>().len();
            class = refined;
            if signatures.len() == before {
                break;
            }
        }
        // Number the classes breadth-first from the start's class.
        let mut number: BTreeMap<u32, u32> = BTreeMap::new();
        let mut representative: Vec<u32> = Vec::new();
        let mut queue = VecDeque::from([self.start]);
        number.insert(class[self.start as usize], 0);
        representative.push(self.start);
        while let Some(q) = queue.pop_front() {
            for &t in &self.next[q as usize] {
                if let std::collections::btree_map::Entry::Vacant(e) =
                    number.entry(class[t as usize])
                {
                    e.insert(representative.len() as u32);
                    representative.push(t);
                    queue.push_back(t);
                }
            }
        }
        let next = representative
            .iter()
            .map(|&q| self.next[q as usize].iter().map(|&t| number[&class[t as usize]]).collect())
            .collect();
        let accepting = representative.iter().map(|&q| self.accepting[q as usize]).collect();
        Dfa { alphabet: self.alphabet, next, accepting, start: 0 }
    }

    /// Which states can reach an accepting state.
    pub fn live_states(&self) -> Vec<bool> {
        let mut live = self.accepting.clone();
        let mut changed = true;
        while changed {
            changed = false;
            for q in 0..self.next.len() {
                if !live[q] && self.next[q].iter().any(|&t| live[t as usize]) {
                    live[q] = true;
                    changed = true;
                }
            }
        }
        live
    }

    /// True if the language is empty.
    pub fn is_empty(&self) -> bool {
        !self.live_states()[self.start as usize]
    }

    /// The number of states that can reach an accepting one (the automaton's size without its
    /// dead state).
    pub fn size(&self) -> usize {
        self.live_states().iter().filter(|&&l| l).count()
    }

    /// True if the automaton accepts `word`.
    pub fn accepts(&self, word: &[Symbol]) -> bool {
        self.read(self.start, word).is_some_and(|q| self.accepting[q as usize])
    }

    fn read(&self, from: u32, word: &[Symbol]) -> Option<u32> {
        let mut q = from;
        for &a in word {
            q = *self.next.get(q as usize)?.get(a as usize)?;
        }
        Some(q)
    }

    /// True if some word of the language has `word` at `position`.
    pub fn has_pattern(&self, word: &[Symbol], position: Position) -> bool {
        let live = self.live_states();
        match position {
            Position::Prefix => self.read(self.start, word).is_some_and(|q| live[q as usize]),
            // Every state of a minimized automaton is reachable, so a factor is any run of
            // `word` between live states, and a suffix any run ending in an accepting one.
            Position::Factor => (0..self.next.len() as u32)
                .any(|q| live[q as usize] && self.read(q, word).is_some_and(|t| live[t as usize])),
            Position::Suffix => (0..self.next.len() as u32).any(|q| {
                live[q as usize] && self.read(q, word).is_some_and(|t| self.accepting[t as usize])
            }),
        }
    }

    /// The words of length `length` at `position` in some word of the language, sorted.
    pub fn words_at(&self, length: usize, position: Position) -> Vec<Vec<Symbol>> {
        let live = self.live_states();
        let starts: Vec<u32> = match position {
            Position::Prefix => vec![self.start],
            _ => (0..self.next.len() as u32).filter(|&q| live[q as usize]).collect(),
        };
        let mut found = BTreeSet::new();
        let mut stack: Vec<(u32, Vec<Symbol>)> =
            starts.into_iter().map(|q| (q, Vec::new())).collect();
        while let Some((q, word)) = stack.pop() {
            if !live[q as usize] {
                continue;
            }
            if word.len() == length {
                if position != Position::Suffix || self.accepting[q as usize] {
                    found.insert(word);
                }
                continue;
            }
            for a in 0..self.alphabet as Symbol {
                let mut longer = word.clone();
                longer.push(a);
                stack.push((self.next[q as usize][a as usize], longer));
            }
        }
        found.into_iter().collect()
    }

    /// The accepted words up to `length` symbols, shortest first then in symbol order.
    pub fn words_up_to(&self, length: usize) -> Vec<Vec<Symbol>> {
        let live = self.live_states();
        let mut out = Vec::new();
        let mut layer: Vec<(u32, Vec<Symbol>)> = vec![(self.start, Vec::new())];
        for _ in 0..length {
            let mut following = Vec::new();
            for (q, word) in &layer {
                for a in 0..self.alphabet as Symbol {
                    let t = self.next[*q as usize][a as usize];
                    if live[t as usize] {
                        let mut longer = word.clone();
                        longer.push(a);
                        if self.accepting[t as usize] {
                            out.push(longer.clone());
                        }
                        following.push((t, longer));
                    }
                }
            }
            layer = following;
        }
        out
    }
}

/// True if `word` has no two equal neighbours.
pub fn is_contracted(word: &[Symbol]) -> bool {
    word.windows(2).all(|p| p[0] != p[1])
}

/// True if `small` is a factor (contiguous subword) of `large`.
pub fn is_factor(small: &[Symbol], large: &[Symbol]) -> bool {
    small.is_empty() || large.windows(small.len()).any(|w| w == small)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hybrid_dfa_ext_of_a_factor_pattern() {
        // Symbols a = 0, b = 1, c = 2.
        let ext = Dfa::pattern(3, &[0, 1, 2], Position::Factor);
        assert!(ext.accepts(&[0, 0, 1, 1, 1, 2]));
        assert!(ext.accepts(&[2, 0, 1, 2, 0]));
        assert!(!ext.accepts(&[0, 2, 1]));
        assert!(!ext.accepts(&[0, 1, 0, 2]));
    }

    #[test]
    fn hybrid_dfa_minimization_is_canonical() {
        let a = Dfa::nonempty_words(2).difference(&Dfa::pattern(2, &[0], Position::Prefix));
        let b = Dfa::nonempty_words(2).intersection(&Dfa::pattern(2, &[1], Position::Prefix));
        assert_eq!(a, b);
    }
}
