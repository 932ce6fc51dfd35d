%------------------------------------------------------------------------------
% Group theory, written for the craig tour.
%
% From the "left" axioms of a group (a left identity e and a left inverse i(X)
% for every X, with an associative operation mult), the inverse is also a right
% inverse. A classic first exercise for equational provers: the proof needs a
% few rounds of superposition and rewriting.
%------------------------------------------------------------------------------
cnf(left_identity, axiom, mult(e, X) = X).
cnf(left_inverse, axiom, mult(i(X), X) = e).
cnf(associativity, axiom, mult(mult(X, Y), Z) = mult(X, mult(Y, Z))).

fof(right_inverse, conjecture, ! [X] : mult(X, i(X)) = e).
