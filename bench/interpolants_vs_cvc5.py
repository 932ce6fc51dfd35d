#!/usr/bin/env python3
"""craig's interpolants against cvc5's on ground (propositional and EUF) A/B splits, in one run.

usage: python3 bench/interpolants_vs_cvc5.py [--count 40] [--seed 5] [--craig BINARY]
                                             [--cvc5 BINARY] [--time-limit 10] [--out DIR]

Generates `--count` random unsatisfiable ground splits with a fixed seed (half propositional,
half EUF over constants and unary functions, each with symbols local to A, local to B and
shared; draws where A & B is satisfiable, or where A or B alone is unsatisfiable (then $true or
$false interpolates), are decided by cvc5's check-sat and dropped), adds the ground problems
of examples/interpolation/, writes each as TPTP with Vampire's markers for craig and as SMT-LIB2
for cvc5 (`(get-interpolant I (not B))`, so that A |= I |= not B), runs both, and reports per
family the problems answered, the total time, and the interpolant sizes (node count: each
connective, equation, atom and function application is one node) side by side with ratios.

craig's time includes verifying every interpolant (two refutations, each re-checked), which cvc5
does not do. The craig binary defaults to the debug build under $CARGO_TARGET_DIR (or target/).
"""
import argparse, os, random, re, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

# --------------------------------------------------------------------------------------------
# Formulas: ("and"|"or", [f..]) | ("not", f) | ("=", s, t) | ("atom", name) | ("true",) | ("false",)
# Terms: ("app", name, [t..])


def size(f):
    k = f[0]
    if k in ("and", "or"):
        return 1 + sum(size(g) for g in f[1])
    if k == "not":
        return 1 + size(f[1])
    if k == "=":
        return 1 + term_size(f[1]) + term_size(f[2])
    if k == "=>":
        return 1 + size(f[1]) + size(f[2])
    return 1


def term_size(t):
    return 1 + sum(term_size(a) for a in t[2])


def tptp_term(t):
    return t[1] + ("(" + ",".join(tptp_term(a) for a in t[2]) + ")" if t[2] else "")


def tptp(f):
    k = f[0]
    if k == "and":
        return "(" + " & ".join(tptp(g) for g in f[1]) + ")"
    if k == "or":
        return "(" + " | ".join(tptp(g) for g in f[1]) + ")"
    if k == "not":
        return "~(" + tptp(f[1]) + ")"
    if k == "=":
        return tptp_term(f[1]) + " = " + tptp_term(f[2])
    if k == "atom":
        return f[1]
    return "$" + k


def smt_term(t):
    return t[1] if not t[2] else "(" + t[1] + " " + " ".join(smt_term(a) for a in t[2]) + ")"


def smt(f):
    k = f[0]
    if k in ("and", "or"):
        return "(" + k + " " + " ".join(smt(g) for g in f[1]) + ")" if len(f[1]) > 1 else smt(f[1][0])
    if k == "not":
        return "(not " + smt(f[1]) + ")"
    if k == "=":
        return "(= " + smt_term(f[1]) + " " + smt_term(f[2]) + ")"
    if k == "=>":
        return "(=> " + smt(f[1]) + " " + smt(f[2]) + ")"
    if k == "atom":
        return f[1]
    return k


def collect(f, consts, funs, atoms):
    k = f[0]
    if k in ("and", "or"):
        for g in f[1]:
            collect(g, consts, funs, atoms)
    elif k == "not":
        collect(f[1], consts, funs, atoms)
    elif k == "=>":
        collect(f[1], consts, funs, atoms)
        collect(f[2], consts, funs, atoms)
    elif k == "=":
        for t in f[1:]:
            collect_term(t, consts, funs)
    elif k == "atom":
        atoms.add(f[1])


def collect_term(t, consts, funs):
    if t[2]:
        funs[t[1]] = len(t[2])
        for a in t[2]:
            collect_term(a, consts, funs)
    else:
        consts.add(t[1])


# --------------------------------------------------------------------------------------------
# A small reader for ground TPTP formulas (the examples), and for craig's and cvc5's answers.

TOKEN = re.compile(r"\s*(<=>|=>|!=|\$true|\$false|[A-Za-z0-9_]+|[()~&|=,!?\[\]:])")


