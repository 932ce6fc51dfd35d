// The van der Pol oscillator (B. van der Pol, "On relaxation-oscillations", Phil. Mag. 2, 1926),
// x'' - mu (1 - x^2) x' + x = 0 with mu = 1, as the first-order system x' = y,
// y' = (1 - x^2) y - x, on the region [-3, 3] x [-3, 3] (the paper's Table 1 has a
// "van-der-pole" system whose sets are not given in the digest; these are ours): starting near
// (1, 0), inside the limit cycle, a trajectory spirals outwards, so it never comes near the
// repelling equilibrium at the origin.
variables x in [-3, 3], y in [-3, 3];
modes m;
init m: 1 <= x and x <= 1.2 and -0.1 <= y and y <= 0.1;
flow m: d(x) = y and d(y) = (1 - x^2) * y - x;
unsafe: -0.2 <= x and x <= 0.2 and -0.2 <= y and y <= 0.2;
