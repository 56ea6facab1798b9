package org.mpiverify.bench.figures;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.RankMain;

/** Helpers the core figures share: running a job with its deadline, and starting and joining a rank's threads. */
final class CoreJobs {
    private CoreJobs() {
    }

    /** Runs the job; a rank failure or a passed deadline throws, with every thread's stack in the message. */
    static void run(JobConfig config, RankMain main, Duration deadline) {
        JobResult r = Job.run(config, main, deadline);
        r.orThrow();
    }

    /** A rank's main that is told its world rank before it initializes (to pick its thread level). */
    @FunctionalInterface
    interface RankBody {
        void run(Mpi mpi, int worldRank) throws Exception;
    }

    /**
     * Runs {@code body} on every rank of an embedded job ({@link Job#create}), each on its own platform
     * thread. The first failure shuts the job down (every blocked call then fails) and is rethrown; past
     * the deadline the job is shut down and the exception carries every thread's stack.
     */
    static void runRanks(JobConfig config, RankBody body, Duration deadline) throws Exception {
        Job job = Job.create(config);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[config.ranks()];
        for (int r = 0; r < ts.length; r++) {
            int rank = r;
            ts[r] = Thread.ofPlatform().name("bench-rank-" + r).daemon(true).start(() -> {
                try {
                    body.run(job.mpi(rank), rank);
                } catch (Throwable e) {
                    if (failure.compareAndSet(null, e)) {
                        job.shutdown();
                    }
                }
            });
        }
        long end = System.nanoTime() + deadline.toNanos();
        for (Thread t : ts) {
            long left = end - System.nanoTime();
            if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                String dump = Job.threadDump();
                job.shutdown();
                throw new IllegalStateException("job of " + config.ranks() + " ranks passed its deadline of "
                        + deadline.toMillis() + " ms; threads:\n" + dump);
            }
        }
        Throwable f = failure.get();
        if (f != null) {
            throw new IllegalStateException("a rank failed: " + f, f);
        }
    }

    /** The granularities a user may choose (the experimental, unsafe ones are left out), so new ones are picked up. */
    static List<Granularity> safeGranularities() {
        List<Granularity> g = new ArrayList<>();
        for (Granularity x : Granularity.values()) {
            if (!x.isExperimental()) {
                g.add(x);
            }
        }
        return g;
    }

    /** A body run by one of a rank's threads. */
    @FunctionalInterface
    interface ThreadBody {
        void run(int thread) throws Exception;
    }

    /**
     * Runs {@code body} on {@code n} new platform threads and joins them; the first failure is rethrown.
     * The joins have no timeout of their own: the job's deadline aborts every blocked MPI call, so the
     * threads end (with ERR_ABORTED) if anything hangs.
     */
    static void onThreads(int n, ThreadBody body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[n];
        for (int t = 0; t < n; t++) {
            int id = t;
            ts[t] = Thread.ofPlatform().name("bench-thread-" + t).start(() -> {
                try {
                    body.run(id);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
        }
        for (Thread t : ts) {
            t.join();
        }
        Throwable f = failure.get();
        if (f instanceof Exception e) {
            throw e;
        }
        if (f != null) {
            throw new IllegalStateException(f);
        }
    }
}
