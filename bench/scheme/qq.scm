; Quasiquotation building code as data.
(define (make-adder-expr n) `(lambda (x) (+ x ,n)))
(define (make-call f . args) `(,f ,@args))
(define (nested n) `(a `(b ,(c ,n))))
(display (make-adder-expr 3))
(display (make-call 'f 1 2 3))
(display (nested 4))
(display `#(1 ,(+ 1 1)))
