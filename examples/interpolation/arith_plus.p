% Formulas outside the sections take the colour of their declared symbols: a_is_one uses a
% (declared left), so it is an A formula; q_def uses q (declared right), so it is a B formula; the
% arithmetic uses neither and is the background theory T. A: x = a + a with a = 1; B: q(x), that
% is 1 > x. The interpolant says x = 1 + 1.
vampire(symbol, function, a, 0, left).
vampire(symbol, predicate, q, 1, right).
fof(plus_zero, axiom, ![X]: plus(X, zero) = X).
fof(plus_s, axiom, ![X, Y]: plus(X, s(Y)) = s(plus(X, Y))).
fof(greater_s, axiom, ![X]: greater(s(X), X)).
fof(greater_transitive, axiom, ![X, Y, Z]: ((greater(X, Y) & greater(Y, Z)) => greater(X, Z))).
fof(greater_irreflexive, axiom, ![X]: ~greater(X, X)).
fof(a_is_one, axiom, a = s(zero)).
fof(q_def, axiom, ![X]: (q(X) <=> greater(s(zero), X))).
vampire(left_formula).
fof(a1, axiom, x = plus(a, a)).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, q(x)).
vampire(end_formula).
