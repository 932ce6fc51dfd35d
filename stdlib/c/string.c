/* craig's C library: the functions of <string.h> that C programs call most, written in the C
   craig reads, so that a program calling them is analysed through their bodies like its own
   code (every read and write checked against its object).

   A program gets a function from here only when it calls it and defines no function of that
   name itself. Each function stands alone (none calls another), so one can be linked without
   the rest. Memory holds values, not bytes, in craig's model: these functions step through
   memory as `char`, so they work on strings and `char` buffers; on an object of another type
   (an `int` array given to `memset`) the access is the model's limit and the answer UNKNOWN,
   never a wrong verdict. */

typedef unsigned long size_t;

size_t strlen(const char *s) {
  size_t n = 0;
  while (s[n] != 0)
    n++;
  return n;
}

int strcmp(const char *a, const char *b) {
  size_t i = 0;
  while (a[i] != 0 && a[i] == b[i])
    i++;
  return (unsigned char)a[i] - (unsigned char)b[i];
}

int strncmp(const char *a, const char *b, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (a[i] != b[i])
      return (unsigned char)a[i] - (unsigned char)b[i];
    if (a[i] == 0)
      return 0;
  }
  return 0;
}

char *strcpy(char *to, const char *from) {
  size_t i = 0;
  for (;;) {
    to[i] = from[i];
    if (from[i] == 0)
      return to;
    i++;
  }
}

char *strncpy(char *to, const char *from, size_t n) {
  size_t i = 0;
  while (i < n && from[i] != 0) {
    to[i] = from[i];
    i++;
  }
  while (i < n) {
    to[i] = 0;
    i++;
  }
  return to;
}

char *strcat(char *to, const char *from) {
  size_t end = 0;
  while (to[end] != 0)
    end++;
  size_t i = 0;
  for (;;) {
    to[end + i] = from[i];
    if (from[i] == 0)
      return to;
    i++;
  }
}

char *strchr(const char *s, int c) {
  char wanted = (char)c;
  size_t i = 0;
  for (;;) {
    if (s[i] == wanted)
      return (char *)(s + i);
    if (s[i] == 0)
      return 0;
    i++;
  }
}

void *memset(void *s, int c, size_t n) {
  char *p = (char *)s;
  for (size_t i = 0; i < n; i++)
    p[i] = (char)c;
  return s;
}

void *memcpy(void *to, const void *from, size_t n) {
  char *t = (char *)to;
  const char *f = (const char *)from;
  for (size_t i = 0; i < n; i++)
    t[i] = f[i];
  return to;
}

void *memmove(void *to, const void *from, size_t n) {
  char *t = (char *)to;
  const char *f = (const char *)from;
  if (t < f) {
    for (size_t i = 0; i < n; i++)
      t[i] = f[i];
  } else {
    for (size_t i = n; i > 0; i--)
      t[i - 1] = f[i - 1];
  }
  return to;
}

int memcmp(const void *a, const void *b, size_t n) {
  const char *x = (const char *)a;
  const char *y = (const char *)b;
  for (size_t i = 0; i < n; i++) {
    if (x[i] != y[i])
      return (unsigned char)x[i] - (unsigned char)y[i];
  }
  return 0;
}
