; A macro (syntax-rules): outside the subset, kept to measure what is refused.
(define-syntax swap!
  (syntax-rules ()
    ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
(define x 1)
(define y 2)
(swap! x y)
(display (list x y))
