; Satisfiable: the model is shown, checked against every assertion.
(set-logic QF_UFLIA)
(declare-fun f (Int) Int)
(declare-const x Int)
(assert (> (f x) 3))
(assert (< x 2))
(assert (> x 0))
(check-sat)
(get-model)
