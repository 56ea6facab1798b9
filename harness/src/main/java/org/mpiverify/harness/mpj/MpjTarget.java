package org.mpiverify.harness.mpj;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.mpiverify.harness.launch.AuditTarget;
import org.mpiverify.harness.launch.ChildProcessCleanup;
import org.mpiverify.harness.launch.JvmOptions;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.ReportCodec;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.ScenarioLookup;

/**
 * MPJ Express 0.44 (Debian {@code libmpj-java}) as an audit target, on one of two devices, started
 * without MPJ's launchers ({@code mpjrun}/{@code mpjdaemon}, which do not work as packaged):
 * <ul>
 *   <li>{@link #multicore()} ({@code mpj-multicore}): one JVM running
 *       {@code runtime.starter.MulticoreStarter <wdir> <n> smpdev useLocalLoader <classpath> MpjRankMain <args>}
 *       — ranks are threads of that JVM, each with its own class loader over {@code mpi.jar},
 *       {@code mpjdev.jar} and the audit's classes, and the shared-memory device {@code smpdev} on
 *       the JVM's class path;</li>
 *   <li>{@link #niodev()} ({@code mpj-niodev}): one JVM per rank running
 *       {@code MpjRankMain <rank> <conf> niodev <args>} over {@code mpj.jar}, the ranks finding each
 *       other through a {@link NiodevPortExchange} on loopback.</li>
 * </ul>
 * Each run gets a fresh temporary directory for the ranks' reports and output, deleted afterwards.
 * Past the scenario's deadline every JVM of the run is thread-dumped with {@code jcmd} and the
 * whole process tree is killed; the run is then {@link RunOutcome.Hung}.
 */
public final class MpjTarget implements AuditTarget {
    private static final String RANK_MAIN = MpjRankMain.class.getName();
    private static final int LOG_TAIL_LINES = 40;

    /** The two devices the audit runs; names as MPJ's {@code -dev} option spells them. */
    enum Device { MULTICORE, NIODEV }

    private final Device device;
    private final MpjInstallation installation;
    /** What every JVM of a run gets on its command line (the audit's lock auditor), by the JVM's name. */
    private final JvmOptions jvmOptions;
    /** Runs so far per scenario, to name each run's lock reports. */
    private final Map<String, Integer> runs = new ConcurrentHashMap<>();

    MpjTarget(Device device, MpjInstallation installation, JvmOptions jvmOptions) {
        this.device = device;
        this.installation = installation;
        this.jvmOptions = jvmOptions;
    }

    public static MpjTarget multicore() { return multicore(JvmOptions.NONE); }

    public static MpjTarget niodev() { return niodev(JvmOptions.NONE); }

    /** The multicore target with {@code jvmOptions} in its JVM. */
    public static MpjTarget multicore(JvmOptions jvmOptions) {
        return new MpjTarget(Device.MULTICORE, MpjInstallation.locate(), jvmOptions);
    }

    /** The niodev target with {@code jvmOptions} in every rank JVM. */
    public static MpjTarget niodev(JvmOptions jvmOptions) {
        return new MpjTarget(Device.NIODEV, MpjInstallation.locate(), jvmOptions);
    }

    @Override public String id() { return device == Device.MULTICORE ? "mpj-multicore" : "mpj-niodev"; }

    @Override
    public String describe() {
        return "MPJ Express " + installation.version() + ", "
                + (device == Device.MULTICORE ? "multicore device (ranks are threads of one JVM)"
                                              : "niodev device (one JVM per rank, TCP on loopback)");
    }

    @Override public Optional<String> unavailable() { return installation.problem(); }

