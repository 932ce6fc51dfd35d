// verdict: safe
// Seed 004, Example 4 (Fig. 4): bar's results are never negative, g returns the absolute value,
// so foo's result is never negative when both arguments exceed 2.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int bar(int i) {
  if (i > 5)
    return 23;
  if (i == 5)
    return 3;
  return 2 * i;
}

int g(int j) {
  if (j > 0)
    return j;
  else
    return -j;
}

int foo(int i, int j) {
  int r, y;
  y = bar(i);
  if (y > 10)
    r = g(j);
  else
    r = y;
  return r;
}

int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i > 2 && j > 2 && j < 1000000) {
    int x = foo(i, j);
    if (x < 0)
      reach_error();
  }
  return 0;
}
