#!/usr/bin/env python3
"""Random QF_AUFLIA splits whose refutations read arrays through both sides' terms: how many
craig interpolates, how many it answers `unsupported`, and (with z3) whether every answer holds.

usage: python3 bench/smt_array_interpolants.py [--count 200] [--seed 5]
                                               [--families weakeq,reads,ax-weakeq]
                                               [--craig BINARY] [--z3 BINARY] [--no-z3]
                                               [--show-unsupported]

Families (A's own symbols a1.., B's b1.., shared s, t and the arrays m0, m1, m2; Int indices
and elements except in ax-weakeq):
- weakeq: A writes m1 as m0 changed by one to three stores at A's own indices (at times
  pinned to shared terms, at times through A's own array p); B finds cells where m1 and m0
  differ (at its own indices, pinned or distinct), or writes its own array q over m0 and
  equates or separates it from m1. Refutations need "m1 and m0 differ at k indices at
  most", which only `@diff` says without a quantifier.
- reads: A writes over m0 through its own array p at its own indices; B reads m1 and m0 at
  its own indices and claims what A's writes deny (read-over-weakeq through both sides).
- ax-weakeq: weakeq in QF_AX over uninterpreted index and element sorts I and E.

Each split is run as `(get-interpolants A B)`; the answer is checked with z3 (A implies I, I
and B are unsatisfiable, I names shared symbols only), with `@diff` declared and its defining
axiom `(or (= x y) (not (= (select x (@diff x y)) (select y (@diff x y)))))` instantiated for
every `@diff` term of I. Splits z3 finds satisfiable are counted apart; without z3 the sat
answers are craig's. Prints per family: unsat splits, interpolated, unsupported, wrong.
"""
import argparse, os, random, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

DECLS = """(set-logic QF_AUFLIA)
(declare-const s Int)(declare-const t Int)
(declare-const a1 Int)(declare-const a2 Int)(declare-const a3 Int)(declare-const av Int)
(declare-const b1 Int)(declare-const b2 Int)(declare-const b3 Int)(declare-const bv Int)
(declare-const m0 (Array Int Int))(declare-const m1 (Array Int Int))(declare-const m2 (Array Int Int))
(declare-const p (Array Int Int))(declare-const q (Array Int Int))
"""
LOCAL = {"a1", "a2", "a3", "av", "b1", "b2", "b3", "bv", "p", "q"}


def default_craig():
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
    for profile in ("release", "debug"):
        path = os.path.join(target, profile, "craig")
        if os.path.exists(path):
            return path
    return "craig"


def pin(r, x):
    k = r.choice(["", "", " 1", " (- 1)"])
    shared = r.choice(["s", "t"])
    return f"(= {x} (+ {shared}{k}))" if k else f"(= {x} {shared})"


def weakeq(r):
    n = r.randint(1, 3)
    idx = ["a1", "a2", "a3"][:n]
    vals = [r.choice(["av", "t", "1", "(+ av 1)"]) for _ in idx]
    arr = "m0"
    for i, v in zip(idx, vals):
        arr = f"(store {arr} {i} {v})"
    a = [f"(= m1 {arr})"] if r.random() < 0.7 else [f"(= p {arr})", "(= m1 p)"]
    if r.random() < 0.3:
        a.append(pin(r, r.choice(idx)))
    if r.random() < 0.3:
        a.append(f"(= m2 (store m1 {r.choice(idx)} {r.choice(['s', 'av'])}))")
    k = r.randint(1, 4)
    bidx = ["b1", "b2", "b3", "s"][:k]
    b = []
    kind = r.random()
    if kind < 0.6:
        if len(bidx) > 1:
            b.append(f"(distinct {' '.join(bidx)})")
        for j in bidx:
            b.append(f"(not (= (select m0 {j}) (select m1 {j})))")
    elif kind < 0.8:
        arr = "m0"
        for j in bidx:
            arr = f"(store {arr} {j} (+ (select m0 {j}) 1))"
        if len(bidx) > 1:
            b.append(f"(distinct {' '.join(bidx)})")
        b.append(f"(= q {arr})")
        b.append(r.choice(["(= m1 q)", "(= q m1)"]))
    else:
        b.append(f"(not (= (select m1 {bidx[0]}) (select m0 {bidx[0]})))")
        b.append(f"(= (select m1 {bidx[0]}) bv)")
        b.append(f"(< bv (select m0 {bidx[0]}))")
        b.append(r.choice([f"(not (= {bidx[0]} s))", f"(= {bidx[0]} (+ s 1))"]))
    if r.random() < 0.3:
        b.append(pin(r, "b1"))
    return a, b


