% Error: q is declared in both colours.
vampire(left_formula).
cnf(a1, axiom, q).
vampire(end_formula).
vampire(right_formula).
cnf(b1, axiom, ~q).
vampire(end_formula).
vampire(symbol, predicate, q, 0, left).
vampire(symbol, predicate, q, 0, right).
