// verdict: unsafe
// A use after free: the value is read back through a pointer whose object was freed. The
// read is SV-COMP's valid-deref violation; craig's memory model marks the object freed, and
// `craig cegar` finds the read and replays it on the interpreter.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(sizeof(int));
  if (p == NULL) return 0;
  int n = __VERIFIER_nondet_int();
  *p = n;
  free(p);
  if (n > 10) return *p;
  return 0;
}
