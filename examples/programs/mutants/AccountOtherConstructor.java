/* MUTANT of Account.java: `opened` calls the constructor without the amount, so its postcondition fails */
/*
 * Account.java: more than one constructor, and methods overloaded by their parameters' types,
 * resolved as Java resolves them (the most specific overload that takes the arguments' types).
 * Each overload has obligations of its own, named with its signature: `Account.init()`,
 * `Account.init(int)`, `Account.deposit(int)`, `Account.deposit(Account)`.
 */

class Account {
    private int balance;

    /*:
     invariant balanceNonNegative: "ALL a. a : Object.alloc & a : Account & a ~= null -->
                                      0 <= a..balance"
     */

    public Account()
    /*: modifies "this..balance"
        ensures "this..balance = 0" */
    {
        balance = 0;
    }

    public Account(int opening)
    /*: requires "0 <= opening"
        modifies "this..balance"
        ensures "this..balance = opening" */
    {
        balance = opening;
    }

    public void deposit(int amount)
    /*: requires "0 <= amount"
        modifies "this..balance"
        ensures "this..balance = old (this..balance) + amount" */
    {
        balance = balance + amount;
    }

    public void deposit(Account other)
    /*: requires "other ~= null & other ~= this"
        modifies "this..balance"
        ensures "this..balance = old (this..balance) + other..balance" */
    {
        deposit(other.balance);
    }

    public static Account opened(int amount)
    /*: requires "0 <= amount"
        ensures "result ~= null & result..balance = amount" */
    {
        Account a = new Account();
        return a;
    }

    public static Account empty()
    /*: ensures "result ~= null & result..balance = 0" */
    {
        Account a = new Account();
        return a;
    }

    public static Account merged(Account x, Account y)
    /*: requires "x ~= null & y ~= null & x ~= y"
        modifies "x..balance"
        ensures "x..balance = old (x..balance) + y..balance" */
    {
        x.deposit(y);
        return x;
    }
}
