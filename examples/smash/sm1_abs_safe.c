// verdict: safe
// Seed 004, Example 1 (Fig. 1): g returns the absolute value of its argument, so no result of
// the three calls is negative. The inputs are bounded so that `-i` cannot overflow.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int g(int i) {
  if (i > 0)
    return i;
  else
    return -i;
}

int main(void) {
  int i1 = __VERIFIER_nondet_int();
  int i2 = __VERIFIER_nondet_int();
  int i3 = __VERIFIER_nondet_int();
  __VERIFIER_assume(i1 > -1000000 && i2 > -1000000 && i3 > -1000000);
  int x1 = g(i1);
  int x2 = g(i2);
  int x3 = g(i3);
  if (x1 < 0 || x2 < 0 || x3 < 0)
    reach_error();
  return 0;
}
