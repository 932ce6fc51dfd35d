// verdict: safe
// Nested loops: the inner loop runs three times per outer iteration; the outer loop counts its
// own iterations in a, so at the end a = n.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 100);
  int a = 0;
  for (int i = 0; i < n; i++) {
    int j = 0;
    while (j < 3) {
      j++;
    }
    a = a + 1;
  }
  if (a != n) reach_error();
  return 0;
}
