// verdict: safe
// Pointers to locals passed to a function, a heap array filled and freed: every access is
// valid and everything allocated is freed. `craig cegar` proves it: the engine tracks the
// memory's elements by cells (the ones each store wrote), enough for `a`, `b` and `sums`.
#include <stdlib.h>

void swap(int *x, int *y) {
  int t = *x;
  *x = *y;
  *y = t;
}

int main(void) {
  int a = 1, b = 2;
  swap(&a, &b);
  int *sums = calloc(4, sizeof(int));
  if (sums == NULL) return 0;
  for (int i = 1; i < 4; i++) sums[i] = sums[i - 1] + i;
  int total = sums[3] + a - b;
  free(sums);
  return total;
}
