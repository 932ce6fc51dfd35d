; let*, letrec*, internal defines and mutual recursion.
(define (parity n)
  (define (ev? n) (if (= n 0) #t (od? (- n 1))))
  (define (od? n) (if (= n 0) #f (ev? (- n 1))))
  (letrec* ((a 1) (b (+ a 1)))
    (let* ((x (ev? n)) (y (not x)))
      (list x y b))))
(display (parity 7))
