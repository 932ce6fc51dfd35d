#!/usr/bin/env python3
"""Build craig's strategy schedule (src/solve/schedule.ron) from runs on the development index.

usage: python3 bench/build_schedule.py [--sample 150] [--limit 2.25] [--min-class 6]
                                       [--index FILE] [--craig BINARY] [--out FILE] [--fresh]
                                       [--strategies NAME,NAME]

The development index (../shared/tptp/index.tsv) is split by a hash of the problem name into a
tuning half and a test half (`half_of`, which bench/tptp_vs_e.py's --half uses too). On a
sample of the tuning half, every candidate strategy of STRATEGIES runs alone (`--no-schedule
--no-fmb`, one job, CPU-time limit), and the CPU time each takes to solve each problem is kept
(cached under target/schedule-tuning; --fresh reruns). Each problem's class is read from craig
itself (`--stats` prints it). Then, for every class with at least --min-class problems, for every
shape (unit, horn, general) and for all problems together (the default), a greedy cover picks
slices: at each step the strategy and share (in tenths) that solve the most new problems per
share within share x limit, up to four slices; leftover share goes to the first slice. The
schedule is written as RON, which `src/solve/schedule.rs` includes, so one command rebuilds it.
A WRONG answer (a status that contradicts the index) stops the script.
"""
import argparse, collections, csv, hashlib, os, re, resource, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
# The shared folder beside the clone (or beside its parent, for a worktree under wt/).
SHARED = next((d for d in (os.path.normpath(os.path.join(REPO, *up, "shared")) for up in ([".."], ["..", ".."]))
               if os.path.isdir(d)), os.path.normpath(os.path.join(REPO, "..", "shared")))
POS = {"Theorem", "Unsatisfiable", "ContradictoryAxioms"}
NEG = {"Satisfiable", "CounterSatisfiable"}

# The candidate strategies: name, then the prover options the schedule data records. The names
# are what `--stats` prints for the slice that solved a problem.
STRATEGIES = [
    ("default", dict(selection="max-negative-if-positive", clause_weight="symbols", age_ratio=1, weight_ratio=5, non_goal_weight_percent=150, sine_tolerance_percent=None)),
    ("complex-goal", dict(selection="complex", clause_weight="conjecture-relative", age_ratio=1, weight_ratio=5, non_goal_weight_percent=150, sine_tolerance_percent=None)),
    ("no-selection", dict(selection="none", clause_weight="symbols", age_ratio=1, weight_ratio=5, non_goal_weight_percent=150, sine_tolerance_percent=None)),
    ("instantiated-age", dict(selection="most-instantiated", clause_weight="symbols", age_ratio=1, weight_ratio=2, non_goal_weight_percent=100, sine_tolerance_percent=None)),
    ("sine-complex-goal", dict(selection="complex", clause_weight="conjecture-relative", age_ratio=1, weight_ratio=5, non_goal_weight_percent=150, sine_tolerance_percent=150)),
    ("lpo-complex-goal", dict(selection="complex", clause_weight="conjecture-relative", age_ratio=1, weight_ratio=5, non_goal_weight_percent=150, sine_tolerance_percent=None, ordering="lpo")),
    ("lpo-no-selection", dict(selection="none", clause_weight="symbols", age_ratio=1, weight_ratio=5, non_goal_weight_percent=150, sine_tolerance_percent=None, ordering="lpo")),
    ("goal-high-complex-goal", dict(selection="complex", clause_weight="conjecture-relative", age_ratio=1, weight_ratio=5, non_goal_weight_percent=150, sine_tolerance_percent=None, precedence="conjecture-high")),
    ("split-default", dict(selection="max-negative-if-positive", clause_weight="symbols", age_ratio=1, weight_ratio=5, non_goal_weight_percent=150, sine_tolerance_percent=None, splitting=True)),
    ("split-complex-goal", dict(selection="complex", clause_weight="conjecture-relative", age_ratio=1, weight_ratio=5, non_goal_weight_percent=150, sine_tolerance_percent=None, splitting=True)),
]
# Fields a strategy may leave out, with the value craig then uses (the schedule reader's defaults).
DEFAULTS = dict(ordering="kbo", precedence="arity", splitting=False)


def half_of(name):
    """'tune' or 'test': the half of the index a problem belongs to, by a hash of its name."""
    return "tune" if hashlib.sha256(name.encode()).digest()[0] % 2 == 0 else "test"


