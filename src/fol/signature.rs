//! The signature: every function and predicate symbol of a problem, interned to a `SymbolId`.

use rustc_hash::FxHashMap;

/// A function or predicate symbol, an index into the `Signature`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct SymbolId(pub u32);

/// Whether a symbol builds terms or atoms.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SymbolKind {
    /// A function symbol (constants are functions of arity 0).
    Function,
    /// A predicate symbol: applications of it are atoms, encoded as `p(..) = $true`.
    Predicate,
    /// The distinguished constant `$true` on the right of every predicate literal.
    True,
}

/// Where a symbol came from; Skolem and definition symbols are never shown as user vocabulary.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SymbolOrigin {
    /// Named in the input.
    Input,
    /// Introduced by Skolemization.
    Skolem,
    /// Introduced by definitional naming of a subformula during clausification.
    Definition,
    /// Built into the logic (`$true`).
    Builtin,
    /// A propositional name the prover gave a split component (AVATAR).
    SplitName,
}

/// What the signature knows of one symbol.
#[derive(Clone, Debug)]
pub struct SymbolInfo {
    /// The printed name.
    pub name: String,
    /// Number of arguments.
    pub arity: u32,
    /// Function, predicate or `$true`.
    pub kind: SymbolKind,
    /// Input, Skolem, definition or builtin.
    pub origin: SymbolOrigin,
}

/// All symbols of a problem. Symbols are keyed by name, arity and kind, so `p/1` and `p/2` differ.
#[derive(Clone, Debug)]
pub struct Signature {
    symbols: Vec<SymbolInfo>,
    by_key: FxHashMap<(String, u32, bool), SymbolId>,
    fresh_counter: u32,
}

impl Default for Signature {
    fn default() -> Self {
        Self::new()
    }
}

impl Signature {
    /// The id of `$true`, present in every signature.
    pub const TRUE: SymbolId = SymbolId(0);

    /// A signature holding only `$true`.
    pub fn new() -> Self {
        let mut signature =
            Signature { symbols: Vec::new(), by_key: FxHashMap::default(), fresh_counter: 0 };
        let id = signature.push(SymbolInfo {
            name: "$true".to_string(),
            arity: 0,
            kind: SymbolKind::True,
            origin: SymbolOrigin::Builtin,
        });
        debug_assert_eq!(id, Self::TRUE);
        signature
    }

    fn push(&mut self, info: SymbolInfo) -> SymbolId {
        let id = SymbolId(self.symbols.len() as u32);
        self.by_key.insert((info.name.clone(), info.arity, info.kind == SymbolKind::Predicate), id);
        self.symbols.push(info);
        id
    }

    /// The symbol with this name, arity and kind, interned on first use.
    pub fn intern(&mut self, name: &str, arity: u32, kind: SymbolKind) -> SymbolId {
        let key = (name.to_string(), arity, kind == SymbolKind::Predicate);
        if let Some(&id) = self.by_key.get(&key) {
            return id;
        }
        self.push(SymbolInfo { name: name.to_string(), arity, kind, origin: SymbolOrigin::Input })
    }

    /// Looks a symbol up without interning it.
    pub fn lookup(&self, name: &str, arity: u32, kind: SymbolKind) -> Option<SymbolId> {
        self.by_key.get(&(name.to_string(), arity, kind == SymbolKind::Predicate)).copied()
    }

    /// A new symbol whose name starts with `prefix` and clashes with no symbol already present.
    pub fn fresh(
        &mut self,
        prefix: &str,
        arity: u32,
        kind: SymbolKind,
        origin: SymbolOrigin,
    ) -> SymbolId {
        loop {
            let name = format!("{prefix}{}", self.fresh_counter);
            self.fresh_counter += 1;
            let taken = self.by_key.contains_key(&(name.clone(), arity, true))
                || self.by_key.contains_key(&(name.clone(), arity, false))
                || self.symbols.iter().any(|s| s.name == name);
            if !taken {
                return self.push(SymbolInfo { name, arity, kind, origin });
            }
        }
    }

    /// Everything known of `id`.
    pub fn info(&self, id: SymbolId) -> &SymbolInfo {
        &self.symbols[id.0 as usize]
    }

    /// The printed name of `id`.
    pub fn name(&self, id: SymbolId) -> &str {
        &self.symbols[id.0 as usize].name
    }

    /// The arity of `id`.
    pub fn arity(&self, id: SymbolId) -> u32 {
        self.symbols[id.0 as usize].arity
    }

    /// Whether `id` is a predicate symbol.
    pub fn is_predicate(&self, id: SymbolId) -> bool {
        self.symbols[id.0 as usize].kind == SymbolKind::Predicate
    }

    /// Number of symbols, `$true` included.
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// Always false: `$true` is always present.
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// All symbol ids in creation order.
    pub fn ids(&self) -> impl Iterator<Item = SymbolId> + use<> {
        (0..self.symbols.len() as u32).map(SymbolId)
    }
}
