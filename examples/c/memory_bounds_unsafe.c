// verdict: unsafe
// One element past the end of a heap array, through pointer arithmetic.
#include <stdlib.h>

int main(void) {
  int *a = malloc(5 * sizeof(int));
  if (!a) return 0;
  int *end = a + 5;
  for (int *p = a; p <= end; p++) *p = 0;
  free(a);
  return 0;
}
