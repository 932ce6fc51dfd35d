#!/usr/bin/env python3
"""craig smt against z3 and cvc5 on generated QF_UF, QF_LRA and QF_LIA problems, side by side
in one run.

usage: python3 bench/smt_vs_z3.py [--limit 20] [--craig BINARY] [--quick] [--out DIR] [--counters]
                                  [--families cycle,random,chain,lra,lia,parity,ladder,uflia,divmod,equations,divisibility,arrays,swaps]

Generates its problems (nothing is read from ../shared), with a fixed seed:
  cycle    f^m(a) = a and f^n(a) = a and f^gcd(m,n)(a) != a (unsatisfiable), m, n up to 40
  random   random clauses over equalities of terms built from k constants, a unary f and a
           binary g (depth <= 2), at several sizes; sat and unsat mixed
  chain    a diamond chain: (x_i = y_i and y_i = x_{i+1}) or (x_i = z_i and z_i = x_{i+1}),
           with x_0 != x_n (unsatisfiable, exponentially many propositional models)
  lra      random clauses (width 1-2) of linear constraints over k Real variables, coefficients
           in -5..5, every variable boxed in [-20, 20]; sat and unsat mixed
  lia      the same over Int variables, boxed in [-10, 10] (branch and bound territory)
  parity   2·(x_1 + … + x_k) = 2·y + 1 with boxes, plus random side constraints (unsatisfiable
           over the integers, satisfiable over the rationals: integer rounding decides it)
  ladder   (x_i + 1 <= x_{i+1}) or (x_i + 2 <= x_{i+1}) for i < n, and x_n <= x_0 + n - 1 over
           Reals (unsatisfiable; exponentially many propositional models for an offline loop)
  uflia    QF_UFLIA: random clauses of linear constraints and equalities over k Int constants
           boxed in [-5, 5] and the terms f(x), f(x + 1), f(f(x)), g(x, y) built on them
           (theory combination); sat and unsat mixed
  divmod   QF_LIA: random clauses of linear constraints over k Int constants boxed in
           [-30, 30] and their quotients and remainders (div x k), (mod x k), k in ±2..±5
  equations  QF_LIA: r random equations (coefficients in -6..6, right sides in -12..12) over
           u unbounded Int unknowns, (r, u) = (2, 3) and (3, 4): no box, so branch and bound
           alone may chase them for ever (cuts decide them)
  divisibility  QF_LIA: equations over u unbounded Int unknowns with no integer solution and a
           rational one, the divisibility hidden by mixing rows: d·u·x = d·t + 1 plus c times
           the other rows, (rows, u) = (2, 3), (3, 4), (4, 6); all unsatisfiable (the
           Diophantine step decides them)
  arrays   QF_ALIA: random clauses over k Int constants boxed in [-3, 3] and arrays (Array Int
           Int): reads of arrays and of one or two stores on them, equalities and comparisons
           of reads, and equalities and disequalities of array terms (extensionality); sat and
           unsat mixed
  swaps    QF_ALIA: a chain of n arrays, each the previous one with two elements swapped
           twice (the identity: a_0 != a_n is unsatisfiable) or once (satisfiable)
then runs target/release/craig smt, z3 (/usr/bin/z3) and cvc5 (/usr/bin/cvc5) on each with the
same per-problem time limit, checks that the answers agree (a disagreement is printed loudly
and makes the exit code 1), and prints per family: problems solved and total wall time per
solver (an unsolved problem counts the limit) and the ratios craig/z3 and craig/cvc5.
`--counters` runs craig once more per problem with `--stats` (untimed) and prints the sum of
its counters per family (SAT rounds, conflicts, splits, cuts, propagations, ...).
"""
import argparse, math, os, random, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
HEADER = "(set-logic QF_UF)\n(declare-sort U 0)\n"


def cycle(m, n):
    def f(k):
        t = "a"
        for _ in range(k):
            t = f"(f {t})"
        return t
    g = math.gcd(m, n)
    return (HEADER + "(declare-const a U)\n(declare-fun f (U) U)\n"
            f"(assert (= {f(m)} a))\n(assert (= {f(n)} a))\n(assert (not (= {f(g)} a)))\n(check-sat)\n")


