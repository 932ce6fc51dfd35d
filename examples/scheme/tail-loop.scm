; A self tail call passes its continuation through unchanged (§9, first case): the rebinding
; check keeps the count of k at 1, and the loop returns only to its one caller.
(define (count-down n)
  (if (= n 0)
      'done
      (count-down (- n 1))))
(count-down 10)
