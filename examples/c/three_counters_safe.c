// verdict: safe
// Three counters moved together a nondeterministic number of times: the invariant needs two
// equalities, x = y and y = z, before the exit check.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int x = 0;
  int y = 0;
  int z = 0;
  while (__VERIFIER_nondet_int()) {
    x = x + 1;
    y = y + 1;
    z = z + 1;
  }
  if (x != y || y != z) reach_error();
  return 0;
}
