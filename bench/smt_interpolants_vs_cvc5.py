#!/usr/bin/env python3
"""craig's interpolants (`craig smt`, `get-interpolants`) against cvc5's, in one run.

usage: python3 bench/smt_interpolants_vs_cvc5.py [--count 30] [--seed 7]
                                                 [--families lra,lia,lra-bool,lia-bool,lia-div,euf,uflia-mixed,auflia]
                                                 [--craig BINARY] [--cvc5 BINARY] [--z3 BINARY]
                                                 [--time-limit 10] [--out DIR]

Generates `--count` random A/B splits per family with a fixed seed: A a conjunction of linear
constraints over variables local to A and shared ones, B the same over shared and B-local
variables (families lra, lia); the same with Boolean structure, each conjunct a disjunction of
one to three constraints (lra-bool, lia-bool); equations in which the local variables have
coefficients 2 to 6, so that the interpolant needs a divisibility or a rounding (lia-div); or, in QF_UF, a conjunction of clauses of
equalities and disequalities between constants and applications of a shared f and an A-local g
(euf); or, in QF_UFLIA, A's and B's variables pinned to shared ones and the shared f claimed
at A's and denied at B's, so that the refutation needs an interface equality between an
A-local and a B-local variable (uflia-mixed); each kept only when z3 says A & B is unsatisfiable while A and B alone are satisfiable (so
no split has a trivial interpolant). For each split it asks craig for `(get-interpolants A B)`
and cvc5 1.0.x for `(get-interpolant I (not B))` (cvc5's interpolants are found by SyGuS
enumeration), and checks every answer the same way with z3: A implies I, I and B are
unsatisfiable, I names shared variables only. It reports per family and solver: answered,
checked, wrong (an answer that fails a check), unanswered (unsupported, unknown, timeout), the
total time over the splits both answered, and the summed interpolant sizes there (each
application and each leaf is one node), with the ratios craig/cvc5.

craig's time includes verifying its interpolants itself (Farkas-checked entailments). The craig
binary defaults to the release build under $CARGO_TARGET_DIR (or target/), then the debug one.
"""
import argparse, os, random, re, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def default_craig():
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
    for profile in ("release", "debug"):
        path = os.path.join(target, profile, "craig")
        if os.path.exists(path):
            return path
    return os.path.join(target, "release", "craig")


# ------------------------------------------------------------------------------- s-expressions

def tokens(text):
    text = re.sub(r";[^\n]*", "", text)
    return re.findall(r'\|[^|]*\||"(?:[^"]|"")*"|[()]|[^\s()]+', text)


def parse_all(text):
    out, stack = [], [[]]
    for t in tokens(text):
        if t == "(":
            stack.append([])
        elif t == ")":
            if len(stack) == 1:
                raise ValueError("unbalanced")
            e = stack.pop()
            stack[-1].append(e)
        else:
            stack[-1].append(t)
    return stack[0]


def show(e):
    return e if isinstance(e, str) else "(" + " ".join(show(x) for x in e) + ")"


def size(e):
    return 1 if isinstance(e, str) else sum(size(x) for x in e[1:]) + 1


def symbols(e):
    if isinstance(e, str):
        return {e} if re.fullmatch(r"[a-z]\w*", e) and e not in KEYWORDS else set()
    return set().union(*(symbols(x) for x in e)) if e else set()


KEYWORDS = {"and", "or", "not", "true", "false", "ite", "let", "to_real", "to_int", "div", "mod",
            "abs", "distinct", "select", "store", "as", "const"}

# ------------------------------------------------------------------------------- generation


def term(coefficients, real):
    parts = []
    for v, c in coefficients:
        k = f"{abs(c)}.0" if real else str(abs(c))
        k = k if c > 0 else f"(- {k})"
        parts.append(v if c == 1 else f"(* {k} {v})")
    return parts[0] if len(parts) == 1 else "(+ " + " ".join(parts) + ")"


