package org.mpiverify.jcstress.core.request.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Known-bad twin of {@code StripedCacheDoubleTakeRace}: a stripe whose try-lock checks the lock word and
 * sets it in two steps. Both threads can find it free, both enter, and both pop the one object.
 */
@JCStressTest
@Description("Broken twin: a stripe locked by check-then-set")
@Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "One thread got the object.")
@Outcome(expect = FORBIDDEN, desc = "The object went to both threads, or to neither.")
@State
public class StripedCacheDoubleTakeRaceBrokenTwin {
    volatile int lock;
    final Object[] items = new Object[2];
    int size;
    final Object item = new Object();

    public StripedCacheDoubleTakeRaceBrokenTwin() {
        items[size++] = item;
    }

    Object poll() {
        if (lock != 0) {
            return null;
        }
        lock = 1;                       // DEFECT: not one CAS with the check above
        try {
            int n = size;               // both inside: both may read n = 1 and take items[0]
            if (n <= 0) {
                return null;
            }
            Object t = items[n - 1];
            items[n - 1] = null;
            size = n - 1;
            return t;
        } finally {
            lock = 0;
        }
    }

    @Actor
    public void taker1(II_Result r) {
        r.r1 = poll() == item ? 1 : 0;
    }

    @Actor
    public void taker2(II_Result r) {
        r.r2 = poll() == item ? 1 : 0;
    }
}
