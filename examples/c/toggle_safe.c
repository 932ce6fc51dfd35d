// verdict: safe
// A flag toggled on every iteration with a counter that follows it: c goes up when the flag
// is set and down when it is cleared, so c is always the flag's value (0 or 1).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int flag = 0;
  int c = 0;
  while (__VERIFIER_nondet_int()) {
    if (flag == 0) {
      flag = 1;
      c = c + 1;
    } else {
      flag = 0;
      c = c - 1;
    }
  }
  if (c < 0 || c > 1) reach_error();
  return 0;
}
