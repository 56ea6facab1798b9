package org.mpiverify.audit.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.audit.report.AuditJson;
import org.mpiverify.audit.report.ColumnResult;
import org.mpiverify.audit.report.TargetResult;
import org.mpiverify.locks.command.LockSummary;
import org.mpiverify.locks.command.LocksOption;
import org.mpiverify.results.Console;
import org.mpiverify.results.Provenance;

/**
 * {@code ./mpiverify audit --target core|mpich|mpich-tcp|openmpi|openmpi-tcp|mpj-multicore|mpj-niodev|all[,...]
 * [--scenario ID[,ID]] [--repeats N] [--full] [--locks] [--lib FILE [--mpiexec FILE]] [--hosts FILE]} (the CLI parses the
 * command line). Exit codes: 0 no safe configuration failed,
 * hung or crashed (HAZARD and UNSUPPORTED are allowed) and, when the whole catalog ran, every unsafe one was rejected; 1 otherwise, or
 * when a target is missing and {@code CI=true}; 2 usage error. A missing target without CI is a message
 * naming the Debian packages it needs.
 *
 * <p>With {@code --locks}, the lock auditor ({@code locks/}) runs in every JVM the target starts: the core's
 * audit in a child JVM under the agent (one report per configuration, {@link CoreUnderAgent}), MPJ Express's
 * rank JVMs with it on their command line (one report per JVM and run); then {@link LockSummary} sums them
 * up in {@code out/locks/audit-<target>.md}. Native libraries have no Java locks to watch and run without it.
 */
public final class AuditCommand {
    /**
     * What to audit.
     *
     * @param target        an id of {@link AuditTargets#IDS}, several comma-separated, or {@code all}
     * @param scenarios     scenario ids (empty: the whole catalog)
     * @param repeats       runs per scenario, at least 1 (null: each scenario's own)
     * @param full          the full number of runs
     * @param locks         run the lock auditor in every JVM the target starts
     * @param nativeOptions where the native targets find their library and run ({@code --lib}, {@code --mpiexec},
     *                      {@code --hosts})
     * @param ci            a target that is not available is an error (the environment's {@code CI=true})
     */
    public record Options(String target, List<String> scenarios, Integer repeats, boolean full, boolean locks,
                          AuditTargets.NativeOptions nativeOptions, boolean ci) {
        public Options {
            if (target == null || target.isBlank()) throw new IllegalArgumentException("--target needs a target");
            scenarios = List.copyOf(scenarios);
            if (repeats != null && repeats < 1) {
                throw new IllegalArgumentException("--repeats must be in [1, " + Integer.MAX_VALUE + "], not " + repeats);
            }
            if (nativeOptions == null) nativeOptions = AuditTargets.NativeOptions.DEFAULTS;
        }
    }

    private AuditCommand() { }

    /**
     * Audits the targets of {@code o}. A bad target or scenario id is a usage error (2), reported before anything
     * runs; so is a library given by path that the ABI check refuses, with the check's reasons.
     */
    public static int run(Options o, Console console) {
        PrintStream out = console.out();
        PrintStream err = console.err();
        String target = o.target();
        List<String> scenarios = o.scenarios();
        int repeats = o.repeats() == null ? 0 : o.repeats();
        boolean full = o.full();
        AuditTargets.NativeOptions nativeOptions = o.nativeOptions();
        try {
            List<String> ids = target.equals("all") ? AuditTargets.IDS : List.of(target.split(","));
            boolean fullRun = full;
            LocksOption lockAgent = o.locks() ? LocksOption.of(AuditOutput.repoRoot()) : null;
            for (String id : ids) {
                if (!AuditTargets.IDS.contains(id)) AuditTargets.byId(id, full, lockAgent); // the unknown-id message
            }
            List<AuditTargets.Entry> entries = ids.stream().map(id -> AuditTargets.byId(id, fullRun, lockAgent, nativeOptions)).toList();
            AuditRunner runner = new AuditRunner(new AuditRunner.Options(full, repeats, scenarios, console));
            runner.selected(); // unknown scenario ids are a usage error before anything runs
            Path dir = AuditOutput.auditDir();
            int status = 0;
            for (AuditTargets.Entry e : entries) {
                if (e.unavailable().isPresent()) {
                    err.println("audit " + e.id() + ": not available: " + e.unavailable().get());
                    if (nativeOptions.library() != null || nativeOptions.mpiexec() != null) status = Math.max(status, 2);
                    else if (o.ci()) status = Math.max(status, 1);
                    continue;
                }
                if (lockAgent != null && e.id().equals("core")) {
                    status = Math.max(status, CoreUnderAgent.run(lockAgent, scenarios, repeats, full, out));
                    summarize(lockAgent, e.id(), out);
                    continue;
                }
                if (lockAgent != null && AuditTargets.NATIVE_IDS.contains(e.id())) {
                    out.println("audit " + e.id() + ": --locks does not apply (a native library: no Java locks to watch)");
                }
                var r = runner.runAndWrite(e.id(), e.implementation(), e.columns(), e.versions(), dir);
                List<String> problems = problems(r, scenarios.isEmpty());
                out.println("audit " + e.id() + ": " + AuditJson.verdictCounts(r) + "; wrote "
                        + dir.resolve(e.id() + ".{json,md,html}") + " and " + dir.resolve("junit"));
                problems.forEach(p -> out.println("  " + p));
                if (!problems.isEmpty()) status = Math.max(status, 1);
                if (lockAgent != null && e.id().startsWith("mpj-")) summarize(lockAgent, e.id(), out);
            }
            return status;
        } catch (IllegalArgumentException e) {
            err.println("audit: " + e.getMessage());
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
                boolean rejected = c.cells().stream().anyMatch(x -> x.verdict().isFailure());
                if (!rejected) l.add("unsafe configuration " + c.name() + " was not rejected by any scenario run");
            } else {
                c.cells().stream().filter(x -> x.verdict().isFailure())
                        .forEach(x -> l.add(x.verdict() + " " + c.name() + " " + x.id() + ": " + x.summary()));
            }
        }
        return l;
    }
}
