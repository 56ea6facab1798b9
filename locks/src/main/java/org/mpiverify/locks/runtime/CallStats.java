package org.mpiverify.locks.runtime;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the calls of one MPI call name cost in locks over a whole run (Balaji et al. Table 1 and
 * Figs. 4, 6, 8 for any JVM library): how many calls, lock acquisitions (total, maximum in one call),
 * nanoseconds spent waiting to acquire locks, nanoseconds blocked in blocking operations, failed
 * try-locks, and acquisitions per acquiring site. A thread adds one call's totals when the call returns
 * (see {@link ThreadState}); acquisitions outside every MPI call are added one by one to the
 * pseudo-call {@link CallTable#OUTSIDE}.
 *
 * <p>Memory consistency effects: none beyond the adders' and atomics' own; a reader sums counters that may
 * be mid-update by a call returning at that moment, so a report is a consistent-enough view, not a snapshot.
 */
public final class CallStats {
    final String name;
    final LongAdder calls = new LongAdder();
    final LongAdder acquisitions = new LongAdder();
    final LongAdder waitNanos = new LongAdder();
    final LongAdder blockedNanos = new LongAdder();
    final LongAdder failedTryLocks = new LongAdder();
    final AtomicLong maxAcquisitions = new AtomicLong();
    final AtomicLong maxWaitNanos = new AtomicLong();
    final SiteCounters bySite = new SiteCounters();

    CallStats(String name) {
        this.name = name;
    }

    void recordCall(long acq, long wait, long blocked, long failed) {
        calls.increment();
        if (acq != 0) {
            acquisitions.add(acq);
            raise(maxAcquisitions, acq);
        }
        if (wait != 0) {
            waitNanos.add(wait);
            raise(maxWaitNanos, wait);
        }
        if (blocked != 0) {
            blockedNanos.add(blocked);
        }
        if (failed != 0) {
            failedTryLocks.add(failed);
        }
    }

    private static void raise(AtomicLong max, long v) {
        long m;
        while (v > (m = max.get()) && !max.compareAndSet(m, v)) {
            Thread.onSpinWait();
        }
    }

    public String name() {
        return name;
    }

    public long calls() {
        return calls.sum();
    }

    public long acquisitions() {
        return acquisitions.sum();
    }

    public long maxAcquisitions() {
        return maxAcquisitions.get();
    }

    public long waitNanos() {
        return waitNanos.sum();
    }

    public long maxWaitNanos() {
        return maxWaitNanos.get();
    }

    public long blockedNanos() {
        return blockedNanos.sum();
    }

    public long failedTryLocks() {
        return failedTryLocks.sum();
    }

    /** Acquisitions per acquiring site id. */
    public Map<Integer, Long> bySite() {
        return bySite.nonZero();
    }
}
