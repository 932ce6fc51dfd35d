// verdict: safe
// A recursive sum over a bounded input: recursion unrolled deep enough (the engine doubles the
// unrolling while a counterexample runs through a call it cut) covers every run, and the cut
// deeper calls are unreachable.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  int r = sum(n);
  if (r < n) reach_error();
  return 0;
}
