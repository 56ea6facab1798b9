package org.mpiverify.bench.figures;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.Mpi;

/** Running an embedded job of the core whose ranks are told their rank before they initialize (to pick their thread level). */
final class CoreJobs {
    private CoreJobs() {
    }

    /** A rank's main that is told its world rank before it initializes (to pick its thread level). */
    @FunctionalInterface
    interface RankBody {
        void run(Mpi mpi, int worldRank) throws Exception;
    }

    /**
     * Runs {@code body} on every rank of an embedded job ({@link Job#create}), each on its own thread as the
     * configuration's thread mode makes it ({@link Job#threads}: a platform thread, or one of the rank's bit-vector
     * scheduler). The first failure shuts the job down (every blocked call then fails) and is rethrown; past
     * the deadline the job is shut down and the exception carries every thread's stack.
     */
    static void runRanks(JobConfig config, RankBody body, Duration deadline) throws Exception {
        Job job = Job.create(config);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[config.ranks()];
        for (int r = 0; r < ts.length; r++) {
            int rank = r;
            ts[r] = job.threads(r).name("bench-rank-" + r).start(() -> {
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
        try (job) { // stops the bit-vector schedulers, if any
            for (Thread t : ts) {
                long left = end - System.nanoTime();
                if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                    String dump = Job.threadDump();
                    job.shutdown();
                    throw new IllegalStateException("job of " + config.ranks() + " ranks passed its deadline of "
                            + deadline.toMillis() + " ms; threads:\n" + dump);
                }
            }
        }
        Throwable f = failure.get();
        if (f != null) {
            throw new IllegalStateException("a rank failed: " + f, f);
        }
    }
}
