; x and y differ on A's side: either z lies strictly between them or w does. Over Int the two
; strict bounds come out as x <= y - 1 and y <= x - 1; their disjunction is printed as the one
; disequality it is.
(set-logic QF_LIA)
(set-option :produce-interpolants true)
(declare-const x Int)
(declare-const y Int)
(declare-const z Int)
(declare-const w Int)
(assert (! (or (and (< x z) (< z y)) (and (< y w) (< w x))) :named a))
(assert (! (= x y) :named b))
(check-sat)
(get-interpolants a b)
