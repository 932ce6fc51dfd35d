; Might, Chambers and Shivers, "Model Checking via ΓCFA", §7: the lock is taken and released
; alternately, forever. 0CFA without abstract GC merges n's values {0, 1} and reports a
; spurious "lock lock"; with GC the flow set of n shrinks at every call and the lock
; discipline is verified.
(define mutex 'mutex)

(define (lockloop n)
  (if (= n 0)
      (begin (lock mutex) (lockloop 1))
      (begin (unlock mutex) (lockloop 0))))

(lockloop 0)
