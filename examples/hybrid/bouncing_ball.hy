// A bouncing ball (the standard example of hybrid-system texts, e.g. Lygeros, Johansson,
// Simic, Zhang and Sastry, "Dynamical properties of hybrid automata", IEEE TAC 2003): height h,
// velocity v, gravity 9.81; at h = 0 going down it bounces with coefficient 0.8. Dropped from
// at most 1 metre it never rises above 1.5 metres. The energy argument needs the coupling of
// h and v, so the box abstraction needs splits.
variables h in [0, 2], v in [-5, 5];
modes fall;
init fall: 0.5 <= h and h <= 1 and v = 0;
flow fall: d(h) = v and d(v) = -9.81 and h >= 0;
jump fall -> fall: h = 0 and v <= 0 and h' = 0 and v' = -0.8 * v;
unsafe: h >= 1.5;
