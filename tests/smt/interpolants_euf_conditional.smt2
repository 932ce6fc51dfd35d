; EUF lemmas that need conditional equalities: the shared equality one side needs holds only
; under equalities the other side proves, through terms local to it (craig answered
; `unsupported` to each of these before the exchange of shared equalities).
; tests/smt_interpolation.rs checks each answer by entailment.
(set-logic QF_UF)
(declare-sort U 0)
(declare-const a1 U)
(declare-const b1 U)
(declare-const s1 U)
(declare-const s2 U)
(declare-const s3 U)
(declare-const s4 U)
(declare-const s5 U)
(declare-const s6 U)
(declare-fun g (U) U)
(declare-fun h (U) U)
(declare-fun k (U U) U)
(declare-fun p (U) Bool)
(push 1)
; A proves s1 = s2; B turns it into s3 = s4 through its h; A's disequality over g then fails.
(assert (! (and (= a1 s1) (= a1 s2) (not (= (g s3) (g s4)))) :named A))
(assert (! (and (= s3 (h s1)) (= s4 (h s2))) :named B))
(check-sat)
(get-interpolants A B)
(get-interpolants B A)
(pop 1)
(push 1)
; An alternating chain A, B, A, B with the disequality on the B side: I = s1 = s2 and
; (s3 = s4 → s5 = s6).
(assert (! (and (= s1 a1) (= a1 s2) (= s5 (g s3)) (= s6 (g s4))) :named A))
(assert (! (and (= s3 (h s1)) (= s4 (h s2)) (not (= (h s5) (h s6)))) :named B))
(check-sat)
(get-interpolants A B)
(get-interpolants B A)
(pop 1)
(push 1)
; A nested congruence under A's g, over the shared k, whose arguments B makes equal.
(assert (! (and (= a1 s5) (= a1 s6) (not (= (g (k s3 s4)) (g (k s4 s3))))) :named A))
(assert (! (and (= s3 (h s5)) (= s4 (h s6))) :named B))
(check-sat)
(get-interpolants A B)
(pop 1)
(push 1)
; An A-local predicate on both sides of B's conditional equality.
(assert (! (and (= a1 s1) (= a1 s2) (p s3) (not (p s4))) :named A))
(assert (! (and (= s3 (h s1)) (= s4 (h s2))) :named B))
(check-sat)
(get-interpolants A B)
(pop 1)
(push 1)
; A sequence and a tree over three partitions: the cut after P1 needs P2's h under P1's
; equality and gives back s5 = s6, which P3's k needs.
(assert (! (and (= a1 s1) (= a1 s2) (= s5 (g s3)) (= s6 (g s4))) :named P1))
(assert (! (and (= s3 (h s1)) (= s4 (h s2))) :named P2))
(assert (! (not (= (k s5 s5) (k s5 s6))) :named P3))
(check-sat)
(get-interpolants P1 P2 P3)
(get-interpolants P1 (P2) P3)
(pop 1)
