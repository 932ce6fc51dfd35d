/* MUTANT of Reach.java: pop claims the old root is still in the content, which is false unless the list is a cycle, so the postcondition of Reach.pop fails */
/*
 * Must fail in Reach.pop: a postcondition. A mutant of Reach.java whose pop says the old root
 * is still reachable from the new root; on a list without a cycle it is not, and no axiom of
 * the closure may prove it.
 */

class Node {
    public /*: claimedby Reach */ Node next;
}

class Reach {
    private static Node root;

    /*:
     public static specvar content :: objset;
     private vardefs "content == {x. x ~= null & (root, x) : {(u, v). u..next = v}^*}";
     */

    /* The root is in the content when there is one: reflexivity. */
    public static boolean rootIn()
    /*: ensures "root ~= null --> root : content" */
    {
        return root != null;
    }

    /* The node after the root is in the content: one step. */
    public static Node second()
    /*: requires "root ~= null"
        ensures "result = null | result : content" */
    {
        return root.next;
    }

    /* Walking the list never leaves it: a step after a path is a path. */
    public static Node last()
    /*: requires "root ~= null"
        ensures "result : content & result..next = null" */
    {
        Node r = root;
        while //: inv "r : content"
            (r.next != null) {
            r = r.next;
        }
        return r;
    }

    /* Dropping the first node keeps only nodes that were there: a path from the second node
       is a path from the first. The new root is reached from the old one (`rtrancl_pt`). */
    public static void pop()
    /*: requires "root ~= null"
        modifies content
        ensures "content <= old content & old root : content" */
    {
        root = root.next;
    }
}