def tokens(text):
    out, i = [], 0
    while i < len(text):
        m = TOKEN.match(text, i)
        if not m:
            if text[i:].strip() == "":
                break
            raise ValueError("cannot read " + text[i:])
        out.append(m.group(1))
        i = m.end()
    return out


class Reader:
    def __init__(self, text):
        self.t, self.i = tokens(text), 0

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self, want=None):
        tok = self.peek()
        if want is not None and tok != want:
            raise ValueError("expected %s, got %s" % (want, tok))
        self.i += 1
        return tok

    def formula(self):
        left = self.unitary()
        op = self.peek()
        if op in ("&", "|"):
            parts = [left]
            while self.peek() == op:
                self.take()
                parts.append(self.unitary())
            return ("and" if op == "&" else "or", parts)
        if op == "=>":
            self.take()
            return ("=>", left, self.unitary())
        return left

    def unitary(self):
        tok = self.peek()
        if tok == "~":
            self.take()
            return ("not", self.unitary())
        if tok == "(":
            self.take()
            f = self.formula()
            self.take(")")
            return f
        if tok in ("!", "?"):
            raise ValueError("quantified")
        if tok == "$true":
            self.take()
            return ("true",)
        if tok == "$false":
            self.take()
            return ("false",)
        left = self.term()
        if self.peek() == "=":
            self.take()
            return ("=", left, self.term())
        if self.peek() == "!=":
            self.take()
            return ("not", ("=", left, self.term()))
        if left[2]:
            raise ValueError("predicate with arguments")
        return ("atom", left[1])

    def term(self):
        name = self.take()
        args = []
        if self.peek() == "(":
            self.take()
            args.append(self.term())
            while self.peek() == ",":
                self.take()
                args.append(self.term())
            self.take(")")
        return ("app", name, args)


def read_tptp_formula(text):
    r = Reader(text)
    f = r.formula()
    if r.peek() is not None:
        raise ValueError("trailing " + str(r.peek()))
    return f


def read_sexpr(text):
    toks = re.findall(r"\(|\)|[^\s()]+", text)
    pos = 0

    def parse():
        nonlocal pos
        tok = toks[pos]
        pos += 1
        if tok != "(":
            return tok
        items = []
        while toks[pos] != ")":
            items.append(parse())
        pos += 1
        return items

    return parse()


def smt_to_formula(e, bools):
    if isinstance(e, str):
        if e in ("true", "false"):
            return (e,)
        return ("atom", e) if e in bools else None
    head, args = e[0], e[1:]
    if head in ("and", "or"):
        return (head, [smt_to_formula(a, bools) for a in args])
    if head == "not":
        return ("not", smt_to_formula(args[0], bools))
    if head == "=>":
        return ("=>", smt_to_formula(args[0], bools), smt_to_formula(args[1], bools))
    if head == "=":
        if isinstance(args[0], str) and args[0] in bools or not isinstance(args[0], str) and args[0][0] in ("and", "or", "not"):
            # Boolean equality is an equivalence: count it as one node like `=`.
            return ("=>", smt_to_formula(args[0], bools), smt_to_formula(args[1], bools))
        return ("=", smt_term_back(args[0]), smt_term_back(args[1]))
    if head == "ite":
        c, t, f = (smt_to_formula(a, bools) for a in args)
        return ("or", [("and", [c, t]), ("and", [("not", c), f])])
    raise ValueError("unexpected " + str(head))


def smt_term_back(e):
    if isinstance(e, str):
        return ("app", e, [])
    return ("app", e[0], [smt_term_back(a) for a in e[1:]])


# --------------------------------------------------------------------------------------------
# Problems.


def random_propositional(rng):
    a_atoms, s_atoms, b_atoms = ["a0", "a1"], ["s0", "s1", "s2"], ["b0", "b1"]

    def side(local):
        atoms = local + s_atoms
        clauses = []
        for _ in range(rng.randint(2, 6)):
            lits = []
            for _ in range(rng.randint(1, 3)):
                a = ("atom", rng.choice(atoms))
                lits.append(a if rng.random() < 0.5 else ("not", a))
            clauses.append(("or", lits))
        return clauses

    return side(a_atoms), side(b_atoms)


