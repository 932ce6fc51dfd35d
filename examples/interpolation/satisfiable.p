% No interpolant: A & B is satisfiable.
vampire(left_formula).
cnf(a1, axiom, p | q).
vampire(end_formula).
vampire(right_formula).
cnf(b1, axiom, ~p).
vampire(end_formula).
