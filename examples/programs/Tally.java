/*
 * Tally.java: two short forms of Jahob's annotation language. `note l: "F"` is Jahob's short
 * form of `noteThat l: "F"`: F is proved where it stands and known after it. A static ghost
 * variable may have an initial value (`public static ghost specvar total :: int = "0"`, as in
 * Jahob's manual): it is read and type-checked, and, like a static field's initialiser, assumed
 * by no method, since a method may run after others changed the variable; the contracts say
 * what each method needs of it.
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
        //: note grew: "before <= count";
    }
}
