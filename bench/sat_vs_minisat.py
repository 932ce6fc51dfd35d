#!/usr/bin/env python3
"""craig sat against MiniSat and CaDiCaL on generated DIMACS problems, side by side in one run.

usage: python3 bench/sat_vs_minisat.py [--limit 60] [--out DIR] [--craig BINARY] [--quick]
                                       [--craig-args "--no-check"]

Generates its problems (nothing is read from ../shared):
  php      pigeonhole PHP(n+1, n) for n = 6..9 (unsatisfiable)
  random   random 3-SAT at clause/variable ratio 4.26, 100..250 variables, fixed seed
  bmc      bounded model checking of 8- to 10-bit counters with an enable input (can it reach
           a target value within k steps? satisfiable iff k >= target) and of a 12-bit shift
           register with XOR feedback and an input (can it reach a target state within k steps?)
then runs target/release/craig sat (proof recording and checking on, its default), minisat
(/usr/bin/minisat) and cadical (/usr/bin/cadical) on each problem with the same per-problem
time limit, checks that the answers agree and that every model printed satisfies the problem
(a disagreement or a bad model is printed loudly and makes the exit code 1), and prints a
table per family: problems solved and total wall time per solver (an unsolved problem counts
the limit), and the ratios craig/minisat and craig/cadical of those totals.
"""
import argparse, os, random, shlex, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


# ---------------------------------------------------------------- problem generators

def pigeonhole(n):
    var = lambda p, h: p * n + h + 1
    clauses = [[var(p, h) for h in range(n)] for p in range(n + 1)]
    for h in range(n):
        for p in range(n + 1):
            for q in range(p + 1, n + 1):
                clauses.append([-var(p, h), -var(q, h)])
    return n * (n + 1), clauses


def random_3sat(n, ratio, rng):
    m = round(ratio * n)
    clauses = []
    for _ in range(m):
        vs = rng.sample(range(1, n + 1), 3)
        clauses.append([v if rng.random() < 0.5 else -v for v in vs])
    return n, clauses


class Circuit:
    """Tseitin encoding of a circuit into clauses."""

    def __init__(self):
        self.n = 0
        self.clauses = []

    def new(self):
        self.n += 1
        return self.n

    def const(self, value):
        v = self.new()
        self.clauses.append([v if value else -v])
        return v

    def and2(self, a, b):
        c = self.new()
        self.clauses += [[-c, a], [-c, b], [c, -a, -b]]
        return c

    def xor2(self, a, b):
        c = self.new()
        self.clauses += [[-c, a, b], [-c, -a, -b], [c, -a, b], [c, a, -b]]
        return c

    def equals(self, bits, value):
        """A variable true iff the bit vector equals the constant."""
        lits = [b if (value >> i) & 1 else -b for i, b in enumerate(bits)]
        e = self.new()
        self.clauses += [[-e, l] for l in lits]
        self.clauses.append([e] + [-l for l in lits])
        return e


def bmc_counter(width, target, k):
    """An up-counter with a free enable input each step; can it equal `target` within k steps?"""
    c = Circuit()
    state = [c.const(False) for _ in range(width)]
    bad = [c.equals(state, target)]
    for _ in range(k):
        carry = c.new()  # the enable input
        nxt = []
        for bit in state:
            nxt.append(c.xor2(bit, carry))
            carry = c.and2(bit, carry)
        state = nxt
        bad.append(c.equals(state, target))
    c.clauses.append(bad)
    return c.n, c.clauses


def bmc_shift(width, taps, target, k):
    """A shift register with XOR feedback and an input; can it reach `target` within k steps?"""
    c = Circuit()
    state = [c.const(i == 0) for i in range(width)]
    bad = [c.equals(state, target)]
    for _ in range(k):
        feedback = c.new()  # the input
        for t in taps:
            feedback = c.xor2(feedback, state[t])
        state = [feedback] + state[:-1]
        bad.append(c.equals(state, target))
    c.clauses.append(bad)
    return c.n, c.clauses


def problems(quick):
    rng = random.Random(20240611)
    out = []
    for n in (range(6, 8) if quick else range(6, 10)):
        out.append(("php", f"php-{n + 1}-{n}", *pigeonhole(n)))
    sizes = [100, 150] if quick else [100, 150, 200, 250]
    for n in sizes:
        for i in range(2 if quick else 4):
            out.append(("random", f"uf{n}-{i}", *random_3sat(n, 4.26, rng)))
    counter = [(8, 100, 99), (8, 100, 100), (9, 300, 299), (9, 300, 300), (10, 500, 499)]
    for width, target, k in counter[:2] if quick else counter:
        out.append(("bmc", f"counter{width}-{target}-k{k}", *bmc_counter(width, target, k)))
    shift = [(12, (5, 11), 0x3BC, 3), (12, (5, 11), 0x3BC, 11), (12, (5, 11), 0x800, 40)]
    for width, taps, target, k in shift[:1] if quick else shift:
        out.append(("bmc", f"shift{width}-{target:x}-k{k}", *bmc_shift(width, taps, target, k)))
    return out


