% A formula outside the sections that uses a symbol declared left and one declared right has no
% colour: craig refuses the file (exit 5) and names both symbols.
vampire(symbol, predicate, p, 0, left).
vampire(symbol, predicate, r, 0, right).
vampire(left_formula).
fof(a1, axiom, p).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, ~r).
vampire(end_formula).
fof(bridge, axiom, p => r).
