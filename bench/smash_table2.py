#!/usr/bin/env python3
"""The shape of SMASH's Table 2 (seed 004): `craig smash` in its four modes (dash, may, must,
smash) and `craig cegar` beside them, in one run over programs with procedures.

usage: python3 bench/smash_table2.py [--craig BINARY] [--time-limit SECONDS] [--generate DIR]
                                     [--scale N]

The programs are the paper's examples (`examples/smash/`) and craig's own interprocedural
families, generated here with their verdicts known by construction, each in a safe and an
unsafe variant:
- `abs_calls`: Example 1 grown to N call sites of one callee (the absolute value);
- `lock`: a lock discipline over a global, `lock`/`unlock` checking it (SLAM-style typestate),
  a worker taking and releasing it called at N sites; the unsafe variant forgets to release it
  on one input value;
- `chain`: N procedures each calling the next and adding one, the result checked at the top;
- `shared`: two workers calling one helper that keeps a global counter below a bound.
The paper's own drivers are not public; no SV-COMP folder is read.

For each program and mode: the answer (correct, WRONG or unknown), CPU seconds as craig
reports its limit, the questions at calls, the callee analyses and the summaries made; then per
mode the totals of Table 2: proofs, bugs, unknowns (time-outs and others), wrong answers, total
time, and the time relative to DASH. A wrong answer makes the script exit 1.
"""
import argparse, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
ANSWER = re.compile(r"^(SAFE|UNSAFE|UNKNOWN)\b", re.M)
COUNTS = re.compile(r"questions at calls (\d+), callee analyses (.*?), not-may summaries made (\d+) "
                    r"merged (\d+) used (\d+), must summaries made (\d+) used (\d+)")

PRELUDE = """extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);
"""


def abs_calls(n, safe):
    body = PRELUDE + "int g(int i) {\n  if (i > 0) return i;\n  return -i;\n}\n"
    body += "int h(int i) {\n  if (i > 5) return i;\n  return -i;\n}\n" if not safe else ""
    body += "int main(void) {\n"
    for k in range(n):
        body += f"  int i{k} = __VERIFIER_nondet_int();\n"
        body += f"  __VERIFIER_assume(i{k} > -1000 && i{k} < 1000);\n"
        callee = "h" if (not safe and k == n - 1) else "g"
        body += f"  int x{k} = {callee}(i{k});\n"
    cond = " || ".join(f"x{k} < 0" for k in range(n))
    body += f"  if ({cond}) reach_error();\n  return 0;\n}}\n"
    return body


def lock(n, safe):
    body = PRELUDE + "int locked;\n"
    body += "void lock(void) {\n  if (locked) reach_error();\n  locked = 1;\n}\n"
    body += "void unlock(void) {\n  if (!locked) reach_error();\n  locked = 0;\n}\n"
    forget = "" if safe else "    if (x == 7) return;\n"
    body += "void work(int x) {\n  if (x > 0) {\n    lock();\n" + forget + "    unlock();\n  }\n}\n"
    body += "int main(void) {\n"
    for k in range(n):
        body += f"  work(__VERIFIER_nondet_int());\n"
    body += "  return 0;\n}\n"
    return body


def chain(n, safe):
    body = PRELUDE
    body += f"int f{n}(int x) {{\n  return x + 1;\n}}\n"
    for k in range(n - 1, 0, -1):
        body += f"int f{k}(int x) {{\n  return f{k + 1}(x) + 1;\n}}\n"
    expected = n if safe else n - 1
    body += "int main(void) {\n  int x = __VERIFIER_nondet_int();\n"
    body += "  __VERIFIER_assume(x > -1000 && x < 1000);\n"
    body += f"  if (f1(x) != x + {expected}) reach_error();\n  return 0;\n}}\n"
    return body


def shared(n, safe):
    # Both workers bump one counter kept below a bound; the unsafe variant's bound lets the
    # counter pass the check once every worker has bumped it.
    limit = "3" if safe else "4"
    body = PRELUDE + "int count;\n"
    body += f"void bump(void) {{\n  if (count < {limit}) count = count + 1;\n}}\n"
    body += "void left(int x) {\n  if (x > 0) bump();\n}\n"
    body += "void right(int x) {\n  if (x < 0) bump();\n}\n"
    body += "int main(void) {\n"
    for k in range(n):
        side = "left" if k % 2 == 0 else "right"
        body += f"  {side}(__VERIFIER_nondet_int());\n"
    body += "  if (count > 3) reach_error();\n  return 0;\n}\n"
    return body