def random_euf(rng):
    a_c, s_c, b_c = ["a0", "a1"], ["c0", "c1", "c2"], ["b0", "b1"]

    def term(consts, fun):
        c = ("app", rng.choice(consts), [])
        return ("app", fun, [c]) if rng.random() < 0.4 else c

    def side(local, fun):
        consts = local + s_c
        clauses = []
        for _ in range(rng.randint(2, 6)):
            lits = []
            for _ in range(rng.randint(1, 3)):
                eq = ("=", term(consts, rng.choice(["f", fun])), term(consts, rng.choice(["f", fun])))
                lits.append(eq if rng.random() < 0.7 else ("not", eq))
            clauses.append(("or", lits))
        return clauses

    return side(a_c, "g"), side(b_c, "h")


def smt_problem(a, b, check_sat=False):
    consts, funs, atoms = set(), {}, set()
    for f in a + b:
        collect(f, consts, funs, atoms)
    lines = [] if check_sat else ["(set-option :produce-interpolants true)"]
    lines.append("(set-logic QF_UF)")
    if consts or funs:
        lines.append("(declare-sort U 0)")
    for c in sorted(consts):
        lines.append("(declare-fun %s () U)" % c)
    for f, n in sorted(funs.items()):
        lines.append("(declare-fun %s (%s) U)" % (f, " ".join(["U"] * n)))
    for p in sorted(atoms):
        lines.append("(declare-fun %s () Bool)" % p)
    lines.append("(assert %s)" % smt(("and", a)))
    if check_sat:
        lines.append("(assert %s)" % smt(("and", b)))
        lines.append("(check-sat)")
    else:
        lines.append("(get-interpolant I (not %s))" % smt(("and", b)))
    return "\n".join(lines) + "\n", atoms


def tptp_problem(a, b):
    lines = ["vampire(left_formula)."]
    lines += ["fof(a%d, axiom, %s)." % (i, tptp(f)) for i, f in enumerate(a)]
    lines += ["vampire(end_formula).", "vampire(right_formula)."]
    lines += ["fof(b%d, axiom, %s)." % (i, tptp(f)) for i, f in enumerate(b)]
    lines.append("vampire(end_formula).")
    return "\n".join(lines) + "\n"


def example_problems():
    """Ground examples: formulas inside the markers, read back into the generator's syntax."""
    out = []
    folder = os.path.join(REPO, "examples", "interpolation")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".p"):
            continue
        text = open(os.path.join(folder, name)).read()
        if "conjecture" in text or "vampire(symbol" in text:
            continue
        sides, side = {"A": [], "B": []}, None
        try:
            for line in text.splitlines():
                line = line.strip()
                if line.startswith("vampire(left_formula)"):
                    side = "A"
                elif line.startswith("vampire(right_formula)"):
                    side = "B"
                elif line.startswith("vampire(end_formula)"):
                    side = None
                elif re.match(r"(cnf|fof)\(", line) and side:
                    body = line[line.index(",", line.index(",") + 1) + 1 : line.rindex(")")]
                    sides[side].append(read_tptp_formula(body))
        except ValueError:
            continue
        if sides["A"] and sides["B"]:
            out.append(("example:" + name, sides["A"], sides["B"]))
    return out


# --------------------------------------------------------------------------------------------
# Runs.


def run_craig(binary, path, limit):
    start = time.monotonic()
    p = subprocess.run([binary, "interpolate", path, "--time-limit", str(limit)],
                       capture_output=True, text=True, timeout=20 * limit + 30)
    elapsed = time.monotonic() - start
    if p.returncode != 0:
        return None, elapsed, p.stderr.strip().splitlines()[-1:] 
    m = re.search(r"^fof\(interpolant, plain, (.*)\)\.$", p.stdout, re.M)
    return (read_tptp_formula(m.group(1)) if m else None), elapsed, None


