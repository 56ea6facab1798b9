package org.mpiverify.trace;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import org.mpiverify.audit.run.AuditColumn;
import org.mpiverify.audit.run.AuditRunner;
import org.mpiverify.audit.run.CoreColumns;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.core.contextid.ContextIdAlgorithm;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.demo.Demo;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Console;
import org.mpiverify.results.Provenance;
import org.mpiverify.results.TraceResultsFile;
import org.mpiverify.results.Workspace;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceTwin;

/**
 * {@code ./mpiverify trace}: runs the core with recording on (audit scenarios, or the demo ({@link Demo})), validates every
 * recorded trace with TLC against its algorithm's trace spec, and prints per trace its events, TLC time and
 * ACCEPTED or REJECTED. A rejected trace gets a Markdown step table and a sequence diagram
 * ({@link TraceReports}); {@code results.json} holds every verdict for the dashboard, and
 * {@code junit/TEST-mpiverify-trace.xml} the same as a JUnit report ({@link TraceJUnitReport}: a rejected trace is a
 * failing test case, for CI servers and IDEs).
 *
 * <p>Exit code: 0 when every trace of the core is accepted (and, for a known-bad twin, when at least one of
 * its traces is rejected); 1 otherwise; a usage error is thrown as {@link IllegalArgumentException}.
 */
public final class TraceCommand {
    /** The verdicts as a JUnit XML report ({@link TraceJUnitReport}), under the output folder. */
    public static final String JUNIT_REPORT = "junit/TEST-mpiverify-trace.xml";

    /**
     * @param scenarios  audit scenario ids (empty with {@code demo}: none)
     * @param demo       trace the demo job
     * @param algorithms the algorithms to record and check (empty: every one with a trace spec)
     * @param variant    a context-id algorithm, a matching engine or a twin's name ({@link TraceTwins}); null: the core
     * @param columns    core columns {@code GRANULARITY/ENGINE}; empty: every safe one for scenarios, the
     *                   default column for the demo
     * @param window     events per TLC run (for a trace read as data: per history window of its one run)
     * @param out        output folder (null: {@code out/trace/})
     * @param stacks     record each event's Java frames (shown for a rejected trace's first bad event)
     * @param capacity   context ids per rank (the job's mask): TLC's states hold every mask and offer as a set
     *                   of ids, so its time per event grows with it (1024, the core's default, is about 3x
     *                   slower than 64)
     * @param maxEvents  validate only the first this many events of each trace (0: all), a quick check
     * @param workload   also run each algorithm's own workload ({@link TraceWorkload}), or null
     */
    public record Options(List<String> scenarios, boolean demo, Set<Algorithm> algorithms, String variant,
                          List<String> columns, int window, Path out, boolean stacks, int capacity,
                          int maxEvents, Workload workload) {
        public Options {
            scenarios = List.copyOf(scenarios);
            algorithms = algorithms.isEmpty() ? EnumSet.noneOf(Algorithm.class) : EnumSet.copyOf(algorithms);
            columns = List.copyOf(columns);
            if (scenarios.isEmpty() && !demo && workload == null) {
                throw new IllegalArgumentException("give --scenario ID, --demo or --workload");
            }
            if (window < 1) throw new IllegalArgumentException("--window must be at least 1");
            if (out != null) out = out.toAbsolutePath().normalize();
        }
    }

    /** {@code --workload}: each algorithm's own workload on {@code ranks} ranks of {@code threads} threads. */
    public record Workload(int ranks, int threads, int events) {
        public Workload {
            if (ranks < 2 || threads < 1 || events < 1) {
                throw new IllegalArgumentException("a workload needs 2+ ranks, 1+ threads and 1+ events");
            }
        }

