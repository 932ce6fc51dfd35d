// verdict: unsafe
// The divisor reaches zero on the last iteration: a division-by-zero check fails.
int main(void) {
  int total = 0;
  for (int d = 3; d >= 0; d--) {
    total += 12 / d;
  }
  return total;
}
