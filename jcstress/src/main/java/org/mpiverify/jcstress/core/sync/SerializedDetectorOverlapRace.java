package org.mpiverify.jcstress.core.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;

import org.mpiverify.core.sync.SerializedCallDetector;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: two threads of one rank make an MPI call each at the same time, which {@code SERIALIZED}
 * forbids; the checked-mode detector must report a true overlap and never a false one.
 *
 * <p>Each thread: {@code enter()}; then an atomic "inside" counter is incremented (the ground truth:
 * if the increment finds the other thread's mark, both are inside their calls at once); then the mark
 * is removed and {@code exit()} called. Afterwards the arbiter makes a third, serialized call.
 *
 * <p>r1, r2 = did thread 1 / 2 get a report (1) naming the other thread (a report naming any other
 * thread is 9), r3 = 1 if either thread saw the other inside (true overlap), r4 = 1 if the arbiter's
 * later serialized call was reported (a false report: a stale owner left behind). Forbidden: a true
 * overlap with no report (missed), both reporting (each claims the other owns the rank), a report
 * naming a thread that is not in a call, or a stale report for a later, properly serialized call.
 */
@JCStressTest
@Description("SerializedCallDetector: reports true overlap, never a false one")
@Outcome(id = {"0, 0, 0, 0"}, expect = ACCEPTABLE, desc = "The calls did not overlap; nothing reported.")
@Outcome(id = {"1, 0, 0, 0", "0, 1, 0, 0"}, expect = ACCEPTABLE, desc = "The calls overlapped (one entered while the other was inside) and it was reported.")
@Outcome(id = {"1, 0, 1, 0", "0, 1, 1, 0"}, expect = ACCEPTABLE_INTERESTING, desc = "Overlap seen by the ground truth too, and reported.")
@Outcome(expect = FORBIDDEN, desc = "Missed overlap, double or misdirected report, or a false report of a later serialized call.")
@State
public class SerializedDetectorOverlapRace {
    final SerializedCallDetector detector = new SerializedCallDetector();
    final AtomicInteger inside = new AtomicInteger();
    volatile Thread t1;
    volatile Thread t2;
    volatile int sawOther;

    int call(Thread other) {
        Thread reported = detector.enter();
        if (inside.getAndIncrement() != 0) {
            sawOther = 1;
        }
        inside.decrementAndGet();
        detector.exit();
        if (reported == null) {
            return 0;
        }
        return reported == other ? 1 : 9;
    }

    @Actor
    public void thread1(IIII_Result r) {
        t1 = Thread.currentThread();
        Thread other;
        while ((other = t2) == null) {
            Thread.onSpinWait();
        }
        r.r1 = call(other);
    }

    @Actor
    public void thread2(IIII_Result r) {
        t2 = Thread.currentThread();
        Thread other;
        while ((other = t1) == null) {
            Thread.onSpinWait();
        }
        r.r2 = call(other);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r3 = sawOther;
        Thread stale = detector.enter();
        r.r4 = stale == null ? 0 : 1;
        detector.exit();
    }
}
