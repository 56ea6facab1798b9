package org.mpiverify.harness.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.launch.AuditTarget;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.mpi.ErrorHandler;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.ThreadMode;

/**
 * The in-JVM core as an audit target, in one configuration. Each run is a fresh embedded
 * {@link Job} ({@link Job#create}): one thread per rank runs the scenario on a
 * {@link CoreAuditMpi}, then finalizes. The rank's thread is what the configuration's {@link ThreadMode} makes
 * ({@link Job#threads}): a platform thread, or with the bit-vector scheduler a thread of the rank's scheduler, so
 * that the threads the scenario starts from it are the scheduler's too ({@code Workers}). A rank that throws aborts the job (as {@code MPI_Abort}
 * would), so the other ranks' blocked calls end with {@code ERR_ABORTED} instead of hanging; a run
 * still going at the scenario's deadline is a {@link RunOutcome.Hung} with every thread's stack,
 * after which the job is shut down.
 */
public final class CoreTarget implements AuditTarget {
    /** After a shutdown, aborted waits end within a park slice (50 ms); this bounds the clean-up join. */
    private static final Duration CLEANUP = Duration.ofSeconds(2);

    private final String configuration;
    private final JobConfig config;
    private final Duration deadlineCap;

    public CoreTarget(String configuration, JobConfig config) {
        this(configuration, config, null);
    }

    /** A target whose runs end as HANG after {@code deadlineCap} if that is shorter than the scenario's deadline. */
    public CoreTarget(String configuration, JobConfig config, Duration deadlineCap) {
        this.configuration = configuration;
        this.config = config.withErrorHandler(ErrorHandler.ERRORS_RETURN);
        this.deadlineCap = deadlineCap;
    }

    /** The core with critical sections of granularity {@code g} and matching engine {@code m}, named {@code g/m}. */
    public static CoreTarget of(Granularity g, MatchingKind m) {
        return new CoreTarget(g + "/" + m, JobConfig.of(1).withGranularity(g).withMatching(m));
    }

    /**
     * The core with critical sections of granularity {@code g}, matching engine {@code m} and its threads scheduled
     * as {@code threads} says, named {@code g/m, bit-vector scheduler} for {@link ThreadMode#isDang()}.
     */
    public static CoreTarget of(Granularity g, MatchingKind m, ThreadMode threads) {
        if (!threads.isDang()) {
            return of(g, m);
        }
        return new CoreTarget(g + "/" + m + ", " + BIT_VECTOR_SCHEDULER,
                JobConfig.of(1).withGranularity(g).withMatching(m).withThreads(threads));
    }

    /** How a configuration name says that its threads run on the bit-vector scheduler. */
    public static final String BIT_VECTOR_SCHEDULER = "bit-vector scheduler";

    /** The configuration's name, as in {@link #describe()}: {@code PER_OBJECT/QUEUES}. */
    public String configuration() {
        return configuration;
    }

    public JobConfig config() {
        return config;
    }

    /** The same target (configuration, name, deadline cap) with its jobs recording to {@code recorder}. */
    public CoreTarget recording(org.mpiverify.core.trace.TraceRecorder recorder) {
        return new CoreTarget(configuration, config.withTrace(recorder), deadlineCap);
    }

    @Override public String id() { return "core"; }

    @Override public String describe() { return "mpiverify core 0.1.0 " + configuration; }

    @Override public Optional<String> unavailable() { return Optional.empty(); }

    @Override
    public RunOutcome runOnce(Scenario scenario) {
        return runOnce(scenario, CoreAuditMpi::new);
    }

    /** How a rank's {@link Mpi} becomes the {@code AuditMpi} the scenario sees; tests wrap it to break it on purpose. */
    @FunctionalInterface
    public interface Binding {
        org.mpiverify.harness.api.AuditMpi bind(Mpi mpi, String implementation);
    }

