package org.mpiverify.mpi;

import org.mpiverify.core.sched.DangScheduler;

/**
 * How a job's threads are scheduled: by the JDK (each rank's main thread a platform thread, the threads a
 * program starts virtual threads of the JDK's scheduler), or by Dang, Snir &amp; Gropp's bit-vector
 * scheduler (§3.1), where each rank's main thread and every virtual thread started from it run on the
 * rank's {@link DangScheduler} of {@code workers} workers.
 *
 * @param scheduler        which scheduler
 * @param workers          workers per rank (bit-vector scheduler only)
 * @param threadsPerWorker the most threads a worker holds at once, a multiple of 512 (bit-vector only)
 */
public record ThreadMode(Scheduler scheduler, int workers, int threadsPerWorker) {
    /** The two schedulers. */
    public enum Scheduler {
        /** The JDK's: platform rank threads, virtual threads on the default {@code ForkJoinPool}. */
        JDK,
        /** Dang, Snir &amp; Gropp's bit-vector scheduler; needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}. */
        DANG
    }

    /** The default: the JDK's scheduler. */
    public static final ThreadMode JDK_VIRTUAL_THREADS = new ThreadMode(Scheduler.JDK, 0, 0);
    /** The bit-vector scheduler with one worker per rank holding up to 262,144 threads. */
    public static final ThreadMode DANG_SCHEDULER = dang(1, DangScheduler.DEFAULT_THREADS_PER_WORKER);

    public ThreadMode {
        if (scheduler == null) {
            throw new IllegalArgumentException("no scheduler");
        }
        if (scheduler == Scheduler.DANG && (workers < 1 || threadsPerWorker < 512 || threadsPerWorker % 512 != 0)) {
            throw new IllegalArgumentException("bit-vector scheduler: " + workers + " workers of " + threadsPerWorker
                    + " threads; need at least one worker and a positive multiple of 512 threads each");
        }
    }

    /** The bit-vector scheduler with {@code workers} workers per rank, each holding {@code threadsPerWorker}. */
    public static ThreadMode dang(int workers, int threadsPerWorker) {
        return new ThreadMode(Scheduler.DANG, workers, threadsPerWorker);
    }

    /** True for the bit-vector scheduler. */
    public boolean isDang() {
        return scheduler == Scheduler.DANG;
    }

    @Override
    public String toString() {
        return isDang() ? "bit-vector scheduler, " + workers + " worker(s)/rank x " + threadsPerWorker + " threads"
                : "JDK virtual threads";
    }
}
