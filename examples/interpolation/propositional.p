% A: (a1 | s1) & (~a1 | s2) & ~s3;  B: ~s1 & ~s2 ... with a B-local b1.
vampire(left_formula).
cnf(a1, axiom, a1 | s1).
cnf(a2, axiom, ~a1 | s2).
cnf(a3, axiom, s3).
vampire(end_formula).
vampire(right_formula).
cnf(b1, axiom, ~s1 | b1).
cnf(b2, axiom, ~b1).
cnf(b3, axiom, ~s2 | ~s3).
vampire(end_formula).
