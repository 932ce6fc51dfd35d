; A path that fills an array, as a program verifier unrolls it: a[i] := 7; i := i + 1, twice,
; then the error asks for an index below i whose element is not 7. The error's index j is its
; own, and the refutation reads the writes at j: those lemmas mix the partitions, so the
; sequence interpolants are found over models of the prefixes (the guide's chapter on SMT-LIB,
; "Interpolants found over models").
(set-logic QF_AUFLIA)
(declare-const a0 (Array Int Int))
(declare-const a1 (Array Int Int))
(declare-const a2 (Array Int Int))
(declare-const i0 Int)
(declare-const i1 Int)
(declare-const i2 Int)
(declare-const j Int)
(assert (! (= i0 0) :named init))
(assert (! (and (= a1 (store a0 i0 7)) (= i1 (+ i0 1))) :named step1))
(assert (! (and (= a2 (store a1 i1 7)) (= i2 (+ i1 1))) :named step2))
(assert (! (and (<= 0 j) (< j i2) (not (= (select a2 j) 7))) :named error))
(check-sat)
(get-interpolants init step1 step2 error)
