//! Bit-blasting: n-bit integers as vectors of [`B`] literals (least significant bit first) and
//! every operator as a circuit over the [`Dag`]: exact two's-complement `+ - *`, unsigned and
//! truncating signed division and remainder, the bitwise operators, shifts by constants (wiring)
//! and by values (a barrel shifter), signed and unsigned comparisons, and the casts (sign or
//! zero extension by the source's signedness, truncation).
//!
//! A vector carries no signedness: as in the machine, the operation says how bits are read, and
//! [`IntType`] pairs a width with a signedness where a value's type must be kept (casts,
//! constants, models read back as numbers).

use rug::Integer;

use super::boolean::{B, Dag};

/// A bit vector: literal `i` is bit `i`, least significant first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bv {
    /// The bits, least significant first; never empty.
    pub bits: Vec<B>,
}

/// An integer type: width in bits and signedness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IntType {
    /// The number of bits, at least 1.
    pub width: u32,
    /// True for two's-complement signed.
    pub signed: bool,
}

impl IntType {
    /// A signed type of `width` bits.
    pub fn signed(width: u32) -> IntType {
        IntType { width, signed: true }
    }

    /// An unsigned type of `width` bits.
    pub fn unsigned(width: u32) -> IntType {
        IntType { width, signed: false }
    }

    /// The smallest value of the type.
    pub fn min_value(self) -> Integer {
        if self.signed { -(Integer::from(1) << (self.width - 1)) } else { Integer::new() }
    }

    /// The largest value of the type.
    pub fn max_value(self) -> Integer {
        if self.signed {
            (Integer::from(1) << (self.width - 1)) - 1
        } else {
            (Integer::from(1) << self.width) - 1
        }
    }
}

impl Bv {
    /// The width.
    pub fn width(&self) -> u32 {
        self.bits.len() as u32
    }

    /// The two's-complement bits of `value` modulo `2^width`.
    pub fn constant(value: &Integer, width: u32) -> Bv {
        let modulus = Integer::from(1) << width;
        let mut v = Integer::from(value % &modulus);
        if v < 0 {
            v += &modulus;
        }
        Bv { bits: (0..width).map(|i| Dag::constant(v.get_bit(i))).collect() }
    }

    /// Fresh unconstrained bits (`unknown`).
    pub fn fresh(dag: &mut Dag, width: u32) -> Bv {
        Bv { bits: (0..width).map(|_| dag.input()).collect() }
    }

    /// The value, if every bit is a constant, read as `ty`.
    pub fn as_constant(&self, ty_signed: bool) -> Option<Integer> {
        let mut bits = Vec::with_capacity(self.bits.len());
        for b in &self.bits {
            bits.push(b.constant()?);
        }
        Some(number(&bits, ty_signed))
    }

    /// The most significant bit.
    pub fn sign(&self) -> B {
        *self.bits.last().expect("a bit vector has a bit")
    }

    /// The value under an assignment of the inputs, read signed or unsigned.
    pub fn eval(&self, dag: &Dag, inputs: &dyn Fn(u32) -> bool, signed: bool) -> Integer {
        let mut memo = rustc_hash::FxHashMap::default();
        let bits: Vec<bool> =
            self.bits.iter().map(|&b| dag.eval_memo(b, inputs, &mut memo)).collect();
        number(&bits, signed)
    }
}

/// The integer whose bits (least significant first) these are.
pub fn number(bits: &[bool], signed: bool) -> Integer {
    let mut v = Integer::new();
    for (i, &bit) in bits.iter().enumerate() {
        if bit {
            v.set_bit(i as u32, true);
        }
    }
    if signed && bits.last() == Some(&true) {
        v -= Integer::from(1) << bits.len() as u32;
    }
    v
}

fn same_width(a: &Bv, b: &Bv) {
    debug_assert_eq!(a.width(), b.width(), "operands of one operator have one width");
}

/// The bitwise complement.
pub fn not(a: &Bv) -> Bv {
    Bv { bits: a.bits.iter().map(|&b| !b).collect() }
}

/// The bitwise and.
pub fn and(dag: &mut Dag, a: &Bv, b: &Bv) -> Bv {
    same_width(a, b);
    Bv { bits: a.bits.iter().zip(&b.bits).map(|(&x, &y)| dag.and(x, y)).collect() }
}

