; Conditional GC with a governor oracle. Each round of the lock loop hands the next round a
; probe that captures n, the round's own value, and x, a parity that alternates. The probe
; reads n only under (= x 0) and then (not (= x 0)): never. Reachability GC keeps the old
; binding of n alive through the probe, so under 0CFA n's values {0, 1} merge and a spurious
; "lock lock" appears. Conditional GC asks whether the probe may use n: x's flow set is {0, 1},
; so the flow sets allow each test on its own, and only a prover that weighs the two tests
; together sees they contradict. With craig's SMT core as the oracle the binding is
; collected and the lock discipline is verified; without it (--oracle none) it is not.
(define mutex 'mutex)

(define (lockloop n x probe)
  (let ((next (lambda () (if (= x 0) (if (= x 0) 'none n) 'none))))
    (if (= n 0)
        (begin (lock mutex) (lockloop 1 (- 1 x) next))
        (begin (unlock mutex) (lockloop 0 (- 1 x) next)))))

(lockloop 0 0 (lambda () 'none))
