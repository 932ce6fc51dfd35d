/* MUTANT of Counter.java: the initialiser `step = 0` breaks the invariant stepPositive at the end of both constructors */
/*
 * Counter.java: field initialisers, as Java runs them. `count`, `step` and `last` start with
 * constant initialisers (the new object's values, before its constructor runs); `history` is
 * initialised by `new int[4]`, which runs at the start of each constructor, so the constructors
 * name it in `modifies` as any write of theirs. The static field `made` has a constant
 * initialiser that no method may assume (another method may have changed it since).
 */

class Counter {
    private int count = 0;
    private int step = 0;
    private Counter last = null;
    private int[] history = new int[4];
    private static int made = 0;

    /*:
     invariant stepPositive: "ALL c. c : Object.alloc & c : Counter & c ~= null --> 0 < c..step"
     invariant historyExists: "ALL c. c : Object.alloc & c : Counter & c ~= null -->
                                 c..history ~= null & c..history..Array.length = 4"
     */

    public Counter()
    /*: modifies "this..history"
        ensures "this..count = 0 & this..last = null" */
    {
    }

    public Counter(int start)
    /*: modifies "this..history", "this..count"
        ensures "this..count = start" */
    {
        count = start;
    }

    public void tick()
    /*: modifies "this..count", "Array.intState"
        ensures "this..count = old (this..count) + this..step" */
    {
        history[0] = count;
        count = count + step;
    }

    public static Counter started(int start)
    /*: ensures "result ~= null & result..count = start & result..step = 1" */
    {
        Counter c = new Counter(start);
        return c;
    }

    public static int made()
    /*: modifies "Counter.made"
        ensures "result = old Counter.made + 1" */
    {
        made = made + 1;
        return made;
    }
}
