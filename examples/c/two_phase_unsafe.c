// verdict: unsafe
// Two loops in sequence with no input: the first leaves y = 24, the second takes 3 away until
// y is no longer positive, and y hits 0 exactly; the error needs all twenty iterations.
void reach_error(void);

int main(void) {
  int x = 0;
  int y = 0;
  while (x < 12) {
    x = x + 1;
    y = y + 2;
  }
  while (y > 0) {
    y = y - 3;
  }
  if (y == 0) reach_error();
  return 0;
}
