package org.mpiverify.harness.nativempi;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.mpiverify.harness.launch.AuditTarget;
import org.mpiverify.harness.launch.BoundedCommand;
import org.mpiverify.harness.launch.ChildProcessCleanup;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.ReportCodec;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.ScenarioLookup;

/**
 * MPICH or Open MPI as an audit target: each run starts {@code scenario.ranks()} JVMs with the
 * library's own {@code mpiexec}, each running {@link RankProcess} on a {@link NativeMpi}, and
 * collects their {@code rank-<r>.json} reports. Past the deadline it takes every rank JVM's thread
 * dump and kills the process tree ({@link ProcessTree}).
 *
 * <p>Where the library is and how its ranks start is a {@link NativeLaunch}: the Debian library by default, or any
 * library of the same ABI by path, over the library's default transport or over TCP ({@link Transport}: a target of
 * its own, {@code mpich-tcp}), on this machine or on the hosts of a host file. Before the first run the library is
 * checked to have the ABI the binding assumes ({@link NativeAbiCheck}, a one-rank job through its launcher), and a
 * TCP target that its traffic really goes through TCP ({@link TransportProbe}); a target that fails either is
 * unavailable, with the reason, and runs nothing.
 *
 * <p>On several hosts the driver can neither read the ranks' files nor attach to their JVMs: the ranks then send
 * their reports through the launcher's output ({@link RankOutput}), and a rank still running at its bound dumps its
 * own threads there and ends itself ({@link RankWatchdog}).
 *
 * <p>The deadline covers the whole launch: {@code scenario.deadline()}, times the transport's
 * {@linkplain Transport#deadlineFactor() factor} (which the rank JVMs get too), plus {@link #LAUNCH_ALLOWANCE}
 * for starting the launcher and the JVMs on a busy two-core machine.
 */
public final class NativeTarget implements AuditTarget {
    /** Time to start mpiexec and the rank JVMs, on top of the scenario's own deadline. */
    public static final Duration LAUNCH_ALLOWANCE = Duration.ofSeconds(6);
    /** On several hosts: how long after its deadline a run's ranks get to dump their threads and end themselves. */
    static final Duration REMOTE_DUMP_ALLOWANCE = RankWatchdog.GRACE.plusSeconds(40);
    private static final Duration ABI_CHECK_DEADLINE = Duration.ofSeconds(60);
    private static final int OUTPUT_TAIL_LINES = 40;
    /** Where a launcher keeps each rank's output under a run's directory ({@link NativeAbi#rankOutputOptions}). */
    private static final String RANK_OUTPUT = "rank-output";

    private final NativeAbi abi;
    private final NativeLaunch launch;
    /**
     * The ABI check's findings, asked once in a child job: the driver never loads a native MPI library, whose
     * UCX/PMI state and signal handlers have no business in the audit's own JVM. A race computes it twice: harmless.
     */
    private volatile List<NativeAbiCheck.Finding> abiFindings;
    /** The transport check of a TCP target: empty when it passed, else why not. Asked once. */
    private volatile Optional<String> transportProblem;
    private volatile String transportEvidence = "";

    private NativeTarget(NativeAbi abi, NativeLaunch launch) {
        this.abi = abi;
        this.launch = launch;
    }

    public static NativeTarget mpich() { return debian("mpich"); }

    public static NativeTarget openmpi() { return debian("openmpi"); }

    private static NativeTarget debian(String library) {
        NativeAbi abi = NativeAbi.forLibrary(library);
        return new NativeTarget(abi, NativeLaunch.debian(abi));
    }

    /** The library of {@code abi}'s family that {@code launch} describes. */
    public static NativeTarget of(NativeAbi abi, NativeLaunch launch) { return new NativeTarget(abi, launch); }

    public NativeAbi abi() { return abi; }

    public NativeLaunch launch() { return launch; }

    /** {@code mpich} or {@code openmpi}, with {@code -tcp} for the TCP transport. */
    @Override
    public String id() { return abi.id() + (launch.transport() == Transport.TCP ? "-tcp" : ""); }

