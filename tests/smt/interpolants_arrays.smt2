; Interpolants from refutations that use array lemmas (read over write, extensionality): each
; lemma is valid, so a lemma over one side's symbols and shared ones is that side's clause.
; The witnesses of extensionality are the engine's own symbols, placed on the side of the
; arrays they were made for, and never appear in an interpolant.
(set-logic QF_AUFLIA)
(declare-const a (Array Int Int))
(declare-const b (Array Int Int))
(declare-const c (Array Int Int))
(declare-const d (Array Int Int))
(declare-const i Int)
(declare-const j Int)
(declare-const v Int)
(declare-const w Int)
; Read over write at an index B makes equal to the stored one.
(assert (! (and (= b (store a i v)) (= w (select a j))) :named A1))
(assert (! (and (= i j) (not (= (select b j) v))) :named B1))
(check-sat)
(get-interpolants A1 B1)
(get-interpolants B1 A1)
(push 1)
; Two stores of one value at one index: the arrays are equal (extensionality on B's side).
(assert (! (and (= c (store d i v)) (= b (store d i v))) :named A2))
(assert (! (not (= c b)) :named B2))
(check-sat)
(get-interpolants A2 B2)
(get-interpolants B2 A2)
(pop 1)
; A sequence through three partitions.
(assert (! (= c (store b j w)) :named S1))
(assert (! (and (not (= i j)) (= d c) (> w 0)) :named S2))
(assert (! (and (= (select b i) v) (not (= (select d i) v))) :named S3))
(check-sat)
(get-interpolants S1 S2 S3)
; The refutation compares i (only A's) with j (only B's): an interface equality mixing both
; sides, read through an auxiliary variable for i, whose shared witness is the index 5 that
; both sides equal theirs to.
(assert (! (and (= b (store a i v)) (= i 5)) :named M1))
(assert (! (and (= j 5) (not (= (select b j) v))) :named M2))
(check-sat)
(get-interpolants M1 M2)
