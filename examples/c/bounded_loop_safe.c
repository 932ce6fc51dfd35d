// verdict: safe
// A loop with a constant bound: i runs from 0 to 50 and the exit check needs i <= 50 at the
// loop head, not fifty separate values of i.
void reach_error(void);

int main(void) {
  int i = 0;
  while (i < 50) {
    i = i + 1;
  }
  if (i != 50) reach_error();
  return 0;
}
