package org.mpiverify.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code out/locks/<name>.json}: the lock auditor's report of one JVM's run, as the dashboard, the {@code locks}
 * command and the audit's summary read it ({@link #read}). The agent writes it by hand inside the audited JVM, where
 * Jackson cannot be loaded (the {@code locks} module's {@code LockReport}); this record is its schema, and the
 * agent's tests read every report the agent writes through it, so a key the writer renames or adds fails there.
 *
 * @param tool            {@code mpiverify-locks}
 * @param format          the format's version, 1
 * @param provenance      where the run comes from
 * @param run             how the JVM was started
 * @param summary         the counts
 * @param instrumentation what the agent rewrote
 * @param calls           per MPI call (and outside calls), the locks taken and the time waited
 * @param locks           the locks the edges, findings and waits name, by id
 * @param edges           the lock-order graph: lock {@code to} taken while {@code from} was held
 * @param cycles          the graph's cycles, each judged
 * @param findings        locks held across a blocking wait, leaked, and virtual-thread pinning in calls
 * @param notes           the same on semaphores used as signals or locks released by another thread: not findings
 * @param blockedNow      what every thread was waiting for when the report was written
 */
public record LockReportFile(String tool, int format, Provenance provenance, Run run, Summary summary,
                             Instrumentation instrumentation, List<Call> calls, List<Lock> locks, List<Edge> edges,
                             List<Cycle> cycles, Findings findings, Notes notes, List<Blocked> blockedNow) {
    /** The {@code tool} of a report. */
    public static final String TOOL = "mpiverify-locks";

    public LockReportFile {
        calls = copy(calls);
        locks = copy(locks);
        edges = copy(edges);
        cycles = copy(cycles);
        blockedNow = copy(blockedNow);
        findings = findings == null ? new Findings(null, null, null) : findings;
        notes = notes == null ? new Notes(null, null) : notes;
    }

    /**
     * How the JVM was started.
     *
     * @param name    the report's name
     * @param pid     the JVM's process id
     * @param command its command line
     * @param options the agent's options
     * @param started when it started (ISO-8601)
     * @param seconds how long it ran until the report
     * @param final_  whether this is the report at the JVM's exit (key {@code "final"}), not a snapshot while it ran
     */
    public record Run(String name, long pid, String command, String options, String started, double seconds,
                      boolean final_) { }

    /**
     * The counts.
     *
     * @param findings           potential deadlocks, held across blocking, leaked and pinned in calls
     * @param potentialDeadlocks lock-order cycles judged potential deadlocks
     * @param heldAcrossBlocking locks held across a blocking wait
     * @param leaked             locks still held when a call returned
     * @param pinnedInCalls      virtual-thread pinnings inside calls
     * @param pinnedOutsideCalls those outside calls (not findings)
     * @param cycles             every cycle of the graph
     * @param cyclesTruncated    whether the cycle search stopped at its bound
     * @param locksSeen          the locks the agent saw
     * @param edges              the graph's edges
     * @param internalErrors     the agent's own bookkeeping failures
     * @param firstInternalError the first of them, null when none
     */
    public record Summary(long findings, long potentialDeadlocks, long heldAcrossBlocking, long leaked, long pinnedInCalls,
                          long pinnedOutsideCalls, long cycles, boolean cyclesTruncated, long locksSeen, long edges,
                          long internalErrors, String firstInternalError) { }

    /**
     * What the agent rewrote.
     *
     * @param classes      classes rewritten
     * @param entryMethods methods that count as MPI calls
     * @param sites        lock and blocking sites instrumented
     * @param entryPoints  the patterns of the MPI calls
     * @param failures     classes that could not be rewritten
     * @param skipped      classes left alone
     */
    public record Instrumentation(long classes, long entryMethods, long sites, List<String> entryPoints,
                                  List<String> failures, List<String> skipped) {
        public Instrumentation {
            entryPoints = copy(entryPoints);
            failures = copy(failures);
            skipped = copy(skipped);
        }
    }

    /**
     * The locks one MPI call (or the code outside calls) took.
     *
     * @param name             the call
     * @param outside          whether this is the code outside every call
     * @param calls            how often it was called
     * @param acquisitions     the locks it took
     * @param meanAcquisitions per call
     * @param maxAcquisitions  the most in one call
     * @param lockWaitNanos    time waited for locks
     * @param maxLockWaitNanos the longest wait
     * @param blockedNanos     time blocked (parked, waiting, sleeping) in it
     * @param failedTryLocks   try-locks that failed
     * @param bySite           acquisitions per site, most first
     */
    public record Call(String name, boolean outside, long calls, long acquisitions, double meanAcquisitions,
                       long maxAcquisitions, long lockWaitNanos, long maxLockWaitNanos, long blockedNanos,
                       long failedTryLocks, List<SiteCount> bySite) {
        public Call {
            bySite = copy(bySite);
        }
    }

    /** Acquisitions at one site: its location and what it takes. */
    public record SiteCount(String site, String what, long acquisitions) { }

    /**
     * A lock.
     *
     * @param id                    its id in this report
     * @param label                 its name for people
     * @param kind                  {@code MONITOR}, {@code REENTRANT_LOCK}, ...
     * @param class_                its class (key {@code "class"})
     * @param allocatedAt           where it was allocated, null when not in watched code
     * @param firstAcquiredAt       where it was first taken
     * @param group                 the locks allocated at the same site (or of its class first taken at the same site)
     * @param signalStyle           a semaphore released by threads that held none of its permits
     * @param releasedByOtherThread released by a thread the agent had not seen acquire it
     */
    public record Lock(int id, String label, String kind, String class_, String allocatedAt, String firstAcquiredAt,
                       String group, boolean signalStyle, boolean releasedByOtherThread) { }

    /**
     * An edge of the lock-order graph.
     *
     * @param from          the lock held
     * @param to            the lock taken
     * @param droppedLabels labels beyond the bound kept
     * @param labels        who took it, where and how
     */
    public record Edge(int from, int to, int droppedLabels, List<Label> labels) {
        public Edge {
            labels = copy(labels);
        }
    }

    /**
     * One way an edge was made: the thread, the call, the modes, the sites, the gate locks held, the stack.
     *
     * @param fromMode {@code exclusive}, {@code shared} or {@code permit}
     * @param gates    locks the thread also held (a cycle through one gate lock is no deadlock)
     */
    public record Label(String thread, long threadId, String call, String fromMode, String toMode, String fromAcquiredAt,
                        String toAcquiredAt, List<Integer> gates, List<String> stack) {
        public Label {
            gates = copy(gates);
            stack = copy(stack);
        }
    }

    /**
     * A cycle of the graph.
     *
     * @param verdict {@code POTENTIAL_DEADLOCK}, or why it is none
     * @param locks   its locks
     * @param gates   the gate locks that guard it
     * @param edges   its edges, each with the label that makes it
     */
    public record Cycle(String verdict, List<Integer> locks, List<Integer> gates, List<CycleEdge> edges) {
        public Cycle {
            locks = copy(locks);
            gates = copy(gates);
            edges = copy(edges);
        }
    }

    /** An edge of a cycle with the label chosen for it. */
    public record CycleEdge(int from, int to, Label label) { }

    /** The findings. */
    public record Findings(List<Held> heldAcrossBlocking, List<Leak> leaked, List<Pinning> pinning) {
        public Findings {
            heldAcrossBlocking = copy(heldAcrossBlocking);
            leaked = copy(leaked);
            pinning = copy(pinning);
        }
    }

    /** Findings on what is not a lock: a semaphore used as a signal, a lock released by another thread. */
    public record Notes(List<Held> heldOnSignalsOrForeignReleases, List<Leak> leakedOnSignalsOrForeignReleases) {
        public Notes {
            heldOnSignalsOrForeignReleases = copy(heldOnSignalsOrForeignReleases);
            leakedOnSignalsOrForeignReleases = copy(leakedOnSignalsOrForeignReleases);
        }
    }

    /**
     * A lock held across a blocking wait.
     *
     * @param lock      the lock's id
     * @param blockedIn the blocking operation
     * @param count     how often
     */
    public record Held(String call, int lock, String lockLabel, String acquiredAt, String blockedIn, String blockedAt,
                       String thread, long count, List<String> acquireStack, List<String> blockStack) {
        public Held {
            acquireStack = copy(acquireStack);
            blockStack = copy(blockStack);
        }
    }

    /**
     * A lock still held when a call returned.
     *
     * @param lock  the lock's id
     * @param path  how the call ended (returned, threw ...)
     * @param count how often
     */
    public record Leak(String call, int lock, String lockLabel, String acquiredAt, String path, String thread, long count,
                       List<String> acquireStack, List<String> exitStack) {
        public Leak {
            acquireStack = copy(acquireStack);
            exitStack = copy(exitStack);
        }
    }

    /** A virtual thread pinned to its carrier inside a call: why, on which operation, how often and how long. */
    public record Pinning(String call, String reason, String blockingOperation, String thread, long count,
                          long totalNanos, List<String> stack) {
        public Pinning {
            stack = copy(stack);
        }
    }

    /**
     * A thread waiting when the report was written.
     *
     * @param call       the MPI call it is in, null when none
     * @param waitingFor what it waits for
     * @param lock       the lock it waits for, -1 when none
     * @param holding    the locks it holds
     */
    public record Blocked(String thread, String call, String waitingFor, int lock, long millis, List<Integer> holding) {
        public Blocked {
            holding = copy(holding);
        }
    }

    /** Reads {@code file}; a malformed one, or one with a key these records do not have, is an {@link IllegalArgumentException}. */
    public static LockReportFile read(Path file) throws IOException {
        return Json.readFile(file, LockReportFile.class);
    }

    private static <T> List<T> copy(List<T> l) {
        return l == null ? List.of() : List.copyOf(l);
    }
}
