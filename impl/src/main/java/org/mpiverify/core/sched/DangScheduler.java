package org.mpiverify.core.sched;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * Dang, Snir &amp; Gropp's thread scheduler (§3.1, Algorithms 3–4) as the scheduler of a set of JDK virtual
 * threads: W {@linkplain BitVectorWorker workers} (platform threads), each with a {@link ReadyBitVector} of
 * its runnable threads; a thread is the pair (ω, Γ) of its worker and its bit.
 *
 * <ul>
 *   <li>{@code ThreadWait} is the JDK's park of a virtual thread: its continuation yields and the worker's
 *       call that ran it returns, so the worker goes on with its snapshot word. Every wait of the core
 *       (completion, event count, progress engine, blocked-thread registry, abort, the locks' own parking)
 *       parks through {@code LockSupport}, so in this mode every one of them is a {@code ThreadWait}.</li>
 *   <li>{@code ThreadSignal} is the JDK's unpark: the virtual thread's state change hands its continuation
 *       to {@link #execute}, which sets the thread's bit (and its index bit) on its worker.</li>
 *   <li>The per-request "already signalled" flag the paper requires for {@code Waitall} is the request's
 *       completion state, which the core reads before it parks, together with the JDK's park permit, which
 *       turns a signal that comes before the wait into a wait that returns at once; so a signal is never
 *       consumed by a wait that was not meant for it, and a double unpark makes one run.</li>
 * </ul>
 *
 * <p>A virtual thread created by a thread of this scheduler runs on it too (the JDK gives a new virtual
 * thread its parent's scheduler), on the worker of its creator, as in the paper; other new threads go to
 * the workers in turn. A worker holds at most {@code threadsPerWorker} threads at once (262,144 by
 * default, the paper's figure); a thread started beyond that is refused with {@link
 * RejectedExecutionException} at {@code start()}. Slots of ended threads are reused.
 *
 * <p>Why virtual threads and not bare continuations: {@code jdk.internal.vm.Continuation} runs on Temurin
 * 25, but code inside one sees the worker as {@code Thread.currentThread()}, so its {@code LockSupport.park}
 * blocks the whole worker, a {@code ReentrantLock} it holds is owned by the worker (a second continuation
 * on the same worker acquires it; an unlock after a resume on another worker throws), and its thread-locals
 * are the worker's (docs/design.md, "The bit-vector thread scheduler"; docs/probes/ContinuationProbe.java). A virtual thread is exactly a continuation with a
 * thread identity; only its scheduler is replaced here.
 *
 * <p>Requires {@code --add-opens java.base/java.lang=ALL-UNNAMED} ({@link #unavailableReason()}).
 * Thread safety: all methods may be called by any thread.
 */
public final class DangScheduler implements Executor, AutoCloseable {
    /** The paper's maximum concurrent threads per worker with eight second-level words. */
    public static final int DEFAULT_THREADS_PER_WORKER = 8 * ReadyBitVector.THREADS_PER_INDEX_WORD;

    private final String name;
    private final BitVectorWorker[] workers;
    /** A thread's continuation task to its (ω, Γ), ω in the high half. */
    private final ConcurrentHashMap<Runnable, Long> ids = new ConcurrentHashMap<>();
    private final AtomicInteger nextWorker = new AtomicInteger();

    /**
     * Starts {@code workers} workers named {@code name-worker-ω}.
     *
     * @throws UnsupportedOperationException if the JVM lacks the option in {@link #unavailableReason()}
     */
    public DangScheduler(String name, int workers, int threadsPerWorker) {
        this(name, workers, threadsPerWorker, null);
    }

    /**
     * As above, and records every worker's steps to {@code recorder} if it records {@link
     * TraceRecorder.Algorithm#SCHEDULER} (trace validation against {@code specs/scheduler/BitVectorSchedulerTrace.tla});
     * null or another recorder: nothing is recorded and the hooks cost one test of a final field each.
     */
    public DangScheduler(String name, int workers, int threadsPerWorker, TraceRecorder recorder) {
        if (workers < 1) {
            throw new IllegalArgumentException("a scheduler needs at least one worker, not " + workers);
        }
        this.name = name;
        JdkVirtualThreads.builder(this); // fails here, before any worker starts, if the JVM lacks the option
        this.workers = new BitVectorWorker[workers];
        for (int w = 0; w < workers; w++) {
            this.workers[w] = new BitVectorWorker(this, w, threadsPerWorker,
                    TraceRecorder.of(recorder, TraceRecorder.Algorithm.SCHEDULER));
        }
        for (BitVectorWorker w : this.workers) {
            w.start();
        }
    }

    /** Null if this JVM can run the scheduler, else why not (the missing JVM option). */
    public static String unavailableReason() {
        return JdkVirtualThreads.unavailableReason();
    }

    /** True if the calling thread is a thread of some {@code DangScheduler} (it runs on one of its workers). */
    public static boolean onScheduler() {
        return unavailableReason() == null && Thread.currentThread().isVirtual()
                && JdkVirtualThreads.carrier() instanceof BitVectorWorker;
    }

    /** The scheduler's name, the prefix of its workers' names. */
    public String name() {
        return name;
    }

    /** Number of workers W. */
    public int workers() {
        return workers.length;
    }

    /**
     * A new builder of virtual threads run by this scheduler; a builder is not thread-safe (its name counter
     * and settings change as it is used), so each caller gets its own.
     */
    public Thread.Builder.OfVirtual threads() {
        return JdkVirtualThreads.builder(this);
    }

    /** Threads of this scheduler that have started and not ended. */
    public int liveThreads() {
        int n = 0;
        for (BitVectorWorker w : workers) {
            n += w.liveThreads();
        }
        return n;
    }

    /**
     * Called by the JDK when one of this scheduler's virtual threads becomes runnable (started, unparked,
     * yielded, or its timed wait expired): the paper's {@code ThreadSignal}.
     */
    @Override
    public void execute(Runnable task) {
        Long id = ids.get(task);
        if (id == null) {
            id = admit(task);
        }
        workers[(int) (id >>> 32)].signal((int) (long) id);
    }

    /** First signal of a new thread: gives it a slot on its creator's worker, or on the next one with room. */
    private long admit(Runnable task) {
        Thread thread = JdkVirtualThreads.threadOf(task);
        int home;
        if (JdkVirtualThreads.carrier() instanceof BitVectorWorker w && w.schedulerIs(this)) {
            home = w.workerId;
        } else {
            home = Math.floorMod(nextWorker.getAndIncrement(), workers.length);
        }
        for (int k = 0; k < workers.length; k++) {
            int w = (home + k) % workers.length;
            int slot = workers[w].allocate(task, thread);
            if (slot >= 0) {
                long id = ((long) w << 32) | slot;
                ids.put(task, id);
                return id;
            }
        }
        throw new RejectedExecutionException(name + ": all " + workers.length + " workers hold "
                + workers[0].capacity() + " threads, the most a worker's bit-vector holds");
    }

    void forget(Runnable task) {
        ids.remove(task);
    }

    /**
     * Stops the workers (threads still parked on this scheduler never run again) and waits up to 2 s each.
     *
     * @throws IllegalStateException if called by a thread of this scheduler (it would stop its own worker)
     */
    @Override
    public void close() {
        if (JdkVirtualThreads.carrier() instanceof BitVectorWorker w && w.schedulerIs(this)) {
            throw new IllegalStateException("a thread of " + name + " cannot close it");
        }
        for (BitVectorWorker w : workers) {
            w.shutdown();
        }
        for (BitVectorWorker w : workers) {
            try {
                w.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public String toString() {
        return name + " (" + workers.length + " bit-vector workers, " + liveThreads() + " threads)";
    }
}
