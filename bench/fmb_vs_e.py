#!/usr/bin/env python3
"""craig's finite-model finding against E on the satisfiable side of the shared TPTP index.

usage: python3 bench/fmb_vs_e.py [--limit 3] [--every 1] [--unsat-every 0] [--formats CNF,FOF,TFF]
                                 [--index FILE] [--craig BINARY] [--out FILE]

For every problem of the index whose status is Satisfiable or CounterSatisfiable (every N-th with
`--every N`), runs E (Debian's eprover, --auto), `craig prove --engine fmb` and the default
`craig prove` (the prover, then finite-model finding when it gives up) with the same per-problem
limit, one problem at a time, and prints solved counts and the ratio craig/E. Every satisfiable
answer of craig must come with "% model checked:" (the independent checker evaluated every input
clause) and the FiniteModel block; `--unsat-every K` also runs `craig prove --engine fmb` on every
K-th Unsatisfiable/Theorem problem, where it must never answer. The script fails (exit 1) on any
wrong answer or unchecked model.
"""
import argparse, csv, os, re, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
# `../shared` next to the main checkout; a worktree under `wt/` finds it one level further up.
SHARED = next((d for d in (os.path.normpath(os.path.join(REPO, up, "shared")) for up in ("..", "../.."))
               if os.path.isdir(d)), os.path.normpath(os.path.join(REPO, "..", "shared")))
POS = {"Theorem", "Unsatisfiable", "ContradictoryAxioms"}
NEG = {"Satisfiable", "CounterSatisfiable"}


def run(cmd, limit, tptp):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit * 2 + 5,
                           env=dict(os.environ, TPTP=tptp))
        out = p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        out = "SZS status Timeout"
    m = re.search(r"SZS status\s+(\w+)", out)
    return (m.group(1) if m else "NoAnswer"), out, time.time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=3)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--unsat-every", type=int, default=0)
    ap.add_argument("--formats", default="CNF,FOF,TFF")
    ap.add_argument("--index", default=os.path.join(SHARED, "tptp", "index.tsv"))
    ap.add_argument("--craig", help="use this craig binary instead of building target/release/craig")
    ap.add_argument("--out", default=os.path.join(REPO, "target", "bench", "fmb_vs_e.tsv"))
    a = ap.parse_args()
    tptp = os.path.dirname(a.index)
    if a.craig:
        craig = os.path.abspath(a.craig)
    else:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
        craig = os.path.join(REPO, "target", "release", "craig")
    rows = [r for r in csv.DictReader(open(a.index), delimiter="\t") if r["format"] in a.formats.split(",")]
    sat = [r for r in rows if r["status"] in NEG][:: a.every]
    unsat = [r for r in rows if r["status"] in POS][:: a.unsat_every] if a.unsat_every else []
    provers = {
        "E": lambda p: ["eprover", "--auto", "-s", f"--cpu-limit={a.limit}", p],
        "craig-fmb": lambda p: [craig, "prove", "--engine", "fmb", "--time-limit", str(a.limit), p],
        "craig": lambda p: [craig, "prove", "--time-limit", str(a.limit), p],
    }
    solved = {name: 0 for name in provers}
    problems = []
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w") as log:
        log.write("name\tstatus\tprover\tgot\tseconds\n")
        for r in sat:
            path = os.path.join(tptp, r["path"])
            for name, cmd in provers.items():
                got, out, wall = run(cmd(path), a.limit, tptp)
                log.write(f"{r['name']}\t{r['status']}\t{name}\t{got}\t{wall:.2f}\n")
                if got in POS:
                    problems.append(f"WRONG: {name} says {got} on {r['name']} ({r['status']})")
                elif got in NEG:
                    solved[name] += 1
                    # craig's satisfiable answers come from a checked model or a complete saturation.
                    if name.startswith("craig") and "FiniteModel" in out and "% model checked:" not in out:
                        problems.append(f"UNCHECKED: {name} printed a model for {r['name']} without the check")
                    if name == "craig-fmb" and "% model checked:" not in out:
                        problems.append(f"UNCHECKED: {name} answered {got} on {r['name']} without a checked model")
        checked_unsat = 0
        for r in unsat:
            path = os.path.join(tptp, r["path"])
            got, out, wall = run(provers["craig-fmb"](path), a.limit, tptp)
            log.write(f"{r['name']}\t{r['status']}\tcraig-fmb\t{got}\t{wall:.2f}\n")
            checked_unsat += 1
            if got in NEG or "FiniteModel" in out:
                problems.append(f"WRONG: craig-fmb found a model for {r['name']} ({r['status']})")
    print(f"satisfiable problems: {len(sat)} (every {a.every}), limit {a.limit}s, formats {a.formats}")
    for name in provers:
        print(f"{name:10} solved {solved[name]}")
    for name in ("craig-fmb", "craig"):
        e = solved["E"]
        print(f"ratio {name}/E = {solved[name] / e if e else float('nan'):.3f}")
    print(f"unsatisfiable/theorem problems run with --engine fmb: {checked_unsat}, models claimed: "
          f"{sum('craig-fmb found a model' in p for p in problems)}")
    for p in problems:
        print(p)
    print(f"wrong or unchecked answers: {len(problems)}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
