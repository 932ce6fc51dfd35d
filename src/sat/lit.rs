//! Variables and literals: dense `u32` indices, so that every per-variable and per-literal table
//! is a plain vector.

use std::fmt;
use std::ops::Not;

/// A propositional variable, numbered from 0 (DIMACS variable `v` is `Var(v - 1)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(pub u32);

impl Var {
    /// The largest variable index: its negative literal still fits a `u32` code.
    pub const MAX_INDEX: u32 = (u32::MAX >> 1) - 1;

    /// The index as a `usize`, for table lookups.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The positive literal of this variable.
    pub fn positive(self) -> Lit {
        Lit::new(self, false)
    }

    /// The negative literal of this variable.
    pub fn negative(self) -> Lit {
        Lit::new(self, true)
    }
}

/// A literal: a variable with a sign, encoded as `2 * var + negated` so that a literal and its
/// negation are neighbours and `!lit` is one bit flip.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(u32);

impl Lit {
    /// The literal of `var`, negative when `negated`.
    pub fn new(var: Var, negated: bool) -> Lit {
        Lit((var.0 << 1) | negated as u32)
    }

    /// The literal with this code (`2 * var + negated`).
    pub fn from_code(code: u32) -> Lit {
        Lit(code)
    }

    /// The literal's code, `2 * var + negated`: the index of per-literal tables.
    pub fn code(self) -> u32 {
        self.0
    }

    /// The code as a `usize`, for table lookups.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The literal's variable.
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// True for a negative literal.
    pub fn is_negative(self) -> bool {
        self.0 & 1 == 1
    }

    /// The DIMACS literal `v` or `-v` (variables counted from 1), if it fits an `i32`.
    pub fn from_dimacs(number: i32) -> Option<Lit> {
        if number == 0 || number == i32::MIN {
            return None;
        }
        let var = number.unsigned_abs() - 1;
        (var <= Var::MAX_INDEX).then(|| Lit::new(Var(var), number < 0))
    }

    /// The DIMACS form of the literal (variables counted from 1).
    pub fn to_dimacs(self) -> i64 {
        let v = i64::from(self.var().0) + 1;
        if self.is_negative() { -v } else { v }
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_pairs_a_literal_with_its_negation() {
        let x = Var(5);
        assert_eq!(x.positive().code(), 10);
        assert_eq!(x.negative().code(), 11);
        assert_eq!(!x.positive(), x.negative());
        assert_eq!(x.negative().var(), x);
        assert!(x.negative().is_negative());
    }

    #[test]
    fn dimacs_round_trip_and_limits() {
        for n in [1, -1, 7, -7, i32::MAX, -i32::MAX] {
            assert_eq!(Lit::from_dimacs(n).unwrap().to_dimacs(), i64::from(n));
        }
        assert_eq!(Lit::from_dimacs(0), None);
        assert_eq!(Lit::from_dimacs(i32::MIN), None);
    }
}
