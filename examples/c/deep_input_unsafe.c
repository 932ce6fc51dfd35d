// verdict: unsafe
// A deep counterexample driven by an input: the error needs n = 25, and so twenty-five
// iterations of the loop before the check.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) {
    i = i + 1;
  }
  if (i == 25) reach_error();
  return 0;
}