def reads(r):
    a = []
    i, j = r.choice(["a1", "s"]), r.choice(["a2", "(+ s 1)", "t"])
    a.append(f"(= p (store m0 {i} {r.choice(['t', '2', 'av'])}))")
    a.append(f"(= m1 (store p {j} {r.choice(['1', 't', 'av'])}))")
    for x in ["a1", "a2", "av"]:
        if r.random() < 0.8:
            a.append(pin(r, x))
    b = []
    for _ in range(r.randint(1, 3)):
        x = r.choice(["b1", "b2", "s", "t"])
        b.append(r.choice([
            f"(not (= (select m1 {x}) (select m0 {x})))",
            f"(not (= (select m1 {x}) t))",
            f"(not (= (select m1 {x}) 2))",
            f"(not (= (select m1 {x}) 1))",
            f"(< (select m1 {x}) (select m0 {x}))",
        ]))
    for x in ["b1", "b2"]:
        if r.random() < 0.8:
            b.append(pin(r, x))
    return a, b


AX_DECLS = """(set-logic QF_AX)
(declare-sort I 0)(declare-sort E 0)
(declare-const s I)(declare-const t I)(declare-const e0 E)(declare-const e1 E)
(declare-const a1 I)(declare-const a2 I)(declare-const a3 I)(declare-const av E)
(declare-const b1 I)(declare-const b2 I)(declare-const b3 I)(declare-const bv E)
(declare-const m0 (Array I E))(declare-const m1 (Array I E))(declare-const m2 (Array I E))
(declare-const p (Array I E))(declare-const q (Array I E))
"""


def ax_weakeq(r):
    """weakeq over uninterpreted index and element sorts: A writes m1 over m0 at its own
    indices (at times through p, at times one of them equal to a shared index); B finds
    cells where m1 and m0 differ, reads e0 or e1 where A wrote the other, or equates its
    own writes over m0 with m1."""
    n = r.randint(1, 3)
    idx = ["a1", "a2", "a3"][:n]
    arr = "m0"
    for i in idx:
        arr = f"(store {arr} {i} {r.choice(['av', 'e0', 'e1'])})"
    a = [f"(= m1 {arr})"] if r.random() < 0.7 else [f"(= p {arr})", "(= m1 p)"]
    if r.random() < 0.3:
        a.append(f"(= {r.choice(idx)} {r.choice(['s', 't'])})")
    k = r.randint(1, 4)
    bidx = ["b1", "b2", "b3", "s"][:k]
    b = []
    if k > 1:
        b.append(f"(distinct {' '.join(bidx)})")
    kind = r.random()
    if kind < 0.6:
        b += [f"(not (= (select m0 {j}) (select m1 {j})))" for j in bidx]
    elif kind < 0.8:
        arr = "m0"
        for j in bidx:
            arr = f"(store {arr} {j} {r.choice(['bv', 'e0', 'e1'])})"
        b += [f"(= q {arr})", "(= m1 q)"]
        b += [f"(not (= (select m0 {j}) (select q {j})))" for j in bidx]
    else:
        b += [f"(not (= (select m1 {j}) e0))" for j in bidx]
        b += [f"(not (= (select m1 {j}) e1))" for j in bidx]
        b.append("(= m0 m2)")
        b += [f"(= (select m2 {j}) e0)" for j in bidx]
    return a, b


# Each family: its generator, its declarations and the array sort `@diff` takes.
FAMILIES = {
    "weakeq": (weakeq, DECLS, "(Array Int Int)"),
    "reads": (reads, DECLS, "(Array Int Int)"),
    "ax-weakeq": (ax_weakeq, AX_DECLS, "(Array I E)"),
}


def conj(parts):
    return parts[0] if len(parts) == 1 else f"(and {' '.join(parts)})"


def z3_answer(z3, text):
    out = subprocess.run([z3, "-in", "-T:20"], input=text, capture_output=True, text=True)
    return out.stdout.strip().splitlines()[-1] if out.stdout.strip() else "error"