        /** {@code RxTxE}: ranks, threads per rank, events, e.g. {@code 4x4x10000}. */
        public static Workload parse(String s) {
            String[] p = s.toLowerCase(Locale.ROOT).split("x");
            try {
                if (p.length != 3) throw new NumberFormatException();
                return new Workload(Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2]));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--workload is RANKSxTHREADSxEVENTS, e.g. 4x4x10000, not " + s);
            }
        }
    }

    /** The demo job {@code --demo} traces: 3 ranks (its sources' configuration), 4 threads per rank, 20 messages. */
    private static final int DEMO_THREADS = 4;
    private static final int DEMO_MESSAGES = 20;

    private TraceCommand() {}

    /** The algorithms that have a trace spec, in order. */
    public static List<Algorithm> checkable() {
        List<Algorithm> l = new ArrayList<>();
        for (Algorithm a : Algorithm.values()) if (Translators.of(a) != null) l.add(a);
        return l;
    }

    public static int run(Options o, Console console) throws Exception {
        PrintStream out = console.out();
        PrintStream err = console.err();
        Set<Algorithm> algorithms = o.algorithms().isEmpty() ? EnumSet.copyOf(checkable()) : o.algorithms();
        for (Algorithm a : algorithms) {
            if (Translators.of(a) == null) {
                throw new IllegalArgumentException("no trace spec for " + a.id() + " yet; one of " + checkable().stream()
                        .map(Algorithm::id).toList());
            }
        }
        TraceTwin twin = o.variant() == null ? null : TraceTwins.byName(o.variant());
        if (twin != null && (twin.algorithm() == Algorithm.COMPLETION || twin.algorithm() == Algorithm.PROGRESS)
                && (!o.scenarios().isEmpty() || o.demo())) {
            // RequestState extends Completion, and a rank's engine is a field of the rank: a job cannot swap in
            // these twins, only their drivers run them
            throw new IllegalArgumentException("the twin " + twin.name() + " runs only with --workload"
                    + " (--algorithm " + twin.algorithm().id() + "): a job's component cannot be swapped for it");
        }
        Path root = Workspace.root();
        Path outDir = o.out() != null ? o.out() : Workspace.outputDir(root).resolve("trace");
        Files.createDirectories(outDir);
        TraceChecker checker = new TraceChecker(root.resolve("specs"), outDir.resolve("tlc"), o.window(),
                Duration.ofMinutes(10));
        List<TraceVerdict> verdicts = new ArrayList<>();
        List<String> runProblems = new ArrayList<>();
        List<Source> sources = sources(o, algorithms);
        out.printf("%-64s %8s %8s  %s%n", "trace", "events", "TLC", "verdict");
        for (Source s : sources) {
            Set<Algorithm> recorded = s.workloadOf() == null ? algorithms : EnumSet.of(s.workloadOf());
            TraceRecorder rec = TraceRecorder.create(recorded, o.stacks());
            JobConfig config = configure(s.config().withContextIdCapacity(o.capacity()), o.variant(), twin).withTrace(rec);
            String problem = s.run(config, out);
            if (problem != null) {
                runProblems.add(s.name() + ": " + problem);
                err.println("  " + s.name() + ": the run itself went wrong (" + problem
                        + "); its trace is checked up to where it ends");
            }
            List<RecordedEvent> events = rec.events();
            for (Algorithm a : recorded) {
                List<TraceModel> models;
                try {
                    models = Translators.of(a).models(s.name(), events, rec.facts(), config);
                } catch (IllegalArgumentException | IllegalStateException e) {
                    err.println("  " + s.name() + " (" + a.id() + "): cannot translate the trace: " + e.getMessage());
                    runProblems.add(s.name() + ": " + e.getMessage());
                    continue;
                }
                // independent traces (one per rank, per table) on the available cores, each in its own TLC JVM
                List<TraceModel> prefixes = models.stream().map(m -> TracePrefix.of(m, o.maxEvents())).toList();
                for (TraceVerdict v : checker.checkAll(prefixes, Runtime.getRuntime().availableProcessors())) {
                    verdicts.add(v);
                    out.println(v.summary());
                    if (v.status() == TraceVerdict.Status.REJECTED) {
                        Path md = TraceReports.write(v, outDir.resolve("rejected"));
                        out.println("    first bad event, state before it, Java frames: " + md);
                    } else if (v.status() == TraceVerdict.Status.ERROR) {
                        out.println("    " + v.reason().lines().findFirst().orElse(""));
                    }
                }
            }
        }
        writeResults(outDir.resolve("results.json"), verdicts, o.variant(), runProblems);
        TraceJUnitReport.write(outDir.resolve(JUNIT_REPORT), verdicts, twin == null ? null : twin.name());
        long accepted = verdicts.stream().filter(v -> v.status() == TraceVerdict.Status.ACCEPTED).count();
        long rejected = verdicts.stream().filter(v -> v.status() == TraceVerdict.Status.REJECTED).count();
        long errors = verdicts.size() - accepted - rejected;
        out.printf("%d traces: %d accepted, %d rejected, %d errors; results in %s (JUnit XML: %s)%n", verdicts.size(),
                accepted, rejected, errors, outDir.resolve("results.json"), outDir.resolve(JUNIT_REPORT));
        if (twin != null) {
            if (rejected == 0) {
                out.println("the twin " + twin.name() + " was not caught: no trace rejected (its race may not have"
                        + " happened in these runs: run more)");
                return 1;
            }
            return errors == 0 ? 0 : 1;
        }
        return rejected == 0 && errors == 0 && runProblems.isEmpty() && !verdicts.isEmpty() ? 0 : 1;
    }

    /** One run to trace: an audit scenario, the demo, or an algorithm's workload, on a column. */
    private record Source(String name, JobConfig config, Scenario scenario, Algorithm workloadOf, Workload workload) {
        /** Runs it; null if it went right, else what went wrong. */
        String run(JobConfig config, PrintStream out) throws Exception {
            if (workloadOf != null) {
                JobResult r = Translators.workload(workloadOf).run(config, workload.threads(), workload.events(),
                        Duration.ofMinutes(5));
                return r.ok() ? null : r.describe();
            }
            if (scenario == null) {
                return Demo.run(config, DEMO_THREADS, DEMO_MESSAGES, out) == 0 ? null : "the demo failed";
            }
            Verdict v = AuditRunner.runOnce(new CoreTarget(name, config), scenario);
            return switch (v.outcome()) {
                case PASS, HAZARD -> null;
                default -> v.outcome() + ": " + v.summary();
            };
        }
    }

    private static List<Source> sources(Options o, Set<Algorithm> algorithms) {
        List<Source> l = new ArrayList<>();
        List<String> columns = o.columns();
        if (columns.isEmpty()) {
            columns = new ArrayList<>();
            if (o.scenarios().isEmpty()) {
                columns.add(Granularity.PER_OBJECT + "/" + MatchingKind.QUEUES);
            } else {
                columns.addAll(safeColumns());
            }
        }
        for (String column : columns) {
            JobConfig base = column(column);
            if (o.demo()) l.add(new Source("demo/" + column, base.withRanks(3), null, null, null));
            for (String id : o.scenarios()) {
                Scenario s;
                try {
                    s = ScenarioCatalog.byId(id);
                } catch (NoSuchElementException e) {
                    throw new IllegalArgumentException(e.getMessage());   // a usage error, before anything runs
                }
                l.add(new Source(id + "/" + column, base.withRanks(s.ranks()), s, null, null));
            }
            if (o.workload() != null) {
                Workload w = o.workload();
                for (Algorithm a : algorithms) {
                    if (Translators.workload(a) == null) continue;
                    l.add(new Source("workload-" + a.id() + "-" + w.ranks() + "x" + w.threads() + "/" + column,
                            base.withRanks(w.ranks()), null, a, w));
                }
            }
        }
        return l;
    }

    /**
     * The audit's safe core columns on the JDK's threads ({@code GRANULARITY/ENGINE}), in its order; the column on
     * the bit-vector scheduler is not traced.
     */
    public static List<String> safeColumns() {
        return CoreColumns.configurations(false).stream().filter(c -> !c.unsafe() && !CoreColumns.isBitVectorScheduler(c))
                .map(AuditColumn::name).toList();
    }

    /** {@code GRANULARITY/ENGINE}, e.g. {@code PER_OBJECT/HASH_TABLE}. */
    static JobConfig column(String column) {
        String[] p = column.split("/");
        if (p.length != 2) throw new IllegalArgumentException("a column is GRANULARITY/ENGINE, not " + column);
        Granularity g;
        MatchingKind m;
        try {
            g = Granularity.valueOf(p[0].toUpperCase(Locale.ROOT));
            m = MatchingKind.valueOf(p[1].toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown column " + column + ": granularities "
                    + List.of(Granularity.values()) + ", engines " + List.of(MatchingKind.values()));
        }
        if (g.isExperimental()) throw new IllegalArgumentException(g + " is an unsafe granularity; trace a safe column");
        return JobConfig.of(1).withGranularity(g).withMatching(m);
    }

    /** The job's configuration with {@code --variant}: a context-id algorithm, an engine or a twin. */
    static JobConfig configure(JobConfig c, String variant, TraceTwin twin) {
        if (variant == null) return c;
        if (twin != null) return twin.apply(c);
        for (ContextIdAlgorithm a : ContextIdAlgorithm.values()) {
            if (a.name().equalsIgnoreCase(variant)) return c.withExperimental(a.isExperimental()).withContextIds(a);
        }
        for (MatchingKind m : MatchingKind.values()) {
            if (m.name().equalsIgnoreCase(variant)) return c.withMatching(m);
        }
        throw new IllegalArgumentException("no variant " + variant + ": a context-id algorithm "
                + List.of(ContextIdAlgorithm.values()) + ", an engine " + List.of(MatchingKind.values())
                + " or a twin " + TraceTwins.names());
    }

    /**
     * Writes {@code verdicts} as {@code file} (the dashboard reads {@code out/trace/results.json} and
     * {@code out/trace/<folder>/results.json}); {@code variant} is what the traces were taken from (null: the core).
     */
    public static void writeResults(Path file, List<TraceVerdict> verdicts, String variant, List<String> runProblems) {
        List<TraceResultsFile.Trace> traces = new ArrayList<>();
        for (TraceVerdict v : verdicts) {
            traces.add(new TraceResultsFile.Trace(v.name(), v.algorithm().id(), v.variant(),
                    TraceTwins.byName(v.variant()) != null, "specs/" + v.specModule() + ".tla", v.status().name(),
                    v.events(), v.windows(), v.tlcSeconds(), Math.round(v.eventsPerSecond() * 10) / 10.0, v.firstBad(),
                    v.reason(), v.status() == TraceVerdict.Status.REJECTED
                            ? "rejected/" + TraceChecker.safe(v.name()) + ".md" : null,
                    v.truncation()));
        }
        try {
            new TraceResultsFile(Provenance.now(Workspace.root(), Map.of()), variant == null ? "core" : variant,
                    runProblems, traces).write(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
