; Church numerals, as in the usual CFA benchmark suites: arithmetic on numbers encoded as
; higher-order functions, converted back to an integer at the end.
(define (zero f) (lambda (x) x))
(define (succ n) (lambda (f) (lambda (x) (f ((n f) x)))))
(define (plus m n) (lambda (f) (lambda (x) ((m f) ((n f) x)))))
(define (mult m n) (lambda (f) (m (n f))))
(define (church->int n) ((n (lambda (k) (+ k 1))) 0))

(define one (succ zero))
(define two (succ one))
(define three (plus one two))
(church->int (mult two three))
