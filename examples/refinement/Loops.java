// Java methods whose loops have no invariant: `craig verify` cannot prove them (a loop without
// an invariant is cut with `True`), but the refinement engine can, finding the invariants
// itself from interpolants:
//   craig cegar examples/refinement/Loops.java --function Loops.twice       (SAFE)
//   craig cegar examples/refinement/Loops.java --function Loops.countDown   (SAFE)
//   craig cegar examples/refinement/Loops.java --function Loops.twiceSkewed (UNSAFE, n = 8)
class Loops {
    public static int twice(int n)
    /*: requires "0 <= n"
        ensures "result = 2 * n" */
    {
        int i = 0;
        int c = 0;
        while (i < n) {
            c = c + 2;
            i = i + 1;
        }
        return c;
    }

    public static int countDown(int n)
    /*: requires "0 <= n"
        ensures "result = n" */
    {
        int i = 0;
        int j = n;
        while (0 < j) {
            i = i + 1;
            j = j - 1;
        }
        //: assert "j = 0";
        return i;
    }

    public static int twiceSkewed(int n)
    /*: requires "0 <= n"
        ensures "result = 2 * n" */
    {
        int i = 0;
        int c = 0;
        while (i < n) {
            c = c + 2;
            if (i == 7) {
                c = c + 1;
            }
            i = i + 1;
        }
        return c;
    }
}
