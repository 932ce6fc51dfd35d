#!/usr/bin/env python3
"""The shape of Table 1 of Klaedtke, Ratschan and She, "Language-Based Abstraction Refinement
for Hybrid System Verification" (VMCAI 2007): per system, the time, the splits and the peak
DFA size of `craig hybrid` with maxlen 2, 3 and 4, and beside them the transition-system
baseline (`--baseline ts`, the same split heuristic).

usage: python3 bench/hybrid_table1.py [--craig BINARY] [--time-limit SECONDS]
                                      [--max-splits N] [FILE.hy ...]

The systems are `examples/hybrid/*.hy` (or the files named), each written from a published
definition named in its opening comment. Each run is `craig hybrid FILE --maxlen N --stats`
with the time limit (CPU seconds, default 60) and the split limit (default 1000); a run that
ends UNKNOWN shows `unknown` with its splits. Times are wall-clock seconds of the whole process
as this script measures them (they vary from run to run; the counters do not). craig never
answers UNSAFE here, so no answer can be wrong in that direction; a system known to be unsafe
(`example1_unsafe`) that craig called SAFE would make the script exit 1.
"""
import argparse, glob, os, re, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
KNOWN_UNSAFE = {"example1_unsafe"}


def run(craig, path, extra, time_limit, max_splits):
    command = [craig, "hybrid", path, "--stats", "--time-limit", str(time_limit),
               "--max-splits", str(max_splits)] + extra
    start = time.monotonic()
    try:
        # The baseline has no time limit of its own; the process is stopped after twice the
        # limit (`ts` shows `timeout` then).
        done = subprocess.run(command, capture_output=True, text=True, timeout=2 * time_limit)
    except subprocess.TimeoutExpired:
        return {"answer": "timeout", "time": time.monotonic() - start, "splits": "-",
                "size": "-", "why": "timeout"}
    elapsed = time.monotonic() - start
    text = done.stdout
    verdict = text.split("\n", 1)[0]
    splits = re.search(r"^splits: (\d+)", text, re.M)
    size = re.search(r"^peak DFA size: (\d+)", text, re.M)
    if done.returncode not in (0, 3):
        return {"answer": "error", "time": elapsed, "splits": "-", "size": "-",
                "why": (done.stderr or text).strip().splitlines()[:1]}
    return {
        "answer": "safe" if verdict.startswith("SAFE") else "unknown",
        "time": elapsed,
        "splits": splits.group(1) if splits else "-",
        "size": size.group(1) if size else "-",
        "why": verdict,
    }


def cell(r):
    mark = "" if r["answer"] == "safe" else " (" + r["answer"] + ")"
    return f"{r['time']:.2f}{mark} | {r['splits']} | {r['size']}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--craig", default=os.path.join(REPO, "target", "release", "craig"))
    parser.add_argument("--time-limit", type=int, default=60)
    parser.add_argument("--max-splits", type=int, default=1000)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or sorted(glob.glob(os.path.join(REPO, "examples", "hybrid", "*.hy")))
    print("| system | ml=2 time | splits | size | ml=3 time | splits | size "
          "| ml=4 time | splits | size | ts time | splits |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    wrong = []
    for path in files:
        name = os.path.splitext(os.path.basename(path))[0]
        row = [name]
        for maxlen in (2, 3, 4):
            r = run(args.craig, path, ["--maxlen", str(maxlen)], args.time_limit,
                    args.max_splits)
            if name in KNOWN_UNSAFE and r["answer"] == "safe":
                wrong.append(f"{name} maxlen {maxlen}")
            row.append(cell(r))
        r = run(args.craig, path, ["--baseline", "ts"], args.time_limit, args.max_splits)
        if name in KNOWN_UNSAFE and r["answer"] == "safe":
            wrong.append(f"{name} baseline")
        mark = "" if r["answer"] == "safe" else " (" + r["answer"] + ")"
        row.append(f"{r['time']:.2f}{mark} | {r['splits']}")
        print("| " + " | ".join(row) + " |", flush=True)
    if wrong:
        print("WRONG: SAFE on a system known unsafe: " + ", ".join(wrong))
        sys.exit(1)


if __name__ == "__main__":
    main()
