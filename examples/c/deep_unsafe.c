// verdict: unsafe
// A deep counterexample: the error needs 50 iterations of the outer loop with the right inputs
// each time (every input must be positive), so a bounded search must unwind far.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int steps(int k) {
  int s = 0;
  while (s < k) s++;
  return s;
}

int main(void) {
  int count = 0;
  while (__VERIFIER_nondet_int() > 0) {
    count = count + steps(1);
    if (count == 50) {
      reach_error();
    }
  }
  return 0;
}
