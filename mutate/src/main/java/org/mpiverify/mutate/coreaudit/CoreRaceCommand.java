package org.mpiverify.mutate.coreaudit;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.audit.run.AuditOutput;

/**
 * {@code ./mpiverify audit --target core --race hb [--scenario ID,...] [--full]}: the audit's scenarios on every core
 * column under the happens-before detector ({@link CoreRaceAudit}), one run per cell, written to {@code
 * out/audit/core-race.{md,json}}. Exit codes: 0 when no safe column shows a race; 1 when one does (each such race is
 * listed); 2 for a usage error. The race twin's races and the unsafe columns' are reported, not counted: which
 * scenarios reach the twin's defect depends on the selection ({@code CoreRaceAuditTest} holds the twin to its race).
 */
public final class CoreRaceCommand {
    /** The detector's id on the command line. */
    public static final String TOOL = "hb";

    private CoreRaceCommand() { }

    public static int run(List<String> scenarioIds, boolean full, PrintStream out, PrintStream err) {
        try {
            CoreRaceAudit audit = new CoreRaceAudit(full);
            List<String> scenarios = scenarioIds.isEmpty() ? audit.scenarioIds() : scenarioIds;
            CoreRaceAudit.Result r = audit.run(scenarios, new ArrayList<>(audit.columns().keySet()), out);
            Path md = CoreRaceReport.write(r, AuditOutput.auditDir());
            out.println("audit core --race " + TOOL + ": wrote " + md + " and its .json; " + r.races().size()
                    + " distinct races, " + r.racesOn("safe").size() + " on a safe column");
            for (CoreRaceAudit.Entry e : r.racesOn("safe")) {
                out.println("  RACE on a safe column (" + String.join("; ", e.columns()) + "): " + e.race().variable() + ": "
                        + e.race().first() + " | " + e.race().second());
            }
            return r.racesOn("safe").isEmpty() ? 0 : 1;
        } catch (IllegalArgumentException e) {
            err.println("audit: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("audit --race " + TOOL + ": " + e.getMessage());
            return 1;
        }
    }
}
