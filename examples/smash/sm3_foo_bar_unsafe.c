// verdict: unsafe
// Seed 004, Example 3 (Fig. 3): from i = 0, bar never returns 0 (it adds positive amounts to
// 1), so foo returns 1 only on the branch j <= 0, which any j <= 0 takes.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int bar(int i) {
  int r = i + 1;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= n && n <= 100);
  for (int k = 0; k < n; k++)
    r = r + 2;
  return r;
}

int foo(int i, int j) {
  if (j > 0)
    return bar(i) + 1;
  else
    return i + 1;
}

int main(void) {
  int j = __VERIFIER_nondet_int();
  int i = 0;
  int x = foo(i, j);
  if (x == 1)
    reach_error();
  return 0;
}
