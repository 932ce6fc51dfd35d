// A thermostat after Henzinger, "The Theory of Hybrid Automata" (LICS 1996), Fig. 1: the
// heater is off (the temperature x decays as -0.1 x) or on (it rises as 5 - 0.1 x); it switches
// on below 19 and off above 21, with the invariants x >= 18 (off) and x <= 22 (on). Starting at
// 20 the temperature stays within [18, 22], so it never leaves [17, 23].
variables x in [10, 30];
modes off, on;
init off: x = 20;
flow off: d(x) = -0.1 * x and x >= 18;
flow on: d(x) = 5 - 0.1 * x and x <= 22;
jump off -> on: x < 19 and x' = x;
jump on -> off: x > 21 and x' = x;
unsafe: x < 17 or x > 23;
