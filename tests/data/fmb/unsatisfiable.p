% Unsatisfiable: finite-model finding must give up at every size.
cnf(total, axiom, r(X, f(X))).
cnf(irreflexive_on_images, axiom, ~ r(X, Y) | p(Y)).
cnf(nothing_is_p, axiom, ~ p(X)).