def run_cvc5(binary, path, atoms, limit):
    start = time.monotonic()
    try:
        p = subprocess.run([binary, "--tlimit=%d" % (limit * 1000), path],
                           capture_output=True, text=True, timeout=limit + 30)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start
    if "HO_" in p.stdout + p.stderr:
        # cvc5 1.0.3 refuses some QF_UF interpolation problems with functions local to one side
        # and asks for its higher-order logic; retry there (the time of both tries counts).
        ho = path[: -len(".smt2")] + ".ho.smt2"
        with open(ho, "w") as fh:
            fh.write(open(path).read().replace("(set-logic QF_UF)", "(set-logic HO_QF_UF)"))
        try:
            p = subprocess.run([binary, "--tlimit=%d" % (limit * 1000), ho],
                               capture_output=True, text=True, timeout=limit + 30)
        except subprocess.TimeoutExpired:
            return None, time.monotonic() - start
    elapsed = time.monotonic() - start
    m = re.search(r"\(define-fun I \(\) Bool (.*)\)\s*$", p.stdout.strip(), re.S)
    if not m:
        return None, elapsed
    return smt_to_formula(read_sexpr(m.group(1)), atoms), elapsed


def cvc5_unsat(binary, a, b):
    text, _ = smt_problem(a, b, check_sat=True)
    p = subprocess.run([binary, "--lang=smt2"], input=text, capture_output=True, text=True)
    return p.stdout.strip() == "unsat"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
    ap.add_argument("--craig", default=os.path.join(target, "debug", "craig"))
    ap.add_argument("--cvc5", default="/usr/bin/cvc5")
    ap.add_argument("--time-limit", type=int, default=10)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    problems = []
    for family, make, want in (("propositional", random_propositional, args.count // 2),
                               ("euf", random_euf, args.count - args.count // 2)):
        made = 0
        while made < want:
            a, b = make(rng)
            # Only splits where each side is satisfiable alone: otherwise $true or $false is an
            # interpolant and the comparison says little.
            if (cvc5_unsat(args.cvc5, a, b) and not cvc5_unsat(args.cvc5, a, [("true",)])
                    and not cvc5_unsat(args.cvc5, [("true",)], b)):
                problems.append(("%s:%02d" % (family, made), a, b))
                made += 1
    problems += example_problems()
    out = args.out or tempfile.mkdtemp(prefix="interp-bench-")
    os.makedirs(out, exist_ok=True)
    rows = []
    for name, a, b in problems:
        stem = os.path.join(out, name.replace(":", "_"))
        with open(stem + ".p", "w") as fh:
            fh.write(tptp_problem(a, b))
        smt_text, atoms = smt_problem(a, b)
        with open(stem + ".smt2", "w") as fh:
            fh.write(smt_text)
        craig_f, craig_t, craig_err = run_craig(args.craig, stem + ".p", args.time_limit)
        cvc5_f, cvc5_t = run_cvc5(args.cvc5, stem + ".smt2", atoms, args.time_limit)
        rows.append((name, craig_f, craig_t, cvc5_f, cvc5_t, craig_err))
    print("%-26s %8s %8s %8s %8s" % ("problem", "craig_n", "cvc5_n", "craig_s", "cvc5_s"))
    for name, cf, ct, vf, vt, err in rows:
        print("%-26s %8s %8s %8.3f %8.3f%s" % (name, size(cf) if cf else "-", size(vf) if vf else "-",
                                             ct, vt, ("  craig: " + err[0]) if err else ""))
    print()
    print("%-14s %6s %12s %12s %12s %12s %12s %12s %10s" % (
        "family", "count", "craig_ans", "cvc5_ans", "craig_time", "cvc5_time", "craig_size",
        "cvc5_size", "size_ratio"))
    families = sorted({r[0].split(":")[0] for r in rows})
    for fam in families + ["all"]:
        sel = [r for r in rows if fam == "all" or r[0].split(":")[0] == fam]
        both = [r for r in sel if r[1] and r[3]]
        cs, vs = sum(size(r[1]) for r in both), sum(size(r[3]) for r in both)
        ct, vt = sum(r[2] for r in sel), sum(r[4] for r in sel)
        print("%-14s %6d %12d %12d %11.2fs %11.2fs %12d %12d %10s" % (
            fam, len(sel), sum(1 for r in sel if r[1]), sum(1 for r in sel if r[3]), ct, vt, cs, vs,
            "%.2f" % (cs / vs) if vs else "-"))
    print("\n(sizes summed over problems both answered; time ratio craig/cvc5 overall: %.3f; "
          "craig's time includes verifying each interpolant; files in %s)" % (
              sum(r[2] for r in rows) / max(sum(r[4] for r in rows), 1e-9), out))


if __name__ == "__main__":
    sys.exit(main())
