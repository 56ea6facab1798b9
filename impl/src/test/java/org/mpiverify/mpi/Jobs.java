package org.mpiverify.mpi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.mpiverify.core.sched.DangScheduler;
import org.mpiverify.core.sync.Granularity;

/** Test helpers: run jobs under a deadline (a hang fails with every thread's stack), configurations to sweep. */
final class Jobs {
    static final Duration DEADLINE = Duration.ofSeconds(60);
    /** True under {@code -Pfull}: the long and exhaustive variants run. */
    static final boolean FULL = Boolean.parseBoolean(System.getProperty("mpiverify.full", "false"));

    private Jobs() {
    }

    /**
     * Runs the job and fails (with the thread dump if it hung) unless it ended ok. On the bit-vector scheduler
     * each rank's main thread first checks that it runs on it, so a sample of that mode cannot pass on the JDK's.
     */
    static JobResult ok(JobConfig config, RankMain main) {
        RankMain checked = !config.threads().isDang() ? main : mpi -> {
            if (!DangScheduler.onScheduler()) {
                throw new AssertionError("a rank's main thread is not on the bit-vector scheduler");
            }
            main.run(mpi);
        };
        return Job.run(config, checked, DEADLINE).orThrow();
    }

    static JobResult ok(int ranks, RankMain main) {
        return ok(JobConfig.of(ranks).withErrorHandler(ErrorHandler.ERRORS_RETURN), main);
    }

    /**
     * Every supported (non-experimental) granularity with every matching engine, plus Balaji et al.'s
     * request options taken back (common pool only, reference counts under a mutex) under Brief Global
     * and Per Object, where those sections take real mutexes.
     */
    static Stream<JobConfig> configs(int ranks) {
        List<JobConfig> l = new ArrayList<>();
        for (Granularity g : Granularity.values()) {
            if (g.isExperimental()) {
                continue;
            }
            for (MatchingKind m : MatchingKind.values()) {
                l.add(JobConfig.of(ranks).withGranularity(g).withMatching(m)
                        .withErrorHandler(ErrorHandler.ERRORS_RETURN));
            }
        }
        l.add(JobConfig.of(ranks).withGranularity(Granularity.BRIEF_GLOBAL).withMatching(MatchingKind.HASH_TABLE)
                .withRequestOptions(false, false).withErrorHandler(ErrorHandler.ERRORS_RETURN));
        l.add(JobConfig.of(ranks).withGranularity(Granularity.PER_OBJECT).withMatching(MatchingKind.QUEUES)
                .withRequestOptions(false, false).withErrorHandler(ErrorHandler.ERRORS_RETURN));
        return l.stream();
    }

    /**
     * The bit-vector scheduler (one worker per rank): the default configuration (LOCK_FREE, hash table) in a
     * quick run, every configuration of {@link #configs} under {@code -Pfull}.
     */
    static Stream<JobConfig> dangConfigs(int ranks) {
        Stream<JobConfig> base = FULL ? configs(ranks) : Stream.of(JobConfig.of(ranks)
                .withMatching(MatchingKind.HASH_TABLE).withErrorHandler(ErrorHandler.ERRORS_RETURN));
        return base.map(c -> c.withThreads(ThreadMode.DANG_SCHEDULER));
    }

    /** {@link #configs} on the JDK's threads, then {@link #dangConfigs}. */
    static Stream<JobConfig> configsBothSchedulers(int ranks) {
        return Stream.concat(configs(ranks), dangConfigs(ranks));
    }

    interface ThreadBody {
        void run(int thread) throws Exception;
    }

    /**
     * Runs {@code n} threads (platform or virtual) and rethrows the first failure; joined within the job's
     * deadline. Called from a thread of the bit-vector scheduler, the threads are always virtual (they then
     * run on that scheduler: in that mode every thread of the job is one of its threads).
     */
    static void threads(int n, boolean virtual, ThreadBody body) throws Exception {
        virtual |= DangScheduler.onScheduler();
        Thread[] ts = new Thread[n];
        Throwable[] fail = new Throwable[1];
        for (int i = 0; i < n; i++) {
            int t = i;
            Runnable r = () -> {
                try {
                    body.run(t);
                } catch (Throwable e) {
                    synchronized (fail) {
                        if (fail[0] == null) {
                            fail[0] = e;
                        }
                    }
                }
            };
            ts[i] = virtual ? Thread.ofVirtual().start(r) : Thread.ofPlatform().daemon(true).start(r);
        }
        for (Thread t : ts) {
            if (!t.join(DEADLINE)) {
                throw new AssertionError("thread did not finish within " + DEADLINE + "\n" + Job.threadDump());
            }
        }
        if (fail[0] != null) {
            throw new Exception("a thread failed: " + fail[0], fail[0]);
        }
    }

    static void threads(int n, ThreadBody body) throws Exception {
        threads(n, false, body);
    }

    /**
     * Waits until {@code t} is parked (WAITING or TIMED_WAITING) in a frame of a method named {@code method}
     * of the core's API ({@code org.mpiverify.mpi}), that is, really blocked inside that call. Polls every
     * millisecond for at most 30 s, then fails with every thread's stack.
     */
    static void awaitBlockedIn(Thread t, String method) {
        if (!awaitBlockedInOrEnded(t, method)) {
            throw new AssertionError("thread '" + t.getName() + "' never blocked in " + method + " (it ended)");
        }
    }

    /** As {@link #awaitBlockedIn}, but returns false instead of failing if {@code t} ends first. */
    static boolean awaitBlockedInOrEnded(Thread t, String method) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!blockedIn(t, method)) {
            if (!t.isAlive()) {
                return false;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("thread '" + t.getName() + "' never blocked in " + method
                        + " within 30 s\n" + Job.threadDump());
            }
            LockSupport.parkNanos(1_000_000);
        }
        return true;
    }

    private static boolean blockedIn(Thread t, String method) {
        Thread.State s = t.getState();
        if (s != Thread.State.WAITING && s != Thread.State.TIMED_WAITING) {
            return false;
        }
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().startsWith("org.mpiverify.mpi.") && e.getMethodName().equals(method)) {
                return true;
            }
        }
        return false;
    }
}
