package org.mpiverify.core.sync;

/**
 * How long a waiting thread spins before it parks. Competitive waiting: spinning about as long as a
 * park/unpark round trip costs (about 20 µs for platform threads on these machines, ~60 ns for a
 * cross-core handoff) is at most twice the optimum. Virtual threads spin much less: a spinning virtual
 * thread holds its carrier, and parking one only unmounts it.
 *
 * <p>Every wait in the core is bounded by this policy: it spins at most {@link #spinNanos}, then yields
 * at most {@link #yields} times, then parks. A wait inside a job parks without a timeout, registered in
 * the job's {@link BlockedThreads} (an abort wakes it there); {@link #parkSliceNanos} is the timeout of
 * each park of a wait made without a registry (it then re-checks its abort condition after each slice).
 */
public record WaitPolicy(long spinNanos, long virtualSpinNanos, int yields, long parkSliceNanos) {

    /**
     * How long a wait spins before it needs a {@link SpinGate} permit to go on spinning: long enough for
     * a cross-core handoff and a short message (sub-microsecond here), short against a park round trip.
     */
    public static final long UNGATED_SPIN_NANOS = 2_000;

    /** Defaults measured for 2-core machines: 20 µs of spinning, 2 yields, 50 ms park slices. */
    public static final WaitPolicy DEFAULT = new WaitPolicy(20_000, 1_000, 2, 50_000_000);

    public WaitPolicy {
        if (spinNanos < 0 || virtualSpinNanos < 0 || yields < 0 || parkSliceNanos <= 0) {
            throw new IllegalArgumentException("negative wait bound");
        }
    }

    /** Spin budget for the current thread. */
    public long spinBudgetNanos() {
        return Thread.currentThread().isVirtual() ? virtualSpinNanos : spinNanos;
    }
}