    /**
     * Empty when the target can run: its files exist, the library has the binding's ABI, and a TCP target's
     * traffic goes through TCP. Otherwise the first reason it cannot, naming the Debian packages for a missing
     * Debian library.
     */
    @Override
    public Optional<String> unavailable() {
        Optional<String> missing = launch.byPath() ? absent(launch.library(), launch.mpiexec()) : abi.unavailable();
        if (missing.isPresent()) return missing;
        List<NativeAbiCheck.Finding> mismatches = abiFindings().stream().filter(NativeAbiCheck.Finding::mismatch).toList();
        if (!mismatches.isEmpty()) {
            return Optional.of("refused " + launch.library() + " as " + abi.displayName() + "'s ABI: "
                    + String.join("; ", mismatches.stream().map(NativeAbiCheck.Finding::text).toList()));
        }
        return launch.transport() == Transport.TCP ? transportCheck() : Optional.empty();
    }

    /** For a library by path: which of its files do not exist. */
    private static Optional<String> absent(Path library, Path mpiexec) {
        List<String> l = new ArrayList<>();
        if (!Files.isRegularFile(library)) l.add("no library file " + library);
        if (!Files.isExecutable(mpiexec)) l.add("no launcher " + mpiexec + " (give the library's own with --mpiexec)");
        return l.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", l));
    }

    /** The ABI check's findings (every line, ok and mismatch), as the one-rank job printed them. */
    public List<NativeAbiCheck.Finding> abiFindings() {
        List<NativeAbiCheck.Finding> f = abiFindings;
        if (f == null) abiFindings = f = runAbiCheck();
        return f;
    }

    /**
     * For example {@code "MPICH Version: 4.0.2 over TCP"}: the first line of {@code MPI_Get_library_version}, the
     * transport, and where a library by path or a host list says so, the file and the hosts.
     */
    @Override
    public String describe() {
        String version = abiFindings().stream().filter(f -> f.kind().equals("info") && f.text().startsWith("version "))
                .map(f -> f.text().substring("version ".length())).findFirst().orElse(abi.displayName());
        return version + launch.transport().columnSuffix() + (launch.byPath() ? " (" + launch.library() + ")" : "")
                + launch.hostList().map(h -> " on hosts " + h).orElse("");
    }

    /**
     * Whether a TCP target's messages go through TCP: two ranks exchange messages ({@link TransportProbe}) and the
     * TCP connections their processes hold are paired up ({@link TcpConnections#betweenRanks}). Empty when at least
     * one connection joins the two rank processes; else why not. Asked once.
     */
    public Optional<String> transportCheck() {
        Optional<String> p = transportProblem;
        if (p == null) transportProblem = p = probeTransport();
        return p;
    }

    /** What the transport check saw: the connections between the ranks, or why there were none. Empty before it ran. */
    public String transportEvidence() { return transportEvidence; }

    private Optional<String> probeTransport() {
        TransportProbe probe = new TransportProbe();
        RunOutcome o = launch(probe, System.nanoTime()); // not runOnce: that asks unavailable(), which asks this
        if (!(o instanceof RunOutcome.Completed c) || c.reports().stream().anyMatch(RankReport::failed)) {
            transportEvidence = "the transport probe did not complete: " + o;
            return Optional.of(describe() + ": " + transportEvidence);
        }
        java.util.Map<Integer, List<TcpConnections.Connection>> byRank = new java.util.TreeMap<>();
        for (RankReport r : c.reports()) byRank.put(r.rank(), TcpConnections.parseList(r.fact(TransportProbe.CONNECTIONS)));
        List<String> pairs = TcpConnections.betweenRanks(byRank);
        transportEvidence = pairs.isEmpty()
                ? "no TCP connection between the two rank processes after their exchange (their connections: " + byRank + ")"
                : pairs.size() + " TCP connection" + (pairs.size() == 1 ? "" : "s") + " between the two rank processes: "
                        + String.join("; ", pairs);
        if (!pairs.isEmpty()) return Optional.empty();
        return Optional.of(describe() + ": traffic does not go through TCP: " + transportEvidence + "; the library ignored "
                + String.join(", ", abi.transportEnvironment(Transport.TCP).keySet().stream().sorted().toList()));
    }

