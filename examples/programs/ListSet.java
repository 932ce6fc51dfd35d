/*
 * ListSet.java: a mutable set of objects kept in a singly linked list, in the style of Jahob's
 * container examples. Each node carries a ghost field `cnt`, the elements of the list from that
 * node on, so the set's content is a field of its first node and no reachability is needed.
 *
 * New elements go in front: existing nodes are never changed, so the node invariants keep
 * holding, and `add` only changes the set itself (`modifies content, first` on `this`).
 */

class Node {
    public Object data;
    public Node next;

    /*:
     public ghost specvar cnt :: objset = "({} :: obj set)";

     invariant cntDefinition: "ALL n. n : Object.alloc & n : Node & n ~= null -->
                                n..cnt = {n..data} Un n..next..cnt"
     invariant cntNull: "null..cnt = {}"
     */
}

class ListSet {
    private Node first;

    /*:
     public ghost specvar content :: objset = "({} :: obj set)";

     invariant contentIsFirst: "ALL s. s : Object.alloc & s : ListSet & s ~= null -->
                                  s..content = s..first..cnt"
     */

    public ListSet()
    /*: modifies "this..content", "this..first"
        ensures "this..content = {}" */
    {
        first = null;
        //: "this..content" := "{}";
    }

    public void add(Object x)
    /*: modifies "this..content", "this..first"
        ensures "this..content = old (this..content) Un {x}" */
    {
        Node n = new Node();
        n.data = x;
        n.next = first;
        //: "n..cnt" := "{x} Un first..cnt";
        first = n;
        //: "this..content" := "old (this..content) Un {x}";
    }

    public boolean member(Object x)
    /*: ensures "result = (x : this..content)" */
    {
        Node n = first;
        while /*: inv "n : Object.alloc & n : Node & n..cnt <= this..content &
                       (x : this..content --> x : n..cnt)" */
              (n != null) {
            if (n.data == x) {
                return true;
            }
            n = n.next;
        }
        return false;
    }

    public boolean isEmpty()
    /*: ensures "result = (this..content = {})" */
    {
        return first == null;
    }
}
