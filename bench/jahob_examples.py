#!/usr/bin/env python3
"""craig on Jahob's own example programs, as Jahob's users wrote them: for each Java file under
a checkout of Jahob's distribution (https://github.com/epfl-lara/jahob, `examples/`), whether
craig loads it or refuses it (with the first error, which names the construct and its
`file:line:col`), how many of its obligations `craig verify` proves, and how many of the same
obligations, written as TPTP by `craig verify --tptp`, E proves (as bench/verify_fig5.py does).

usage: python3 bench/jahob_examples.py --jahob DIR [--craig BINARY] [--time-limit SECONDS]
                                       [--eprover PATH] [--no-build] [--files a.java,b.java]

`examples/containers/` is held out for measurement and is never read. Each file is verified on
its own (Jahob's examples are mostly one program per file); `--no-cache`, so every figure is a
cold run. Nothing of Jahob's is stored in this repository: the checkout is the caller's.
"""
import argparse, os, re, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
HELD_OUT = os.path.join("examples", "containers")
LINE = re.compile(r"^(\S+:\d+): (proved|NOT PROVED)")
ERROR = re.compile(r"^(\S+:\d+:\d+): (?:error: )?(.*)$")


def java_files(root):
    """Every `.java` file under ROOT/examples except the held-out folder, in path order."""
    found = []
    for folder, dirs, files in os.walk(os.path.join(root, "examples")):
        rel = os.path.relpath(folder, root)
        if rel == HELD_OUT or rel.startswith(HELD_OUT + os.sep):
            dirs[:] = []
            continue
        dirs.sort()
        found += [os.path.join(rel, f) for f in sorted(files) if f.endswith(".java")]
    return found


def verify(craig, root, path, limit, tptp):
    start = time.monotonic()
    p = subprocess.run([craig, "verify", "--no-cache", "--time-limit", str(limit), "--tptp", tptp,
                        path], capture_output=True, text=True, cwd=root)
    took = time.monotonic() - start
    obligations = [(m.group(1), m.group(2) == "proved")
                   for m in map(LINE.match, p.stdout.splitlines()) if m]
    error = next((m for m in map(ERROR.match, p.stderr.splitlines()) if m), None)
    refused = None
    if p.returncode == 2 or (not obligations and p.returncode != 0):
        refused = f"{error.group(1)}: {error.group(2)}" if error else p.stderr.strip()[:200]
    return obligations, refused, took


def eprover(binary, path, limit):
    try:
        p = subprocess.run([binary, "--auto", "--silent", f"--cpu-limit={int(limit)}", path],
                           capture_output=True, text=True, timeout=limit + 5)
    except subprocess.TimeoutExpired:
        return False
    return "SZS status Theorem" in p.stdout or "SZS status Unsatisfiable" in p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jahob", required=True, help="a checkout of Jahob's distribution")
    ap.add_argument("--craig", default=os.path.join(REPO, "target/release/craig"))
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--eprover", default=shutil.which("eprover"))
    ap.add_argument("--files", help="only these paths (relative to --jahob), comma-separated")
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
    files = args.files.split(",") if args.files else java_files(args.jahob)
    files = [f for f in files if not os.path.normpath(f).startswith(HELD_OUT)]
    loaded = refused = total = proved = proved_e = 0
    print(f"{'file':<52} {'craig':>9} {'E':>9} {'time':>7}  refused at")
    for path in files:
        tptp = tempfile.mkdtemp(prefix="craig-jahob-")
        obligations, why, took = verify(args.craig, args.jahob, path, args.time_limit, tptp)
        if why is not None:
            refused += 1
            print(f"{path:<52} {'-':>9} {'-':>9} {took:>6.1f}s  {why}")
            shutil.rmtree(tptp, ignore_errors=True)
            continue
        loaded += 1
        done = sum(ok for _, ok in obligations)
        e_done = 0
        if args.eprover:
            for name, ok in obligations:
                problem = os.path.join(tptp, re.sub(r"[^A-Za-z0-9]", "_", name) + ".p")
                if os.path.exists(problem):
                    e_done += eprover(args.eprover, problem, args.time_limit)
                else:
                    # Discharged by the translation: no problem to give E; counted as craig's.
                    e_done += ok
        total += len(obligations)
        proved += done
        proved_e += e_done
        e_cell = f"{e_done}/{len(obligations)}" if args.eprover else "n/a"
        print(f"{path:<52} {f'{done}/{len(obligations)}':>9} {e_cell:>9} {took:>6.1f}s")
        shutil.rmtree(tptp, ignore_errors=True)
    print()
    print(f"files: {len(files)}, loaded {loaded}, refused {refused}; obligations {total}, "
          f"craig proved {proved}" + (f", E proved {proved_e}" if args.eprover else
                                      ", E not installed"))


if __name__ == "__main__":
    sys.exit(main())
