// Saturn's leak checker (seed 001, §6): the digest's cases S12 to S26 as C.
#include <stdlib.h>

struct node { struct node *next; struct node *prev; int *data; };
struct holder { int *data; };
struct sub { int value; struct holder super; };

int *global;
struct holder *global_holder;

// S12: the error path loses p.
int *s12_leak(int err) {
  int *p = malloc(sizeof(int));
  if (err) return NULL;
  return p;
}

// S12, fixed: freed before the error return.
int *s12_fixed(int err) {
  int *p = malloc(sizeof(int));
  if (err) { free(p); return NULL; }
  return p;
}

// S13: freed when allocated.
void s13_free_if_not_null(void) {
  int *p = malloc(sizeof(int));
  if (p != NULL) free(p);
}

// S14: freed exactly when it is not the stack buffer (a struct: craig's C has no address of
// an array variable's elements yet).
struct buffer { int cells[10]; };

void s14_fast_buffer(int len) {
  struct buffer fastbuf;
  int *p;
  if (len < 10) p = &fastbuf.cells[0]; else p = malloc(len * sizeof(int));
  if (p != &fastbuf.cells[0]) free(p);
}

// S15: a new object stored through a local, a global, a parameter, a new object.
void s15_local(void) {
  struct holder h;
  h.data = malloc(sizeof(int));
}

void s15_global(void) {
  global_holder->data = malloc(sizeof(int));
}

void s15_parameter(struct holder *p) {
  p->data = malloc(sizeof(int));
}

void s15_new_object(void) {
  struct holder *p = malloc(sizeof(struct holder));
  p->data = malloc(sizeof(int));
}

// S16: two new objects pointing to each other both leak.
void s16_cycle(void) {
  struct node *s = malloc(sizeof(struct node));
  if (s == NULL) return;
  s->next = malloc(sizeof(struct node));
  if (s->next == NULL) return;
  s->next->prev = s;
}

// S17: an allocator that also stores a parameter's field in a global.
int *s17_allocator(struct node *p) {
  global = p->next->data;
  return malloc(5 * sizeof(int));
}

// S18: inserting a new node into a list makes it escape.
void insert_after(struct node *head, struct node *new_node) {
  new_node->next = head->next;
  head->next = new_node;
}

void s18_insert(struct node *head) {
  struct node *n = malloc(sizeof(struct node));
  if (n != NULL) insert_after(head, n);
}

// S21: the "inheritance" idiom: returning the address of a component.
struct holder *s21_allocator(void) {
  struct sub *p = malloc(sizeof(struct sub));
  if (p == NULL) return NULL;
  p->value = 1;
  return &p->super;
}

// S22 and S24: a duplicate allocated, then an error return that loses it.
int *xstrdup(int n) {
  int *copy = malloc(n * sizeof(int));
  if (copy != NULL) copy[0] = n;
  return copy;
}

int s22_error_return(int n, int missing) {
  int *host = xstrdup(n);
  if (missing) return -2;
  free(host);
  return 0;
}

int check_name(int *name) { return name != NULL && name[0] > 3; }

void s24_callee_does_not_free(int n) {
  int *domain_name = xstrdup(n);
  if (!check_name(domain_name)) return;
  free(domain_name);
}

// S23: a wrapper's object, lost by its caller.
int *get_longfilename(int n) {
  int *name = xstrdup(n);
  return name;
}

void s23_wrapper(int n) {
  int *longfilename = get_longfilename(n);
  if (longfilename != NULL) longfilename[0] = 0;
  return;
}

// S25, a known limitation: bn_copy returns t or NULL, which the paper's summary cannot
// express; craig expands the callee, so it sees that r is t whenever r is not NULL.
int *bn_copy(int *t, int *a) {
  if (a == NULL) return NULL;
  t[0] = a[0];
  return t;
}

int *s25_bn_copy(int *a) {
  int *t = malloc(sizeof(int));
  if (t == NULL) return NULL;
  int *r = bn_copy(t, a);
  if (r == NULL) free(t);
  return r;
}

// S26: a component stored into an object that a callee hands to a global stack.
struct holder *stack_top;

void push_on_stack(struct holder *p) { stack_top = p; }

void s26_push(struct holder *p, int n) {
  p->data = xstrdup(n);
  push_on_stack(p);
}

int main(void) { return 0; }
