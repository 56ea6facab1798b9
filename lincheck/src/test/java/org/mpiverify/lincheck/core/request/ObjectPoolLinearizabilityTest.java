package org.mpiverify.lincheck.core.request;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.request.ObjectPool;
import org.mpiverify.core.request.SharedCacheObjectPool;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link ObjectPool} (per-thread caches in front of a shared Treiber stack; Balaji et al. §5.3,
 * DSG §3.3): no object is ever handed to two holders, and objects can be released by the thread that
 * acquired them or by another one (a remote sender completing a request), against {@link PoolSpec}.
 *
 * <p>Determinism: which object an acquire returns depends on the caches, so results never name objects:
 * acquire answers "ok" or "DUPLICATE" (the object was in use), release answers whether the thread held
 * something. The cache holds 1 object so a thread releasing two overflows into the shared stack, and
 * hand-offs move objects between threads' caches: every path of the pool is exercised.
 *
 * <p>Twin: {@link SharedCacheObjectPool} (the per-thread cache shared by all threads).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class ObjectPoolLinearizabilityTest extends PoolOperations.WithHandOff<Object> {
    static final String SUITE = "ObjectPoolLinearizabilityTest";
    static final String CHECKS = "ObjectPool acquire/release (own, handed off) never hands one object to two holders";

    public ObjectPoolLinearizabilityTest() {
        super(new ObjectPool<>(Object::new, 1), ObjectPool::acquire, ObjectPool::release);
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
    void sharedCacheTwinIsRejected() {
        Lincheck.expectRejected("SharedCacheObjectPool", "the per-thread cache is shared by all threads (ThreadLocal dropped)",
                true, Twin.class, PoolSpec.class, Budget.twin());
    }

    /**
     * The known-bad twin with acquire and release only and a cache of 4 (every release and most
     * acquires touch the shared cache) holding two objects from the start, so concurrent cache
     * accesses are the common case.
     */
    public static class Twin extends PoolOperations<Object> {
        public Twin() {
            this(new SharedCacheObjectPool<>(Object::new, 4));
        }

        private Twin(SharedCacheObjectPool<Object> pool) {
            super(pool::acquire, pool::release);
            pool.release(new Object()); // two objects waiting in the (shared) cache from the start
            pool.release(new Object());
        }
    }
}
