package org.mpiverify.trace.completion;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.mpiverify.core.matching.MatchTable;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.trace.spi.WorkloadThreads;

/**
 * The match table workload of trace validation: Dang, Snir &amp; Gropp's table H driven directly
 * ({@code MatchTable}, or a twin of it), since the engines use its locked-bucket steps, not its
 * {@code insert}/{@code empty}.
 *
 * <p>On every rank one table of one head bucket (so its chain overflows and the table grows while the
 * threads run) is shared by {@code threads} threads. In round i every thread inserts a value of its own
 * under shared key {@code i mod }{@value #SHARED_KEYS}, and if the insert finds another thread's value there
 * it empties the key (Algorithms 1 and 2: the second party to arrive takes the first one's value); then it
 * inserts under two keys of its own with {@code insertEntry} and empties the two of the round before through
 * their entries, the owner's lock-free empty of §3.2. Inserts and empties of one key race from every thread.
 *
 * <p>A check-then-act twin ({@link CompletionTwins}) has a static hook between its check and its act; the
 * driver holds each caller on a shared key there until a second caller of the same rank and key arrives, for at most
 * {@value #WINDOW_NANOS} ns (spinning and yielding), as {@code MatchTableTest} does with a barrier, so that
 * the race the twin allows happens in every run instead of rarely.
 */
public final class TableWorkload {
    /** Keys every thread of a rank inserts into and empties. */
    static final int SHARED_KEYS = 3;
    /** A thread's own keys are this plus four times its index, and the three after. */
    static final long OWN_KEYS = 100;
    /** Longest a twin's caller is held between check and act, waiting for a second one. */
    static final long WINDOW_NANOS = 2_000_000;
    /**
     * The callers inside a twin's window for the shared key a driver thread is operating on (one counter
     * per rank and key); null for a thread's own keys and outside the driver's threads: no wait there.
     */
    private static final ThreadLocal<AtomicInteger> WINDOW = new ThreadLocal<>();

    private TableWorkload() {}

    /**
     * A match table as the driver uses it: {@code MatchTable} or a twin of it, a sibling class with the same
     * public methods (its own {@code Entry} class), called through method handles.
     */
    public static final class Table {
        private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();
        private final Object table;
        private final MethodHandle insert;
        private final MethodHandle empty;
        private final MethodHandle insertEntry;
        private final MethodHandle entryValue;
        private final MethodHandle entryEmpty;
        private final MethodHandle bucketCount;

        /** A table of class {@code type} with one head bucket, recording to {@code recorder}. */
        public Table(Class<?> type, TraceRecorder recorder) {
            try {
                Class<?> entry = Class.forName(type.getName() + "$Entry");
                table = type.getConstructor(int.class).newInstance(1);
                LOOKUP.findVirtual(type, "recordTo", MethodType.methodType(void.class, TraceRecorder.class))
                        .invoke(table, recorder);
                insert = LOOKUP.findVirtual(type, "insert", MethodType.methodType(Object.class, long.class, Object.class));
                empty = LOOKUP.findVirtual(type, "empty", MethodType.methodType(Object.class, long.class));
                insertEntry = LOOKUP.findVirtual(type, "insertEntry", MethodType.methodType(entry, long.class, Object.class));
                entryValue = LOOKUP.findVirtual(entry, "value", MethodType.methodType(Object.class));
                entryEmpty = LOOKUP.findVirtual(entry, "empty", MethodType.methodType(void.class));
                bucketCount = LOOKUP.findVirtual(type, "bucketCount", MethodType.methodType(int.class));
            } catch (Throwable e) {
                throw new IllegalArgumentException(type.getName() + " is not a match table", e);
            }
        }

        public Object insert(long key, Object value) {
            return call(() -> insert.invoke(table, key, value));
        }

        public Object empty(long key) {
            return call(() -> empty.invoke(table, key));
        }

        /** insertEntry(key, value); null if another value holds the key, else the entry holding value. */
        public Object insertOwned(long key, Object value) {
            Object e = call(() -> insertEntry.invoke(table, key, value));
            return call(() -> entryValue.invoke(e)) == value ? e : null;
        }

        /** The owner's lock-free empty of {@code entry} (from {@link #insertOwned}). */
        public void emptyOwned(Object entry) {
            call(() -> {
                entryEmpty.invoke(entry);
                return null;
            });
        }

