; Interpolants over weak equivalences between shared arrays, after the examples of Hoenicke
; and Schindler ("Efficient Interpolation for the Theory of Arrays", IJCAR 2018), written for
; craig. A changes shared arrays at indices only A knows; B finds more cells where they
; differ than A's stores allow. Without a quantifier, only the index of difference `@diff`
; says "a and b differ at k indices at most": `(@diff a b)` is an index where `a` and `b`
; differ whenever they differ (a != b -> select(a, @diff(a, b)) != select(b, @diff(a, b))).
; Each answer is checked by entailment in tests/it/smt_interpolation.rs, where craig's own
; check knows that axiom.
(set-logic QF_AUFLIA)
(set-option :produce-interpolants true)
(declare-const a (Array Int Int))
(declare-const b (Array Int Int))
(declare-const c (Array Int Int))
(declare-const i Int)
(declare-const i2 Int)
(declare-const x Int)
(declare-const y Int)
(declare-const j Int)
(declare-const k Int)
(declare-const l Int)
; weakeq-ext, one store: A writes b as a changed at its own i; B finds two cells where a and
; b differ.
(push 1)
(assert (! (= b (store a i x)) :named A))
(assert (! (and (not (= j k)) (not (= (select a j) (select b j))) (not (= (select a k) (select b k)))) :named B))
(check-sat)
(get-interpolants A B)
(pop 1)
; weakeq-ext, two stores: three cells of difference against two writes.
(push 1)
(assert (! (= b (store (store a i x) i2 y)) :named A))
(assert (! (and (distinct j k l) (not (= (select a j) (select b j))) (not (= (select a k) (select b k))) (not (= (select a l) (select b l)))) :named B))
(check-sat)
(get-interpolants A B)
(pop 1)
; The same with B's side written as stores of its own: b is a changed at j and k, with
; values a does not hold there.
(push 1)
(assert (! (= b (store a i x)) :named A))
(assert (! (and (not (= j k)) (= c (store (store a j (+ (select a j) 1)) k (+ (select a k) 1))) (= b c)) :named B))
(check-sat)
(get-interpolants A B)
(pop 1)
; A sequence: b is a changed at one index, c is b changed at one index; the last part finds
; three differences between a and c.
(push 1)
(assert (! (= b (store a i x)) :named P1))
(assert (! (= c (store b i2 y)) :named P2))
(assert (! (and (distinct j k l) (not (= (select a j) (select c j))) (not (= (select a k) (select c k))) (not (= (select a l) (select c l)))) :named P3))
(check-sat)
(get-interpolants P1 P2 P3)
(pop 1)
; A tree: two leaves each change the shared a at an index of their own, into b and into c;
; the root, with both as children, finds three cells where b and c differ.
(push 1)
(assert (! (= b (store a i x)) :named L1))
(assert (! (= c (store a i2 y)) :named L2))
(assert (! (and (distinct j k l) (not (= (select b j) (select c j))) (not (= (select b k) (select c k))) (not (= (select b l) (select c l)))) :named R))
(check-sat)
(get-interpolants L1 (L2) R)
(pop 1)
