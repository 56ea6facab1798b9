package org.mpiverify.harness.nativempi;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.ReportCodec;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.ScenarioLookup;
import org.mpiverify.harness.scenario.Workers;

/**
 * One rank of a native run: the main class {@code mpiexec} starts once per rank.
 *
 * <pre>
 * RankProcess --library mpich|openmpi [--lib FILE] (--scenario ID | --scenario-class FQCN [--scenario-spec SPEC])
 *             --out DIR [--report file|stdout] [--dump-after MILLIS]
 * RankProcess --library mpich|openmpi [--lib FILE] --abi-check [--init]
 * </pre>
 *
 * {@code --lib} is the library file to load (the Debian one of the family by default). {@code --abi-check} runs
 * {@link NativeAbiCheck} and prints its findings: the checks before {@code MPI_Init}, and with {@code --init} (in a
 * one-rank job of the library's launcher) the ones after it too.
 *
 * <p>A scenario class is instantiated with its public no-argument constructor, or, with
 * {@code --scenario-spec}, with its {@code public static fromSpec(String)} factory ({@link Scenario#spec()}).
 * Runs the scenario on a {@link NativeMpi}, finalizes, and writes {@code DIR/rank-<r>.json}
 * ({@link ReportCodec}, through a temporary file and an atomic move, so the driver never reads half
 * a report), or, with {@code --report stdout} (ranks on other hosts, whose files the driver cannot read),
 * prints it in chunks the driver takes back from the launcher's output ({@link RankOutput}). A scenario
 * that throws still yields a report, with the stack trace as its error (and,
 * if threads were left in MPI calls, their native frames: {@link NativeStacks}); that report is
 * written first. Then, if the scenario left threads behind in MPI calls
 * ({@link Workers#leftThreadsBehind}), the rank calls {@code MPI_Abort} instead of {@code MPI_Finalize},
 * which MPI forbids while other threads are inside MPI (MPICH over UCX asserts on it, and the run would
 * look like a crash of the library); otherwise it finalizes, which may hang if the other ranks still
 * expect messages — the driver's deadline handles that, and either way the driver judges the run by the
 * failed rank's report ({@link NativeTarget}).
 *
 * <p>{@code --dump-after} is for ranks the driver cannot reach with {@code jcmd} (other hosts): if the rank is
 * still running that many milliseconds after it started, it prints its own thread dump and its threads' native
 * frames inside MPI ({@link RankWatchdog}), and ends itself a little later, so that a hung run leaves no
 * process behind on any host. Every rank does the same when {@code MPI_Finalize} has not returned
 * {@link RankWatchdog#FINALIZE_BOUND} after the scenario: the report from before it ({@code rank-<r>.ran.json})
 * then tells the driver the scenario had finished.
 */
public final class RankProcess {
    private RankProcess() { }

