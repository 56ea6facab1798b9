package org.mpiverify.trace.tlc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import tlc2.TLC;
import tlc2.TLCGlobals;
import util.ToolIO;
import util.UniqueString;

/**
 * The main class of a long-lived TLC JVM that checks one trace's windows one after another, so that a trace pays
 * for one JVM start, one load of TLC's classes and one warm-up of its evaluator instead of one per window (the
 * client is {@link TlcSession}).
 *
 * <p>Protocol, one line per request on standard input: the window's folder, its module name and TLC's library
 * path, separated by tabs. TLC checks the module with the settings of a TLC run of its own (one worker, fixed
 * fingerprint and seed, a fresh metadata folder) and writes its {@code -tool} output to standard output, then the
 * line {@link #END} followed by TLC's exit code and the milliseconds of CPU time the JVM spent on the window. End of input ends the JVM.
 *
 * <p>Each request gets a new {@link TLC} instance; the static state of TLC that a run leaves behind is reset
 * before the next one ({@link TLCGlobals#mainChecker}, {@link TLCGlobals#simulator}, {@link ToolIO}'s messages,
 * and the variable or definition each interned name was bound to: see {@link #forgetLocations()}).
 * What else is static in TLC keeps values that every run sets again before reading them (the variables of
 * {@code TLCStateMut}, the fingerprint polynomial, the seed); that the verdicts and the first bad events are
 * those of a JVM per window is checked by {@code TlcSessionTest} on accepted and rejected windows in one
 * session. Requests are served one at a time: TLC's checker is a singleton of its JVM.
 */
public final class TlcWindowServer {
    /** The line that ends a window's output; TLC's exit code follows it after a space. */
    public static final String END = "@@MPIVERIFY-WINDOW-END";

    private TlcWindowServer() {
    }

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        System.setOut(out);
        System.setErr(out);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isBlank()) continue;
            String[] request = line.split("\t", -1);
            int code;
            long cpu = cpuNanos();
            try {
                code = check(Path.of(request[0]), request[1], request[2]);
            } catch (RuntimeException | Error e) {
                out.println("Error: TLC failed in the window server: " + e);
                code = 255;
            }
            out.println(END + " " + code + " " + (cpuNanos() - cpu) / 1_000_000);
            out.flush();
        }
        System.exit(0);
    }

    private static int check(Path dir, String module, String library) throws IOException {
        Path metadir = Files.createTempDirectory("tlc-window-");
        try {
            System.setProperty("TLA-Library", library);
            TLCGlobals.mainChecker = null;
            TLCGlobals.simulator = null;
            forgetLocations();
            ToolIO.reset();
            ToolIO.out = System.out;
            ToolIO.err = System.out;
            TLC tlc = new TLC();
            String spec = dir.resolve(module).toAbsolutePath().toString();
            if (!tlc.handleParameters(new String[] {"-tool", "-workers", "1", "-fp", "1", "-seed", "1",
                    "-metadir", metadir.toString(), "-config", spec + ".cfg", spec})) {
                return 1;
            }
            tlc.setResolver(new util.SimpleFilenameToStream(new String[] {dir.toAbsolutePath().toString(), library}));
            return tlc2.output.EC.ExitStatus.errorConstantToExitStatus(tlc.process());
        } finally {
            TLCGlobals.mainChecker = null;
            TLCGlobals.simulator = null;
            System.out.flush();
            deleteTree(metadir);
        }
    }

    /**
     * Makes every interned name what it is in a fresh JVM: bound to no variable and no definition. SANY and TLC
     * intern each identifier once per JVM and keep on it the index of the variable or definition it named in the
     * last run that set one; a name the next run does not bind again would still lead to that index, which there
     * is another variable or definition (seen: a record's fields compared with another record's in the wrong
     * order, only in a JVM that had run another module first).
     */
    private static void forgetLocations() {
        for (UniqueString name : UniqueString.internTbl.toMap().values()) name.setLoc(-1);
        UniqueString.setVariableCount(0);
    }

    /** The CPU time of this JVM so far (TLC's worker, the collector, the compiler). */
    private static long cpuNanos() {
        return java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class)
                .getProcessCpuTime();
    }

    static void deleteTree(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a scratch folder under java.io.tmpdir
        }
    }

    /** The options TLC's JVM is started with, before this class's name. */
    static List<String> jvmOptions() {
        return List.of("-XX:+UseSerialGC", "-Xss16m", "-Dtlc2.tool.fp.FPSet.impl=tlc2.tool.fp.MemFPSet");
    }
}