def diff_terms(text):
    """Every `(@diff X Y)` of `text` as (term, X, Y)."""
    found = []
    for m in re.finditer(r"\(@diff ", text):
        depth, n = 0, m.start()
        args = []
        k = m.end()
        # The two arguments: symbols or parenthesized terms.
        while len(args) < 2:
            while text[k].isspace():
                k += 1
            if text[k] == "(":
                depth, start = 0, k
                while True:
                    depth += text[k] == "("
                    depth -= text[k] == ")"
                    k += 1
                    if depth == 0:
                        break
                args.append(text[start:k])
            else:
                start = k
                while not text[k].isspace() and text[k] != ")":
                    k += 1
                args.append(text[start:k])
        while text[k] != ")":
            k += 1
        found.append((text[n:k + 1], args[0], args[1]))
    return found


def z3_unsat(z3, decls, array_sort, formulas, interpolant):
    text = re.sub(r"\(set-logic [A-Z_]+\)", "(set-logic ALL)", decls)
    index = "Int" if array_sort == "(Array Int Int)" else "I"
    text += f"(declare-fun |@diff| ({array_sort} {array_sort}) {index})\n"
    for f in formulas:
        text += f"(assert {f})\n"
    for term, x, y in diff_terms(interpolant):
        text += f"(assert (or (= {x} {y}) (not (= (select {x} {term}) (select {y} {term})))))\n"
    text = text.replace("@diff", "|@diff|").replace("||@diff||", "|@diff|")
    return z3_answer(z3, text + "(check-sat)\n") == "unsat"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--families", default="weakeq,reads,ax-weakeq")
    ap.add_argument("--craig", default=default_craig())
    ap.add_argument("--z3", default="z3")
    ap.add_argument("--no-z3", action="store_true")
    ap.add_argument("--show-unsupported", action="store_true")
    args = ap.parse_args()
    for family in args.families.split(","):
        r = random.Random(f"{args.seed}-{family}")
        tally = {"unsat": 0, "interpolated": 0, "unsupported": 0, "wrong": 0, "other": 0}
        for n in range(args.count):
            generate, decls, array_sort = FAMILIES[family]
            a, b = generate(r)
            a, b = conj(a), conj(b)
            script = f"{decls}(assert (! {a} :named A))(assert (! {b} :named B))(check-sat)(get-interpolants A B)\n"
            out = subprocess.run([args.craig, "smt", "-"], input=script, capture_output=True,
                                 text=True, timeout=300).stdout.strip().splitlines()
            if not out or out[0] != "unsat":
                if out and out[0] == "sat" or args.no_z3:
                    continue
            if not args.no_z3:
                expected = z3_answer(args.z3, f"{decls}(assert {a})(assert {b})(check-sat)\n")
                if expected != "unsat":
                    if out and out[0] == "unsat":
                        print(f"{family}-{n}: craig unsat, z3 {expected}")
                        tally["wrong"] += 1
                    continue
                if not out or out[0] != "unsat":
                    print(f"{family}-{n}: z3 unsat, craig {out[:1]}")
                    tally["other"] += 1
                    continue
            tally["unsat"] += 1
            answer = out[1] if len(out) > 1 else ""
            if answer == "unsupported":
                tally["unsupported"] += 1
                if args.show_unsupported:
                    print(f"{family}-{n}: unsupported\n  A: {a}\n  B: {b}")
                continue
            if not answer.startswith("("):
                tally["other"] += 1
                continue
            i = answer[1:-1].strip()
            tally["interpolated"] += 1
            if args.no_z3:
                continue
            ok = (z3_unsat(args.z3, decls, array_sort, [a, f"(not {i})"], i)
                  and z3_unsat(args.z3, decls, array_sort, [i, b], i))
            names = set(re.findall(r"[A-Za-z_@][A-Za-z0-9_@]*", i))
            ok = ok and not (names & LOCAL)
            if not ok:
                tally["wrong"] += 1
                print(f"{family}-{n}: WRONG {i}\n  A: {a}\n  B: {b}")
        print(f"{family}: {args.count} splits, {tally['unsat']} unsat, "
              f"{tally['interpolated']} interpolated, {tally['unsupported']} unsupported, "
              f"{tally['wrong']} wrong, {tally['other']} other")


if __name__ == "__main__":
    sys.exit(main())
