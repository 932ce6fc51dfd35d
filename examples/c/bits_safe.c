// verdict: safe
// Bitwise operators and shifts on machine integers: a mask keeps the low bits, setting the
// lowest bit makes a number odd, a right shift divides, a left shift clears the lowest bit.
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if ((x & 0xFFu) > 255u) reach_error();
  if (((x | 1u) & 1u) != 1u) reach_error();
  if ((x >> 4) > 268435455u) reach_error();
  if (((x << 1) & 1u) != 0u) reach_error();
  return 0;
}
