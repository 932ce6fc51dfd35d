#!/usr/bin/env python3
"""Concurrent boolean programs (issue 39): context-bounded checking cross-checked against the
explicit interleaving baseline.

usage: python3 bench/concurrent_bp.py [--craig BINARY] [--no-build] [--timeout SECONDS]
                                      [--contexts 0,1,2,3] [--generated N] [--seed S]
                                      [--max-states N]

The programs are the concurrent examples of examples/boolprog (Getafix's conventions: an
`init` procedure, `main` and the `thread...` procedures, the `atomic` globals, SLAM's
`SLIC_ERROR` label) and N programs with two or three threads written by a generator seeded
here (the same seed gives the same programs), in the shape of the property test of
tests/it/boolprog.rs: shared globals, assignments, `assume`s, `assert`s, atomic sections, calls
of a procedure that writes a global, and perhaps the error label.

Each program is checked for every K with `craig check-bp FILE --contexts K --stats` three ways:
Lal and Reps's reduction on the summary engine with patterns (the default), the same with
full visible states (`--no-patterns`), and the explicit interleaving baseline
(`--no-summaries`). A definite verdict (`safe up to K` or an error after at most K switches,
whose interleaving craig has replayed) of one engine that contradicts a definite verdict of
another is a disagreement; the script prints every one and exits 1 if there is any. An
`unknown` (a budget reached) or a timeout is counted, never compared. Wall time is printed for
information only; the states and counters are craig's own and deterministic.

Reads nothing outside the repository; the generated programs are written to a temporary folder
and printed with `--keep DIR`.
"""
import argparse, os, random, re, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
ENGINES = [("patterns", []), ("states", ["--no-patterns"]), ("explicit", ["--no-summaries"])]
STAT = re.compile(r"^% (\w+) (\d+)$")
EXPLICIT = re.compile(r"^% interleavings: states (\d+), moves (\d+), cut by depth (\d+)$")
TIME = re.compile(r"^% time_ms ([0-9.]+)$")
SWITCHES = re.compile(r" after (\d+) context switch")


def expr(rng, names, depth):
    """A random boolean expression over `names` (as the property test's `bool_expr`)."""
    if depth == 0 or rng.random() < 0.5:
        return rng.choice(["T", "F", "*"] + names)
    if rng.random() < 0.67:
        op = rng.choice(["&", "|", "^", "=", "!=", "=>"])
        return f"({expr(rng, names, depth - 1)} {op} {expr(rng, names, depth - 1)})"
    return "!" + expr(rng, names, depth - 1)


def statement(rng):
    names = ["g0", "g1", "l"]
    x, e = rng.choice(names), expr(rng, names, 1)
    kind = rng.choices(["assign", "assume", "assert", "atomic", "call"], [4, 1, 1, 1, 1])[0]
    return {
        "assign": f"{x} := {e};",
        "assume": f"assume({e});",
        "assert": f"assert({e});",
        "atomic": f"atomic_begin; {x} := {e}; assume({x}); atomic_end;",
        "call": f"{x} := h({e});",
    }[kind]


def generate(rng, threads):
    """A concurrent program with `threads` threads (`main`, `thread1`, ...)."""
    init = rng.choice(["g0, g1 := F, F;", "g0, g1 := T, F;", "g0 := *;"])
    text = ("decl super_atomic, atomic, g0, g1;\n"
            f"void init() begin\n  super_atomic, atomic := F, F;\n  {init}\nend\n"
            "bool h(a) begin\n  g1 := !g1;\n  return !a;\nend\n")
    for t in range(threads):
        name = "main" if t == 0 else f"thread{t}"
        text += f"void {name}() begin\n  decl l;\n  atomic := F;\n"
        for _ in range(rng.randint(1, 4)):
            text += f"  {statement(rng)}\n"
        if rng.random() < 0.5:
            text += f"  if ({expr(rng, ['g0', 'g1', 'l'], 1)}) then SLIC_ERROR: skip; fi\n"
        text += "end\n"
    return text


def is_concurrent(text):
    """Getafix's conventions, as craig's reader decides them (an `atomic` global, an `init`
    procedure or atomic sections); craig refuses `--contexts` on any other program."""
    return re.search(r"\batomic\b|\bvoid\s+init\s*\(|\batomic_begin\b", text) is not None


