#!/usr/bin/env python3
"""Fig. 5 of Bouillaguet, Kuncak, Wies, Zee, Rinard (VMCAI 2007) on craig's own obligations:
every proof obligation of the example programs verified with sorts guarded, erased (where the
translation allows it) and auto, side by side in one run, and the same obligations written as
TPTP and given to E.

usage: python3 bench/verify_fig5.py [--craig BINARY] [--time-limit SECONDS] [--no-build]
                                    [--eprover PATH] [--programs FuncTree,...]

For each program, runs `craig verify --stats --sorts MODE` once per mode and prints one row per
obligation: given clauses and milliseconds per mode (`-` where not proved; `refused` where the
mode refused to erase), then E's time on the `--tptp` translation (sorts auto). At the end: the
median ratio guard/auto of time and given clauses over the obligations both proved, and the
number of obligations each side proved. Reads nothing outside the repository.
"""
import argparse, os, re, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
MODES = ["guard", "erase", "auto"]
PROGRAMS = {
    "FuncTree": ["examples/programs/FuncTree.java"],
    "AssocList": ["examples/programs/AssocList.java"],
    "ListSet": ["examples/programs/ListSet.java"],
    "Queue": ["examples/programs/Queue.java"],
    "HashTable": ["examples/programs/HashTable.java", "examples/programs/AssocList.java"],
}
# `proved (N given clauses)`, or `proved by instantiation (after N given clauses)` when the
# schedule's instantiation strategy settled it.
LINE = re.compile(
    r"^(\S+:\d+): (proved (?:by instantiation )?\((?:after )?(\d+) given clauses\)"
    r"|NOT PROVED \(([^)]*)\))")
STATS = re.compile(r"^% stats (\S+): given (\d+) generated (\d+) time_ms (\d+)")


def verify(craig, files, mode, limit, extra=()):
    p = subprocess.run([craig, "verify", "--no-cache", "--stats", "--sorts", mode, "--time-limit", str(limit)]
                       + list(extra) + files, capture_output=True, text=True, cwd=REPO)
    rows, order = {}, []
    for line in p.stdout.splitlines():
        m = LINE.match(line)
        if m:
            name = m.group(1)
            order.append(name)
            why = m.group(4) or ""
            rows[name] = {"proved": m.group(3) is not None,
                          "refused": "refused" in why or "erasure" in why}
        m = STATS.match(line)
        if m and m.group(1) in rows:
            rows[m.group(1)].update(given=int(m.group(2)), ms=int(m.group(4)))
    if not order and p.returncode != 0:
        sys.stderr.write(p.stderr)
    return order, rows


def eprover(binary, path, limit):
    start = time.monotonic()
    try:
        p = subprocess.run([binary, "--auto", "--silent", f"--cpu-limit={int(limit)}", path],
                           capture_output=True, text=True, timeout=limit + 5)
    except subprocess.TimeoutExpired:
        return None
    took = (time.monotonic() - start) * 1000
    if "SZS status Theorem" in p.stdout or "SZS status Unsatisfiable" in p.stdout:
        return took
    return None


def cell(row):
    if row is None:
        return "-"
    if row.get("proved"):
        return f"{row.get('given', 0)}/{row.get('ms', 0)}ms"
    return "refused" if row.get("refused") else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--craig", default=os.path.join(REPO, "target/release/craig"))
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--eprover", default=shutil.which("eprover"))
    ap.add_argument("--programs", default=",".join(PROGRAMS))
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
    ratios_time, ratios_given = [], []
    proved = {m: 0 for m in MODES}
    proved_e, total = 0, 0
    print(f"{'obligation':<28} " + " ".join(f"{m:>16}" for m in MODES) + f" {'E (auto tptp)':>14}")
    for name in args.programs.split(","):
        files = PROGRAMS[name]
        results = {m: verify(args.craig, files, m, args.time_limit) for m in MODES}
        order = results["auto"][0]
        tptp = tempfile.mkdtemp(prefix="craig-fig5-")
        verify(args.craig, files, "auto", 1, ["--tptp", tptp, "--steps", "1"])
        for ob in order:
            total += 1
            rows = {m: results[m][1].get(ob) for m in MODES}
            for m in MODES:
                proved[m] += bool(rows[m] and rows[m].get("proved"))
            e_ms = None
            if args.eprover:
                path = os.path.join(tptp, re.sub(r"[^A-Za-z0-9]", "_", ob) + ".p")
                if os.path.exists(path):
                    e_ms = eprover(args.eprover, path, args.time_limit)
                elif rows["auto"] and rows["auto"].get("proved"):
                    e_ms = 0.0  # discharged during translation: no problem to give E (counted)
            proved_e += e_ms is not None
            g, a = rows["guard"], rows["auto"]
            # Obligations the translation discharged (no search in either mode) say nothing
            # about sort encodings: the ratio is over those both modes proved by search.
            if g and a and g.get("proved") and a.get("proved") and g["given"] > 0 and a["given"] > 0:
                ratios_time.append(max(g["ms"], 1) / max(a["ms"], 1))
                ratios_given.append(max(g["given"], 1) / max(a["given"], 1))
            e_cell = "-" if e_ms is None else f"{e_ms:.0f}ms"
            print(f"{ob:<28} " + " ".join(f"{cell(rows[m]):>16}" for m in MODES) + f" {e_cell:>14}")
        shutil.rmtree(tptp, ignore_errors=True)
    print()
    print(f"obligations: {total}; proved: " + ", ".join(f"{m} {proved[m]}" for m in MODES)
          + f", E {proved_e}")
    if ratios_time:
        print(f"median ratio guard/auto over {len(ratios_time)} obligations both proved by search: "
              f"time {statistics.median(ratios_time):.2f}, given clauses "
              f"{statistics.median(ratios_given):.2f}")


if __name__ == "__main__":
    main()