/// The bitwise or.
pub fn or(dag: &mut Dag, a: &Bv, b: &Bv) -> Bv {
    same_width(a, b);
    Bv { bits: a.bits.iter().zip(&b.bits).map(|(&x, &y)| dag.or(x, y)).collect() }
}

/// The bitwise exclusive or.
pub fn xor(dag: &mut Dag, a: &Bv, b: &Bv) -> Bv {
    same_width(a, b);
    Bv { bits: a.bits.iter().zip(&b.bits).map(|(&x, &y)| dag.xor(x, y)).collect() }
}

/// `if c then a else b`, bit by bit (the multiplexer of a merge).
pub fn ite(dag: &mut Dag, c: B, a: &Bv, b: &Bv) -> Bv {
    same_width(a, b);
    Bv { bits: a.bits.iter().zip(&b.bits).map(|(&x, &y)| dag.ite(c, x, y)).collect() }
}

/// The sum with a carry in, and the carry out of the top bit (a ripple-carry adder).
fn add_carry(dag: &mut Dag, a: &Bv, b: &Bv, carry_in: B) -> (Bv, B) {
    same_width(a, b);
    let mut carry = carry_in;
    let mut bits = Vec::with_capacity(a.bits.len());
    for (&x, &y) in a.bits.iter().zip(&b.bits) {
        let half = dag.xor(x, y);
        bits.push(dag.xor(half, carry));
        let both = dag.and(x, y);
        let through = dag.and(half, carry);
        carry = dag.or(both, through);
    }
    (Bv { bits }, carry)
}

/// `a + b` modulo `2^n`.
pub fn add(dag: &mut Dag, a: &Bv, b: &Bv) -> Bv {
    add_carry(dag, a, b, B::FALSE).0
}

/// `a - b` modulo `2^n`: `a + !b + 1`.
pub fn sub(dag: &mut Dag, a: &Bv, b: &Bv) -> Bv {
    add_carry(dag, a, &not(b), B::TRUE).0
}

/// `-a` modulo `2^n`.
pub fn neg(dag: &mut Dag, a: &Bv) -> Bv {
    let zero = Bv::constant(&Integer::new(), a.width());
    sub(dag, &zero, a)
}

/// `a * b` modulo `2^n` (shift and add; constant bits fold away).
pub fn mul(dag: &mut Dag, a: &Bv, b: &Bv) -> Bv {
    same_width(a, b);
    let n = a.bits.len();
    let mut acc = Bv::constant(&Integer::new(), n as u32);
    for (i, &bit) in b.bits.iter().enumerate() {
        if bit == B::FALSE {
            continue;
        }
        let mut partial = vec![B::FALSE; n];
        for j in 0..n - i {
            partial[i + j] = dag.and(a.bits[j], bit);
        }
        acc = add(dag, &acc, &Bv { bits: partial });
    }
    acc
}

/// True when the signed sum `a + b` does not fit `n` bits.
pub fn add_overflows_signed(dag: &mut Dag, a: &Bv, b: &Bv) -> B {
    let sum = add(dag, a, b);
    // Overflow iff both operands have one sign and the sum the other.
    let same = dag.iff(a.sign(), b.sign());
    let changed = dag.xor(a.sign(), sum.sign());
    dag.and(same, changed)
}

/// True when the signed difference `a - b` does not fit `n` bits.
pub fn sub_overflows_signed(dag: &mut Dag, a: &Bv, b: &Bv) -> B {
    let diff = sub(dag, a, b);
    let differ = dag.xor(a.sign(), b.sign());
    let changed = dag.xor(a.sign(), diff.sign());
    dag.and(differ, changed)
}

/// True when the signed product `a * b` does not fit `n` bits: the product computed at twice
/// the width differs from its truncation sign-extended back.
pub fn mul_overflows_signed(dag: &mut Dag, a: &Bv, b: &Bv) -> B {
    let n = a.width();
    let wide_a = sext(a, 2 * n);
    let wide_b = sext(b, 2 * n);
    let wide = mul(dag, &wide_a, &wide_b);
    let fits = sext(&trunc(&wide, n), 2 * n);
    !equal(dag, &wide, &fits)
}