def random_problem(rng, consts, clauses, width):
    names = [f"c{i}" for i in range(consts)]
    terms = list(names)
    for _ in range(consts):
        terms.append(f"(f {rng.choice(names)})")
        terms.append(f"(g {rng.choice(names)} {rng.choice(names)})")
    for _ in range(consts):
        terms.append(f"(f {rng.choice(terms)})")
        terms.append(f"(g {rng.choice(terms)} {rng.choice(names)})")
    text = HEADER + "".join(f"(declare-const {c} U)\n" for c in names)
    text += "(declare-fun f (U) U)\n(declare-fun g (U U) U)\n"
    for _ in range(clauses):
        lits = []
        for _ in range(rng.randint(1, width)):
            atom = f"(= {rng.choice(terms)} {rng.choice(terms)})"
            lits.append(atom if rng.random() < 0.5 else f"(not {atom})")
        text += f"(assert (or {' '.join(lits)}))\n"
    return text + "(check-sat)\n"


def chain(n):
    text = HEADER
    for i in range(n + 1):
        text += f"(declare-const x{i} U)\n"
    for i in range(n):
        text += f"(declare-const y{i} U)\n(declare-const z{i} U)\n"
        text += (f"(assert (or (and (= x{i} y{i}) (= y{i} x{i + 1})) "
                 f"(and (= x{i} z{i}) (= z{i} x{i + 1}))))\n")
    return text + f"(assert (not (= x0 x{n})))\n(check-sat)\n"


def linear_clauses(rng, names, clauses, width, coefficient):
    text = ""
    for _ in range(clauses):
        lits = []
        for _ in range(rng.randint(1, width)):
            used = rng.sample(names, min(len(names), rng.randint(1, 3)))
            terms = " ".join(f"(* {num(rng.randint(-coefficient, coefficient))} {v})" for v in used)
            op = rng.choice(["<=", "<", ">=", ">", "="])
            lhs = f"(+ {terms})" if len(used) > 1 else terms  # cvc5 wants two summands
            lits.append(f"({op} {lhs} {num(rng.randint(-10, 10))})")
        text += f"(assert (or {' '.join(lits)}))\n"
    return text


def num(n):
    return f"(- {-n})" if n < 0 else str(n)


def arith_random(rng, sort, consts, clauses, width, box):
    logic = "QF_LRA" if sort == "Real" else "QF_LIA"
    names = [f"x{i}" for i in range(consts)]
    text = f"(set-logic {logic})\n" + "".join(f"(declare-const {v} {sort})\n" for v in names)
    text += "".join(f"(assert (<= {num(-box)} {v} {box}))\n" for v in names)
    text += linear_clauses(rng, names, clauses, width, 5)
    return text + "(check-sat)\n"


def parity(rng, k):
    names = [f"x{i}" for i in range(k)] + ["y"]
    text = "(set-logic QF_LIA)\n" + "".join(f"(declare-const {v} Int)\n" for v in names)
    text += "".join(f"(assert (<= (- 50) {v} 50))\n" for v in names)
    text += f"(assert (= (* 2 (+ {' '.join(names[:-1])})) (+ (* 2 y) 1)))\n"
    text += linear_clauses(rng, names, k, 2, 3)
    return text + "(check-sat)\n"


def ladder(n):
    text = "(set-logic QF_LRA)\n" + "".join(f"(declare-const x{i} Real)\n" for i in range(n + 1))
    for i in range(n):
        text += f"(assert (or (<= (+ x{i} 1) x{i + 1}) (<= (+ x{i} 2) x{i + 1})))\n"
    return text + f"(assert (<= x{n} (+ x0 {n - 1})))\n(check-sat)\n"


