//! Logic signatures: which theory sorts and function symbols `set-logic` brings into a script.
//!
//! SMT-LIB's logic decides the vocabulary. Core (`Bool`, `=`, `distinct`, `ite`, `not`, `and`,
//! `or`, `=>`, `xor`, `true`, `false`) is in every logic; `Int` with `+`, `div`, numerals, ...
//! only where the logic has integers, `Real` with `/` and decimals only where it has reals,
//! `Array` with `select` and `store` only where it has arrays. A name outside the logic's
//! theories is an ordinary symbol: a QF_UF script may declare a sort `Int` and a function `+`,
//! and they are uninterpreted. A script that sets no logic keeps every theory craig decides,
//! as craig always read such scripts. Every question about a name's theory is answered here,
//! from a [`Signature`], rather than by string tests spread over the commands.

use crate::smt::{Formula, SortId, TermId, TermStore};

/// The logics `set-logic` accepts: the ground logics the SMT core decides, and `ALL`, every
/// theory craig decides at once (a script that sets no logic reads the same way; quantifiers
/// under `ALL` are refused as in a ground script).
pub(super) const LOGICS: &[&str] = &[
    "QF_UF",
    "QF_LRA",
    "QF_LIA",
    "QF_IDL",
    "QF_RDL",
    "QF_UFLIA",
    "QF_UFLRA",
    "QF_UFIDL",
    "QF_AX",
    "QF_ALIA",
    "QF_AUFLIA",
    "ALL",
];

/// A theory beyond Core, as the owner of a sort or symbol. `Arithmetic` is what Ints and
/// Reals share (`+`, `<=`, numerals), `Mixed` what only their union has (`to_real`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Theory {
    /// `Int`, `div`, `mod`, `abs`.
    Ints,
    /// `Real`, `/`, decimals.
    Reals,
    /// `+`, `-`, `*`, `<=`, `<`, `>=`, `>`, numerals: in Ints and in Reals.
    Arithmetic,
    /// `to_real`, `to_int`, `is_int`: in Reals_Ints only.
    Mixed,
    /// `Array`, `select`, `store` and constant arrays `(as const (Array I E))` (ArraysEx).
    Arrays,
}

impl Theory {
    /// The theory's name in a message.
    fn name(self) -> &'static str {
        match self {
            Theory::Ints => "integer arithmetic",
            Theory::Reals => "real arithmetic",
            Theory::Arithmetic => "arithmetic",
            Theory::Mixed => "mixed integer and real arithmetic",
            Theory::Arrays => "arrays",
        }
    }

    /// What a logic needs to have this theory, in the words of an error message.
    fn needed(self) -> &'static str {
        match self {
            Theory::Ints => "integer arithmetic",
            Theory::Reals => "real arithmetic",
            Theory::Arithmetic => "an arithmetic logic",
            Theory::Mixed => "both integer and real arithmetic",
            Theory::Arrays => "an array logic",
        }
    }
}

/// The theories of a script's logic. Core is always in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Signature {
    /// The logic as `set-logic` named it; `None` when the script set none (every theory).
    logic: Option<&'static str>,
    ints: bool,
    reals: bool,
    arrays: bool,
}

impl Default for Signature {
    fn default() -> Signature {
        Signature::unset()
    }
}

/// Why a name is refused against the signature, said in SMT-LIB's words. The command that
/// meets it adds `file:line:col` (as [`super::session::Fail::Error`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum SignatureError {
    /// A declaration of a name the logic's theories define.
    #[error("{name} is a theory symbol of {logic} and cannot be declared")]
    TheorySymbol { name: String, logic: String },
    /// A declaration of a reserved word of SMT-LIB (`let`, `!`, `forall`, ...).
    #[error("{name} is a reserved word and cannot be declared")]
    Reserved { name: String },
    /// A declaration of a numeral or decimal, which is never a symbol.
    #[error("{name} is a numeral, not a symbol, and cannot be declared")]
    Numeral { name: String },
    /// A use of a theory's sort, symbol or literal in a logic without that theory, with no
    /// declaration of that name.
    #[error("{what} needs {}; {logic} has none", theory.needed())]
    Missing { what: String, theory: Theory, logic: &'static str },
    /// An answer craig made (an interpolant) names a theory the logic does not have: a fault
    /// of craig's, so the answer is not given.
    #[error(
        "{answer} uses {}, which {logic} does not have, so it is not given",
        theory.name()
    )]
    Foreign { answer: &'static str, theory: Theory, logic: &'static str },
    /// `set-logic` after the logic was set, or after declarations or assertions.
    #[error("set-logic must come once, before declarations and assertions ({0})")]
    LateLogic(String),
}

