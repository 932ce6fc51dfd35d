; Mutual recursion inside a critical section entered twice. The second call of with-lock is
; external: GC collects its continuation's binding, so it returns only to its own caller and
; the lock discipline holds.
(define (my-even? n) (if (= n 0) #t (my-odd? (- n 1))))
(define (my-odd? n) (if (= n 0) #f (my-even? (- n 1))))

(define (with-lock thunk)
  (lock 'm)
  (let ((result (thunk)))
    (unlock 'm)
    result))

(with-lock (lambda () (my-even? 10)))
(with-lock (lambda () (my-odd? 7)))
