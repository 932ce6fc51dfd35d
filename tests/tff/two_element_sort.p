% A sort `s` with at most two elements next to `$i` with three distinct elements. Erasing the
% sorts into one domain would make the axioms contradictory, so naive erasure "proves" the
% false conjecture. The problem is CounterSatisfiable: take s = {d, e}.
tff(s_type, type, s: $tType).
tff(d_type, type, d: s).
tff(e_type, type, e: s).
tff(a_type, type, a: $i).
tff(b_type, type, b: $i).
tff(c_type, type, c: $i).
tff(at_most_two, axiom, ![X: s, Y: s, Z: s]: (X = Y | Y = Z | X = Z)).
tff(three, axiom, (a != b & b != c & a != c)).
tff(d_not_e, axiom, d != e).
tff(goal, conjecture, ![X: s]: X = d).
