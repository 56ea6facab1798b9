package org.mpiverify.audit.cscenario;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.audit.race.RaceTool;
import org.mpiverify.audit.run.AuditOutput;
import org.mpiverify.harness.nativempi.CProgram;
import org.mpiverify.harness.scenario.Verdict;

/**
 * {@code ./mpiverify audit --target mpich|openmpi[,...] --c [--race helgrind|drd|tsan] [--scenario ID,...] [--lib FILE
 * [--mpiexec FILE]]}: the C scenarios on a native library ({@link CAudit}), written to {@code
 * out/audit/c-<library>[-<tool>].{md,json}}. Exit codes: 0 when every C scenario's verdict is one the Java binding's
 * audit records for it on that library ({@code audit/expected-verdicts.json}: the two must agree, or the difference
 * is a finding about the binding); 1 otherwise, or when a library is missing and {@code CI=true}; 2 for a usage error.
 * Races are reported, not counted in the exit status: the stock libraries show races that are neither attributed nor
 * suppressed yet.
 */
public final class CAuditCommand {
    /** The targets that have C scenarios: the native libraries over their default transport. */
    public static final List<String> TARGETS = List.of("mpich", "openmpi");

    private CAuditCommand() { }

    public static int run(String target, List<String> scenarioIds, String race, Path lib, Path mpiexec, PrintStream out,
                          PrintStream err, Map<String, String> env) {
        try {
            List<String> ids = target.equals("all") ? TARGETS : List.of(target.split(","));
            for (String id : ids) {
                if (!TARGETS.contains(id)) {
                    throw new IllegalArgumentException("--c runs on " + String.join(", ", TARGETS) + ", not " + id);
                }
            }
            if (lib != null && ids.size() != 1) throw new IllegalArgumentException("--lib names one library: give one target");
            RaceTool tool = race == null ? null : RaceTool.of(race);
            // TSan on a library not built with it is a usage error, found before anything is loaded or compiled
            if (tool == RaceTool.TSAN) tool.unavailableFor(lib).ifPresent(why -> { throw new IllegalArgumentException(why); });
            Path root = AuditOutput.repoRoot();
            List<CScenario> all = CScenarios.load(root);
            List<CScenario> chosen = new ArrayList<>();
            if (scenarioIds.isEmpty()) chosen.addAll(all);
            Map<String, String> notInC = CScenarios.notInC(root);
            for (String s : scenarioIds) {
                if (notInC.containsKey(s)) {
                    throw new IllegalArgumentException("'" + s + "' has no C program: " + notInC.get(s));
                }
                chosen.add(all.stream().filter(c -> c.id().equals(s)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                        "no C scenario '" + s + "'; the C scenarios are " + all.stream().map(CScenario::id).toList())));
            }
            boolean ci = "true".equalsIgnoreCase(env.getOrDefault("CI", ""));
            int status = 0;
            for (String id : ids) {
                CProgram program = new CProgram(id, lib, mpiexec);
                var missing = program.unavailable().or(() -> tool == null ? java.util.Optional.empty() : tool.unavailableFor(lib));
                if (missing.isPresent()) {
                    err.println("audit " + id + " --c: not available: " + missing.get());
                    status = Math.max(status, lib != null ? 2 : ci ? 1 : 0);
                    continue;
                }
                Path work = Files.createTempDirectory("mpiverify-c-" + id);
                try {
                    CAudit.Result r = new CAudit(program, root, out).run(chosen, tool, work);
                    Path md = CAuditReport.write(r, root, AuditOutput.auditDir());
                    out.println("audit " + id + " --c: wrote " + md + " and its .json");
                    for (CAudit.Row row : r.rows()) {
                        Verdict v = row.verdict();
                        var allowed = CScenarios.allowed(root, row.scenario().id(), id);
                        if (!allowed.contains(v.outcome().name())) {
                            var recorded = CAudit.allowed(root, row.scenario().id(), id);
                            out.println("  " + row.scenario().id() + ": the C program gave " + v.outcome() + " (" + v.summary()
                                    + "), the Java binding's audit records " + recorded + (allowed.size() > recorded.size()
                                            ? ", the C program's known difference " + CScenarios.differs(root, row.scenario().id(), id).keySet() : ""));
                            status = Math.max(status, 1);
                        }
                    }
                } finally {
                    deleteTree(work);
                }
            }
            return status;
        } catch (IllegalArgumentException e) {
            err.println("audit: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("audit --c: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("audit --c: interrupted");
            return 1;
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
