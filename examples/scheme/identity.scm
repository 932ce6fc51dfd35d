; §8: lock and unlock pass through the same identity function. Without GC, 0CFA merges the
; identity's result, so myunlock may be lock ("lock lock"); with GC the result of the first
; call is collected before the second and the only event sequence is "lock unlock".
(define mutex 'mutex)
(define (identity x) x)
(define mylock (identity lock))
(define myunlock (identity unlock))
(mylock mutex)
(myunlock mutex)
