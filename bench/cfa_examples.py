#!/usr/bin/env python3
"""ΓCFA state graphs of examples/scheme/ with and without abstract garbage collection, in the
manner of Might, Chambers and Shivers, "Model Checking via ΓCFA" (Fig. 1, Fig. 7, Fig. 8).

usage: python3 bench/cfa_examples.py [--craig BINARY] [--no-build] [--max-states N]

For every example, for 0CFA and 1CFA, with abstract counting on and off, runs `craig cfa` three
times (no GC, GC, conditional GC) and prints states, edges, time in ms and the protocol verdict
of each, then the ratio of states without GC to states with GC. A last table repeats the doubly
nested loop without subsumption (the paper's plain depth-first exploration).

There is no other ΓCFA implementation on this machine (the paper's is an unpublished Haskell
program); the baseline each row compares against is the same analysis without GC, which is the
comparison the paper makes. The programs are read from examples/scheme/ only.
"""
import argparse, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
EXAMPLES = os.path.join(REPO, "examples", "scheme")
# Examples whose protocol is not the built-in lock discipline.
PROTOCOLS = {
    "map-locks.scm": "two-phase.proto",
    "nontail.scm": "tick-done.proto",
}
MODES = [("no GC", ["--no-gc"]), ("GC", []), ("cond. GC", ["--conditional-gc"])]

SUMMARY = re.compile(r": (\d+) states, (\d+) edges .* in ([0-9.]+) ms")
VERDICT = re.compile(r"^protocol \S+: (verified|may be violated|unknown)")


def run(craig, example, flags, max_states):
    cmd = [craig, "cfa", os.path.join(EXAMPLES, example), "--max-states", str(max_states)] + flags
    if example in PROTOCOLS:
        cmd += ["--protocol", os.path.join(EXAMPLES, PROTOCOLS[example])]
    out = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
    if out.returncode == 2:
        sys.exit(f"craig failed on {example}: {out.stderr}")
    states = edges = ms = None
    verdict = "?"
    limit = "state limit" in out.stdout
    for line in out.stdout.splitlines():
        m = SUMMARY.search(line)
        if m and states is None:
            states, edges, ms = int(m.group(1)), int(m.group(2)), float(m.group(3))
        m = VERDICT.match(line)
        if m:
            verdict = {"verified": "ok", "may be violated": "VIOL", "unknown": "unk"}[m.group(1)]
    return states, edges, ms, verdict, limit


def cell(r):
    states, edges, ms, verdict, limit = r
    s = f"{states}{'+' if limit else ''}"
    return f"{s:>7} {edges:>7} {ms:>8.1f} {verdict:>4}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--craig", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target")), "release", "craig"))
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--max-states", type=int, default=200000)
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
    examples = sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".scm"))
    head = "".join(f" | {name:^30}" for name, _ in MODES)
    sub = "".join(f" | {'states':>7} {'edges':>7} {'ms':>8} {'vdct':>4}" for _ in MODES)
    print(f"{'example':<20} {'k':>1} {'count':>5}{head} | noGC/GC")
    print(f"{'':<20} {'':>1} {'':>5}{sub} |")
    ratios = []
    for ex in examples:
        for k in [0, 1]:
            for counting in [True, False]:
                flags = ["--k", str(k)] + ([] if counting else ["--no-counting"])
                rows = [run(args.craig, ex, flags + f, args.max_states) for _, f in MODES]
                ratio = rows[0][0] / rows[1][0] if rows[1][0] else float("nan")
                ratios.append((ex, k, counting, ratio))
                cells = "".join(f" | {cell(r)}" for r in rows)
                print(f"{ex:<20} {k:>1} {'on' if counting else 'off':>5}{cells} | {ratio:7.2f}")
    print()
    print("doubly nested loop (Fig. 1) without subsumption:")
    for k in [0, 1]:
        for counting in [True, False]:
            flags = ["--k", str(k), "--no-subsumption"] + ([] if counting else ["--no-counting"])
            rows = [run(args.craig, "nested-loop.scm", flags + f, args.max_states) for _, f in MODES]
            ratio = rows[0][0] / rows[1][0]
            cells = "".join(f" | {cell(r)}" for r in rows)
            print(f"{'nested-loop.scm':<20} {k:>1} {'on' if counting else 'off':>5}{cells} | {ratio:7.2f}")


if __name__ == "__main__":
    main()
