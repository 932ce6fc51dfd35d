% Arithmetic axiomatised in FOF: zero, s, plus and an order greater. The axioms are outside the
% sections and use no symbol declared left or right, so they are the background theory T, on both
% sides. A says y = x + 1 (through the A-local a); B says x > b > y (b is B-local). An
% interpolant over x and y: y = plus(x, s(zero)).
vampire(symbol, function, a, 0, left).
vampire(symbol, function, b, 0, right).
fof(plus_zero, axiom, ![X]: plus(X, zero) = X).
fof(plus_s, axiom, ![X, Y]: plus(X, s(Y)) = s(plus(X, Y))).
fof(greater_s, axiom, ![X]: greater(s(X), X)).
fof(greater_transitive, axiom, ![X, Y, Z]: ((greater(X, Y) & greater(Y, Z)) => greater(X, Z))).
fof(greater_irreflexive, axiom, ![X]: ~greater(X, X)).
vampire(left_formula).
fof(a1, axiom, a = plus(x, s(zero))).
fof(a2, axiom, y = a).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, greater(x, b)).
fof(b2, axiom, greater(b, y)).
vampire(end_formula).
