/* MUTANT of Choose.java: no x lies above `high` and at most `low`, so the existence obligation of the havoc fails */
/*
 * Choose.java: two statements of Jahob's proof language. `havoc x suchThat F`: x gets an
 * arbitrary value satisfying F, and that such a value exists is an obligation where the
 * statement stands. `assuming F in (...; noteThat G)`: G is proved under the local assumption F,
 * and what follows knows `F --> G`.
 */

class Choose {
    private int low;
    private int high;

    /*:
     invariant ordered: "ALL c. c : Object.alloc & c : Choose & c ~= null --> c..low < c..high"
     */

    public int between()
    /*: ensures "this..low < result & result <= this..high" */
    {
        int x = 0;
        //: havoc x suchThat "high < x & x <= low";
        return x;
    }

    public void widen()
    /*: modifies "this..high"
        ensures "old (this..high) < this..high" */
    {
        int before = high;
        //: havoc "this..high" suchThat "before < this..high";
    }

    public int twice(int x)
    /*: requires "0 <= x"
        ensures "x <= result" */
    {
        //: assuming big: "10 < x" in (assert "0 < x"; noteThat bigger: "5 < x + x");
        //: assert "10 < x --> 5 < x + x";
        return x + x;
    }
}
