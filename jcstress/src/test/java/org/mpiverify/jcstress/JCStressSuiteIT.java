package org.mpiverify.jcstress;

import org.mpiverify.results.JcstressSummaryFile;
import org.mpiverify.results.Workspace;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.mpiverify.results.Provenance;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.infra.Status;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.grading.GradingResult;
import org.openjdk.jcstress.infra.grading.TestGrading;

/**
 * The meta-test of the jcstress suite: runs every test of {@code target/jcstress.jar} in a forked JVM
 * (with a deadline; on timeout it prints thread dumps of the jcstress processes and the tail of their
 * output), reads the binary result file jcstress writes, and fails unless
 * <ul>
 *   <li>every known-bad twin ({@code *BrokenTwin}) shows at least one sample of a FORBIDDEN outcome
 *       (so no check passes vacuously), and</li>
 *   <li>every good test shows none, and no test ends in an error.</li>
 * </ul>
 * A twin the quick budget leaves uncaught runs once more with {@link #RETRY_ARGS}, its samples added to
 * the first run's. A Termination-mode twin is caught only once the JIT has compiled its spin loop, which
 * happens in some runs and not others: a twin of the event count's park loop (since moved to a JUnit check) showed
 * 2 forbidden outcomes in about 300 samples in two quick runs on 2026-11-22, and none in a run with a 40x smaller
 * budget, which the second run then caught (2 of 4,365). Good tests run once.
 * It writes {@code jcstress/summary.json} (test, outcomes, samples, verdict) and copies jcstress's HTML
 * report to {@code jcstress/html/} under the output folder: system property {@code mpiverify.out}, or
 * {@code out/} in the nearest parent directory that holds the {@code mpiverify} launcher.
 *
 * <p>Budget: see {@link #QUICK_ARGS} (about 3.5 s per test on two cores) and {@link #FULL_ARGS}
 * ({@code -Pfull}, i.e. {@code mpiverify.full=true}). {@code -Dmpiverify.jcstress.tests=REGEX} selects
 * tests, {@code -Dmpiverify.jcstress.args="..."} replaces the jcstress options.
 */
class JCStressSuiteIT {
    private static final Duration QUICK_DEADLINE = Duration.ofMinutes(8);
    private static final Duration FULL_DEADLINE = Duration.ofMinutes(110);
    /**
     * mvn verify: one fork in one JVM configuration, the default tiered compilation that users run (C2 compiles
     * the actors within the first iteration), no C2 stress forks, 2 x 200 ms: about 3.5 s a test. The three
     * configurations the quick preset probes (interpreter, C1 only, C2 only) took 10 s a test, 10 minutes of CI
     * for 60 tests; -Pfull and a twin's second chance still run them all.
     *
     * <p>{@code -pth false}, here and in {@link #RETRY_ARGS}: jcstress otherwise starts every fork, and each of the
     * two dozen JVMs with which it probes the VM's flags first, with {@code -Xms256M -XX:+AlwaysPreTouch}, which
     * writes every page of a 256 MB heap before the JVM runs anything (about 0.2 s of system CPU a JVM here), while
     * a quick test's strides use a few megabytes of it. Pre-touching keeps page faults out of the timed iterations;
     * it changes neither the actors' code nor what they may observe, and every twin is still caught.
     */
    static final String[] QUICK_ARGS = {"-m", "quick", "-sc", "false", "-fsm", "0", "-iters", "2", "-time", "200",
            "-pth", "false", "-jvmArgs", "-XX:+TieredCompilation"};
    /**
     * -Pfull: the quick preset's full configuration matrix (split per-actor compilation, C2 stress
     * forks with random seeds), 5 x 1 s per configuration: about 25x the samples of the quick budget.
     * (jcstress's "default" preset takes about 3.5 min per test here, nearly 2 h for the suite.)
     */
    static final String[] FULL_ARGS = {"-m", "quick", "-iters", "5", "-time", "1000"};
    /** The second chance of a twin the quick budget did not catch: 12.5x its samples, one configuration. */
    static final String[] RETRY_ARGS = {"-m", "quick", "-sc", "false", "-fsm", "0", "-iters", "5", "-time", "1000",
            "-pth", "false"};

