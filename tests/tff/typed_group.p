% A many-sorted theorem: a function from `elem` to `key` that is injective on a set given by a
% predicate, and a key lookup. Theorem.
tff(elem_type, type, elem: $tType).
tff(key_type, type, key: $tType).
tff(k_type, type, k: elem > key).
tff(inv_type, type, inv: key > elem).
tff(in_type, type, in: elem > $o).
tff(a_type, type, a: elem).
tff(b_type, type, b: elem).
tff(inverse, axiom, ![X: elem]: (in(X) => inv(k(X)) = X)).
tff(a_in, axiom, in(a)).
tff(b_in, axiom, in(b)).
tff(same_key, axiom, k(a) = k(b)).
tff(goal, conjecture, a = b).
