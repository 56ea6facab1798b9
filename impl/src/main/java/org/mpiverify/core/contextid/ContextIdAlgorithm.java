package org.mpiverify.core.contextid;

import java.util.function.BiFunction;

/**
 * The context-id algorithms of this package. The core runs {@link #MULTITHREADED}; the others are
 * deliberately unsafe and exist so the audit and the benchmarks can show why (Gropp &amp; Thakur 2007 §5).
 */
public enum ContextIdAlgorithm {
    /** §5.3 Fig. 3 with (parent, tag) keys and an ownership word: {@link MultithreadedContextIdAllocator}. */
    MULTITHREADED(false, MultithreadedContextIdAllocator::new),
    /** §5.1 with a process lock held across the allreduce; deadlocks with several threads. */
    SINGLE_THREADED_LOCKED(true, SingleThreadedContextIdAllocator::new),
    /** §5.2 read, allreduce, check with a second allreduce, retry; can livelock. */
    NAIVE_RETRY(true, NaiveRetryContextIdAllocator::new),
    /** §5.3 Fig. 3 exactly as published; loops forever on exhaustion. */
    PUBLISHED_FIG3(true, PublishedFig3ContextIdAllocator::new);

    private final boolean experimental;
    private final BiFunction<Integer, Boolean, MaskContextIdAllocator> factory;

    ContextIdAlgorithm(boolean experimental, BiFunction<Integer, Boolean, MaskContextIdAllocator> factory) {
        this.experimental = experimental;
        this.factory = factory;
    }

    /** Whether this algorithm is one of the deliberately unsafe variants. */
    public boolean isExperimental() {
        return experimental;
    }

    /** A new allocator for one process: 1024 ids, no counters. */
    public MaskContextIdAllocator create() {
        return create(ContextIdMask.MAX_CAPACITY, false);
    }

    /** A new allocator for one process with ids {@code [2, capacity)} free and counters if asked. */
    public MaskContextIdAllocator create(int capacity, boolean countStats) {
        return factory.apply(capacity, countStats);
    }
}
