package org.mpiverify.mutate.race.scenarios;

import org.mpiverify.core.matching.MatchTable;
import org.openjdk.jcstress.annotations.Actor;

/**
 * A race scenario for the detector: DSG's posted receive (§3.2). The owner inserts three keys into one
 * bucket (entries 0, 1 and 2) and polls each entry's value without a lock until it is gone, while a
 * matcher empties the keys under the bucket's lock. The lock-free read of a value and the locked store
 * that empties it are the pair the values' acquire and release order.
 */
public class MatchTableOwnerPollsVsEmpty {
    static final long[] KEYS = {7, 8, 9};

    final MatchTable table = new MatchTable(1);

    @Actor
    public void owner() {
        MatchTable.Entry[] entries = new MatchTable.Entry[KEYS.length];
        for (int i = 0; i < KEYS.length; i++) entries[i] = table.insertEntry(KEYS[i], "receive " + i);
        for (MatchTable.Entry e : entries) {
            for (int spins = 0; spins < 200 && e.value() != null; spins++) {
                Thread.onSpinWait();
            }
        }
    }

    @Actor
    public void matcher() {
        for (long k : KEYS) {
            for (int tries = 0; tries < 200 && table.empty(k) == null; tries++) {
                Thread.onSpinWait();
            }
        }
    }
}