/// A numeral (`3`) or decimal (`2.5`) of the script's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Literal {
    Numeral,
    Decimal,
}

impl Signature {
    /// No `set-logic`: every theory craig decides, as before logics were read.
    pub(super) fn unset() -> Signature {
        Signature { logic: None, ints: true, reals: true, arrays: true }
    }

    /// UF's signature, Core alone, for the quantified scripts craig reads (`set-logic UF` or
    /// `QF_UF`; `logic` is the name messages give it).
    pub(super) fn uninterpreted(logic: &'static str) -> Signature {
        Signature { logic: Some(logic), ints: false, reals: false, arrays: false }
    }

    /// The signature of one of [`LOGICS`], `None` for any other name. The name is read as
    /// SMT-LIB spells logics: `QF_`, then `A` for arrays, `UF`, then `LIA`/`IDL` (integers)
    /// or `LRA`/`RDL` (reals); `ALL` has every theory.
    pub(super) fn of_logic(name: &str) -> Option<Signature> {
        let logic = *LOGICS.iter().find(|l| **l == name)?;
        if logic == "ALL" {
            return Some(Signature { logic: Some(logic), ..Signature::unset() });
        }
        let body = logic.strip_prefix("QF_").unwrap_or(logic);
        let arrays = body.starts_with('A');
        let rest = body.strip_prefix('A').unwrap_or(body);
        let arith = rest.strip_prefix("UF").unwrap_or(rest);
        let ints = matches!(arith, "LIA" | "IDL");
        let reals = matches!(arith, "LRA" | "RDL");
        Some(Signature { logic: Some(logic), ints, reals, arrays })
    }

    /// The logic's name, `None` when the script set none.
    pub(super) fn logic(&self) -> Option<&'static str> {
        self.logic
    }

    /// Whether the logic has `theory`.
    pub(super) fn has(&self, theory: Theory) -> bool {
        match theory {
            Theory::Ints => self.ints,
            Theory::Reals => self.reals,
            Theory::Arithmetic => self.ints || self.reals,
            Theory::Mixed => self.ints && self.reals,
            Theory::Arrays => self.arrays,
        }
    }

    /// The error for a use of `what` (owned by `theory`) where the logic lacks it.
    pub(super) fn missing(&self, what: impl Into<String>, theory: Theory) -> SignatureError {
        // Without a logic every theory is in, so this is only met with one set.
        SignatureError::Missing { what: what.into(), theory, logic: self.logic.unwrap_or("") }
    }

    /// Whether `name` is a function symbol the logic's theories define (Core included).
    pub(super) fn is_theory_function(&self, name: &str) -> bool {
        core_function(name) || function_theory(name).is_some_and(|t| self.has(t))
    }

    /// Whether `name` is a sort the logic's theories define (`Bool` included).
    pub(super) fn is_theory_sort(&self, name: &str) -> bool {
        name == "Bool" || sort_theory(name).is_some_and(|t| self.has(t))
    }

    /// Whether `name` may be declared by the script: not a reserved word, not a numeral, not
    /// a theory sort or symbol of this logic. (Names already declared are the session's to
    /// check.)
    pub(super) fn declarable(&self, name: &str) -> Result<(), SignatureError> {
        if RESERVED.contains(&name) {
            return Err(SignatureError::Reserved { name: name.to_string() });
        }
        if literal(name).is_some() {
            return Err(SignatureError::Numeral { name: name.to_string() });
        }
        if self.is_theory_function(name) || self.is_theory_sort(name) {
            let logic = match self.logic {
                Some(l) => l.to_string(),
                None => "every logic craig decides (the script sets none)".to_string(),
            };
            return Err(SignatureError::TheorySymbol { name: name.to_string(), logic });
        }
        Ok(())
    }

    /// The sort of a numeral or decimal in this logic: a numeral is an Int where there are
    /// integers, else a Real (as in QF_LRA); a decimal is a Real. `Err` where the logic has no
    /// such literals.
    pub(super) fn literal_sort(&self, name: &str, kind: Literal) -> Result<SortId, SignatureError> {
        match kind {
            Literal::Numeral if self.ints => Ok(SortId::INT),
            Literal::Numeral if self.reals => Ok(SortId::REAL),
            Literal::Numeral => Err(self.missing(format!("numeral {name}"), Theory::Arithmetic)),
            Literal::Decimal if self.reals => Ok(SortId::REAL),
            Literal::Decimal => Err(self.missing(format!("decimal {name}"), Theory::Reals)),
        }
    }

    /// The first theory of `formula`'s vocabulary that the logic lacks, if any: an answer
    /// (an interpolant) must be said in the script's own vocabulary, so craig checks that the
    /// engine brought in no arithmetic or arrays that the script's logic does not have.
    pub(super) fn foreign_theory(&self, store: &TermStore, formula: &Formula) -> Option<Theory> {
        match formula {
            Formula::True | Formula::False => None,
            Formula::Atom(t) => self.foreign_in_term(store, *t),
            Formula::Eq(a, b) => {
                self.foreign_in_term(store, *a).or_else(|| self.foreign_in_term(store, *b))
            }
            Formula::Le(a, b) | Formula::Lt(a, b) => {
                if !self.has(Theory::Arithmetic) {
                    return Some(Theory::Arithmetic);
                }
                self.foreign_in_term(store, *a).or_else(|| self.foreign_in_term(store, *b))
            }
            Formula::Not(g) => self.foreign_theory(store, g),
            Formula::And(gs) | Formula::Or(gs) => {
                gs.iter().find_map(|g| self.foreign_theory(store, g))
            }
            Formula::Iff(a, b) | Formula::Xor(a, b) => {
                self.foreign_theory(store, a).or_else(|| self.foreign_theory(store, b))
            }
            Formula::Ite(c, a, b) => self
                .foreign_theory(store, c)
                .or_else(|| self.foreign_theory(store, a))
                .or_else(|| self.foreign_theory(store, b)),
        }
    }

    /// The error for an `answer` that names `theory`, which the logic lacks.
    pub(super) fn foreign(&self, answer: &'static str, theory: Theory) -> SignatureError {
        SignatureError::Foreign { answer, theory, logic: self.logic.unwrap_or("the logic") }
    }

    fn foreign_in_term(&self, store: &TermStore, t: TermId) -> Option<Theory> {
        let sort = store.sort_of(t);
        let fun = store.term(t).fun;
        // The term's sort, then its head: a numeral or operation is arithmetic and `select`,
        // `store` and constant arrays are arrays, whatever sort they have.
        let of_sort = if sort == SortId::INT {
            Some(Theory::Ints)
        } else if sort == SortId::REAL {
            Some(Theory::Reals)
        } else if store.array_parts(sort).is_some() {
            Some(Theory::Arrays)
        } else {
            None
        };
        let of_head = if store.array_op(fun).is_some() {
            Some(Theory::Arrays)
        } else if store.interpretation(fun).is_some() {
            Some(Theory::Arithmetic)
        } else {
            None
        };
        if let Some(theory) = [of_sort, of_head].into_iter().flatten().find(|&th| !self.has(th)) {
            return Some(theory);
        }
        store.term(t).args.iter().find_map(|&a| self.foreign_in_term(store, a))
    }
}

