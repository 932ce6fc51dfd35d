% A problem including a file next to it and one under an include root.
include('sub/local.ax').
include('Axioms/root.ax', [kept]).
fof(goal, conjecture, q(a) & s(a)).
