// verdict: unsafe
// A pointer to a local of a function that returned.
int *local_address(void) {
  int x = 3;
  return &x;
}

int main(void) {
  int *p = local_address();
  return *p;
}
