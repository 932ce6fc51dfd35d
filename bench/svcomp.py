#!/usr/bin/env python3
"""SV-COMP-style tasks: `craig cegar TASK.yml` over folders of tasks (a `.yml` task definition
beside its program), scored as SV-COMP scores, with Frama-C's EVA beside it where installed.

usage: python3 bench/svcomp.py [--craig BINARY] [--no-build] [--time-limit SECONDS] [--no-invariants]
                               [--engine impact|kinduction|portfolio]
                               [--dir DIR]... [--generate DIR] [--list]

Without --dir, the development set is generated into a temporary folder (or into the folder
--generate names, kept) and run: craig's own tasks, written here from loop shapes that recur
in the verification literature (counting up and down, paired counters, nondeterministic
bounds, array initialisation (one and two dimensions), state machines written with `switch`, `goto` loops, nested loops,
recursion, pointers to locals, heap arrays, buffers grown by `realloc`, use after free, double free, leaks, callbacks through
pointers to functions, output with `printf`, loops that end and loops that may not), each in a
`true` and a `false` variant, in SV-COMP's task format (format_version 2.0, `unreach-call`,
`valid-memsafety`, `valid-memcleanup` or `termination`, `reach_error` defined through `__assert_fail`, the
`__VERIFIER_*` functions and `malloc`/`free` declared `extern`). The verdict of each is known by
construction.
SV-COMP's own categories are not read here; with a clone of sv-benchmarks, point --dir at the
categories you may tune on (the held-out ones are listed in the project's issues).

For each task: the category (the task's folder, or the generator's family), craig's answer,
correct / WRONG / unknown, wall time in ms; then per category: correct true, correct false,
wrong, unknown, the SV-COMP score (+2 correct true, +1 correct false, -32 wrong true, -16
wrong false) and the time. The peer, when `frama-c` is on PATH, is EVA (`frama-c -eva`) on
the same program: "true" when it emits no alarm and reaches no `reach_error` call, else
unknown (EVA is sound but does not claim violations); its answers are shown beside craig's,
never counted as truth. On the memory tasks the peers are the bug finders users run today,
cppcheck and clang's analyzer (`clang --analyze`), when installed: "false" when they report a
memory error of the task's kind, else unknown (they never claim a program safe); the summary
counts their reports on false tasks. A wrong verdict by craig makes the script exit 1.
"""
import argparse, os, re, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
ANSWER = re.compile(r"^(SAFE|UNSAFE|UNKNOWN)\b")

MEMORY = "extern void *malloc(unsigned long);\nextern void free(void *);\n"
REALLOC = MEMORY + "extern void *realloc(void *, unsigned long);\n"

PRELUDE = """extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "{name}.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) {{ if (!(cond)) {{ ERROR: {{reach_error();abort();}} }} return; }}
"""

