package org.mpiverify.trace;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
        return runAll(List.of(o), console).getFirst();
    }

    /**
     * Several trace commands as one, each with its own output folder and verdicts (a test's sample of algorithms and
     * columns, say): every command's runs first, then the short traces of all of them validated together, those of
     * one trace spec several to a TLC run ({@link TraceChecker#checkAllBatched}; one TLC JVM per core for every spec
     * folder); a trace longer than {@link #DEFERRED_EVENTS} events is validated in a TLC JVM of its own as soon
     * as its run has ended (its events are not kept for the end). Commands of the same {@code --window} share the TLC
     * work folder ({@code tlc/} in their output folder, or in the common parent of their output folders).
     *
     * @return each command's exit code, in order, as {@link #run} gives it
     */
    public static List<Integer> runAll(List<Options> commands, Console console) throws Exception {
        PrintStream out = console.out();
        PrintStream err = console.err();
        Path root = Workspace.root();
        List<Command> cs = new ArrayList<>();
        for (Options o : commands) cs.add(Command.of(o, root));
        Map<Integer, TraceChecker> checkers = checkers(cs, root);
        int cores = Runtime.getRuntime().availableProcessors();
        out.printf("%-64s %8s %8s  %s%n", "trace", "events", "TLC", "verdict");
        List<Deferred> deferred = new ArrayList<>();
        Set<String> folders = new HashSet<>();
        for (Command c : cs) {
            Options o = c.options();
            TraceChecker checker = checkers.get(o.window());
            for (Source s : c.sources()) {
                Set<Algorithm> recorded = s.workloadOf() == null ? c.algorithms() : EnumSet.of(s.workloadOf());
                TraceRecorder rec = TraceRecorder.create(recorded, o.stacks());
                JobConfig config = configure(s.config().withContextIdCapacity(o.capacity()), o.variant(), c.twin())
                        .withTrace(rec);
                String problem = s.run(config, out);
                if (problem != null) {
                    c.runProblems().add(s.name() + ": " + problem);
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
                        c.runProblems().add(s.name() + ": " + e.getMessage());
                        continue;
                    }
                    List<TraceModel> prefixes = models.stream().map(m -> TracePrefix.of(m, o.maxEvents())).toList();
                    for (TraceModel m : prefixes) {
                        // every trace its own TLC folder and report page: two of one name would overwrite each other
                        if (!folders.add(checker.folderOf(m).toString())) {
                            throw new IllegalStateException("two traces named " + m.name() + " (" + m.algorithm().id()
                                    + "): they would share " + checker.folderOf(m));
                        }
                    }
                    List<TraceModel> longOnes = new ArrayList<>();
                    List<TraceVerdict[]> longAt = new ArrayList<>();
                    for (TraceModel m : prefixes) {
                        TraceVerdict[] slot = new TraceVerdict[1];
                        c.verdicts().add(slot);
                        if (m.steps().size() <= DEFERRED_EVENTS) {
                            deferred.add(new Deferred(m, slot, c));
                        } else {
                            longOnes.add(m);
                            longAt.add(slot);
                        }
                    }
                    // long traces (one per rank, per table) on the available cores now, each in its own TLC JVM
                    List<TraceVerdict> vs = checker.checkAll(longOnes, cores);
                    for (int j = 0; j < vs.size(); j++) {
                        longAt.get(j)[0] = vs.get(j);
                        print(vs.get(j), c.outDir(), out);
                    }
                }
            }
        }
        // the short traces of every command at once, by window (the batches' Rebase)
        for (Map.Entry<Integer, TraceChecker> e : checkers.entrySet()) {
            List<Deferred> mine = deferred.stream().filter(d -> d.command().options().window() == e.getKey()).toList();
            if (mine.isEmpty()) continue;
            // C1 only, as for each of these traces alone: C2's compiler threads cost more than they save in TLC runs of
            // a few seconds (the quick sample's 16 traces of at most 500 events: 19.3 s of CPU for its six progress
            // traces in two JVMs with C2, 14.1 s in six JVMs with C1 alone, at load 15-20)
            boolean shortRun = mine.stream().allMatch(d -> d.model().steps().size() <= TraceChecker.SHORT_TRACE_EVENTS);
            List<TraceVerdict> vs = e.getValue().checkAllBatched(mine.stream().map(Deferred::model).toList(), cores,
                    shortRun);
            for (int j = 0; j < mine.size(); j++) {
                mine.get(j).slot()[0] = vs.get(j);
                print(vs.get(j), mine.get(j).command().outDir(), out);
            }
        }
        List<Integer> exits = new ArrayList<>();
        for (Command c : cs) exits.add(c.finish(out));
        return exits;
    }

    /**
     * Traces of at most this many events are validated after every command's runs, in the warm TLC JVMs (a JVM's start
     * and TLC's compilation are most of such a trace's time alone); longer ones as soon as their run has ended.
     */
    private static final int DEFERRED_EVENTS = 2_000;

    /** A short trace validated after every command's runs, and where its verdict goes. */
    private record Deferred(TraceModel model, TraceVerdict[] slot, Command command) {}

    /** One checker per {@code --window}, its work folder {@code tlc/} in the commands' output folder or their parent. */
    private static Map<Integer, TraceChecker> checkers(List<Command> cs, Path root) {
        Map<Integer, List<Path>> outs = new LinkedHashMap<>();
        for (Command c : cs) outs.computeIfAbsent(c.options().window(), k -> new ArrayList<>()).add(c.outDir());
        Map<Integer, TraceChecker> checkers = new LinkedHashMap<>();
        outs.forEach((window, dirs) -> {
            Path common = dirs.getFirst();
            for (Path d : dirs) {
                while (!d.startsWith(common)) common = common.getParent();
            }
            checkers.put(window, new TraceChecker(root.resolve("specs"), common.resolve("tlc"), window,
                    Duration.ofMinutes(10)));
        });
        return checkers;
    }

    private static void print(TraceVerdict v, Path outDir, PrintStream out) {
        out.println(v.summary());
        if (v.status() == TraceVerdict.Status.REJECTED) {
            Path md = TraceReports.write(v, outDir.resolve("rejected"));
            out.println("    first bad event, state before it, Java frames: " + md);
        } else if (v.status() == TraceVerdict.Status.ERROR) {
            out.println("    " + v.reason().lines().findFirst().orElse(""));
        }
    }

    /** One command of {@link #runAll}: its options, what it runs, and its verdicts (in its traces' order). */
    private record Command(Options options, Set<Algorithm> algorithms, TraceTwin twin, Path outDir, List<Source> sources,
                           List<TraceVerdict[]> verdicts, List<String> runProblems) {
        static Command of(Options o, Path root) throws IOException {
            Set<Algorithm> algorithms = o.algorithms().isEmpty() ? EnumSet.copyOf(checkable()) : o.algorithms();
            for (Algorithm a : algorithms) {
                if (Translators.of(a) == null) {
                    throw new IllegalArgumentException("no trace spec for " + a.id() + " yet; one of "
                            + checkable().stream().map(Algorithm::id).toList());
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
            Path outDir = o.out() != null ? o.out() : Workspace.outputDir(root).resolve("trace");
            Files.createDirectories(outDir);
            return new Command(o, algorithms, twin, outDir, TraceCommand.sources(o, algorithms), new ArrayList<>(),
                    new ArrayList<>());
        }

        /** Writes the results and the JUnit report; the exit code. */
        int finish(PrintStream out) {
            List<TraceVerdict> all = verdicts.stream().map(v -> v[0]).toList();
            writeResults(outDir.resolve("results.json"), all, options.variant(), runProblems);
            TraceJUnitReport.write(outDir.resolve(JUNIT_REPORT), all, twin == null ? null : twin.name());
            long accepted = all.stream().filter(v -> v.status() == TraceVerdict.Status.ACCEPTED).count();
            long rejected = all.stream().filter(v -> v.status() == TraceVerdict.Status.REJECTED).count();
            long errors = all.size() - accepted - rejected;
            out.printf("%d traces: %d accepted, %d rejected, %d errors; results in %s (JUnit XML: %s)%n", all.size(),
                    accepted, rejected, errors, outDir.resolve("results.json"), outDir.resolve(JUNIT_REPORT));
            if (twin != null) {
                if (rejected == 0) {
                    out.println("the twin " + twin.name() + " was not caught: no trace rejected (its race may not have"
                            + " happened in these runs: run more)");
                    return 1;
                }
                return errors == 0 ? 0 : 1;
            }
            return rejected == 0 && errors == 0 && runProblems.isEmpty() && !all.isEmpty() ? 0 : 1;
        }
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
