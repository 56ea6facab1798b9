package org.mpiverify.audit.nativempi;

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
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.mpiverify.audit.scenario.RankReport;
import org.mpiverify.audit.scenario.ReportCodec;
import org.mpiverify.audit.scenario.Scenario;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.audit.target.AuditTarget;
import org.mpiverify.audit.target.ChildProcessCleanup;
import org.mpiverify.audit.target.RunOutcome;

/**
 * MPICH or Open MPI as an audit target: each run starts {@code scenario.ranks()} JVMs with the
 * library's own {@code mpiexec}, each running {@link RankProcess} on a {@link NativeMpi}, and
 * collects their {@code rank-<r>.json} reports. Past the deadline it takes every rank JVM's thread
 * dump and kills the process tree ({@link ProcessTree}).
 *
 * <p>The deadline covers the whole launch: {@code scenario.deadline()} plus {@link #LAUNCH_ALLOWANCE}
 * for starting the launcher and the JVMs on a busy two-core machine.
 */
public final class NativeTarget implements AuditTarget {
    /** Time to start mpiexec and the rank JVMs, on top of the scenario's own deadline. */
    public static final Duration LAUNCH_ALLOWANCE = Duration.ofSeconds(6);
    private static final int OUTPUT_TAIL_LINES = 40;

    private final NativeAbi abi;
    /**
     * Library version, asked once of the library in a child JVM: the driver never loads a native MPI
     * library, whose UCX/PMI state and signal handlers have no business in the audit's own JVM.
     */
    private volatile String description;

    private NativeTarget(NativeAbi abi) { this.abi = abi; }

    public static NativeTarget mpich() { return new NativeTarget(NativeAbi.forLibrary("mpich")); }

    public static NativeTarget openmpi() { return new NativeTarget(NativeAbi.forLibrary("openmpi")); }

    public NativeAbi abi() { return abi; }

    @Override
    public String id() { return abi.id(); }

    @Override
    public Optional<String> unavailable() { return abi.unavailable(); }

    /** For example {@code "MPICH Version: 4.0.2 ..."}: the first line of {@code MPI_Get_library_version}. */
    @Override
    public String describe() {
        String d = description;
        if (d == null) description = d = askLibraryVersion(); // a race computes it twice: harmless
        return d;
    }

