package org.mpiverify.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Stream;
import org.mpiverify.audit.report.CellTrace;
import org.mpiverify.audit.run.AuditColumn;
import org.mpiverify.audit.run.CoreColumns;
import org.mpiverify.audit.run.RunTracing;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.results.Workspace;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.tlc.TlcSession;

/**
 * {@code audit --trace}: each run of the audit on a core column records the steps of context-id allocation, matching,
 * probe and completion (with the match table's, where a job records them), and its traces are validated by TLC against
 * the algorithms' trace specs, as {@code ./mpiverify trace --scenario} does, while the audit goes on with its next
 * runs. The run validated is the audit's own run, in the column's own configuration (the context-id capacity
 * included): the cell's verdict and its trace verdict come from the same runs.
 *
 * <p>Traced: every core column on the JDK's threads, safe and unsafe (the column on the bit-vector scheduler is not,
 * as {@code trace} does not trace it; the idup twin's column records no context-id steps, {@link #recorded}). A safe column's traces must be accepted; an unsafe column whose defect the
 * trace specs see has a rejected trace (a twin of the queue engine that drops a truncated receive: its arrival is
 * queued while the spec has a matching receive posted).
 *
 * <p>Thread safety: {@link #record} and a recording's {@code validate} are called by the audit's runner thread; the
 * validations run on {@code parallelism} platform threads of their own, each with one TLC JVM ({@link TlcSession},
 * confined to that thread) for the trace specs of every folder, kept for the whole audit, so that a JVM starts and
 * TLC's evaluator compiles once per thread instead of once per trace. The traces of all runs wait in one queue per spec
 * folder (guarded by its map's lock, never held while TLC runs); a validating thread that comes free checks every
 * trace queued for a folder, short traces of one spec several to a TLC run ({@link TraceChecker#checkBatched}): a
 * short trace's TLC run is mostly the spec's parse, which a batch pays once. {@link #close} ends the threads and the
 * JVMs; traces still queued end as ERROR.
 */
public final class AuditRunTracing implements RunTracing {
    /** The algorithms a traced run records. */
    public static final Set<Algorithm> ALGORITHMS =
            Collections.unmodifiableSet(EnumSet.of(Algorithm.CONTEXT_ID, Algorithm.MATCHING, Algorithm.PROBE,
                    Algorithm.COMPLETION));

    /** Events per TLC run, as {@code trace}'s default. */
    static final int WINDOW = 500;
    /** The deadline of one TLC run of a window. */
    private static final Duration WINDOW_DEADLINE = Duration.ofMinutes(10);

    private final TraceChecker checker;
    private final Path auditDir;
    private final Path workDir;
    private final ExecutorService validators;
    private final ThreadLocal<TlcSession> sessions = new ThreadLocal<>();
    private final ConcurrentLinkedQueue<TlcSession> allSessions = new ConcurrentLinkedQueue<>();
    /** The traces not yet checked, by spec folder; guarded by itself. */
    private final Map<String, ArrayDeque<Pending>> pending = new LinkedHashMap<>();

    /**
     * @param specsDir    the {@code specs/} folder
     * @param auditDir    the audit's output folder: TLC's files go to {@code trace/tlc/} in it (kept for the traces
     *                    not accepted), a rejected trace's page to {@code trace/rejected/}
     * @param parallelism traces validated at once, each by a thread with its own TLC JVMs
     */
    public AuditRunTracing(Path specsDir, Path auditDir, int parallelism) {
        if (parallelism < 1) throw new IllegalArgumentException("parallelism " + parallelism);
        this.auditDir = auditDir.toAbsolutePath().normalize();
        this.workDir = this.auditDir.resolve("trace/tlc");
        this.checker = new TraceChecker(specsDir, workDir, WINDOW, WINDOW_DEADLINE);
        this.validators = Executors.newFixedThreadPool(parallelism,
                Thread.ofPlatform().daemon(true).name("audit-trace-", 1).factory());
        // each validating thread's TLC JVM starts now, while the audit's first runs go (a JVM's start and class
        // loading were most of the first trace's wait); a pool thread takes one task at a time, so one task per thread
        // lands on each while none has other work
        for (int i = 0; i < parallelism; i++) validators.execute(() -> session("contextid").startNow());
    }

