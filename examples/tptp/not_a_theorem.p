%------------------------------------------------------------------------------
% A conjecture that does not follow, written for the craig tour: from "p or q"
% one cannot conclude p. The prover saturates the clause set without finding
% a contradiction and answers CounterSatisfiable.
%------------------------------------------------------------------------------
fof(p_or_q, axiom, p | q).
fof(just_p, conjecture, p).