    record Outcome(String id, Expect expect, long samples, String desc) {
    }

    record Verdict(String test, boolean twin, String verdict, boolean ok, long samples, long forbidden,
                   int configs, List<Outcome> outcomes, List<String> problems) {
    }

    @Test
    void everyTwinFailsAndEveryGoodTestPasses() throws Exception {
        Path basedir = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
        Path jar = basedir.resolve("target/jcstress.jar");
        assertTrue(Files.isRegularFile(jar), "no " + jar + ": run through Maven (mvn -pl jcstress -am verify)");
        boolean full = Boolean.parseBoolean(prop("mpiverify.full", "false"));
        String regex = prop("mpiverify.jcstress.tests", ".*");

        Path run = basedir.resolve("target/jcstress-run");
        deleteTree(run);
        Files.createDirectories(run);

        List<String> args;
        String extra = prop("mpiverify.jcstress.args", "");
        if (!extra.isBlank()) {
            args = List.of(extra.trim().split("\\s+"));
        } else if (full) {
            args = List.of(FULL_ARGS);
        } else {
            args = List.of(QUICK_ARGS);
        }
        Duration deadline = full ? FULL_DEADLINE : QUICK_DEADLINE;
        Instant start = Instant.now();
        Path html = run.resolve("html");
        Path log = run.resolve("jcstress.log");
        List<String> cmd = command(jar, regex, html, args);
        Map<String, List<TestResult>> byTest = runJcstress(cmd, run, log, deadline);

        // A twin with few samples (Termination mode) can go uncaught by chance: each uncaught twin runs
        // once more with RETRY_ARGS and its samples are added to the first run's; good tests never are.
        List<String> uncaught = byTest.entrySet().stream()
                .filter(e -> uncaughtTwin(judge(e.getKey(), e.getValue())))
                .map(Map.Entry::getKey).toList();
        String commands = String.join(" ", cmd);
        if (!uncaught.isEmpty() && !full && extra.isBlank()) {
            Path again = run.resolve("retry");
            Files.createDirectories(again);
            String names = uncaught.stream().map(java.util.regex.Pattern::quote)
                    .collect(java.util.stream.Collectors.joining("|", "^(", ")$"));
            List<String> retry = command(jar, names, again.resolve("html"), List.of(RETRY_ARGS));
            System.out.println("[jcstress] twins not caught in the quick budget, run again: " + uncaught);
            runJcstress(retry, again, again.resolve("jcstress.log"), QUICK_DEADLINE)
                    .forEach((name, results) -> byTest.computeIfAbsent(name, k -> new ArrayList<>()).addAll(results));
            commands += " ; again for " + uncaught.size() + " uncaught twin(s): " + String.join(" ", retry);
        }
        long wallSeconds = Duration.between(start, Instant.now()).toSeconds();

        List<Verdict> verdicts = new ArrayList<>();
        for (var e : byTest.entrySet()) {
            verdicts.add(judge(e.getKey(), e.getValue()));
        }
        // A test that jcstress never reported (its fork died, say) must not go unnoticed.
        java.util.regex.Pattern selected = java.util.regex.Pattern.compile(regex);
        for (String name : testList()) {
            if (selected.matcher(name).find() && !byTest.containsKey(name)) {
                verdicts.add(new Verdict(name, name.contains("BrokenTwin"), "MISSING", false, 0, 0, 0, List.of(),
                        List.of("in the jar's test list but no result")));
            }
        }

        Path out = outputDir(basedir).resolve("jcstress");
        Files.createDirectories(out);
        if (Files.isDirectory(html)) {
            deleteTree(out.resolve("html"));
            copyTree(html, out.resolve("html"));
        }
        Files.copy(log, out.resolve("jcstress.log"), StandardCopyOption.REPLACE_EXISTING);
        Provenance provenance = Provenance.now(repoRoot(basedir), Map.of("jcstress", "0.16"));
        summary(verdicts, full, commands, wallSeconds, provenance).write(out.resolve("summary.json"));

        StringBuilder report = new StringBuilder();
        for (Verdict v : verdicts) {
            report.append(String.format("%-4s %-8s %-90s samples=%,d forbidden=%,d%s%n", v.ok ? "ok" : "BAD",
                    v.verdict, v.test, v.samples, v.forbidden,
                    v.problems.isEmpty() ? "" : "  " + String.join("; ", v.problems)));
        }
        System.out.println("[jcstress] " + verdicts.size() + " tests in " + wallSeconds + " s; summary "
                + out.resolve("summary.json") + "\n" + report);
        assertTrue(!verdicts.isEmpty(), "jcstress ran no test\n" + tail(log, 80));
        if (regex.equals(".*")) {
            assertTrue(verdicts.stream().anyMatch(Verdict::twin), "no known-bad twin ran: the suite could pass vacuously");
        }
        assertTrue(verdicts.stream().allMatch(Verdict::ok), "jcstress suite failed:\n" + report);
    }

