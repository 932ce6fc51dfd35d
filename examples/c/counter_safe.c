// verdict: safe
// A counter in a loop: after n increments of 2 the counter is 2n, never odd.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "counter_safe.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}

int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0;
  int c = 0;
  while (i < n) {
    c += 2;
    i++;
  }
  __VERIFIER_assert(c == 2 * n);
  return 0;
}
