//! IR terms written with C's operators (`!=`, `==`, `&&`, `||`, `!`, `<=`, `/`, `%`, `?:`), for
//! what a C programmer reads: the branch conditions of Saturn's `guard` answers. The term
//! stays the IR's (integers are unbounded, memory is the memory model's `$memory[&x]`); only
//! the notation is C's, with C's precedences, so a printed condition parses in C as the term
//! it stands for. `/` and `%` are faithful: the IR's `div` and `mod` truncate toward zero as
//! C's do.
//!
//! What C cannot write (sets, binders, function updates) is printed in the IR's notation in
//! parentheses, so nothing is left out.

use std::fmt::Write as _;

use super::{Program, VariableKind};
use crate::hol::{ConstId, Prim, Term, TermId};

/// How tightly an expression binds, C's levels from loosest to tightest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Conditional,
    Or,
    And,
    Equality,
    Relational,
    Additive,
    Multiplicative,
    Unary,
    Postfix,
}

/// A written expression and the level its outermost operator binds at.
struct Written {
    text: String,
    level: Level,
}

impl Written {
    fn new(text: String, level: Level) -> Written {
        Written { text, level }
    }

    /// The text as an operand that must bind at least at `level`: parenthesised when looser.
    fn at(self, level: Level) -> String {
        if self.level < level { format!("({})", self.text) } else { self.text }
    }
}

/// The term in C's notation.
pub fn show(program: &Program, t: TermId) -> String {
    write(program, t).text
}

/// The term's negation in C's notation, pushed one level in where C has the opposite
/// operator: `!(c != 0)` is written `c == 0`, `!(a < b)` is `a >= b`, `!!p` is `p`.
pub fn show_negated(program: &Program, t: TermId) -> String {
    negated(program, t).text
}

fn negated(program: &Program, t: TermId) -> Written {
    if let Term::Prim(p, args) = &program.bank.term(t).term {
        match p {
            Prim::Not => return write(program, args[0]),
            Prim::True => return Written::new("0".into(), Level::Postfix),
            Prim::False => return Written::new("1".into(), Level::Postfix),
            // Truth values are 0 or 1 in C, so `!=` is also the negation of `<->`.
            Prim::Eq | Prim::Iff => {
                return binary(program, "!=", Level::Equality, args[0], args[1]);
            }
            Prim::Lt => return binary(program, ">=", Level::Relational, args[0], args[1]),
            Prim::Le => return binary(program, ">", Level::Relational, args[0], args[1]),
            _ => {}
        }
    }
    let operand = write(program, t);
    Written::new(format!("!{}", operand.at(Level::Unary)), Level::Unary)
}

/// `x op y` at `level`. C's binary operators group from the left, so the right operand must
/// bind tighter than `level`.
fn binary(program: &Program, op: &str, level: Level, x: TermId, y: TermId) -> Written {
    let (left, right) = (write(program, x), write(program, y));
    Written::new(format!("{} {op} {}", left.at(level), right.at(next(level))), level)
}

/// The level just tighter than `level` (a right operand's).
fn next(level: Level) -> Level {
    match level {
        Level::Conditional => Level::Or,
        Level::Or => Level::And,
        Level::And => Level::Equality,
        Level::Equality => Level::Relational,
        Level::Relational => Level::Additive,
        Level::Additive => Level::Multiplicative,
        Level::Multiplicative => Level::Unary,
        Level::Unary | Level::Postfix => Level::Postfix,
    }
}

fn name(program: &Program, c: ConstId) -> String {
    program.display_name(c)
}

fn is_field(program: &Program, c: ConstId) -> bool {
    program.variable(c).is_some_and(|v| matches!(v.kind, VariableKind::Field { .. }))
}

