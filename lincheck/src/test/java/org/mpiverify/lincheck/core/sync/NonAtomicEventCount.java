package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.mpiverify.core.sync.WaitPolicy;

/**
 * Known-bad twin of {@link org.mpiverify.core.sync.EventCount}: a copy whose {@code signal()} advances
 * the count by read-then-write ({@code count = count + 1}) instead of getAndAdd. Two concurrent signals
 * can advance it once: a waiter holding the ticket taken between them sleeps through the second.
 */
public final class NonAtomicEventCount {
    private volatile long count;
    private volatile int sleepers;
    private final ConcurrentLinkedQueue<Thread> waiters = new ConcurrentLinkedQueue<>();

    public long ticket() {
        return count;
    }

    public void signal() {
        count = count + 1; // DEFECT: was COUNT.getAndAdd(this, 1L)
        if (sleepers != 0) {
            for (Thread t : waiters) LockSupport.unpark(t);
        }
    }

    public boolean await(long ticket, BooleanSupplier abort, WaitPolicy policy) {
        if (count != ticket) return true;
        Thread me = Thread.currentThread();
        waiters.add(me);
        sleepers = sleepers + 1;
        try {
            while (count == ticket) {
                if (abort.getAsBoolean()) return false;
                LockSupport.parkNanos(this, policy.parkSliceNanos());
            }
            return true;
        } finally {
            sleepers = sleepers - 1;
            waiters.remove(me);
        }
    }
}
