/* S1 in C: after the branch p points to x or y; *p = 3 writes the one it points to.
   The check x == 3 fails exactly when c is false, and Saturn's model says so. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int x = 0, y = 0;
  int c = __VERIFIER_nondet_int();
  int *p;
  if (c) p = &x; else p = &y;
  *p = 3;
  if (c && x != 3) reach_error();
  if (!c && y != 3) reach_error();
  if (x != 3) reach_error();
  return 0;
}
