package org.mpiverify.jcstress.core.sync.twins;

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
 * Known-bad twin of {@code SpinThenParkLockExclusionRace}: the lock is taken by reading its state and
 * then writing it ({@code while (locked) spin; locked = true}) instead of a CAS. Two threads that arrive
 * together both read "free", both enter, and both read {@code a == 0}.
 */
@JCStressTest
@Description("Broken twin: a lock taken by check-then-set instead of CAS")
@Outcome(id = {"0, 1, 4", "1, 0, 4"}, expect = ACCEPTABLE, desc = "One section after the other, each whole.")
@Outcome(expect = FORBIDDEN, desc = "Both sections inside at once, or an update lost.")
@State
public class SpinThenParkLockExclusionRaceBrokenTwin {
    volatile boolean locked;
    int a;
    int b;

    int section() {
        for (int probes = 0; locked; probes++) {
            if (probes > 100_000_000) {
                throw new IllegalStateException("holder never released");
            }
            Thread.onSpinWait();
        }
        locked = true;              // DEFECT: the other thread may have read "free" too
        try {
            int seen = a;
            a = seen + 1;
            b = b + 1;
            return seen;
        } finally {
            locked = false;
        }
    }

    @Actor
    public void sender(III_Result r) {
        r.r1 = section();
    }

    @Actor
    public void receiver(III_Result r) {
        r.r2 = section();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = a + b;
    }
}
