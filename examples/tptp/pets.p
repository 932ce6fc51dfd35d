%------------------------------------------------------------------------------
% A small logic puzzle, written for the craig tour.
%
% Ann, Bob and Cy each own one pet: a cat, a dog or a fish, no two the same pet.
% Ann owns neither the cat nor the dog, and Bob does not own the cat.
% Who owns the cat? Cy: Ann must have the fish, so Bob has the dog.
%
% The distinctness axioms matter: without them nothing stops Ann and Cy from
% being one person. `core` shows which clues the proof really used.
%------------------------------------------------------------------------------
fof(people_distinct, axiom, (ann != bob & ann != cy & bob != cy)).
fof(pets_distinct, axiom, (cat != dog & cat != fish & dog != fish)).

fof(everyone_owns_a_pet, axiom,
    ! [P] : ((P = ann | P = bob | P = cy)
             => (owns(P, cat) | owns(P, dog) | owns(P, fish)))).

fof(no_shared_pets, axiom,
    ! [P, Q, A] : ((owns(P, A) & owns(Q, A)) => P = Q)).

fof(clue_ann, axiom, (~ owns(ann, cat) & ~ owns(ann, dog))).
fof(clue_bob, axiom, ~ owns(bob, cat)).

% An idle clue: true, but the proof does not need it.
fof(clue_idle, axiom, ~ owns(bob, fish) | ~ owns(cy, fish)).

fof(cy_owns_the_cat, conjecture, owns(cy, cat)).
