/*
 * HashTable.java: a map from integer keys to objects in an array of buckets, each bucket an
 * AssocList (AssocList.java must be loaded with it), in the style of Jahob's hash table. The
 * content of the table is the union of its buckets' contents; a key lives in the bucket its hash
 * selects, which is what lets `get` look in one bucket only.
 */

class HashTable {
    private AssocList[] table;

    /*:
     public ghost specvar content :: "(int * obj) set" = "({} :: (int * obj) set)";

     invariant tableExists: "ALL h. h : Object.alloc & h : HashTable & h ~= null -->
                               h..table ~= null & 0 < h..table..Array.length"
     invariant contentDefinition: "ALL h. h : Object.alloc & h : HashTable & h ~= null -->
         h..content = {(k, v). EX i. 0 <= i & i < h..table..Array.length &
                                     (k, v) : (Array.state (h..table) i)..AssocList.content}"
     invariant tablesUnshared: "ALL h g. h : Object.alloc & h : HashTable & h ~= null &
                                  g : Object.alloc & g : HashTable & g ~= null &
                                  h..table = g..table --> h = g"
     invariant bucketsAreLists: "ALL h i. h : Object.alloc & h : HashTable & h ~= null -->
                                   Array.state (h..table) i : AssocList"
     invariant keysInTheirBucket: "ALL h i k v. h : Object.alloc & h : HashTable & h ~= null &
         0 <= i & i < h..table..Array.length &
         (k, v) : (Array.state (h..table) i)..AssocList.content -->
             i = (if k < 0 then - k else k) mod h..table..Array.length"
     */

    public HashTable(int n)
    /*: requires "0 < n"
        modifies "this..table", "this..content"
        ensures "this..content = {}" */
    {
        table = new AssocList[n];
        //: "this..content" := "{}";
    }

    /* The bucket of a key: its absolute value modulo the size of the table. */
    private static int hash(int k, int n)
    /*: requires "0 < n"
        ensures "0 <= result & result < n & result = (if k < 0 then - k else k) mod n" */
    {
        int h = k;
        if (h < 0) {
            h = 0 - h;
        }
        return h % n;
    }

    public Object get(int k)
    /*: ensures "(result ~= null & (k, result) : this..content) |
                 (result = null & (ALL v. (k, v) ~: this..content))" */
    {
        int i = hash(k, table.length);
        AssocList bucket = table[i];
        return AssocList.get(k, bucket);
    }

    public void put(int k, Object v)
    /*: requires "v ~= null"
        modifies "this..content", "Array.state"
        ensures "this..content = (old (this..content) - {(x, y). x = k}) Un {(k, v)}" */
    {
        int i = hash(k, table.length);
        table[i] = AssocList.put(k, v, table[i]);
        //: "this..content" := "(old (this..content) - {(x, y). x = k}) Un {(k, v)}";
    }
}
