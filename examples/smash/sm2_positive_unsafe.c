// verdict: unsafe
// Seed 004, Example 2 (Fig. 2): f returns a positive argument unchanged and hands the others
// to a hash h, which is never positive here; only three positive inputs reach the error.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int h(int i) {
  int r = 7;
  for (int k = 0; k < 10; k++)
    r = r * 3 + i % 5;
  return -r;
}

int f(int i) {
  if (i > 0)
    return i;
  else
    return h(i);
}

int main(void) {
  int i1 = __VERIFIER_nondet_int();
  int i2 = __VERIFIER_nondet_int();
  int i3 = __VERIFIER_nondet_int();
  int x1 = f(i1);
  int x2 = f(i2);
  int x3 = f(i3);
  if (x1 > 0)
    if (x2 > 0)
      if (x3 > 0)
        reach_error();
  return 0;
}