    /** Runs {@code scenario} once with {@code binding} between the scenario and the core. */
    public RunOutcome runOnce(Scenario scenario, Binding binding) {
        long start = System.nanoTime();
        Set<Thread> earlier = Thread.getAllStackTraces().keySet(); // a hang's dump leaves out earlier runs' threads
        int n = scenario.ranks();
        Job job = Job.create(config.withRanks(n));
        AtomicReferenceArray<RankReport> reports = new AtomicReferenceArray<>(n);
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            int rank = i;
            Thread.Builder builder;
            try {
                builder = job.threads(rank);
            } catch (UnsupportedOperationException e) { // the bit-vector scheduler in a JVM without its option
                job.close();
                return new RunOutcome.Crashed(describe() + ": " + e.getMessage(), System.nanoTime() - start);
            }
            threads[i] = builder.name("audit-core-rank-" + rank).unstarted(() -> {
                Mpi mpi = job.mpi(rank);
                try {
                    org.mpiverify.harness.api.AuditMpi a = binding.bind(mpi, describe());
                    RankReport r = scenario.run(a);
                    a.finalizeMpi();
                    reports.set(rank, r);
                } catch (Throwable t) {
                    reports.set(rank, new RankReport(rank, java.util.Map.of(), List.of(), stackTrace(t)));
                    mpi.abort(1); // as a dying process ends an MPI job: the other ranks stop waiting for it
                }
            });
        }
        for (Thread t : threads) t.start();
        Duration deadline = deadlineCap != null && deadlineCap.compareTo(scenario.deadline()) < 0
                ? deadlineCap : scenario.deadline();
        long end = start + deadline.toNanos();
        try (job) { // stops the bit-vector schedulers, if any, once the ranks have ended or had their clean-up time
            for (Thread t : threads) {
                long left = end - System.nanoTime();
                if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                    // getAllStackTraces lists no virtual thread: on the bit-vector scheduler the ranks' threads
                    // are the core's dump's (those blocked in MPI), after the platform threads
                    String stacks = config.threads().isDang() ? Job.threadDump() : threadDump(earlier);
                    job.shutdown();
                    long cleanupEnd = System.nanoTime() + CLEANUP.toNanos(); // one bound for all, not one each
                    for (Thread u : threads) {
                        long rest = cleanupEnd - System.nanoTime();
                        if (rest > 0) u.join(Duration.ofNanos(rest));
                    }
                    return new RunOutcome.Hung("deadline of " + deadline.toMillis()
                            + " ms exceeded on " + describe() + "\n" + stacks, System.nanoTime() - start);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            job.shutdown();
            return new RunOutcome.Crashed("interrupted while waiting for the ranks", System.nanoTime() - start);
        }
        List<RankReport> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            RankReport r = reports.get(i);
            if (r == null) {
                return new RunOutcome.Crashed("rank " + i + " ended without a report", System.nanoTime() - start);
            }
            l.add(r);
        }
        return new RunOutcome.Completed(l, System.nanoTime() - start);
    }

    /**
     * Every live thread's stack, the ranks' threads first (named {@code audit-core-rank-R...}, so a reader
     * of a hang report starts with them), in the format of {@link Job#threadDump()}. Rank threads of earlier runs
     * that are still alive ({@code earlier}: a broken matching engine's context lock is never released, so the
     * threads waiting for it stay blocked for good) carry the same names, so they are left out and only counted.
     */
    static String threadDump(Set<Thread> earlier) {
        java.util.Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
        List<Thread> threads = new ArrayList<>(all.keySet());
        long stale = threads.stream().filter(t -> earlier.contains(t) && isRankThread(t)).count();
        threads.removeIf(t -> earlier.contains(t) && isRankThread(t));
        threads.sort(java.util.Comparator.comparing((Thread t) -> !isRankThread(t)).thenComparing(Thread::getName));
        StringBuilder sb = new StringBuilder("Thread dump (rank threads first")
                .append(stale == 0 ? "" : "; " + stale + " rank threads of earlier runs, still blocked, left out").append("):\n");
        for (Thread t : threads) {
            sb.append('"').append(t.getName()).append("\" ").append(t.getState()).append('\n');
            for (StackTraceElement el : all.get(t)) sb.append("    at ").append(el).append('\n');
        }
        return sb.toString();
    }

    private static boolean isRankThread(Thread t) {
        return t.getName().startsWith("audit-core-rank-");
    }

    static String stackTrace(Throwable t) {
        java.io.StringWriter w = new java.io.StringWriter();
        t.printStackTrace(new java.io.PrintWriter(w));
        return w.toString();
    }
}
