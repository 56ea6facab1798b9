package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.request.StripedCache;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race: two threads take from one stripe of a {@link StripedCache} (the virtual threads' private pools,
 * DSG §3.3) that holds one object. The stripe's try-lock is one CAS: the loser gives up at once (and would
 * go to the pool's shared stack), the winner pops the object.
 *
 * <p>r1, r2 = 1 if that actor got the object, 9 if its poll threw (a stripe corrupted by two owners).
 * Forbidden: 1, 1 (one object handed to two threads), 0, 0 (the object lost: one of them must have won
 * the stripe and found it) and any 9.
 */
@JCStressTest
@Description("StripedCache: two polls of a one-object stripe")
@Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "One thread got the object.")
@Outcome(expect = FORBIDDEN, desc = "The object went to both threads, or to neither.")
@State
public class StripedCacheDoubleTakeRace {
    final StripedCache<Object> cache = new StripedCache<>(1, 2);
    final Object item = new Object();

    public StripedCacheDoubleTakeRace() {
        cache.offer(item);
    }

    /** 1 if this poll got the object, 0 if not, 9 if it threw: an outcome, not a test error. */
    int take() {
        try {
            return cache.poll() == item ? 1 : 0;
        } catch (RuntimeException e) {
            return 9;
        }
    }

    @Actor
    public void taker1(II_Result r) {
        r.r1 = take();
    }

    @Actor
    public void taker2(II_Result r) {
        r.r2 = take();
    }
}
