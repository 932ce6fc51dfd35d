; A small interpreter for arithmetic with variables and let, in the style of the CFA
; benchmark suites: symbols, association lists, case analysis on the expression's shape.
(define (lookup x env)
  (cond ((null? env) (error "unbound" x))
        ((eq? (car (car env)) x) (cdr (car env)))
        (else (lookup x (cdr env)))))

(define (evaluate e env)
  (cond ((number? e) e)
        ((symbol? e) (lookup e env))
        ((eq? (car e) 'add) (+ (evaluate (cadr e) env) (evaluate (caddr e) env)))
        ((eq? (car e) 'mul) (* (evaluate (cadr e) env) (evaluate (caddr e) env)))
        ((eq? (car e) 'let)
         (let ((binding (cadr e)))
           (evaluate (caddr e)
                     (cons (cons (car binding) (evaluate (cadr binding) env)) env))))
        (else (error "bad expression" e))))

(display (evaluate '(let (x 3) (add x (mul x 2))) '()))