# (family, name, body, verdict): bodies are `main` and what it needs; `{N}` is a bound; the
# verdict is a truth value or a function of the bound.
FAMILIES = [
    ("count", "up_{N}", "int main() {{ int i = 0; while (i < {N}) i++; __VERIFIER_assert(i == {N}); return 0; }}", True),
    ("count", "up_{N}_off", "int main() {{ int i = 0; while (i < {N}) i++; __VERIFIER_assert(i == {N} + 1); return 0; }}", False),
    ("count", "down_{N}", "int main() {{ int x = {N}; while (x > 0) x--; __VERIFIER_assert(x == 0); return 0; }}", True),
    ("count", "down_{N}_neg", "int main() {{ int x = {N}; while (x > 0) x -= 2; __VERIFIER_assert(x == 0); return 0; }}", lambda n: n % 2 == 0),
    ("paired", "twice_{N}", "int main() {{ int i = 0, j = 0; while (i < {N}) {{ i++; j += 2; }} __VERIFIER_assert(j == 2 * i); return 0; }}", True),
    ("paired", "twice_{N}_bad", "int main() {{ int i = 0, j = 0; while (i < {N}) {{ i++; j += 2; }} __VERIFIER_assert(j < 2 * {N}); return 0; }}", False),
    ("nondet", "bound_{N}", "int main() {{ int n = __VERIFIER_nondet_int(); if (n < 0 || n > {N}) return 0; int i = 0; while (i < n) i++; __VERIFIER_assert(i == n); return 0; }}", True),
    ("nondet", "bound_{N}_bad", "int main() {{ int n = __VERIFIER_nondet_int(); if (n < 0 || n > {N}) return 0; int i = 0; while (i < n) i++; __VERIFIER_assert(i < {N}); return 0; }}", False),
    ("nondet", "sum_{N}", "int main() {{ int n = __VERIFIER_nondet_int(); if (n < 0 || n > {N}) return 0; int s = 0; for (int i = 0; i < n; i++) s += i; __VERIFIER_assert(s >= 0); return 0; }}", True),
    ("array", "init_{N}", "int a[{N}];\nint main() {{ for (int i = 0; i < {N}; i++) a[i] = i; __VERIFIER_assert(a[{N} - 1] == {N} - 1); return 0; }}", True),
    ("array", "init_{N}_bad", "int a[{N}];\nint main() {{ for (int i = 0; i < {N}; i++) a[i] = i; __VERIFIER_assert(a[0] == 1); return 0; }}", False),
    ("array", "matrix_{N}", "int m[{N}][2];\nint main() {{ for (int i = 0; i < {N}; i++) {{ m[i][0] = i; m[i][1] = 2 * i; }} __VERIFIER_assert(m[{N} - 1][1] == 2 * m[{N} - 1][0]); return 0; }}", True),
    ("array", "matrix_{N}_bad", "int m[{N}][2];\nint main() {{ for (int i = 0; i < {N}; i++) {{ m[i][0] = i; m[i][1] = 2 * i; }} __VERIFIER_assert(m[0][1] == 1); return 0; }}", False),
    ("array", "rowsum_{N}", "int m[{N}][2];\nint row(int *r) {{ return r[0] + r[1]; }}\nint main() {{ for (int i = 0; i < {N}; i++) {{ m[i][0] = i; m[i][1] = -i; }} __VERIFIER_assert(row(m[{N} - 1]) == 0); return 0; }}", True),
    ("array", "rowsum_{N}_bad", "int m[{N}][2];\nint row(int *r) {{ return r[0] + r[1]; }}\nint main() {{ for (int i = 0; i < {N}; i++) {{ m[i][0] = i; m[i][1] = 1 - i; }} __VERIFIER_assert(row(m[{N} - 1]) == 0); return 0; }}", False),
    ("array", "fillrows_{N}", "int m[{N}][2];\nvoid fill(int a[][2], int n) {{ for (int i = 0; i < n; i++) a[i][1] = 1; }}\nint main() {{ fill(m, {N}); __VERIFIER_assert(m[{N} - 1][1] == 1); return 0; }}", True),
    ("array", "fillrows_{N}_bad", "int m[{N}][2];\nvoid fill(int a[][2], int n) {{ for (int i = 0; i < n; i++) a[i][1] = 1; }}\nint main() {{ fill(m, {N}); __VERIFIER_assert(m[0][0] == 1); return 0; }}", False),
    ("switch", "machine_{N}", "int main() {{ int state = 0, steps = 0; while (steps < {N}) {{ switch (state) {{ case 0: state = 1; break; case 1: state = 2; break; default: state = 0; }} steps++; }} __VERIFIER_assert(state >= 0 && state <= 2); return 0; }}", True),
    ("switch", "machine_{N}_bad", "int main() {{ int state = 0, steps = 0; while (steps < {N}) {{ switch (state) {{ case 0: state = 1; break; case 1: state = 2; break; default: state = 0; }} __VERIFIER_assert(state != 2); steps++; }} return 0; }}", False),
    ("goto", "loop_{N}", "int main() {{ int i = 0; again: if (i < {N}) {{ i++; goto again; }} __VERIFIER_assert(i == {N}); return 0; }}", True),
    ("goto", "loop_{N}_bad", "int main() {{ int i = 0; again: if (i < {N}) {{ i += 3; goto again; }} __VERIFIER_assert(i == {N}); return 0; }}", lambda n: n % 3 == 0),
    ("nested", "square_{N}", "int main() {{ int c = 0; for (int i = 0; i < {N}; i++) for (int j = 0; j < {N}; j++) c++; __VERIFIER_assert(c == {N} * {N}); return 0; }}", True),
    ("recursion", "count_{N}", "int f(int n) {{ if (n <= 0) return 0; return f(n - 1) + 1; }}\nint main() {{ __VERIFIER_assert(f({N}) == {N}); return 0; }}", True),
    ("recursion", "count_{N}_bad", "int f(int n) {{ if (n <= 0) return 0; return f(n - 1) + 2; }}\nint main() {{ __VERIFIER_assert(f({N}) == {N}); return 0; }}", False),
    ("recursion", "sum_nondet_{N}", "int sum(int n) {{ if (n <= 0) return 0; return n + sum(n - 1); }}\nint main() {{ int n = __VERIFIER_nondet_int(); if (n < 0 || n > {N}) return 0; __VERIFIER_assert(sum(n) >= n); return 0; }}", True),
    ("recursion", "sum_nondet_{N}_bad", "int sum(int n) {{ if (n <= 0) return 0; return n + sum(n - 1); }}\nint main() {{ int n = __VERIFIER_nondet_int(); if (n < 0 || n > {N}) return 0; __VERIFIER_assert(sum(n) != {N} * ({N} + 1) / 2); return 0; }}", False),
    ("recursion", "parity_{N}", "int is_odd(int n);\nint is_even(int n) {{ if (n == 0) return 1; return is_odd(n - 1); }}\nint is_odd(int n) {{ if (n == 0) return 0; return is_even(n - 1); }}\nint main() {{ int n = __VERIFIER_nondet_int(); if (n < 0 || n > {N}) return 0; __VERIFIER_assert(is_even(n) != is_odd(n)); return 0; }}", True),
    ("recursion", "fib_{N}", "int fib(int n) {{ if (n < 2) return n; return fib(n - 1) + fib(n - 2); }}\nint main() {{ int n = __VERIFIER_nondet_int(); if (n < 0 || n > {N}) return 0; __VERIFIER_assert(fib(n) < 5); return 0; }}", lambda n: n < 5),
    ("recursion", "unbounded_{N}", "int sum(int n) {{ if (n <= 0) return 0; return n + sum(n - 1); }}\nint main() {{ int n = __VERIFIER_nondet_int(); if (n < {N}) return 0; if (n > {N} + 60000) return 0; __VERIFIER_assert(sum(n - {N}) >= 0); return 0; }}", True),
    # Memory: pointers to locals (reachability), heap arrays (valid-memsafety), leaks
    # (valid-memcleanup). Each family in a correct and a broken variant.
    ("pointers", "swap_{N}", MEMORY + "void swap(int *x, int *y) {{ int t = *x; *x = *y; *y = t; }}\nint main() {{ int a = 1, b = 2; for (int i = 0; i < {N}; i++) swap(&a, &b); __VERIFIER_assert(a + b == 3); return 0; }}", True),
    ("pointers", "swap_{N}_bad", MEMORY + "void swap(int *x, int *y) {{ int t = *x; *x = *y; *y = t; }}\nint main() {{ int a = 1, b = 2; for (int i = 0; i < {N}; i++) swap(&a, &b); __VERIFIER_assert(a == 1); return 0; }}", lambda n: n % 2 == 0),
    ("heap", "fill_{N}", MEMORY + "int main() {{ int *a = malloc({N} * sizeof(int)); if (!a) return 0; for (int i = 0; i < {N}; i++) a[i] = i; free(a); return 0; }}", True, "valid-memsafety"),
    ("heap", "fill_{N}_off", MEMORY + "int main() {{ int *a = malloc({N} * sizeof(int)); if (!a) return 0; for (int i = 0; i <= {N}; i++) a[i] = i; free(a); return 0; }}", False, "valid-memsafety"),
    ("heap", "use_after_free_{N}", MEMORY + "int main() {{ int *a = malloc({N} * sizeof(int)); if (!a) return 0; for (int i = 0; i < {N}; i++) a[i] = i; free(a); if (__VERIFIER_nondet_int()) return a[{N} - 1]; return 0; }}", False, "valid-memsafety"),
    ("heap", "free_twice_{N}", MEMORY + "int main() {{ for (int i = 0; i < {N}; i++) {{ char *p = malloc(8); free(p); if (i == {N} - 1) free(p); }} return 0; }}", False, "valid-memsafety"),
    ("heap", "walk_{N}", MEMORY + "int main() {{ long *a = malloc({N} * sizeof(long)); if (!a) return 0; for (long *p = a; p < a + {N}; p++) *p = 0; free(a); return 0; }}", True, "valid-memsafety"),
    # A buffer doubled by `realloc` as it fills: kept whole (true), or written through the
    # pointer the first `realloc` freed (false).
    ("realloc", "grow_{N}", REALLOC + "int main() {{ int cap = 1; int *a = malloc(sizeof(int)); if (!a) return 0; for (int i = 0; i < {N}; i++) {{ if (i == cap) {{ int *b = realloc(a, 2 * cap * sizeof(int)); if (!b) {{ free(a); return 0; }} a = b; cap = 2 * cap; }} a[i] = i; }} free(a); return 0; }}", True, "valid-memsafety"),
    ("realloc", "grow_{N}_stale", REALLOC + "int main() {{ int cap = 1; int *a = malloc(sizeof(int)); if (!a) return 0; int *first = a; for (int i = 0; i < {N}; i++) {{ if (i == cap) {{ int *b = realloc(a, 2 * cap * sizeof(int)); if (!b) {{ free(a); return 0; }} a = b; cap = 2 * cap; }} a[i] = i; }} first[0] = 0; free(a); return 0; }}", False, "valid-memsafety"),
    ("realloc", "keep_{N}", REALLOC + "int main() {{ int *a = malloc(2 * sizeof(int)); if (!a) return 0; a[0] = {N}; a[1] = 1; int *b = realloc(a, {N} * sizeof(int)); if (!b) {{ free(a); return 0; }} __VERIFIER_assert(b[0] == {N}); free(b); return 0; }}", True),
    ("realloc", "keep_{N}_bad", REALLOC + "int main() {{ int *a = malloc(2 * sizeof(int)); if (!a) return 0; a[0] = {N}; a[1] = 1; int *b = realloc(a, {N} * sizeof(int)); if (!b) {{ free(a); return 0; }} __VERIFIER_assert(b[1] == {N}); free(b); return 0; }}", False),
    # valid-memtrack: objects lost before the end (false), or kept by a global array (true:
    # valid-memcleanup fails there, valid-memtrack does not).
    ("memtrack", "overwrite_{N}", MEMORY + "int main() {{ int *p = 0; for (int i = 0; i < {N}; i++) {{ p = malloc(sizeof(int)); if (!p) return 0; }} free(p); return 0; }}", False, "valid-memsafety"),
    ("memtrack", "list_{N}_drop", MEMORY + "struct node {{ struct node *next; }};\nint main() {{ struct node *head = 0; for (int i = 0; i < {N}; i++) {{ struct node *n = malloc(sizeof *n); if (!n) return 0; n->next = head; head = n; }} head = head->next; while (head) {{ struct node *t = head->next; free(head); head = t; }} return 0; }}", False, "valid-memsafety"),
    ("memtrack", "global_{N}", MEMORY + "int *g[{N}];\nint main() {{ for (int i = 0; i < {N}; i++) g[i] = malloc(sizeof(int)); return 0; }}", True, "valid-memsafety"),
    ("leak", "each_{N}", MEMORY + "int main() {{ for (int i = 0; i < {N}; i++) {{ int *p = malloc(sizeof(int)); if (!p) return 0; *p = i; free(p); }} return 0; }}", True, "valid-memcleanup"),
    ("leak", "each_{N}_bad", MEMORY + "int main() {{ for (int i = 0; i < {N}; i++) {{ int *p = malloc(sizeof(int)); if (!p) return 0; *p = i; if (i != {N} - 1) free(p); }} return 0; }}", False, "valid-memcleanup"),
    # Pointers to functions: a callback applied in a loop, a handler in a struct that may be
    # left NULL (valid-memsafety), and output with `printf` on the way.
    ("callbacks", "apply_{N}", "int add2(int x) {{ return x + 2; }}\nint apply(int (*f)(int), int x) {{ return f(x); }}\nint main() {{ int x = 0; for (int i = 0; i < {N}; i++) x = apply(add2, x); __VERIFIER_assert(x == 2 * {N}); return 0; }}", True),
    ("callbacks", "apply_{N}_bad", "int add2(int x) {{ return x + 2; }}\nint apply(int (*f)(int), int x) {{ return f(x); }}\nint main() {{ int x = 0; for (int i = 0; i < {N}; i++) x = apply(add2, x); __VERIFIER_assert(x == 2 * {N} + 1); return 0; }}", False),
    ("callbacks", "table_{N}", "int up(int x) {{ return x + 1; }}\nint down(int x) {{ return x - 1; }}\nint (*ops[2])(int) = {{ up, down }};\nint main() {{ int x = 0; for (int i = 0; i < {N}; i++) {{ int k = __VERIFIER_nondet_int(); if (k < 0 || k > 1) k = 0; x = ops[k](x); }} __VERIFIER_assert(x <= {N} && x >= -{N}); return 0; }}", True),
    ("callbacks", "table_{N}_bad", "int up(int x) {{ return x + 1; }}\nint down(int x) {{ return x - 1; }}\nint (*ops[2])(int) = {{ up, down }};\nint main() {{ int x = 0; for (int i = 0; i < {N}; i++) {{ int k = __VERIFIER_nondet_int(); if (k < 0 || k > 1) k = 0; x = ops[k](x); }} __VERIFIER_assert(x < {N}); return 0; }}", False),
    ("callbacks", "handler_{N}", "struct dev {{ int (*handler)(int); }} d;\nint echo(int x) {{ return x; }}\nint main() {{ if (__VERIFIER_nondet_int()) d.handler = echo; for (int i = 0; i < {N}; i++) if (d.handler) d.handler(i); return 0; }}", True, "valid-memsafety"),
    ("callbacks", "handler_{N}_bad", "struct dev {{ int (*handler)(int); }} d;\nint echo(int x) {{ return x; }}\nint main() {{ if (__VERIFIER_nondet_int()) d.handler = echo; for (int i = 0; i < {N}; i++) d.handler(i); return 0; }}", False, "valid-memsafety"),
    ("callbacks", "print_{N}", "extern int printf(const char *, ...);\nint main() {{ int s = 0; for (int i = 0; i < {N}; i++) {{ s += 2; printf(\"%d\\n\", s); }} __VERIFIER_assert(s == 2 * {N}); return 0; }}", True),
    ("callbacks", "print_{N}_bad", "extern int printf(const char *, ...);\nint main() {{ int s = 0; for (int i = 0; i < {N}; i++) {{ s += 2; printf(\"%d\\n\", s); }} __VERIFIER_assert(s != 2 * {N}); return 0; }}", False),
    ("termination", "count_{N}", "int main() {{ int s = 0; for (int i = 0; i < {N}; i++) s = i; return s; }}", True, "termination"),
    ("termination", "bounded_{N}", "int main() {{ int n = __VERIFIER_nondet_int(); if (n > {N}) return 0; int s = 0; for (int i = 0; i < n; i++) s = 1; return s; }}", True, "termination"),
    ("termination", "nested_{N}", "int main() {{ int s = 0; for (int i = 0; i < {N}; i++) for (int j = i; j > 0; j--) s = j; return s; }}", True, "termination"),
    ("termination", "down_{N}", "int main() {{ int x = __VERIFIER_nondet_int(); if (x > {N}) x = {N}; while (x > 0) x = x - 2; return 0; }}", True, "termination"),
    ("termination", "stall_{N}_bad", "int main() {{ int i = 0; while (i < {N}) {{ if (__VERIFIER_nondet_int()) i++; }} return 0; }}", False, "termination"),
    ("termination", "reset_{N}_bad", "int main() {{ int x = {N}; while (x > 0) {{ x = x - 1; if (__VERIFIER_nondet_int()) x = {N}; }} return 0; }}", False, "termination"),
]
BOUNDS = [3, 10, 1000]

