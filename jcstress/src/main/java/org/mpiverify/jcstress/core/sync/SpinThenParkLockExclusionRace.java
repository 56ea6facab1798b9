package org.mpiverify.jcstress.core.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.sync.SpinThenParkLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Race: two threads take the matching engines' context lock ({@link SpinThenParkLock}) at once and
 * each adds to two plain fields inside it, as a sender delivering and a receiver posting do on one
 * context. The lock must exclude and publish: each thread sees the other's whole section or none of it.
 *
 * <p>r1, r2 = the value of {@code a} each thread read inside its section (0 if first, 1 if second);
 * r3 = the final {@code a + b} (4 when both sections ran whole). Forbidden: both first or both second
 * (they were inside together), or a lost update.
 */
@JCStressTest
@Description("SpinThenParkLock: two sections on one lock never overlap, and each sees the other's writes")
@Outcome(id = {"0, 1, 4", "1, 0, 4"}, expect = ACCEPTABLE, desc = "One section after the other, each whole.")
@Outcome(expect = FORBIDDEN, desc = "Both sections inside at once, or an update lost.")
@State
public class SpinThenParkLockExclusionRace {
    final SpinThenParkLock lock = new SpinThenParkLock();
    int a;
    int b;

    int section() {
        lock.lock();
        try {
            int seen = a;
            a = seen + 1;
            b = b + 1;
            return seen;
        } finally {
            lock.unlock();
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
