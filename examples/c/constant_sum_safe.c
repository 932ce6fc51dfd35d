// verdict: safe
// A sum moving in step with a counter up to a constant: after ten iterations s = 20. Without
// help IMPACT unrolls the loop ten times (each unwinding's interpolants name one more value of
// i); the hand predicate `s == 2*i && i <= 10` at the loop head is inductive, and with it the
// loop head is covered after one iteration.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "constant_sum_safe.c", 7, "reach_error"); }

void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}

int main(void) {
  int i = 0;
  int s = 0;
  while (i < 10) {
    s += 2;
    i++;
  }
  __VERIFIER_assert(s == 20);
  return 0;
}
