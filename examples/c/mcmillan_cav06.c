// verdict: safe
// The locking loop of McMillan's "Lazy abstraction with interpolants" (CAV 2006), written here
// with integers: each iteration takes the lock; it is released, and `next` advanced, only on
// some iterations; the loop runs again exactly when `next` moved. Taking a lock twice or
// releasing it when free is an error. Safety needs the correlation "locked exactly when
// old = next" at the loop head, which only interpolants along the failing paths supply.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int locked = 0;

void lock(void) {
  if (locked != 0) reach_error();
  locked = 1;
}

void unlock(void) {
  if (locked != 1) reach_error();
  locked = 0;
}

int main(void) {
  int old = 0;
  int next = __VERIFIER_nondet_int();
  do {
    lock();
    old = next;
    if (__VERIFIER_nondet_int()) {
      unlock();
      next = next + 1;
    }
  } while (next != old);
  unlock();
  return 0;
}
