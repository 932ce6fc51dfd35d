// verdict: safe
// Two counters moving in opposite directions: the invariant needs two predicates together,
// x + y = n and x <= n, before the exit shows y = 0.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  int x = 0;
  int y = n;
  while (x < n) {
    x = x + 1;
    y = y - 1;
  }
  if (y != 0) reach_error();
  return 0;
}
