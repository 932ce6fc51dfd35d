// verdict: safe
// Fill an array with its indices, then check every element; every access is within bounds.
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

int a[10];

int main() {
  int i;
  for (i = 0; i < 10; i++) {
    a[i] = i;
  }
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 10) {
    if (a[k] != k) {
      reach_error();
    }
  }
  return 0;
}
