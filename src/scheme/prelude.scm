;; craig's Scheme prelude: the R5RS standard procedures that can be written faithfully in the
;; subset itself. Only the definitions a program uses (and what they use) are added to it, in
;; this file's order, and they are analysed like the program's own code, so ΓCFA sees through
;; `map` and `assq`. A name the program defines at top level hides the prelude's.
;; Names starting with `%` are helpers: `(append a b)` is read as `(%append2 a b)` and
;; `(map f l)` as `(%map1 f l)`, so the common fixed-arity calls stay as precise as
;; hand-written code; the variadic definitions serve first-class uses and longer calls.

(define (length l)
  (let loop ((l l) (n 0))
    (if (null? l) n (loop (cdr l) (+ n 1)))))

(define (%append2 a b)
  (if (null? a) b (cons (car a) (%append2 (cdr a) b))))

(define (append . lists)
  (let loop ((lists lists))
    (cond ((null? lists) '())
          ((null? (cdr lists)) (car lists))
          (else (%append2 (car lists) (loop (cdr lists)))))))

(define (reverse l)
  (let loop ((l l) (acc '()))
    (if (null? l) acc (loop (cdr l) (cons (car l) acc)))))

(define (list-tail l k)
  (if (zero? k) l (list-tail (cdr l) (- k 1))))

(define (list-ref l k)
  (if (zero? k) (car l) (list-ref (cdr l) (- k 1))))

(define (last-pair l)
  (if (pair? (cdr l)) (last-pair (cdr l)) l))

(define (list-copy l)
  (if (pair? l) (cons (car l) (list-copy (cdr l))) l))

(define (memq x l)
  (cond ((null? l) #f) ((eq? x (car l)) l) (else (memq x (cdr l)))))

(define (memv x l)
  (cond ((null? l) #f) ((eqv? x (car l)) l) (else (memv x (cdr l)))))

(define (member x l)
  (cond ((null? l) #f) ((equal? x (car l)) l) (else (member x (cdr l)))))

(define (assq x l)
  (cond ((null? l) #f) ((eq? x (caar l)) (car l)) (else (assq x (cdr l)))))

(define (assv x l)
  (cond ((null? l) #f) ((eqv? x (caar l)) (car l)) (else (assv x (cdr l)))))

(define (assoc x l)
  (cond ((null? l) #f) ((equal? x (caar l)) (car l)) (else (assoc x (cdr l)))))

(define (%map1 f l)
  (if (null? l) '() (cons (f (car l)) (%map1 f (cdr l)))))

(define (%map2 f a b)
  (if (or (null? a) (null? b))
      '()
      (cons (f (car a) (car b)) (%map2 f (cdr a) (cdr b)))))

(define (%any-null? ls)
  (cond ((null? ls) #f) ((null? (car ls)) #t) (else (%any-null? (cdr ls)))))

(define (%cars ls)
  (if (null? ls) '() (cons (caar ls) (%cars (cdr ls)))))

(define (%cdrs ls)
  (if (null? ls) '() (cons (cdar ls) (%cdrs (cdr ls)))))

(define (map f l . ls)
  (if (null? ls)
      (%map1 f l)
      (let loop ((ls (cons l ls)))
        (if (%any-null? ls)
            '()
            (cons (apply f (%cars ls)) (loop (%cdrs ls)))))))

(define (%for-each1 f l)
  (if (pair? l) (begin (f (car l)) (%for-each1 f (cdr l)))))

(define (%for-each2 f a b)
  (if (and (pair? a) (pair? b))
      (begin (f (car a) (car b)) (%for-each2 f (cdr a) (cdr b)))))

(define (for-each f l . ls)
  (if (null? ls)
      (%for-each1 f l)
      (let loop ((ls (cons l ls)))
        (if (not (%any-null? ls))
            (begin (apply f (%cars ls)) (loop (%cdrs ls)))))))

(define (list->vector l)
  (let ((v (make-vector (length l) #f)))
    (let loop ((l l) (i 0))
      (if (null? l) v (begin (vector-set! v i (car l)) (loop (cdr l) (+ i 1)))))))

(define (vector->list v)
  (let loop ((i (- (vector-length v) 1)) (acc '()))
    (if (< i 0) acc (loop (- i 1) (cons (vector-ref v i) acc)))))

(define (vector-fill! v x)
  (let loop ((i 0))
    (if (< i (vector-length v)) (begin (vector-set! v i x) (loop (+ i 1))))))

(define (vector-map f v)
  (let ((out (make-vector (vector-length v) #f)))
    (let loop ((i 0))
      (if (< i (vector-length v))
          (begin (vector-set! out i (f (vector-ref v i))) (loop (+ i 1)))
          out))))

(define (vector-for-each f v)
  (let loop ((i 0))
    (if (< i (vector-length v)) (begin (f (vector-ref v i)) (loop (+ i 1))))))

(define (string-map f s)
  (list->string (%map1 f (string->list s))))

(define (string-for-each f s)
  (%for-each1 f (string->list s)))

(define (filter keep? l)
  (cond ((null? l) '())
        ((keep? (car l)) (cons (car l) (filter keep? (cdr l))))
        (else (filter keep? (cdr l)))))

(define (reduce f initial l)
  (if (null? l)
      initial
      (let loop ((acc (car l)) (l (cdr l)))
        (if (null? l) acc (loop (f (car l) acc) (cdr l))))))

(define (fold-left f acc l)
  (if (null? l) acc (fold-left f (f acc (car l)) (cdr l))))

(define (fold-right f acc l)
  (if (null? l) acc (f (car l) (fold-right f acc (cdr l)))))

(define (cdddr x) (cdr (cddr x)))
(define (cadddr x) (car (cdddr x)))
(define (caadr x) (car (cadr x)))
(define (cdadr x) (cdr (cadr x)))
(define (cddar x) (cdr (cdar x)))
(define (cadar x) (car (cdar x)))
(define (caaar x) (car (caar x)))
(define (cdaar x) (cdr (caar x)))

(define (boolean=? a b) (eq? a b))

(define (%delay thunk) (cons #f thunk))

(define (force p)
  (if (car p)
      (cdr p)
      (let ((v ((cdr p))))
        (if (car p)
            (cdr p)
            (begin (set-car! p #t) (set-cdr! p v) v)))))

;; `call/cc` (and `call-with-current-continuation`) used as a value, not applied where it is
;; written: `(define k call/cc)`, `(map call/cc l)`. The name then means this procedure, whose
;; call captures its own continuation -- that of the application of the value -- which is what
;; R5RS's procedure does. Applications written out keep the direct conversion.
(define (%call/cc f) (call/cc f))

;; Multiple values (R5RS 6.4). One value is itself, so `(+ 1 (values 2))` is 3; any other
;; number of values is a list of them behind `%values-tag`, a pair no other object is `eq?` to,
;; and `call-with-values` spreads that list over the consumer's parameters with `apply`. Every
;; run of a program that passes multiple values only to `call-with-values`'s consumers (what
;; R5RS defines) is a run of the encoded program, so the analysis stays an over-approximation.
;; Not modelled: a continuation captured by `call/cc` applied to several values, `(k 1 2)`
;; (the escape procedure takes one value; pass `(values 1 2)` to it instead).
(define %values-tag (list 'values))

(define (values . things)
  (if (and (pair? things) (null? (cdr things)))
      (car things)
      (cons %values-tag things)))

(define (call-with-values producer consumer)
  (let ((v (producer)))
    (if (and (pair? v) (eq? (car v) %values-tag))
        (apply consumer (cdr v))
        (consumer v))))

;; `dynamic-wind` (R5RS 6.4) and the continuations that leave and re-enter its extent. The
;; wind list `%winders` holds a (before . after) pair for every `dynamic-wind` the run is
;; inside, innermost first. `dynamic-wind` runs `before`, pushes its pair, runs the thunk, pops
;; the pair and runs `after` (with the list as it was outside, as R5RS says `after` runs), and
;; gives the thunk's value (several values pass through as one tagged list). In a program that
;; uses both `dynamic-wind` and `call/cc`, `call/cc` is `%wind-call/cc` (expand.rs): its escape
;; procedure remembers the wind list of the `call/cc` and, when applied, first walks from the
;; list of the moment to the remembered one, running the `after` of every extent it leaves
;; (innermost first) and the `before` of every extent it enters (outermost first), each with
;; the wind list set to where the walk is, then returns to the continuation. That is R5RS's
;; order for escapes and re-entries alike; the algorithm is the usual one, as Dybvig's "The
;; Scheme Programming Language" describes it beside `dynamic-wind`. `error` ends the run where it is called,
;; in the analysis as in craig's concrete machine, so no `after` runs after an error (R7RS
;; leaves that to the implementation).
(define %winders '())

(define (dynamic-wind before thunk after)
  (before)
  (set! %winders (cons (cons before after) %winders))
  (let ((result (thunk)))
    (set! %winders (cdr %winders))
    (after)
    result))

(define (%wind-call/cc f)
  (call/cc
    (lambda (k)
      (let ((saved %winders))
        (f (lambda (v) (%rewind saved) (k v)))))))

;; Both lists end in the wind list of the run's start, so they share a tail; the guards on
;; `pair?` keep `car` and `cdr` off '() on every path the analysis sees.
(define (%rewind to)
  (let ((common (%common-tail %winders to)))
    (%unwind %winders common)
    (%wind to common)))

(define (%tail-of? x y)
  (cond ((eq? x y) #t)
        ((pair? y) (%tail-of? x (cdr y)))
        (else #f)))

(define (%common-tail x y)
  (if (or (not (pair? x)) (%tail-of? x y)) x (%common-tail (cdr x) y)))

(define (%unwind ls common)
  (if (and (pair? ls) (not (eq? ls common)))
      (begin
        (set! %winders (cdr ls))
        ((cdr (car ls)))
        (%unwind (cdr ls) common))))

;; Entering runs the outermost `before` first. The extents to enter are gathered first and then
;; entered in a loop: both are tail calls, which keep each list apart in the analysis (a
;; non-tail recursion would join the lists of its frames, and then `car` of '() would be
;; feared where no run takes it).
(define (%wind ls common)
  (%enter (%extents ls common '())))

(define (%extents ls common outer-first)
  (if (and (pair? ls) (not (eq? ls common)))
      (%extents (cdr ls) common (cons ls outer-first))
      outer-first))

(define (%enter lists)
  (if (pair? lists)
      (let ((ls (car lists)))
        ((car (car ls)))
        (set! %winders ls)
        (%enter (cdr lists)))))