def sample_of(rows, half, n):
    """The first n problems of `half`, ordered by a second hash (a deterministic sample that
    mixes the domains)."""
    rows = [r for r in rows if half_of(r["name"]) == half]
    rows.sort(key=lambda r: hashlib.sha256(("sample:" + r["name"]).encode()).hexdigest())
    return rows[:n]


def strategy_args(options):
    args = ["--no-schedule", "--selection", options["selection"], "--clause-weight", options["clause_weight"],
            "--age-ratio", str(options["age_ratio"]), "--weight-ratio", str(options["weight_ratio"]),
            "--non-goal-weight", str(options["non_goal_weight_percent"])]
    if options["sine_tolerance_percent"] is not None:
        args += ["--sine", str(options["sine_tolerance_percent"])]
    args += ["--ordering", options.get("ordering", DEFAULTS["ordering"]),
             "--precedence", options.get("precedence", DEFAULTS["precedence"])]
    if options.get("splitting", DEFAULTS["splitting"]):
        args.append("--split")
    return args


def run_craig(craig, args, path, tptp, limit):
    """The SZS status and the CPU time craig spent (children's rusage, one job at a time)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run([craig, "prove", *args, path], capture_output=True, text=True,
                           timeout=limit * 3 + 10, env=dict(os.environ, TPTP=tptp))
        out = p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        out = "SZS status Timeout"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    m = re.search(r"SZS status\s+(\w+)", out)
    return (m.group(1) if m else "NoAnswer"), cpu, out


def greedy(problems, times, limit, names):
    """Slices (strategy, percent) covering `problems` greedily; times[s][p] is the CPU time
    strategy s took to solve p, or None."""
    slices, left, solved = [], 100, set()
    while left > 0 and len(slices) < 4:
        best = None
        for s in names:
            if any(s == t for t, _ in slices):
                continue
            for share in range(10, left + 1, 10):
                gain = {p for p in problems if p not in solved and times[s].get(p) is not None
                        and times[s][p] <= share / 100 * limit}
                if not gain:
                    continue
                key = (len(gain) / share, len(gain))
                if best is None or key > best[0]:
                    best = (key, s, share, gain)
        if best is None:
            break
        _, s, share, gain = best
        slices.append([s, share])
        left -= share
        solved |= gain
    if not slices:
        return None, 0
    slices[0][1] += left
    return [tuple(x) for x in slices], len(solved)


def ron_slices(slices):
    return "[" + ", ".join(f'(strategy: "{s}", percent: {p})' for s, p in slices) + "]"


def ron_field(key, value):
    """One field of a strategy in RON: strings quoted, the optional SInE tolerance as an Option."""
    if key == "sine_tolerance_percent":
        return f"{key}: {'None' if value is None else f'Some({value})'}"
    if isinstance(value, bool):
        return f"{key}: {'true' if value else 'false'}"
    return f'{key}: "{value}"' if isinstance(value, str) else f"{key}: {value}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sample", type=int, default=150)
    ap.add_argument("--limit", type=float, default=2.25,
                    help="CPU seconds per run: the prover's share (3/4) of a 3 s benchmark limit")
    ap.add_argument("--min-class", type=int, default=6)
    ap.add_argument("--formats", default="CNF,FOF")
    ap.add_argument("--index", default=os.path.join(SHARED, "tptp", "index.tsv"))
    ap.add_argument("--craig", help="use this craig binary instead of building target/release/craig")
    ap.add_argument("--out", default=os.path.join(REPO, "src", "solve", "schedule.ron"))
    ap.add_argument("--cache", default=os.path.join(REPO, "target", "schedule-tuning"))
    ap.add_argument("--fresh", action="store_true", help="ignore cached runs")
    ap.add_argument("--strategies", help="comma-separated candidate names to run (default: all of STRATEGIES); "
                    "for a quick comparison, written with --out elsewhere")
    a = ap.parse_args()
    candidates = STRATEGIES
    if a.strategies:
        wanted = a.strategies.split(",")
        unknown = [n for n in wanted if n not in dict(STRATEGIES)]
        if unknown:
            sys.exit(f"no candidate strategy {', '.join(unknown)}")
        candidates = [(n, o) for n, o in STRATEGIES if n in wanted]
    if a.craig:
        craig = os.path.abspath(a.craig)
    else:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
        craig = os.path.join(REPO, "target", "release", "craig")
    tptp = os.path.join(SHARED, "tptp")
    formats = set(a.formats.split(","))
    rows = [r for r in csv.DictReader(open(a.index), delimiter="\t") if r["format"] in formats]
    sample = sample_of(rows, "tune", a.sample)
    os.makedirs(a.cache, exist_ok=True)
    names = [n for n, _ in candidates]
    times = {n: {} for n in names}
    classes = {}
    cache_path = os.path.join(a.cache, f"runs-{a.limit}.tsv")
    cached = {}
    if os.path.exists(cache_path) and not a.fresh:
        for r in csv.DictReader(open(cache_path), delimiter="\t"):
            cached[(r["strategy"], r["name"])] = r
    with open(cache_path, "a") as cache:
        if os.path.getsize(cache_path) == 0:
            cache.write("strategy\tname\tstatus\tcpu\n")
        for i, row in enumerate(sample):
            path = os.path.join(tptp, row["path"])
            key = ("class", row["name"])
            if key not in cached:
                _, cpu, out = run_craig(craig, ["--steps", "1", "--no-fmb", "--stats"], path, tptp, a.limit)
                m = re.search(r"schedule: class (\S+)", out)
                cached[key] = dict(status=m.group(1) if m else "unknown", cpu=f"{cpu:.3f}")
                cache.write(f"class\t{row['name']}\t{cached[key]['status']}\t{cpu:.3f}\n")
            classes[row["name"]] = cached[key]["status"]
            for name, options in candidates:
                key = (name, row["name"])
                if key not in cached:
                    status, cpu, _ = run_craig(craig, ["--time-limit", str(a.limit), "--no-fmb", *strategy_args(options)],
                                               path, tptp, a.limit)
                    cached[key] = dict(status=status, cpu=f"{cpu:.3f}")
                    cache.write(f"{name}\t{row['name']}\t{status}\t{cpu:.3f}\n")
                    cache.flush()
                status, cpu = cached[key]["status"], float(cached[key]["cpu"])
                if status in POS | NEG:
                    if (status in POS) != (row["status"] in POS):
                        sys.exit(f"WRONG: {name} says {status} on {row['name']} (expected {row['status']})")
                    times[name][row["name"]] = cpu
            print(f"[{i + 1}/{len(sample)}] {row['name']} {classes[row['name']]}: "
                  + " ".join(f"{n}={'%.2f' % times[n][row['name']] if row['name'] in times[n] else '-'}" for n in names),
                  flush=True)
    problems = [r["name"] for r in sample]
    print()
    for n in names:
        print(f"{n:20} solves {len(times[n]):4} of {len(problems)} alone within {a.limit}s")
    union = {p for n in names for p in times[n]}
    print(f"{'any strategy':20} solves {len(union):4}")
    default, covered = greedy(problems, times, a.limit, names)
    if default is None:
        default, covered = [("default", 100)], 0
    print(f"default schedule {default}: {covered} problems")
    groups = collections.defaultdict(list)
    for p in problems:
        c = classes[p]
        groups[c].append(p)
        groups[c.split("-")[0]].append(p)
    chosen = {}
    for g in sorted(groups):
        if len(groups[g]) < a.min_class:
            continue
        slices, covered = greedy(groups[g], times, a.limit, names)
        if slices is None:
            continue
        chosen[g] = slices
        print(f"class {g:24} {len(groups[g]):3} problems: {slices}: {covered}")
    lines = [
        "// The strategy schedule of `craig prove`, written by bench/build_schedule.py; rebuild it with",
        f"// `python3 bench/build_schedule.py` (tuned on {len(problems)} problems of the tuning half of the",
        f"// development index at {a.limit} s CPU per strategy). Do not edit by hand.",
        "(",
        "    strategies: [",
    ]
    for name, o in candidates:
        fields = ", ".join(ron_field(k, v) for k, v in o.items())
        lines.append(f'        (name: "{name}", {fields}),')
    lines.append("    ],")
    lines.append(f"    default: {ron_slices(default)},")
    lines.append("    classes: {")
    for g, slices in sorted(chosen.items()):
        lines.append(f'        "{g}": {ron_slices(slices)},')
    lines.append("    },")
    lines.append(")")
    with open(a.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
