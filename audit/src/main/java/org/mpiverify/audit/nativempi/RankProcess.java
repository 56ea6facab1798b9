package org.mpiverify.audit.nativempi;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.mpiverify.audit.scenario.RankReport;
import org.mpiverify.audit.scenario.ReportCodec;
import org.mpiverify.audit.scenario.Workers;
import org.mpiverify.audit.scenario.Scenario;
import org.mpiverify.audit.scenario.ScenarioCatalog;

/**
 * One rank of a native run: the main class {@code mpiexec} starts once per rank.
 *
 * <pre>
 * RankProcess --library mpich|openmpi (--scenario ID | --scenario-class FQCN [--scenario-spec SPEC]) --out DIR
 * RankProcess --library mpich|openmpi --version
 * </pre>
 *
 * A scenario class is instantiated with its public no-argument constructor, or, with
 * {@code --scenario-spec}, with its {@code public static fromSpec(String)} factory ({@link Scenario#spec()}).
 * Runs the scenario on a {@link NativeMpi}, finalizes, and writes {@code DIR/rank-<r>.json}
 * ({@link ReportCodec}, through a temporary file and an atomic move, so the driver never reads half
 * a report). A scenario that throws still yields a report, with the stack trace as its error (and,
 * if threads were left in MPI calls, their native frames: {@link NativeStacks}); that report is
 * written first. Then, if the scenario left threads behind in MPI calls
 * ({@link Workers#leftThreadsBehind}), the rank calls {@code MPI_Abort} instead of {@code MPI_Finalize},
 * which MPI forbids while other threads are inside MPI (MPICH over UCX asserts on it, and the run would
 * look like a crash of the library); otherwise it finalizes, which may hang if the other ranks still
 * expect messages — the driver's deadline handles that, and either way the driver judges the run by the
 * failed rank's report ({@link NativeTarget}).
 */
public final class RankProcess {
    private RankProcess() { }

    public static void main(String[] args) {
        String library = null, scenarioId = null, scenarioClass = null, scenarioSpec = null, out = null;
        boolean version = false;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--library" -> library = args[++i];
                    case "--scenario" -> scenarioId = args[++i];
                    case "--scenario-class" -> scenarioClass = args[++i];
                    case "--scenario-spec" -> scenarioSpec = args[++i];
                    case "--out" -> out = args[++i];
                    case "--version" -> version = true;
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            if (library == null) throw new IllegalArgumentException("--library is required");
            NativeAbi abi = NativeAbi.forLibrary(library);
            if (version) {
                System.out.println(new NativeMpi(abi).libraryVersion());
                return;
            }
            if (out == null || (scenarioId == null) == (scenarioClass == null)) {
                throw new IllegalArgumentException("need --out and exactly one of --scenario, --scenario-class");
            }
            System.exit(runRank(abi, scenario(scenarioId, scenarioClass, scenarioSpec), Path.of(out)));
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            System.err.println("RankProcess: " + e.getMessage() + "\nusage: RankProcess --library mpich|openmpi "
                    + "(--scenario ID | --scenario-class FQCN [--scenario-spec SPEC]) --out DIR  |  --library mpich|openmpi --version");
            System.exit(2);
        }
    }

    static Scenario scenario(String id, String className) {
        return scenario(id, className, null);
    }

    /** The scenario named by the arguments: a catalog id, or a class with its no-argument constructor or {@code fromSpec}. */
    static Scenario scenario(String id, String className, String spec) {
        return ScenarioCatalog.resolve(id, className, spec, RankProcess.class.getClassLoader());
    }

    private static int runRank(NativeAbi abi, Scenario scenario, Path out) {
        String r = System.getenv(abi.rankVariable());
        if (r == null) {
            System.err.println("RankProcess: " + abi.rankVariable() + " is not set; start ranks with " + abi.mpiexec());
            return 2;
        }
        int rank = Integer.parseInt(r.strip());
        NativeMpi mpi = new NativeMpi(abi);
        RankReport report;
        try {
            report = scenario.run(mpi);
            if (report == null) throw new IllegalStateException(scenario.id() + ".run returned no report");
        } catch (Throwable t) {
            boolean leftBehind = Workers.leftThreadsBehind(t);
            // where inside the library the left-behind threads wait: taken before MPI_Abort ends them
            String error = stackTrace(t) + (leftBehind ? NativeStacks.of(ProcessHandle.current().pid(), out) : "");
            write(out, rank, new RankReport(rank, Map.of(), List.of(), error));
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
        try {
            mpi.finalizeMpi();
        } catch (RuntimeException e) {
            report = new RankReport(rank, report.facts(), report.evidence(), stackTrace(e));
        }
        write(out, rank, report);
        return 0;
    }

    private static void write(Path dir, int rank, RankReport report) {
        try {
            Path tmp = Files.createTempFile(dir, "rank-" + rank + "-", ".tmp");
            Files.writeString(tmp, ReportCodec.encode(report) + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve("rank-" + rank + ".json"), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write the report of rank " + rank + " to " + dir, e);
        }
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
