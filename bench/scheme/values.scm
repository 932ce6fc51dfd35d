; Multiple values: `values` and `call-with-values` from the prelude.
(define (div-mod n d) (values (quotient n d) (remainder n d)))
(call-with-values (lambda () (div-mod 17 5)) (lambda (q r) (display (list q r))))
