package org.mpiverify.core.contextid;

/**
 * A snapshot of an allocator's counters (see {@link MaskContextIdAllocator#stats()}): how much locking
 * and communication the allocations since the last reset cost. Benchmarks divide by
 * {@link #allocations()} to get the per-allocate figures of Gropp &amp; Thakur §5.3.2.
 *
 * @param allocations        allocate calls that returned an id
 * @param exhausted          allocate calls that raised "out of context ids"
 * @param lockAcquisitions   acquisitions of the allocator's lock by those calls
 * @param allreduceRounds    allreduce calls made by those calls (one per round; the naive variant makes two)
 * @param maxRoundsPerCall   the most allreduce calls a single one of those calls needed
 */
public record ContextIdStats(long allocations, long exhausted, long lockAcquisitions,
                             long allreduceRounds, long maxRoundsPerCall) {
    /** Counters that are all zero. */
    public static final ContextIdStats ZERO = new ContextIdStats(0, 0, 0, 0, 0);

    /** Allreduce calls per finished allocate call (0 if none finished). */
    public double roundsPerCall() {
        long calls = allocations + exhausted;
        return calls == 0 ? 0 : (double) allreduceRounds / calls;
    }

    /** Lock acquisitions per finished allocate call (0 if none finished). */
    public double locksPerCall() {
        long calls = allocations + exhausted;
        return calls == 0 ? 0 : (double) lockAcquisitions / calls;
    }
}
