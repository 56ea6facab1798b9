package org.mpiverify.mutate.race.scenarios;

import org.mpiverify.core.matching.MatchTable;
import org.openjdk.jcstress.annotations.Actor;

/**
 * A race scenario for the detector: two threads insert and empty their own keys in a match table that
 * starts with one bucket, so that it grows several times while both work (each growth is started by
 * whichever thread finds a chain too long, after the other's growth ended), and a third reads keys
 * without a lock meanwhile. The jcstress races grow the table at most once a round.
 */
public class MatchTableConcurrentGrowth {
    static final int KEYS = 12;

    final MatchTable table = new MatchTable(1);

    @Actor
    public void low() {
        work(0);
    }

    @Actor
    public void high() {
        work(1_000);
    }

    private void work(long base) {
        for (long k = base; k < base + KEYS; k++) table.insert(k, "v" + k);
        for (long k = base; k < base + KEYS; k += 2) table.empty(k);
    }

    @Actor
    public void reader() {
        for (int i = 0; i < 4 * KEYS; i++) {
            table.get(i % KEYS);
            table.get(1_000 + i % KEYS);
        }
    }
}
