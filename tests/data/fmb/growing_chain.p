% p holds along an unbounded chain a, f(a), f(f(a)), ..: resolution derives p(f^k(a)) for
% every k and never saturates, while a model of two elements exists (f swaps them).
cnf(start, axiom, p(a)).
cnf(step, axiom, ~ p(X) | p(f(X))).
cnf(moves, axiom, f(a) != a).
cnf(q_somewhere, axiom, q(f(a)) | ~ p(a)).
cnf(q_not_at_start, axiom, ~ q(a)).
