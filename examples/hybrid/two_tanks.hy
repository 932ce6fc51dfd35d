// Two tanks, as the HyPro benchmark collection gives it (RWTH Aachen, "Two tanks", TwoTank-1,
// ths.rwth-aachen.de/research/projects/hypro/two-tank/, after Kowalewski, Fritz, Graf, Preuss,
// Simon, Stursberg and Treseler, "A case study in tool-aided analysis of discretely controlled
// continuous systems: the two tanks problem", 1997): tank levels x1, x2; valve 1 (inflow of
// tank 1) and valve 2 (drain of tank 2), each off or on, give four modes with the page's flows
//   x1' = -x1 - 2 (valve 1 off) or -x1 + 3 (on), x2' = x1 (valve 2 off) or x1 - x2 - 5 (on),
// each with the page's disturbance in [-0.1, 0.1]; initial set x1 in [1.5, 2.5], x2 = 1 in
// off_off; bad states x2 <= -0.7; time horizon 5 s (the clock t).
// The page lists seven jumps but its excerpt does not state the guards; the guards here are
// ours, named as such: valve 1 opens when x1 <= -1 and closes when x1 >= 1, valve 2 opens when
// x2 >= 1 and closes when x2 <= 0, each guard also the invariant that forces the switch.
variables x1 in [-3, 4], x2 in [-2, 3], t in [0, 5];
modes off_off, on_off, off_on, on_on;
init off_off: 1.5 <= x1 and x1 <= 2.5 and x2 = 1 and t = 0;
flow off_off: -x1 - 2.1 <= d(x1) and d(x1) <= -x1 - 1.9 and x1 - 0.1 <= d(x2) and d(x2) <= x1 + 0.1
    and d(t) = 1 and x1 >= -1 and x2 <= 1;
flow on_off: -x1 + 2.9 <= d(x1) and d(x1) <= -x1 + 3.1 and x1 - 0.1 <= d(x2) and d(x2) <= x1 + 0.1
    and d(t) = 1 and x1 <= 1 and x2 <= 1;
flow off_on: -x1 - 2.1 <= d(x1) and d(x1) <= -x1 - 1.9
    and x1 - x2 - 5.1 <= d(x2) and d(x2) <= x1 - x2 - 4.9 and d(t) = 1 and x1 >= -1 and x2 >= 0;
flow on_on: -x1 + 2.9 <= d(x1) and d(x1) <= -x1 + 3.1
    and x1 - x2 - 5.1 <= d(x2) and d(x2) <= x1 - x2 - 4.9 and d(t) = 1 and x1 <= 1 and x2 >= 0;
jump off_off -> on_off: x1 <= -1 and x1' = x1 and x2' = x2 and t' = t;
jump off_off -> off_on: x2 >= 1 and x1' = x1 and x2' = x2 and t' = t;
jump on_off -> off_off: x1 >= 1 and x1' = x1 and x2' = x2 and t' = t;
jump on_off -> on_on: x2 >= 1 and x1' = x1 and x2' = x2 and t' = t;
jump off_on -> off_off: x2 <= 0 and x1' = x1 and x2' = x2 and t' = t;
jump off_on -> on_on: x1 <= -1 and x1' = x1 and x2' = x2 and t' = t;
jump on_on -> off_on: x1 >= 1 and x1' = x1 and x2' = x2 and t' = t;
unsafe: x2 <= -0.7;
