; Sequence interpolants of a path with a branch, in the style of McMillan's tutorial (seed 002
; holds only its abstract, so the example is our own): x0 := a; if p then x1 := f(x0) else
; x1 := g(x0); assume p; x2 := x1; assert x2 = f(a). Each interpolant is over the variables
; live at its cut.
(set-logic QF_UF)
(declare-sort U 0)
(declare-const a U)
(declare-const x0 U)
(declare-const x1 U)
(declare-const x2 U)
(declare-const p Bool)
(declare-fun f (U) U)
(declare-fun g (U) U)
(assert (! (= x0 a) :named S0))
(assert (! (ite p (= x1 (f x0)) (= x1 (g x0))) :named S1))
(assert (! (and p (= x2 x1)) :named S2))
(assert (! (not (= x2 (f a))) :named S3))
(check-sat)
(get-interpolants S0 S1 S2 S3)
(get-interpolants S1 S0 S3 S2)
(get-interpolants S0 (S1 S2) S3)
