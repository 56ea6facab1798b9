package org.mpiverify.mutate;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.mpiverify.mutate.operators.ConcurrencyMutators;
import org.mpiverify.mutate.pit.MutantKeys;
import org.mpiverify.mutate.pit.MutantRecord;
import org.mpiverify.mutate.pit.PitRun;
import org.mpiverify.mutate.pit.TimeBound;
import org.mpiverify.mutate.report.Diffs;
import org.mpiverify.mutate.report.KillMatrix;
import org.mpiverify.mutate.report.LoadSampler;
import org.mpiverify.mutate.report.MutationScoresFile;
import org.mpiverify.mutate.report.ScoreFile;
import org.mpiverify.mutate.report.Summary;
import org.mpiverify.results.Console;
import org.mpiverify.results.Json;
import org.mpiverify.results.MutationKillMatrixFile;
import org.mpiverify.results.Provenance;
import org.mpiverify.results.Workspace;

/**
 * {@code ./mpiverify mutate [--class C]... [--operator OP]... [--component NAME]... [--sample|--all]
 * [--no-jcstress]} (parsed by {@code cli}): concurrency mutation testing of the core. For each component ({@link Component}),
 * PIT mutates its classes with the concurrency operators (group {@value ConcurrencyMutators#GROUP}) and
 * PIT's own, runs the component's JUnit and Lincheck suites against each mutant in its minion JVMs, and
 * the mutants they leave alive run the component's jcstress tests in jcstress's harness
 * ({@link JcstressStage}). Writes {@code out/mutate/kill-matrix.json}, {@code summary.md} and PIT's HTML
 * report per component ({@code out/mutate/pit/COMPONENT/index.html}). Exit 1 if fewer than
 * {@value #TARGET_PERCENT} % of the non-equivalent mutants were detected or a suite killed a mutant
 * argued equivalent.
 */
