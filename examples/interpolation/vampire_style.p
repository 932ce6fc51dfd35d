% Written the way Vampire's own interpolation examples are: every arithmetic axiom named `a`,
% free variables, `hypothesis` roles, and `&` under `=>` without parentheses (not TPTP; craig
% reads it with Vampire's precedence and says so). A: 0 > z, not x > z, not y > x; B: not
% 0 > x + y, not y > 0. Nothing is declared, so z (in A only) is local to A by occurrence.
vampire(option, avatar, off).
fof(greater1, axiom,
    ~greater(X, X)).
fof(greater2, axiom,
    greater(s(X), X)).
fof(greater_transitive, axiom,
    greater(X, Y) & greater(Y, Z) => greater(X, Z)).
fof(a, axiom, ( one = s(zero) )).
fof(a, axiom, ( plus(X, zero) = X )).
fof(a, axiom, ( plus(X, Y) = plus(Y, X) )).
fof(a, axiom, ( plus(X, s(Y)) = s(plus(X, Y)) )).
fof(a, axiom, ( (greater(X, Z) & ~greater(zero, Y)) => greater(plus(X, Y), Z) )).
fof(a, axiom, ( greater(plus(X, Y), Y) <=> greater(X, zero) )).
vampire(left_formula).
  fof(fA, hypothesis, ( greater(zero, z) & ~greater(x, z) & ~greater(y, x) )).
vampire(end_formula).
vampire(right_formula).
  fof(fB1, hypothesis, ( ~greater(zero, plus(x, y)) )).
  fof(fB2, hypothesis, ( ~greater(y, zero) )).
vampire(end_formula).
