; Array refutations whose lemmas mix both partitions: a read-over-write or extensionality
; instance over an array local to one side and an index local to the other. No lemma
; construction reads such a proof; the interpolant is searched for over models of A instead,
; as a disjunction of cubes over shared terms that B refutes (see the guide's chapter on
; SMT-LIB, "Interpolants found over models").
(set-logic QF_AUFLIA)
(declare-const m0 (Array Int Int))
(declare-const m1 (Array Int Int))
(declare-const p (Array Int Int))
(declare-const q (Array Int Int))
(declare-const a0 Int)
(declare-const a1 Int)
(declare-const b0 Int)
(declare-const s0 Int)
(declare-const s1 Int)

; A writes twice at s0 + 1, the second time 2; B reads m1 at an index it pins to s0 or s1.
; The refutation reads m1 at B's index through A's stores; the interpolant names the store.
(push 1)
(assert (! (and (= a1 s0) (= p (store m0 (+ s0 1) a1)) (= m1 (store p (+ s0 1) 2))) :named A))
(assert (! (and (or (= b0 s0) (= b0 s1)) (= (select m1 s1) 1)
                (not (= (select m1 b0) (select m0 b0)))) :named B))
(check-sat)
(get-interpolants A B)
(pop 1)

; Extensionality between A's store at a0 and B's at b0, both pinned to the shared s0.
(push 1)
(assert (! (and (= m1 (store m0 a0 a1)) (= a0 s0) (= a1 s1)) :named A))
(assert (! (and (= q (store m0 b0 s1)) (= b0 s0) (not (= m1 q))) :named B))
(check-sat)
(get-interpolants A B)
(pop 1)

; A writes at an index that is s0 or s0 + 1; B's read at s0 sees either A's value or the old
; one, and B denies both: the interpolant is a disjunction.
(push 1)
(assert (! (and (or (= a0 s0) (= a0 (+ s0 1))) (= m1 (store m0 a0 7))) :named A))
(assert (! (and (= b0 s0) (not (= (select m1 b0) 7))
                (not (= (select m1 b0) (select m0 b0)))) :named B))
(check-sat)
(get-interpolants A B)
(pop 1)

; A path of three partitions: two writes, then a read at an index only the last one has.
(push 1)
(assert (! (and (= a0 s0) (= p (store m0 a0 1))) :named W1))
(assert (! (and (= a1 (+ s0 1)) (= m1 (store p a1 2))) :named W2))
(assert (! (and (= b0 s0) (not (= (select m1 b0) 1))) :named R))
(check-sat)
(get-interpolants W1 W2 R)
(pop 1)
