% A case split: either every x is p or every y is q. The clause p(X) | q(Y) has two parts that
% share no variable, so `set splitting on` (or `craig prove --split`) names each part and lets a
% SAT solver over the names choose which case the search assumes; the proof shows both cases
% closed and the SAT solver's resolution of the names.
fof(cases, axiom, (![X]: p(X)) | (![Y]: q(Y))).
fof(p_gives_r, axiom, ![X]: (p(X) => r(X))).
fof(q_gives_s, axiom, ![X]: (q(X) => s(X))).
fof(r_or_s, conjecture, r(a) | s(b)).
