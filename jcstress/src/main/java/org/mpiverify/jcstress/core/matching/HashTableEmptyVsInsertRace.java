package org.mpiverify.jcstress.core.matching;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.matching.MatchTable;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: the single-write {@code empty} of Dang, Snir &amp; Gropp §3.2 ({@link MatchTable.Entry#empty()},
 * one release store of ⊥, no lock) by the owner of key k's value v, against an {@code insert(k, w)} by
 * another thread on the same bucket (the table has one bucket, so every key collides; a second key
 * k2 lives in the same bucket so the entry that is emptied is not the bucket's first).
 *
 * <p>Either the insert runs first and finds v (returns v, changes nothing; the empty then leaves k
 * holding ⊥), or the empty runs first and the insert stores w (k then holds w). The insert's writer
 * also wrote w.payload (plain) before inserting; whoever later reads w from the table must see it.
 *
 * <p>r1 = what insert returned (1 = w, 2 = v), r2 = what k holds afterwards (0 = ⊥, 1 = w, 2 = v),
 * r3 = number of live keys in the table, r4 = w.payload as read back from the table (-1 if not there).
 * Forbidden: the insert returned w but k does not hold w (the empty erased a value it did not own),
 * the insert returned v but k holds anything but ⊥, two values for k (equation (3)), k2 lost, or w
 * read back without its payload.
 */
@JCStressTest
@Description("MatchTable: DSG single-write Entry.empty racing insert on the same bucket")
@Outcome(id = "2, 0, 1, -1", expect = ACCEPTABLE, desc = "insert first: it found v; the empty then removed v.")
@Outcome(id = "1, 1, 2, 42", expect = ACCEPTABLE, desc = "empty first: the insert stored w, with its payload.")
@Outcome(expect = FORBIDDEN, desc = "The empty erased another value, a key holds two values, a key was lost, or w was read without its payload.")
@State
public class HashTableEmptyVsInsertRace {
    static final long K = 17, K2 = 99;

    static final class Value {
        final int id;
        int payload;

        Value(int id) {
            this.id = id;
        }
    }

    final MatchTable table = new MatchTable(1);
    final Value v = new Value(2);
    final MatchTable.Entry ownersEntry;

    public HashTableEmptyVsInsertRace() {
        table.insert(K2, new Value(3));
        ownersEntry = table.insertEntry(K, v);
    }

    @Actor
    public void owner() {
        ownersEntry.empty();
    }

    @Actor
    public void inserter(IIII_Result r) {
        Value w = new Value(1);
        w.payload = 42;
        Object got = table.insert(K, w);
        r.r1 = ((Value) got).id;
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        Object now = table.get(K);
        r.r2 = now == null ? 0 : ((Value) now).id;
        r.r3 = table.size();
        r.r4 = now != null && ((Value) now).id == 1 ? ((Value) now).payload : -1;
        if (table.get(K2) == null) {
            r.r3 = -100;                          // k2 lost: forbidden
        }
    }
}
