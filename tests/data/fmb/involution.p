% An involution without fixed points: no model of one element, one of two.
cnf(involution, axiom, f(f(X)) = X).
cnf(no_fixed_point, axiom, f(X) != X).
cnf(some_p, axiom, p(a)).
cnf(not_p_of_image, axiom, ~ p(f(a))).
