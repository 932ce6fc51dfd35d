// verdict: safe
// Machine integers: an unsigned counter run down past zero wraps around to the largest value,
// a byte keeps the low eight bits of a sum, and -1 converts to the largest unsigned value.
// Read with --math-int (unbounded integers), each of these calls reach_error().
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void);

int main(void) {
  unsigned int i = 0;
  i--;
  if (i != 4294967295u) reach_error();
  unsigned char c = 250;
  c += 10;
  if (c != 4) reach_error();
  int minus_one = -1;
  if (minus_one < 1u) reach_error();
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int m = n + 1;
  if (n == 4294967295u && m != 0) reach_error();
  return 0;
}
