// The water-level monitor of Alur, Courcoubetis, Halbwachs, Henzinger, Ho, Nicollin, Olivero,
// Sifakis and Yovine, "The algorithmic analysis of hybrid systems" (TCS 138, 1995), Sect. 2
// (also Henzinger, "The Theory of Hybrid Automata", LICS 1996): the level y rises by 1 per
// second while the pump is on and falls by 2 while it is off; the monitor signals the pump at
// y = 10 and y = 5, and the pump reacts after a delay of 2 seconds, measured by the clock x.
// Starting at y = 1 with the pump on, the level stays within [1, 12]. The clock is read only in
// the two signal modes and reset on entering them, so it is stopped in `on` and `off` (a
// running clock there would leave its interval [0, 3] and cut those trajectories short, which
// would make the system trivially safe); the box [0, 13] x [0, 3] then holds every reachable
// state, so bounding the variables cuts no behaviour.
variables y in [0, 13], x in [0, 3];
modes on, signal_off, off, signal_on;
init on: y = 1 and x = 0;
flow on: d(y) = 1 and d(x) = 0 and y <= 10;
flow signal_off: d(y) = 1 and d(x) = 1 and x <= 2;
flow off: d(y) = -2 and d(x) = 0 and y >= 5;
flow signal_on: d(y) = -2 and d(x) = 1 and x <= 2;
jump on -> signal_off: y = 10 and x' = 0 and y' = y;
jump signal_off -> off: x = 2 and x' = x and y' = y;
jump off -> signal_on: y = 5 and x' = 0 and y' = y;
jump signal_on -> on: x = 2 and x' = x and y' = y;
unsafe: y < 1 or y > 12;
