// verdict: safe
// A counter and a sum moving in step: after n iterations s = 2n; the invariant needs s = 2i
// and i <= n together.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0);
  int i = 0;
  int s = 0;
  while (i < n) {
    i = i + 1;
    s = s + 2;
  }
  if (s != 2 * n) reach_error();
  return 0;
}
