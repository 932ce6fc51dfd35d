% A: f(a) = b & a = c;  B: f(c) != b.  The constant a is local to A.
vampire(left_formula).
fof(a1, axiom, f(a) = b).
fof(a2, axiom, a = c).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, f(c) != b).
vampire(end_formula).
