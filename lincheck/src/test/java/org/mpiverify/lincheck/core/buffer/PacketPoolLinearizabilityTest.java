package org.mpiverify.lincheck.core.buffer;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.buffer.PacketPool;
import org.mpiverify.core.buffer.SharedCachePacketPool;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.lincheck.core.request.PoolOperations;
import org.mpiverify.lincheck.core.request.PoolSpec;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link PacketPool} (DSG §3.3 private/shared packet pools): a packet is never handed to two holders,
 * whichever thread releases it, against {@link PoolSpec}. Small packets (100 bytes) only, so that every
 * acquire and release hits the same size class and its per-thread cache of 64 and shared stack; the
 * pool adds no synchronization of its own beyond its {@code ObjectPool}s, so one class is enough.
 *
 * <p>Determinism: as for ObjectPoolLinearizabilityTest, results never name packets ("ok"/"DUPLICATE",
 * held or not).
 *
 * <p>Twin: {@link SharedCachePacketPool} (its size classes' caches shared by all threads).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class PacketPoolLinearizabilityTest extends PoolOperations.WithHandOff<byte[]> {
    static final String SUITE = "PacketPoolLinearizabilityTest";
    static final String CHECKS = "PacketPool acquire/release (own, handed off) never hands one packet to two holders";

    public PacketPoolLinearizabilityTest() {
        super(new PacketPool(8192), p -> p.acquire(100), PacketPool::release);
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
        Lincheck.expectRejected("SharedCachePacketPool", "the size classes' per-thread caches are shared by all threads",
                true, Twin.class, PoolSpec.class, Budget.twin());
    }

    /**
     * The known-bad twin with acquire and release only, its small-packet cache holding two packets from
     * the start, so concurrent cache accesses are the common case.
     */
    public static class Twin extends PoolOperations<byte[]> {
        public Twin() {
            this(new SharedCachePacketPool(8192));
        }

        private Twin(SharedCachePacketPool pool) {
            super(() -> pool.acquire(100), pool::release);
            pool.release(new byte[256]); // two small packets waiting in the (shared) cache from the start
            pool.release(new byte[256]);
        }
    }
}
