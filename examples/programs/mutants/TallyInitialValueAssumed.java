/* MUTANT of Tally.java: Tally.current relies on the ghost variable still having its initial value 0, which no method may assume, so its postcondition fails */
/*
 * Must fail in Tally.current: a postcondition. A mutant of Tally.java whose method relies on
 * the static ghost variable still having its initial value 0; another method may have changed
 * it before this one runs, so the initial value is assumed nowhere and the postcondition fails.
 */

class Tally {
    /*: public static ghost specvar total :: int = "0"; */
    public static int count = 0;

    public static int current()
    /*: ensures "result = Tally.total" */
    {
        return 0;
    }
}
