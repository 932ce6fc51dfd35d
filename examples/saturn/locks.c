/* The lock checker's cases from the paper (S7 to S11), with the primitives as stubs: craig's
   C front end reads whole programs, and the checker gives the names in
   stdlib/saturn/locks.spec their meaning whatever their bodies do. */
extern int __VERIFIER_nondet_int(void);

typedef struct { int held; } spinlock_t;
void spin_lock(spinlock_t *l) { }
void spin_unlock(spinlock_t *l) { }
int spin_trylock(spinlock_t *l) { return __VERIFIER_nondet_int(); }

struct dev { int count; spinlock_t lock; };

/* S7: locked and unlocked under the same condition: no warning. */
void guarded(spinlock_t *l, int x) {
  if (x) spin_lock(l);
  if (x) spin_unlock(l);
}

/* S8: the same lock through an alias: Type A. */
void alias(struct dev *p) {
  spinlock_t *l = &p->lock;
  spin_lock(&p->lock);
  spin_lock(l);
}

/* S11: locked twice: Type A. */
void twice(spinlock_t *l) {
  spin_lock(l);
  spin_lock(l);
}

/* S9: the callee takes the lock its caller holds: Type A in the caller. */
void sscape_write(struct dev *devc, int v) {
  spin_lock(&devc->lock);
  devc->count = v;
  spin_unlock(&devc->lock);
}
void sscape_start(struct dev *devc) {
  spin_lock(&devc->lock);
  sscape_write(devc, 1);
  spin_unlock(&devc->lock);
}

/* S10: two exits return -EBUSY, one with the lock held: Type B. */
int claim(struct dev *d, int owner, int busy) {
  spin_lock(&d->lock);
  if (owner) { spin_unlock(&d->lock); return -16; }
  if (busy) return -16;
  d->count = 1;
  spin_unlock(&d->lock);
  return 0;
}

/* A trylock whose result says whether the lock is held: no warning. */
int try_then_release(spinlock_t *l) {
  if (spin_trylock(l)) {
    spin_unlock(l);
    return 1;
  }
  return 0;
}

int main(void) { return 0; }