    /**
     * The tracing of {@code audit --trace}: the workspace's specs, the audit's output folder, one validating thread
     * fewer than the cores (one stays with the audit's runs), at least one. (One per core was tried: on this 2-core
     * machine the traced audit took more CPU and more time, each JVM compiling TLC's evaluator for itself.)
     */
    public static AuditRunTracing create() {
        return new AuditRunTracing(Workspace.root().resolve("specs"), Workspace.outputDir().resolve("audit"),
                Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
    }

    @Override
    public Recording record(AuditColumn column, Scenario scenario, String run) {
        if (!(column.target() instanceof CoreTarget core) || CoreColumns.isBitVectorScheduler(column)) return null;
        Set<Algorithm> algorithms = recorded(core.config());
        TraceRecorder recorder = TraceRecorder.create(algorithms, false);
        CoreTarget traced = core.recording(recorder);
        JobConfig config = traced.config().withRanks(scenario.ranks());
        return new Recording() {
            @Override
            public CoreTarget target() {
                return traced;
            }

            @Override
            public CompletableFuture<CellTrace> validate() {
                List<RecordedEvent> events;
                try {
                    events = recorder.events(); // the run has ended: its steps, read on this thread
                } catch (TraceRecorder.TraceTooLargeException e) {
                    return CompletableFuture.completedFuture(error(run + ": " + e.getMessage()));
                }
                Map<String, Object> facts = recorder.facts();
                try {
                    return CompletableFuture.supplyAsync(() -> validateRun(run, algorithms, events, facts, config),
                                    validators)
                            .thenCompose(f -> f)
                            .exceptionally(t -> error(run + ": the validation failed: " + t));
                } catch (RejectedExecutionException e) {
                    return CompletableFuture.completedFuture(error(run + ": not validated, the tracing was closed"));
                }
            }
        };
    }

    /**
     * The algorithms a column's runs record: {@link #ALGORITHMS} but context ids where the column replaces the
     * allocator (the idup twin's column: a replaced allocator records no steps, and refuses a recorder that asks for
     * them rather than leave its trace empty; the column's other algorithms are still traced).
     */
    static Set<Algorithm> recorded(JobConfig config) {
        if (config.overrides() == null || config.overrides().contextIds() == null) return ALGORITHMS;
        Set<Algorithm> l = EnumSet.copyOf(ALGORITHMS);
        l.remove(Algorithm.CONTEXT_ID);
        return l;
    }

    /**
     * Translates one run's events into its traces and queues them for validation; on a validating thread. The run's
     * verdict completes once each of its traces has one.
     */
    private CompletableFuture<CellTrace> validateRun(String run, Set<Algorithm> algorithms, List<RecordedEvent> events,
                                                     Map<String, Object> facts, JobConfig config) {
        List<TraceModel> models = new ArrayList<>();
        for (Algorithm a : algorithms) {
            try {
                models.addAll(Translators.of(a).models(run, events, facts, config));
            } catch (IllegalArgumentException | IllegalStateException e) {
                return CompletableFuture.completedFuture(
                        error(run + " (" + a.id() + "): cannot translate the trace: " + e.getMessage()));
            }
        }
        if (models.isEmpty()) {
            return CompletableFuture.completedFuture(new CellTrace(CellTrace.Verdict.NO_STEPS, 1, 0, 0, 0, 0, 0,
                    "no step of " + algorithms.stream().map(Algorithm::id).toList() + " recorded", List.of()));
        }
        List<CompletableFuture<TraceVerdict>> verdicts = new ArrayList<>();
        synchronized (pending) {
            for (TraceModel m : models) {
                CompletableFuture<TraceVerdict> f = new CompletableFuture<>();
                pending.computeIfAbsent(m.specFolder(), k -> new ArrayDeque<>()).add(new Pending(m, f));
                verdicts.add(f);
            }
        }
        for (int i = 0; i < models.size(); i++) validators.execute(this::drain);
        return CompletableFuture.allOf(verdicts.toArray(CompletableFuture[]::new))
                .thenApply(x -> summarize(verdicts.stream().map(CompletableFuture::join).toList()));
    }

    /** A trace waiting for TLC, and where its verdict goes. */
    private record Pending(TraceModel model, CompletableFuture<TraceVerdict> verdict) {}

    /**
     * Checks every trace queued for the spec folder with the most of them, in batches ({@link
     * TraceChecker#checkBatched}); nothing if none is queued. One drain is submitted per queued trace, so that a
     * validating thread that comes free takes what accumulated while it was busy: the batches grow with the backlog,
     * and no trace waits for a batch to fill.
     */
    private void drain() {
        String folder = null;
        List<Pending> taken = new ArrayList<>();
        synchronized (pending) {
            for (Map.Entry<String, ArrayDeque<Pending>> e : pending.entrySet()) {
                if (!e.getValue().isEmpty() && (folder == null || e.getValue().size() > pending.get(folder).size())) {
                    folder = e.getKey();
                }
            }
            if (folder == null) return;
            ArrayDeque<Pending> q = pending.get(folder);
            while (!q.isEmpty() && taken.size() < MAX_DRAIN) taken.add(q.poll());
        }
        try {
            List<TraceVerdict> verdicts = checker.checkBatched(taken.stream().map(Pending::model).toList(),
                    session(folder));
            for (int i = 0; i < taken.size(); i++) taken.get(i).verdict().complete(verdicts.get(i));
        } catch (RuntimeException | Error e) {
            for (Pending p : taken) p.verdict().completeExceptionally(e);
            throw e;
        }
    }

    /** Traces one drain takes at most: a few TLC batches. */
    private static final int MAX_DRAIN = 256;

    /** This thread's TLC JVM, for the trace specs of every folder (each run names its folder as TLC's library). */
    private TlcSession session(String folder) {
        TlcSession s = sessions.get();
        if (s == null) {
            s = new TlcSession(checker.specFolder(folder), false);
            sessions.set(s);
            allSessions.add(s);
        }
        return s;
    }

    /** One run's verdicts as its cell trace; writes each rejected trace's page, deletes an accepted one's TLC files. */
    private CellTrace summarize(List<TraceVerdict> verdicts) {
        int rejected = 0;
        int errors = 0;
        int truncated = 0;
        long events = 0;
        double seconds = 0;
        TraceVerdict worst = null;
        List<String> reports = new ArrayList<>();
        for (TraceVerdict v : verdicts) {
            events += v.events();
            seconds += v.tlcSeconds();
            if (!v.truncation().isEmpty()) truncated++;
            switch (v.status()) {
                case REJECTED -> {
                    rejected++;
                    Path page = TraceReports.write(v, auditDir.resolve("trace/rejected"));
                    reports.add(auditDir.relativize(page).toString().replace('\\', '/'));
                }
                case ERROR -> errors++;
                case ACCEPTED -> deleteTree(workDir.resolve(TraceChecker.safe(v.name())));
            }
            if (worst == null || rank(v.status()) > rank(worst.status())) worst = v;
        }
        CellTrace.Verdict verdict = rejected > 0 ? CellTrace.Verdict.REJECTED
                : errors > 0 ? CellTrace.Verdict.ERROR : CellTrace.Verdict.ACCEPTED;
        String summary = verdict == CellTrace.Verdict.ACCEPTED
                ? CellTrace.accepted(verdicts.size(), events)
                        + (truncated == 0 ? "" : " (" + truncated + " up to an event outside its spec)")
                : worst.summary().replaceAll("\\s+", " ").strip();
        return new CellTrace(verdict, 1, verdicts.size(), rejected, errors, events, Math.round(seconds * 10) / 10.0,
                summary, reports);
    }

    private static int rank(TraceVerdict.Status s) {
        return switch (s) {
            case ACCEPTED -> 0;
            case ERROR -> 1;
            case REJECTED -> 2;
        };
    }

    private static CellTrace error(String why) {
        return new CellTrace(CellTrace.Verdict.ERROR, 1, 0, 0, 1, 0, 0, why, List.of());
    }

    private static void deleteTree(Path dir) {
        if (!Files.isDirectory(dir)) return;
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        validators.shutdownNow();
        try {
            validators.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (pending) {
            for (ArrayDeque<Pending> q : pending.values()) {
                for (Pending p; (p = q.poll()) != null; ) {
                    p.verdict().completeExceptionally(new IllegalStateException("not validated, the tracing was closed"));
                }
            }
        }
        for (TlcSession s; (s = allSessions.poll()) != null; ) s.close();
    }
}