    /** A known-bad twin that ran without error and showed no forbidden outcome. */
    static boolean uncaughtTwin(Verdict v) {
        return v.twin() && !v.ok() && !"ERROR".equals(v.verdict());
    }

    /** The jcstress command line for the tests matching {@code regex}, reporting HTML to {@code html}. */
    static List<String> command(Path jar, String regex, Path html, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-jar", jar.toString(), "-t", regex, "-r", html.toString()));
        cmd.addAll(args);
        return cmd;
    }

    /**
     * Runs jcstress in {@code dir} within {@code deadline} (on timeout: thread dumps of its processes and
     * the tail of its output) and returns its results by test name, read from the binary result file.
     */
    static Map<String, List<TestResult>> runJcstress(List<String> cmd, Path dir, Path log, Duration deadline)
            throws Exception {
        System.out.println("[jcstress] " + String.join(" ", cmd));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(deadline.toSeconds(), TimeUnit.SECONDS)) {
            String dumps = threadDumps(p);
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("jcstress did not finish within " + deadline + "\n--- thread dumps ---\n" + dumps
                    + "\n--- last output ---\n" + tail(log, 80));
        }
        Path bin;
        try (Stream<Path> files = Files.list(dir)) {
            bin = files.filter(f -> f.getFileName().toString().matches("jcstress-results-.*\\.bin\\.gz"))
                    .findFirst().orElse(null);
        }
        if (bin == null) {
            fail("jcstress wrote no result file (exit " + p.exitValue() + ")\n" + tail(log, 80));
        }
        Map<String, List<TestResult>> byTest = new TreeMap<>();
        DiskReadCollector reader = new DiskReadCollector(bin.toString(),
                r -> byTest.computeIfAbsent(r.getName(), k -> new ArrayList<>()).add(r));
        try {
            reader.dump();
        } finally {
            reader.close();
        }
        return byTest;
    }

    /** Merges a test's results over all its configurations and grades them. */
    static Verdict judge(String test, List<TestResult> results) {
        boolean twin = test.contains("BrokenTwin");
        Map<String, long[]> counts = new TreeMap<>();
        Map<String, Expect> expects = new TreeMap<>();
        Map<String, String> descs = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        long samples = 0, forbidden = 0;
        boolean error = false;
        for (TestResult r : results) {
            if (r.status() != Status.NORMAL) {
                error = true;
                problems.add("status " + r.status() + (r.getMessages().isEmpty() ? "" : ": " + r.getMessages().get(0)));
                continue;
            }
            TestGrading g = TestGrading.grade(r);
            for (GradingResult gr : g.gradingResults.values()) {
                counts.computeIfAbsent(gr.id, k -> new long[1])[0] += gr.count;
                expects.put(gr.id, gr.expect);
                descs.put(gr.id, gr.description);
                samples += gr.count;
                if (gr.expect == Expect.FORBIDDEN) {
                    forbidden += gr.count;
                }
            }
        }
        List<Outcome> outcomes = new ArrayList<>();
        for (var c : counts.entrySet()) {
            outcomes.add(new Outcome(c.getKey(), expects.get(c.getKey()), c.getValue()[0], descs.get(c.getKey())));
        }
        String verdict = error ? "ERROR" : forbidden > 0 ? "FAILED" : "PASSED";
        boolean ok;
        if (twin) {
            ok = forbidden > 0;   // a twin must be caught; an error does not count as caught
            if (!ok) problems.add("known-bad twin not caught: no forbidden outcome observed");
        } else {
            ok = !error && forbidden == 0 && samples > 0;
            if (forbidden > 0) problems.add("forbidden outcome observed");
            if (samples == 0 && !error) problems.add("no samples");
        }
        return new Verdict(test, twin, verdict, ok, samples, forbidden, results.size(), outcomes, problems);
    }

    /** Test names from the jar's META-INF/TestList (lines "JCTEST" + length-prefixed fields "<n>S<chars>"). */
    static List<String> testList() throws IOException {
        List<String> names = new ArrayList<>();
        try (var in = JCStressSuiteIT.class.getResourceAsStream("/META-INF/TestList")) {
            if (in == null) {
                fail("no META-INF/TestList on the class path: jcstress's annotation processor did not run");
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                if (!line.startsWith("JCTEST")) continue;
                int i = "JCTEST".length();
                int s = line.indexOf('S', i);
                int n = Integer.parseInt(line.substring(i, s));
                names.add(line.substring(s + 1, s + 1 + n));
            }
        }
        return names;
    }

    /** The run as the dashboard reads it. */
    static JcstressSummaryFile summary(List<Verdict> verdicts, boolean full, String command, long wallSeconds,
                                       Provenance provenance) {
        List<JcstressSummaryFile.Test> tests = new ArrayList<>();
        for (Verdict v : verdicts) {
            List<JcstressSummaryFile.Observed> outcomes = new ArrayList<>();
            for (Outcome o : v.outcomes) {
                outcomes.add(new JcstressSummaryFile.Observed(o.id, o.expect == null ? null : o.expect.name(), o.samples,
                        o.desc));
            }
            tests.add(new JcstressSummaryFile.Test(v.test, v.twin ? "broken-twin" : "test", v.verdict,
                    v.twin ? "FAILED" : "PASSED", v.ok, v.samples, v.forbidden, v.configs, v.problems, outcomes));
        }
        return new JcstressSummaryFile("jcstress", "0.16", provenance, Instant.now().toString(), full ? "full" : "quick",
                command, wallSeconds, verdicts.stream().allMatch(Verdict::ok), tests);
    }

    /** {@code mpiverify.out}, else {@code out/} next to the nearest {@code mpiverify} launcher above basedir. */
    static Path outputDir(Path basedir) {
        return Workspace.findRoot(basedir).map(Workspace::outputDir)
                .orElseGet(() -> Workspace.property(Workspace.OUT_PROPERTY).map(o -> Path.of(o).toAbsolutePath())
                        .orElse(basedir.resolve("target/out")));
    }

    /** The nearest folder above basedir that holds the {@code mpiverify} launcher, else basedir. */
    static Path repoRoot(Path basedir) {
        return Workspace.findRoot(basedir).orElse(basedir);
    }

    /** A system property, ignoring Maven placeholders that were left unresolved. */
    static String prop(String name, String dflt) {
        String v = System.getProperty(name);
        return v == null || v.isBlank() || v.startsWith("${") ? dflt : v;
    }

    static String threadDumps(Process p) {
        StringBuilder b = new StringBuilder();
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        List<ProcessHandle> all = new ArrayList<>();
        all.add(p.toHandle());
        p.descendants().forEach(all::add);
        for (ProcessHandle h : all) {
            b.append("=== pid ").append(h.pid()).append(' ').append(h.info().commandLine().orElse("?")).append('\n');
            try {
                Process d = new ProcessBuilder(jcmd.toString(), Long.toString(h.pid()), "Thread.print")
                        .redirectErrorStream(true).start();
                byte[] bytes = d.getInputStream().readAllBytes();
                d.waitFor(30, TimeUnit.SECONDS);
                b.append(new String(bytes, StandardCharsets.UTF_8)).append('\n');
            } catch (IOException | InterruptedException e) {
                b.append("(no dump: ").append(e).append(")\n");
            }
        }
        return b.toString();
    }

    static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> {
                try {
                    Files.delete(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
