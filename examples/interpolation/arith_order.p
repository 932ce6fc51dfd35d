% A strict total order axiomatised in FOF the way Vampire's examples write it: free variables
% (read as universally quantified, with a warning), equations as operands of connectives. A says
% x > m > y; B puts n strictly between y and x and equal to x in the order. Asked minimised, the
% disjuncts of the interpolant that T refutes on its own are dropped, leaving ~greater(y, x).
vampire(option, show_interpolant, minimized).
vampire(option, time_limit, 5).
fof(greater_transitive, axiom, (greater(X, Y) & greater(Y, Z)) => greater(X, Z)).
fof(greater_irreflexive, axiom, ~greater(X, X)).
fof(trichotomy, axiom, X = Y | greater(X, Y) | greater(Y, X)).
fof(distinct, axiom, X != Y => (greater(X, Y) | greater(Y, X))).
vampire(left_formula).
fof(a1, axiom, greater(x, m) & greater(m, y)).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, ~greater(x, n) & ~greater(n, x) & greater(y, n)).
vampire(end_formula).
