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
    /// Which states can reach an accepting one: computed once when an automaton is minimized
    /// (every query asks it), empty in the unminimized automata the operations build.
    live: Vec<bool>,
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
            live: Vec::new(),
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
        Dfa { alphabet, next, accepting, start: 0, live: Vec::new() }.minimize()
    }

    /// The union of `ext(Ω*wΩ*)` over the contracted `words` (empty ones stand for no word),
    /// as one automaton, so that a batch of m-spurious words costs one difference rather than
    /// one per word (the paper's §4 applies them in batches).
    ///
    /// The NFA shares its start, which loops on every symbol, and its end, where every word
    /// completes and which loops on every symbol; in between, word `i` has a state per block
    /// read, looping on its block's symbol. A subset holding the end is the accepting sink.
    pub fn factors(alphabet: usize, words: &[Vec<Symbol>]) -> Dfa {
        const START: usize = 0;
        const END: usize = 1;
        let mut moves: Vec<Vec<(Symbol, usize)>> = vec![Vec::new(), Vec::new()];
        for word in words.iter().filter(|w| !w.is_empty()) {
            let mut at = START;
            for (j, &symbol) in word.iter().enumerate() {
                let to = if j + 1 == word.len() {
                    END
                } else {
                    moves.push(vec![(symbol, moves.len())]);
                    moves.len() - 1
                };
                moves[at].push((symbol, to));
                at = to;
            }
        }
        let sink: BTreeSet<usize> = [END].into();
        let start: BTreeSet<usize> = [START].into();
        let mut subsets: BTreeMap<BTreeSet<usize>, u32> = BTreeMap::new();
        let mut order: Vec<BTreeSet<usize>> = Vec::new();
        for subset in [start.clone(), sink.clone()] {
            subsets.insert(subset.clone(), order.len() as u32);
            order.push(subset);
        }
        let mut next: Vec<Vec<u32>> = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let current = order[i].clone();
            if current.contains(&END) {
                next.push(vec![1; alphabet]);
                i += 1;
                continue;
            }
            // Every symbol keeps the start; only the symbols some member moves on add more.
            let mut targets: BTreeMap<Symbol, BTreeSet<usize>> = BTreeMap::new();
            for &q in &current {
                for &(symbol, to) in &moves[q] {
                    targets.entry(symbol).or_insert_with(|| start.clone()).insert(to);
                }
            }
            let mut row = vec![0; alphabet];
            for (symbol, target) in targets {
                let target = if target.contains(&END) { sink.clone() } else { target };
                let id = match subsets.get(&target) {
                    Some(&id) => id,
                    None => {
                        let id = order.len() as u32;
                        subsets.insert(target.clone(), id);
                        order.push(target);
                        id
                    }
                };
                if let Some(slot) = row.get_mut(symbol as usize) {
                    *slot = id;
                }
            }
            next.push(row);
            i += 1;
        }
        let accepting = order.iter().map(|s| s.contains(&END)).collect();
        Dfa { alphabet, next, accepting, start: 0, live: Vec::new() }.minimize()
    }

    /// The words having a factor `c1 c2 … cn` with every `ci` a symbol of the class `classes[i]`,
    /// read exactly (no contraction: a program's step from a location to itself is a step);
    /// `anchored_start` asks the factor to be a prefix, `anchored_end` a suffix (both: the
    /// words `c1 … cn` themselves). A class stands for a symbol and the symbols renamed from it
    /// since ([`Dfa::rename_fresh`]), so a pattern stays the same set of concrete words.
    pub fn classes(
        alphabet: usize,
        classes: &[Vec<Symbol>],
        anchored_start: bool,
        anchored_end: bool,
    ) -> Dfa {
        let n = classes.len();
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
                    if q < n && classes[q].contains(&a) {
                        target.insert(q + 1);
                    }
                    if (q == 0 && !anchored_start) || (q == n && !anchored_end) {
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
        let accepting = order.iter().map(|s| s.contains(&n)).collect();
        Dfa { alphabet, next, accepting, start: 0, live: Vec::new() }.minimize()
    }

    /// A shortest accepted word, the least in symbol order among the shortest; `None` when the
    /// language is empty.
    pub fn shortest_word(&self) -> Option<Vec<Symbol>> {
        // Breadth-first from the start, trying symbols in order: the first visit of a state is
        // by its least shortest word.
        let mut parent: Vec<Option<(u32, Symbol)>> = vec![None; self.next.len()];
        let mut seen = vec![false; self.next.len()];
        seen[self.start as usize] = true;
        let mut queue = VecDeque::from([self.start]);
        while let Some(q) = queue.pop_front() {
            if self.accepting[q as usize] {
                let mut word = Vec::new();
                let mut at = q;
                while let Some((p, a)) = parent[at as usize] {
                    word.push(a);
                    at = p;
                }
                word.reverse();
                return Some(word);
            }
            for a in 0..self.alphabet as Symbol {
                let t = self.next[q as usize][a as usize];
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    parent[t as usize] = Some((q, a));
                    queue.push_back(t);
                }
            }
        }
        None
    }

    /// The minimal automaton of the complete automaton `next` (a row per state, a column per
    /// symbol) with the given accepting states and start.
    pub fn from_transitions(
        alphabet: usize,
        next: Vec<Vec<u32>>,
        accepting: Vec<bool>,
        start: u32,
    ) -> Dfa {
        Dfa { alphabet, next, accepting, start, live: Vec::new() }.minimize()
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
        // Pair (p, q) has the dense index p·|other| + q; ids are given in breadth-first order.
        let width = other.next.len();
        let mut ids: Vec<u32> = vec![u32::MAX; self.next.len() * width];
        let mut order = vec![(self.start, other.start)];
        ids[self.start as usize * width + other.start as usize] = 0;
        let mut next = Vec::new();
        let mut accepting = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let (p, q) = order[i];
            accepting.push(accept(self.accepting[p as usize], other.accepting[q as usize]));
            let mut row = Vec::with_capacity(self.alphabet);
            for a in 0..self.alphabet {
                let pair = (self.next[p as usize][a], other.next[q as usize][a]);
                let slot = &mut ids[pair.0 as usize * width + pair.1 as usize];
                if *slot == u32::MAX {
                    *slot = order.len() as u32;
                    order.push(pair);
                }
                row.push(*slot);
            }
            next.push(row);
            i += 1;
        }
        Dfa { alphabet: self.alphabet, next, accepting, start: 0, live: Vec::new() }.minimize()
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
            live: Vec::new(),
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
        let class = self.equivalence_classes(&reachable);
        // Number the classes breadth-first from the start's class.
        let classes = class.iter().max().map_or(0, |&c| c as usize + 1);
        let mut number: Vec<u32> = vec![u32::MAX; classes];
        let mut representative: Vec<u32> = Vec::new();
        let mut queue = VecDeque::from([self.start]);
        number[class[self.start as usize] as usize] = 0;
        representative.push(self.start);
        while let Some(q) = queue.pop_front() {
            for &t in &self.next[q as usize] {
                let slot = &mut number[class[t as usize] as usize];
                if *slot == u32::MAX {
                    *slot = representative.len() as u32;
                    representative.push(t);
                    queue.push_back(t);
                }
            }
        }
        let next: Vec<Vec<u32>> = representative
            .iter()
            .map(|&q| {
                self.next[q as usize].iter().map(|&t| number[class[t as usize] as usize]).collect()
            })
            .collect();
        let accepting: Vec<bool> =
            representative.iter().map(|&q| self.accepting[q as usize]).collect();
        let live = reaching_acceptance(&next, &accepting);
        Dfa { alphabet: self.alphabet, next, accepting, start: 0, live }
    }

    /// The classes of language equivalence of the `reachable` states (indexed by state; the
    /// numbers of the classes are arbitrary), by Hopcroft's partition refinement: a splitter
    /// block and its predecessors under each symbol split every block they cut, and of two
    /// halves of a block not waiting to be a splitter only the smaller one is queued. The
    /// coarsest partition is unique, so the result does not depend on the order of splits.
    fn equivalence_classes(&self, reachable: &[u32]) -> Vec<u32> {
        let alphabet = self.alphabet;
        let m = reachable.len();
        let mut index = vec![u32::MAX; self.next.len()];
        for (i, &q) in reachable.iter().enumerate() {
            index[q as usize] = i as u32;
        }
        // Predecessors of each (symbol, state), in compressed rows.
        let mut offsets = vec![0u32; alphabet * m + 1];
        for &q in reachable {
            for (a, &t) in self.next[q as usize].iter().enumerate() {
                offsets[a * m + index[t as usize] as usize + 1] += 1;
            }
        }
        for i in 1..offsets.len() {
            offsets[i] += offsets[i - 1];
        }
        let mut fill = offsets.clone();
        let mut predecessors = vec![0u32; alphabet * m];
        for (i, &q) in reachable.iter().enumerate() {
            for (a, &t) in self.next[q as usize].iter().enumerate() {
                let row = a * m + index[t as usize] as usize;
                predecessors[fill[row] as usize] = i as u32;
                fill[row] += 1;
            }
        }
        // The partition: `elements` holds each block's members contiguously.
        let mut elements: Vec<u32> = Vec::with_capacity(m);
        elements.extend((0..m as u32).filter(|&i| !self.accepting[reachable[i as usize] as usize]));
        let rejecting = elements.len();
        elements.extend((0..m as u32).filter(|&i| self.accepting[reachable[i as usize] as usize]));
        let mut location = vec![0usize; m];
        for (position, &i) in elements.iter().enumerate() {
            location[i as usize] = position;
        }
        let mut blocks: Vec<(usize, usize)> = Vec::new();
        let mut block_of = vec![0u32; m];
        for range in [(0, rejecting), (rejecting, m)] {
            if range.0 < range.1 {
                for &i in &elements[range.0..range.1] {
                    block_of[i as usize] = blocks.len() as u32;
                }
                blocks.push(range);
            }
        }
        let mut waiting: Vec<u32> = (0..blocks.len() as u32).collect();
        let mut queued = vec![true; blocks.len()];
        let mut marked = vec![0usize; blocks.len()];
        let mut touched: Vec<u32> = Vec::new();
        while let Some(splitter) = waiting.pop() {
            queued[splitter as usize] = false;
            let (start, end) = blocks[splitter as usize];
            let members: Vec<u32> = elements[start..end].to_vec();
            for a in 0..alphabet {
                for &t in &members {
                    let row = a * m + t as usize;
                    for &p in &predecessors[offsets[row] as usize..offsets[row + 1] as usize] {
                        let b = block_of[p as usize] as usize;
                        let (block_start, _) = blocks[b];
                        let position = location[p as usize];
                        let boundary = block_start + marked[b];
                        if position < boundary {
                            continue;
                        }
                        // Move `p` into the marked front part of its block.
                        let other = elements[boundary];
                        elements.swap(position, boundary);
                        location[other as usize] = position;
                        location[p as usize] = boundary;
                        if marked[b] == 0 {
                            touched.push(b as u32);
                        }
                        marked[b] += 1;
                    }
                }
                for b in touched.drain(..) {
                    let b = b as usize;
                    let (block_start, block_end) = blocks[b];
                    let count = std::mem::take(&mut marked[b]);
                    if count == block_end - block_start {
                        continue;
                    }
                    let split = block_start + count;
                    let fresh = blocks.len() as u32;
                    blocks.push((block_start, split));
                    blocks[b] = (split, block_end);
                    marked.push(0);
                    for &i in &elements[block_start..split] {
                        block_of[i as usize] = fresh;
                    }
                    let smaller = if count <= block_end - split { fresh } else { b as u32 };
                    if queued[b] {
                        queued.push(true);
                        waiting.push(fresh);
                    } else {
                        queued.push(false);
                        queued[smaller as usize] = true;
                        waiting.push(smaller);
                    }
                }
            }
        }
        let mut class = vec![0u32; self.next.len()];
        for (i, &q) in reachable.iter().enumerate() {
            class[q as usize] = block_of[i];
        }
        class
    }

    /// Which states can reach an accepting state.
    pub fn live_states(&self) -> Vec<bool> {
        self.live().into_owned()
    }

    fn live(&self) -> std::borrow::Cow<'_, [bool]> {
        if self.live.len() == self.next.len() {
            std::borrow::Cow::Borrowed(&self.live)
        } else {
            std::borrow::Cow::Owned(reaching_acceptance(&self.next, &self.accepting))
        }
    }

    /// True if the language is empty.
    pub fn is_empty(&self) -> bool {
        !self.live()[self.start as usize]
    }

    /// The number of states that can reach an accepting one (the automaton's size without its
    /// dead state).
    pub fn size(&self) -> usize {
        self.live().iter().filter(|&&l| l).count()
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
        let live = self.live();
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
    ///
    /// Built a length at a time over words rather than over (state, word) pairs: each word
    /// carries the set of live states it can lead to, so a factor met from many states is
    /// extended once, and only live transitions are followed. Extending sorted words by
    /// symbols in increasing order keeps each layer sorted.
    pub fn words_at(&self, length: usize, position: Position) -> Vec<Vec<Symbol>> {
        let live = self.live();
        let edges: Vec<Vec<(Symbol, u32)>> = self
            .next
            .iter()
            .map(|row| {
                (0..self.alphabet as Symbol)
                    .map(|a| (a, row[a as usize]))
                    .filter(|&(_, t)| live[t as usize])
                    .collect()
            })
            .collect();
        let starts: Vec<u32> = match position {
            Position::Prefix => [self.start].into_iter().filter(|&q| live[q as usize]).collect(),
            _ => (0..self.next.len() as u32).filter(|&q| live[q as usize]).collect(),
        };
        if starts.is_empty() {
            return Vec::new();
        }
        // The states each word may lead to, sorted and distinct; `buckets` is indexed by symbol
        // and reused, `touched` lists the symbols met for a word.
        let mut layer: Vec<(Vec<Symbol>, Vec<u32>)> = vec![(Vec::new(), starts)];
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); self.alphabet];
        let mut touched: Vec<Symbol> = Vec::new();
        for _ in 0..length {
            let mut following = Vec::new();
            for (word, states) in &layer {
                for &q in states {
                    for &(a, t) in &edges[q as usize] {
                        let bucket = &mut buckets[a as usize];
                        if bucket.is_empty() {
                            touched.push(a);
                        }
                        bucket.push(t);
                    }
                }
                touched.sort_unstable();
                for &a in &touched {
                    let mut targets = std::mem::take(&mut buckets[a as usize]);
                    targets.sort_unstable();
                    targets.dedup();
                    let mut longer = Vec::with_capacity(word.len() + 1);
                    longer.extend_from_slice(word);
                    longer.push(a);
                    following.push((longer, targets));
                }
                touched.clear();
            }
            layer = following;
        }
        layer
            .into_iter()
            .filter(|(_, states)| {
                position != Position::Suffix || states.iter().any(|&q| self.accepting[q as usize])
            })
            .map(|(word, _)| word)
            .collect()
    }

    /// The accepted words up to `length` symbols, shortest first then in symbol order.
    pub fn words_up_to(&self, length: usize) -> Vec<Vec<Symbol>> {
        let live = self.live();
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

/// Which states of `next` reach an accepting state: a breadth-first search backwards from the
/// accepting states, linear in the number of transitions.
fn reaching_acceptance(next: &[Vec<u32>], accepting: &[bool]) -> Vec<bool> {
    let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); next.len()];
    for (q, row) in next.iter().enumerate() {
        for &t in row {
            predecessors[t as usize].push(q as u32);
        }
    }
    let mut live = accepting.to_vec();
    let mut queue: VecDeque<u32> =
        (0..next.len() as u32).filter(|&q| accepting[q as usize]).collect();
    while let Some(t) = queue.pop_front() {
        for &q in &predecessors[t as usize] {
            if !live[q as usize] {
                live[q as usize] = true;
                queue.push_back(q);
            }
        }
    }
    live
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

    /// Every word over `alphabet` symbols of length 1 to `length`.
    fn all_words(alphabet: u32, length: usize) -> Vec<Vec<Symbol>> {
        let mut out: Vec<Vec<Symbol>> = Vec::new();
        let mut layer: Vec<Vec<Symbol>> = vec![Vec::new()];
        for _ in 0..length {
            layer = layer
                .iter()
                .flat_map(|w| {
                    (0..alphabet).map(move |a| {
                        let mut longer = w.clone();
                        longer.push(a);
                        longer
                    })
                })
                .collect();
            out.extend(layer.iter().cloned());
        }
        out
    }

    #[test]
    fn hybrid_dfa_factor_batch_is_the_union_of_its_patterns() {
        let words: Vec<Vec<Symbol>> = vec![vec![0, 1, 2], vec![1, 0], vec![2], vec![0, 2, 0]];
        let batch = Dfa::factors(3, &words);
        let each: Vec<Dfa> = words.iter().map(|w| Dfa::pattern(3, w, Position::Factor)).collect();
        for word in all_words(3, 5) {
            assert_eq!(batch.accepts(&word), each.iter().any(|p| p.accepts(&word)), "{word:?}");
        }
        // The difference by the batch is the differences one at a time, state for state.
        let language = Dfa::nonempty_words(3);
        let one_by_one = each.iter().fold(language.clone(), |l, p| l.difference(p));
        assert_eq!(language.difference(&batch), one_by_one);
        assert!(Dfa::factors(3, &[]).is_empty());
    }

    #[test]
    fn hybrid_dfa_minimization_agrees_with_the_language() {
        // A redundant automaton: states 0..6 counting symbols modulo 3 twice over, accepting
        // at count 0 (mod 3), which minimizes to three states.
        let next: Vec<Vec<u32>> = (0..6u32).map(|q| vec![(q + 1) % 6, q]).collect();
        let accepting: Vec<bool> = (0..6).map(|q| q % 3 == 0).collect();
        let raw = Dfa { alphabet: 2, next, accepting, start: 0, live: Vec::new() };
        let small = raw.minimize();
        assert_eq!(small.next.len(), 3);
        for word in all_words(2, 6) {
            assert_eq!(small.accepts(&word), raw.accepts(&word), "{word:?}");
        }
    }

    #[test]
    fn automata_class_patterns_are_exact() {
        // Symbols a = 0, b = 1, c = 2; the class {a, c} then b.
        let factor = Dfa::classes(3, &[vec![0, 2], vec![1]], false, false);
        assert!(factor.accepts(&[2, 2, 1, 0]));
        assert!(factor.accepts(&[0, 1]));
        assert!(!factor.accepts(&[1, 0]));
        assert!(!factor.accepts(&[0, 2]));
        let word = Dfa::classes(3, &[vec![0], vec![1]], true, true);
        assert!(word.accepts(&[0, 1]));
        assert!(!word.accepts(&[0, 1, 1]));
        assert!(!word.accepts(&[2, 0, 1]));
    }

    #[test]
    fn automata_shortest_word_is_least_among_shortest() {
        let l = Dfa::classes(3, &[vec![1, 2], vec![2]], false, true);
        assert_eq!(l.shortest_word(), Some(vec![1, 2]));
        let empty = l.difference(&l);
        assert_eq!(empty.shortest_word(), None);
    }
}
