; call/cc as an early exit from a traversal guarded by a lock.
(define (find-first pred l)
  (call/cc
   (lambda (return)
     (for-each (lambda (x) (if (pred x) (return x))) l)
     #f)))
(define m 'mutex)
(lock m)
(display (find-first even? '(1 3 4 5)))
(unlock m)
