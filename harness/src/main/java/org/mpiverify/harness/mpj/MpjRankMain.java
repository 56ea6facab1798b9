package org.mpiverify.harness.mpj;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.ReportCodec;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.ScenarioLookup;

/**
 * The main of one MPJ Express rank: runs a scenario through {@link MpjAuditMpi} and writes
 * {@code <out>/rank-<r>.json}.
 *
 * <p>Arguments: {@code <rank> <conf> <device> (--scenario ID | --scenario-class FQCN [--scenario-spec SPEC]) --out DIR}.
 * The first three are what {@code MPI.Init} expects, in the form each device's launcher produces:
 * <ul>
 *   <li>multicore: {@code runtime.starter.MulticoreStarter} calls this {@code main} once per rank,
 *       each on its own thread (in a thread group {@code xdev.smpdev.SMPDevProcess}) with the class
 *       loaded by a class loader of its own, passing {@code <rank> <nprocs> smpdev} and then the
 *       application's arguments. So this class must not be on the JVM's class path, and must not
 *       call {@link System#exit} (that would end every rank);</li>
 *   <li>niodev: {@link MpjTarget} starts one JVM per rank with {@code <rank> <conf string> niodev},
 *       where the configuration string names the port-exchange server ({@link NiodevPortExchange}).
 *       The JVM exits when this main returns.</li>
 * </ul>
 * A scenario that throws is reported (error = its stack trace) and MPI is then not finalized,
 * because {@code MPI.Finalize} would wait for the failed rank's peers.
 */
public final class MpjRankMain {
    private MpjRankMain() { }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) usage(args);
        String[] initArgs = Arrays.copyOfRange(args, 0, 3);
        int rank = Integer.parseInt(args[0]);
        String scenarioId = null, scenarioClass = null, scenarioSpec = null;
        Path out = null;
        for (int i = 3; i < args.length; i++) {
            switch (args[i]) {
                case "--scenario" -> scenarioId = value(args, ++i);
                case "--scenario-class" -> scenarioClass = value(args, ++i);
                case "--scenario-spec" -> scenarioSpec = value(args, ++i);
                case "--out" -> out = Path.of(value(args, ++i));
                default -> usage(args);
            }
        }
        if (out == null || (scenarioId == null) == (scenarioClass == null)) usage(args);

        RankReport report = runRank(rank, initArgs, scenarioId, scenarioClass, scenarioSpec);
        write(out, report);
        if (initArgs[2].equals("niodev")) {
            // niodev leaves non-daemon selector threads behind after Finalize; this JVM is this rank alone.
            System.out.flush();
            System.exit(0);
        }
    }

    static RankReport runRank(int rank, String[] initArgs, String scenarioId, String scenarioClass,
                              String scenarioSpec) {
        MpjAuditMpi mpi = null;
        try {
            Scenario scenario = ScenarioLookup.resolve(scenarioId, scenarioClass, scenarioSpec,
                    MpjRankMain.class.getClassLoader());
            mpi = new MpjAuditMpi(MpjRankMain.class.getClassLoader(), initArgs, MpjInstallation.locate().version());
            RankReport report = scenario.run(mpi);
            if (mpi.isInitialized() && !mpi.isFinalized()) mpi.finalizeMpi();
            return report;
        } catch (Throwable t) {
            return new RankReport(rank, Map.of(), List.of(), stackTrace(t));
        }
    }

    /** Temp file then atomic move: the driver never reads half a report. */
    static void write(Path dir, RankReport report) throws IOException {
        Path tmp = dir.resolve("rank-" + report.rank() + ".json.tmp");
        Files.writeString(tmp, ReportCodec.encode(report) + "\n", StandardCharsets.UTF_8);
        Files.move(tmp, dir.resolve("rank-" + report.rank() + ".json"), StandardCopyOption.ATOMIC_MOVE);
    }

    static String stackTrace(Throwable t) {
        StringWriter sw = new StringWriter();
        t.printStackTrace(new PrintWriter(sw));
        return sw.toString();
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) usage(args);
        return args[i];
    }

    private static void usage(String[] args) {
        throw new IllegalArgumentException("usage: MpjRankMain <rank> <conf> <device> (--scenario ID | --scenario-class FQCN [--scenario-spec SPEC])"
                + " --out DIR; got " + Arrays.toString(args));
    }
}
