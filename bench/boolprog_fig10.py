#!/usr/bin/env python3
"""The micro-benchmark of Fig. 10 of Qadeer and Rajamani, "Deciding Assertions in Programs with
References" (MSR-TR-2005-08), Table 2: `M(i)` saves `g.x`, sets it to `choose(bool)`, recurses
to depth N and restores it. With summaries M needs 2N summaries; without, 2^N calls.

usage: python3 bench/boolprog_fig10.py [--craig BINARY] [--timeout SECONDS] [--no-build]
                                        [--sizes 5,10,...]

Generates the N variants from examples/boolprog/fig10.qr (in a temporary folder), runs
`craig check-bp --stats` on each with patterns (Section 6), with full visible states
(Section 5, `--no-patterns`) and without summaries (`--no-summaries`), and prints time,
summaries of M and states per N, next to the paper's ZING times (there is no peer tool to run:
ZING is not available, so its column is the paper's, measured on unknown hardware in 2005).
A baseline run that times out, hits its state bound (`bound`, 4,000,000 states) or is killed
is not repeated for larger N (`-`). Then the growth from N = 100 to N = 200, and the Bebop examples of examples/boolprog with and
without summaries. Reads nothing outside the repository.
"""
import argparse, os, re, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SIZES = [5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100, 200]
# Table 2 of the paper: (without, with) summarization, seconds; None = timeout (10 minutes).
PAPER = {5: (0.942, 0.928), 10: (1.944, 0.942), 15: (44.949, 0.988), 20: (None, 1.059),
         30: (None, 1.191), 40: (None, 1.268), 50: (None, 1.435), 60: (None, 1.644),
         70: (None, 1.848), 80: (None, 2.121), 90: (None, 2.484), 100: (None, 2.848),
         200: (None, 7.772)}
MODES = [("patterns", []), ("states", ["--no-patterns"]), ("none", ["--no-summaries"])]
STAT = re.compile(r"^% (\w+) (\d+)$")
TIME = re.compile(r"^% time_ms ([0-9.]+)$")
PROC = re.compile(r"^% Main\.M: (\d+) summaries, (\d+) effects$")


# The baseline keeps every state twice (visited set and parent links): 4 million states of
# Fig. 10 take several GiB, so that is its bound here (the summary runs stay far below it).
def run(craig, path, flags, timeout, bounds=("--max-states", "4000000", "--max-depth", "1000")):
    start = time.monotonic()
    try:
        p = subprocess.run([craig, "check-bp", path, "--stats"] + list(bounds) + flags,
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"verdict": "timeout", "secs": None}
    lines = p.stdout.splitlines()
    if p.returncode < 0 or not lines:
        return {"verdict": f"killed (exit {p.returncode})", "secs": None}
    # The check's own time (parsing and checking, not process start-up), as craig reports it.
    row = {"verdict": lines[0] if lines else "?", "secs": time.monotonic() - start}
    for line in lines:
        m = TIME.match(line)
        if m:
            row["secs"] = float(m.group(1)) / 1000.0
        m = STAT.match(line)
        if m:
            row[m.group(1)] = int(m.group(2))
        m = PROC.match(line)
        if m:
            row["m_summaries"] = int(m.group(1))
    return row


def fmt_secs(s):
    return "timeout" if s is None else f"{s:.4f}"


def fmt_run(r):
    """Time, or why there is none: a timeout, the state bound, a killed process."""
    if r["verdict"].startswith("unknown"):
        return "bound"
    if r["verdict"].startswith("killed"):
        return "killed"
    return fmt_secs(r["secs"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--craig", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target")), "release", "craig"))
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="per run, seconds (the paper used 600)")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
    sizes = [int(s) for s in args.sizes.split(",")]
    template = open(os.path.join(REPO, "examples/boolprog/fig10.qr")).read()
    results = {}
    skip = set()  # a mode that timed out is not run on larger N
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = os.path.join(tmp, f"fig10_{n}.qr")
            with open(path, "w") as f:
                f.write(template.replace("i < 3", f"i < {n}"))
            for mode, flags in MODES:
                if mode in skip:
                    results[(n, mode)] = {"verdict": "skipped", "secs": None}
                    continue
                r = run(args.craig, path, flags, args.timeout)
                if r["secs"] is None or not r["verdict"].startswith("safe"):
                    skip.add(mode)
                elif mode != "none":
                    # Summary runs take milliseconds on a shared machine: keep the best of three.
                    for _ in range(2):
                        again = run(args.craig, path, flags, args.timeout)
                        if again["secs"] is not None and again["secs"] < r["secs"]:
                            r = again
                results[(n, mode)] = r
    print(f"Fig. 10 / Table 2 (craig {args.craig}, timeout {args.timeout:.0f} s per run)")
    print(f"{'N':>4} | {'patterns s':>10} {'M sums':>6} {'states':>7} | {'states-mode s':>13} "
          f"{'M sums':>6} | {'no summ. s':>10} {'states':>9} | {'paper with':>10} {'paper w/o':>9}")
    for n in sizes:
        p, s, e = results[(n, "patterns")], results[(n, "states")], results[(n, "none")]
        pwo, pw = PAPER.get(n, (None, None))
        for r in (p, s, e):
            if r["secs"] is not None and not r["verdict"].startswith(("safe", "unknown")):
                print(f"  N = {n}: unexpected verdict {r['verdict']!r}", file=sys.stderr)
        print(f"{n:>4} | {fmt_secs(p['secs']):>10} {p.get('m_summaries', '-'):>6} "
              f"{p.get('states', '-'):>7} | {fmt_secs(s['secs']):>13} {s.get('m_summaries', '-'):>6} | "
              f"{fmt_run(e) if e['verdict'] != 'skipped' else '-':>10} {e.get('states', '-'):>9} | "
              f"{fmt_secs(pw) if pw is not None else '-':>10} "
              f"{(fmt_secs(pwo) if pwo is not None else 'timeout') if n in PAPER else '-':>9}")
    if 100 in sizes and 200 in sizes:
        a, b = results[(100, "patterns")], results[(200, "patterns")]
        if a["secs"] and b["secs"]:
            print(f"growth N=100 -> N=200 with patterns: time x{b['secs'] / a['secs']:.2f}, "
                  f"states x{b['states'] / a['states']:.2f}, summaries of M x"
                  f"{b['m_summaries'] / a['m_summaries']:.2f} (paper: time x{7.772 / 2.848:.2f})")
    print()
    print("Bebop examples (examples/boolprog/*.bp)")
    print(f"{'file':<22} | {'patterns':<30} | {'states':<30} | {'no summaries':<40}")
    for name in sorted(os.listdir(os.path.join(REPO, "examples/boolprog"))):
        if not name.endswith(".bp"):
            continue
        path = os.path.join(REPO, "examples/boolprog", name)
        cells = []
        for mode, flags in MODES:
            # The baseline keeps its default bounds (50 frames, 1,000,000 states) here.
            r = run(args.craig, path, flags, args.timeout, bounds=())
            verdict = r["verdict"].split(" (")[0].split(":")[0]
            secs = "" if r["secs"] is None else f" {r['secs']:.3f}s"
            cells.append(f"{verdict}{secs} {r.get('states', '-')} st")
        print(f"{name:<22} | {cells[0]:<30} | {cells[1]:<30} | {cells[2]:<40}")


if __name__ == "__main__":
    main()