        /** Head buckets of the newest table (more than one once it grew). */
        public int heads() {
            return (int) call(() -> bucketCount.invoke(table));
        }

        private interface Invocation {
            Object run() throws Throwable;
        }

        private static Object call(Invocation i) {
            try {
                return i.run();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** {@code type} (MatchTable or a twin) driven as the class comment says, a twin's window held open. */
    public static JobResult drive(JobConfig config, Class<?> type, int threads, int rounds, Duration deadline) {
        Runnable reset = type == MatchTable.class ? () -> { } : holdRacersBetweenCheckAndAct(type);
        try {
            return Job.run(config, mpi -> {
                mpi.initThread(ThreadLevel.MULTIPLE);
                tables(mpi, config, type, threads, rounds);
                mpi.finalizeMpi();
            }, deadline);
        } finally {
            reset.run();
        }
    }

    /** One rank's part of {@link #drive}, inside a job that is already initialized. */
    static void tables(Mpi mpi, JobConfig config, Class<?> type, int threads, int rounds) throws InterruptedException {
        Table table = new Table(type, config.trace());
        int rank = mpi.commWorld().rank();
        AtomicInteger[] windows = new AtomicInteger[SHARED_KEYS];
        for (int k = 0; k < SHARED_KEYS; k++) windows[k] = new AtomicInteger();
        CyclicBarrier start = new CyclicBarrier(threads);
        WorkloadThreads workers = new WorkloadThreads("a table thread");
        for (int t = 0; t < threads; t++) {
            int me = t;
            workers.start("table-r" + rank + "-t" + t, () -> {
                await(start);                              // the threads of a rank begin together: their rounds overlap
                Object[] held = new Object[2];
                for (int i = 0; i < rounds; i++) {
                    int key = i % SHARED_KEYS;
                    Object v = "r" + rank + "-t" + me + "-i" + i;        // a new String: values are told apart by identity
                    WINDOW.set(windows[key]);
                    if (table.insert(key, v) != v) table.empty(key);
                    WINDOW.remove();
                    // Two own keys per round, alternating between two pairs: the last round's pair is emptied
                    // after this one is inserted, so the chain holds 2 to 4 keys per thread and grows.
                    long own = OWN_KEYS + 4L * me + 2L * (i % 2);
                    Object a = table.insertOwned(own, "a-" + v);
                    Object b = table.insertOwned(own + 1, "b-" + v);
                    if (a == null || b == null) throw new IllegalStateException("thread " + me + "'s own key held another value");
                    for (Object e : held) if (e != null) table.emptyOwned(e);
                    held[0] = a;
                    held[1] = b;
                }
                for (Object e : held) if (e != null) table.emptyOwned(e);
            });
        }
        workers.join();
        if (config.trace() != null) config.trace().fact(HEADS_FACT + rank, table.heads());
    }

    private static void await(CyclicBarrier b) {
        try {
            b.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
            throw new IllegalStateException("the table threads did not all start within 10 s", e);
        }
    }

    /** The recorder's fact naming the head buckets of a rank's table at the end (prefix of the rank). */
    public static final String HEADS_FACT = "table-heads-r";

    /**
     * Sets the static hook {@code between} of a check-then-act twin class (package-private in the generated
     * twin) to hold callers until a second one of the same rank and shared key arrives; returns what resets it.
     */
    static Runnable holdRacersBetweenCheckAndAct(Class<?> twin) {
        setBetween(twin, () -> {
            AtomicInteger inside = WINDOW.get();
            if (inside == null) return;
            inside.incrementAndGet();
            long end = System.nanoTime() + WINDOW_NANOS;
            try {
                for (int s = 0; inside.get() < 2 && System.nanoTime() - end < 0; s++) {
                    if ((s & 31) == 31) Thread.yield(); else Thread.onSpinWait();
                }
            } finally {
                inside.decrementAndGet();
            }
        });
        return () -> setBetween(twin, () -> { });
    }

    private static void setBetween(Class<?> twin, Runnable r) {
        try {
            Field f = twin.getDeclaredField("between");
            f.setAccessible(true);
            f.set(null, r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(twin.getSimpleName() + " has no hook between check and act", e);
        }
    }
}
