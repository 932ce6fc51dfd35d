; An `if` in non-tail position: both arms return to one join-point continuation. With an
; unknown test (b is "any integer" in the first call) both arms run, and the two states that
; apply the join point are merged into one (paper §6, the second work list).
(define (g b)
  (display (if (= b 0) 'zero 'other))
  (lock 'm)
  (unlock 'm))
(g (+ 5 6))
(g 0)