def run(craig, path, k, flags, timeout, max_states):
    cmd = [craig, "check-bp", path, "--contexts", str(k), "--stats",
           "--max-states", str(max_states)] + flags
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"verdict": "timeout", "secs": None}
    secs = time.monotonic() - start
    lines = p.stdout.splitlines()
    first = lines[0] if lines else ""
    row = {"secs": secs, "line": first, "code": p.returncode}
    if p.returncode == 0 and first.startswith(f"safe up to {k} context switch"):
        row["verdict"] = "safe"
    elif p.returncode == 1 and "interleaving replayed" in first:
        m = SWITCHES.search(first)
        row["verdict"] = "error"
        row["switches"] = int(m.group(1)) if m else None
    elif p.returncode == 3:
        row["verdict"] = "unknown"
    else:
        row["verdict"] = f"bad (exit {p.returncode}: {first or p.stderr.strip()[:120]})"
    for line in lines:
        m = STAT.match(line)
        if m:
            row[m.group(1)] = int(m.group(2))
        m = EXPLICIT.match(line)
        if m:
            row["states"], row["moves"], row["cut"] = map(int, m.groups())
        m = TIME.match(line)
        if m:
            row["secs"] = float(m.group(1)) / 1000.0
    return row


def cell(r):
    if r["verdict"] in ("safe", "error"):
        return f"{r['verdict']} {r.get('states', '-')}"
    return r["verdict"].split(" (")[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--craig", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target")), "release", "craig"))
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--timeout", type=float, default=60.0, help="per run, seconds")
    ap.add_argument("--contexts", default="0,1,2,3")
    ap.add_argument("--generated", type=int, default=24,
                    help="generated programs (half with two threads, half with three)")
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--max-states", type=int, default=1_000_000)
    ap.add_argument("--keep", help="write the generated programs to this folder")
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
    bounds = [int(k) for k in args.contexts.split(",")]
    folder = os.path.join(REPO, "examples/boolprog")
    programs = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name.endswith(".bp") and is_concurrent(open(path).read()):
            programs.append((name[:-3], path))
    rng = random.Random(args.seed)
    tmp = tempfile.TemporaryDirectory()
    out_dir = args.keep or tmp.name
    os.makedirs(out_dir, exist_ok=True)
    for i in range(args.generated):
        threads = 2 if i % 2 == 0 else 3
        path = os.path.join(out_dir, f"gen{i:02}_{threads}t.bp")
        with open(path, "w") as f:
            f.write(generate(rng, threads))
        programs.append((f"gen{i:02}_{threads}t", path))

    print(f"Concurrent boolean programs (craig {args.craig}; seed {args.seed}; "
          f"--max-states {args.max_states}; timeout {args.timeout:.0f} s per run)")
    print("cell: verdict and states (reduction: states of the summary engine on the reduced "
          "program; explicit: interleaving states)")
    header = f"{'program':<20} {'K':>2} | " + " | ".join(f"{e:<16}" for e, _ in ENGINES) + \
        " | secs (patterns/states/explicit)"
    print(header)
    print("-" * len(header))
    disagreements, tally, total_secs = [], {}, {e: 0.0 for e, _ in ENGINES}
    for name, path in programs:
        for k in bounds:
            rows = [run(args.craig, path, k, flags, args.timeout, args.max_states)
                    for _, flags in ENGINES]
            for (engine, _), r in zip(ENGINES, rows):
                tally[(engine, r["verdict"].split(" (")[0])] = \
                    tally.get((engine, r["verdict"].split(" (")[0]), 0) + 1
                if r["secs"] is not None:
                    total_secs[engine] += r["secs"]
                if r["verdict"].startswith("bad"):
                    disagreements.append(f"{name} K={k} {engine}: {r['verdict']}")
                if r["verdict"] == "error" and (r.get("switches") is None or r["switches"] > k):
                    disagreements.append(f"{name} K={k} {engine}: trace with "
                                         f"{r.get('switches')} switches")
            definite = {r["verdict"] for r in rows if r["verdict"] in ("safe", "error")}
            if len(definite) > 1:
                said = ", ".join(f"{e}={r['verdict']}" for (e, _), r in zip(ENGINES, rows))
                disagreements.append(f"{name} K={k}: {said}")
            secs = "/".join("-" if r["secs"] is None else f"{r['secs']:.2f}" for r in rows)
            print(f"{name:<20} {k:>2} | " + " | ".join(f"{cell(r):<16}" for r in rows) +
                  f" | {secs}", flush=True)
    print()
    for engine, _ in ENGINES:
        counts = ", ".join(f"{v} {n}" for (e, v), n in sorted(tally.items()) if e == engine)
        print(f"{engine:<9}: {counts}; {total_secs[engine]:.1f} s in all")
    runs = len(programs) * len(bounds)
    print(f"{len(programs)} programs x {len(bounds)} bounds = {runs} checks per engine; "
          f"{len(disagreements)} disagreements")
    for d in disagreements:
        print("DISAGREEMENT " + d)
    tmp.cleanup()
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
