; A path formula whose refutation needs the interface equality i2 = i0 between terms local to
; different partitions (a mixed atom made by the theory combination): not interpolated in this
; version, so the answer is unsupported, never a wrong interpolant.
(set-logic QF_UFLIA)
(declare-fun f (Int) Int)
(declare-const i0 Int)
(declare-const i1 Int)
(declare-const i2 Int)
(declare-const v Int)
(assert (! (and (= i0 0) (= (f i0) 5)) :named S0))
(assert (! (= i1 (+ i0 1)) :named S1))
(assert (! (and (= i2 (- i1 1)) (not (= (f i2) 5))) :named S2))
(check-sat)
(get-interpolants S0 S1 S2)
