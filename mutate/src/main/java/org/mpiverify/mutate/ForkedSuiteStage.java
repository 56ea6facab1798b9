package org.mpiverify.mutate;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.mpiverify.mutate.pit.MutantKeys;

/**
 * A stage that runs JUnit tests against a mutant in a forked JVM with the mutant's class file first on
 * its class path, for tests that cannot see a mutant PIT swaps into its minion with HotSwap. A failed
 * test kills the mutant; a run past its bound is TIMED_OUT. Two suites run this way:
 *
 * <ul>
 * <li>Lincheck's model checking ({@link #lincheck}): its model checker re-instruments the classes it checks
 * from their class files, so in PIT's minion it checks the original class (measured: the mutant that reads
 * the hash engine's mode word before its bucket lock survived every Lincheck test in the minion, and fails
 * modeSwitchesModelChecking as soon as it is on the class path).
 * <li>JUnit tests that start a child JVM ({@link #childJvmTests}): the child loads its classes from the
 * class path it is given, the test JVM's {@code java.class.path}, so in PIT's minion it runs the original
 * class. In the fork the mutant's folder is first on that class path, so the child loads the mutant too
 * (a test that built its child's class path some other way would still run the original there).
 * </ul>
 */
public final class ForkedSuiteStage {
    private final Path work;
    private final String name;
    private final Duration bound;
    private final List<String> jvmArgs;
    private final Path directory;

    /**
     * @param name      the suite, in the verdict's words and as the folder of its logs under {@code work}
     * @param directory the forked JVM's working directory (null: its log folder)
     */
    public ForkedSuiteStage(Path work, String name, Duration bound, List<String> jvmArgs, Path directory) {
        this.work = work;
        this.name = name;
        this.bound = bound;
        this.jvmArgs = jvmArgs;
        this.directory = directory;
    }

    /** Lincheck's model-checking tests, run where the model checker reads the mutant's class file. */
    public static ForkedSuiteStage lincheck(Path work, Duration bound, List<String> jvmArgs) {
        return new ForkedSuiteStage(work, "Lincheck", bound, jvmArgs, null);
    }

    /** JUnit tests that start a child JVM, run where that child loads the mutant (in {@code directory}). */
    public static ForkedSuiteStage childJvmTests(Path work, Duration bound, List<String> jvmArgs, Path directory) {
        return new ForkedSuiteStage(work, "JUnit", bound, jvmArgs, directory);
    }

    /**
     * Each test's time (JUnit unique id to milliseconds) on the unmutated code, in a fork like a mutant's; an
     * {@link IllegalStateException} if one fails or the run does not end within the bound (the suite is red
     * without any mutant).
     */
    public Map<String, Long> times(String label, List<String> uniqueIds) throws IOException, InterruptedException {
        StageVerdict v = run(label, null, uniqueIds);
        if (!v.status().equals("SURVIVED")) {
            throw new IllegalStateException("the unmutated code does not pass " + name + " tests: " + v.status() + " " + v.detail());
        }
        Map<String, Long> times = new LinkedHashMap<>();
        for (String l : Files.readAllLines(work.resolve(name.toLowerCase(Locale.ROOT)).resolve(MutantKeys.fileName(label)).resolve("junit.log"))) {
            if (l.startsWith("TIME ")) {
                String[] f = l.split(" ");
                times.put(f[1], Long.parseLong(f[2]));
            }
        }
        return times;
    }

    /** Runs the tests (JUnit unique ids) with the mutant's class folder (null: none) first on the class path. */
    public StageVerdict run(String key, Path mutantClasses, List<String> uniqueIds) throws IOException, InterruptedException {
        Path dir = work.resolve(name.toLowerCase(Locale.ROOT)).resolve(MutantKeys.fileName(key));
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", (mutantClasses == null ? "" : mutantClasses.toAbsolutePath() + File.pathSeparator)
                + JcstressStage.absoluteClassPath(), JUnitMain.class.getName()));
        cmd.addAll(uniqueIds);
        long t0 = System.nanoTime();
        Path log = dir.resolve("junit.log");
        Process p = new ProcessBuilder(cmd).directory((directory == null ? dir : directory).toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
            return new StageVerdict("TIMED_OUT", null, (System.nanoTime() - t0) / 1_000_000,
                    name + " did not finish within " + bound.toSeconds() + " s");
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        List<String> out = Files.readAllLines(log);
        for (String l : out) {
            if (l.startsWith("FAILED ")) {
                String id = l.substring("FAILED ".length()).split(" ", 2)[0];
                return new StageVerdict("KILLED", id, millis, l.substring("FAILED ".length()));
            }
        }
        String ran = out.stream().filter(l -> l.startsWith("RAN ")).findFirst().orElse(null);
        if (ran == null) return new StageVerdict("RUN_ERROR", null, millis, "the forked run printed no result (exit " + p.exitValue() + ")");
        return new StageVerdict("SURVIVED", null, millis, ran.substring(4));
    }
}
