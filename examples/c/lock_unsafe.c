// verdict: unsafe
// McMillan's locking loop with the bug moved in: `next` advances on every iteration, also when
// the lock was kept, so the loop runs again with the lock held and takes it a second time.
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
    }
    next = next + 1;
  } while (next != old);
  unlock();
  return 0;
}
