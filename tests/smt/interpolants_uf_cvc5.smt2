; cvc5's form: an interpolant I of the assertions and a conjecture (assertions ⊨ I ⊨ conjecture),
; printed as cvc5 prints it.
(set-logic QF_UF)
(declare-sort U 0)
(declare-const a U)
(declare-const b U)
(declare-const c U)
(declare-const d U)
(declare-fun g (U U) U)
(assert (= a b))
(assert (= (g a c) d))
(get-interpolant I (= (g b c) d))
(get-interpolant J (= a c))
