% Satisfiable only in infinite models: an injective function that misses zero. Finite-model
% finding must give up, never answer.
cnf(injective, axiom, s(X) != s(Y) | X = Y).
cnf(zero_is_not_a_successor, axiom, s(X) != zero).
