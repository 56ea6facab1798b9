package org.mpiverify.audit.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.audit.report.AuditJson;

/**
 * {@code ./mpiverify audit --target core|mpich|openmpi|mpj-multicore|mpj-niodev|all [--scenario ID[,ID]]
 * [--repeats N] [--full]} (the CLI parses the command line). Exit codes: 0 no safe configuration failed,
 * hung or crashed (HAZARD and UNSUPPORTED are allowed) and, when the whole catalog ran, every unsafe one was rejected; 1 otherwise, or
 * when a target is missing and {@code CI=true}; 2 usage error. A missing target without CI is a message
 * naming the Debian packages it needs.
 */
public final class AuditCommand {
    private AuditCommand() { }

    /**
     * Audits {@code target} (an id of {@link AuditTargets#IDS}, or {@code all}) with the options the CLI
     * parsed: {@code scenarios} (empty: the whole catalog), {@code repeats} (0: each scenario's own),
     * {@code full}. A bad target or scenario id is a usage error (2), reported before anything runs.
     */
    public static int run(String target, List<String> scenarios, int repeats, boolean full, PrintStream out,
                          PrintStream err, Map<String, String> env) {
        try {
            if (repeats < 0) throw new IllegalArgumentException("--repeats needs a positive number, not " + repeats);
            List<String> ids = target.equals("all") ? AuditTargets.IDS : List.of(target);
            boolean fullRun = full;
            List<AuditTargets.Entry> entries = ids.stream().map(id -> AuditTargets.byId(id, fullRun)).toList();
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
                var r = runner.runAndWrite(e.id(), e.implementation(), e.columns(), e.versions(), dir);
                List<String> problems = problems(r, scenarios.isEmpty());
                out.println("audit " + e.id() + ": " + AuditJson.verdictCounts(r) + "; wrote "
                        + dir.resolve(e.id() + ".{json,md,html}") + " and " + dir.resolve("junit"));
                problems.forEach(p -> out.println("  " + p));
                if (!problems.isEmpty()) status = 1;
            }
            return status;
        } catch (IllegalArgumentException e) {
            err.println("audit: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("audit: cannot write results: " + e);
            return 1;
        }
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