fn write(program: &Program, t: TermId) -> Written {
    let bank = &program.bank;
    let binary = |op: &str, level: Level, x: TermId, y: TermId| binary(program, op, level, x, y);
    match &bank.term(t).term {
        Term::Var(v) => Written::new(bank.var(*v).name.clone(), Level::Postfix),
        Term::Const(c) => Written::new(name(program, *c), Level::Postfix),
        Term::Int(n) if *n < 0 => Written::new(n.to_string(), Level::Unary),
        Term::Int(n) => Written::new(n.to_string(), Level::Postfix),
        Term::App(..) => application(program, t),
        Term::Bind(..) => {
            // C has no binders: the IR's notation, whole.
            Written::new(format!("({})", super::show_term(program, t)), Level::Postfix)
        }
        Term::Prim(p, args) => match p {
            Prim::True => Written::new("1".into(), Level::Postfix),
            Prim::False => Written::new("0".into(), Level::Postfix),
            Prim::Not => negated(program, args[0]),
            Prim::And => binary("&&", Level::And, args[0], args[1]),
            Prim::Or => binary("||", Level::Or, args[0], args[1]),
            Prim::Imp => {
                // `a --> b` is `!a || b`.
                let left = negated(program, args[0]);
                let right = write(program, args[1]);
                Written::new(
                    format!("{} || {}", left.at(Level::Or), right.at(Level::And)),
                    Level::Or,
                )
            }
            // Truth values are 0 or 1 in C, so `==` on them is `<->`.
            Prim::Iff | Prim::Eq => binary("==", Level::Equality, args[0], args[1]),
            Prim::Lt => binary("<", Level::Relational, args[0], args[1]),
            Prim::Le => binary("<=", Level::Relational, args[0], args[1]),
            Prim::Add => binary("+", Level::Additive, args[0], args[1]),
            Prim::Sub => binary("-", Level::Additive, args[0], args[1]),
            Prim::Mul => binary("*", Level::Multiplicative, args[0], args[1]),
            Prim::Div => binary("/", Level::Multiplicative, args[0], args[1]),
            Prim::Mod => binary("%", Level::Multiplicative, args[0], args[1]),
            Prim::Neg => {
                let operand = write(program, args[0]);
                // `- -x`, not `--x`, which C reads as a decrement.
                let text = operand.at(Level::Unary);
                let sep = if text.starts_with('-') { " " } else { "" };
                Written::new(format!("-{sep}{text}"), Level::Unary)
            }
            Prim::Ite => {
                let (c, a, b) =
                    (write(program, args[0]), write(program, args[1]), write(program, args[2]));
                Written::new(
                    format!(
                        "{} ? {} : {}",
                        c.at(Level::Or),
                        a.at(Level::Conditional),
                        b.at(Level::Conditional)
                    ),
                    Level::Conditional,
                )
            }
            Prim::Pair
            | Prim::Mem
            | Prim::Empty
            | Prim::Insert
            | Prim::Union
            | Prim::Inter
            | Prim::Diff
            | Prim::Subset
            | Prim::ProperSubset
            | Prim::Update => {
                // C has no sets, tuples or function updates: the IR's notation, whole.
                Written::new(format!("({})", super::show_term(program, t)), Level::Postfix)
            }
        },
    }
}