FAMILIES = [("abs_calls", abs_calls), ("lock", lock), ("chain", chain), ("shared", shared)]
MODES = ["dash", "may", "must", "smash"]


def programs(folder, scale):
    out = []
    examples = os.path.join(REPO, "examples", "smash")
    for name in sorted(os.listdir(examples)):
        if name.endswith(".c"):
            out.append((os.path.join(examples, name), "_safe" in name))
    for family, make in FAMILIES:
        for n in (2 * scale, 4 * scale):
            for safe in (True, False):
                path = os.path.join(folder, f"{family}{n}_{'safe' if safe else 'unsafe'}.c")
                with open(path, "w") as f:
                    f.write(make(n, safe))
                out.append((path, safe))
    return out


def run(craig, args, limit):
    t0 = os.times()
    try:
        done = subprocess.run([craig] + args + ["--time-limit", str(limit)], capture_output=True,
                              text=True, timeout=limit * 6 + 30)
        text = done.stdout
    except subprocess.TimeoutExpired:
        text = "UNKNOWN: the script's wall-clock timeout\n"
    t1 = os.times()
    cpu = (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)
    match = ANSWER.search(text)
    return (match.group(1) if match else "UNKNOWN"), cpu, text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--craig", default=os.path.join(REPO, "target", "release", "craig"))
    ap.add_argument("--time-limit", type=float, default=30)
    ap.add_argument("--generate", help="write the programs here and keep them")
    ap.add_argument("--scale", type=int, default=2, help="call sites and chain lengths (2 gives 4 and 8)")
    a = ap.parse_args()
    folder = a.generate or tempfile.mkdtemp(prefix="craig-table2-")
    os.makedirs(folder, exist_ok=True)
    tasks = programs(folder, a.scale)
    totals = {m: dict(proofs=0, bugs=0, unknown=0, wrong=0, time=0.0, analyses=0, summaries=0)
              for m in MODES + ["cegar"]}
    wrong = False
    print(f"{'program':28} " + " ".join(f"{m:>16}" for m in MODES + ["cegar"]))
    for path, safe in tasks:
        cells = []
        for mode in MODES + ["cegar"]:
            base = ["--property", "unreach-call"]
            if mode == "cegar":
                answer, cpu, text = run(a.craig, ["cegar", path] + base, a.time_limit)
            else:
                answer, cpu, text = run(a.craig, ["smash", path, "--mode", mode] + base, a.time_limit)
            t = totals[mode]
            t["time"] += cpu
            counts = COUNTS.search(text)
            if counts:
                t["analyses"] += sum(int(x.split()[-1]) for x in counts.group(2).split(", ") if x != "none")
                t["summaries"] += int(counts.group(3)) + int(counts.group(6))
            if answer == "UNKNOWN":
                t["unknown"] += 1
                mark = "?"
            elif (answer == "SAFE") == safe:
                t["proofs" if safe else "bugs"] += 1
                mark = "ok"
            else:
                t["wrong"] += 1
                wrong = True
                mark = "WRONG"
            cells.append(f"{answer[:6]:>6} {mark:>3} {cpu:5.1f}s")
        print(f"{os.path.basename(path):28} " + " ".join(f"{c:>16}" for c in cells), flush=True)
    print()
    dash = totals["dash"]["time"] or 1.0
    print(f"{'mode':8} {'proofs':>6} {'bugs':>5} {'unknown':>7} {'wrong':>5} {'time s':>8} "
          f"{'vs dash':>7} {'callee analyses':>15} {'summaries':>9}")
    for mode in MODES + ["cegar"]:
        t = totals[mode]
        print(f"{mode:8} {t['proofs']:6} {t['bugs']:5} {t['unknown']:7} {t['wrong']:5} "
              f"{t['time']:8.1f} {t['time'] / dash:7.2f} {t['analyses']:15} {t['summaries']:9}")
    print("\npaper (16 drivers, Table 2 totals): DASH 3316 min, 73 time-outs; may-only 2490 min, 48; "
          "must-only 1740 min, 30; SMASH 474 min, 1")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
