// verdict: unsafe
// A leak: on one path the array is not freed before main returns (SV-COMP's
// valid-memcleanup).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *a = malloc(4 * sizeof(int));
  if (!a) return 0;
  for (int i = 0; i < 4; i++) a[i] = i;
  if (__VERIFIER_nondet_int() == 7) return a[3];
  free(a);
  return 0;
}