def constraint(rng, variables, real):
    chosen = rng.sample(variables, min(len(variables), rng.choice([1, 2, 2, 3])))
    coefficients = [(v, rng.choice([-3, -2, -1, 1, 1, 2, 3])) for v in chosen]
    bound = rng.randint(-6, 6)
    b = f"{abs(bound)}.0" if real else str(abs(bound))
    b = b if bound >= 0 else f"(- {b})"
    relation = rng.choice(["<=", "<=", "<", ">=", "="])
    return f"({relation} {term(coefficients, real)} {b})"


def split(rng, real):
    a_local = ["a0", "a1"]
    shared = ["s0", "s1", "s2"][: rng.choice([1, 2, 3])]
    b_local = ["b0", "b1"]
    a = [constraint(rng, a_local[: rng.choice([1, 2])] + shared, real) for _ in range(rng.randint(2, 4))]
    b = [constraint(rng, shared + b_local[: rng.choice([1, 2])], real) for _ in range(rng.randint(2, 4))]
    return a, b, a_local + shared + b_local


def clauses(rng, atoms, count=(2, 4), widths=(1, 2, 2, 3)):
    """A conjunction of disjunctions of the atoms `atoms()` makes."""
    out = []
    for _ in range(rng.randint(*count)):
        lits = [atoms() for _ in range(rng.choice(widths))]
        out.append(lits[0] if len(lits) == 1 else "(or " + " ".join(lits) + ")")
    return out


def bool_split(rng, real):
    a_local, shared, b_local = ["a0", "a1"], ["s0", "s1", "s2"][: rng.choice([1, 2, 3])], ["b0", "b1"]
    # More conjuncts, mostly unit, so that enough splits are unsatisfiable.
    a = clauses(rng, lambda: constraint(rng, a_local[: rng.choice([1, 2])] + shared, real),
                (3, 5), (1, 1, 2))
    b = clauses(rng, lambda: constraint(rng, shared + b_local[: rng.choice([1, 2])], real),
                (3, 5), (1, 1, 2))
    return a, b, a_local + shared + b_local


def divisibility_split(rng):
    """Equations in which the local variables have coefficients 2 to 6, so that A and B
    often disagree on a remainder (A: s0 = 2·a0, B: s0 = 2·b0 + 1), with at times an
    inequality beside them: the splits whose interpolants need integer reasoning (a
    divisibility or rounding, never only a linear combination)."""
    a_local, shared, b_local = ["a0", "a1"], ["s0", "s1"][: rng.choice([1, 2])], ["b0", "b1"]

    def equation(local):
        parts = [(rng.choice(local), rng.choice([2, 3, 4, 5, 6]))]
        for s in rng.sample(shared, rng.randint(1, len(shared))):
            parts.append((s, rng.choice([-2, -1, 1, 1, 2])))
        bound = rng.randint(-4, 4)
        b = str(abs(bound)) if bound >= 0 else f"(- {abs(bound)})"
        return f"({rng.choice(['=', '=', '=', '<=', '>='])} {term(parts, False)} {b})"

    a = [equation(a_local) for _ in range(rng.randint(1, 2))]
    b = [equation(b_local) for _ in range(rng.randint(1, 2))]
    if rng.random() < 0.3:
        a.append(constraint(rng, a_local[:1] + shared, False))
    if rng.random() < 0.3:
        b.append(constraint(rng, shared + b_local[:1], False))
    return a, b, a_local + shared + b_local


