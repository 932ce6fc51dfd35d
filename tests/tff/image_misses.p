% Satisfiable: every image of `f` has property `p`, `c` does not (it is outside the image).
% No positive equation on a variable: every sort is monotone and every mode applies.
tff(a_type, type, a: $tType).
tff(b_type, type, b: $tType).
tff(f_type, type, f: a > b).
tff(p_type, type, p: b > $o).
tff(c_type, type, c: b).
tff(d_type, type, d: a).
tff(image, axiom, ![X: a]: p(f(X))).
tff(c_outside, axiom, ~p(c)).
tff(d_image, axiom, f(d) != c).
