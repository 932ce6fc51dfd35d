; A path of a loop, as McMillan's lazy abstraction sees it: x starts at 0, grows by 1 twice,
; and the error needs x > 2. Each step is one named assertion over its own copies of x.
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(declare-const x2 Int)
(declare-const y Int)
(assert (! (= x0 0) :named init))
(assert (! (= x1 (+ x0 1)) :named step1))
(assert (! (and (= x2 (+ x1 1)) (<= y x2)) :named step2))
(assert (! (> x2 2) :named error))
(check-sat)
