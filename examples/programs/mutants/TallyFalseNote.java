/* MUTANT of Tally.java: the `note` says the count grew strictly, false when k = 0, so the assertion it makes in Tally.add fails */
/*
 * Must fail in Tally.add: an assertion. A mutant of Tally.java whose `note` says the count grew
 * strictly, which is false when k = 0: the short form is checked as `noteThat` is.
 */

class Tally {
    /*: public static ghost specvar total :: int = "0"; */
    public static int count = 0;

    public static void add(int k)
    /*: requires "0 <= k & Tally.count = Tally.total"
        modifies "Tally.count", "Tally.total"
        ensures "Tally.count = Tally.total & old (Tally.total) <= Tally.total" */
    {
        int before = count;
        count = count + k;
        //: total := "total + k";
        //: note grew: "before < count";
    }
}
