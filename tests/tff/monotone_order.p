% Every sort is monotone (no positive equation on a variable), so `--sorts erase` is justified.
% Theorem.
tff(node_type, type, node: $tType).
tff(label_type, type, label: $tType).
tff(r_type, type, r: (node * node) > $o).
tff(lab_type, type, lab: node > label).
tff(a_type, type, a: node).
tff(b_type, type, b: node).
tff(c_type, type, c: node).
tff(trans, axiom, ![X: node, Y: node, Z: node]: ((r(X, Y) & r(Y, Z)) => r(X, Z))).
tff(ab, axiom, r(a, b)).
tff(bc, axiom, r(b, c)).
tff(same_label, axiom, ![X: node, Y: node]: (r(X, Y) => lab(X) = lab(Y))).
tff(goal, conjecture, (r(a, c) & lab(a) = lab(c))).