/// Unsigned division and remainder (restoring division); dividing by zero gives the all-ones
/// quotient and the dividend as remainder, as SMT-LIB's bit vectors define it.
pub fn udivrem(dag: &mut Dag, a: &Bv, b: &Bv) -> (Bv, Bv) {
    same_width(a, b);
    let n = a.bits.len();
    // The remainder is kept one bit wider so the trial subtraction cannot wrap.
    let wide_b = zext(b, n as u32 + 1);
    let mut rem = Bv::constant(&Integer::new(), n as u32 + 1);
    let mut quotient = vec![B::FALSE; n];
    for i in (0..n).rev() {
        let mut shifted = vec![a.bits[i]];
        shifted.extend_from_slice(&rem.bits[..n]);
        let shifted = Bv { bits: shifted };
        let fits = !ult(dag, &shifted, &wide_b);
        let reduced = sub(dag, &shifted, &wide_b);
        rem = ite(dag, fits, &reduced, &shifted);
        quotient[i] = fits;
    }
    (Bv { bits: quotient }, trunc(&rem, n as u32))
}

/// Signed division truncating toward zero and its remainder (with the dividend's sign), as C
/// divides. Division by zero follows [`udivrem`] on the magnitudes.
pub fn sdivrem(dag: &mut Dag, a: &Bv, b: &Bv) -> (Bv, Bv) {
    let neg_a = neg(dag, a);
    let neg_b = neg(dag, b);
    let abs_a = ite(dag, a.sign(), &neg_a, a);
    let abs_b = ite(dag, b.sign(), &neg_b, b);
    let (q, r) = udivrem(dag, &abs_a, &abs_b);
    let q_negative = dag.xor(a.sign(), b.sign());
    let neg_q = neg(dag, &q);
    let neg_r = neg(dag, &r);
    (ite(dag, q_negative, &neg_q, &q), ite(dag, a.sign(), &neg_r, &r))
}

/// `a << k` for a constant `k` (zeros shifted in; all zero when `k >= n`).
pub fn shl_const(a: &Bv, k: u32) -> Bv {
    let n = a.bits.len();
    let k = k as usize;
    Bv { bits: (0..n).map(|i| if i >= k { a.bits[i - k] } else { B::FALSE }).collect() }
}

/// `a >> k` for a constant `k`, arithmetic (the sign copied in) or logical (zeros).
pub fn shr_const(a: &Bv, k: u32, arithmetic: bool) -> Bv {
    let n = a.bits.len();
    let k = k as usize;
    let fill = if arithmetic { a.sign() } else { B::FALSE };
    Bv { bits: (0..n).map(|i| if i + k < n { a.bits[i + k] } else { fill }).collect() }
}

/// A shift by a value: a barrel shifter over the bits of `amount`; amounts of `n` or more
/// shift every bit out.
fn shift_by(dag: &mut Dag, a: &Bv, amount: &Bv, step: &dyn Fn(&Bv, u32) -> Bv) -> Bv {
    let n = a.width();
    let mut acc = a.clone();
    let mut too_far = B::FALSE;
    for (i, &bit) in amount.bits.iter().enumerate() {
        if i >= 32 || (1u64 << i) >= u64::from(n) {
            too_far = dag.or(too_far, bit);
            continue;
        }
        let shifted = step(&acc, 1 << i);
        acc = ite(dag, bit, &shifted, &acc);
    }
    let gone = step(a, n);
    ite(dag, too_far, &gone, &acc)
}

/// `a << amount` (the amount read unsigned).
pub fn shl(dag: &mut Dag, a: &Bv, amount: &Bv) -> Bv {
    shift_by(dag, a, amount, &shl_const)
}

/// `a >> amount` (the amount read unsigned), arithmetic or logical.
pub fn shr(dag: &mut Dag, a: &Bv, amount: &Bv, arithmetic: bool) -> Bv {
    shift_by(dag, a, amount, &|v, k| shr_const(v, k, arithmetic))
}

/// `a == b`.
pub fn equal(dag: &mut Dag, a: &Bv, b: &Bv) -> B {
    same_width(a, b);
    let mut acc = B::TRUE;
    for (&x, &y) in a.bits.iter().zip(&b.bits) {
        let same = dag.iff(x, y);
        acc = dag.and(acc, same);
    }
    acc
}

