package org.mpiverify.locks.runtime;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Everything the hooks record over a run, shared by all threads: lock nodes, the lock-order graph, the
 * findings, example stacks of acquisitions, the live threads' states, and the agent's own errors.
 *
 * <p>Memory consistency effects: {@link #reset()} publishes the new graph, findings and stacks through
 * volatile fields before it increments {@link #epoch}; a thread that sees the new epoch sees them.
 */
public final class AuditState {
    static final NodeTable NODES = new NodeTable();
    /** The graph, findings and example stacks of the current segment (see {@link #reset()}). */
    static volatile LockGraph GRAPH = new LockGraph();
    static volatile Findings FINDINGS = new Findings();
    /** An example stack per (acquiring site, MPI call): key {@code site << 16 | callId}. */
    static volatile ConcurrentHashMap<Long, List<String>> EXEMPLARS = new ConcurrentHashMap<>();
    /** Incremented by every reset: a thread whose epoch is older forgets what it already reported. */
    static volatile int epoch;
    private static final ConcurrentLinkedQueue<WeakReference<ThreadState>> THREADS = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger registered = new AtomicInteger();
    private static final AtomicLong internalErrors = new AtomicLong();
    private static volatile String firstInternalError;

    private AuditState() { }

    /**
     * Starts a new segment: forgets the graph, the findings, the example stacks and the per-call counters
     * (lock nodes and the locks threads hold are kept). For a program that runs independent parts in one
     * JVM (the audit runs one configuration after another) and wants a report per part. Threads still
     * running from the previous part record into the new one.
     */
    public static synchronized void reset() {
        GRAPH = new LockGraph();
        FINDINGS = new Findings();
        EXEMPLARS = new ConcurrentHashMap<>();
        CallTable.resetStats();
        epoch++;
    }

    public static LockGraph graph() {
        return GRAPH;
    }

    public static Findings findings() {
        return FINDINGS;
    }

    public static List<LockNode> nodes() {
        return NODES.all();
    }

    /** The example stack of an acquisition at {@code site} inside {@code callId}, or an empty list. */
    public static List<String> exemplar(int site, int callId) {
        List<String> s = EXEMPLARS.get(exemplarKey(site, callId));
        return s == null ? List.of() : s;
    }

    static long exemplarKey(int site, int callId) {
        return ((long) site << 16) | (callId & 0xffff);
    }

    static void register(ThreadState ts) {
        THREADS.add(new WeakReference<>(ts));
        if (registered.incrementAndGet() % 1024 == 0) {
            THREADS.removeIf(r -> r.get() == null);
        }
    }

    /** The states of the threads still alive (a racy view, for a snapshot of what they wait for). */
    static List<ThreadState> liveThreads() {
        List<ThreadState> out = new ArrayList<>();
        THREADS.removeIf(r -> r.get() == null);
        for (WeakReference<ThreadState> r : THREADS) {
            ThreadState ts = r.get();
            if (ts != null && ts.isAlive()) {
                out.add(ts);
            }
        }
        return out;
    }

    /** A hook failed: the program goes on unobserved at that point; the report says how often. */
    static void internalError(Throwable t) {
        if (internalErrors.getAndIncrement() == 0) {
            firstInternalError = t.toString();
        }
    }

    public static long internalErrors() {
        return internalErrors.get();
    }

    public static String firstInternalError() {
        return firstInternalError;
    }
}