    private String askLibraryVersion() {
        if (unavailable().isPresent()) return abi.displayName() + " (not installed)";
        try {
            Path dir = Files.createTempDirectory("mpiverify-" + id() + "-version-");
            try {
                Path log = dir.resolve("output.log");
                List<String> cmd = new ArrayList<>(javaCommand(List.of(), false));
                cmd.addAll(List.of("--library", id(), "--version"));
                ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
                pb.environment().putAll(abi.rankEnvironment());
                ChildProcessCleanup.installOnce();
                Process p = pb.start();
                p.getOutputStream().close();
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    new ProcessTree(p).killAll(List.of(), List.of());
                    return abi.displayName() + " (version query timed out)";
                }
                List<String> lines = Files.readAllLines(log).stream().map(String::strip).filter(l -> !l.isEmpty()).toList();
                if (p.exitValue() != 0 || lines.isEmpty()) {
                    return abi.displayName() + " (version query failed, exit " + p.exitValue() + ": " + String.join(" | ", lines) + ")";
                }
                return lines.getFirst().replaceAll("\\s+", " ");
            } finally {
                deleteTree(dir);
            }
        } catch (IOException e) {
            return abi.displayName() + " (version query failed: " + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return abi.displayName() + " (version query interrupted)";
        }
    }

    @Override
    public RunOutcome runOnce(Scenario scenario) {
        long start = System.nanoTime();
        Optional<String> missing = unavailable();
        if (missing.isPresent()) return new RunOutcome.Crashed(missing.get(), System.nanoTime() - start);
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
     * The command {@link #runOnce} starts: {@code mpiexec <options> -n N java ... RankProcess ...}. A
     * scenario with parameters ({@link Scenario#spec()} not null) goes by class and spec, even if its id
     * is in the catalog; the rank JVMs' class path is this JVM's plus wherever the scenario's class
     * came from.
     */
    public List<String> command(Scenario scenario, Path outDir) {
        List<String> cmd = new ArrayList<>();
        cmd.add(abi.mpiexec().toString());
        cmd.addAll(abi.mpiexecOptions());
        cmd.addAll(List.of("-n", Integer.toString(scenario.ranks())));
        cmd.addAll(javaCommand(List.of(scenario.getClass()), scenario.measures()));
        cmd.addAll(List.of("--library", id()));
        String spec = scenario.spec();
        if (spec != null) {
            if (spec.isEmpty() || spec.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException(scenario.id() + ".spec() must be non-empty without whitespace: '" + spec + "'");
            }
            cmd.addAll(List.of("--scenario-class", scenario.getClass().getName(), "--scenario-spec", spec));
        } else if (inCatalog(scenario)) {
            cmd.addAll(List.of("--scenario", scenario.id()));
        } else {
            cmd.addAll(List.of("--scenario-class", scenario.getClass().getName()));
        }
        cmd.addAll(List.of("--out", outDir.toString()));
        return cmd;
    }

    private RunOutcome run(Scenario scenario, Path dir, long start) {
        Path log = dir.resolve("output.log");
        List<String> command;
        try {
            command = command(scenario, dir);
        } catch (IllegalArgumentException e) {
            return new RunOutcome.Crashed("cannot start " + scenario.id() + ": " + e.getMessage(), System.nanoTime() - start);
        }
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(abi.rankEnvironment());
        Process launcher;
        try {
            ChildProcessCleanup.installOnce();
            launcher = pb.start();
            launcher.getOutputStream().close();
        } catch (IOException e) {
            return new RunOutcome.Crashed("cannot start " + abi.mpiexec() + ": " + e, System.nanoTime() - start);
        }
        ProcessTree tree = new ProcessTree(launcher);
        boolean exited;
        try {
            exited = launcher.waitFor(scenario.deadline().plus(LAUNCH_ALLOWANCE).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            List<ProcessHandle> all = tree.descendants();
            tree.killAll(all, tree.rankJvms(all));
            return new RunOutcome.Crashed("interrupted while waiting for the ranks; processes killed", System.nanoTime() - start);
        }
        if (!exited) {
            List<ProcessHandle> all = tree.descendants();
            List<ProcessHandle> ranks = tree.rankJvms(all);
            String stacks = tree.threadDumps(ranks, dir, abi.rankVariable());
            List<Long> survivors = tree.killAll(all, ranks);
            String header = "deadline of " + scenario.deadline().plus(LAUNCH_ALLOWANCE).toMillis() + " ms exceeded ("
                    + scenario.deadline().toMillis() + " ms scenario + " + LAUNCH_ALLOWANCE.toMillis() + " ms launch) on "
                    + abi.displayName() + "; killed pids " + Stream.concat(all.stream(), Stream.of(launcher.toHandle()))
                    .map(p -> Long.toString(p.pid())).toList()
                    + (survivors.isEmpty() ? " (all gone)" : "; STILL ALIVE: " + survivors) + "\n";
            String evidence = header + stacks + "=== launcher output (last lines) ===\n" + tail(log);
            long nanos = System.nanoTime() - start;
            return failedRank(scenario, dir, evidence, nanos).orElseGet(() -> new RunOutcome.Hung(evidence, nanos));
        }
        // mpiexec is gone; anything it left behind must go too
        List<ProcessHandle> leftovers = tree.descendants();
        List<Long> survivors = leftovers.isEmpty() ? List.of() : tree.killAll(leftovers, tree.rankJvms(leftovers));
        int exit = launcher.exitValue();
        List<RankReport> reports = new ArrayList<>();
        List<Integer> missingRanks = new ArrayList<>();
        String unreadable = null;
        for (int r = 0; r < scenario.ranks(); r++) {
            Path f = dir.resolve("rank-" + r + ".json");
            try {
                if (Files.isRegularFile(f)) reports.add(ReportCodec.decode(Files.readString(f).strip()));
                else missingRanks.add(r);
            } catch (IOException | RuntimeException e) {
                unreadable = f + ": " + e;
                missingRanks.add(r);
            }
        }
        long nanos = System.nanoTime() - start;
        if (exit == 0 && missingRanks.isEmpty() && leftovers.isEmpty()) return new RunOutcome.Completed(reports, nanos);
        String crash = abi.mpiexec().getFileName() + " exited with " + exit
                + (missingRanks.isEmpty() ? "" : "; no report from ranks " + missingRanks)
                + (unreadable == null ? "" : "; unreadable report " + unreadable)
                + (leftovers.isEmpty() ? "" : "; killed leftover pids " + leftovers.stream().map(ProcessHandle::pid).toList()
                        + (survivors.isEmpty() ? "" : ", STILL ALIVE: " + survivors))
                + "\n=== launcher output (last lines) ===\n" + tail(log);
        return failedRank(scenario, dir, crash, nanos).orElseGet(() -> new RunOutcome.Crashed(crash, nanos));
    }

    /**
     * A run that hung or ended abnormally after a rank had reported its own failure is judged by that
     * failure, as for MPJ Express: the failed rank aborts the job (or its peers wait for it until the
     * deadline), and the wait or the abort is the consequence, not the finding. The ranks without a
     * report get one saying so, with the launcher's evidence. Empty if no rank reported a failure.
     */
    static java.util.Optional<RunOutcome> failedRank(Scenario scenario, Path dir, String evidence, long nanos) {
        RankReport[] written = new RankReport[scenario.ranks()];
        RankReport first = null;
        for (int r = 0; r < scenario.ranks(); r++) {
            Path f = dir.resolve("rank-" + r + ".json");
            try {
                if (Files.isRegularFile(f)) written[r] = ReportCodec.decode(Files.readString(f).strip());
            } catch (IOException | RuntimeException e) {
                written[r] = null;   // unreadable: treated as missing
            }
            if (written[r] != null && written[r].failed() && first == null) first = written[r];
        }
        if (first == null) return java.util.Optional.empty();
        List<RankReport> reports = new ArrayList<>();
        for (int r = 0; r < written.length; r++) {
            reports.add(written[r] != null ? written[r] : new RankReport(r, java.util.Map.of(), List.of(),
                    "ERR_ABORTED: no report after rank " + first.rank() + " failed (aborted or left waiting for it)\n"
                            + evidence));
        }
        return java.util.Optional.of(new RunOutcome.Completed(reports, nanos));
    }

    /** {@code java} of this JVM with {@link #rankClassPath}, running {@link RankProcess}. */
    private static List<String> javaCommand(List<Class<?>> needed, boolean measures) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-Xss1m"));
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

    /** Whether rank processes can find this scenario by id (the same class under that id in the catalog). */
    private static boolean inCatalog(Scenario scenario) {
        try {
            return ScenarioCatalog.byId(scenario.id()).getClass() == scenario.getClass();
        } catch (NoSuchElementException e) {
            return false;
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - OUTPUT_TAIL_LINES), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
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