/// SMT-LIB's reserved words that a term may hold: never declarable, in any logic.
pub(super) const RESERVED: &[&str] = &["!", "_", "as", "let", "exists", "forall", "match", "par"];

/// Core's function symbols, in every logic.
fn core_function(name: &str) -> bool {
    matches!(
        name,
        "true" | "false" | "not" | "and" | "or" | "=>" | "xor" | "=" | "distinct" | "ite"
    )
}

/// The theory that defines the function symbol `name`, `None` for names no theory of craig's
/// defines (Core's included, which [`core_function`] answers).
pub(super) fn function_theory(name: &str) -> Option<Theory> {
    Some(match name {
        "+" | "-" | "*" | "<=" | "<" | ">=" | ">" => Theory::Arithmetic,
        "div" | "mod" | "abs" => Theory::Ints,
        "/" => Theory::Reals,
        "to_real" | "to_int" | "is_int" => Theory::Mixed,
        // `@diff` is SMTInterpol's index of difference, which interpolants over arrays name.
        "select" | "store" | "@diff" => Theory::Arrays,
        _ => return None,
    })
}

/// The theory that defines the sort `name` (`Bool` is Core's and not listed).
pub(super) fn sort_theory(name: &str) -> Option<Theory> {
    Some(match name {
        "Int" => Theory::Ints,
        "Real" => Theory::Reals,
        "Array" => Theory::Arrays,
        _ => return None,
    })
}

