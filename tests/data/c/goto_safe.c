// verdict: safe
// A loop written with goto: x counts down from a nondeterministic start to exactly zero.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) goto done;
loop:
  if (x == 0) goto done;
  x = x - 1;
  goto loop;
done:
  if (x < 0 || x > 0) {
    if (x != -1 && x < 0) { }
    else if (x > 0) reach_error();
  }
  return 0;
}
