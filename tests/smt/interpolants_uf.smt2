; Interpolants over EUF with Boolean structure, from the SMT core's refutation (McMillan's
; system over the Tseitin clauses; the EUF lemma mixing both sides is interpolated through
; the shared representative f(s) of f(x)). tests/smt.rs checks each by entailment too.
(set-logic QF_UF)
(declare-sort U 0)
(declare-const x U)
(declare-const s U)
(declare-const y U)
(declare-const t U)
(declare-fun f (U) U)
(declare-const p Bool)
(declare-const q Bool)
(assert (! (and (= x s) (or p (= (f x) t)) (=> p q) (not q)) :named A))
(assert (! (and (= s y) (not (= (f y) t))) :named B))
(check-sat)
(get-interpolants A B)
(get-interpolants B A)
