#!/usr/bin/env python3
"""craig against E on the shared TPTP index, side by side in one run.

usage: python3 bench/tptp_vs_e.py [--limit 5] [--jobs 2] [--formats CNF,FOF] [--index FILE]
                                  [--every N] [--half tune|test] [--sample N] [--out DIR]
                                  [--craig BINARY] [--variant NAME=ARGS ...]

Builds craig in release mode, runs E (Debian's eprover, --auto) and craig over the same problems
with the same per-problem limit through shared/tools/tptp-bench.py (which scores every prover the
same way), then prints per format: proved, disproved, unsolved and WRONG for each prover, the
ratio craig/E of problems solved, and the problem families (TPTP domains) where craig loses most.
`--every N` keeps every N-th problem of the index, for a quicker look. `--half test` keeps the
half of the index the strategy schedule was not tuned on (bench/build_schedule.py splits it by a
hash of the name), and `--sample N` a deterministic sample of N problems of that half.
`--variant NAME=ARGS` runs craig once more with extra arguments (for example
`single=--no-schedule`), scored in the same table.
"""
import argparse, collections, csv, os, subprocess, sys

from build_schedule import SHARED, REPO, sample_of
POS = {"Theorem", "Unsatisfiable", "ContradictoryAxioms"}
NEG = {"Satisfiable", "CounterSatisfiable"}


def score(path):
    rows = list(csv.DictReader(open(path), delimiter="\t"))
    return {r["name"]: r for r in rows}


def tally(rows, fmt):
    t = collections.Counter()
    for r in rows.values():
        if r["format"] != fmt:
            continue
        if r["verdict"] == "WRONG":
            t["WRONG"] += 1
        elif r["verdict"] == "solved":
            t["proved" if r["got"] in POS else "disproved"] += 1
        else:
            t["unsolved"] += 1
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--formats", default="CNF,FOF")
    ap.add_argument("--index", default=os.path.join(SHARED, "tptp", "index.tsv"))
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--half", choices=["tune", "test"], help="keep one half of the index's split")
    ap.add_argument("--sample", type=int, help="with --half, a deterministic sample of this many")
    ap.add_argument("--variant", action="append", default=[], help="NAME=ARGS: craig with extra arguments")
    ap.add_argument("--out", default=os.path.join(REPO, "target", "bench"))
    ap.add_argument("--craig", help="use this craig binary instead of building target/release/craig")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    tptp = os.path.join(SHARED, "tptp")
    bench = os.path.join(SHARED, "tools", "tptp-bench.py")
    index = a.index
    if a.every > 1 or a.half:
        index = os.path.join(a.out, "index-subset.tsv")
        rows = list(csv.DictReader(open(a.index), delimiter="\t"))
        fields = list(rows[0].keys())
        rows = rows[:: a.every]
        if a.half:
            formats = set(a.formats.split(","))
            rows = sample_of([r for r in rows if r["format"] in formats], a.half, a.sample or len(rows))
        with open(index, "w") as dst:
            w = csv.DictWriter(dst, fieldnames=fields, delimiter="\t")
            w.writeheader()
            w.writerows(rows)
    if a.craig:
        craig = os.path.abspath(a.craig)
    else:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
        craig = os.path.join(REPO, "target", "release", "craig")
    provers = [("E", "eprover"), ("craig", "craig:" + craig)]
    for variant in a.variant:
        name, _, extra = variant.partition("=")
        wrapper = os.path.join(a.out, f"craig-{name}.sh")
        with open(wrapper, "w") as f:
            f.write(f'#!/bin/sh\nexec {craig} "$@" {extra}\n')
        os.chmod(wrapper, 0o755)
        provers.append((name, "craig:" + wrapper))
    names = [n for n, _ in provers]
    results = {}
    for name, prover in provers:
        out = os.path.join(a.out, f"{name}.tsv")
        print(f"== running {name}", flush=True)
        subprocess.run([sys.executable, bench, prover, index, tptp, tptp, str(a.limit), str(a.jobs), out,
                        "--formats", a.formats], check=True)
        results[name] = score(out)
    print()
    print(f"per-problem limit {a.limit}s, {a.jobs} jobs, index {index}")
    width = max(6, *(len(n) for n in names))
    print(f"{'format':6} {'prover':{width}} {'proved':>7} {'disproved':>9} {'unsolved':>8} {'WRONG':>6}")
    total = {}
    for fmt in a.formats.split(","):
        for name in names:
            t = tally(results[name], fmt)
            total[name] = total.get(name, 0) + t["proved"] + t["disproved"]
            print(f"{fmt:6} {name:{width}} {t['proved']:7} {t['disproved']:9} {t['unsolved']:8} {t['WRONG']:6}")
    e = total["E"]
    for name in names[1:]:
        c = total[name]
        print(f"solved: {name} {c}, E {e}, ratio {name}/E = {c / e if e else float('nan'):.3f}")
    lost = collections.Counter()
    won = collections.Counter()
    for n, r in results["E"].items():
        cr = results["craig"].get(n)
        if cr is None:
            continue
        if r["verdict"] == "solved" and cr["verdict"] != "solved":
            lost[n[:3]] += 1
        if r["verdict"] != "solved" and cr["verdict"] == "solved":
            won[n[:3]] += 1
    print("families where E solves what craig does not:", ", ".join(f"{d} {k}" for d, k in lost.most_common(12)))
    print("families where craig solves what E does not:", ", ".join(f"{d} {k}" for d, k in won.most_common(12)) or "none")


if __name__ == "__main__":
    main()