TASK = """format_version: '2.0'
input_files: '{name}.c'
properties:
  - property_file: ../properties/{property}.prp
    expected_verdict: {verdict}
options:
  language: C
  data_model: ILP32
"""


def generate(folder):
    """Writes the development set into folder/FAMILY/; returns the number of tasks."""
    count = 0
    for family, name, body, verdict, *rest in FAMILIES:
        prop = rest[0] if rest else "unreach-call"
        for n in BOUNDS:
            task = name.format(N=n)
            expected = verdict(n) if callable(verdict) else verdict
            d = os.path.join(folder, family)
            os.makedirs(d, exist_ok=True)
            program = PRELUDE.replace("{name}", task).replace("{{", "{").replace("}}", "}")
            program += body.format(N=n) + "\n"
            with open(os.path.join(d, task + ".c"), "w") as f:
                f.write(program)
            with open(os.path.join(d, task + ".yml"), "w") as f:
                f.write(TASK.format(name=task, verdict=str(expected).lower(), property=prop))
            count += 1
    return count


PROPERTIES = ("unreach-call", "valid-memsafety", "valid-memcleanup", "termination")


def tasks(dirs):
    """(category, task path, property, expected verdict) for every .yml with a property craig
    decides (the first of them), sorted."""
    out = []
    for d in dirs:
        for root, _, files in sorted(os.walk(d)):
            for name in sorted(files):
                if not name.endswith(".yml"):
                    continue
                path = os.path.join(root, name)
                text = open(path, encoding="utf-8").read()
                m = re.search(r"(" + "|".join(PROPERTIES) + r")\.prp\s*\n\s*expected_verdict:\s*(true|false)", text)
                if not m:
                    continue
                out.append((os.path.relpath(root, d) or ".", path, m.group(1), m.group(2) == "true"))
    return out