/// `f a b`: a field read `x->f`, a read of program state `$memory[a]` (a variable that is a
/// function is an array to C), or a call `f(a, b)`.
fn application(program: &Program, t: TermId) -> Written {
    let bank = &program.bank;
    let mut args = Vec::new();
    let mut head = t;
    while let Term::App(f, a) = &bank.term(head).term {
        args.push(*a);
        head = *f;
    }
    args.reverse();
    match &bank.term(head).term {
        Term::Const(c) if is_field(program, *c) && args.len() == 1 => {
            let object = write(program, args[0]);
            Written::new(
                format!("{}->{}", object.at(Level::Postfix), name(program, *c)),
                Level::Postfix,
            )
        }
        Term::Const(c) if program.variable(*c).is_some() => {
            let mut text = name(program, *c);
            for a in args {
                let _ = write!(text, "[{}]", write(program, a).text);
            }
            Written::new(text, Level::Postfix)
        }
        _ => {
            let function = write(program, head);
            let shown: Vec<String> = args.iter().map(|&a| write(program, a).text).collect();
            Written::new(
                format!("{}({})", function.at(Level::Postfix), shown.join(", ")),
                Level::Postfix,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hol::{ConstDecl, ConstKind, HolBank, TyNode};
    use crate::ir::Variable;
    use crate::syntax::Span;

    /// A program whose signature has `x: int` and `$memory: int => int` (variables) and an
    /// uninterpreted `f: int => int`, for terms built by hand.
    struct Terms {
        program: Program,
        int: crate::hol::TyId,
        boolean: crate::hol::TyId,
    }

    impl Terms {
        fn new() -> Terms {
            let mut bank = HolBank::new();
            let int = bank.ty(TyNode::Int);
            let boolean = bank.ty(TyNode::Bool);
            let function = bank.ty(TyNode::Fun(int, int));
            let declare = |name: &str, ty| ConstDecl {
                name: name.to_string(),
                ty,
                params: Vec::new(),
                span: None,
                kind: ConstKind::Declared,
            };
            let consts =
                vec![declare("x", int), declare("$memory", function), declare("f", function)];
            let variables = [("x", 0), ("$memory", 1)]
                .into_iter()
                .map(|(name, c)| Variable {
                    constant: ConstId(c),
                    name: name.to_string(),
                    kind: VariableKind::Global,
                    span: None,
                    scope: None,
                })
                .collect();
            let program = Program {
                bank,
                consts,
                variables,
                background: Vec::new(),
                state_facts: Vec::new(),
                procedures: Vec::new(),
                old: None,
            };
            Terms { program, int, boolean }
        }

        fn add(&mut self, term: Term, ty: crate::hol::TyId) -> TermId {
            self.program.bank.add(term, ty, Span::default())
        }

        fn int(&mut self, n: i64) -> TermId {
            let ty = self.int;
            self.add(Term::Int(rug::Integer::from(n)), ty)
        }

        fn constant(&mut self, c: u32) -> TermId {
            let ty = self.int;
            self.add(Term::Const(ConstId(c)), ty)
        }

        fn prim(&mut self, p: Prim, args: &[TermId], boolean: bool) -> TermId {
            let ty = if boolean { self.boolean } else { self.int };
            self.add(Term::Prim(p, args.to_vec()), ty)
        }
    }

    #[test]
    fn c_operators_and_precedences() {
        let mut t = Terms::new();
        let x = t.constant(0);
        let (one, two, minus_five) = (t.int(1), t.int(2), t.int(-5));
        let small = t.prim(Prim::Lt, &[x, one], true);
        let is_two = t.prim(Prim::Eq, &[x, two], true);
        let implies = t.prim(Prim::Imp, &[small, is_two], true);
        let both = t.prim(Prim::And, &[small, is_two], true);
        let not_small = t.prim(Prim::Not, &[small], true);
        let plus = t.prim(Prim::Add, &[x, one], false);
        let times = t.prim(Prim::Mul, &[x, two], false);
        let choice = t.prim(Prim::Ite, &[small, plus, times], false);
        let three = t.int(3);
        let choice_plus = t.prim(Prim::Add, &[choice, three], false);
        let inner = t.prim(Prim::Sub, &[x, one], false);
        let outer = t.prim(Prim::Sub, &[x, inner], false);
        let negative = t.prim(Prim::Neg, &[minus_five], false);
        let memory = t.constant(1);
        let read = t.add(Term::App(memory, x), t.int);
        let f = t.constant(2);
        let call = t.add(Term::App(f, read), t.int);
        let empty = t.prim(Prim::Empty, &[], true);
        let member = t.prim(Prim::Mem, &[x, empty], true);
        let p = &t.program;
        assert_eq!(show(p, implies), "x >= 1 || x == 2");
        assert_eq!(show(p, both), "x < 1 && x == 2");
        assert_eq!(show_negated(p, both), "!(x < 1 && x == 2)");
        assert_eq!(show(p, not_small), "x >= 1");
        assert_eq!(show_negated(p, not_small), "x < 1");
        assert_eq!(show_negated(p, is_two), "x != 2");
        assert_eq!(show(p, choice_plus), "(x < 1 ? x + 1 : x * 2) + 3");
        // The right operand of a left-grouping operator keeps its parentheses.
        assert_eq!(show(p, outer), "x - (x - 1)");
        // Not `--5`, which C reads as a decrement.
        assert_eq!(show(p, negative), "- -5");
        // State is an array to C; an uninterpreted function is a call.
        assert_eq!(show(p, call), "f($memory[x])");
        // What C cannot write stays in the IR's notation, whole.
        assert_eq!(show(p, member), "(x : {})");
    }
}
