//! AVATAR-style splitting (Voronkov, CAV 2014): a clause whose literals fall into
//! variable-disjoint components is not kept as it is. Each component gets a propositional name,
//! a SAT solver over the names keeps the disjunction of the clause's names, and the
//! first-order search goes on with the components the solver's model asserts. A clause derived
//! from asserted components holds only under them (its *assertions*); an empty clause derived
//! under assertions `S` is not a refutation but the propositional clause "not all of `S`", and
//! the model moves on. The search ends when the SAT solver finds the names unsatisfiable.
//!
//! # Proofs
//!
//! A name is a fresh nullary predicate `p`, defined by `p <=> (forall) C`. The proof carries
//! the definition's half `C | ~p` as an [`Rule::AvatarComponent`] node; every clause derived
//! under assertions `S` is printed with the literals `~p` of its names, so ordinary inference
//! steps check as they always do; a split is an [`Rule::AvatarSplit`] node (the other half of
//! the definitions, applied to a clause whose parts share no variable); the SAT solver's
//! resolution chains become [`Rule::AvatarSatResolution`] nodes over ground clauses. The
//! independent checker checks the definitions (fresh, once, not circular) and the splits, and
//! reads the rest as ground entailment. The definitions are a conservative extension, so the
//! refutation refutes the input.
//!
//! # What is kept when a name is retracted
//!
//! Clauses that hold under a retracted name are frozen: out of the active and passive sets,
//! they wait until every name they hold under is asserted again and then go back to the passive
//! set, so a model that returns to earlier names finds the work done under them (the
//! components' own clauses come back the same way). Simplification only uses a clause under
//! assertions that the simplified clause has too (see [`Prover::may_simplify`]), so no clause
//! is ever deleted by one that can be retracted without it.

use rustc_hash::FxHashMap;

use super::proof::{ClauseId, Premise, ProofStep, Rule};
use super::saturate::{ProofOutcome, Prover, StepOutcome};
use super::store::ClauseState;
use crate::fol::{Clause, Literal, SymbolKind, SymbolOrigin, TermBank, TermId, TermView};
use crate::sat::{self, Lit, SatResult, Solver, SolverOptions, Var};

/// The splitting state of one search.
pub(crate) struct Avatar {
    solver: Solver,
    /// Component (canonical form) to name.
    names: FxHashMap<Vec<Literal>, u32>,
    /// By name: the component's definition node and the name's atom.
    components: Vec<Component>,
    /// By SAT clause id: the stored clause an original SAT clause stands for.
    sat_origins: Vec<Option<ClauseId>>,
    /// By name: whether the current model asserts it.
    asserted: Vec<bool>,
    /// Clauses frozen by a retraction, in the order they were frozen (a clause thawed and
    /// frozen again is listed again; the state tells which entries are current).
    frozen: Vec<ClauseId>,
    /// `$true`, for printing names as atoms.
    true_term: TermId,
}

struct Component {
    /// The `AvatarComponent` node: the component, held under its own name.
    node: ClauseId,
    /// The name as a nullary predicate atom.
    atom: TermId,
}

impl Avatar {
    pub(crate) fn new(bank: &mut TermBank) -> Avatar {
        // Proof recording never steers the solver's search, so it costs no answer.
        let options = SolverOptions { proof: true, ..SolverOptions::default() };
        Avatar {
            solver: Solver::with_options(options),
            names: FxHashMap::default(),
            components: Vec::new(),
            sat_origins: Vec::new(),
            asserted: Vec::new(),
            frozen: Vec::new(),
            true_term: bank.true_term(),
        }
    }

    /// The literal `~p` printed for assertion `name` in proofs.
    pub(crate) fn assumption_literal(&self, name: u32) -> Literal {
        Literal::new(self.components[name as usize].atom, self.true_term, false)
    }

    /// The ground literal of a SAT literal over the names.
    fn name_literal(&self, lit: Lit) -> Literal {
        let atom = self.components[lit.var().index()].atom;
        Literal::new(atom, self.true_term, !lit.is_negative())
    }

    /// Whether every one of `assertions` is asserted by the current model.
    pub(crate) fn holds(&self, assertions: &[u32]) -> bool {
        assertions.iter().all(|&n| self.asserted[n as usize])
    }

