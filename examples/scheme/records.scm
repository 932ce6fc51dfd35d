; Records (R7RS define-record-type) and dynamic-wind. A lock is a record of its own type,
; so the `vector?` test below is false on it, as it is in every Scheme, and the analysis
; never takes the vector branch (which would lock twice). `with-lock` takes the lock in
; dynamic-wind's `before` and releases it in `after`: the lock discipline is verified.
(define-record-type <mutex> (make-mutex name) mutex? (name mutex-name) (held mutex-held set-mutex-held!))

(define (with-lock m thunk)
  (dynamic-wind
    (lambda () (lock (mutex-name m)) (set-mutex-held! m #t))
    thunk
    (lambda () (set-mutex-held! m #f) (unlock (mutex-name m)))))

(define (describe x)
  (cond ((vector? x) (lock 'vector) (vector-ref x 0))
        ((mutex? x) (mutex-name x))
        (else 'other)))

(define m (make-mutex 'm))
(with-lock m (lambda () (describe m)))