    /**
     * The ABI check in three steps, each only if the one before found no mismatch: the library's symbols and
     * version, in a JVM of its own (no launcher: a launcher of the wrong family would fail before saying anything
     * about the library); the launcher's own {@code --version}, which must be of the family when it names one; then
     * every check again with MPI initialized, in a one-rank job the launcher starts.
     */
    private List<NativeAbiCheck.Finding> runAbiCheck() {
        Path dir;
        try {
            dir = Files.createTempDirectory("mpiverify-" + abi.id() + "-abi-");
        } catch (IOException e) {
            return List.of(new NativeAbiCheck.Finding("mismatch", "cannot create a folder for the ABI check: " + e));
        }
        try {
            List<String> rank = new ArrayList<>(javaCommand(List.of(), false, 1));
            rank.addAll(List.of("--library", abi.id(), "--lib", launch.library().toString(), "--abi-check"));
            List<NativeAbiCheck.Finding> findings = new ArrayList<>(abiCheckStep(rank, dir, "symbols"));
            if (findings.stream().anyMatch(NativeAbiCheck.Finding::mismatch)) return List.copyOf(findings);
            NativeAbiCheck.Finding launcher = launcherFamily(dir);
            findings.add(launcher);
            if (launcher.mismatch()) return List.copyOf(findings);
            List<String> job = new ArrayList<>();
            job.add(launch.mpiexec().toString());
            job.addAll(abi.mpiexecOptions());
            job.addAll(List.of("-n", "1"));
            job.addAll(rank);
            job.add("--init");
            List<NativeAbiCheck.Finding> all = new ArrayList<>(List.of(launcher));
            all.addAll(abiCheckStep(job, dir, "job")); // the job repeats the first step's checks before its own
            return List.copyOf(all);
        } finally {
            deleteTree(dir);
        }
    }

