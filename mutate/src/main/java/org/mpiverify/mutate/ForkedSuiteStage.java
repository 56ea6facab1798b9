package org.mpiverify.mutate;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.mpiverify.mutate.pit.MutantKeys;

/**
 * The Lincheck stage: a mutant that PIT's JUnit tests and Lincheck stress runs left alive runs the
 * component's other Lincheck tests (model checking) in a forked JVM with the mutant's class file first
 * on its class path. Lincheck's model checker re-instruments the classes it checks from their class
 * files, so in PIT's minion, where the mutant is swapped in with HotSwap, it checks the original class
 * (measured: the mutant that reads the hash engine's mode word before its bucket lock survived every
 * Lincheck test in the minion, and fails modeSwitchesModelChecking as soon as it is on the class path).
 * A failed test kills the mutant; a run past its bound is TIMED_OUT.
 */
public final class ForkedSuiteStage {
    private final Path work;
    private final Duration bound;
    private final List<String> jvmArgs;

    public ForkedSuiteStage(Path work, Duration bound, List<String> jvmArgs) {
        this.work = work;
        this.bound = bound;
        this.jvmArgs = jvmArgs;
    }

    /** Runs the tests (JUnit unique ids) with the mutant's class folder first on the class path. */
    public StageVerdict run(String key, Path mutantClasses, List<String> uniqueIds) throws IOException, InterruptedException {
        Path dir = work.resolve("lincheck").resolve(MutantKeys.fileName(key));
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", mutantClasses.toAbsolutePath() + File.pathSeparator + JcstressStage.absoluteClassPath(),
                JUnitMain.class.getName()));
        cmd.addAll(uniqueIds);
        long t0 = System.nanoTime();
        Path log = dir.resolve("junit.log");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
            return new StageVerdict("TIMED_OUT", null, (System.nanoTime() - t0) / 1_000_000,
                    "Lincheck did not finish within " + bound.toSeconds() + " s");
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
