// verdict: unsafe
// A signed overflow: for x of 2^30 or more, x + x does not fit an int, which C leaves
// undefined. craig checks every signed operation; with --property unreach-call the overflow
// is assumed away (as SV-COMP's reachability tasks assume) and reach_error() is unreachable.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    int y = x + x;
    if (y < 0) reach_error();
  }
  return 0;
}
