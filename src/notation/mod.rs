//! craig's HOL notation: the Isabelle/Jahob-like ASCII terms and types written between double
//! quotes, parsed ([`parse_term`], [`parse_type`]) and elaborated into typed [`crate::hol`] terms
//! ([`Elaborator`]).
//!
//! Two front ends write it: spec files (the `spec` module: theories of axioms, definitions and
//! lemmas) and Jahob's program annotations (class invariants, contracts, specification
//! statements). Neither knows the other; both stand on this module, which depends only on `hol`
//! and `syntax`.
//!
//! # Names
//!
//! A name in a formula is a bound variable (innermost first), `True`/`False`, or a constant
//! (built in: `card :: 'a set => int`, `fst`, `snd`, `null :: obj`; or declared by the front end:
//! a spec file's `const` and `definition` items earlier in import order, a program's fields and
//! variables). There are no implicitly quantified free variables: an unknown name is an error.
//! A name may be qualified by a capitalized class name, as Jahob writes program state:
//! `Object.alloc`, `x..Pair.key`.
//!
//! # Terms, loosest first (numbers are Isabelle/HOL priorities)
//!
//! | syntax | meaning | assoc |
//! |---|---|---|
//! | `t :: ty` | type ascription of a whole term (parenthesize inside operators) | |
//! | `ALL x y. P`, `EX x. P`, `%x. t`, `if c then a else b` | body extends as far right as possible | |
//! | `<->` `-->` (25) | equivalence, implication | right |
//! | `\|` (30) | disjunction | right |
//! | `&` (35) | conjunction | right |
//! | `~` (40, prefix) | negation: `~ a = b` is `~ (a = b)` | |
//! | `=` `~=` `:` `~:` `<` `<=` `>` `>=` (50) | (in)equality, (non-)membership, orders | left |
//! | `Un` `+` `-` (65) | union; `+`/`-` are integer or set (union, difference) by type | left |
//! | `Int` `*` `div` `mod` (70) | intersection; integer product, division and remainder (both truncating toward zero, as Java and C divide) | left |
//! | `-` (80, prefix) | integer negation | |
//! | `f x y`, `f(x, y)` | application (left); `f(x, y)` applies `f` to the pair `(x, y)` | left |
//! | `f(x := v, y := w)` | function update of the argument just before it | |
//! | `x..f` | field read, means `f x`; binds tightest: `g x..f` is `g (f x)` | left |
//!
//! Atoms: names, integer literals (unbounded: [`rug::Integer`] in the HOL terms), `(t)`, tuples `(a, b, c)`
//! (= `(a, (b, c))`), `{}`, `{a, b}`, comprehensions `{x. P}`, `{x :: int. P}` and
//! `{(x, y). P}` (a set of pairs). Binders take several variables, each optionally ascribed:
//! `ALL (x :: int) y. P`, or `ALL x y :: int. P` where, as in Isabelle, only `y` is ascribed.
//!
//! Jahob's reflexive transitive closure: `R^*` (postfix, binds like `x..f`) is the built-in
//! `rtrancl :: ('a * 'a) set => ('a * 'a) set`, and `rtrancl_pt P x y` is the closure of a
//! binary predicate (`(x, y) : {(u, v). P u v}^*`). Jahob's shape predicate `tree [f, g]` is
//! the built-in `tree [..]` applied to the field or the tuple of fields; `cardinality` is
//! Jahob's name for `card`.
//!
//! `+` on sets is union, so Jahob's insertion `S + {x}` is `S Un {x}`; `-` on sets is
//! difference; `<=`/`<` on sets are subset/proper subset. Which one is meant is decided by the
//! operand type after inference; if that type stays unknown it is an error.
//!
//! # Types
//!
//! `bool`, `int`, `obj`, declared sorts, `'a` (type variables), `t set` (postfix, binds tightest),
//! `a * b` (right assoc, tighter than `=>`), `a => b` (right assoc), parentheses. Jahob's
//! `objset` abbreviates `obj set`.
//!
//! # Typing
//!
//! See [`Elaborator`] (Hindley–Milner with declared schemes) and [`crate::hol`] (the typed
//! terms: unique variable ids for binders, hash-consed types).
//!
//! Isabelle's symbols are accepted beside the ASCII operators, as Jahob's annotations write
//! them: `\<forall>`, `\<exists>`, `\<lambda>`, `\<not>`, `\<and>`, `\<or>`, `\<longrightarrow>`,
//! `\<longleftrightarrow>`, `\<noteq>`, `\<in>`, `\<notin>`, `\<union>`, `\<inter>`, `\<le>`,
//! `\<ge>`, `\<subseteq>` (`<=` on sets), `\<subset>` (`<` on sets) and `\<setminus>` (`-` on sets).

pub mod ast;
mod elaborate;
mod parse;
mod print;

pub use elaborate::{Definition, Elaborator};
pub use parse::{MAX_DEPTH, parse_term, parse_type, too_deep};
pub use print::{Naming, print_term, to_expr};
/// Written trees built without a source, for other printers into the notation.
pub(crate) use print::{app, binary, name, node};