/// `a < b` unsigned: the borrow out of `a - b`.
pub fn ult(dag: &mut Dag, a: &Bv, b: &Bv) -> B {
    let (_, carry) = add_carry(dag, a, &not(b), B::TRUE);
    !carry
}

/// `a < b` signed: unsigned comparison with the sign bits swapped.
pub fn slt(dag: &mut Dag, a: &Bv, b: &Bv) -> B {
    let mut a2 = a.clone();
    let mut b2 = b.clone();
    let top = a.bits.len() - 1;
    a2.bits[top] = !a.bits[top];
    b2.bits[top] = !b.bits[top];
    ult(dag, &a2, &b2)
}

/// `a < b`, signed or unsigned.
pub fn lt(dag: &mut Dag, a: &Bv, b: &Bv, signed: bool) -> B {
    if signed { slt(dag, a, b) } else { ult(dag, a, b) }
}

/// `a <= b`, written as `!(b < a)` so that `a <= b` and `b < a` are one node negated (branch
/// conditions and their negations then share a guard name).
pub fn le(dag: &mut Dag, a: &Bv, b: &Bv, signed: bool) -> B {
    !lt(dag, b, a, signed)
}

/// Zero extension (or truncation) to `width`.
pub fn zext(a: &Bv, width: u32) -> Bv {
    let mut bits: Vec<B> = a.bits.iter().copied().take(width as usize).collect();
    bits.resize(width as usize, B::FALSE);
    Bv { bits }
}

/// Sign extension (or truncation) to `width`.
pub fn sext(a: &Bv, width: u32) -> Bv {
    let sign = a.sign();
    let mut bits: Vec<B> = a.bits.iter().copied().take(width as usize).collect();
    bits.resize(width as usize, sign);
    Bv { bits }
}

/// Truncation to the low `width` bits.
pub fn trunc(a: &Bv, width: u32) -> Bv {
    Bv { bits: a.bits[..width as usize].to_vec() }
}

/// A cast from `from` to `to`: the low bits kept, a wider target extended by the source's
/// signedness (C's conversions on two's-complement machines).
pub fn cast(a: &Bv, from: IntType, to: IntType) -> Bv {
    if from.signed { sext(a, to.width) } else { zext(a, to.width) }
}

/// A condition as an integer of `width` bits: 1 or 0 (`lift_e`).
pub fn lift(c: B, width: u32) -> Bv {
    let mut bits = vec![B::FALSE; width as usize];
    bits[0] = c;
    Bv { bits }
}

