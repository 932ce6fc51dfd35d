/*
 * AssocList.java: a functional association list from integer keys to objects, in the style of
 * Jahob's FuncTree (and of the "functional association list" of the Jahob paper): operations
 * never change an existing cell, they return new lists. Keys are kept unique, so the content is
 * a function from keys to values.
 */

class AssocList {
    private int key;
    private Object value;
    private AssocList next;

    /*:
     public ghost specvar content :: "(int * obj) set" = "({} :: (int * obj) set)";

     invariant contentDefinition: "ALL l. l : Object.alloc & l : AssocList & l ~= null -->
                                     l..content = {(l..key, l..value)} Un l..next..content"
     invariant nullEmpty: "null..content = {}"
     invariant valueNotNull: "ALL l. l : Object.alloc & l : AssocList & l ~= null --> l..value ~= null"
     invariant keysUnique: "ALL l. l : Object.alloc & l : AssocList & l ~= null -->
                              (ALL v. (l..key, v) ~: l..next..content)"
     */

    public static AssocList empty()
    /*: ensures "result..content = {}" */
    {
        return null;
    }

    public static AssocList put(int k, Object v, AssocList l)
    /*: requires "v ~= null"
        ensures "result..content = (l..content - {(x, y). x = k}) Un {(k, v)}" */
    {
        AssocList rest = remove(k, l);
        AssocList r = new AssocList();
        r.key = k;
        r.value = v;
        r.next = rest;
        //: "r..content" := "(l..content - {(x, y). x = k}) Un {(k, v)}";
        return r;
    }

    public static Object get(int k, AssocList l)
    /*: ensures "(result ~= null & (k, result) : l..content) |
                 (result = null & (ALL v. (k, v) ~: l..content))" */
    {
        AssocList c = l;
        while /*: inv "c : Object.alloc & c : AssocList &
                       (ALL v. (k, v) : l..content --> (k, v) : c..content) &
                       (ALL v. (k, v) : c..content --> (k, v) : l..content)" */
              (c != null) {
            if (c.key == k) {
                return c.value;
            }
            c = c.next;
        }
        return null;
    }

    public static AssocList remove(int k, AssocList l)
    /*: ensures "result..content = l..content - {(x, y). x = k}" */
    {
        if (l == null) {
            return null;
        }
        if (l.key == k) {
            return l.next;
        }
        AssocList rest = remove(k, l.next);
        AssocList r = new AssocList();
        r.key = l.key;
        r.value = l.value;
        r.next = rest;
        //: "r..content" := "l..content - {(x, y). x = k}";
        return r;
    }
}
