#!/usr/bin/env python3
"""The refinement suite: `craig cegar` on every C program of examples/c/ (and of a directory
given by --dir) under the three abstract domains, IMPACT (interpolant labels), predicate
abstraction (cartesian, predicates from the interpolants) and language-based refinement
(region words, m-spurious factors removed), against the verdict each program states in its
first line (`// verdict: safe` or `// verdict: unsafe`). Integers are mathematical
(`--math-int`) but for the examples written for machine integers (MACHINE_EXAMPLES, as in
tests/it/refine.rs).

usage: python3 bench/cegar_suite.py [--craig BINARY] [--no-build] [--dir DIR]...
                                    [--domains impact,predicates,language] [--max-steps N]
                                    [--time-limit SECONDS]

For each domain, one row per program: the answer (SAFE, UNSAFE, UNKNOWN), whether it is correct
(`ok`), wrong (`WRONG`) or no answer (`-`), wall time in ms, refinements, tree nodes (made, and
how many were cut by refinements; for the language domain: symbols, and patterns removed),
steps and SMT calls; then per domain the count of correct,
wrong and unknown answers and the total time. Programs run one at a time (one job). A wrong
verdict is a release-blocking bug: the script then exits 1. A program without a verdict header
is refused (exit 2). Reads nothing outside the repository and the directories given.
"""
import argparse, os, re, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
EXAMPLES = os.path.join(REPO, "examples", "c")
DOMAINS = ["impact", "predicates", "language"]
MACHINE_EXAMPLES = ["bits_safe.c", "overflow_unsafe.c", "wraparound_safe.c"]
HEADER = re.compile(r"^//\s*verdict:\s*(safe|unsafe)\s*$")
ANSWER = re.compile(r"^(SAFE|UNSAFE|UNKNOWN)\b")
COUNTERS = re.compile(
    r"^domain (\S+): refinements (\d+), ART nodes (\d+) \((\d+) covered, (\d+) cut\), "
    r"steps (\d+), path checks (\d+), SMT calls (\d+)$")
LANGUAGE_COUNTERS = re.compile(
    r"^domain language: refinements (\d+), patterns removed (\d+), splits (\d+), "
    r"symbols (\d+), DFA peak (\d+) states, words set aside (\d+), steps (\d+), "
    r"SMT calls (\d+)(, recursion unrolled deeper \d+ times)?$")


def programs(dirs):
    """(name shown, path, expected verdict) for every .c and .i file, by directory then name."""
    out = []
    for d in dirs:
        for name in sorted(os.listdir(d)):
            if not name.endswith((".c", ".i")):
                continue
            path = os.path.join(d, name)
            with open(path, encoding="utf-8") as f:
                first = f.readline().strip()
            m = HEADER.match(first)
            if not m:
                sys.exit(f"{path}: the first line must be `// verdict: safe` or "
                         f"`// verdict: unsafe`, not {first!r}")
            shown = name if os.path.abspath(d) == EXAMPLES else os.path.relpath(path, REPO)
            out.append((shown, path, m.group(1)))
    return out


def cegar(craig, path, domain, max_steps, time_limit):
    cmd = [craig, "cegar", path, "--domain", domain, "--max-steps", str(max_steps),
           "--time-limit", str(time_limit)]
    if os.path.basename(path) not in MACHINE_EXAMPLES:
        cmd.append("--math-int")
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=time_limit + 60)
    except subprocess.TimeoutExpired:
        return {"answer": "UNKNOWN", "ms": (time.monotonic() - start) * 1000, "why": "killed"}
    ms = (time.monotonic() - start) * 1000
    row = {"answer": None, "ms": ms, "why": ""}
    for line in p.stdout.splitlines():
        m = ANSWER.match(line)
        if m and row["answer"] is None:
            row["answer"] = m.group(1)
            row["why"] = line[len(m.group(1)):].lstrip(": ")
        m = COUNTERS.match(line)
        if m:
            row.update(refinements=int(m.group(2)), nodes=int(m.group(3)),
                       covered=int(m.group(4)), cut=int(m.group(5)), steps=int(m.group(6)),
                       smt=int(m.group(8)))
        m = LANGUAGE_COUNTERS.match(line)
        if m:
            row.update(refinements=int(m.group(1)), nodes=int(m.group(4)),
                       cut=int(m.group(2)), steps=int(m.group(7)), smt=int(m.group(8)))
    if row["answer"] is None or p.returncode == 2:
        sys.exit(f"craig cegar failed on {path} (exit {p.returncode}): {p.stderr.strip()}")
    return row


def judge(expected, answer):
    if answer == "UNKNOWN":
        return "-"
    return "ok" if answer.lower() == expected else "WRONG"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--craig", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target")), "release", "craig"))
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dir", action="append", default=[],
                    help="another directory of programs with verdict headers (repeatable)")
    ap.add_argument("--domains", default=",".join(DOMAINS))
    ap.add_argument("--max-steps", type=int, default=20000)
    # deep_unsafe.c needs 100-220 s on a loaded two-core machine; 300 s lets it finish.
    ap.add_argument("--time-limit", type=float, default=300.0)
    args = ap.parse_args()
    domains = [d for d in args.domains.split(",") if d]
    for d in domains:
        if d not in DOMAINS:
            sys.exit(f"unknown domain {d!r} (domains: {', '.join(DOMAINS)})")
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
    suite = programs([EXAMPLES] + args.dir)
    width = max(len(n) for n, _, _ in suite)
    print(f"craig cegar on {len(suite)} programs, at most {args.max_steps} steps and "
          f"{args.time_limit:g} s each; integers are mathematical but for "
          f"{', '.join(MACHINE_EXAMPLES)}; for the language domain `nodes` is symbols and "
          f"`cut` patterns removed")
    wrong_total = 0
    summary = []
    for domain in domains:
        print()
        print(f"domain {domain}")
        print(f"{'program':<{width}} {'expect':>6} {'answer':>7} {'':>5} {'ms':>9} "
              f"{'refine':>6} {'nodes':>6} {'cut':>6} {'steps':>6} {'SMT':>7}")
        correct = wrong = unknown = 0
        total_ms = 0.0
        for name, path, expected in suite:
            r = cegar(args.craig, path, domain, args.max_steps, args.time_limit)
            verdict = judge(expected, r["answer"])
            correct += verdict == "ok"
            wrong += verdict == "WRONG"
            unknown += verdict == "-"
            total_ms += r["ms"]
            counts = "".join(f" {r[k]:>{w}}" if k in r else f" {'?':>{w}}"
                             for k, w in [("refinements", 6), ("nodes", 6), ("cut", 6),
                                          ("steps", 6), ("smt", 7)])
            print(f"{name:<{width}} {expected:>6} {r['answer']:>7} {verdict:>5} "
                  f"{r['ms']:>9.0f}{counts}")
            if verdict == "WRONG":
                print(f"  WRONG: {name} is {expected}, craig answered {r['answer']}",
                      file=sys.stderr)
            elif verdict == "-" and r["why"]:
                print(f"  ({r['why'][:110]})")
        wrong_total += wrong
        summary.append((domain, correct, wrong, unknown, total_ms))
    print()
    print(f"{'domain':<11} {'correct':>7} {'wrong':>5} {'unknown':>7} {'time s':>8}")
    for domain, correct, wrong, unknown, total_ms in summary:
        print(f"{domain:<11} {correct:>7} {wrong:>5} {unknown:>7} {total_ms / 1000:>8.1f}")
    if wrong_total:
        sys.exit(1)


if __name__ == "__main__":
    main()