/// An integer as a condition: true when some bit is set (`lift_c`).
pub fn nonzero(dag: &mut Dag, a: &Bv) -> B {
    let bits = a.bits.clone();
    dag.or_all(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds `op` over two fresh `n`-bit inputs once, then checks it against `expected` on
    /// every pair of values given, by evaluating the circuit (not by constant folding).
    fn check_binary(
        n: u32,
        pairs: &[(u64, u64)],
        op: &dyn Fn(&mut Dag, &Bv, &Bv) -> Bv,
        expected: &dyn Fn(u64, u64) -> Option<u64>,
        name: &str,
    ) {
        let mut dag = Dag::new();
        let a = Bv::fresh(&mut dag, n);
        let b = Bv::fresh(&mut dag, n);
        let out = op(&mut dag, &a, &b);
        let mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for &(x, y) in pairs {
            let Some(want) = expected(x & mask, y & mask) else { continue };
            let inputs = |i: u32| {
                if i < n { (x >> i) & 1 == 1 } else { (y >> (i - n)) & 1 == 1 }
            };
            let got = out.eval(&dag, &inputs, false);
            assert_eq!(got, Integer::from(want & mask), "{name}({x}, {y}) at {n} bits");
        }
    }

    fn check_condition(
        n: u32,
        pairs: &[(u64, u64)],
        op: &dyn Fn(&mut Dag, &Bv, &Bv) -> B,
        expected: &dyn Fn(u64, u64) -> bool,
        name: &str,
    ) {
        let mut dag = Dag::new();
        let a = Bv::fresh(&mut dag, n);
        let b = Bv::fresh(&mut dag, n);
        let out = op(&mut dag, &a, &b);
        let mask = (1u64 << n) - 1;
        for &(x, y) in pairs {
            let inputs = |i: u32| {
                if i < n { (x >> i) & 1 == 1 } else { (y >> (i - n)) & 1 == 1 }
            };
            assert_eq!(dag.eval(out, &inputs), expected(x & mask, y & mask), "{name}({x}, {y})");
        }
    }

    fn signed_of(x: u64, n: u32) -> i64 {
        let shift = 64 - n;
        ((x << shift) as i64) >> shift
    }

    /// Every pair of 4-bit values, and deterministic pseudo-random 16-bit ones.
    fn cases() -> Vec<(u32, Vec<(u64, u64)>)> {
        let all4: Vec<(u64, u64)> = (0..16).flat_map(|x| (0..16).map(move |y| (x, y))).collect();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let random16: Vec<(u64, u64)> =
            (0..300).map(|_| (next() & 0xffff, next() & 0xffff)).collect();
        vec![(4, all4), (16, random16)]
    }

    #[test]
    fn arithmetic_matches_concrete_evaluation() {
        for (n, pairs) in cases() {
            let m = |v: i64| v as u64;
            check_binary(
                n,
                &pairs,
                &|d, a, b| add(d, a, b),
                &|x, y| Some(x.wrapping_add(y)),
                "add",
            );
            check_binary(
                n,
                &pairs,
                &|d, a, b| sub(d, a, b),
                &|x, y| Some(x.wrapping_sub(y)),
                "sub",
            );
            check_binary(
                n,
                &pairs,
                &|d, a, b| mul(d, a, b),
                &|x, y| Some(x.wrapping_mul(y)),
                "mul",
            );
            check_binary(n, &pairs, &|d, a, _| neg(d, a), &|x, _| Some(x.wrapping_neg()), "neg");
            check_binary(n, &pairs, &|d, a, b| and(d, a, b), &|x, y| Some(x & y), "and");
            check_binary(n, &pairs, &|d, a, b| or(d, a, b), &|x, y| Some(x | y), "or");
            check_binary(n, &pairs, &|d, a, b| xor(d, a, b), &|x, y| Some(x ^ y), "xor");
            check_binary(n, &pairs, &|_, a, _| not(a), &|x, _| Some(!x), "not");
            check_binary(
                n,
                &pairs,
                &|d, a, b| udivrem(d, a, b).0,
                &|x, y| Some(x.checked_div(y).unwrap_or(u64::MAX)),
                "udiv",
            );
            check_binary(
                n,
                &pairs,
                &|d, a, b| udivrem(d, a, b).1,
                &|x, y| Some(x.checked_rem(y).unwrap_or(x)),
                "urem",
            );
            check_binary(
                n,
                &pairs,
                &|d, a, b| sdivrem(d, a, b).0,
                &|x, y| {
                    let (x, y) = (signed_of(x, n), signed_of(y, n));
                    // Division by zero and the one overflowing quotient are left to their
                    // own tests.
                    if y == 0 { None } else { Some(m(x.wrapping_div(y))) }
                },
                "sdiv",
            );
            check_binary(
                n,
                &pairs,
                &|d, a, b| sdivrem(d, a, b).1,
                &|x, y| {
                    let (x, y) = (signed_of(x, n), signed_of(y, n));
                    if y == 0 { None } else { Some(m(x.wrapping_rem(y))) }
                },
                "srem",
            );
        }
    }

    #[test]
    fn shifts_match_concrete_evaluation() {
        for (n, pairs) in cases() {
            check_binary(
                n,
                &pairs,
                &|d, a, b| shl(d, a, b),
                &move |x, y| Some(if y >= u64::from(n) { 0 } else { x << y }),
                "shl",
            );
            check_binary(
                n,
                &pairs,
                &|d, a, b| shr(d, a, b, false),
                &move |x, y| Some(if y >= u64::from(n) { 0 } else { x >> y }),
                "lshr",
            );
            check_binary(
                n,
                &pairs,
                &|d, a, b| shr(d, a, b, true),
                &move |x, y| {
                    let s = signed_of(x, n);
                    Some((if y >= u64::from(n) { s >> 63 } else { s >> y }) as u64)
                },
                "ashr",
            );
            for k in 0..=n {
                check_binary(
                    n,
                    &pairs,
                    &|_, a, _| shl_const(a, k),
                    &move |x, _| Some(if k >= n { 0 } else { x << k }),
                    "shl_const",
                );
                check_binary(
                    n,
                    &pairs,
                    &|_, a, _| shr_const(a, k, true),
                    &move |x, _| {
                        let s = signed_of(x, n);
                        Some((s >> k.min(63)) as u64)
                    },
                    "ashr_const",
                );
            }
        }
    }

    #[test]
    fn comparisons_match_concrete_evaluation() {
        for (n, pairs) in cases() {
            check_condition(n, &pairs, &|d, a, b| equal(d, a, b), &|x, y| x == y, "eq");
            check_condition(n, &pairs, &|d, a, b| ult(d, a, b), &|x, y| x < y, "ult");
            check_condition(n, &pairs, &|d, a, b| le(d, a, b, false), &|x, y| x <= y, "ule");
            check_condition(
                n,
                &pairs,
                &|d, a, b| slt(d, a, b),
                &move |x, y| signed_of(x, n) < signed_of(y, n),
                "slt",
            );
            check_condition(
                n,
                &pairs,
                &|d, a, b| le(d, a, b, true),
                &move |x, y| signed_of(x, n) <= signed_of(y, n),
                "sle",
            );
            check_condition(
                n,
                &pairs,
                &|d, a, b| add_overflows_signed(d, a, b),
                &move |x, y| {
                    let s = signed_of(x, n) + signed_of(y, n);
                    s != signed_of(s as u64, n)
                },
                "add overflow",
            );
            check_condition(
                n,
                &pairs,
                &|d, a, b| sub_overflows_signed(d, a, b),
                &move |x, y| {
                    let s = signed_of(x, n) - signed_of(y, n);
                    s != signed_of(s as u64, n)
                },
                "sub overflow",
            );
            check_condition(
                n,
                &pairs,
                &|d, a, b| mul_overflows_signed(d, a, b),
                &move |x, y| {
                    let s = signed_of(x, n) * signed_of(y, n);
                    s != signed_of(s as u64, n)
                },
                "mul overflow",
            );
        }
    }

    #[test]
    fn casts_are_bit_exact() {
        // S5: (int8) 0xFF read signed is -1; widening extends by the source's signedness;
        // narrowing keeps the low bits.
        let ff = Bv::constant(&Integer::from(0xFF), 8);
        assert_eq!(ff.as_constant(true), Some(Integer::from(-1)));
        let widened_signed = cast(&ff, IntType::signed(8), IntType::signed(32));
        assert_eq!(widened_signed.as_constant(true), Some(Integer::from(-1)));
        let widened_unsigned = cast(&ff, IntType::unsigned(8), IntType::signed(32));
        assert_eq!(widened_unsigned.as_constant(true), Some(Integer::from(255)));
        let big = Bv::constant(&Integer::from(0x1234_5678), 32);
        let narrowed = cast(&big, IntType::signed(32), IntType::unsigned(8));
        assert_eq!(narrowed.as_constant(false), Some(Integer::from(0x78)));
        let minus_two = Bv::constant(&Integer::from(-2), 16);
        assert_eq!(minus_two.as_constant(false), Some(Integer::from(0xFFFE)));
        // Exhaustive over 4-bit sources into 8 bits, through the circuit.
        let mut dag = Dag::new();
        let a = Bv::fresh(&mut dag, 4);
        let s = cast(&a, IntType::signed(4), IntType::signed(8));
        let z = cast(&a, IntType::unsigned(4), IntType::signed(8));
        let t = cast(&a, IntType::signed(4), IntType::unsigned(2));
        for x in 0u64..16 {
            let inputs = |i: u32| (x >> i) & 1 == 1;
            assert_eq!(s.eval(&dag, &inputs, true), Integer::from(signed_of(x, 4)));
            assert_eq!(z.eval(&dag, &inputs, true), Integer::from(x));
            assert_eq!(t.eval(&dag, &inputs, false), Integer::from(x & 3));
        }
    }

    #[test]
    fn division_by_zero_follows_the_bit_vector_convention() {
        let mut dag = Dag::new();
        let a = Bv::constant(&Integer::from(9), 4);
        let zero = Bv::constant(&Integer::new(), 4);
        let (q, r) = udivrem(&mut dag, &a, &zero);
        assert_eq!(q.as_constant(false), Some(Integer::from(15)));
        assert_eq!(r.as_constant(false), Some(Integer::from(9)));
    }
}