def euf_split(rng):
    """QF_UF: constants a0 a1 (A), s0 s1 (shared), b0 b1 (B); f shared, g A-local."""
    def pool(local, functions):
        base = local + ["s0", "s1"]
        terms = list(base)
        for fn in functions:
            terms += [f"({fn} {t})" for t in base]
        terms += [f"(f (f {t}))" for t in local]
        return terms

    def literal(terms, positive):
        x, y = rng.sample(terms, 2)
        atom = f"(= {x} {y})"
        return atom if rng.random() < positive else f"(not {atom})"

    a_terms, b_terms = pool(["a0", "a1"], ["f", "g"]), pool(["b0", "b1"], ["f"])
    # Mostly equalities on A's side and a few disequalities on B's, so that about one split
    # in ten is unsatisfiable.
    a = clauses(rng, lambda: literal(a_terms, 0.9), (3, 6), (1, 1, 1, 2))
    b = clauses(rng, lambda: literal(b_terms, 0.5), (2, 5), (1, 1, 2))
    return a, b, ["a0", "a1", "s0", "s1", "b0", "b1"]


def pinned(rng, x, shared, k):
    """x pinned to shared + k: exactly, by two bounds, or by a case split with s1 + k."""
    return rng.choice([
        f"(= {x} (+ {shared} {k}))",
        f"(<= {x} (+ {shared} {k})) (>= {x} (+ {shared} {k}))",
        f"(or (= {x} s0) (= {x} (+ s1 {k})))",
    ])


def mixed_split(rng):
    """QF_UFLIA: A's a0 a1 and B's b0 b1 pinned to the shared s0 s1 (exactly, by two bounds, or
    by a case split) and to each other, the shared f claimed at A's variables and denied at
    B's, so that the refutation needs an interface equality between an A-local and a B-local
    variable (a mixed atom of the theory combination)."""
    def side(x, y, claims):
        shared, k = rng.choice(["s0", "s0", "s1"]), rng.choice([0, 1])
        pin = pinned(rng, x, shared, k)
        k = rng.choice([0, 1])
        second = rng.choice([f"(= {y} (+ {x} {k}))", f"(= (* 2 {y}) (+ (* 2 {x}) {2 * k}))",
                             f"(= {y} (+ s1 {k}))"])
        facts = []
        for _ in range(rng.randint(1, 2)):
            z, c = rng.choice([x, y]), rng.choice([0, 1])
            other = y if z == x else x
            if claims:
                facts.append(rng.choice([f"(= (f {z}) {c})", f"(= (f {z}) (f (+ {other} 1)))"]))
            else:
                facts.append(rng.choice([f"(not (= (f {z}) {c}))", f"(< (f {z}) {c})"]))
        return [pin, second] + facts

    return side("a0", "a1", True), side("b0", "b1", False), ["a0", "a1", "s0", "s1", "b0", "b1"]


def array_split(rng):
    """QF_AUFLIA, shaped like a program path cut in two: A writes (the A-local array p is the
    shared m0 with one or two stores, the shared m1 is p with one more), B reads m1 and m0 and
    claims what A's writes deny, or that m1 differs from B's own store q into m0; the indices
    and values are constants, shared integers, or local ones pinned to the shared (exactly,
    by bounds, or by a case split), so that some refutations compare an index only A has with
    one only B has."""
    def pins(local):
        out = []
        for x in local:
            if rng.random() < 0.7:
                s, k = rng.choice(["s0", "s1"]), rng.choice([0, 0, 1])
                out.append(pinned(rng, x, s, k))
        return out

    def index(local):
        return rng.choice(local + ["s0", "s1", "0", "1", "(+ s0 1)"])

    def value(local):
        return rng.choice(local + ["s0", "s1", "0", "1", "2"])

    a_local, b_local = ["a0", "a1"], ["b0", "b1"]
    inner = f"(store m0 {index(a_local)} {value(a_local)})"
    if rng.random() < 0.4:
        inner = f"(store {inner} {index(a_local)} {value(a_local)})"
    a = pins(a_local) + [f"(= p {inner})", f"(= m1 (store p {index(a_local)} {value(a_local)}))"]
    if rng.random() < 0.3:
        a.append(f"(= (select p {index(a_local)}) {value(a_local)})")
    b = pins(b_local)
    for _ in range(rng.randint(1, 2)):
        i, j = index(b_local), index(b_local)
        b.append(rng.choice([
            f"(not (= (select m1 {i}) {value(b_local)}))",
            f"(= (select m1 {i}) {value(b_local)})",
            f"(not (= (select m1 {i}) (select m0 {i})))",
            f"(< (select m1 {i}) (select m0 {j}))",
            f"(and (= q (store m0 {i} {value(b_local)})) (not (= m1 q)))",
        ]))
    return a, b, a_local + ["s0", "s1"] + b_local


