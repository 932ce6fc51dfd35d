; Interpolants over linear integer arithmetic with Boolean structure: rounding of integer
; premises (2i > 0 is i >= 1) and a disjunction in B.
(set-logic QF_LIA)
(declare-const i Int)
(declare-const j Int)
(declare-const k Int)
(declare-const m Int)
(assert (! (and (>= i 0) (= j (+ i 1)) (or (> m 3) (< m 0))) :named Q))
(assert (! (or (< j 1) (and (= k (* 2 j)) (< k 2))) :named R))
(check-sat)
(get-interpolants Q R)
(get-interpolants R Q)