def write_cnf(path, n, clauses):
    with open(path, "w") as f:
        f.write(f"p cnf {n} {len(clauses)}\n")
        for cl in clauses:
            f.write(" ".join(map(str, cl)) + " 0\n")


# ---------------------------------------------------------------- running the solvers

def parse_v_lines(text):
    lits = []
    for line in text.splitlines():
        if line.startswith("v "):
            lits += [int(w) for w in line[2:].split()]
    return lits


def run(cmd, limit, result_file=None):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + 10)
        code, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "UNKNOWN", limit, None, ""
    elapsed = time.monotonic() - start
    status = {10: "SAT", 20: "UNSAT"}.get(code, "UNKNOWN")
    model = None
    if status == "SAT":
        if result_file:
            with open(result_file) as f:
                words = f.read().split()
            model = [int(w) for w in words[1:]]
        else:
            model = parse_v_lines(out)
    if status == "UNKNOWN" and code not in (0, 10, 20):
        err = f"exit {code}: {err.strip()[:300]}"
    if status == "UNKNOWN":
        elapsed = limit
    return status, min(elapsed, limit), model, err


def model_ok(clauses, model):
    true = set(l for l in model if l != 0)
    return all(any(l in true for l in cl) for cl in clauses)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per problem and solver")
    ap.add_argument("--out", default=os.path.join(REPO, "target", "bench", "sat"))
    ap.add_argument("--craig", help="use this craig binary instead of building one in release mode")
    ap.add_argument("--craig-args", default="", help="extra arguments for craig sat")
    ap.add_argument("--quick", action="store_true", help="a smaller set, for a smoke test")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.craig:
        craig = os.path.abspath(a.craig)
    else:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
        craig = os.path.join(target, "release", "craig")
    limit = a.limit
    lim = str(int(max(1, round(limit))))
    solvers = {
        "craig": lambda f, r: [craig, "sat", f, "--time-limit", str(limit)] + shlex.split(a.craig_args),
        "minisat": lambda f, r: ["minisat", "-verb=0", f"-cpu-lim={lim}", f, r],
        "cadical": lambda f, r: ["cadical", "-q", "-t", lim, f],
    }
    rows = []
    bad = []
    print(f"per-problem limit {limit}s; craig = {craig} sat {a.craig_args}".rstrip(), flush=True)
    print(f"{'problem':22} {'vars':>6} {'clauses':>7}  " + "  ".join(f"{s:>15}" for s in solvers))
    for family, name, n, clauses in problems(a.quick):
        path = os.path.join(a.out, name + ".cnf")
        write_cnf(path, n, clauses)
        results = {}
        for solver, cmd in solvers.items():
            result_file = os.path.join(a.out, f"{name}.{solver}.out")
            status, elapsed, model, err = run(cmd(path, result_file), limit,
                                              result_file if solver == "minisat" else None)
            if status == "SAT" and not model_ok(clauses, model or []):
                bad.append(f"{name}: {solver} printed a model that falsifies the problem")
            if err and status == "UNKNOWN" and not err.startswith("exit 0"):
                print(f"  note: {solver} on {name}: {err}", file=sys.stderr)
            results[solver] = (status, elapsed)
        answers = {s for s, _ in results.values() if s != "UNKNOWN"}
        if len(answers) > 1:
            bad.append(f"{name}: answers disagree: " + ", ".join(f"{k} {v[0]}" for k, v in results.items()))
        rows.append((family, name, results))
        cells = "  ".join(f"{st:>7} {t:6.2f}s" for st, t in results.values())
        print(f"{name:22} {n:6} {len(clauses):7}  {cells}", flush=True)

    print()
    print(f"{'family':8} {'n':>3}  " + "  ".join(f"{s + ' solved':>14} {'time':>8}" for s in solvers)
          + f"  {'craig/minisat':>13} {'craig/cadical':>13}")
    for family in sorted({r[0] for r in rows}, key=["php", "random", "bmc"].index) + ["all"]:
        fam = [r for r in rows if family in ("all", r[0])]
        cells = []
        totals = {}
        for s in solvers:
            solved = sum(1 for r in fam if r[2][s][0] != "UNKNOWN")
            totals[s] = sum(r[2][s][1] for r in fam)
            cells.append(f"{solved:>14} {totals[s]:7.2f}s")
        ratio = lambda x, y: f"{x / y:13.2f}" if y > 0 else f"{'-':>13}"
        print(f"{family:8} {len(fam):3}  " + "  ".join(cells)
              + f"  {ratio(totals['craig'], totals['minisat'])} {ratio(totals['craig'], totals['cadical'])}")
    print()
    if bad:
        print("!" * 70)
        for b in bad:
            print("!!! " + b)
        print("!" * 70)
        sys.exit(1)
    print("disagreements: 0; every printed model satisfies its problem")


if __name__ == "__main__":
    main()