def conj(parts):
    return parts[0] if len(parts) == 1 else "(and " + " ".join(parts) + ")"


def declarations(variables, sort):
    return "".join(f"(declare-const {v} {sort})\n" for v in variables)


def run(argv, text, limit):
    start = time.perf_counter()
    try:
        p = subprocess.run(argv, input=text, capture_output=True, text=True, timeout=limit)
        out = p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        out = "timeout"
    return out, time.perf_counter() - start


def z3_answer(z3, logic, decls, asserts, limit=20):
    script = f"(set-logic {logic})\n{decls}" + "".join(f"(assert {a})\n" for a in asserts) + "(check-sat)\n"
    out, _ = run([z3, "-in", "-smt2"], script, limit)
    return out.strip().split("\n")[0] if out.strip() else "error"


def check(z3, logic, decls, a, b, interpolant, shared):
    """Returns None if the interpolant is good, else why not."""
    if not symbols(parse_all(interpolant)) <= set(shared):
        return "names a non-shared variable"
    if "as const" in interpolant:
        # z3 reads constant arrays only outside the QF_A* logics.
        logic = "ALL"
    if z3_answer(z3, logic, decls, [a, f"(not {interpolant})"]) != "unsat":
        return "A does not imply it"
    if z3_answer(z3, logic, decls, [interpolant, b]) != "unsat":
        return "it is consistent with B"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--families", default="lra,lia,lra-bool,lia-bool,lia-div,euf,uflia-mixed,auflia")
    ap.add_argument("--craig", default=default_craig())
    ap.add_argument("--cvc5", default="cvc5")
    ap.add_argument("--z3", default="z3")
    ap.add_argument("--time-limit", type=float, default=10)
    ap.add_argument("--out")
    args = ap.parse_args()
    out_dir = args.out or tempfile.mkdtemp(prefix="craig-smt-itp-")
    os.makedirs(out_dir, exist_ok=True)
    print(f"craig: {args.craig}\ncvc5: {args.cvc5}\nz3 (checks): {args.z3}\nfiles: {out_dir}")
    for family in args.families.split(","):
        real = family.startswith("lra")
        euf = family == "euf"
        mixed = family == "uflia-mixed"
        arrays = family == "auflia"
        logic, sort = ("QF_LRA", "Real") if real else ("QF_LIA", "Int")
        if euf:
            logic, sort = "QF_UF", "U"
        if mixed:
            logic = "QF_UFLIA"
        if arrays:
            logic = "QF_AUFLIA"
        rng = random.Random(f"{args.seed}-{family}")
        rows = []
        attempts = 0
        while len(rows) < args.count and attempts < 50 * args.count:
            attempts += 1
            if euf:
                a, b, variables = euf_split(rng)
            elif family.endswith("-bool"):
                a, b, variables = bool_split(rng, real)
            elif family == "lia-div":
                a, b, variables = divisibility_split(rng)
            elif mixed:
                a, b, variables = mixed_split(rng)
            elif arrays:
                a, b, variables = array_split(rng)
            else:
                a, b, variables = split(rng, real)
            decls = declarations(variables, sort)
            if euf:
                decls = "(declare-sort U 0)\n(declare-fun f (U) U)\n(declare-fun g (U) U)\n" + decls
            if mixed:
                decls = "(declare-fun f (Int) Int)\n" + decls
            if arrays:
                decls += "".join(f"(declare-const {m} (Array Int Int))\n" for m in ("m0", "m1", "p", "q"))
            A, B = conj(a), conj(b)
            if z3_answer(args.z3, logic, decls, [A, B]) != "unsat":
                continue
            if z3_answer(args.z3, logic, decls, [A]) != "sat" or z3_answer(args.z3, logic, decls, [B]) != "sat":
                continue
            shared = sorted(v for v in variables if v.startswith("s")) + (["f"] if euf or mixed else []) + (["m0", "m1"] if arrays else [])
            name = f"{family}-{len(rows):03}"
            craig_script = (f"(set-logic {logic})\n{decls}(assert (! {A} :named A))\n"
                            f"(assert (! {B} :named B))\n(check-sat)\n(get-interpolants A B)\n")
            cvc5_script = (f"(set-logic {logic})\n(set-option :produce-interpolants true)\n{decls}"
                           f"(assert {A})\n(get-interpolant I (not {B}))\n")
            for suffix, text in (("craig.smt2", craig_script), ("cvc5.smt2", cvc5_script)):
                with open(os.path.join(out_dir, f"{name}.{suffix}"), "w") as f:
                    f.write(text)
            row = {"name": name}
            out, t = run([args.craig, "smt", "-"], craig_script, args.time_limit)
            lines = [l for l in out.strip().split("\n") if l.strip()]
            answer = None
            if len(lines) >= 2 and lines[0] == "unsat" and lines[1].startswith("(") and "error" not in lines[1]:
                try:
                    parsed = parse_all(lines[1])
                    if len(parsed) == 1 and isinstance(parsed[0], list) and len(parsed[0]) == 1:
                        answer = show(parsed[0][0])
                except ValueError:
                    answer = None
            row["craig"] = (answer, t, lines[1] if len(lines) > 1 else out.strip()[:80])
            out, t = run([args.cvc5, "--produce-interpolants", "--lang=smt2"], cvc5_script, args.time_limit)
            answer = None
            m = re.search(r"\(define-fun I \(\) Bool (.*)\)\s*$", out.strip(), re.S)
            if m:
                answer = m.group(1).strip()
            row["cvc5"] = (answer, t, out.strip()[:80])
            for solver in ("craig", "cvc5"):
                interpolant, t, raw = row[solver]
                verdict = "unanswered"
                if interpolant is not None:
                    why = check(args.z3, logic, decls, A, B, interpolant, shared)
                    verdict = "checked" if why is None else f"WRONG ({why})"
                row[solver] = (interpolant, t, raw, verdict)
            rows.append(row)
        print(f"\n== {family}: {len(rows)} splits ({logic}; A & B unsat, A and B each sat)")
        both = [r for r in rows if r["craig"][3] == "checked" and r["cvc5"][3] == "checked"]
        for solver in ("craig", "cvc5"):
            answered = sum(1 for r in rows if r[solver][0] is not None)
            checked = sum(1 for r in rows if r[solver][3] == "checked")
            wrong = [r["name"] for r in rows if r[solver][3].startswith("WRONG")]
            print(f"  {solver:6} answered {answered:3}  checked {checked:3}  wrong {len(wrong)}  "
                  f"unanswered {len(rows) - answered:3}" + (f"  WRONG: {wrong}" if wrong else ""))
        if both:
            tc = sum(r["craig"][1] for r in both)
            tv = sum(r["cvc5"][1] for r in both)
            sc = sum(size(parse_all(r["craig"][0])[0]) for r in both)
            sv = sum(size(parse_all(r["cvc5"][0])[0]) for r in both)
            print(f"  on the {len(both)} both answered: time craig {tc:.2f}s, cvc5 {tv:.2f}s "
                  f"(ratio {tc / tv:.2f}); size craig {sc}, cvc5 {sv} (ratio {sc / sv:.2f})")
        unanswered = [(r["name"], r["craig"][2]) for r in rows if r["craig"][0] is None]
        for name, raw in unanswered[:5]:
            print(f"  craig left {name}: {raw}")


if __name__ == "__main__":
    sys.exit(main())
