// verdict: unsafe
// Fibonacci with two recursive calls: fib(6) is 8, so the input 6 reaches the error, five
// calls deep.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int fib(int n) {
  if (n < 1) return 0;
  if (n == 1) return 1;
  return fib(n - 1) + fib(n - 2);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 6 || x < 0) return 0;
  if (fib(x) == 8) reach_error();
  return 0;
}
