; Non-tail recursion (the paper's §9, second case): tick happens on every return through the
; recursion, done after the outer call returns. Under 0CFA the continuation of depth merges
; the external and the internal return points, so the base case may return straight to the
; outer caller: "done" without a "tick" (spurious). 1CFA keeps them apart (tick-done.proto).
(declare-events tick done)

(define (depth n)
  (if (= n 0)
      0
      (let ((r (depth (- n 1))))
        (tick)
        (+ r 1))))

(depth 1)
(done)
