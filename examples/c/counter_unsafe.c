// verdict: unsafe
// Off by one: the loop runs n + 1 times, so c ends at n + 1, and the check fails for every n.
extern void abort(void);
void reach_error() {}
extern unsigned int __VERIFIER_nondet_uint(void);

int main() {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 100) return 0;
  unsigned int c = 0;
  for (unsigned int i = 0; i <= n; i++) {
    c++;
  }
  if (c != n) {
    reach_error();
    abort();
  }
  return 0;
}
