// verdict: unsafe
// The loop writes one element past the end of the array (`<=`): an array bound fails.
int a[8];

int main() {
  int sum = 0;
  for (int i = 0; i <= 8; i++) {
    a[i] = i;
    sum += a[i];
  }
  return sum;
}
