// verdict: unsafe
// A deep counterexample with no input at all: the error needs twenty iterations of the loop.
void reach_error(void);

int main(void) {
  int x = 0;
  while (x < 20) {
    x = x + 1;
  }
  if (x == 20) reach_error();
  return 0;
}
