package org.mpiverify.audit.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;
import org.mpiverify.audit.run.AuditColumn;
import org.mpiverify.audit.scenario.RankReport;
import org.mpiverify.audit.scenario.Scenario;
import org.mpiverify.audit.target.AuditTarget;
import org.mpiverify.audit.target.RunOutcome;
import org.mpiverify.core.contextid.ContextIdAlgorithm;
import org.mpiverify.core.contextid.EmptyEagerFailsIdupAllocator;
import org.mpiverify.core.matching.CancelMissKeepsLockEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.TruncationDropsReceiveEngine;
import org.mpiverify.core.matching.TruncationKeepsLockEngine;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.mpi.ErrorHandler;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.Mpi;

/**
 * The in-JVM core as an audit target, in one configuration. Each run is a fresh embedded
 * {@link Job} ({@link Job#create}): one platform thread per rank runs the scenario on a
 * {@link CoreAuditMpi}, then finalizes. A rank that throws aborts the job (as {@code MPI_Abort}
 * would), so the other ranks' blocked calls end with {@code ERR_ABORTED} instead of hanging; a run
 * still going at the scenario's deadline is a {@link RunOutcome.Hung} with every thread's stack,
 * after which the job is shut down.
 */
public final class CoreTarget implements AuditTarget {
    /** After a shutdown, aborted waits end within a park slice (50 ms); this bounds the clean-up join. */
    private static final Duration CLEANUP = Duration.ofSeconds(2);

    /**
     * Deadline of one run on an unsafe configuration in a quick audit: those are expected to hang, and each
     * hang costs a whole deadline, so a quick audit waits less for them. Full audits use each scenario's own.
     */
    public static final Duration QUICK_UNSAFE_DEADLINE = Duration.ofSeconds(3);

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

    /** The columns of a full audit: no deadline cap. */
    public static List<AuditColumn> configurations() {
        return configurations(true);
    }

    /**
     * Every safe granularity × matching engine, then the experimental unsafe variants (marked unsafe),
     * these with {@link #QUICK_UNSAFE_DEADLINE} unless {@code full}.
     */
    public static List<AuditColumn> configurations(boolean full) {
        List<AuditColumn> l = new ArrayList<>();
        for (Granularity g : Granularity.values()) {
            if (g.isExperimental()) continue;
            for (MatchingKind m : MatchingKind.values()) {
                l.add(safe(g, m));
            }
        }
        l.addAll(unsafeConfigurations(full ? null : QUICK_UNSAFE_DEADLINE));
        return l;
    }

    public static AuditColumn safe(Granularity g, MatchingKind m) {
        String name = g + "/" + m;
        return new AuditColumn(name, false,
                new CoreTarget(name, JobConfig.of(1).withGranularity(g).withMatching(m)));
    }

    /**
     * The deliberately unsafe variants: the lock held while blocked (Gropp &amp; Thakur Fig. 2), §5.1, §5.2, Fig. 3
     * as published, the idup allocation's known-bad twin, and three matching engines whose error paths are broken
     * (a truncating match or a cancel that misses keeps the context lock; a truncating arrival drops the receive).
     */
    public static List<AuditColumn> unsafeConfigurations(Duration deadlineCap) {
        List<AuditColumn> l = new ArrayList<>();
        // withExperimental(true) must come first: JobConfig refuses an experimental choice otherwise.
        JobConfig exp = JobConfig.of(1).withExperimental(true);
        l.add(new AuditColumn("LOCK_AROUND_CALL/QUEUES", true,
                new CoreTarget("LOCK_AROUND_CALL/QUEUES", exp.withGranularity(Granularity.LOCK_AROUND_CALL), deadlineCap)));
        for (ContextIdAlgorithm a : ContextIdAlgorithm.values()) {
            if (!a.isExperimental()) continue;
            String name = "PER_OBJECT/QUEUES, context ids " + a;
            l.add(new AuditColumn(name, true, new CoreTarget(name, exp.withContextIds(a), deadlineCap)));
        }
        // the Lincheck twin of the idup allocation: an empty all-owned eager round taken for exhaustion
        String twin = "PER_OBJECT/QUEUES, idup " + EmptyEagerFailsIdupAllocator.NAME;
        l.add(new AuditColumn(twin, true, new CoreTarget(twin, exp.withOverrides(new CoreOverrides(
                EmptyEagerFailsIdupAllocator.NAME, EmptyEagerFailsIdupAllocator::new, null)), deadlineCap)));
        // matching engines whose error paths keep the context lock or drop the receive (audit/src/main/twins)
        l.add(engineTwin(exp, "TruncationKeepsLockEngine", TruncationKeepsLockEngine::new, deadlineCap));
        l.add(engineTwin(exp, "CancelMissKeepsLockEngine", CancelMissKeepsLockEngine::new, deadlineCap));
        l.add(engineTwin(exp, "TruncationDropsReceiveEngine", TruncationDropsReceiveEngine::new, deadlineCap));
        return l;
    }

    /** The column name of an engine twin, as {@link #unsafeConfigurations} names it. */
    public static String engineTwinColumn(String twin) {
        return ENGINE_TWIN_PREFIX + twin;
    }

    /** Whether {@code column} is one of the matching engines broken on an error path. */
    public static boolean isEngineTwin(AuditColumn column) {
        return column.unsafe() && column.name().startsWith(ENGINE_TWIN_PREFIX);
    }

    private static final String ENGINE_TWIN_PREFIX = "PER_OBJECT/QUEUES, matching ";

    private static AuditColumn engineTwin(JobConfig exp, String name, Supplier<MatchingEngine> engine, Duration deadlineCap) {
        String column = engineTwinColumn(name);
        return new AuditColumn(column, true, new CoreTarget(column, exp.withOverrides(new CoreOverrides(name, null, engine)),
                deadlineCap));
    }

    public JobConfig config() {
        return config;
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
        org.mpiverify.audit.api.AuditMpi bind(Mpi mpi, String implementation);
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
            threads[i] = Thread.ofPlatform().daemon(true).name("audit-core-rank-" + rank).unstarted(() -> {
                Mpi mpi = job.mpi(rank);
                try {
                    org.mpiverify.audit.api.AuditMpi a = binding.bind(mpi, describe());
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
        try {
            for (Thread t : threads) {
                long left = end - System.nanoTime();
                if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                    String stacks = threadDump(earlier);
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
