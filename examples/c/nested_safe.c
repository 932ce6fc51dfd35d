// verdict: safe
// Nested loops: the inner body runs n * m times.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= n && n <= 20);
  __VERIFIER_assume(0 <= m && m <= 20);
  int k = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      k = k + 1;
    }
  }
  if (k != n * m) reach_error();
  return 0;
}
