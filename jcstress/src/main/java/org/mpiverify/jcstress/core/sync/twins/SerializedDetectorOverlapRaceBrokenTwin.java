package org.mpiverify.jcstress.core.sync.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Known-bad twin of {@code SerializedDetectorOverlapRace}: the detector checks {@code owner == null}
 * and then writes itself (check-then-act, no CAS). Two threads that enter together both see null, both
 * claim the rank and neither reports, although both are inside at once: a missed overlap.
 *
 * <p>r1, r2 = reports by thread 1 / 2, r3 = 1 if the ground truth saw both inside.
 */
@JCStressTest
@Description("Broken twin: an overlap detector with check-then-act instead of CAS")
@Outcome(id = {"0, 0, 0", "1, 0, 0", "0, 1, 0"}, expect = ACCEPTABLE, desc = "No overlap, or an overlap that was reported.")
@Outcome(id = {"1, 0, 1", "0, 1, 1"}, expect = ACCEPTABLE_INTERESTING, desc = "True overlap, reported.")
@Outcome(expect = FORBIDDEN, desc = "Missed overlap: both threads were inside and the detector said nothing (or both reported).")
@State
public class SerializedDetectorOverlapRaceBrokenTwin {
    volatile Thread owner;
    final AtomicInteger inside = new AtomicInteger();
    volatile int sawOther;

    int call() {
        Thread me = Thread.currentThread();
        Thread o = owner;
        int reported;
        if (o == null) {
            owner = me;                 // DEFECT: the other thread may have claimed it since the check
            reported = 0;
        } else {
            reported = 1;
        }
        if (inside.getAndIncrement() != 0) {
            sawOther = 1;
        }
        inside.decrementAndGet();
        if (owner == me) {
            owner = null;
        }
        return reported;
    }

    @Actor
    public void thread1(III_Result r) {
        r.r1 = call();
    }

    @Actor
    public void thread2(III_Result r) {
        r.r2 = call();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = sawOther;
    }
}
