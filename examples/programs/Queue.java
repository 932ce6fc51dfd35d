/*
 * Queue.java: a bounded FIFO queue of objects in a circular array, in the style of Jahob's
 * container examples. The ghost field `size` is the number of queued elements; the invariants
 * keep the window [head, head + count) inside the array, wrapping around its end, which is what
 * the array bound checks of every access need.
 */

class Queue {
    private Object[] items;
    private int head;
    private int count;

    /*:
     public ghost specvar size :: int = "0";
     public ghost specvar capacity :: int = "0";

     invariant sizeIsCount: "ALL q. q : Object.alloc & q : Queue & q ~= null --> q..size = q..count"
     invariant itemsExist: "ALL q. q : Object.alloc & q : Queue & q ~= null --> q..items ~= null"
     invariant capacityIsLength: "ALL q. q : Object.alloc & q : Queue & q ~= null -->
                                    q..capacity = q..items..Array.length"
     invariant headInside: "ALL q. q : Object.alloc & q : Queue & q ~= null -->
                              0 <= q..head & q..head < q..capacity"
     invariant countInside: "ALL q. q : Object.alloc & q : Queue & q ~= null -->
                               0 <= q..count & q..count <= q..capacity"
     */

    public Queue(int n)
    /*: requires "0 < n"
        modifies "this..items", "this..head", "this..count", "this..size", "this..capacity"
        ensures "this..size = 0 & this..capacity = n" */
    {
        items = new Object[n];
        head = 0;
        count = 0;
        //: "this..size" := "0";
        //: "this..capacity" := "n";
    }

    public boolean isEmpty()
    /*: ensures "result = (this..size = 0)" */
    {
        return count == 0;
    }

    public boolean isFull()
    /*: ensures "result = (this..size = this..capacity)" */
    {
        return count == items.length;
    }

    public void enqueue(Object x)
    /*: requires "this..size < this..capacity"
        modifies "this..count", "this..size", "Array.state"
        ensures "this..size = old (this..size) + 1" */
    {
        int tail = head + count;
        if (tail >= items.length) {
            tail = tail - items.length;
        }
        items[tail] = x;
        count = count + 1;
        //: "this..size" := "old (this..size) + 1";
    }

    public Object dequeue()
    /*: requires "0 < this..size"
        modifies "this..head", "this..count", "this..size"
        ensures "this..size = old (this..size) - 1" */
    {
        Object x = items[head];
        head = head + 1;
        if (head == items.length) {
            head = 0;
        }
        count = count - 1;
        //: "this..size" := "old (this..size) - 1";
        return x;
    }
}
