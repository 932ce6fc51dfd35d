; Refutations whose theory combination makes interface equalities between terms local to
; different partitions (mixed atoms). Each is read through an auxiliary variable for its
; A-local term, which the interpolant then replaces by shared terms that A proves it equal
; to or bounded by (see the guide's chapter on SMT-LIB, "Mixed interface equalities").
(set-logic QF_UFLIA)
(declare-fun f (Int) Int)
(declare-fun h (Int) Int)
(declare-const i0 Int)
(declare-const i1 Int)
(declare-const i2 Int)
(declare-const i3 Int)
(declare-const j Int)

; A path i0 -> i1 = i0 + 1 -> i2 = i1 - 1: the equality i2 = i0 between the first and the
; last partition has the shared witness i1 - 1 at the second cut.
(push 1)
(assert (! (and (= i0 0) (= (f i0) 5)) :named S0))
(assert (! (= i1 (+ i0 1)) :named S1))
(assert (! (and (= i2 (- i1 1)) (not (= (f i2) 5))) :named S2))
(check-sat)
(get-interpolants S0 S1 S2)
(pop 1)

; The witness of i3 = i0 through a doubling is a quotient: i0 = (div i2 2) - 2.
(push 1)
(assert (! (and (= (f i0) 0) (<= 0 i0)) :named T0))
(assert (! (= i1 (+ i0 2)) :named T1))
(assert (! (= i2 (* 2 i1)) :named T2))
(assert (! (and (= (* 2 i3) (- i2 4)) (> j (f i3)) (>= 0 j)) :named T3))
(check-sat)
(get-interpolants T0 T1 T2 T3)
(get-interpolants T0 (T1 T2) T3)
(pop 1)

; The witness depends on a shared Boolean: the interpolant is a case split.
(push 1)
(declare-const a Int)
(declare-const b Int)
(declare-const s1 Int)
(declare-const s2 Int)
(declare-const t Int)
(declare-const q Bool)
(assert (! (and (=> q (= a s1)) (=> (not q) (= a s2)) (= (f a) t)) :named A))
(assert (! (and (=> q (= b s1)) (=> (not q) (= b s2)) (not (= (f b) t))) :named B))
(check-sat)
(get-interpolants A B)
(pop 1)

; Nested applications: the interface equalities f(u) = f(w) and u = w, with u pinned by
; bounds to the shared r.
(push 1)
(declare-const u Int)
(declare-const w Int)
(declare-const r Int)
(assert (! (and (<= r u) (<= u r) (= (h (f u)) 3)) :named C))
(assert (! (and (= w r) (not (= (h (f w)) 3))) :named D))
(check-sat)
(get-interpolants C D)
(pop 1)
