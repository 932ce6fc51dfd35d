/* A bug on the second iteration of a loop: found with the default unrolling (2), missed
   with --unroll 1, and the output says the loop was cut either way. */
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);

int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar();
  unsigned char sum = 0;
  for (int i = 0; i < n; i++) {
    sum = sum + 200;
  }
  /* 2 * 200 wraps to 144 in 8 bits; no other count below 34 gives it. */
  if (sum == 144) reach_error();
  return 0;
}
