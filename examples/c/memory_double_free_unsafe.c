// verdict: unsafe
// A double free on one branch: SV-COMP's valid-free.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  char *buffer = malloc(16);
  int n = __VERIFIER_nondet_int();
  if (n > 3) free(buffer);
  free(buffer);
  return 0;
}
