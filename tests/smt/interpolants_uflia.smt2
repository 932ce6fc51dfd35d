; Uninterpreted functions over the integers: the EUF lemma a = c → f(a) = f(c) is A's (its
; atoms are over A's symbols), its bridge to arithmetic too, and the Farkas lemma mixing
; f(a) = s + 1 with f(c) < s gives the interpolant over the shared f, c and s.
(set-logic QF_UFLIA)
(declare-fun f (Int) Int)
(declare-const a Int)
(declare-const c Int)
(declare-const s Int)
(declare-const d Int)
(assert (! (and (= a c) (= (f a) (+ s 1))) :named A))
(assert (! (and (< (f c) s) (= d 0)) :named B))
(check-sat)
(get-interpolants A B)
(get-interpolants B A)
