// verdict: unsafe
// A callee whose result depends on an input it reads itself: the concrete run from the caller
// (every input 0) returns 1, not what the caller needs, so the caller asks g a question, and
// g's analysis answers yes with a run (k = 7), kept as a must summary (CREATE-MUSTSUMMARY). The
// second call starts from the same values and is crossed by that summary
// (MUST-POST-USESUMMARY) without a second question.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int g(int x) {
  int k = __VERIFIER_nondet_int();
  if (k == 7)
    return x + 1;
  return x;
}

int main(void) {
  int a = g(1);
  if (a == 2) {
    int b = g(1);
    if (b == 2)
      reach_error();
  }
  return 0;
}