    fn add_sat_clause(&mut self, literals: &[Lit], origin: ClauseId) {
        let id = self.solver.add_clause(literals);
        if self.sat_origins.len() <= id.index() {
            self.sat_origins.resize(id.index() + 1, None);
        }
        self.sat_origins[id.index()] = Some(origin);
    }
}

/// The literals of `clause` grouped by shared variables: each group is the literal indices of
/// one component, in order of first literal; a ground literal is a component of its own.
pub(crate) fn components(clause: &Clause, bank: &TermBank) -> Vec<Vec<usize>> {
    let n = clause.literals.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut owner: FxHashMap<u32, usize> = FxHashMap::default();
    let mut occurrences = Vec::new();
    for (i, l) in clause.literals.iter().enumerate() {
        occurrences.clear();
        bank.collect_var_occurrences(l.lhs, &mut occurrences);
        bank.collect_var_occurrences(l.rhs, &mut occurrences);
        for &v in &occurrences {
            match owner.get(&v) {
                Some(&j) => {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    // The smaller index becomes the root, so groups come out in literal order.
                    let (low, high) = if a < b { (a, b) } else { (b, a) };
                    parent[high] = low;
                }
                None => {
                    owner.insert(v, i);
                }
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of_root: Vec<usize> = vec![usize::MAX; n];
    for i in 0..n {
        let r = root(&mut parent, i);
        if group_of_root[r] == usize::MAX {
            group_of_root[r] = groups.len();
            groups.push(Vec::new());
        }
        groups[group_of_root[r]].push(i);
    }
    groups
}

/// A hash of a term's shape that ignores which variable is where, so that variants of a
/// component sort their literals alike before their variables are numbered.
fn shape(bank: &TermBank, t: TermId) -> u64 {
    match bank.view(t) {
        TermView::Var(_) => 0x9e37_79b9,
        TermView::App(head, args) => {
            args.iter().fold((head.0 as u64 + 1).wrapping_mul(0x1000_0000_01b3), |h, &a| {
                (h ^ shape(bank, a)).wrapping_mul(0x1000_0000_01b3).rotate_left(7)
            })
        }
    }
}

/// The component made of `literals`, in a canonical form (literals sorted by shape, equations
/// oriented by shape, variables numbered by first occurrence) so that variants mostly share a
/// name, and the renaming `old_of_new` from its variables to the ones of `literals`. A variant
/// that comes out differently only gets a name of its own: nothing depends on sharing.
fn canonical(literals: &[Literal], bank: &mut TermBank) -> (Clause, Vec<u32>) {
    let mut keyed: Vec<((bool, u64, u64), Literal)> = literals
        .iter()
        .map(|&l| {
            let (a, b) = (shape(bank, l.lhs), shape(bank, l.rhs));
            let l = if !l.is_predicate(bank) && b < a { l.flipped() } else { l };
            ((l.positive, a.min(b), a.max(b)), l)
        })
        .collect();
    keyed.sort_by_key(|(key, _)| *key);
    Clause::new(keyed.into_iter().map(|(_, l)| l).collect()).normalize_variables(bank)
}

impl Prover {
    /// Whether `simplifier` may simplify or delete `target`: under splitting, only when it holds
    /// under no assertion `target` does not hold under (else retracting that name would leave
    /// `target` deleted for nothing).
    pub(crate) fn may_simplify(&self, simplifier: ClauseId, target: ClauseId) -> bool {
        if self.avatar.is_none() {
            return true;
        }
        let (s, t) = (&self.store.get(simplifier).assertions, &self.store.get(target).assertions);
        s.iter().all(|n| t.binary_search(n).is_ok())
    }

    /// Whether clause `id` holds under the current model (always, without splitting).
    pub(crate) fn holds(&self, id: ClauseId) -> bool {
        self.avatar.as_ref().is_none_or(|a| a.holds(&self.store.get(id).assertions))
    }

    /// The literals a proof prints for clause `id`: its own, then `~p` for each assertion.
    pub(crate) fn proof_clause(&self, id: ClauseId) -> Clause {
        let stored = self.store.get(id);
        match (&self.avatar, stored.assertions.is_empty()) {
            (Some(avatar), false) => {
                let mut literals = stored.clause.literals.clone();
                literals.extend(stored.assertions.iter().map(|&n| avatar.assumption_literal(n)));
                Clause::new(literals)
            }
            _ => stored.clause.clone(),
        }
    }

    /// Splits the given clause if it has two or more components: the clause leaves the search,
    /// its components are named, and the SAT solver gets the disjunction of the names under the
    /// clause's own assertions. `None` when the clause is not split.
    pub(crate) fn split(&mut self, given: ClauseId) -> Option<StepOutcome> {
        self.avatar.as_ref()?;
        let clause = self.store.clause(given).clone();
        if clause.len() < 2 {
            return None;
        }
        let groups = components(&clause, &self.bank);
        if groups.len() < 2 {
            return None;
        }
        self.stats.splits += 1;
        let goal = self.store.get(given).goal;
        let mut premises = vec![Premise { clause: given, instance: self.identity_instance(given) }];
        let mut names = Vec::with_capacity(groups.len());
        for group in groups {
            let literals: Vec<Literal> = group.iter().map(|&i| clause.literals[i]).collect();
            let (component, old_of_new) = canonical(&literals, &mut self.bank);
            let name = self.name_of(component, goal);
            let instance = old_of_new.iter().map(|&v| self.bank.var(v)).collect();
            let node =
                self.avatar.as_ref().expect("splitting is on").components[name as usize].node;
            premises.push(Premise { clause: node, instance });
            names.push(name);
        }
        let avatar = self.avatar.as_ref().expect("splitting is on");
        let assertions = self.store.get(given).assertions.clone();
        let mut literals: Vec<Literal> =
            assertions.iter().map(|&n| avatar.assumption_literal(n)).collect();
        literals.extend(names.iter().map(|&n| avatar.assumption_literal(n).negated()));
        let mut sat_clause: Vec<Lit> = assertions.iter().map(|&n| Var(n).negative()).collect();
        sat_clause.extend(names.iter().map(|&n| Var(n).positive()));
        let step = ProofStep { rule: Rule::AvatarSplit, premises, input_index: None };
        let record = self.store.add(Clause::new(literals), step, goal);
        self.store.get_mut(record).state = ClauseState::Retired;
        self.retire(given);
        self.avatar.as_mut().expect("splitting is on").add_sat_clause(&sat_clause, record);
        Some(self.consult_solver())
    }

    /// The name of a canonical component, made (with its definition node and symbol) on first
    /// sight.
    fn name_of(&mut self, component: Clause, goal: bool) -> u32 {
        let avatar = self.avatar.as_ref().expect("splitting is on");
        if let Some(&name) = avatar.names.get(&component.literals) {
            return name;
        }
        let name = avatar.components.len() as u32;
        let symbol = self.signature.fresh("spl", 0, SymbolKind::Predicate, SymbolOrigin::SplitName);
        let atom = self.bank.app_with_kind(symbol, true, &[]);
        let key = component.literals.clone();
        let step =
            ProofStep { rule: Rule::AvatarComponent, premises: Vec::new(), input_index: None };
        let node = self.store.add(component, step, goal);
        // The component enters the search when a model asserts its name.
        self.store.get_mut(node).state = ClauseState::Frozen;
        let avatar = self.avatar.as_mut().expect("splitting is on");
        avatar.frozen.push(node);
        avatar.components.push(Component { node, atom });
        avatar.asserted.push(false);
        avatar.names.insert(key, name);
        avatar.solver.ensure_var(Var(name));
        self.store.get_mut(node).assertions = vec![name];
        self.stats.split_names += 1;
        name
    }

    /// An empty clause was derived: a refutation if it holds under no assertion; otherwise the
    /// SAT solver learns that its assertions cannot all hold, and `None` says the search goes on
    /// (under a new model) unless the names ran out.
    pub(crate) fn empty_clause(&mut self, id: ClauseId) -> Option<StepOutcome> {
        let assertions = self.store.get(id).assertions.clone();
        if assertions.is_empty() {
            return Some(self.finish(ProofOutcome::Refutation(id)));
        }
        self.stats.split_conflicts += 1;
        self.retire(id);
        let sat_clause: Vec<Lit> = assertions.iter().map(|&n| Var(n).negative()).collect();
        self.avatar.as_mut().expect("assertions need splitting").add_sat_clause(&sat_clause, id);
        match self.consult_solver() {
            StepOutcome::Continue => None,
            done => Some(done),
        }
    }

    /// Solves the names again: a model moves the search to it, unsatisfiability ends it with
    /// the SAT solver's refutation as the last steps of the proof.
    fn consult_solver(&mut self) -> StepOutcome {
        let avatar = self.avatar.as_mut().expect("splitting is on");
        match avatar.solver.solve() {
            Ok(SatResult::Sat(model)) => {
                self.move_to_model(&model);
                StepOutcome::Continue
            }
            Ok(SatResult::Unsat { .. }) => match self.record_sat_refutation() {
                Some(empty) => self.finish(ProofOutcome::Refutation(empty)),
                // Without a recorded derivation there is nothing to check, so no answer.
                None => self.finish(ProofOutcome::Saturated { complete: false }),
            },
            // The solver runs without limits and without proof checking, so neither happens;
            // if one did, giving no answer is the sound way out.
            Ok(SatResult::Unknown(_)) | Err(_) => {
                self.finish(ProofOutcome::Saturated { complete: false })
            }
        }
    }

    /// Takes `id`, which holds under a retracted name, out of the search until its names are
    /// all asserted again.
    pub(crate) fn freeze(&mut self, id: ClauseId) {
        self.leave_search(id, ClauseState::Frozen);
        self.avatar.as_mut().expect("only assertions freeze").frozen.push(id);
    }

    /// Freezes the clauses of names the model no longer asserts, then thaws the frozen clauses
    /// whose names it now all asserts (the components of newly asserted names among them).
    fn move_to_model(&mut self, model: &sat::Model) {
        let count = self.avatar.as_ref().expect("splitting is on").components.len();
        let mut asserted_any = false;
        for name in 0..count as u32 {
            let avatar = self.avatar.as_mut().expect("splitting is on");
            let value = model.value(Var(name));
            if value == avatar.asserted[name as usize] {
                continue;
            }
            avatar.asserted[name as usize] = value;
            if value {
                asserted_any = true;
                continue;
            }
            for id in self.store.take_dependents(name) {
                if matches!(self.store.get(id).state, ClauseState::Active | ClauseState::Passive) {
                    self.freeze(id);
                }
            }
        }
        if !asserted_any {
            return;
        }
        let frozen = std::mem::take(&mut self.avatar.as_mut().expect("splitting is on").frozen);
        let mut still_frozen = Vec::with_capacity(frozen.len());
        for id in frozen {
            if self.store.get(id).state != ClauseState::Frozen {
                continue;
            }
            if self.holds(id) {
                self.store.get_mut(id).state = ClauseState::Passive;
                self.store.register_dependent(id);
                self.requeue(id);
            } else {
                still_frozen.push(id);
            }
        }
        self.avatar.as_mut().expect("splitting is on").frozen = still_frozen;
    }

    /// Copies the SAT solver's refutation into the store, one node per derived clause of its
    /// cone; the empty clause's id.
    fn record_sat_refutation(&mut self) -> Option<ClauseId> {
        let avatar = self.avatar.as_ref().expect("splitting is on");
        let root = avatar.solver.refutation()?;
        let proof = avatar.solver.proof()?;
        let mut stored: FxHashMap<u32, ClauseId> = FxHashMap::default();
        let mut derived: Vec<(u32, Vec<Literal>, Vec<u32>)> = Vec::new();
        for sat_id in proof.cone(root) {
            match proof.step(sat_id)? {
                sat::Step::Original { .. } => {
                    stored.insert(sat_id.0, (*avatar.sat_origins.get(sat_id.index())?)?);
                }
                sat::Step::Derived { clause, antecedents, .. } => {
                    let literals = clause.iter().map(|&l| avatar.name_literal(l)).collect();
                    derived.push((sat_id.0, literals, antecedents.iter().map(|a| a.0).collect()));
                }
            }
        }
        let mut last = None;
        for (sat_id, literals, antecedents) in derived {
            let premises = antecedents
                .iter()
                .map(|a| stored.get(a).map(|&clause| Premise { clause, instance: Vec::new() }))
                .collect::<Option<Vec<_>>>()?;
            let step = ProofStep { rule: Rule::AvatarSatResolution, premises, input_index: None };
            let id = self.store.add(Clause::new(literals), step, false);
            self.store.get_mut(id).state = ClauseState::Retired;
            stored.insert(sat_id, id);
            last = Some(id);
        }
        let empty = stored.get(&root.0).copied().or(last)?;
        self.store.clause(empty).is_empty().then_some(empty)
    }
}

#[cfg(test)]
mod tests {
    use super::super::check::{CheckError, check_proof};
    use super::super::options::{Limits, ProverOptions};
    use super::super::proof::Proof;
    use super::super::test_builder::ClauseBuilder;
    use super::*;
    use crate::fol::Signature;

    /// `p(X) | q(Y)`, `~p(a) | r`, `~q(b) | r`, `~r`: the first clause splits into two names,
    /// each refuted under its own assertion, and the SAT solver closes the names.
    fn two_component_problem() -> ClauseBuilder {
        let mut b = ClauseBuilder::new();
        let (x, y) = (b.x(0), b.x(1));
        let (a, c) = (b.f("a", &[]), b.f("b", &[]));
        let lits = vec![b.p("p", &[x], true), b.p("q", &[y], true)];
        b.clause(lits);
        let lits = vec![b.p("p", &[a], false), b.p("r", &[], true)];
        b.clause(lits);
        let lits = vec![b.p("q", &[c], false), b.p("r", &[], true)];
        b.clause(lits);
        let lits = vec![b.p("r", &[], false)];
        b.clause(lits);
        b
    }

    fn refute_with_splitting(b: ClauseBuilder) -> (Prover, Proof, Vec<Clause>) {
        let options = ProverOptions {
            splitting: true,
            limits: Limits { given_clauses: Some(1000), ..Limits::default() },
            ..ProverOptions::default()
        };
        let inputs: Vec<Clause> = b.clauses.iter().map(|(c, _)| c.clone()).collect();
        let mut prover = Prover::new(b.sig, b.bank, &b.clauses, options, true);
        let ProofOutcome::Refutation(empty) = prover.run() else { panic!("no refutation") };
        let proof = prover.extract_proof(empty);
        (prover, proof, inputs)
    }

    #[test]
    fn a_split_refutation_checks_and_shows_its_names() {
        let (prover, proof, inputs) = refute_with_splitting(two_component_problem());
        check_proof(&proof, &inputs, &prover.signature, &prover.bank).expect("the proof checks");
        assert_eq!(prover.stats.splits, 1);
        assert_eq!(prover.stats.split_names, 2);
        assert_eq!(prover.stats.split_conflicts, 2);
        let rules: Vec<Rule> = proof.nodes.iter().map(|n| n.step.rule).collect();
        assert_eq!(rules.iter().filter(|&&r| r == Rule::AvatarComponent).count(), 2);
        assert_eq!(rules.iter().filter(|&&r| r == Rule::AvatarSplit).count(), 1);
        assert_eq!(rules.last(), Some(&Rule::AvatarSatResolution));
        // Every input clause took part.
        assert_eq!(proof.input_indices(), vec![0, 1, 2, 3]);
    }

    #[test]
    fn the_checker_rejects_tampered_splits() {
        let (prover, proof, inputs) = refute_with_splitting(two_component_problem());
        let check = |proof: &Proof| check_proof(proof, &inputs, &prover.signature, &prover.bank);
        let split_at = proof.nodes.iter().position(|n| n.step.rule == Rule::AvatarSplit).unwrap();
        let component_at =
            proof.nodes.iter().position(|n| n.step.rule == Rule::AvatarComponent).unwrap();

        // A split that drops one of its components' names claims more than the clause gives.
        let mut dropped = proof.clone();
        dropped.nodes[split_at].clause.literals.pop();
        assert!(
            matches!(check(&dropped), Err(CheckError::BadSplit { .. })),
            "{:?}",
            check(&dropped)
        );

        // Components whose renamings overlap do not split the clause into independent parts.
        let mut overlapping = proof.clone();
        let (first, second) = (1, 2);
        let shared = overlapping.nodes[split_at].step.premises[first].instance[0];
        overlapping.nodes[split_at].step.premises[second].instance[0] = shared;
        assert!(matches!(check(&overlapping), Err(CheckError::BadSplit { .. })));

        // A definition of an input symbol is no definition.
        let mut unfresh = proof.clone();
        let input_atom = inputs[3].literals[0];
        let last = unfresh.nodes[component_at].clause.literals.len() - 1;
        unfresh.nodes[component_at].clause.literals[last] = input_atom.negated().negated();
        let negated_r = Literal { positive: false, ..input_atom };
        unfresh.nodes[component_at].clause.literals[last] = negated_r;
        assert!(matches!(check(&unfresh), Err(CheckError::BadDefinition { .. })));

        // A second definition of the same name.
        let mut twice = proof.clone();
        let mut copy = twice.nodes[component_at].clone();
        copy.id = ClauseId(u32::MAX - 1);
        twice.nodes.insert(0, copy);
        assert!(matches!(check(&twice), Err(CheckError::BadDefinition { .. })));
    }

    #[test]
    fn splitting_keeps_satisfiable_sets_satisfiable() {
        // p(X) | q(Y) with ~p(a), and again with ~q(a): whichever name the first model asserts,
        // one of the two refutes it, and the model moves to the other name and saturates.
        let mut conflicts = 0;
        for refuted in ["p", "q"] {
            let mut b = ClauseBuilder::new();
            let (x, y) = (b.x(0), b.x(1));
            let a = b.f("a", &[]);
            let lits = vec![b.p("p", &[x], true), b.p("q", &[y], true)];
            b.clause(lits);
            let lits = vec![b.p(refuted, &[a], false)];
            b.clause(lits);
            let options = ProverOptions { splitting: true, ..ProverOptions::default() };
            let mut prover = Prover::new(b.sig, b.bank, &b.clauses, options, true);
            assert_eq!(prover.run(), ProofOutcome::Saturated { complete: true }, "{refuted}");
            assert_eq!(prover.stats.splits, 1);
            conflicts += prover.stats.split_conflicts;
        }
        assert_eq!(conflicts, 1);
    }

    #[test]
    fn components_group_literals_by_shared_variables() {
        let mut signature = Signature::new();
        let mut bank = TermBank::new();
        let p = signature.intern("p", 1, SymbolKind::Predicate);
        let q = signature.intern("q", 2, SymbolKind::Predicate);
        let a = signature.intern("a", 0, SymbolKind::Function);
        let (x, y, z) = (bank.var(0), bank.var(1), bank.var(2));
        let a = bank.app(&signature, a, &[]);
        let t = bank.true_term();
        let atom = |bank: &mut TermBank, s, args: &[TermId]| bank.app_with_kind(s, true, args);
        // p(X) | q(Y, Z) | p(a) | q(X, X) | p(Z)
        let literals = vec![
            Literal::new(atom(&mut bank, p, &[x]), t, true),
            Literal::new(atom(&mut bank, q, &[y, z]), t, true),
            Literal::new(atom(&mut bank, p, &[a]), t, false),
            Literal::new(atom(&mut bank, q, &[x, x]), t, true),
            Literal::new(atom(&mut bank, p, &[z]), t, true),
        ];
        let groups = components(&Clause::new(literals), &bank);
        assert_eq!(groups, vec![vec![0, 3], vec![1, 4], vec![2]]);
    }

    #[test]
    fn variants_get_the_same_canonical_form() {
        let mut signature = Signature::new();
        let mut bank = TermBank::new();
        let q = signature.intern("q", 2, SymbolKind::Predicate);
        let f = signature.intern("f", 1, SymbolKind::Function);
        let t = bank.true_term();
        let (x, y) = (bank.var(3), bank.var(5));
        let fx = bank.app(&signature, f, &[x]);
        let fy = bank.app(&signature, f, &[y]);
        let q1 = bank.app_with_kind(q, true, &[x, fy]);
        let q2 = bank.app_with_kind(q, true, &[y, fx]);
        // q(X3, f(X5)) | f(X3) = X5  and its variant  X3 = f(X5) | q(X5, f(X3)).
        let one = [Literal::new(q1, t, true), Literal::new(fx, y, true)];
        let other = [Literal::new(x, fy, true), Literal::new(q2, t, true)];
        let (a, renaming_a) = canonical(&one, &mut bank);
        let (b, renaming_b) = canonical(&other, &mut bank);
        assert_eq!(a, b);
        assert_eq!(renaming_a, vec![5, 3]);
        assert_eq!(renaming_b, vec![3, 5]);
    }
}
