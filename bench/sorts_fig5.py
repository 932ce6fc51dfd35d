#!/usr/bin/env python3
"""Sort encodings compared on spec goals, in the manner of Fig. 5 of Bouillaguet, Kuncak, Wies,
Zee, Rinard (VMCAI 2007): the same lemmas proved with `--sorts guard`, `--sorts erase` (where the
translation allows it) and `--sorts auto`, in one run.

usage: python3 bench/sorts_fig5.py [--craig BINARY] [--time-limit SECONDS] [--no-build]

For every (spec file, retained percentage) below, runs `craig check --stats` once per mode and
prints one row per lemma: verdict, given clauses, generated clauses and time per mode, then the
ratios guard/erase and guard/auto of generated clauses and time (`-` where a side did not prove
the lemma or erasure was refused). Erasure refusals are read from `craig translate --sorts erase`
(`% refused` lines), so a refused lemma is shown as `refused`, not as a failed proof.
"""
import argparse, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
MODES = ["guard", "erase", "auto"]
# The FuncTree sequents first (the hardest), then the smaller spec suites.
RUNS = [
    ("tests/specs/functree.spec", 100),
    ("tests/specs/functree.spec", 30),
    ("tests/specs/set_algebra.spec", 100),
    ("tests/specs/fun_update.spec", 100),
    ("tests/specs/tuples.spec", 100),
    ("tests/specs/schematic.spec", 100),
    ("tests/specs/small_sort.spec", 100),
]

LEMMA = re.compile(r"^(\S+): (proved|not proved|gave up) \(")
STATS = re.compile(r"^% stats (\S+): given (\d+) generated (\d+) time_ms (\d+)")


def check(craig, spec, retain, mode, limit):
    out = subprocess.run(
        [craig, "check", spec, "--sorts", mode, "--retain", str(retain), "--stats",
         "--time-limit", str(limit)],
        cwd=REPO, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        m = LEMMA.match(line)
        if m:
            rows.setdefault(m.group(1), {})["verdict"] = m.group(2)
        m = STATS.match(line)
        if m:
            rows.setdefault(m.group(1), {}).update(
                given=int(m.group(2)), generated=int(m.group(3)), ms=int(m.group(4)))
    return rows


def refused_lemmas(craig, spec, retain, lemmas):
    out = subprocess.run(
        [craig, "translate", spec, "--sorts", "erase", "--retain", str(retain)],
        cwd=REPO, capture_output=True, text=True).stdout
    refused, current = set(), None
    for line in out.splitlines():
        if line.startswith("% sequent "):
            current = line.split()[2]
        elif line.startswith("% refused") and current:
            for lemma in lemmas:
                if current == lemma or current.startswith(lemma + "_"):
                    refused.add(lemma)
    return refused


def ratio(a, b):
    if a is None or b is None or b == 0:
        return "-"
    return f"{a / b:.2f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--craig", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target")), "release", "craig"))
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--no-build", action="store_true")
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
    header = ["spec", "retain", "lemma"]
    for m in MODES:
        header += [f"{m}:result", f"{m}:given", f"{m}:generated", f"{m}:ms"]
    header += ["given guard/erase", "given guard/auto", "gen guard/erase", "gen guard/auto",
               "ms guard/erase", "ms guard/auto"]
    print("\t".join(header))
    for spec, retain in RUNS:
        results = {m: check(args.craig, spec, retain, m, args.time_limit) for m in MODES}
        lemmas = list(results["guard"].keys())
        refused = refused_lemmas(args.craig, spec, retain, lemmas)
        for lemma in lemmas:
            row = [os.path.basename(spec), str(retain), lemma]
            proved = {}
            for m in MODES:
                r = results[m].get(lemma, {})
                if m == "erase" and lemma in refused:
                    row += ["refused", "-", "-", "-"]
                    continue
                row += [r.get("verdict", "?"), str(r.get("given", "-")),
                        str(r.get("generated", "-")), str(r.get("ms", "-"))]
                if r.get("verdict") == "proved":
                    proved[m] = r
            g = proved.get("guard", {})
            e = proved.get("erase", {})
            a = proved.get("auto", {})
            row += [ratio(g.get("given"), e.get("given")), ratio(g.get("given"), a.get("given")),
                    ratio(g.get("generated"), e.get("generated")),
                    ratio(g.get("generated"), a.get("generated")),
                    ratio(g.get("ms"), e.get("ms")), ratio(g.get("ms"), a.get("ms"))]
            print("\t".join(row))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
