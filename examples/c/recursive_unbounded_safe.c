// verdict: safe
// A recursive sum over an unbounded input: no unrolling covers every run; the engine infers
// and checks the summary `n <= result & (1 <= n | result = 0)` of `sum` and proves it SAFE.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  if (sum(n) < n) reach_error();
  return 0;
}