/// Whether `name` is a numeral (`3`) or a decimal (`2.5`).
pub(super) fn literal(name: &str) -> Option<Literal> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if digits(name) {
        return Some(Literal::Numeral);
    }
    let (whole, fraction) = name.split_once('.')?;
    (digits(whole) && digits(fraction)).then_some(Literal::Decimal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logics_have_the_theories_their_names_say() {
        let uf = Signature::of_logic("QF_UF").expect("known");
        assert!(!uf.has(Theory::Arithmetic) && !uf.has(Theory::Arrays));
        let lia = Signature::of_logic("QF_LIA").expect("known");
        assert!(lia.has(Theory::Ints) && !lia.has(Theory::Reals) && !lia.has(Theory::Arrays));
        let rdl = Signature::of_logic("QF_RDL").expect("known");
        assert!(rdl.has(Theory::Reals) && !rdl.has(Theory::Ints));
        let ax = Signature::of_logic("QF_AX").expect("known");
        assert!(ax.has(Theory::Arrays) && !ax.has(Theory::Arithmetic));
        let auflia = Signature::of_logic("QF_AUFLIA").expect("known");
        assert!(auflia.has(Theory::Arrays) && auflia.has(Theory::Ints));
        let uflra = Signature::of_logic("QF_UFLRA").expect("known");
        assert!(uflra.has(Theory::Reals) && !uflra.has(Theory::Arrays));
        assert_eq!(Signature::of_logic("QF_BV"), None);
        for logic in LOGICS {
            assert_eq!(Signature::of_logic(logic).and_then(|s| s.logic()), Some(*logic));
        }
    }

    #[test]
    fn theory_names_are_declarable_only_outside_their_logics() {
        let uf = Signature::of_logic("QF_UF").expect("known");
        for name in ["Int", "Real", "+", "<=", "div", "select", "Array", "to_real"] {
            assert_eq!(uf.declarable(name), Ok(()), "{name}");
        }
        for name in ["Bool", "=", "ite", "and", "true"] {
            assert!(uf.declarable(name).is_err(), "{name}");
        }
        let lia = Signature::of_logic("QF_LIA").expect("known");
        assert!(matches!(lia.declarable("+"), Err(SignatureError::TheorySymbol { .. })));
        assert!(matches!(lia.declarable("Int"), Err(SignatureError::TheorySymbol { .. })));
        assert_eq!(lia.declarable("Real"), Ok(()));
        assert_eq!(lia.declarable("/"), Ok(()));
        assert!(matches!(uf.declarable("let"), Err(SignatureError::Reserved { .. })));
        assert!(matches!(uf.declarable("3"), Err(SignatureError::Numeral { .. })));
        assert!(Signature::unset().declarable("Int").is_err());
    }

    #[test]
    fn literals_take_their_sort_from_the_logic() {
        let uf = Signature::of_logic("QF_UF").expect("known");
        assert_eq!(
            uf.literal_sort("3", Literal::Numeral).map_err(|e| e.to_string()),
            Err("numeral 3 needs an arithmetic logic; QF_UF has none".to_string())
        );
        let lra = Signature::of_logic("QF_LRA").expect("known");
        assert_eq!(lra.literal_sort("3", Literal::Numeral), Ok(SortId::REAL));
        let lia = Signature::of_logic("QF_LIA").expect("known");
        assert_eq!(lia.literal_sort("3", Literal::Numeral), Ok(SortId::INT));
        assert!(lia.literal_sort("2.5", Literal::Decimal).is_err());
        assert_eq!(literal("2.5"), Some(Literal::Decimal));
        assert_eq!(literal("2."), None);
        assert_eq!(literal("x1"), None);
    }

    #[test]
    fn answers_outside_the_logic_are_found() {
        let mut store = TermStore::new();
        let u = store.declare_sort("Int");
        let a = store.declare_fun("a", vec![], u, false);
        let a = store.apply(a, vec![]);
        let x = store.declare_fun("x", vec![], SortId::INT, false);
        let x = store.apply(x, vec![]);
        let array = store.array_sort(SortId::INT, SortId::INT);
        let m = store.declare_fun("m", vec![], array, false);
        let m = store.apply(m, vec![]);
        let read = store.select(m, x);
        let uf = Signature::of_logic("QF_UF").expect("known");
        let lia = Signature::of_logic("QF_LIA").expect("known");
        let own = Formula::Eq(a, a);
        assert_eq!(uf.foreign_theory(&store, &own), None);
        let bound = Formula::Not(Box::new(Formula::Le(x, x)));
        assert_eq!(uf.foreign_theory(&store, &bound), Some(Theory::Arithmetic));
        assert_eq!(lia.foreign_theory(&store, &bound), None);
        let equal = Formula::And(vec![own, Formula::Eq(x, x)]);
        assert_eq!(uf.foreign_theory(&store, &equal), Some(Theory::Ints));
        let stored = Formula::Eq(read, x);
        assert_eq!(lia.foreign_theory(&store, &stored), Some(Theory::Arrays));
        assert_eq!(Signature::unset().foreign_theory(&store, &stored), None);
        assert_eq!(
            uf.foreign("an interpolant", Theory::Arithmetic).to_string(),
            "an interpolant uses arithmetic, which QF_UF does not have, so it is not given"
        );
    }
}
