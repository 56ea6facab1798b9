package org.mpiverify.bench.dang;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.RankMain;

/** What the kernels of {@code bench dang} share: jobs under a deadline, and many threads started and joined. */
final class DangJobs {
    private DangJobs() {
    }

    /** Runs the job; a rank failure or a passed deadline throws, with every thread's stack in the message. */
    static void run(JobConfig config, RankMain main, Duration deadline) {
        Job.run(config, main, deadline).orThrow();
    }

    /** A body run by thread {@code i} of a group. */
    @FunctionalInterface
    interface ThreadBody {
        void run(int i) throws Exception;
    }

    /**
     * Runs {@code body} on {@code n} new threads (virtual or platform) inside a job's rank and joins
     * them; the first failure is rethrown. The joins have no timeout of their own: the job's deadline
     * aborts every blocked MPI call, so the threads end if anything hangs.
     */
    static void onThreads(int n, boolean virtual, ThreadBody body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> ts = start(n, virtual, body, failure);
        for (Thread t : ts) {
            t.join();
        }
        rethrow(failure.get());
    }

    /** As {@link #onThreads(int, boolean, ThreadBody)}, outside any job: joined within {@code deadline}. */
    static void onThreads(int n, boolean virtual, Duration deadline, ThreadBody body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        joinAll(start(n, virtual, body, failure), deadline);
        rethrow(failure.get());
    }

    private static List<Thread> start(int n, boolean virtual, ThreadBody body, AtomicReference<Throwable> failure) {
        List<Thread> ts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int id = i;
            Runnable r = () -> {
                try {
                    body.run(id);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            };
            ts.add(virtual ? Thread.ofVirtual().start(r) : Thread.ofPlatform().daemon(true).start(r));
        }
        return ts;
    }

    /** Joins every thread within {@code deadline} in total; past it throws with every thread's stack. */
    static void joinAll(List<Thread> ts, Duration deadline) throws InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        for (Thread t : ts) {
            long left = end - System.nanoTime();
            if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                throw new IllegalStateException(ts.size() + " threads did not finish within " + deadline
                        + "; threads:\n" + Job.threadDump());
            }
        }
    }

    private static void rethrow(Throwable f) throws Exception {
        if (f instanceof Exception e) {
            throw e;
        }
        if (f != null) {
            throw new IllegalStateException(f);
        }
    }
}
