// verdict: unsafe
// Seed 004's Example 4 with g changed to return j - 10: bar(6) = 23 > 10, so foo(6, 3) = g(3)
// = -7 and the error is reached (i > 5 and 2 < j < 10).
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
  return j - 10;
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
