package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.locks.Lock;
import org.jetbrains.lincheck.datastructures.Operation;

/**
 * The operations of {@link SpinThenParkLockLinearizabilityTest}: a plain int whose read-modify-write runs
 * under {@code lock}, correct (an atomic counter, {@link LockedCounterSpec}) only if the lock excludes and
 * publishes each section's writes to the next. The lock is the real
 * {@link org.mpiverify.core.sync.SpinThenParkLock} (the suite) or its known-bad twin.
 */
public abstract class LockedCounterOperations {
    private final Lock lock;
    private int value;

    protected LockedCounterOperations(Lock lock) {
        this.lock = lock;
    }

    @Operation
    public int incrementAndGet() {
        lock.lock();
        try {
            int v = value + 1;
            value = v;
            return v;
        } finally {
            lock.unlock();
        }
    }

    @Operation
    public int get() {
        lock.lock();
        try {
            return value;
        } finally {
            lock.unlock();
        }
    }
}
