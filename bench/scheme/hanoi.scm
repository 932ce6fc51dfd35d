; Towers of Hanoi, counting moves through a mutable counter.
(define moves 0)
(define (hanoi n from to via)
  (if (> n 0)
      (begin (hanoi (- n 1) from via to)
             (set! moves (+ moves 1))
             (hanoi (- n 1) via to from))))
(hanoi 6 'a 'b 'c)
(display moves)
