; Integer interpolants that need more than a linear combination: A and B disagree on a
; remainder, which the refutation shows with a Diophantine conflict or a cut whose premises
; come from both sides. The interpolant says what A knows of the shared x: a divisibility
; (x is a multiple of 2), or that an integer lies between two bounds (written with div).
; Every interpolant is checked by entailment in tests/smt_interpolation.rs.
(set-logic QF_LIA)
(set-option :produce-interpolants true)
(declare-const x Int)
(declare-const w Int)
(declare-const y Int)
(declare-const z Int)
(declare-const u Int)
(push 1)
; x is even on A's side and odd on B's.
(assert (! (= x (* 2 y)) :named even))
(assert (! (= x (+ (* 2 z) 1)) :named odd))
(check-sat)
(get-interpolants even odd)
(get-interpolants odd even)
(pop 1)
(push 1)
; A says x mod 3 is 0 or 1, with inequalities; B says it is 2.
(assert (! (and (<= (* 3 y) x) (<= x (+ (* 3 y) 1))) :named low))
(assert (! (= x (+ (* 3 z) 2)) :named high))
(check-sat)
(get-interpolants low high)
(pop 1)
(push 1)
; A sequence: x is a multiple of 4, w = x + 2, and B says w is odd.
(assert (! (= x (* 4 y)) :named first))
(assert (! (= w (+ x 2)) :named second))
(assert (! (= w (+ (* 4 z) 1)) :named third))
(check-sat)
(get-interpolants first second third)
(pop 1)
(push 1)
; A tree: the root says w - x is odd, its children that x is a multiple of 4 and w is 2 more
; than a multiple of 4; each child's interpolant is its own remainder.
(assert (! (= x (* 4 y)) :named left))
(assert (! (= w (+ (* 4 u) 2)) :named right))
(assert (! (= (- w x) (+ (* 2 z) 1)) :named root))
(check-sat)
(get-interpolants left (right) root)
(pop 1)
(push 1)
; Two shared variables: 2x + 3w = 6y (so 3 divides 2x, and x) against x = 3z + 1.
(assert (! (= (+ (* 2 x) (* 3 w)) (* 6 y)) :named combined))
(assert (! (and (= x (+ (* 3 z) 1)) (<= 0 u) (<= u w)) :named remainder))
(check-sat)
(get-interpolants combined remainder)
(pop 1)
