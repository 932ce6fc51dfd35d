% A search that never ends: the successors of zero are counted up forever and the conjecture
% is unrelated. The pseudo-terminal test interrupts it with Ctrl-C.
cnf(zero, axiom, num(zero)).
cnf(successor, axiom, ~num(X) | num(s(X))).
cnf(more, axiom, ~num(X) | ~num(Y) | num(plus(X, Y))).
fof(unrelated, conjecture, q).
