; §8: a list of locks is taken with map and released with map. With ΓCFA the flow set of
; map's f does not merge between the two calls, so no lock follows an unlock (the two-phase
; protocol, examples/scheme/two-phase.proto); without GC f may be lock in the second map.
(define (map f l)
  (if (null? l)
      '()
      (cons (f (car l)) (map f (cdr l)))))

(define locks '(a b c))
(map lock locks)
(display "critical section")
(map unlock locks)
