; A mixed interface equality over the reals: x2 = x0 through x1 = 2·x0 and x2 = x1 / 2, so
; the second cut names g at the shared witness x1 / 2.
(set-logic QF_UFLRA)
(declare-fun g (Real) Real)
(declare-const x0 Real)
(declare-const x1 Real)
(declare-const x2 Real)
(declare-const y Real)
(assert (! (and (<= 0.0 x0) (= (g x0) 1.5)) :named P0))
(assert (! (= x1 (* 2.0 x0)) :named P1))
(assert (! (and (= x2 (/ x1 2.0)) (< (g x2) y) (<= y 1.5)) :named P2))
(check-sat)
(get-interpolants P0 P1 P2)
(get-interpolants P0 (and P1 P2))
