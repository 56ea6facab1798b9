package org.mpiverify.lincheck;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.mpiverify.results.Workspace;

/**
 * Runs {@link Lincheck#expectRejected(String, String, boolean, Class, Class, Budget)} on a known-bad twin in a JVM
 * of its own, for a twin that keeps its original's name ({@link CoreWithTwin}). Lincheck's agent keeps the
 * bytecode it instrumented by class name, for the whole JVM: in the suite's JVM, where the real class has been
 * instrumented, the twin loaded under the same name would get the real class's code (and the twin would pass
 * unrejected); where the twin came first, the real class would get the twin's. A JVM that never loads the real
 * class keeps them apart.
 *
 * <p>The JVM is this one's: the same {@code java}, options and class path, and the properties that say where
 * results go and how large the budgets are. It writes the twin's report and interleaving as the suite's own JVM
 * would ({@link Reports}); its output is echoed here. Past the deadline its threads are dumped ({@code jcmd
 * Thread.print}) and it is killed.
 */
public final class TwinJvm {
    private TwinJvm() {}

    private static final int REJECTED = 0;
    private static final int NOT_REJECTED = 3;

    /** Asserts, in a JVM of its own, that Lincheck's model checking rejects {@code twinClass} (see the class comment). */
    public static void expectRejected(String twin, String defect, Class<?> twinClass, Class<?> spec, Budget b,
                                      Duration limit) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString()));
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        for (String p : List.of(Workspace.ROOT_PROPERTY, Workspace.OUT_PROPERTY, "mpiverify.full")) {
            Workspace.property(p).ifPresent(v -> command.add("-D" + p + "=" + v));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), TwinJvm.class.getName(), twin, defect,
                twinClass.getName(), spec.getName(), String.valueOf(b.iterations()), String.valueOf(b.invocations()),
                String.valueOf(b.threads()), String.valueOf(b.actorsPerThread()), String.valueOf(b.actorsBeforeAfter())));
        Path log = Files.createDirectories(Workspace.root().resolve("lincheck/target/twin-jvm")).resolve(twin + ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended;
        String dump = "";
        try {
            ended = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) dump = threadDump(p, log);
        } finally {
            if (p.isAlive()) p.destroyForcibly().waitFor();   // also when this test is interrupted: no JVM left behind
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        System.out.println(output);
        if (!ended) {
            fail("twin " + twin + ": its JVM did not end within " + limit.toMillis() + " ms\n" + dump + "\n" + tail(output));
        }
        switch (p.exitValue()) {
            case REJECTED -> { }
            case NOT_REJECTED -> fail("twin " + twin + " was not rejected (in a JVM of its own):\n" + tail(output));
            default -> fail("twin " + twin + ": its JVM failed (exit " + p.exitValue() + "):\n" + tail(output));
        }
    }

    /** The JVM of one twin: {@code twin defect twinClass spec iterations invocations threads actors beforeAfter}. */
    public static void main(String[] args) {
        int code;
        try {
            Budget b = new Budget(Integer.parseInt(args[4]), Integer.parseInt(args[5]), Integer.parseInt(args[6]),
                    Integer.parseInt(args[7]), Integer.parseInt(args[8]));
            Class<?> twinClass = Class.forName(args[2]);
            twinClass.getConstructor().newInstance();   // compiles and loads the twin before Lincheck watches
            Lincheck.expectRejected(args[0], args[1], true, twinClass, Class.forName(args[3]), b);
            code = REJECTED;
        } catch (AssertionError e) {
            e.printStackTrace(System.out);
            code = NOT_REJECTED;
        } catch (Throwable t) {
            t.printStackTrace(System.out);
            code = 1;
        }
        System.out.flush();
        System.exit(code);   // Lincheck's and the jobs' threads need not end by themselves
    }

    private static String threadDump(Process p, Path log) {
        try {
            Path dump = log.resolveSibling(log.getFileName() + ".threads");
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    String.valueOf(p.pid()), "Thread.print").redirectErrorStream(true).redirectOutput(dump.toFile()).start();
            if (!jcmd.waitFor(30, TimeUnit.SECONDS)) {
                jcmd.destroyForcibly().waitFor();
                return "(jcmd gave no thread dump within 30 s)";
            }
            return Files.readString(dump, StandardCharsets.UTF_8);
        } catch (IOException | InterruptedException e) {
            return "(no thread dump: " + e + ")";
        }
    }

    private static String tail(String s) {
        return s.length() <= 20_000 ? s : "..." + s.substring(s.length() - 20_000);
    }
}