def uflia(rng, consts, clauses):
    names = [f"x{i}" for i in range(consts)]
    text = "(set-logic QF_UFLIA)\n(declare-fun f (Int) Int)\n(declare-fun g (Int Int) Int)\n"
    text += "".join(f"(declare-const {v} Int)\n" for v in names)
    text += "".join(f"(assert (<= (- 5) {v} 5))\n" for v in names)
    terms = list(names)
    for _ in range(consts + 2):
        x, y = rng.choice(names), rng.choice(names)
        terms.append(rng.choice([f"(f {x})", f"(f (+ {x} 1))", f"(f (f {x}))", f"(g {x} {y})"]))
    terms = sorted(set(terms))
    for _ in range(clauses // 3):
        a, b = rng.sample(terms, 2)
        eq = f"(= {a} {b})"
        text += f"(assert {eq if rng.random() < 0.5 else f'(not {eq})'})\n"
    text += linear_clauses(rng, terms, clauses, 2, 3)
    return text + "(check-sat)\n"


def divmod_problem(rng, consts, clauses):
    names = [f"x{i}" for i in range(consts)]
    text = "(set-logic QF_LIA)\n" + "".join(f"(declare-const {v} Int)\n" for v in names)
    text += "".join(f"(assert (<= (- 30) {v} 30))\n" for v in names)
    terms = list(names)
    for v in names:
        k = rng.choice([2, 3, 4, 5, -2, -3])
        terms.append(f"({rng.choice(['div', 'mod'])} {v} {num(k)})")
    text += linear_clauses(rng, terms, clauses, 2, 3)
    return text + "(check-sat)\n"


def equations(rng, rows, unknowns):
    names = [f"x{i}" for i in range(unknowns)]
    text = "(set-logic QF_LIA)\n" + "".join(f"(declare-const {v} Int)\n" for v in names)
    for _ in range(rows):
        terms = " ".join(f"(* {num(rng.randint(-6, 6))} {v})" for v in names)
        text += f"(assert (= (+ {terms}) {num(rng.randint(-12, 12))}))\n"
    return text + "(check-sat)\n"


def divisibility(rng, rows, unknowns):
    names = [f"x{i}" for i in range(unknowns)]
    d = rng.randint(2, 7)
    others = [[rng.randint(-5, 5) for _ in names] for _ in range(rows - 1)]
    values = [rng.randint(-9, 9) for _ in others]
    hidden = [rng.randint(-4, 4) for _ in names]
    hidden[0] = rng.randint(1, 4)
    first = [d * h for h in hidden]
    right = d * rng.randint(-9, 9) + 1
    for row, value in zip(others, values):
        c = rng.randint(-3, 3)
        first = [f + c * r for f, r in zip(first, row)]
        right += c * value
    text = "(set-logic QF_LIA)\n" + "".join(f"(declare-const {v} Int)\n" for v in names)
    for row, value in [(first, right)] + list(zip(others, values)):
        terms = " ".join(f"(* {num(c)} {v})" for c, v in zip(row, names))
        text += f"(assert (= (+ {terms}) {num(value)}))\n"
    return text + "(check-sat)\n"


def arrays_problem(rng, consts, arrays, clauses):
    names = [f"x{i}" for i in range(consts)]
    bases = [f"a{i}" for i in range(arrays)]
    text = "(set-logic QF_ALIA)\n" + "".join(f"(declare-const {v} Int)\n" for v in names)
    text += "".join(f"(declare-const {a} (Array Int Int))\n" for a in bases)
    text += "".join(f"(assert (<= (- 3) {v} 3))\n" for v in names)
    index = lambda: rng.choice(names + [f"(+ {rng.choice(names)} 1)", num(rng.randint(-2, 2))])
    value = lambda: rng.choice(names + [num(rng.randint(-3, 3))])
    array_terms = list(bases)
    for _ in range(arrays + 1):
        inner = f"(store {rng.choice(bases)} {index()} {value()})"
        array_terms.append(inner)
        if rng.random() < 0.5:
            array_terms.append(f"(store {inner} {index()} {value()})")
    reads = [f"(select {rng.choice(array_terms)} {index()})" for _ in range(consts + arrays + 2)]
    for _ in range(clauses):
        lits = []
        for _ in range(rng.randint(1, 2)):
            kind = rng.random()
            if kind < 0.25:
                a, b = rng.sample(array_terms, 2)
                atom = f"(= {a} {b})"
            elif kind < 0.65:
                atom = f"(= {rng.choice(reads)} {rng.choice(reads + names)})"
            else:
                op = rng.choice(["<=", "<", "="])
                atom = f"({op} {rng.choice(reads)} {value()})"
            lits.append(atom if rng.random() < 0.6 else f"(not {atom})")
        text += f"(assert (or {' '.join(lits)}))\n"
    return text + "(check-sat)\n"


def swaps(rng, n, twice):
    text = "(set-logic QF_ALIA)\n" + "".join(
        f"(declare-const a{k} (Array Int Int))\n" for k in range(n + 1))
    text += "".join(f"(declare-const i{k} Int)\n(declare-const j{k} Int)\n" for k in range(n))
    for k in range(n):
        once = f"(store (store a{k} i{k} (select a{k} j{k})) j{k} (select a{k} i{k}))"
        if twice:
            once = (f"(let ((b {once})) "
                    f"(store (store b i{k} (select b j{k})) j{k} (select b i{k})))")
        text += f"(assert (= a{k + 1} {once}))\n"
    return text + f"(assert (not (= a0 a{n})))\n(check-sat)\n"


def families(quick):
    rng = random.Random(20261123)
    fams = {"cycle": [], "random": [], "chain": []}
    pairs = [(3, 5), (7, 11), (12, 18), (17, 23), (30, 41), (40, 28)]
    for m, n in pairs[: 3 if quick else None]:
        fams["cycle"].append((f"cycle_{m}_{n}", cycle(m, n)))
    sizes = [(4, 10, 3), (6, 20, 3), (8, 40, 3), (10, 60, 4)]
    for consts, clauses, width in sizes[: 2 if quick else None]:
        for k in range(3 if quick else 6):
            fams["random"].append((f"random_{consts}_{clauses}_{k}",
                                   random_problem(rng, consts, clauses, width)))
    for n in ([4, 6] if quick else [4, 6, 8, 10, 12]):
        fams["chain"].append((f"chain_{n}", chain(n)))
    rng = random.Random(20261126)
    fams.update({"lra": [], "lia": [], "parity": [], "ladder": []})
    for consts, clauses in [(3, 6), (5, 12), (8, 20), (12, 30)][: 2 if quick else None]:
        for k in range(3 if quick else 6):
            fams["lra"].append((f"lra_{consts}_{clauses}_{k}",
                                arith_random(rng, "Real", consts, clauses, 2, 20)))
            fams["lia"].append((f"lia_{consts}_{clauses}_{k}",
                                arith_random(rng, "Int", consts, clauses, 2, 10)))
    for k in ([2, 4] if quick else [2, 4, 6, 8, 10]):
        fams["parity"].append((f"parity_{k}", parity(rng, k)))
    for n in ([4, 6] if quick else [4, 6, 8, 10]):
        fams["ladder"].append((f"ladder_{n}", ladder(n)))
    rng = random.Random(20261127)
    fams.update({"uflia": [], "divmod": []})
    for consts, clauses in [(2, 4), (3, 8), (4, 12), (6, 18)][: 2 if quick else None]:
        for k in range(3 if quick else 6):
            fams["uflia"].append((f"uflia_{consts}_{clauses}_{k}", uflia(rng, consts, clauses)))
            fams["divmod"].append((f"divmod_{consts}_{clauses}_{k}",
                                   divmod_problem(rng, consts, clauses)))
    rng = random.Random(20261128)
    fams["equations"] = [(f"equations_{r}_{u}_{k}", equations(rng, r, u))
                         for r, u in [(2, 3), (3, 4)][: 1 if quick else None]
                         for k in range(6 if quick else 20)]
    rng = random.Random(20261129)
    fams["divisibility"] = [(f"divisibility_{r}_{u}_{k}", divisibility(rng, r, u))
                            for r, u in [(2, 3), (3, 4), (4, 6)][: 1 if quick else None]
                            for k in range(4 if quick else 10)]
    rng = random.Random(20261127)
    fams.update({"arrays": [], "swaps": []})
    for consts, arrays, clauses in [(2, 1, 4), (3, 2, 6), (4, 2, 10), (5, 3, 14)][: 2 if quick else None]:
        for k in range(3 if quick else 6):
            fams["arrays"].append((f"arrays_{consts}_{arrays}_{clauses}_{k}",
                                   arrays_problem(rng, consts, arrays, clauses)))
    for n in ([1, 2] if quick else [1, 2, 3, 4, 6]):
        fams["swaps"].append((f"swaps_twice_{n}", swaps(rng, n, True)))
        fams["swaps"].append((f"swaps_once_{n}", swaps(rng, n, False)))
    return fams


def run(cmd, path, limit):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=limit)
        out = p.stdout.strip().splitlines()
        answer = out[0] if out else "error"
    except subprocess.TimeoutExpired:
        answer = "timeout"
    return answer, time.monotonic() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=20.0)
    ap.add_argument("--craig", default=os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target")), "release", "craig"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default="/tmp/craig_smt_bench")
    ap.add_argument("--families", default="", help="comma-separated family names (default: all)")
    ap.add_argument("--counters", action="store_true",
                    help="also sum craig's --stats counters per family (an extra, untimed run)")
    args = ap.parse_args()
    wanted = set(filter(None, args.families.split(",")))
    os.makedirs(args.out, exist_ok=True)
    solvers = [("craig", [args.craig, "smt"]), ("z3", ["/usr/bin/z3"]), ("cvc5", ["/usr/bin/cvc5", "--lang=smt2"])]
    bad = 0
    print(f"{'family':8} {'n':>3} " + " ".join(f"{name + ' solved':>13} {name + ' s':>9}" for name, _ in solvers)
          + f" {'craig/z3':>9} {'craig/cvc5':>10}")
    for fam, problems in families(args.quick).items():
        if wanted and fam not in wanted:
            continue
        solved = {name: 0 for name, _ in solvers}
        craig_answers = {}
        counters = {}
        total = {name: 0.0 for name, _ in solvers}
        for name, text in problems:
            path = os.path.join(args.out, name + ".smt2")
            with open(path, "w") as f:
                f.write(text)
            answers = {}
            for sname, cmd in solvers:
                answer, elapsed = run(cmd, path, args.limit)
                answers[sname] = answer
                if answer in ("sat", "unsat"):
                    solved[sname] += 1
                    total[sname] += elapsed
                else:
                    total[sname] += args.limit
            craig_answers[answers["craig"]] = craig_answers.get(answers["craig"], 0) + 1
            if args.counters:
                try:
                    p = subprocess.run([args.craig, "smt", "--stats", path], capture_output=True,
                                       text=True, timeout=args.limit)
                    for line in p.stderr.splitlines():
                        words = line.split()
                        if words[:1] == ["rounds"]:
                            for key, value in zip(words[0::2], words[1::2]):
                                counters[key] = counters.get(key, 0) + int(value)
                except subprocess.TimeoutExpired:
                    counters["timeouts"] = counters.get("timeouts", 0) + 1
            decided = {a for a in answers.values() if a in ("sat", "unsat")}
            if len(decided) > 1 or answers["craig"] not in ("sat", "unsat", "timeout", "unknown"):
                print(f"DISAGREEMENT on {path}: {answers}", file=sys.stderr)
                bad += 1
        ratio = lambda other: total["craig"] / total[other] if total[other] > 0 else float("nan")
        print(f"{fam:8} {len(problems):>3} " + " ".join(f"{solved[n]:>13} {total[n]:>9.2f}" for n, _ in solvers)
              + f" {ratio('z3'):>9.2f} {ratio('cvc5'):>10.2f}   craig: "
              + ", ".join(f"{n} {a}" for a, n in sorted(craig_answers.items())))
        if args.counters:
            print("         craig counters: " + " ".join(f"{k} {v}" for k, v in counters.items()))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
