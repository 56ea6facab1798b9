package org.mpiverify.lincheck.core.request;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.request.CheckThenSetStripedCache;
import org.mpiverify.core.request.ObjectPool;
import org.mpiverify.core.request.StripedCache;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link StripedCache}, the virtual threads' private pools (DSG §3.3, per worker rather than per thread),
 * inside an {@link ObjectPool}: no object is ever handed to two holders, whether it comes from a stripe
 * or the shared stack and whichever thread returns it, against {@link PoolSpec}.
 *
 * <p>The pool has one stripe of one object, used by every thread (Lincheck's threads are platform
 * threads, so the pool is built "stripes only"): every acquire and release contends for that stripe's
 * try-lock, and a busy stripe sends the caller to the shared stack. Operations as in
 * {@link ObjectPoolLinearizabilityTest}.
 *
 * <p>Twin: {@link CheckThenSetStripedCache} (the stripe's lock taken by a check and a separate set).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class StripedCacheLinearizabilityTest extends PoolOperations.WithHandOff<Object> {
    static final String SUITE = "StripedCacheLinearizabilityTest";
    static final String CHECKS = "ObjectPool over one shared stripe (StripedCache) never hands one object to two holders";

    public StripedCacheLinearizabilityTest() {
        super(ObjectPool.stripedOnly(Object::new, 1, 1), ObjectPool::acquire, ObjectPool::release);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), PoolSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), PoolSpec.class, Budget.stress());
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void checkThenSetLockTwinIsRejected() {
        Lincheck.expectRejectedSeeded("CheckThenSetStripedCache", "a stripe's lock taken by a check and a separate set",
                OnStripedCache.class, Twin.class, PoolSpec.class, Budget.twin(),
                c -> List.of(Lincheck.parallel(
                        List.of(Lincheck.actor(c, "acquire", 1), Lincheck.actor(c, "acquire", 1), Lincheck.actor(c, "release", 1)),
                        List.of(Lincheck.actor(c, "release", 2), Lincheck.actor(c, "acquire", 2), Lincheck.actor(c, "acquire", 2)))));
    }

    /**
     * A one-stripe cache of 4 slots holding two objects from the start, acquire and release only: an acquire that
     * finds the stripe empty or busy makes a new object.
     */
    public abstract static class OneStripe extends PoolOperations<Object> {
        OneStripe(Supplier<Object> poll, Predicate<Object> offer) {
            super(() -> {
                Object o = poll.get();
                return o != null ? o : new Object();
            }, offer::test);
            offer.test(new Object());
            offer.test(new Object());
        }
    }

    /** The real {@link StripedCache}, one stripe of 4: it must pass the twin's seeds. */
    public static class OnStripedCache extends OneStripe {
        public OnStripedCache() {
            this(new StripedCache<>(1, 4));
        }

        private OnStripedCache(StripedCache<Object> cache) {
            super(cache::poll, cache::offer);
        }
    }

    /** The known-bad twin, one stripe of 4. */
    public static class Twin extends OneStripe {
        public Twin() {
            this(new CheckThenSetStripedCache<>(1, 4));
        }

        private Twin(CheckThenSetStripedCache<Object> cache) {
            super(cache::poll, cache::offer);
        }
    }
}
