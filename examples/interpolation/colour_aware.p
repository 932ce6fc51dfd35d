% A = q(f(a)) & ~q(f(b)), B = ![V]: f(V) = c. The only interpolants say that f is not constant.
% Under KBO, f(V) = c rewrites f(a) into the B-local c, a step no local refutation may take; under
% an LPO with local symbols on top, c and f(V) are incomparable, B derives f(X) = f(Y), and A
% refutes that: the interpolant is ?[X,Y]: f(X) != f(Y).
vampire(symbol, predicate, q, 1, left).
vampire(symbol, function, a, 0, left).
vampire(symbol, function, b, 0, left).
vampire(symbol, function, c, 0, right).
vampire(left_formula).
fof(a1, axiom, q(f(a)) & ~q(f(b))).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, ![V]: f(V) = c).
vampire(end_formula).
