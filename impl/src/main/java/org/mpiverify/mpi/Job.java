package org.mpiverify.mpi;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import java.util.function.Function;
import org.mpiverify.core.sched.DangScheduler;
import org.mpiverify.core.sync.BlockedThreads;
import org.mpiverify.core.sync.SpinGate;
import org.mpiverify.core.sync.WaitPoint;

/**
 * An in-JVM MPI job: N ranks in this JVM, each rank's main on its own platform thread. Ranks are
 * isolated objects: they share no mutable state, static or otherwise, except through messages (each
 * rank's matching engine is reached by other ranks' senders, as a NIC would be).
 *
 * <pre>{@code
 * JobResult r = Job.run(JobConfig.of(4), mpi -> {
 *     mpi.initThread(ThreadLevel.MULTIPLE);
 *     Comm world = mpi.commWorld();
 *     ...
 *     mpi.finalizeMpi();
 * }, Duration.ofSeconds(30));
 * }</pre>
 *
 * <p>An exception escaping a rank's main aborts the job (as a dying process ends an MPI job): every
 * other rank's blocked call then fails with {@link ErrorClass#ERR_ABORTED}. A job still running at its
 * deadline is aborted too. The result of a hung or aborted job carries every thread's stack (platform
 * threads, and virtual threads blocked in MPI), taken when the deadline passed or when the job was aborted.
 *
 * <p>Threads: {@link JobConfig#threads()} says who schedules them. With the JDK's (the default) each rank's main
 * is a platform thread; with Dang, Snir &amp; Gropp's bit-vector scheduler ({@link ThreadMode#isDang()}) each
 * rank has its own {@link DangScheduler}, on which its main and every virtual thread started from it run. A
 * job made with {@link #create} runs no mains: its embedder starts each rank's threads with {@link
 * #threads(int)}, which follows the same mode, and {@link #close() closes} the job to stop its schedulers.
 */
public final class Job implements AutoCloseable {
    private final JobConfig config;
    private final RankContext[] ranks;
    private final ThreadLocal<CallDepth> callDepth = ThreadLocal.withInitial(CallDepth::new);
    /** Long spinning is admitted per job: its ranks' waiting threads share the machine's cores. */
    final SpinGate spinGate = SpinGate.forThisMachine();
    private final AtomicReference<Abort> abort = new AtomicReference<>();
    private final long startNanos = System.nanoTime();
    /** Set for jobs made by {@link #run}: the first abort takes a thread dump for the result. */
    private volatile boolean dumpOnAbort;
    /** Test support: told when a wait of this job reaches a named point ({@link WaitPoint}); null in production. */
    final WaitPoint waitPoint;
    /**
     * Per rank, its bit-vector scheduler, made at the first {@link #threads(int)} for the rank and stopped by
     * {@link #close()}; null unless {@link ThreadMode#isDang()}. A slot, once set, never changes.
     */
    private final AtomicReferenceArray<DangScheduler> schedulers;
    private volatile boolean closed;

    /**
     * Told about every job this JVM makes, as it is made (null: nobody): test support, so that a test
     * suite can check every job its tests run ({@link #quiescence()}) without each test asking. JVM-wide,
     * like {@link ThreadDump}'s registry: a diagnostic hook that holds no rank's state.
     */
    static volatile Consumer<Job> observer;

    /** The abort code of a job aborted at its deadline. */
    private static final int DEADLINE_ABORT = 2;

    /** Why the job was aborted, and the thread dump taken then (empty if none). */
    private record Abort(int code, String cause, String dump) {
    }

    private Job(JobConfig config, Function<RankContext, ? extends ProgressRule> progress) {
        this(config, progress, null);
    }