public final class MutateCommand {
    public static final int TARGET_PERCENT = 95;
    /**
     * Ours, plus PIT's operators that model concurrency faults: a dropped call (an unlock, an unpark, a
     * reset, a re-interrupt), a dropped guard (the check of a check-then-act), a forced result of a
     * try-style method. PIT's arithmetic, boundary and value-return operators model data bugs, not
     * concurrency; {@code --operator DEFAULTS} adds them.
     */
    public static final List<String> DEFAULT_OPERATORS = List.of(ConcurrencyMutators.GROUP, "VOID_METHOD_CALLS",
            "REMOVE_CONDITIONALS_EQUAL_ELSE", "REMOVE_CONDITIONALS_ORDER_ELSE", "TRUE_RETURNS", "FALSE_RETURNS");
    /**
     * The operators of the fixed sample of {@code mvn verify} (the mutants listed in {@link #SAMPLE_FILE}):
     * ours (only the listed mutants run, so VOLATILE_TO_PLAIN costs only the one jcstress kill listed).
     */
    public static final List<String> SAMPLE_OPERATORS = List.of("REMOVE_LOCK", "SPLIT_CRITICAL_SECTION",
            "SHIFT_CRITICAL_SECTION", "SHRINK_CRITICAL_SECTION", "SWAP_LOCK_ORDER", "CAS_TO_PLAIN", "REMOVE_WAKEUP",
            "VOLATILE_TO_PLAIN", "REORDER_HANDOFF", "REMOVE_RECHECK", "UPDATE_ON_ONE_PATH", "HOIST_READ_FROM_SECTION",
            "CHECK_THEN_ACT_SPLIT");
    /**
     * The fixed sample, relative to the repository: stable keys of known mutants, one a line ({@code #}
     * starts a comment line), each of which the suites must kill. Only their components run.
     */
    public static final String SAMPLE_FILE = "mutate/sample-mutants.txt";
    static final List<String> MINION_JVM_ARGS = List.of("-Xss4m", "-Xmx1g", "-XX:+UseParallelGC",
            "-XX:+EnableDynamicAgentLoading", "-Djdk.attach.allowAttachSelf=true",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports", "java.base/jdk.internal.util=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED");

    /**
     * What to run; an unknown component is an {@link IllegalArgumentException} naming the option.
     *
     * @param classes    classes to mutate: simple names, FQNs or package globs (empty: every class of the components)
     * @param operators  operators or PIT groups (empty: {@link #DEFAULT_OPERATORS}, with {@code sample}
     *                   {@link #SAMPLE_OPERATORS})
     * @param components components by name (empty: every one)
     * @param sample     only the fixed sample of {@code mvn verify} ({@link #SAMPLE_FILE})
     * @param jcstress   run the jcstress stage on the survivors
     * @param race       run the race detector's stage on the survivors
     * @param out        output folder (null: {@code out/mutate/})
     * @param verbose    PIT's own log
     * @param record     write each component's score into {@link ScoreFile#FILE} and its table into
     *                   {@link ScoreFile#PAGE}: only for every mutant with the default operators
     */
    public record Options(List<String> classes, List<String> operators, List<String> components, boolean sample,
                          boolean jcstress, boolean race, Path out, boolean verbose, boolean record) {
        public Options {
            if (record && (sample || !classes.isEmpty() || !(operators.isEmpty() || operators.equals(DEFAULT_OPERATORS))
                    || !jcstress || !race)) {
                throw new IllegalArgumentException("--record records whole components: every mutant with the default "
                        + "operators and every stage (not with --sample, --class, --operator, --no-jcstress or --no-race)");
            }
            for (String c : components) {
                if (Component.all().stream().noneMatch(x -> x.name().equals(c))) {
                    throw new IllegalArgumentException("--component must be one of "
                            + Component.all().stream().map(Component::name).toList() + ", not '" + c + "'");
                }
            }
            classes = List.copyOf(classes);
            operators = operators.isEmpty() ? (sample ? SAMPLE_OPERATORS : DEFAULT_OPERATORS) : List.copyOf(operators);
            components = List.copyOf(components);
            out = out == null ? Workspace.outputDir().resolve("mutate") : out.toAbsolutePath().normalize();
        }

        /** Options that record nothing. */
        public Options(List<String> classes, List<String> operators, List<String> components, boolean sample,
                       boolean jcstress, boolean race, Path out, boolean verbose) {
            this(classes, operators, components, sample, jcstress, race, out, verbose, false);
        }
    }

    /** The result: the matrix and where it was written. */
    public record Outcome(KillMatrix matrix, Path json, Path markdown, List<String> failed) {
    }

    private MutateCommand() {}

    /** The component names {@code --component} takes. */
    public static List<String> componentNames() {
        return Component.all().stream().map(Component::name).toList();
    }

    /** Runs, prints the rates; exit code 0 if the target is met and no claim of equivalence is wrong, else 1. */
    public static int run(Options o, Console console) throws Exception {
        PrintStream out = console.out();
        PrintStream err = console.err();
        Outcome r = execute(o, out);
        KillMatrix k = r.matrix();
        if (!r.failed().isEmpty()) {
            err.println("mutate: component(s) failed, their mutants are missing: " + r.failed());
        }
        out.printf("mutate: %d of %d non-equivalent mutants detected (%.1f %%; %.1f %% of those observable on x86-64), "
                        + "%d argued equivalent, %d survived; %s%n", k.detected(), k.nonEquivalent(), 100 * k.killRate(),
                100 * k.observableRate(), k.mutants().size() - k.nonEquivalent(), k.survivors().size(), r.markdown());
        if (!k.wrongClaims().isEmpty()) {
            err.println("mutate: a suite killed " + k.wrongClaims().size() + " mutant(s) argued equivalent: fix the claims");
            return 1;
        }
        return 100 * k.killRate() >= TARGET_PERCENT && r.failed().isEmpty() ? 0 : 1;
    }

    /** The keys of the fixed sample: the non-blank lines of the file that are not comments. */
    public static List<String> sampleKeys(Path file) throws IOException {
        return Files.readAllLines(file).stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }

    /** The class a stable key names (before its {@code #}). */
    static String classOf(String key) {
        return key.substring(0, key.indexOf('#'));
    }

    public static Outcome execute(Options o, PrintStream log) throws Exception {
        Path root = Workspace.root();
        Path work = o.out().resolve("work");
        Files.createDirectories(work);
        Map<String, Equivalents.Claim> claims = Equivalents.read(root.resolve(Equivalents.FILE)).byKey();
        List<String> listed = o.sample() ? sampleKeys(root.resolve(SAMPLE_FILE)) : null;
        SuiteClassPath cp = SuiteClassPath.of(work.resolve("classes"));
        Instant start = Instant.now();
        LoadSampler load = new LoadSampler();
        Map<String, Long> componentSeconds = new LinkedHashMap<>();
        List<KillMatrix.Entry> entries = new ArrayList<>();
        Map<String, List<String[]>> lincheckForked = new LinkedHashMap<>();
        Map<String, List<String[]>> childJvmTests = new LinkedHashMap<>();
        List<String> failed = new ArrayList<>();
        for (Component c : Component.all()) {
            if (!o.components().isEmpty() && !o.components().contains(c.name())) continue;
            List<String> classes = Selection.classes(c, o.classes());
            List<String> only = null;
            if (listed != null) {
                only = listed.stream().filter(k -> c.mutates(classOf(k))).toList();
                classes = only.stream().map(MutateCommand::classOf).distinct().toList();
            }
            if (classes.isEmpty()) continue;
            Instant componentStart = Instant.now();
            log.println("mutate: " + c.name() + ": " + classes + " with " + o.operators()
                    + (only != null ? " (sample: " + only.size() + " listed mutants)" : ""));
            Path rec = work.resolve(c.name());
            // PIT learns which JUnit tests cover a mutant from a coverage run; the Lincheck suites are not
            // in that run (their model checker drops PIT's probes, and they are the slow part): they run
            // against every mutant the JUnit tests left alive (SuiteTestPrioritiserFactory).
            List<String> tests = new ArrayList<>(c.junit());
            Path always = work.resolve(c.name() + ".lincheck-tests");
            List<String[]> stress = new ArrayList<>();
            List<String[]> forked = new ArrayList<>();
            for (String t : SuiteTests.find(cp.testRoots(), c.lincheck())) {
                String cls = t.substring(0, t.indexOf(".[engine:"));
                String reach = String.join(",", SuiteTests.reachable(cls));
                // Lincheck's stress runs see PIT's swapped-in mutant; its model checker does not (see
                // ForkedSuiteStage): model checking runs in the forked stage.
                if (t.contains("[method:stress()]")) stress.add(new String[] {t, reach});
                else forked.add(new String[] {t.substring(t.indexOf(".[engine:") + 1), reach});
            }
            lincheckForked.put(c.name(), forked);
            // A JUnit test that starts a child JVM tests, in PIT's minion, the original class (the child loads
            // the class file): it runs again in the forked JUnit stage, where the child loads the mutant.
            List<String[]> children = new ArrayList<>();
            for (String t : SuiteTests.find(cp.testRoots(), c.junit())) {
                String cls = t.substring(0, t.indexOf(".[engine:"));
                if (SuiteTests.startsChildJvm(cls)) {
                    children.add(new String[] {t.substring(t.indexOf(".[engine:") + 1), String.join(",", SuiteTests.reachable(cls))});
                }
            }
            childJvmTests.put(c.name(), children);
            // An unfinished run of the same code and options resumes: its records and verdicts stay (ComponentRun).
            ComponentRun run = ComponentRun.open(rec, ComponentRun.fingerprint(String.join("\n", o.operators().toString(),
                    classes.toString(), c.toString(), String.valueOf(only), tests.toString(),
                    stress.stream().map(s -> s[0]).toList().toString(), o.jcstress() + " " + o.race()), ours(cp)));
            Set<String> pitDone = run.pitDone();
            if (run.resumed()) {
                log.println("mutate: " + c.name() + ": resuming an unfinished run (" + pitDone.size() + " mutant(s) recorded by PIT"
                        + (run.pitFinished() ? ", PIT finished" : "") + ")");
            }
            Path selection = Selection.write(work.resolve(c.name() + ".selection"), c, only, work, pitDone);
            // the minions run in impl/, where surefire runs the JUnit suites (some read ../specs/)
            try {
                if (!run.pitFinished()) {
                    // PIT bounds each stress test by its time on the unmutated code, as it bounds the covering tests
                    // (not for the sample of mvn verify, whose listed mutants are killed: the fork would cost it a minute)
                    List<String> lines = new ArrayList<>();
                    Map<String, Long> times = stress.isEmpty() || o.sample() ? Map.of() : new ForkedSuiteStage(work, "Baseline",
                            Duration.ofMinutes(10), MINION_JVM_ARGS, root.resolve("impl")).times(c.name() + "-stress",
                            stress.stream().map(s -> s[0].substring(s[0].indexOf(".[engine:") + 1)).toList());
                    for (String[] s : stress) {
                        Long ms = times.get(s[0].substring(s[0].indexOf(".[engine:") + 1));
                        lines.add(s[0] + "\t" + s[1] + (ms == null ? "" : "\t" + ms));
                    }
                    Files.write(always, lines);
                    TimeBound bound = TimeBound.now();
                    log.println("mutate: " + c.name() + ": PIT's bound per test " + bound.factor() + " x its time + "
                            + bound.constantMillis() / 1000 + " s (load " + Arrays.toString(TimeBound.loadAverages())
                            + "); stress tests measured " + times.values() + " ms");
                    new PitRun(classes, tests, o.operators(), cp.entries(), cp.codePaths(), List.of(root.resolve("impl/src/main/java")),
                            o.out().resolve("pit").resolve(c.name()), rec, selection, always, bound, MINION_JVM_ARGS,
                            root.resolve("impl"), o.verbose(), run.resumed()).execute();
                    run.markPitFinished();
                }
            } catch (RuntimeException e) {
                // one component's failure (a suite red without mutation, say) must not lose the others' results;
                // its records so far stay on disk, and the next run of it resumes there
                log.println("mutate: " + c.name() + " failed, its mutants are not in the matrix: " + e);
                failed.add(c.name() + ": " + e.getMessage());
                continue;
            }
            JcstressStage stage = new JcstressStage(work, Duration.ofMinutes(6));
            ForkedSuiteStage lincheck = ForkedSuiteStage.lincheck(work, Duration.ofMinutes(10), MINION_JVM_ARGS);
            ForkedSuiteStage junit = ForkedSuiteStage.childJvmTests(work, Duration.ofMinutes(5), MINION_JVM_ARGS,
                    root.resolve("impl"));
            RaceStage race = new RaceStage(work, Duration.ofMinutes(5));
            for (MutantRecord r : Selection.records(rec.resolve(ComponentRun.RESULTS))) {
                Equivalents.Claim argued = claims.get(orEmpty(r.key()));
                String claim = argued == null ? null : argued.kind() + ": " + argued.text();
                KillMatrix.Entry e = run.decided(orEmpty(r.key()), claim);
                if (e == null) {
                    e = entry(c, r, claims, junit, childJvmTests.get(c.name()), lincheck,
                            lincheckForked.get(c.name()), stage, race, o, rec, root, log);
                    run.decide(e, claim);
                }
                entries.add(e);
            }
            run.finish();
            componentSeconds.put(c.name(), Duration.between(componentStart, Instant.now()).toSeconds());
        }
        KillMatrix k = new KillMatrix(entries);
        String mode = o.sample() ? "sample (the " + listed.size() + " mutants of " + SAMPLE_FILE + ")" : "all";
        MutationKillMatrixFile.LoadAverage sampled = load.summary();
        load.close();
        MutationKillMatrixFile file = new MutationKillMatrixFile("mpiverify mutate", Provenance.now(root,
                Map.of("pitest", "1.30.1", "jcstress", "0.16", "lincheck", "3.7")), Instant.now().toString(), mode,
                o.operators(), o.classes(), Duration.between(start, Instant.now()).toSeconds(), failed, TARGET_PERCENT,
                sampled, k.totals(), k.entries());
        Files.createDirectories(o.out());
        Path json = o.out().resolve("kill-matrix.json");
        file.write(json);
        Path md = o.out().resolve("summary.md");
        Files.writeString(md, Summary.markdown(k, "Mutation testing of the core's concurrent classes",
                "Generated " + file.generated() + ", mode " + file.mode() + ", operators " + o.operators()
                        + ", " + file.wallSeconds() + " s."));
        if (o.record()) {
            List<MutationScoresFile.Component> scores = new ArrayList<>();
            for (Map.Entry<String, Long> c : componentSeconds.entrySet()) {
                scores.add(ScoreFile.entry(file, c.getKey(), c.getValue(), new KillMatrix(entries.stream()
                        .filter(e -> e.component().equals(c.getKey())).toList())));
            }
            ScoreFile.record(root, scores, TARGET_PERCENT);
            log.println("mutate: recorded " + componentSeconds.keySet() + " in " + ScoreFile.FILE + " and " + ScoreFile.PAGE);
        }
        return new Outcome(k, json, md, failed);
    }

    /** Our own class folders and jars on the suites' class path: the code and tests a run's verdicts depend on. */
    private static List<Path> ours(SuiteClassPath cp) {
        return cp.entries().stream().map(Path::of).filter(p -> Files.isDirectory(p)
                || p.getFileName().toString().startsWith("mpiverify-")).toList();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    /** The tests of {@code tests} ({unique id, classes it reaches}) that reach {@code outer}. */
    static List<String> reaching(List<String[]> tests, String outer) {
        List<String> out = new ArrayList<>();
        for (String[] t : tests == null ? List.<String[]>of() : tests) {
            if (Set.of(t[1].split(",")).contains(outer)) out.add(t[0]);
        }
        return out;
    }

    /** True if the mutant's class file (beside its original) differs from it only in code that runs with a recorder. */
    static boolean recordingOnly(Path mutant, Path original) throws IOException {
        return Files.isRegularFile(mutant) && Files.isRegularFile(original)
                && RecordingCode.changesOnlyRecordingCode(Files.readAllBytes(original), Files.readAllBytes(mutant));
    }

    /** The tests that can see a mutant: those that can create a trace recorder if it changes only recording code. */
    static List<String> cut(boolean recordingOnly, List<String> tests) {
        return recordingOnly ? RecordingCode.attaching(tests) : tests;
    }

    private static KillMatrix.Entry entry(Component c, MutantRecord r, Map<String, Equivalents.Claim> claims,
                                          ForkedSuiteStage junit, List<String[]> childJvmTests, ForkedSuiteStage lincheck, List<String[]> lincheckTests, JcstressStage stage,
                                          RaceStage race, Options o, Path rec, Path root, PrintStream log) throws IOException, InterruptedException {
        String key = orEmpty(r.key());
        String status = orEmpty(r.status());
        String killing = r.killingTest();
        String suite = killing == null ? null : Component.suiteOf(killing);
        String test = killing == null ? null : Selection.testName(killing);
        long millis = r.millis();
        String timeSource = "baseline time of the tests run";
        String detail = "PIT: " + status + " after " + r.testsRun() + " test(s)";
        String cls = orEmpty(r.class_());
        Path mutantDir = rec.resolve("mutants").resolve(MutantKeys.fileName(key));
        boolean undetected = status.equals("SURVIVED") || status.equals("NO_COVERAGE");
        String outer = cls.contains("$") ? cls.substring(0, cls.indexOf('$')) : cls;
        // A mutant that changes only code that runs while a trace recorder exists can be seen only by a test that
        // creates one (RecordingCode, from the bytecode of the mutant, the original and the tests).
        Path classFile = Path.of(cls.replace('.', '/') + ".class");
        boolean recordingOnly = undetected && recordingOnly(mutantDir.resolve(classFile), rec.resolve("originals").resolve(classFile));
        if (recordingOnly) detail += "; changes only code that runs with a trace recorder: forked stages run only tests that can create one";
        List<String> forkedJunit = cut(recordingOnly, reaching(childJvmTests, outer));
        if (undetected && !forkedJunit.isEmpty() && Files.isDirectory(mutantDir)) {
            log.println("mutate: JUnit (forked, child JVMs) " + forkedJunit.size() + " test(s) on " + key);
            StageVerdict v = junit.run(key, mutantDir, forkedJunit);
            detail += "; JUnit in a fork (tests that start a child JVM): " + v.status() + " (" + v.detail() + ")";
            millis += v.millis();
            timeSource = "baseline time of the PIT tests run + measured forked time";
            if (!v.status().equals("SURVIVED")) {
                status = v.status();
                suite = "JUnit";
                test = v.killer() == null ? null : Selection.testName(v.killer());
                undetected = false;
            }
        }
        List<String> mc = new ArrayList<>(cut(recordingOnly, reaching(lincheckTests, outer)));
        // The forked run stops at the first failure: the mutated class's own tests first (a stable sort).
        String own = "." + outer.substring(outer.lastIndexOf('.') + 1);   // e.g. ".MatchTable" in ".MatchTableLinearizabilityTest"
        mc.sort(Comparator.comparing(t -> !t.contains(own)));
        // Lincheck's model checker explores sequentially consistent executions only (its documentation says so),
        // where a weakened access mode changes nothing: such a mutant goes on to jcstress.
        boolean weakensOrderOnly = orEmpty(r.operator()).equals("VOLATILE_TO_PLAIN");
        if (undetected && weakensOrderOnly && !mc.isEmpty()) {
            detail += "; Lincheck model checking: not run (sequentially consistent, blind to access modes)";
        }
        if (undetected && !weakensOrderOnly && !mc.isEmpty() && Files.isDirectory(mutantDir)) {
            log.println("mutate: Lincheck " + mc.size() + " test(s) on " + key);
            StageVerdict v = lincheck.run(key, mutantDir, mc);
            detail += "; Lincheck model checking: " + v.status() + " (" + v.detail() + ")";
            millis += v.millis();
            timeSource = "baseline time of the PIT tests run + measured forked time";
            if (!v.status().equals("SURVIVED")) {
                status = v.status();
                suite = "Lincheck";
                test = v.killer() == null ? null : Selection.testName(v.killer());
                undetected = false;
            }
        }
        if (undetected && o.jcstress() && c.jcstress() != null && Files.isDirectory(mutantDir)) {
            List<String> jtests = cut(recordingOnly, JcstressStage.testsUsing(c.jcstress(), cls));
            if (!jtests.isEmpty()) {
                log.println("mutate: jcstress " + jtests.size() + " test(s) on " + key);
                StageVerdict v = stage.run(key, mutantDir, jtests);
                detail += "; jcstress: " + v.status() + " (" + v.detail() + ")";
                millis += v.millis();
                timeSource = "baseline time of the PIT tests run + measured jcstress time";
                if (!v.status().equals("SURVIVED")) {
                    status = v.status().equals("RUN_ERROR") ? "RUN_ERROR" : v.status();
                    suite = "jcstress";
                    test = v.killer();
                }
            }
        }
        // The race detector last: it sees what x86-64 hides (a weakened access mode, a removed lock), but a
        // race is not a changed outcome, so a mutant argued equivalent (a race that cannot change what any
        // caller sees, such as a stale read that only proposes a CAS) does not run it.
        undetected = status.equals("SURVIVED") || status.equals("NO_COVERAGE");
        Equivalents.Claim argued = claims.get(key);
        boolean arguedEquivalent = argued != null && argued.kind() == Equivalents.Kind.EQUIVALENT;
        if (undetected && o.race() && c.race() != null && Files.isDirectory(mutantDir)) {
            List<String> rtests = cut(recordingOnly, RaceStage.tests(c));
            if (arguedEquivalent) {
                detail += "; race detector: not run (argued equivalent)";
            } else if (rtests.isEmpty()) {
                detail += "; race detector: no test can create a recorder";
            } else {
                log.println("mutate: race detector, " + rtests.size() + " test(s) on " + key);
                StageVerdict v = race.run(key, mutantDir, rtests, cls, orEmpty(r.method()));
                detail += "; race detector: " + v.status() + " (" + v.detail() + ")";
                millis += v.millis();
                timeSource = "baseline time of the PIT tests run + measured forked time";
                if (!v.status().equals("SURVIVED")) {
                    status = v.status();
                    suite = RaceStage.SUITE;
                    test = v.killer();
                }
            }
        }
        String claim = argued == null ? null : argued.text();
        boolean detectedNow = !status.equals("SURVIVED") && !status.equals("NO_COVERAGE");
        if (argued != null && argued.kind() == Equivalents.Kind.KNOWN_GAP) {
            detail += "; " + (detectedNow ? "a known gap now closed: " : "") + claim;
            claim = null;
        } else if (argued != null) {
            status = detectedNow ? "CLAIMED_EQUIVALENT_BUT_KILLED"
                    : argued.kind() == Equivalents.Kind.UNOBSERVABLE ? "UNOBSERVABLE" : "EQUIVALENT";
        }
        String sourceDiff = null, bytecodeDiff = null;
        if (!detectedNow) {
            sourceDiff = Diffs.sourceContext(root.resolve("impl/src/main/java"), cls, r.line(),
                    orEmpty(r.description()));
            Path file = Path.of(cls.replace('.', '/') + ".class");
            Path mutant = mutantDir.resolve(file), original = rec.resolve("originals").resolve(file);
            if (Files.isRegularFile(mutant) && Files.isRegularFile(original)) {
                bytecodeDiff = Diffs.bytecode(Files.readAllBytes(original), Files.readAllBytes(mutant),
                        orEmpty(r.method()), orEmpty(r.descriptor()));
            }
        }
        return new KillMatrix.Entry(key, c.name(), orEmpty(r.operator()), cls, orEmpty(r.method()),
                r.line(), orEmpty(r.description()), status, suite, test, millis, timeSource,
                detail, claim, sourceDiff, bytecodeDiff);
    }

    /** Helpers for choosing classes and reading PIT's records. */
    static final class Selection {
        private Selection() {}

        /** The component's class patterns, narrowed to the --class arguments (FQN, simple name or glob) if any. */
        static List<String> classes(Component c, List<String> wanted) {
            if (wanted.isEmpty()) return c.classes();
            List<String> out = new ArrayList<>();
            for (String w : wanted) {
                String fqn = w.contains(".") ? w : null;
                if (fqn == null) {
                    for (String pattern : c.classes()) {
                        if (!pattern.endsWith(".*")) continue;
                        String candidate = pattern.substring(0, pattern.length() - 1) + w;
                        if (MutateCommand.class.getClassLoader().getResource(candidate.replace('.', '/') + ".class") != null) {
                            fqn = candidate;
                        }
                    }
                }
                for (String pattern : c.classes()) {
                    String prefix = pattern.endsWith("*") ? pattern.substring(0, pattern.length() - 1) : pattern;
                    boolean matches = fqn != null ? (pattern.endsWith("*") ? fqn.startsWith(prefix) : fqn.equals(pattern))
                            : (!pattern.endsWith("*") && pattern.endsWith("." + w));
                    if (matches) {
                        String name = fqn != null ? fqn : pattern;
                        if (!out.contains(name)) {
                            out.add(name);
                            out.add(name + "$*");
                        }
                    }
                }
            }
            return out;
        }

        /**
         * The selection of a component's mutants: its methods, only the {@code only} keys if not null, and not the
         * {@code done} keys (recorded by the run this one resumes).
         */
        static Path write(Path file, Component c, List<String> only, Path work, Set<String> done) throws IOException {
            Properties p = new Properties();
            c.methods().forEach((k, v) -> p.setProperty("methods." + k, v));
            if (!done.isEmpty()) {
                Path doneFile = work.resolve(c.name() + ".done-keys");
                Files.write(doneFile, done);
                p.setProperty("done.keys", doneFile.toString());
            }
            if (only != null) {
                Path onlyFile = work.resolve(c.name() + ".only");
                Files.write(onlyFile, only);
                p.setProperty("only.keys", onlyFile.toString());
            }
            try (var w = Files.newBufferedWriter(file)) {
                p.store(w, "mutant selection for " + c.name());
            }
            return file;
        }

        static List<MutantRecord> records(Path jsonl) throws IOException {
            List<MutantRecord> l = new ArrayList<>();
            if (!Files.isRegularFile(jsonl)) return l;
            for (String line : Files.readAllLines(jsonl)) if (!line.isBlank()) l.add(Json.read(line, MutantRecord.class));
            return l;
        }

        /**
         * {@code Class.method()} from PIT's JUnit 5 test name ({@code Class.[engine:...]/[class:...]/[method:m()]})
         * or a JUnit unique id ({@code [engine:...]/[class:...]/[method:m()]}).
         */
        static String testName(String pit) {
            int dot = pit.indexOf(".[engine:");
            int c = pit.indexOf("[class:");
            String cls = dot > 0 ? pit.substring(0, dot) : c >= 0 ? pit.substring(c + 7, pit.indexOf(']', c)) : pit;
            int m = pit.lastIndexOf("[method:");
            if (m < 0) m = pit.lastIndexOf("[test-template:");
            if (m < 0) return cls;
            String method = pit.substring(pit.indexOf(':', m) + 1, pit.indexOf(']', m));
            return cls.substring(cls.lastIndexOf('.') + 1) + "." + method;
        }
    }
}
