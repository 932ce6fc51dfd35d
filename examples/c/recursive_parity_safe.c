// verdict: safe
// Mutual recursion: `is_even` and `is_odd` call each other, each in a frame of its own.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int is_odd(int n);
int is_even(int n) { if (n == 0) return 1; return is_odd(n - 1); }
int is_odd(int n) { if (n == 0) return 0; return is_even(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  if (is_even(n) == 1 && is_odd(n) == 1) reach_error();
  return 0;
}
