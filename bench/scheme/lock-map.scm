; The lock discipline through higher-order list procedures: each element is processed
; under the lock, taken and released by the procedure for-each calls.
(define m 'mutex)
(define (with-lock thunk)
  (lock m)
  (let ((r (thunk)))
    (unlock m)
    r))
(define results
  (map (lambda (x) (with-lock (lambda () (* x x)))) '(1 2 3)))
(for-each (lambda (r) (with-lock (lambda () (display r)))) results)
(display (reverse (append results (list 0))))
