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
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race: the owner's lock-free {@link MatchTable.Entry#empty()} (§3.2) against the table growing under it.
 * The one-head table holds six keys, one of them (key 1) the owner's, inserted through its entry; the
 * grower inserts two more keys, and the first that needs a third bucket makes the table double, moving
 * every entry to the new table (each old entry read and marked MOVED in one atomic step). The owner empties its entry at
 * the same time: a CAS to ⊥ that either lands before the move (nothing to copy) or fails on MOVED and
 * empties the copy under its lock.
 *
 * <p>r1 = 1 if key 1 still holds a value afterwards, r2 = the number of heads. Forbidden: r1 = 1, the
 * owner's value resurrected in the new table after it was emptied.
 */
@JCStressTest
@Description("MatchTable: owner's lock-free empty vs a growth moving its entry")
@Outcome(id = "0, 2", expect = ACCEPTABLE, desc = "The table doubled and key 1 holds ⊥.")
@Outcome(expect = FORBIDDEN, desc = "Key 1 still holds the emptied value (or the table did not grow).")
@State
public class HashTableOwnerEmptyVsMoveRace {
    final MatchTable table = new MatchTable(1);
    final MatchTable.Entry owned;

    public HashTableOwnerEmptyVsMoveRace() {
        for (long k = 100; k < 105; k++) {
            table.insert(k, "k" + k);
        }
        owned = table.insertEntry(1, "owner's");     // six live keys: two full buckets
    }

    @Actor
    public void owner() {
        owned.empty();
    }

    @Actor
    public void grower() {
        table.insert(200, "seventh");                // a third bucket: the table doubles ...
        table.insert(201, "eighth");                 // ... here, if the owner's empty freed an entry for 200
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = table.get(1) == null ? 0 : 1;
        r.r2 = table.bucketCount();
    }
}
