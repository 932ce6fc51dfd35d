// verdict: safe
// Nested loops: the inner loop runs twice per outer iteration and counts in c, so at the end
// c = 2n; the invariants need c = 2i at the outer head and c = 2i + j, j <= 2 at the inner one.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0);
  int c = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 2; j++) {
      c = c + 1;
    }
  }
  if (c != 2 * n) reach_error();
  return 0;
}
