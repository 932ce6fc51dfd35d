// verdict: safe
// Calls through pointers to functions: a parameter, a conditional choice of `inc` or `&dec`,
// and `(*op)(5)`. Each call reaches only the functions whose address is taken.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int inc(int x) { return x + 1; }
static int dec(int x) { return x - 1; }
int apply(int (*f)(int), int v) { return f(v); }
int main(void) {
  int (*op)(int) = __VERIFIER_nondet_int() ? inc : &dec;
  int n = __VERIFIER_nondet_int();
  if (n < -1000 || n > 1000) return 0;
  int r = apply(op, n);
  if (r != n + 1 && r != n - 1) reach_error();
  if ((*op)(5) == 7) reach_error();
  return 0;
}