    public static void main(String[] args) {
        String library = null, lib = null, scenarioId = null, scenarioClass = null, scenarioSpec = null, out = null;
        String reportTo = "file";
        long dumpAfter = 0;
        boolean abiCheck = false, init = false;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--library" -> library = args[++i];
                    case "--lib" -> lib = args[++i];
                    case "--scenario" -> scenarioId = args[++i];
                    case "--scenario-class" -> scenarioClass = args[++i];
                    case "--scenario-spec" -> scenarioSpec = args[++i];
                    case "--out" -> out = args[++i];
                    case "--report" -> reportTo = args[++i];
                    case "--dump-after" -> dumpAfter = Long.parseLong(args[++i]);
                    case "--abi-check" -> abiCheck = true;
                    case "--init" -> init = true;
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            if (library == null) throw new IllegalArgumentException("--library is required");
            NativeAbi abi = NativeAbi.forLibrary(library);
            Path libraryFile = lib != null ? Path.of(lib) : abi.libraryFile();
            if (abiCheck) {
                if (!init || rankVariableSet(abi)) NativeAbiCheck.run(abi, libraryFile, init, System.out);
                System.exit(0);
            }
            if (out == null || (scenarioId == null) == (scenarioClass == null)) {
                throw new IllegalArgumentException("need --out and exactly one of --scenario, --scenario-class");
            }
            if (!reportTo.equals("file") && !reportTo.equals("stdout")) {
                throw new IllegalArgumentException("--report is file or stdout, not " + reportTo);
            }
            Scenario scenario = scenario(scenarioId, scenarioClass, scenarioSpec);
            System.exit(runRank(abi, libraryFile, scenario, Path.of(out), reportTo.equals("stdout"), dumpAfter));
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            System.err.println("RankProcess: " + e.getMessage() + "\nusage: RankProcess --library mpich|openmpi [--lib FILE] "
                    + "(--scenario ID | --scenario-class FQCN [--scenario-spec SPEC]) --out DIR [--report file|stdout] "
                    + "[--dump-after MILLIS]  |  --library mpich|openmpi [--lib FILE] --abi-check [--init]");
            System.exit(2);
        }
    }

    /**
     * Whether this process was started by a launcher of the library's family (its rank variable is set): the ABI
     * check then initializes MPI too. A check started otherwise says which launcher it needs.
     */
    private static boolean rankVariableSet(NativeAbi abi) {
        if (System.getenv(abi.rankVariable()) != null) return true;
        System.out.println(new NativeAbiCheck.Finding("mismatch", abi.rankVariable() + " is not set: this process was not started by "
                + abi.displayName() + "'s launcher (is --mpiexec the launcher of this library?)").line());
        return false;
    }

    static Scenario scenario(String id, String className) {
        return scenario(id, className, null);
    }

    /** The scenario named by the arguments: a catalog id, or a class with its no-argument constructor or {@code fromSpec}. */
    static Scenario scenario(String id, String className, String spec) {
        return ScenarioLookup.resolve(id, className, spec, RankProcess.class.getClassLoader());
    }

    private static int runRank(NativeAbi abi, Path libraryFile, Scenario scenario, Path out, boolean toStdout,
                               long dumpAfter) {
        String r = System.getenv(abi.rankVariable());
        if (r == null) {
            System.err.println("RankProcess: " + abi.rankVariable() + " is not set; start ranks with " + abi.displayName()
                    + "'s launcher (" + abi.mpiexec() + " or the one of the library given with --lib)");
            return 2;
        }
        int rank = Integer.parseInt(r.strip());
        if (dumpAfter > 0) RankWatchdog.start(rank, java.time.Duration.ofMillis(dumpAfter), "still running at the run's bound");
        NativeMpi mpi = new NativeMpi(abi, libraryFile);
        RankReport report;
        try {
            report = scenario.run(mpi);
            if (report == null) throw new IllegalStateException(scenario.id() + ".run returned no report");
        } catch (Throwable t) {
            boolean leftBehind = Workers.leftThreadsBehind(t);
            // where inside the library the left-behind threads wait: taken before MPI_Abort ends them
            String error = stackTrace(t) + (leftBehind ? NativeStacks.of(ProcessHandle.current().pid(), scratchDir(out)) : "");
            deliver(out, toStdout, new RankReport(rank, Map.of(), List.of(), error));
            try {
                if (leftBehind) {
                    System.err.println("rank " + rank + ": threads left in MPI calls after a failed run: MPI_Abort, not MPI_Finalize");
                    mpi.abort(1);
                } else {
                    mpi.finalizeMpi();
                }
            } catch (RuntimeException e) {
                System.err.println("rank " + rank + ": ending MPI after a failed run: " + e);
            }
            return 0;
        }
        // what the scenario saw, before MPI_Finalize: a run that hangs in it is then told apart from one that hangs in the scenario
        deliver(out, toStdout, RankOutput.Kind.RAN, report);
        RankWatchdog finalizing = RankWatchdog.start(rank, RankWatchdog.FINALIZE_BOUND, "still in MPI_Finalize");
        try {
            mpi.finalizeMpi();
        } catch (RuntimeException e) {
            report = new RankReport(rank, report.facts(), report.evidence(), stackTrace(e));
        } finally {
            finalizing.cancel();
        }
        deliver(out, toStdout, report);
        return 0;
    }

    /** The report to the driver: a file in {@code dir}, or chunks on standard output ({@link RankOutput}). */
    private static void deliver(Path dir, boolean toStdout, RankReport report) {
        deliver(dir, toStdout, RankOutput.Kind.REPORT, report);
    }

    /** A report of {@code kind} to the driver: {@code rank-<r>.json} ({@code rank-<r>.ran.json} before finalize), or chunks. */
    private static void deliver(Path dir, boolean toStdout, RankOutput.Kind kind, RankReport report) {
        if (toStdout) RankOutput.write(System.out, kind, report.rank(), ReportCodec.encode(report));
        else write(dir, report.rank() + (kind == RankOutput.Kind.RAN ? ".ran" : ""), report);
    }

    /** Where diagnostic tools may write: the run's folder when this host has it, else the temporary folder. */
    static Path scratchDir(Path out) {
        return Files.isDirectory(out) && Files.isWritable(out) ? out : Path.of(System.getProperty("java.io.tmpdir"));
    }

    private static void write(Path dir, String name, RankReport report) {
        try {
            Path tmp = Files.createTempFile(dir, "rank-" + name + "-", ".tmp");
            Files.writeString(tmp, ReportCodec.encode(report) + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve("rank-" + name + ".json"), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write the report rank-" + name + " to " + dir, e);
        }
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
