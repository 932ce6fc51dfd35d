; Lazy streams with delay and force: the first primes of an infinite stream.
(define (ints-from n) (cons n (delay (ints-from (+ n 1)))))
(define (stream-filter p s)
  (if (p (car s))
      (cons (car s) (delay (stream-filter p (force (cdr s)))))
      (stream-filter p (force (cdr s)))))
(define (sieve s)
  (cons (car s)
        (delay (sieve (stream-filter
                       (lambda (x) (not (= 0 (remainder x (car s)))))
                       (force (cdr s)))))))
(define (take s n)
  (if (= n 0) '() (cons (car s) (take (force (cdr s)) (- n 1)))))
(display (take (sieve (ints-from 2)) 5))
