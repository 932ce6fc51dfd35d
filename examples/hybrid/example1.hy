// Example 1 of Klaedtke, Ratschan and She, "Language-Based Abstraction Refinement for Hybrid
// System Verification" (VMCAI 2007): the flow constraint 0 <= x1 <= 1 of mode m1 forces the jump
// when x1 reaches 1. The trajectory from (m1, (0, 0)) is (t, t) in m1, then (1 + t, 1 - t) in m2,
// so x2 = 1 happens only at x1 = 1: the system is safe.
variables x1 in [0, 2], x2 in [0, 1];
modes m1, m2;
init m1: x1 = 0 and x2 = 0;
flow m1: d(x1) = 1 and d(x2) = 1 and 0 <= x1 and x1 <= 1;
flow m2: d(x1) = 1 and d(x2) = -1 and 1 <= x1 and x1 <= 2;
jump m1 -> m2: x2 = 1 and x1' = x1 and x2' = x2;
unsafe: x1 > 1 and x2 = 1;