    private Job(JobConfig config, Function<RankContext, ? extends ProgressRule> progress, WaitPoint waitPoint) {
        this.config = config;
        this.waitPoint = waitPoint;
        this.ranks = new RankContext[config.ranks()];
        this.schedulers = config.threads().isDang() ? new AtomicReferenceArray<>(ranks.length) : null;
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = new RankContext(this, i, progress == null ? ProgressEngine::new : progress);
            ThreadDump.track(ranks[i].blocked);
        }
        Consumer<Job> o = observer;
        if (o != null) {
            o.accept(this);
        }
    }

    /**
     * Creates a job without running rank mains, for embedding: tests, Lincheck and the audit drive its ranks
     * from threads of their own. Each rank is used through {@link #mpi(int)} and must be initialized with
     * {@code initThread} before other calls. {@link #shutdown()} ends every blocked call.
     */
    public static Job create(JobConfig config) {
        return new Job(config, null);
    }

    /**
     * As {@link #create(JobConfig)}, telling {@code waitPoint} whenever a wait of the job reaches one of its named
     * points: for tests that abort at an exact point of a wait ({@code AbortAtEveryPointTest}).
     */
    static Job create(JobConfig config, WaitPoint waitPoint) {
        return new Job(config, null, waitPoint);
    }

    /** The entry point of rank {@code worldRank} of a job made with {@link #create}. */
    public Mpi mpi(int worldRank) {
        if (worldRank < 0 || worldRank >= ranks.length) {
            throw new MpiException(ErrorClass.ERR_RANK, "rank " + worldRank + " is not in a job of " + ranks.length);
        }
        return new Mpi(ranks[worldRank]);
    }

    /** Ends an embedded job: every call blocked in it fails with ERR_ABORTED (its threads are woken). */
    public void shutdown() {
        abort(0, "job shut down");
    }

    /** Runs {@code main} on every rank and waits for all of them, at most {@code deadline}. */
    public static JobResult run(JobConfig config, RankMain main, Duration deadline) {
        return new Job(config, null).execute(main, deadline);
    }

    /**
     * As {@link #run(JobConfig, RankMain, Duration)}, each rank's progress rule made by {@code progress} (null:
     * the core's {@link ProgressEngine}): for tests that run a known-bad twin of it.
     */
    static JobResult run(JobConfig config, RankMain main, Duration deadline,
                         Function<RankContext, ? extends ProgressRule> progress) {
        return new Job(config, progress).execute(main, deadline);
    }

    /**
     * As {@link #run(JobConfig, RankMain, Duration)}, telling {@code waitPoint} whenever a wait of the job reaches
     * one of its named points: for tests that let the deadline pass at an exact point of a wait.
     */
    static JobResult run(JobConfig config, RankMain main, Duration deadline, WaitPoint waitPoint) {
        return new Job(config, null, waitPoint).execute(main, deadline);
    }

    /** Runs {@code main} on {@code ranks} ranks with the default configuration. */
    public static JobResult run(int ranks, RankMain main, Duration deadline) {
        return run(JobConfig.of(ranks), main, deadline);
    }

    /**
     * A new builder of threads that run code of rank {@code worldRank} as this job's {@link ThreadMode} says: with
     * the JDK's scheduler, daemon platform threads; with the bit-vector scheduler, virtual threads of the rank's
     * {@link DangScheduler} (started by the first call for the rank, stopped by {@link #close()}), from which
     * every virtual thread they start inherits that scheduler. For embedders of a job made with {@link #create},
     * which run each rank's code on threads of their own; {@link #run} starts each rank's main with it.
     *
     * @throws MpiException {@code ERR_RANK} if {@code worldRank} is not a rank of the job
     * @throws IllegalStateException if the job was closed
     * @throws UnsupportedOperationException with the bit-vector scheduler in a JVM without the option it needs
     *         ({@link DangScheduler#unavailableReason()})
     */
    public Thread.Builder threads(int worldRank) {
        if (worldRank < 0 || worldRank >= ranks.length) {
            throw new MpiException(ErrorClass.ERR_RANK, "rank " + worldRank + " is not in a job of " + ranks.length);
        }
        if (schedulers == null) {
            return Thread.ofPlatform().daemon(true);
        }
        return scheduler(worldRank).threads();
    }

    /** Rank {@code r}'s bit-vector scheduler, started on first use; one per rank even when callers race. */
    private DangScheduler scheduler(int r) {
        DangScheduler s = schedulers.get(r);
        if (s == null) {
            ThreadMode mode = config.threads();
            DangScheduler made = new DangScheduler("mpiverify-rank-" + r + "-sched", mode.workers(), mode.threadsPerWorker(),
                    config.trace());
            s = schedulers.compareAndExchange(r, null, made);
            if (s == null) {
                s = made;
            } else {
                made.close(); // lost the race: the winner's scheduler serves the rank
            }
        }
        // After the slot is set (volatile): close() sets the flag before it reads the slots, so either it stops
        // this scheduler or this check sees the flag.
        if (closed) {
            s.close();
            throw new IllegalStateException("the job is closed: its bit-vector schedulers are stopped");
        }
        return s;
    }

    /**
     * Stops the job's bit-vector schedulers, if it has any: threads still parked on them never run again, so
     * close a job once its threads have ended (or, after {@link #shutdown()}, once they had their chance to).
     * Does not abort the job. Idempotent; a no-op with the JDK's scheduler.
     *
     * @throws IllegalStateException if called by a thread of one of the job's schedulers
     */
    @Override
    public void close() {
        if (schedulers == null) {
            return;
        }
        closed = true;
        for (int r = 0; r < ranks.length; r++) {
            DangScheduler s = schedulers.get(r);
            if (s != null) {
                s.close();
            }
        }
    }

    private JobResult execute(RankMain main, Duration deadline) {
        dumpOnAbort = true;
        Throwable[] failures = new Throwable[ranks.length];
        Thread[] threads = new Thread[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            int r = i;
            threads[i] = threads(r).name("mpiverify-rank-" + i).unstarted(() -> {
                try {
                    main.run(new Mpi(ranks[r]));
                } catch (Throwable t) {
                    failures[r] = t;
                    abort(1, "rank " + r + " main threw " + t);
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        long end = System.nanoTime() + deadline.toNanos();
        boolean hung = false;
        String dump = "";
        try {
            for (Thread t : threads) {
                long left = end - System.nanoTime();
                if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                    hung = true;
                    break;
                }
            }
            if (hung) {
                dump = threadDump();
                abort(DEADLINE_ABORT, "deadline of " + deadline.toMillis() + " ms exceeded");
                for (Thread t : threads) {
                    t.join(Duration.ofSeconds(2)); // aborted waits are woken at once
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abort(3, "interrupted while waiting for the ranks");
        } finally {
            close();
        }
        Abort a = abort.get();
        boolean aborted = a != null && !(hung && a.code == DEADLINE_ABORT);
        if (aborted && !hung) {
            dump = a.dump;
        }
        return new JobResult(Arrays.asList(failures), aborted, a == null ? 0 : a.code,
                a == null ? null : a.cause, hung, dump, Duration.ofNanos(System.nanoTime() - startNanos));
    }

    /**
     * What this job holds, checked against what a job with nothing outstanding must hold: every budget back
     * to zero, every pooled object returned, no thread registered as waiting, no schedule live, every
     * context id freed or held by a live communicator ({@link Quiescence}). Read-only: it changes nothing,
     * and may be called at any time, but it is a verdict only once the job is quiescent (no call running,
     * every operation completed) and the end of every thread's last call happens-before it, as after
     * {@link #run} returns or once a test has joined the threads that drove an embedded job.
     */
    public Quiescence quiescence() {
        return Quiescence.of(this);
    }

    JobConfig config() {
        return config;
    }

    RankContext rank(int worldRank) {
        return ranks[worldRank];
    }

    int size() {
        return ranks.length;
    }

    /** Per-thread nesting depth of MPI calls (Gropp &amp; Thakur §4.2: thread-private, not per rank). */
    CallDepth callDepth() {
        return callDepth.get();
    }

    boolean isAborted() {
        return abort.get() != null;
    }

    /**
     * Aborts the job: every blocked call fails with ERR_ABORTED. The first abort wins; in a job made by
     * {@link #run} it first takes a thread dump for the result, while the ranks' threads are still where
     * the abort found them (the deadline's abort has its dump already). The flag is set before the
     * parked threads are woken ({@link BlockedThreads}: a thread that registers after the wake-up sees
     * the flag).
     */
    void abort(int code, String cause) {
        if (abort.get() != null) {
            return;
        }
        String dump = dumpOnAbort && code != DEADLINE_ABORT ? ThreadDump.take() : "";
        if (abort.compareAndSet(null, new Abort(code, cause, dump))) {
            for (RankContext r : ranks) {
                r.blocked.wakeAll();
            }
        }
    }

    double wtime() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /**
     * Every platform thread's stack and those of the virtual threads blocked in MPI calls, bounded in time
     * and size: see {@link ThreadDump}.
     */
    public static String threadDump() {
        return ThreadDump.take();
    }
}
