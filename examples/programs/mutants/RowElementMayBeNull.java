/* MUTANT of Row.java: without its precondition, `first` reads a field of an element that may be null */
/*
 * Row.java: an array of objects. Its elements are `Array.state (a) i`, a function of the index
 * as `int[]` elements are of `Array.intState`; every access checks the array is not null and
 * the index is within its length, and `a[i].f` checks the element is not null.
 */

class Cell {
    public int value;
}

class Row {
    private Cell[] cells;

    /*:
     invariant cellsExist: "ALL r. r : Object.alloc & r : Row & r ~= null -->
                              r..cells ~= null & 0 < r..cells..Array.length"
     */

    public Row(int n)
    /*: requires "0 < n"
        modifies "this..cells"
        ensures "this..cells..Array.length = n" */
    {
        cells = new Cell[n];
    }

    public void put(int i, Cell c)
    /*: requires "0 <= i & i < this..cells..Array.length"
        modifies "Array.state"
        ensures "Array.state (this..cells) i = c" */
    {
        cells[i] = c;
    }

    public int first()
    /*:         ensures "result = (Array.state (this..cells) 0)..Cell.value" */
    {
        Cell c = cells[0];
        return c.value;
    }

    public int firstOr(int otherwise)
    /*: ensures "Array.state (this..cells) 0 = null --> result = otherwise" */
    {
        if (cells[0] == null) {
            return otherwise;
        }
        return cells[0].value;
    }
}
