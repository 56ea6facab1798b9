package org.mpiverify.core.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records what one job's core does at the linearization points of its algorithms, for trace validation
 * against the TLA+ specifications (Cirstea, Kuppe, Loillier, Merz, Ricketts 2024): every step a spec has
 * an action for becomes one event, stamped with its place in a single global order.
 *
 * <p><b>Off costs nothing.</b> A component keeps {@link #forAlgorithm} of the job's recorder in a field
 * that is {@code null} unless this algorithm is recorded; every hook is {@code if (trace != null)}, one
 * load and one branch per step, and allocates nothing when off.
 *
 * <p><b>Order at the linearization point.</b> An event's {@code seq} comes from one counter per job:
 * {@link #stamp()} ({@code getAndIncrement}) inside the critical section that makes the step take effect (a
 * lock, or the bucket lock of the match table). Steps under one lock are then ordered as their critical
 * sections; steps under different locks commute, and happens-before between them (through any
 * synchronization) orders their stamps the same way, since each stamp is itself a synchronizing
 * read-modify-write of the counter. A step decided by a lock-free access has no such place: a component
 * that records one takes a lock around it while recording (as {@code ProbeTracingEngine} does), because a
 * stamp read before or after the access can be ordered against another thread's access the wrong way (a
 * reader that saw a write stamped before the writer's stamp). The counter is one cache line shared by every
 * recording thread, the price of a total order taken at the linearization point; the recorder takes no lock.
 *
 * <p><b>Per thread, then merged.</b> Each thread appends to a log of its own ({@link ThreadLog}, single
 * writer); {@link #events()} merges them by {@code seq}. Within a thread stamps increase in program
 * order, so each log is already sorted.
 *
 * <p><b>Bounded.</b> A recorder keeps at most {@link #maxEvents()} events (by default a quarter of the heap's worth):
 * an event stamped past it is dropped by its hook, which never throws into the core, and {@link #events()} then
 * fails with {@link TraceTooLargeException}, which says how many fit and what to do, instead of the JVM running out
 * of memory somewhere in the job. The check is on the event's stamp, so it costs the hook one compare.
 *
 * <p>Memory consistency effects: an event recorded by a thread is visible to a thread that calls
 * {@link #events()} after it (each log publishes its size with a release store after the entry).
 */
public final class TraceRecorder {
    /** The algorithms whose steps can be recorded, one TLA+ trace specification each. */
    public enum Algorithm {
        /** Context-id allocation, every {@code ContextIdAlgorithm} (specs/contextid). */
        CONTEXT_ID,
        /** The matching engines' operations and the hash engine's mode switches (specs/matching). */
        MATCHING,
        /** probe/iprobe/mprobe/improbe and the receives after them (specs/probe). */
        PROBE,
        /** The match table's insert/empty and a request's completion and wait (specs/matchtable). */
        COMPLETION,
        /** A rank's progress engine: poller and standby roles, its doorbell, the active set (specs/progress). */
        PROGRESS,
        /** The bit-vector scheduler's workers: signals, the worker's exchanges, the sleep hand-shake (specs/scheduler). */
        SCHEDULER;

        /** The name used on the command line and in file names: {@code contextid}, {@code matching}, ... */
        public String id() {
            return this == CONTEXT_ID ? "contextid" : name().toLowerCase(Locale.ROOT);
        }

        /** The algorithm named {@code id} ({@link #id()} or the enum name). */
        public static Algorithm of(String id) {
            for (Algorithm a : values()) {
                if (a.id().equalsIgnoreCase(id) || a.name().equalsIgnoreCase(id)) return a;
            }
            throw new IllegalArgumentException("no algorithm " + id + "; one of contextid, matching, probe, completion, progress, scheduler");
        }
    }

    private final Set<Algorithm> algorithms;
    private final boolean stacks;
    private final AtomicLong clock = new AtomicLong(1);
    private final ThreadLocal<ThreadLog> local = ThreadLocal.withInitial(this::newLog);
    private final ConcurrentLinkedQueue<ThreadLog> logs = new ConcurrentLinkedQueue<>();
    private final ConcurrentHashMap<Object, AtomicInteger> occurrences = new ConcurrentHashMap<>();
    private final AtomicInteger nextLog = new AtomicInteger();
    private final ConcurrentHashMap<String, Object> facts = new ConcurrentHashMap<>();

    /** Events kept at most: those stamped 1 .. limit, a prefix of the global order. */
    private final long limit;
    /** Set once an event stamped after {@link #limit} was dropped. */
    private volatile boolean overflowed;

    private TraceRecorder(Set<Algorithm> algorithms, boolean stacks, long limit) {
        if (limit < 1) throw new IllegalArgumentException("a recorder must keep at least one event: " + limit);
        this.algorithms = algorithms.isEmpty() ? EnumSet.noneOf(Algorithm.class) : EnumSet.copyOf(algorithms);
        this.stacks = stacks;
        this.limit = limit;
    }

    /** The share of this JVM's heap ({@code -Xmx}) a recorder's events may fill by default. */
    static final double HEAP_SHARE = 0.25;
    /** What an event takes, about, without its Java frames and with them (measured in the tens of bytes per field). */
    static final long EVENT_BYTES = 256;
    static final long EVENT_BYTES_WITH_STACKS = 2_048;

    /** The events a recorder keeps by default: {@link #HEAP_SHARE} of the heap at the size of an event. */
    static long defaultLimit(boolean stacks) {
        return Math.max(1, (long) (Runtime.getRuntime().maxMemory() * HEAP_SHARE)
                / (stacks ? EVENT_BYTES_WITH_STACKS : EVENT_BYTES));
    }

    /** The most events this recorder keeps; a job that records more gets {@link TraceTooLargeException} from {@link #events()}. */
    public long maxEvents() {
        return limit;
    }

    /**
     * A recording with more events than its recorder keeps ({@link #maxEvents()}): how many fit and what to do
     * instead are in the message. The job itself was not disturbed: a recording hook never throws; the events past the
     * limit were dropped, and the recording as a whole is refused rather than validated in part.
     */
    public static final class TraceTooLargeException extends IllegalStateException {
        TraceTooLargeException(String message) {
            super(message);
        }
    }

    /**
     * A recorder for one job.
     *
     * @param algorithms the algorithms to record
     * @param stacks     whether each event keeps the caller's Java frames (about ten microseconds an event),
     *                   so a rejected trace can show where its first bad event came from
     */
    public static TraceRecorder create(Set<Algorithm> algorithms, boolean stacks) {
        return new TraceRecorder(algorithms, stacks, defaultLimit(stacks));
    }

    /**
     * A recorder that keeps at most {@code maxEvents} events (the first in the global order; {@link #events()} fails
     * if the job recorded more). {@link #create(Set, boolean)} keeps a quarter of the heap's worth.
     */
    public static TraceRecorder create(Set<Algorithm> algorithms, boolean stacks, long maxEvents) {
        return new TraceRecorder(algorithms, stacks, maxEvents);
    }

    /** The algorithms recorded. */
    public Set<Algorithm> algorithms() {
        return EnumSet.copyOf(algorithms.isEmpty() ? EnumSet.noneOf(Algorithm.class) : algorithms);
    }

    /** This recorder if it records {@code a}, else null: what a component keeps in its trace field. */
    public TraceRecorder forAlgorithm(Algorithm a) {
        return algorithms.contains(a) ? this : null;
    }

    /** {@code r.forAlgorithm(a)}, or null for a null recorder. */
    public static TraceRecorder of(TraceRecorder r, Algorithm a) {
        return r == null ? null : r.forAlgorithm(a);
    }

    /** The next place in the global order; call it inside the critical section that decides the step. */
    public long stamp() {
        return clock.getAndIncrement();
    }

    /**
     * The number of earlier occurrences of {@code key} (a call's identity on one process, say), counting
     * this one: 1 for the first. Used where the same collective call must be recognized on every member.
     */
    public int occurrence(Object key) {
        return occurrences.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    }

    /**
     * Notes a fact the trace spec needs about the recorded components (a context-id allocator's capacity,
     * say); a later value for the same name replaces an earlier one.
     */
    public void fact(String name, Object value) {
        facts.put(name, value);
    }

    /** The facts noted so far. */
    public Map<String, Object> facts() {
        return Map.copyOf(facts);
    }

    /** Appends {@code step}, stamped {@code seq}, to the calling thread's log. */
    public void record(long seq, Object step) {
        if (seq > limit) {            // stamps are dense from 1: the events kept are a prefix of the global order
            if (!overflowed) overflowed = true;
            return;
        }
        ThreadLog log = local.get();
        log.add(new RecordedEvent(seq, log.thread, step, stacks ? site() : null));
    }

    /**
     * Every event recorded so far, in global order. Safe while threads still record (a snapshot).
     *
     * @throws TraceTooLargeException if the job recorded more than {@link #maxEvents()} events
     */
    public List<RecordedEvent> events() {
        if (overflowed) {
            Runtime rt = Runtime.getRuntime();
            throw new TraceTooLargeException("the job recorded more than " + limit + " events, the most this recorder "
                    + "keeps (" + (limit == defaultLimit(stacks) ? "a quarter of this JVM's " + rt.maxMemory() / (1 << 20)
                    + " MB heap (-Xmx) at about " + (stacks ? EVENT_BYTES_WITH_STACKS : EVENT_BYTES) + " bytes an event"
                    : "as it was created") + "); the events after the first " + limit + " were dropped and none is "
                    + "validated: record a shorter run (a smaller --workload, fewer --repeats or scenarios)"
                    + (stacks ? ", record without Java frames (--no-stacks)" : "")
                    + ", or give the JVM a larger heap (-Xmx)");
        }
        List<RecordedEvent> all = new ArrayList<>();
        for (ThreadLog l : logs) l.copyTo(all);
        all.sort(Comparator.comparingLong(RecordedEvent::seq));
        return all;
    }

    private ThreadLog newLog() {
        Thread t = Thread.currentThread();
        String name = t.getName().isEmpty() ? (t.isVirtual() ? "virtual-" : "thread-") + t.threadId() : t.getName();
        ThreadLog l = new ThreadLog(name + "#" + nextLog.incrementAndGet());
        logs.add(l);
        return l;
    }

    /** The caller's frames outside the core, innermost first, one per line: where a step came from. */
    private static String site() {
        return StackWalker.getInstance().walk(s -> s
                .dropWhile(f -> f.getClassName().startsWith(TraceRecorder.class.getPackageName()))
                .limit(14)
                .map(f -> f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1) + "." + f.getMethodName()
                        + ":" + f.getLineNumber())
                .reduce((a, b) -> a + "\n" + b).orElse(""));
    }

    /**
     * One thread's events: appended by that thread only, read by {@link #events()} from any thread.
     * The array and the size are published with release stores after the entry is written.
     */
    private static final class ThreadLog {
        final String thread;
        private volatile RecordedEvent[] entries = new RecordedEvent[64];
        private volatile int size;

        ThreadLog(String thread) {
            this.thread = thread;
        }

        void add(RecordedEvent e) {
            RecordedEvent[] a = entries;
            int n = size;
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
                entries = a;
            }
            a[n] = e;
            size = n + 1;
        }

        void copyTo(List<RecordedEvent> out) {
            int n = size;                      // read size first: every entry below it is published
            RecordedEvent[] a = entries;
            for (int i = 0; i < n && i < a.length; i++) {
                if (a[i] != null) out.add(a[i]);
            }
        }
    }
}
