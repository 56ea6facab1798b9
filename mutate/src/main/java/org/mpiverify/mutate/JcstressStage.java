package org.mpiverify.mutate;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.mpiverify.mutate.pit.MutantKeys;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.infra.Status;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.grading.GradingResult;
import org.openjdk.jcstress.infra.grading.TestGrading;

/**
 * The jcstress stage: a mutant that PIT's suites did not detect runs the component's jcstress tests
 * that use the mutated class, in jcstress's own harness. jcstress runs each test in forked JVMs under
 * several compilation modes, which PIT's minion cannot host: PIT swaps the mutant into its own JVM only.
 * So the mutant's class file goes first on the class path of a separate jcstress run, whose forks
 * inherit it. A good test that shows a forbidden outcome, or fails, kills the mutant; a run past its
 * bound is TIMED_OUT (its process tree is destroyed).
 */
public final class JcstressStage {
    /**
     * The quick budget of the suite's own meta-test (JCStressSuiteIT): one fork, 2 x 200 ms per configuration, the
     * heap not pre-touched (JCStressSuiteIT.QUICK_ARGS says why).
     */
    static final List<String> ARGS = List.of("-m", "quick", "-sc", "false", "-fsm", "0", "-iters", "2", "-time", "200",
            "-pth", "false");

    private final Path work;
    private final Duration bound;

    public JcstressStage(Path work, Duration bound) {
        this.work = work;
        this.bound = bound;
    }

    /** A reference to a class of ours in a class file's constant pool (its internal name, up to its end). */
    private static final Pattern OUR_CLASS = Pattern.compile("org/mpiverify/[A-Za-z0-9_/$]+");

    /**
     * jcstress tests matching {@code regex} that use {@code className}: the bytecode of the test names the class, or
     * that of a harness it refers to, or that of a class the harness drives. A harness is a class of ours in a
     * suite's test classes (a test jar), such as {@code BitVectorWorkerHarness}, a race's door into a package-private
     * class of the core; the classes it drives are the core's classes of its own package that it names
     * ({@code BitVectorWorker}), and what they name is what the race runs ({@code ReadyBitVector},
     * {@code IdleHandshake}): the race names only the harness. A name must match whole: a reference to
     * {@code BitVectorWorkerHarness} is not one to {@code BitVectorWorker}.
     */
    public static List<String> testsUsing(String regex, String className) throws IOException {
        List<String> tests = new ArrayList<>();
        Pattern p = Pattern.compile(regex);
        String internal = className.replace('.', '/');
        String outer = internal.contains("$") ? internal.substring(0, internal.indexOf('$')) : internal;
        for (String t : testList()) {
            if (p.matcher(t).find() && uses(t.replace('.', '/'), outer)) {
                tests.add(t);
            }
        }
        return tests;
    }

    private static boolean uses(String test, String outer) throws IOException {
        Set<String> refs = references(test);
        if (refs == null) return false;
        if (refs.contains(outer)) return true;
        for (String h : refs) {
            if (h.equals(test) || !isTestSupport(h)) continue;
            Set<String> harness = references(h);
            if (harness == null) continue;
            if (harness.contains(outer)) return true;
            for (String driven : harness) {
                if (!driven.equals(h) && packageOf(driven).equals(packageOf(h)) && !isTestSupport(driven)) {
                    Set<String> through = references(driven);
                    if (through != null && through.contains(outer)) return true;
                }
            }
        }
        return false;
    }

    private static String packageOf(String internalName) {
        return internalName.substring(0, Math.max(0, internalName.lastIndexOf('/')));
    }

