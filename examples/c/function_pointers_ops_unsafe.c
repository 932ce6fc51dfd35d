// verdict: unsafe
// A table of operations in a global struct (as drivers write them): `close` is called through
// the table whether or not `open` was, and checks that it was.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct ops { int (*open)(int); void (*close)(void); };
int opened;
int my_open(int x) { opened = 1; return x; }
void my_close(void) { if (!opened) reach_error(); opened = 0; }
struct ops table = { my_open, my_close };
int main(void) {
  if (__VERIFIER_nondet_int()) table.open(3);
  table.close();
  return 0;
}
