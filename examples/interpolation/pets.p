% The pets puzzle of examples/tptp/pets.p split for interpolation: the clues are A, the
% conjecture (negated) is B. Simplification brings the interpolant down to the answer.
vampire(left_formula).
fof(people_distinct, axiom, (ann != bob & ann != cy & bob != cy)).
fof(pets_distinct, axiom, (cat != dog & cat != fish & dog != fish)).

fof(everyone_owns_a_pet, axiom,
    ! [P] : ((P = ann | P = bob | P = cy)
             => (owns(P, cat) | owns(P, dog) | owns(P, fish)))).

fof(no_shared_pets, axiom,
    ! [P, Q, A] : ((owns(P, A) & owns(Q, A)) => P = Q)).

fof(clue_ann, axiom, (~ owns(ann, cat) & ~ owns(ann, dog))).
fof(clue_bob, axiom, ~ owns(bob, cat)).
vampire(end_formula).
fof(cy_owns_the_cat, conjecture, owns(cy, cat)).
