; The index of difference (@diff a b), which interpolants over arrays name (SMTInterpol's
; symbol): an index where a and b differ whenever they differ. craig reads it back so that
; an interpolant can be checked as written; each refutation below uses its defining axiom
; a = b or select(a, @diff(a, b)) != select(b, @diff(a, b)) (`array diff` in the proof).
(set-logic QF_AUFLIA)
(declare-const a (Array Int Int))
(declare-const b (Array Int Int))
(declare-const i Int)
(declare-const x Int)
; Two different arrays differ at their index of difference.
(push 1)
(assert (not (= a b)))
(assert (= (select a (@diff a b)) (select b (@diff a b))))
(check-sat)
(get-proof)
(pop 1)
; An interpolant read back: b written once over a differs from a at one index at most.
(push 1)
(assert (= b (store a i x)))
(assert (not (= a (store b (@diff b a) (select a (@diff b a))))))
(check-sat)
(pop 1)
; Equal arrays: @diff is some index, and nothing follows from it.
(push 1)
(assert (= a b))
(assert (= (@diff a b) 7))
(check-sat)
(get-value ((@diff a b) (= (select a 7) (select b 7))))
(pop 1)
; Different arrays read differently at the index of difference the model gives.
(push 1)
(assert (= b (store a 3 (+ (select a 3) 1))))
(check-sat)
(get-value ((@diff a b) (= (select a (@diff a b)) (select b (@diff a b)))))
(pop 1)
