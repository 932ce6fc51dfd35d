// Example 1 of Klaedtke, Ratschan and She (VMCAI 2007) with the unsafe set closed (`>=` for `>`,
// the variant of the issue's test C1): the state (m1, (1, 1)) is reached and unsafe, so no
// refinement can empty the language and the answer must be UNKNOWN.
variables x1 in [0, 2], x2 in [0, 1];
modes m1, m2;
init m1: x1 = 0 and x2 = 0;
flow m1: d(x1) = 1 and d(x2) = 1 and 0 <= x1 and x1 <= 1;
flow m2: d(x1) = 1 and d(x2) = -1 and 1 <= x1 and x1 <= 2;
jump m1 -> m2: x2 = 1 and x1' = x1 and x2' = x2;
unsafe: x1 >= 1 and x2 = 1;
