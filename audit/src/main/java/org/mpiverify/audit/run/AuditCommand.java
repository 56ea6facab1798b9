package org.mpiverify.audit.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.mpiverify.audit.locks.LockSummary;
import org.mpiverify.audit.locks.LocksOption;
import org.mpiverify.audit.report.AuditJson;
import org.mpiverify.audit.scenario.Verdict.Outcome;
import org.mpiverify.results.Provenance;
import org.mpiverify.results.Workspace;

/**
 * {@code ./mpiverify audit --target core|mpich|openmpi|mpj-multicore|mpj-niodev|all [--scenario ID[,ID]]
 * [--repeats N] [--full]}. Exit codes: 0 no safe configuration failed, hung or crashed (HAZARD and
 * UNSUPPORTED are allowed) and, when the whole catalog ran, every unsafe one was rejected; 1 otherwise, or
 * when a target is missing and {@code CI=true}; 2 usage error. A missing target without CI is a message
 * naming the Debian packages it needs.
 *
 * <p>{@code --locks} runs the lock auditor ({@code locks/}) in every JVM the target starts: the core's audit
 * in a child JVM under the agent (one report per configuration), MPJ Express's rank JVMs with it on their
 * command line (one report per JVM and run); then summarizes them in {@code out/locks/audit-<target>.md}.
 * Native libraries have no Java locks to watch and run without it.
 */
public final class AuditCommand {
    public static final String USAGE = "./mpiverify audit --target core|mpich|openmpi|mpj-multicore|mpj-niodev|all"
            + " [--scenario ID[,ID...]] [--repeats N] [--full] [--locks]";

    private AuditCommand() { }

    public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
        String target = null;
        List<String> scenarios = new ArrayList<>();
        int repeats = 0;
        boolean full = false;
        boolean locks = false;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--target" -> target = value(args, ++i, "--target");
                    case "--scenario" -> scenarios.addAll(Arrays.asList(value(args, ++i, "--scenario").split(",")));
                    case "--repeats" -> {
                        String v = value(args, ++i, "--repeats");
                        try {
                            repeats = Integer.parseInt(v);
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("--repeats needs a positive number, not '" + v + "'");
                        }
                        if (repeats < 1) throw new IllegalArgumentException("--repeats needs a positive number, not " + v);
                    }
                    case "--full" -> full = true;
                    case "--locks" -> locks = true;
                    default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'");
                }
            }
            if (target == null) throw new IllegalArgumentException("--target is required");
            List<String> ids = target.equals("all") ? AuditTargets.IDS : List.of(target);
            boolean fullRun = full;
            LocksOption lockAgent = locks ? LocksOption.of(AuditOutput.repoRoot()) : null;
            List<AuditTargets.Entry> entries = ids.stream().map(id -> AuditTargets.byId(id, fullRun, lockAgent)).toList();
            AuditRunner runner = new AuditRunner(new AuditRunner.Options(full, repeats, scenarios, out));
            runner.selected(); // unknown scenario ids are a usage error before anything runs
            boolean ci = "true".equalsIgnoreCase(env.getOrDefault("CI", ""));
            Path dir = AuditOutput.auditDir();
            int status = 0;
            for (AuditTargets.Entry e : entries) {
                if (e.unavailable().isPresent()) {
                    err.println("audit " + e.id() + ": not available: " + e.unavailable().get());
                    if (ci) status = 1;
                    continue;
                }
                if (lockAgent != null && e.id().equals("core")) {
                    status = Math.max(status, coreUnderAgent(args, lockAgent, out, err));
                    summarize(lockAgent, e.id(), out);
                    continue;
                }
                if (lockAgent != null && (e.id().equals("mpich") || e.id().equals("openmpi"))) {
                    out.println("audit " + e.id() + ": --locks does not apply (a native library: no Java locks to watch)");
                }
                var r = runner.runAndWrite(e.id(), e.implementation(), e.columns(), e.versions(), dir);
                List<String> problems = problems(r, scenarios.isEmpty());
                out.println("audit " + e.id() + ": " + AuditJson.verdictCounts(r) + "; wrote "
                        + dir.resolve(e.id() + ".{json,md,html}") + " and " + dir.resolve("junit"));
                problems.forEach(p -> out.println("  " + p));
                if (!problems.isEmpty()) status = 1;
                if (lockAgent != null && e.id().startsWith("mpj-")) summarize(lockAgent, e.id(), out);
            }
            return status;
        } catch (IllegalArgumentException e) {
            err.println("audit: " + e.getMessage());
            err.println("usage: " + USAGE);
            return 2;
        } catch (IOException e) {
            err.println("audit: cannot write results: " + e);
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("audit: interrupted");
            return 1;
        }
    }

    /**
     * The core's audit under the lock auditor: this command again, for the core only and without
     * {@code --locks}, in a child JVM started with the agent (so the core's own classes are rewritten as
     * they load); the child writes a lock report per configuration ({@link org.mpiverify.audit.locks.LockSegments}).
     */
    private static int coreUnderAgent(String[] args, LocksOption locks, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseParallelGC",
                locks.javaAgentArgument(LocksOption.CORE_WATCH, "core", "audit-core/_exit")));
        for (String p : List.of(Workspace.ROOT_PROPERTY, Workspace.OUT_PROPERTY)) {
            Workspace.property(p).ifPresent(v -> cmd.add("-D" + p + "=" + v));
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), AuditCommand.class.getName()));
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--locks")) continue;
            if (args[i].equals("--target")) {
                i++;
                continue;
            }
            cmd.add(args[i]);
        }
        cmd.addAll(List.of("--target", "core"));
        out.println("audit core: under the lock auditor, in a child JVM");
        out.flush();
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        return p.waitFor();
    }

    private static void summarize(LocksOption locks, String target, PrintStream out) throws IOException {
        Path md = LockSummary.write(locks.outDir(), target, Provenance.now(AuditOutput.repoRoot(), Map.of()));
        out.println("audit " + target + ": lock audit summarized in " + md);
    }

    /**
     * Safe configurations that failed, hung or crashed, and (when the whole catalog ran, {@code wholeCatalog})
     * unsafe ones that no scenario rejected.
     */
    static List<String> problems(TargetResult r, boolean wholeCatalog) {
        List<String> l = new ArrayList<>();
        for (ColumnResult c : r.columns()) {
            if (c.unsafe()) {
                if (!wholeCatalog) continue;
                boolean rejected = c.cells().stream().anyMatch(x -> x.verdict() == Outcome.FAIL
                        || x.verdict() == Outcome.HANG || x.verdict() == Outcome.CRASH);
                if (!rejected) l.add("unsafe configuration " + c.name() + " was not rejected by any scenario run");
            } else {
                c.cells().stream().filter(x -> x.verdict() == Outcome.FAIL || x.verdict() == Outcome.HANG
                                || x.verdict() == Outcome.CRASH)
                        .forEach(x -> l.add(x.verdict() + " " + c.name() + " " + x.id() + ": " + x.summary()));
            }
        }
        return l;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length || args[i].startsWith("--")) throw new IllegalArgumentException(option + " needs a value");
        return args[i];
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, System.getenv()));
    }
}