def run_craig(craig, path, prop, limit, extra=()):
    start = time.monotonic()
    try:
        p = subprocess.run([craig, "cegar", path, "--property", prop, "--time-limit", str(limit), *extra],
                           capture_output=True, text=True, timeout=limit * 4 + 30)
    except subprocess.TimeoutExpired:
        # craig's limit is CPU time; past four times it in wall time the run counts as
        # unknown, and the row says so rather than the whole bench stopping.
        ms = int((time.monotonic() - start) * 1000)
        return None, ms, f"no answer within {limit * 4 + 30:.0f} s of wall time"
    ms = int((time.monotonic() - start) * 1000)
    first = p.stdout.splitlines()[0] if p.stdout else ""
    m = ANSWER.match(first)
    answer = {"SAFE": True, "UNSAFE": False}.get(m.group(1)) if m else None
    errors = p.stderr.strip().splitlines()
    why = "" if answer is not None else (first or (errors[0] if errors else ""))
    return answer, ms, why


def run_eva(path, limit):
    if not shutil.which("frama-c"):
        return "-"
    program = path[:-4] + ".c"
    try:
        p = subprocess.run(["frama-c", "-eva", "-eva-no-alloc-returns-null", program],
                           capture_output=True, text=True, timeout=limit * 4 + 30)
    except subprocess.TimeoutExpired:
        return "timeout"
    alarms = re.search(r"(\d+) alarms? generated", p.stdout)
    if p.returncode == 0 and alarms and alarms.group(1) == "0" and "reach_error" not in p.stdout:
        return "true"
    return "unknown"


