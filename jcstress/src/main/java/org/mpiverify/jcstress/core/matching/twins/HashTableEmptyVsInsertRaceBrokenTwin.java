package org.mpiverify.jcstress.core.matching.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Known-bad twin of {@code HashTableEmptyVsInsertRace}: a one-bucket table (two entries, a spin lock)
 * whose lock-free {@code empty} is not a single write: it clears the value and then the key (two plain
 * stores), as a naive "remove" of an entry would. An insert that takes the lock between the two stores
 * finds the entry free, reuses it for (k, w) and returns w; the empty's second store then wipes the
 * key, so k no longer holds w: the value is lost. DSG §3.2 require empty to be one write for exactly
 * this reason.
 *
 * <p>r1 = what insert returned (1 = w, 2 = v), r2 = what k holds afterwards (0 = ⊥, 1 = w, 2 = v),
 * r3 = live entries.
 */
@JCStressTest
@Description("Broken twin: a two-write empty (value, then key) racing insert")
@Outcome(id = "2, 0, 0", expect = ACCEPTABLE, desc = "insert first: it found v; the empty then removed v.")
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "empty first: the insert stored w.")
@Outcome(expect = FORBIDDEN, desc = "The insert returned w but w is lost: the empty's second write erased the reused entry's key.")
@State
public class HashTableEmptyVsInsertRaceBrokenTwin {
    static final long K = 17;
    static final long NO_KEY = -1;

    volatile int lock;
    final long[] keys = {K, NO_KEY};
    final int[] values = {2, 0};   // 0 = ⊥; the owner's v (id 2) sits in entry 0

    @Actor
    public void owner() {
        values[0] = 0;             // DEFECT: first write: the entry looks free ...
        for (int i = 0; i < 32; i++) {
            Thread.onSpinWait();   // (the window a preemption or a cache miss would open)
        }
        keys[0] = NO_KEY;          // ... second write: clobbers whatever was stored there meanwhile
    }

    @Actor
    public void inserter(III_Result r) {
        while (lock != 0 || !tryLock()) {
            Thread.onSpinWait();
        }
        try {
            int free = -1;
            for (int i = 0; i < 2; i++) {
                if (values[i] != 0 && keys[i] == K) {
                    r.r1 = values[i];
                    return;
                }
                if (values[i] == 0 && free < 0) {
                    free = i;
                }
            }
            keys[free] = K;
            values[free] = 1;
            r.r1 = 1;
        } finally {
            lock = 0;
        }
    }

    private synchronized boolean tryLock() {
        if (lock != 0) {
            return false;
        }
        lock = 1;
        return true;
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int holds = 0, live = 0;
        for (int i = 0; i < 2; i++) {
            if (values[i] != 0) {
                live++;
                if (keys[i] == K) {
                    holds = values[i];
                }
            }
        }
        r.r2 = holds;
        r.r3 = live;
    }
}
