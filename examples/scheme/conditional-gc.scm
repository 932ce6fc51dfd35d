; §5: the thunk's use of d is governed by (not (equal? a b)), which abstract counting refutes:
; a and b hold the same closure, whose captured bindings each have count 1. Reachability GC
; keeps d's binding alive; conditional GC collects it.
(define (f a b c d)
  (lambda () (if (equal? a b) c d)))

(define (make-adder n) (lambda (m) (+ m n)))
(define x (make-adder 1))
(define thunk (f x x 'y 'z))
(thunk)
