% A: every p is a q, and p(a); B: nothing is a q. Shared: q and a.
vampire(left_formula).
fof(a1, axiom, ![X]: (p(X) => q(X))).
fof(a2, axiom, p(a)).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, ![X]: (~q(X) | r(X))).
fof(b2, axiom, ![X]: ~r(X)).
vampire(end_formula).
vampire(symbol, predicate, p, 1, left).
vampire(symbol, predicate, r, 1, right).
