package org.mpiverify.mpi;

import org.mpiverify.core.contextid.ContextIdAlgorithm;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * How an in-JVM job runs: number of ranks, critical-section granularity, matching engine, context-id
 * algorithm, eager limit, thread-level checking, waiting policy. Immutable; use the {@code with...}
 * methods. Experimental (deliberately unsafe) choices are refused unless {@link #withExperimental}
 * enables them.
 *
 * @param ranks              number of ranks (processes), at least 1
 * @param granularity        critical-section granularity used at {@code THREAD_MULTIPLE}
 * @param matching           matching engine
 * @param contextIds         context-id algorithm
 * @param eagerLimit         largest message (bytes) sent eagerly; larger ones use rendezvous
 * @param checked            detect FUNNELED/SERIALIZED misuse and report it as an error
 * @param maxThreadLevel     the highest level {@code initThread} provides (lower it to test honesty checks)
 * @param waitPolicy         spin/yield/park bounds for blocked calls
 * @param countLocks         count mutex acquisitions and wait time (Balaji et al. Table 1)
 * @param requestCacheSize   per-thread request cache size (0: the common pool only, no "tlp")
 * @param atomicRefCounts    update request reference counts atomically (Balaji et al. "atom"), else
 *                           under the REFCOUNT section of the granularity
 * @param errorHandler       the initial error handler of COMM_WORLD and COMM_SELF
 * @param experimental       allow experimental, unsafe granularities and context-id algorithms
 * @param unexpectedLimit    bytes of unexpected eager messages a rank holds before its senders are held
 *                           back (rendezvous, see {@code UnexpectedBudget}); {@link #AUTO_UNEXPECTED_LIMIT}:
 *                           a quarter of the JVM's maximum heap shared by the ranks, at most 64 MiB each
 * @param contextIdCapacity  ids per rank's context-id mask, ids {@code [2, capacity)} free at start (default
 *                           1024; smaller ones make exhaustion reachable and the masks of a trace small)
 * @param trace              where the core records its steps for trace validation, or null (the default:
 *                           nothing is recorded and the hooks cost one null check each)
 * @param overrides          known-bad components that replace the core's own (its twins), or null; only
 *                           with {@link #withExperimental}
 * @param threads            how the job's threads are scheduled (null: {@link ThreadMode#JDK_VIRTUAL_THREADS})
 */
public record JobConfig(int ranks, Granularity granularity, MatchingKind matching, ContextIdAlgorithm contextIds,
                        int eagerLimit, boolean checked, ThreadLevel maxThreadLevel, WaitPolicy waitPolicy,
                        boolean countLocks, int requestCacheSize, boolean atomicRefCounts, ErrorHandler errorHandler,
                        boolean experimental, long unexpectedLimit, int contextIdCapacity,
                        TraceRecorder trace, CoreOverrides overrides, ThreadMode threads) {

    /** Largest eager limit accepted (bytes). */
    public static final int MAX_EAGER_LIMIT = 1 << 20;
    /** {@link #unexpectedLimit()} chosen from the heap: see {@link #unexpectedBytesPerRank()}. */
    public static final long AUTO_UNEXPECTED_LIMIT = 0;
    /** The most the automatic limit gives one rank. */
    public static final long MAX_AUTO_UNEXPECTED_LIMIT = 64L << 20;

    public JobConfig {
        if (threads == null) {
            threads = ThreadMode.JDK_VIRTUAL_THREADS;
        }
        if (ranks < 1) {
            throw new IllegalArgumentException("a job needs at least one rank, not " + ranks);
        }
        if (eagerLimit < 0 || eagerLimit > MAX_EAGER_LIMIT) {
            throw new IllegalArgumentException("eager limit " + eagerLimit + " outside [0, " + MAX_EAGER_LIMIT + "]");
        }
        if (unexpectedLimit < 0) {
            throw new IllegalArgumentException("negative unexpected-message limit " + unexpectedLimit);
        }
        if (contextIdCapacity < 3 || contextIdCapacity > 1024) {
            throw new IllegalArgumentException("context-id capacity " + contextIdCapacity + " outside [3, 1024]");
        }
        if (requestCacheSize < 0) {
            throw new IllegalArgumentException("negative request cache size");
        }
        if (granularity == Granularity.LOCK_FREE && !atomicRefCounts) {
            throw new IllegalArgumentException("LOCK_FREE needs atomic reference counts: it takes no mutex");
        }
        if (!experimental && (granularity.isExperimental() || contextIds.isExperimental() || overrides != null)) {
            throw new IllegalArgumentException(granularity + " / " + contextIds
                    + ": experimental and unsafe; enable with withExperimental(true)");
        }
    }

    /**
     * {@code ranks} ranks, LOCK_FREE granularity with thread-local request pools and atomic reference
     * counts, queue matching, the multithreaded context-id algorithm, 16 KiB eager limit.
     */
    public static JobConfig of(int ranks) {
        return new JobConfig(ranks, Granularity.LOCK_FREE, MatchingKind.QUEUES, ContextIdAlgorithm.MULTITHREADED,
                16 * 1024, true, ThreadLevel.MULTIPLE, WaitPolicy.DEFAULT, false, 32, true,
                ErrorHandler.ERRORS_ARE_FATAL, false, AUTO_UNEXPECTED_LIMIT, 1024, null, null, ThreadMode.JDK_VIRTUAL_THREADS);
    }

    /**
     * The unexpected-message memory of each rank, in bytes: {@link #unexpectedLimit()}, or when that is
     * {@link #AUTO_UNEXPECTED_LIMIT} a quarter of the JVM's maximum heap divided among the ranks, at most
     * {@link #MAX_AUTO_UNEXPECTED_LIMIT}; never less than one eager message.
     */
    public long unexpectedBytesPerRank() {
        long l = unexpectedLimit != AUTO_UNEXPECTED_LIMIT ? unexpectedLimit
                : Math.min(MAX_AUTO_UNEXPECTED_LIMIT, Runtime.getRuntime().maxMemory() / 4 / ranks);
        return Math.max(l, eagerLimit + 1);
    }

    /**
     * Bounds the memory each rank's unexpected eager messages may hold ({@link #AUTO_UNEXPECTED_LIMIT}:
     * from the heap). Past it, senders to the rank use rendezvous: a blocking send waits to be matched.
     */
    public JobConfig withUnexpectedLimit(long bytes) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, bytes, contextIdCapacity, trace, overrides, threads);
    }

    /** Whether threads keep request caches of their own (Balaji et al. §5.3 "tlp"). */
    public boolean threadLocalPools() {
        return requestCacheSize > 0;
    }

    /**
     * Balaji et al. §5.3's request options: thread-local request pools ("tlp", a cache of 32 per thread)
     * or the common pool only, and atomic reference counts ("atom") or counts under the REFCOUNT section.
     */
    public JobConfig withRequestOptions(boolean threadLocalPools, boolean atomic) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, threadLocalPools ? Math.max(requestCacheSize, 32) : 0, atomic, errorHandler,
                experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withRanks(int n) {
        return new JobConfig(n, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withGranularity(Granularity g) {
        return new JobConfig(ranks, g, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withMatching(MatchingKind m) {
        return new JobConfig(ranks, granularity, m, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withContextIds(ContextIdAlgorithm a) {
        return new JobConfig(ranks, granularity, matching, a, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withEagerLimit(int bytes) {
        return new JobConfig(ranks, granularity, matching, contextIds, bytes, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withChecked(boolean c) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, c, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withMaxThreadLevel(ThreadLevel l) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, l, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withWaitPolicy(WaitPolicy p) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, p,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withCountLocks(boolean c) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                c, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withRequestCacheSize(int n) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, n, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withErrorHandler(ErrorHandler h) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, h, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    public JobConfig withExperimental(boolean e) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, e, unexpectedLimit, contextIdCapacity, trace, overrides, threads);
    }

    /** Each rank's context-id allocator holds ids {@code [2, capacity)} (default 1024). */
    public JobConfig withContextIdCapacity(int capacity) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, capacity, trace, overrides, threads);
    }

    /**
     * Records the core's steps to {@code recorder} for trace validation (null: nothing recorded). A
     * recorder belongs to one job: give each job a new one and read its events after the job.
     */
    public JobConfig withTrace(TraceRecorder recorder) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, recorder, overrides, threads);
    }

    /**
     * This configuration with some of the core's components replaced by known-bad twins (trace validation
     * and the audit run them to show that their checks reject them); needs {@link #withExperimental}.
     */
    public JobConfig withOverrides(CoreOverrides o) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, o, threads);
    }

    /** This configuration with its threads scheduled as {@code mode} says (the JDK's virtual threads by default). */
    public JobConfig withThreads(ThreadMode mode) {
        return new JobConfig(ranks, granularity, matching, contextIds, eagerLimit, checked, maxThreadLevel, waitPolicy,
                countLocks, requestCacheSize, atomicRefCounts, errorHandler, experimental, unexpectedLimit, contextIdCapacity, trace, overrides, mode);
    }

    @Override
    public String toString() {
        return ranks + " ranks, " + granularity + ", " + matching + ", context ids " + contextIds
                + ", eager <= " + eagerLimit + " B" + (threadLocalPools() ? "" : ", common request pool only")
                + (atomicRefCounts ? "" : ", locked reference counts") + (checked ? ", checked" : "")
                + (overrides == null ? "" : ", twin " + overrides.name())
                + (threads.isDang() ? ", " + threads : "");
    }
}
