// verdict: unsafe
// Counting down by two from a nondeterministic start: the loop ends at 0 or 1 depending on
// the start's parity, and an odd start reaches the error.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0);
  while (x > 1) {
    x = x - 2;
  }
  if (x == 1) reach_error();
  return 0;
}