def run_bug_finders(path, limit):
    """cppcheck and clang's analyzer on a memory task's program: "false" when they report a
    memory error (bug finders never claim a program safe), else "unknown"; "-" when the tool
    is not installed."""
    program = path[:-4] + ".c"
    answers = []
    for tool, command, pattern in [
        ("cppcheck", ["cppcheck", "--enable=warning", "--quiet", program],
         r"memleak|doubleFree|deallocuse|arrayIndexOutOfBounds|nullPointer|outOfBounds|deallocret|returnDanglingLifetime"),
        ("clang", ["clang", "--analyze", "-Xanalyzer", "-analyzer-output=text", "-o", "/dev/null", program],
         r"Use of memory after it is freed|Potential leak|Attempt to free released memory|out of bound|null pointer|Address of stack memory|returned to the caller"),
    ]:
        if not shutil.which(tool):
            answers.append("-")
            continue
        try:
            p = subprocess.run(command, capture_output=True, text=True, timeout=limit * 4 + 30)
        except subprocess.TimeoutExpired:
            answers.append("timeout")
            continue
        answers.append("false" if re.search(pattern, p.stdout + p.stderr) else "unknown")
    return answers


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--craig", default=os.path.join(REPO, "target", "release", "craig"))
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--time-limit", type=float, default=10)
    ap.add_argument("--dir", action="append", default=[])
    ap.add_argument("--generate", help="write the development set here and keep it")
    ap.add_argument("--list", action="store_true", help="list the tasks and stop")
    ap.add_argument("--no-invariants", action="store_true",
                    help="run craig cegar without the invariants abstract interpretation finds (plain IMPACT)")
    ap.add_argument("--engine", choices=["impact", "kinduction", "portfolio"],
                    help="passed to craig cegar as --engine (craig's default, impact, when not given)")
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
    temp = None
    dirs = args.dir
    if not dirs:
        folder = args.generate or tempfile.mkdtemp(prefix="craig-svcomp-")
        temp = None if args.generate else folder
        n = generate(folder)
        print(f"development set: {n} generated tasks in {folder}")
        dirs = [folder]
    found = tasks(dirs)
    if args.list:
        for category, path, prop, expected in found:
            print(category, path, prop, expected)
        return 0
    eva = shutil.which("frama-c") is not None
    print(f"peer: {'Frama-C EVA' if eva else 'none (frama-c not installed: apt-get install frama-c-base)'}")
    finders = [t for t in ("cppcheck", "clang") if shutil.which(t)]
    print(f"bug finders on memory tasks: {', '.join(finders) if finders else 'none (apt-get install cppcheck clang)'}")
    print(f"{'category':<12} {'task':<28} {'property':<16} {'expected':<8} {'craig':<8} {'':<7} {'ms':>7}  {'eva':<8} {'cppcheck':<8} {'clang':<8} why")
    totals = {}
    wrong = 0
    for category, path, prop, expected in found:
        extra = ["--no-invariants"] if args.no_invariants else []
        if args.engine:
            extra += ["--engine", args.engine]
        answer, ms, why = run_craig(args.craig, path, prop, args.time_limit, extra)
        memory = prop != "unreach-call"
        peer = "-" if memory else run_eva(path, args.time_limit)
        cppcheck, clang = run_bug_finders(path, args.time_limit) if memory else ("-", "-")
        if answer is None:
            verdict = "-"
        elif answer == expected:
            verdict = "ok"
        else:
            verdict = "WRONG"
            wrong += 1
        shown = {True: "true", False: "false", None: "unknown"}[answer]
        print(f"{category:<12} {os.path.basename(path)[:-4]:<28} {prop:<16} {str(expected).lower():<8} "
              f"{shown:<8} {verdict:<7} {ms:>7}  {peer:<8} {cppcheck:<8} {clang:<8} {why[:60]}")
        t = totals.setdefault(category, {"true": 0, "false": 0, "wrong": 0, "unknown": 0,
                                         "score": 0, "ms": 0, "eva": 0, "cppcheck": 0,
                                         "clang": 0})
        t["ms"] += ms
        t["eva"] += peer == "true" and expected
        # A bug finder's report counts when the task is false (a report on a true task is a
        # false alarm, shown in the rows).
        t["cppcheck"] += cppcheck == "false" and not expected
        t["clang"] += clang == "false" and not expected
        if answer is None:
            t["unknown"] += 1
        elif answer == expected:
            t["true" if answer else "false"] += 1
            t["score"] += 2 if answer else 1
        else:
            t["wrong"] += 1
            t["score"] -= 32 if answer else 16
    print()
    print(f"{'category':<12} {'tasks':>5} {'true':>5} {'false':>6} {'wrong':>6} {'unknown':>8} "
          f"{'score':>6} {'s':>7}  {'eva true':>8} {'cppcheck false':>14} {'clang false':>11}")
    all_t = {"true": 0, "false": 0, "wrong": 0, "unknown": 0, "score": 0, "ms": 0, "eva": 0,
             "cppcheck": 0, "clang": 0}
    for category in sorted(totals):
        t = totals[category]
        n = t["true"] + t["false"] + t["wrong"] + t["unknown"]
        print(f"{category:<12} {n:>5} {t['true']:>5} {t['false']:>6} {t['wrong']:>6} "
              f"{t['unknown']:>8} {t['score']:>6} {t['ms'] / 1000:>7.1f}  {t['eva'] if eva else '-':>8} "
              f"{t['cppcheck']:>14} {t['clang']:>11}")
        for k in all_t:
            all_t[k] += t[k]
    n = all_t["true"] + all_t["false"] + all_t["wrong"] + all_t["unknown"]
    print(f"{'all':<12} {n:>5} {all_t['true']:>5} {all_t['false']:>6} {all_t['wrong']:>6} "
          f"{all_t['unknown']:>8} {all_t['score']:>6} {all_t['ms'] / 1000:>7.1f}  "
          f"{all_t['eva'] if eva else '-':>8} {all_t['cppcheck']:>14} {all_t['clang']:>11}")
    if temp:
        shutil.rmtree(temp, ignore_errors=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
