% An injective successor without fixed points or 2-cycles, and the conjecture that three steps
% never return: the negated conjecture has a model of three elements (a 3-cycle), none smaller.
fof(injective, axiom, ! [X, Y] : (s(X) = s(Y) => X = Y)).
fof(no_fixed_point, axiom, ! [X] : s(X) != X).
fof(no_two_cycle, axiom, ! [X] : s(s(X)) != X).
fof(three_steps_never_return, conjecture, s(s(s(zero))) != zero).
