package org.mpiverify.core.contextid;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

import org.mpiverify.core.trace.ContextIdStep;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * What every bit-mask allocator of this package shares: one process's mask of free context ids
 * (Gropp &amp; Thakur §5.1), the lock that guards it, {@link #release}, and optional counters.
 * The subclasses differ only in how {@link #allocate} agrees on an id with the other members
 * (see {@link ContextIdAlgorithm}).
 *
 * <p>The lock is a {@link ReentrantLock}, never {@code synchronized}, so that a virtual thread that
 * blocks on it does not pin its carrier.
 *
 * <p>Counters ({@link #stats()}) are off unless the instance was created with {@code countStats}; they
 * are plain fields written only while the lock is held, so they cost one branch per call when off.
 *
 * <p>Memory consistency effects: actions in a thread before {@link #release release(id)} happen-before
 * actions after an {@code allocate} on this instance that returns {@code id} (both use the lock).
 */
public abstract sealed class MaskContextIdAllocator implements ContextIdAllocator
        permits MultithreadedContextIdAllocator, SingleThreadedContextIdAllocator,
                NaiveRetryContextIdAllocator, PublishedFig3ContextIdAllocator {

    /*
     * Invariants (every subclass):
     * - mask is read and written only while lock is held.
     * - bits outside [FIRST_DYNAMIC_ID, capacity) are never set.
     * - a bit of mask is clear iff its id is live on this process (allocated and not yet released)
     *   or taken by an allocate that has not returned yet (see the subclass for when that is).
     */

    /** Guards {@link #mask}, the subclass's shared state and the counters. */
    final ReentrantLock lock;
    /** Bit set = id free. Guarded by {@link #lock}. */
    final long[] mask;
    private final int capacity;

    /** Where steps are recorded, or null (the default): set once, before the allocator is shared. */
    private TraceRecorder trace;
    /** The process (world rank) this allocator belongs to, for the trace. */
    private int traceProcess;

    // Counters: null when off. Written only under lock.
    private final long[] counters;
    private static final int ALLOCATIONS = 0, EXHAUSTED = 1, LOCKS = 2, ROUNDS = 3, MAX_ROUNDS = 4;

    MaskContextIdAllocator(int capacity, boolean countStats) {
        this(capacity, countStats, new ReentrantLock());
    }

    /** With {@code lock} as the guard: tests pass a lock that hands itself to waiting threads at each unlock. */
    MaskContextIdAllocator(int capacity, boolean countStats, ReentrantLock lock) {
        this.lock = lock;
        this.mask = ContextIdMask.initial(capacity);
        this.capacity = capacity;
        this.counters = countStats ? new long[5] : null;
    }

    @Override
    public void release(int id) {
        if (id < FIRST_DYNAMIC_ID || id >= capacity) {
            throw new IllegalArgumentException("context id " + id + " is not a dynamic id of this allocator");
        }
        lock.lock();
        try {
            if (ContextIdMask.isSet(mask, id)) {
                throw new IllegalStateException("context id " + id + " released twice");
            }
            ContextIdMask.set(mask, id);        // linearization point of release (not counted in stats)
            if (trace != null) {
                trace.record(trace.stamp(), new ContextIdStep(ContextIdStep.Kind.FREE, traceProcess, null, 0, 0,
                        null, false, null, null, false, ContextIdStep.NO_KEY, id, ContextIdStep.Outcome.NONE));
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int freeCount() {
        lock.lock();
        try {
            return ContextIdMask.count(mask);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int capacity() {
        return capacity;
    }

    /** Whether {@code id} is free on this process now (for tests). */
    public boolean isFree(int id) {
        if (id < 0 || id >= ContextIdMask.MAX_CAPACITY) return false;
        lock.lock();
        try {
            return ContextIdMask.isSet(mask, id);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Records this allocator's steps to {@code recorder} (null: none), as process {@code process} (its world
     * rank). Call once, before any thread uses the allocator.
     */
    @Override
    public final void recordTo(TraceRecorder recorder, int process) {
        this.trace = TraceRecorder.of(recorder, TraceRecorder.Algorithm.CONTEXT_ID);
        this.traceProcess = process;
        if (trace != null) {
            trace.fact("contextid.capacity." + process, capacity);
            trace.fact("contextid.eager." + process, eagerSegment());
            trace.fact("contextid.segments." + process, eagerSegments());
        }
    }

    /** Ids in the eager segment (MultithreadedContextIdAllocator's first round); 0 for the other algorithms. */
    int eagerSegment() {
        return 0;
    }

    /** Segments the eager segment is cut into (MultithreadedContextIdAllocator); 1 for the other algorithms. */
    int eagerSegments() {
        return 1;
    }

    /** The recorded call that {@code allocate(parent, tag, allreduce)} starts, or null if steps are not recorded. */
    final TracedCall traceCall(int parent, int tag, MaskAllreduce allreduce) {
        if (trace == null) return null;
        int[] members = allreduce.members();
        members = members == null ? new int[] {traceProcess} : members.clone();
        Arrays.sort(members);
        String key = parent + "/" + tag + "/" + Arrays.toString(members).replace(" ", "");
        int n = trace.occurrence(traceProcess + "@" + key);
        return new TracedCall(trace, traceProcess, key + "#" + n, parent, tag, members);
    }

    /** One allocate call's steps, recorded with the stamp taken when {@link #step} runs (inside the lock where there is one). */
    static final class TracedCall {
        private final TraceRecorder trace;
        private final int process;
        private final String call;
        private final int parent;
        private final int tag;
        private final int[] members;

        TracedCall(TraceRecorder trace, int process, String call, int parent, int tag, int[] members) {
            this.trace = trace;
            this.process = process;
            this.call = call;
            this.parent = parent;
            this.tag = tag;
            this.members = members;
        }

        /** Records a step; {@code offered} and {@code and} are copied (their first 16 words, the mask). */
        void step(ContextIdStep.Kind kind, boolean owned, long[] offered, long[] and, boolean andOwned, long lowest,
                  int id, ContextIdStep.Outcome outcome) {
            trace.record(trace.stamp(), new ContextIdStep(kind, process, call, parent, tag, members, owned,
                    offered == null ? null : Arrays.copyOf(offered, ContextIdMask.WORDS),
                    and == null ? null : Arrays.copyOf(and, ContextIdMask.WORDS), andOwned, lowest, id, outcome));
        }
    }

    /** Whether this instance counts (was created with {@code countStats}). */
    public boolean countsStats() {
        return counters != null;
    }

    /** The counters since creation or the last {@link #resetStats()}; {@link ContextIdStats#ZERO} if off. */
    public ContextIdStats stats() {
        if (counters == null) return ContextIdStats.ZERO;
        lock.lock();
        try {
            return new ContextIdStats(counters[ALLOCATIONS], counters[EXHAUSTED], counters[LOCKS],
                    counters[ROUNDS], counters[MAX_ROUNDS]);
        } finally {
            lock.unlock();
        }
    }

    /** Zeroes the counters (e.g. after a benchmark's warm-up). */
    public void resetStats() {
        if (counters == null) return;
        lock.lock();
        try {
            Arrays.fill(counters, 0);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Adds one finished allocate call to the counters. Must be called with {@link #lock} held;
     * {@code locks} counts the call's acquisitions including the current one.
     */
    final void recordLocked(boolean found, int locks, int rounds) {
        if (counters == null) return;
        counters[found ? ALLOCATIONS : EXHAUSTED]++;
        counters[LOCKS] += locks;
        counters[ROUNDS] += rounds;
        if (rounds > counters[MAX_ROUNDS]) counters[MAX_ROUNDS] = rounds;
    }

    /** Whether counters are on (so callers can skip work that only feeds them). */
    final boolean counting() {
        return counters != null;
    }

    static MpiException outOfIds() {
        return new MpiException(ErrorClass.ERR_OTHER,
                "out of context ids: the members have no free context id in common");
    }
}
