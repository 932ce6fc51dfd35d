; Two equations with rational solutions and no integer one: minus one ninth of the first plus one
; ninth of the second says x0 + x1 + x2 = -13/9. The unknowns are unbounded, so branch and bound
; and cuts alone never settle it; the Diophantine step finds the combination (by column
; operations on the fixed equations) and refutes it as a split: x0 + x1 + x2 <= -2 or >= -1.
(set-logic QF_LIA)
(set-option :produce-proofs true)
(set-option :produce-unsat-cores true)
(declare-const x0 Int)
(declare-const x1 Int)
(declare-const x2 Int)
(assert (! (= (+ (* 3 x0) (* 6 x1) (* 4 x2)) (- 10)) :named first))
(assert (! (= (+ (* (- 6) x0) (* (- 3) x1) (* (- 5) x2)) 3) :named second))
(check-sat)
(get-unsat-core)
(get-proof)
