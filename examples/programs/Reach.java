/*
 * Reach.java: a list whose content is the set of nodes reachable from its root, written with
 * Jahob's reflexive transitive closure as Jahob's examples write it: `{(u, v). u..next = v}^*`
 * (the relation "one step along next", closed) and `rtrancl_pt P x y` (the closure of a binary
 * predicate). craig gives a closure the first-order axioms true of every reflexive transitive
 * closure (reflexivity, a step is in it, transitivity, unfolding a path at either end) and no
 * induction, as Jahob's first-order provers had it: what follows from those is proved here.
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
        ensures "content <= old content &
                 rtrancl_pt (% u v. u..next = v) (old root) root" */
    {
        root = root.next;
    }
}