    /** One step of the ABI check: runs {@code cmd} and reads its findings; one that did not finish says how far it got. */
    private List<NativeAbiCheck.Finding> abiCheckStep(List<String> cmd, Path dir, String step) {
        try {
            Path log = dir.resolve(step + ".log");
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().putAll(environment());
            ChildProcessCleanup.installOnce();
            Process p = pb.start();
            p.getOutputStream().close();
            boolean exited = p.waitFor(ABI_CHECK_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
            if (!exited) {
                ProcessTree tree = new ProcessTree(p);
                List<ProcessHandle> all = tree.descendants();
                tree.killAll(all, tree.rankJvms(all));
            }
            List<String> lines = lines(log);
            List<NativeAbiCheck.Finding> findings = new ArrayList<>(NativeAbiCheck.parse(lines));
            boolean finished = exited && p.exitValue() == 0 && findings.stream()
                    .anyMatch(f -> f.mismatch() || f.text().startsWith(NativeAbiCheck.LAST_CHECK));
            if (!finished && findings.stream().noneMatch(NativeAbiCheck.Finding::mismatch)) {
                String last = findings.isEmpty() ? "before its first check" : "after: " + findings.getLast().text();
                findings.add(new NativeAbiCheck.Finding("mismatch", (exited ? "the ABI check (" + step + ") ended with exit code "
                        + p.exitValue() : "the ABI check (" + step + ") did not end within " + ABI_CHECK_DEADLINE.toSeconds() + " s")
                        + " " + last + " (output: " + String.join(" | ", lines.stream()
                                .filter(l -> !l.contains(NativeAbiCheck.LINE_PREFIX)).map(String::strip).filter(l -> !l.isEmpty())
                                .limit(12).toList()) + ")"));
            }
            return findings;
        } catch (IOException e) {
            return List.of(new NativeAbiCheck.Finding("mismatch", "cannot start " + cmd.getFirst() + ": " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of(new NativeAbiCheck.Finding("mismatch", "interrupted during the ABI check"));
        }
    }

    /**
     * Whether {@code mpiexec --version} names a launcher of the other family (Hydra's says HYDRA, Open MPI's says
     * Open MPI or OpenRTE); a launcher that names neither (a batch system's {@code srun}, say) is left to the job.
     */
    private NativeAbiCheck.Finding launcherFamily(Path dir) {
        String out = BoundedCommand.run(List.of(launch.mpiexec().toString(), "--version"), dir, Duration.ofSeconds(20));
        String first = out.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
        java.util.regex.Matcher other = NativeAbi.forLibrary(abi.id().equals("mpich") ? "openmpi" : "mpich")
                .launcherPattern().matcher(out);
        if (!abi.launcherPattern().matcher(out).find() && other.find()) {
            return new NativeAbiCheck.Finding("mismatch", launch.mpiexec() + " is a launcher of the other family ('" + first
                    + "'), not " + abi.displayName() + "'s: give the library's own with --mpiexec");
        }
        return new NativeAbiCheck.Finding("info", "launcher " + launch.mpiexec() + ": " + first);
    }

    /** The environment of the launcher (and so of the ranks): the library's needs, the transport, the launch's own. */
    private java.util.Map<String, String> environment() {
        java.util.Map<String, String> env = new java.util.HashMap<>(abi.rankEnvironment());
        env.putAll(abi.transportEnvironment(launch.transport()));
        env.putAll(launch.launcherEnvironment());
        return env;
    }

    @Override
    public RunOutcome runOnce(Scenario scenario) {
        long start = System.nanoTime();
        Optional<String> missing = unavailable();
        if (missing.isPresent()) return new RunOutcome.Crashed(missing.get(), System.nanoTime() - start);
        return launch(scenario, start);
    }

    /** The scenario's deadline on this target: its own, times the transport's factor. */
    private Duration deadline(Scenario scenario) {
        return scenario.deadline().multipliedBy(launch.transport().deadlineFactor());
    }

    /** Runs {@code scenario} once, the checks of {@link #unavailable} taken as passed. */
    private RunOutcome launch(Scenario scenario, long start) {
        Path dir;
        try {
            dir = Files.createTempDirectory("mpiverify-" + id() + "-");
        } catch (IOException e) {
            return new RunOutcome.Crashed("cannot create a run directory: " + e, System.nanoTime() - start);
        }
        try {
            return run(scenario, dir, start);
        } finally {
            deleteTree(dir);
        }
    }

    /**
     * The command {@link #runOnce} starts: {@code mpiexec <options> [host file] -n N java ... RankProcess ...}. A
     * scenario with parameters ({@link Scenario#spec()} not null) goes by class and spec, even if its id
     * is in the catalog; the rank JVMs' class path is this JVM's plus wherever the scenario's class
     * came from. With a host list, the launcher gets {@code outDir/hosts} (which {@link #runOnce} writes), and the
     * ranks report through their output and dump themselves at their bound.
     */
    public List<String> command(Scenario scenario, Path outDir) {
        List<String> cmd = new ArrayList<>();
        cmd.add(launch.mpiexec().toString());
        cmd.addAll(abi.mpiexecOptions());
        if (launch.hosts() != null) {
            cmd.addAll(abi.hostFileOptions(outDir.resolve("hosts")));
            cmd.addAll(abi.rankOutputOptions(outDir.resolve(RANK_OUTPUT)));
        }
        cmd.addAll(List.of("-n", Integer.toString(scenario.ranks())));
        cmd.addAll(javaCommand(List.of(scenario.getClass()), scenario.measures(), launch.transport().deadlineFactor()));
        cmd.addAll(List.of("--library", abi.id(), "--lib", launch.library().toString()));
        String spec = scenario.spec();
        if (spec != null) {
            if (spec.isEmpty() || spec.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException(scenario.id() + ".spec() must be non-empty without whitespace: '" + spec + "'");
            }
            cmd.addAll(List.of("--scenario-class", scenario.getClass().getName(), "--scenario-spec", spec));
        } else if (ScenarioLookup.findableById(scenario)) {
            cmd.addAll(List.of("--scenario", scenario.id()));
        } else {
            cmd.addAll(List.of("--scenario-class", scenario.getClass().getName()));
        }
        cmd.addAll(List.of("--out", outDir.toString()));
        if (launch.hosts() != null) {
            cmd.addAll(List.of("--report", "stdout", "--dump-after",
                    Long.toString(deadline(scenario).plus(LAUNCH_ALLOWANCE.dividedBy(2)).toMillis())));
        }
        return cmd;
    }

    private RunOutcome run(Scenario scenario, Path dir, long start) {
        Path log = dir.resolve("output.log");
        boolean remote = launch.hosts() != null;
        List<String> command;
        try {
            if (remote) launch.hosts().writeFor(abi, dir);
            command = command(scenario, dir);
        } catch (IllegalArgumentException | IOException e) {
            return new RunOutcome.Crashed("cannot start " + scenario.id() + ": " + e.getMessage(), System.nanoTime() - start);
        }
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(environment());
        Process launcher;
        try {
            ChildProcessCleanup.installOnce();
            launcher = pb.start();
            launcher.getOutputStream().close();
        } catch (IOException e) {
            return new RunOutcome.Crashed("cannot start " + launch.mpiexec() + ": " + e, System.nanoTime() - start);
        }
        ProcessTree tree = new ProcessTree(launcher);
        // on other hosts the ranks dump themselves at their bound and end: the launcher then ends too
        Duration bound = deadline(scenario).plus(LAUNCH_ALLOWANCE).plus(remote ? REMOTE_DUMP_ALLOWANCE : Duration.ZERO);
        boolean exited;
        try {
            exited = launcher.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            List<ProcessHandle> all = tree.descendants();
            tree.killAll(all, tree.rankJvms(all));
            return new RunOutcome.Crashed("interrupted while waiting for the ranks; processes killed", System.nanoTime() - start);
        }
        if (!exited) {
            List<ProcessHandle> all = tree.descendants();
            List<ProcessHandle> ranks = tree.rankJvms(all);
            String stacks = ranks.isEmpty() && remote ? "" : tree.threadDumps(ranks, dir, abi.rankVariable());
            List<Long> survivors = tree.killAll(all, ranks);
            String header = "deadline of " + bound.toMillis() + " ms exceeded ("
                    + deadline(scenario).toMillis() + " ms scenario + " + LAUNCH_ALLOWANCE.toMillis() + " ms launch"
                    + (remote ? " + " + REMOTE_DUMP_ALLOWANCE.toMillis() + " ms for remote dumps" : "") + ") on "
                    + describe() + "; killed pids " + Stream.concat(all.stream(), Stream.of(launcher.toHandle()))
                    .map(p -> Long.toString(p.pid())).toList()
                    + (survivors.isEmpty() ? " (all gone)" : "; STILL ALIVE: " + survivors) + "\n";
            List<String> output = output(dir, log, remote);
            String evidence = hungInFinalize(scenario, dir, output, remote) + header + stacks + rankDumps(output)
                    + "=== launcher output (last lines) ===\n" + tail(lines(log));
            long nanos = System.nanoTime() - start;
            return failedRank(scenario, reports(dir, output, remote), evidence, nanos)
                    .orElseGet(() -> new RunOutcome.Hung(evidence, nanos));
        }
        // mpiexec is gone; anything it left behind must go too
        List<ProcessHandle> leftovers = tree.descendants();
        List<Long> survivors = leftovers.isEmpty() ? List.of() : tree.killAll(leftovers, tree.rankJvms(leftovers));
        int exit = launcher.exitValue();
        List<String> output = output(dir, log, remote);
        java.util.Map<Integer, RankReport> written = reports(dir, output, remote);
        List<Integer> missingRanks = new ArrayList<>();
        List<RankReport> reports = new ArrayList<>();
        for (int r = 0; r < scenario.ranks(); r++) {
            if (written.containsKey(r)) reports.add(written.get(r));
            else missingRanks.add(r);
        }
        long nanos = System.nanoTime() - start;
        if (exit == 0 && missingRanks.isEmpty() && leftovers.isEmpty()) return new RunOutcome.Completed(reports, nanos);
        String dumps = rankDumps(output);
        String crash = launch.mpiexec().getFileName() + " exited with " + exit
                + (missingRanks.isEmpty() ? "" : "; no report from ranks " + missingRanks)
                + (leftovers.isEmpty() ? "" : "; killed leftover pids " + leftovers.stream().map(ProcessHandle::pid).toList()
                        + (survivors.isEmpty() ? "" : ", STILL ALIVE: " + survivors))
                + "\n" + dumps + "=== launcher output (last lines) ===\n" + tail(lines(log));
        // ranks that dumped themselves at a bound were still running there (in the scenario, or in MPI_Finalize): a hang
        RunOutcome otherwise = dumps.isEmpty() ? new RunOutcome.Crashed(crash, nanos)
                : new RunOutcome.Hung(hungInFinalize(scenario, dir, output, remote) + "ranks still running at a bound dumped "
                        + "their threads and ended; " + crash, nanos);
        return failedRank(scenario, written, crash, nanos).orElse(otherwise);
    }

    /**
     * The reports the ranks wrote: files in {@code dir} (ranks on this host), or, with a host list, the texts they
     * printed ({@link RankOutput}). A report that does not parse is treated as missing.
     */
    private static java.util.Map<Integer, RankReport> reports(Path dir, List<String> output, boolean remote) {
        return reports(dir, output, remote, RankOutput.Kind.REPORT);
    }

    /** As {@link #reports(Path, List, boolean)}, of {@code kind}: the final reports, or those from before {@code MPI_Finalize}. */
    private static java.util.Map<Integer, RankReport> reports(Path dir, List<String> output, boolean remote, RankOutput.Kind kind) {
        java.util.Map<Integer, RankReport> m = new java.util.TreeMap<>();
        if (remote) {
            for (var e : RankOutput.read(output, kind).entrySet()) {
                try {
                    m.put(e.getKey(), ReportCodec.decode(e.getValue().strip()));
                } catch (RuntimeException bad) {
                    // unreadable: treated as missing
                }
            }
            return m;
        }
        try (Stream<Path> files = Files.list(dir)) {
            String name = kind == RankOutput.Kind.RAN ? "rank-\\d+\\.ran\\.json" : "rank-\\d+\\.json";
            for (Path f : files.filter(f -> f.getFileName().toString().matches(name)).toList()) {
                try {
                    RankReport r = ReportCodec.decode(Files.readString(f).strip());
                    m.put(r.rank(), r);
                } catch (IOException | RuntimeException bad) {
                    // unreadable: treated as missing
                }
            }
        } catch (IOException e) {
            // no folder: no reports
        }
        return m;
    }

    /**
     * For a run that hung: if every rank had finished the scenario (each wrote its report from before
     * {@code MPI_Finalize}) and none failed, a first line saying so, with the scenario's own verdict on those
     * reports, and which ranks did not get out of {@code MPI_Finalize}; else empty. A library that hangs in
     * {@code MPI_Finalize} is still a HANG, but the reader learns that the scenario's checks themselves held.
     */
    private static String hungInFinalize(Scenario scenario, Path dir, List<String> output, boolean remote) {
        java.util.Map<Integer, RankReport> ran = reports(dir, output, remote, RankOutput.Kind.RAN);
        if (ran.size() != scenario.ranks() || ran.values().stream().anyMatch(RankReport::failed)) return "";
        java.util.Set<Integer> done = reports(dir, output, remote).keySet();
        List<Integer> stuck = ran.keySet().stream().filter(r -> !done.contains(r)).toList();
        String judged;
        try {
            var v = scenario.judge(List.copyOf(ran.values()));
            judged = v.outcome() + ": " + v.summary();
        } catch (RuntimeException e) {
            judged = "its judge threw " + e;
        }
        return "every rank finished the scenario (its verdict on their reports: " + judged + "), then rank"
                + (stuck.size() == 1 ? " " : "s ") + stuck + " hung in MPI_Finalize\n";
    }

    /** The thread dumps ranks printed themselves at a bound ({@link RankWatchdog}), or empty. */
    private static String rankDumps(List<String> output) {
        StringBuilder sb = new StringBuilder();
        RankOutput.read(output, RankOutput.Kind.DUMP).values().forEach(d -> sb.append(d).append('\n'));
        return sb.toString();
    }

    /**
     * A run that hung or ended abnormally after a rank had reported its own failure is judged by that
     * failure, as for MPJ Express: the failed rank aborts the job (or its peers wait for it until the
     * deadline), and the wait or the abort is the consequence, not the finding. The ranks without a
     * report get one saying so, with the launcher's evidence. Empty if no rank reported a failure.
     */
    static Optional<RunOutcome> failedRank(Scenario scenario, java.util.Map<Integer, RankReport> written, String evidence,
                                           long nanos) {
        RankReport first = written.values().stream().filter(RankReport::failed).findFirst().orElse(null);
        if (first == null) return Optional.empty();
        List<RankReport> reports = new ArrayList<>();
        for (int r = 0; r < scenario.ranks(); r++) {
            reports.add(written.containsKey(r) ? written.get(r) : new RankReport(r, java.util.Map.of(), List.of(),
                    "ERR_ABORTED: no report after rank " + first.rank() + " failed (aborted or left waiting for it)\n"
                            + evidence));
        }
        return Optional.of(new RunOutcome.Completed(reports, nanos));
    }

    /**
     * {@code java} of this JVM with {@link #rankClassPath}, running {@link RankProcess}; with a deadline factor above 1,
     * the rank's scenarios get it ({@link org.mpiverify.harness.scenario.DeadlineScale}).
     */
    private static List<String> javaCommand(List<Class<?>> needed, boolean measures, int deadlineFactor) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-Xss1m"));
        if (deadlineFactor > 1) cmd.add("-D" + org.mpiverify.harness.scenario.DeadlineScale.PROPERTY + "=" + deadlineFactor);
        if (!measures) {
            // small, quick-starting rank JVMs for checks: two cores are shared by every rank and the driver
            cmd.add("-XX:TieredStopAtLevel=1");
        }
        cmd.addAll(List.of("-cp", rankClassPath(System.getProperty("java.class.path"), needed),
                RankProcess.class.getName()));
        return cmd;
    }

    /**
     * This JVM's class path with every entry made absolute (a launcher may give relative ones, and
     * {@code mpiexec} need not start ranks in this directory), followed by the code source of each
     * {@code needed} class (and of {@link RankProcess}) not already on it: a scenario may come from a
     * module whose classes this JVM found some other way (a manifest-only jar, a custom loader).
     */
    static String rankClassPath(String classPath, List<Class<?>> needed) {
        LinkedHashSet<String> entries = new LinkedHashSet<>();
        for (String e : classPath.split(File.pathSeparator)) {
            if (!e.isBlank()) entries.add(Path.of(e).toAbsolutePath().normalize().toString());
        }
        List<Class<?>> all = new ArrayList<>(needed);
        all.add(RankProcess.class);
        for (Class<?> c : all) {
            codeSource(c).ifPresent(entries::add);
        }
        return String.join(File.pathSeparator, entries);
    }

    private static Optional<String> codeSource(Class<?> c) {
        try {
            CodeSource cs = c.getProtectionDomain().getCodeSource();
            if (cs == null || cs.getLocation() == null || !"file".equals(cs.getLocation().getProtocol())) return Optional.empty();
            return Optional.of(Path.of(cs.getLocation().toURI()).toAbsolutePath().normalize().toString());
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return Optional.empty(); // the class path alone must do
        }
    }

    /**
     * What a run printed: the launcher's output, then, with a host list, each rank's own stream where the launcher
     * kept one ({@link NativeAbi#rankOutputOptions}). A rank's chunk lines come whole from its stream and may be cut
     * in the launcher's; {@link RankOutput#read} takes a rank's last complete text, so the stream's wins.
     */
    private static List<String> output(Path dir, Path log, boolean remote) {
        List<String> all = new ArrayList<>(lines(log));
        Path streams = dir.resolve(RANK_OUTPUT);
        if (remote && Files.isDirectory(streams)) {
            try (Stream<Path> s = Files.walk(streams)) {
                s.filter(p -> p.getFileName().toString().equals("stdout")).sorted().forEach(p -> all.addAll(lines(p)));
            } catch (IOException | java.io.UncheckedIOException e) {
                // the launcher's own output is still there
            }
        }
        return all;
    }

    /** The launcher's output, lines; empty if there is none. */
    private static List<String> lines(Path log) {
        try {
            return new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The last lines of the launcher's output, without the ranks' chunk lines ({@link RankOutput}). */
    private static String tail(List<String> output) {
        List<String> lines = RankOutput.withoutChunks(output);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - OUTPUT_TAIL_LINES), lines.size()));
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary folder is not worth failing a run for
        }
    }

    @Override
    public String toString() { return id(); }
}
