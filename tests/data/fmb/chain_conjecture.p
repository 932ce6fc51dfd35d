% growing_chain.p with its last clause as a conjecture: resolution derives p(f^k(a)) for every
% k and never saturates, while a 2-element model (f takes a to the other element, which it
% fixes, and q holds there only) is a counter-model.
fof(start, axiom, p(a)).
fof(step, axiom, ! [X] : (p(X) => p(f(X)))).
fof(moves, axiom, f(a) != a).
fof(q_somewhere, axiom, p(a) => q(f(a))).
fof(q_at_start, conjecture, q(a)).
