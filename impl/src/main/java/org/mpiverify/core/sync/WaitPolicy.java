package org.mpiverify.core.sync;

/**
 * How long a waiting thread spins and yields before it parks.
 *
 * <p>Platform threads: competitive waiting. Spinning about as long as a park/unpark round trip costs
 * (about 20 µs for platform threads on these machines, ~60 ns for a cross-core handoff) is at most twice
 * the optimum; then a few yields, then a park.
 *
 * <p>Virtual threads: park at once (Dang, Snir &amp; Gropp §3.1: ThreadWait switches to the scheduler,
 * and the "already signalled" flag makes that safe). A spinning or yielding virtual thread holds or
 * churns a carrier that another runnable virtual thread could use: with 10^5 threads ping-ponging in
 * pairs, a 1 µs spin and two yields before each park took 80% of the CPU samples (JFR) and gave a third of
 * the message rate of parking at once, measured in one session. So the default gives virtual threads
 * no spin and no yield; {@link #virtualSpinNanos} and {@link #virtualYields} can give them some.
 *
 * <p>Every wait in the core is bounded by this policy: it spins at most {@link #spinBudgetNanos()}, then
 * yields at most {@link #yieldBudget()} times, then parks. A wait inside a job parks without a timeout,
 * registered in its rank's {@link BlockedThreads} (an abort wakes it there); {@link #parkSliceNanos} is
 * the timeout of each park of a wait made without a registry (it then re-checks its abort condition
 * after each slice).
 */
public record WaitPolicy(long spinNanos, long virtualSpinNanos, int yields, int virtualYields, long parkSliceNanos) {

    /**
     * How long a wait spins before it needs a {@link SpinGate} permit to go on spinning: long enough for
     * a cross-core handoff and a short message (sub-microsecond here), short against a park round trip.
     */
    public static final long UNGATED_SPIN_NANOS = 2_000;

    /**
     * Defaults measured for 2-core machines: platform threads spin 20 µs and yield twice; virtual threads
     * park at once; 50 ms park slices for waits without a registry.
     */
    public static final WaitPolicy DEFAULT = new WaitPolicy(20_000, 0, 2, 0, 50_000_000);

    public WaitPolicy {
        if (spinNanos < 0 || virtualSpinNanos < 0 || yields < 0 || virtualYields < 0 || parkSliceNanos <= 0) {
            throw new IllegalArgumentException("negative wait bound");
        }
    }

    /** A policy whose virtual threads yield as often as its platform threads. */
    public WaitPolicy(long spinNanos, long virtualSpinNanos, int yields, long parkSliceNanos) {
        this(spinNanos, virtualSpinNanos, yields, yields, parkSliceNanos);
    }

    /** Spin budget for the current thread. */
    public long spinBudgetNanos() {
        return Thread.currentThread().isVirtual() ? virtualSpinNanos : spinNanos;
    }

    /** Yields for the current thread before it parks. */
    public int yieldBudget() {
        return Thread.currentThread().isVirtual() ? virtualYields : yields;
    }
}
