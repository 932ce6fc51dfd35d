% A: x = y & g(x) = z (x, y local to A are not needed in the goal); conjecture g(y) = z goes to B.
vampire(left_formula).
fof(a1, axiom, x = y).
fof(a2, axiom, g(x) = z).
vampire(end_formula).
fof(goal, conjecture, g(y) = z).