    /** The classes of ours {@code internalName}'s class file refers to (nested classes as their outer class), or null. */
    static Set<String> references(String internalName) throws IOException {
        try (InputStream in = JcstressStage.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
            if (in == null) return null;
            Set<String> refs = new HashSet<>();
            Matcher m = OUR_CLASS.matcher(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
            while (m.find()) {
                String r = m.group();
                refs.add(r.contains("$") ? r.substring(0, r.indexOf('$')) : r);
            }
            return refs;
        }
    }

    /** True if the class comes from a suite's test classes (a {@code -tests} jar or a {@code test-classes} folder). */
    private static boolean isTestSupport(String internalName) {
        URL u = JcstressStage.class.getClassLoader().getResource(internalName + ".class");
        if (u == null) return false;
        String where = u.toString();
        return where.contains("-tests") || where.contains("test-classes");
    }

    static List<String> testList() throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream in = JcstressStage.class.getResourceAsStream("/META-INF/TestList")) {
            if (in == null) return names;
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

    /** Runs {@code tests} with the mutant's class folder first on the class path. */
    public StageVerdict run(String key, Path mutantClasses, List<String> tests) throws IOException, InterruptedException {
        try {
            return runChecked(key, mutantClasses, tests);
        } catch (ClassNotFoundException e) {
            throw new IOException("cannot read jcstress results", e);
        }
    }

    private StageVerdict runChecked(String key, Path mutantClasses, List<String> tests)
            throws IOException, InterruptedException, ClassNotFoundException {
        Path dir = work.resolve("jcstress").resolve(MutantKeys.fileName(key));
        deleteTree(dir);
        Files.createDirectories(dir);
        String regex = "^(" + String.join("|", tests.stream().map(Pattern::quote).toList()) + ")$";
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp",
                mutantClasses.toAbsolutePath() + File.pathSeparator + absoluteClassPath(),
                "org.openjdk.jcstress.Main", "-t", regex, "-r", dir.resolve("html").toString()));
        cmd.addAll(ARGS);
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("jcstress.log").toFile()).start();
        if (!p.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
            return new StageVerdict("TIMED_OUT", null, (System.nanoTime() - t0) / 1_000_000,
                    "jcstress did not finish within " + bound.toSeconds() + " s");
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        Path bin;
        try (Stream<Path> files = Files.list(dir)) {
            bin = files.filter(f -> f.getFileName().toString().matches("jcstress-results-.*\\.bin\\.gz")).findFirst().orElse(null);
        }
        if (bin == null) return new StageVerdict("RUN_ERROR", null, millis, "jcstress wrote no result file (exit " + p.exitValue() + ")");
        Map<String, long[]> forbidden = new TreeMap<>();
        Map<String, String> errors = new TreeMap<>();
        DiskReadCollector reader = new DiskReadCollector(bin.toString(), r -> judge(r, forbidden, errors));
        try {
            reader.dump();
        } finally {
            reader.close();
        }
        for (String t : tests) {
            if (errors.containsKey(t)) return new StageVerdict("KILLED", t, millis, "error: " + errors.get(t));
            long[] f = forbidden.get(t);
            if (f != null && f[0] > 0) return new StageVerdict("KILLED", t, millis, f[0] + " forbidden outcome(s) in " + f[1] + " samples");
        }
        long samples = forbidden.values().stream().mapToLong(f -> f[1]).sum();
        return new StageVerdict("SURVIVED", null, millis, "no forbidden outcome in " + samples + " samples of " + tests.size() + " test(s)");
    }

    /** This JVM's class path with absolute entries (the fork runs in another folder). */
    static String absoluteClassPath() {
        List<String> entries = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            entries.add(Path.of(e).toAbsolutePath().toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void judge(TestResult r, Map<String, long[]> forbidden, Map<String, String> errors) {
        if (r.status() != Status.NORMAL) {
            errors.put(r.getName(), r.status() + (r.getMessages().isEmpty() ? "" : ": " + r.getMessages().get(0)));
            return;
        }
        long[] f = forbidden.computeIfAbsent(r.getName(), k -> new long[2]);
        for (GradingResult g : TestGrading.grade(r).gradingResults.values()) {
            f[1] += g.count;
            if (g.expect == Expect.FORBIDDEN) f[0] += g.count;
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path f : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(f);
        }
    }
}