    @Override
    public RunOutcome runOnce(Scenario scenario) {
        long start = System.nanoTime();
        try {
            return timed(runOnceTimed(scenario), start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new RunOutcome.Crashed(id() + ": interrupted while running " + scenario.id(), System.nanoTime() - start);
        }
    }

    /** Stamps the run's wall time on an outcome built without it. */
    private static RunOutcome timed(RunOutcome o, long start) {
        long nanos = System.nanoTime() - start;
        return switch (o) {
            case RunOutcome.Completed c -> new RunOutcome.Completed(c.reports(), nanos);
            case RunOutcome.Hung h -> new RunOutcome.Hung(h.stacks(), nanos);
            case RunOutcome.Crashed c -> new RunOutcome.Crashed(c.evidence(), nanos);
        };
    }

    private RunOutcome runOnceTimed(Scenario scenario) throws InterruptedException {
        installation.problem().ifPresent(p -> { throw new IllegalStateException(id() + ": " + p); });
        if (scenario.ranks() < 1) throw new IllegalArgumentException("scenario " + scenario.id() + " has no ranks");
        Path dir;
        try {
            dir = Files.createTempDirectory("mpiverify-" + id() + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a run directory", e);
        }
        try {
            return device == Device.MULTICORE ? runMulticore(scenario, dir) : runNiodev(scenario, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(id() + ": cannot start the ranks of " + scenario.id(), e);
        } finally {
            deleteRecursively(dir);
        }
    }

    private RunOutcome runMulticore(Scenario scenario, Path dir) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + scenario.deadline().toNanos();
        int run = runs.merge(scenario.id(), 1, Integer::sum);
        List<String> cmd = new ArrayList<>(List.of(javaBin(), "-XX:+UseSerialGC", "-Xmx512m"));
        cmd.addAll(jvmOptions.forJvm(scenario.id() + "/run" + run));
        cmd.addAll(List.of("-cp", installation.multicoreJvmClassPath(), "runtime.starter.MulticoreStarter",
                dir.toString(), Integer.toString(scenario.ranks()), "smpdev", "useLocalLoader",
                auditClassPath(), RANK_MAIN));
        cmd.addAll(rankArgs(scenario, dir));
        Path log = dir.resolve("multicore.log");
        Process p = start(cmd, log);
        return await(scenario, dir, List.of(p), List.of(log), deadline, null);
    }

    private RunOutcome runNiodev(Scenario scenario, Path dir) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + scenario.deadline().toNanos();
        int n = scenario.ranks();
        int run = runs.merge(scenario.id(), 1, Integer::sum);
        List<Process> ranks = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        try (NiodevPortExchange exchange = new NiodevPortExchange(n, scenario.deadline())) {
            String classPath = installation.niodevJvmClassPath() + File.pathSeparator + auditClassPath();
            try {
                for (int r = 0; r < n; r++) {
                    List<String> cmd = new ArrayList<>(List.of(javaBin(), "-XX:+UseSerialGC", "-Xmx512m"));
                    cmd.addAll(jvmOptions.forJvm(scenario.id() + "/run" + run + "-rank" + r));
                    cmd.addAll(List.of("-Djava.net.preferIPv4Stack=true", "-cp", classPath, RANK_MAIN,
                            Integer.toString(r), exchange.configuration(), "niodev"));
                    cmd.addAll(rankArgs(scenario, dir));
                    Path log = dir.resolve("rank-" + r + ".log");
                    logs.add(log);
                    ranks.add(start(cmd, log));
                }
            } catch (IOException | RuntimeException e) {
                new RankProcesses(ranks).killAll();
                throw e;
            }
            return await(scenario, dir, ranks, logs, deadline, exchange);
        }
    }

    /**
     * Waits for every root process to exit, at most until {@code deadline}. A process that exits
     * with a non-zero status ends the wait at once (its peers would only block until the deadline).
     */
    private RunOutcome await(Scenario scenario, Path dir, List<Process> processes, List<Path> logs, long deadline,
                             NiodevPortExchange exchange) throws InterruptedException {
        RankProcesses tree = new RankProcesses(processes);
        LinkedBlockingQueue<Process> exited = new LinkedBlockingQueue<>();
        for (Process p : processes) p.onExit().thenAccept(exited::add);
        int done = 0;
        boolean failedExit = false;
        while (done < processes.size() && !failedExit) {
            long left = deadline - System.nanoTime();
            Process p = left <= 0 ? null : exited.poll(left, TimeUnit.NANOSECONDS);
            if (p == null) return hung(scenario, dir, tree, logs, exchange);
            done++;
            failedExit = p.exitValue() != 0;
        }
        List<String> evidence = new ArrayList<>();
        for (int i = 0; i < processes.size(); i++) {
            Process p = processes.get(i);
            if (p.isAlive()) evidence.add(processName(i) + " was still running after a peer failed; killed");
            else if (p.exitValue() != 0) evidence.add(processName(i) + " exited with status " + p.exitValue());
        }
        if (failedExit) evidence.addAll(tree.killAll());
        List<RankReport> reports = new ArrayList<>();
        for (int r = 0; r < scenario.ranks(); r++) {
            Path file = dir.resolve("rank-" + r + ".json");
            if (!Files.exists(file)) {
                evidence.add("rank " + r + " wrote no report");
                continue;
            }
            try {
                reports.add(ReportCodec.decode(Files.readString(file, StandardCharsets.UTF_8).strip()));
            } catch (IOException | RuntimeException e) {
                evidence.add("rank " + r + " wrote an unreadable report: " + e);
            }
        }
        if (evidence.isEmpty()) return new RunOutcome.Completed(reports, 0);
        if (exchange != null) {
            try {
                exchange.close();
            } finally {
                if (exchange.failure() != null) evidence.add(exchange.failure());
            }
        }
        for (int i = 0; i < logs.size(); i++) appendTail(evidence, processName(i), logs.get(i));
        return new RunOutcome.Crashed(String.join("\n", evidence), 0);
    }

    private RunOutcome hung(Scenario scenario, Path dir, RankProcesses tree, List<Path> logs,
                            NiodevPortExchange exchange) throws InterruptedException {
        List<String> stacks = new ArrayList<>();
        stacks.add(id() + ": scenario " + scenario.id() + " still running after its deadline of "
                + scenario.deadline().toMillis() + " ms; thread dumps follow, then the run was killed");
        stacks.addAll(tree.threadDumps(dir));
        List<String> survivors = tree.killAll();
        if (!survivors.isEmpty()) stacks.add("NOT KILLED: " + String.join("; ", survivors));
        if (exchange != null) {
            exchange.close();
            if (exchange.failure() != null) stacks.add(exchange.failure());
        }
        // A rank that failed before the others hung (they then wait for it forever) explains the hang.
        RankReport[] written = new RankReport[scenario.ranks()];
        RankReport firstFailure = null;
        for (int r = 0; r < scenario.ranks(); r++) {
            Path file = dir.resolve("rank-" + r + ".json");
            try {
                if (Files.exists(file)) {
                    RankReport report = ReportCodec.decode(Files.readString(file, StandardCharsets.UTF_8).strip());
                    written[r] = report;
                    if (report.failed()) {
                        stacks.add("rank " + r + " had already failed: " + report.error());
                        if (firstFailure == null) firstFailure = report;
                    }
                }
            } catch (IOException | RuntimeException e) {
                stacks.add("rank " + r + " wrote an unreadable report: " + e);
            }
        }
        List<String> tails = new ArrayList<>();
        for (int i = 0; i < logs.size(); i++) appendTail(tails, processName(i), logs.get(i));
        if (!tails.isEmpty()) stacks.add(String.join("\n", tails));
        String all = String.join("\n\n", stacks);
        if (firstFailure != null) {
            // MPJ has no MPI_Abort that frees the others, so they wait for the failed rank until the
            // deadline: the failure, not the wait, is the verdict (UNSUPPORTED for an operation MPJ lacks).
            List<RankReport> reports = new ArrayList<>();
            for (int r = 0; r < written.length; r++) {
                reports.add(written[r] != null ? written[r] : new RankReport(r, java.util.Map.of(), List.of(),
                        "ERR_ABORTED: did not finish by the deadline after rank " + firstFailure.rank()
                                + " failed (MPJ cannot abort the others); the run was killed\n"
                                + all));
            }
            return new RunOutcome.Completed(reports, 0);
        }
        return new RunOutcome.Hung(all, 0);
    }

    private String processName(int i) {
        return device == Device.MULTICORE ? "multicore JVM" : "niodev rank " + i + " JVM";
    }

    private static void appendTail(List<String> evidence, String name, Path log) {
        List<String> tail = RankProcesses.tail(log, LOG_TAIL_LINES);
        if (!tail.isEmpty()) evidence.add("last output of " + name + ":\n" + String.join("\n", tail));
    }

    /** How a rank finds the scenario: by catalog id when the catalog has this very class, else by class name. */
    private static List<String> rankArgs(Scenario scenario, Path dir) {
        boolean inCatalog = ScenarioLookup.findableById(scenario);
        if (scenario.spec() != null) {
            return List.of("--scenario-class", scenario.getClass().getName(), "--scenario-spec", scenario.spec(),
                    "--out", dir.toString());
        }
        return inCatalog ? List.of("--scenario", scenario.id(), "--out", dir.toString())
                         : List.of("--scenario-class", scenario.getClass().getName(), "--out", dir.toString());
    }

    private Process start(List<String> cmd, Path log) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("MPJ_HOME", installation.home().toString());
        ChildProcessCleanup.installOnce();
        return pb.start();
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * This JVM's class path (the audit, the core, and under Maven the test classes), without any MPJ
     * jar: in the multicore JVM those must come only from MPJ's own loaders, one copy per rank.
     */
    private String auditClassPath() {
        Path lib = installation.home().resolve("lib").toAbsolutePath().normalize();
        String cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.isBlank())
                .filter(e -> !Path.of(e).toAbsolutePath().normalize().startsWith(lib))
                .filter(e -> !Path.of(e).getFileName().toString().startsWith("mpj"))
                .collect(Collectors.joining(File.pathSeparator));
        if (cp.isEmpty()) throw new IllegalStateException("java.class.path is empty: cannot pass the audit's classes to MPJ ranks");
        return cp;
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            System.err.println("warning: could not delete " + dir + ": " + e);
        }
    }

    @Override public String toString() { return id() + " (" + describe() + ")"; }

}
