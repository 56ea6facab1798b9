package org.mpiverify.audit.run;

import java.util.EnumMap;
import java.util.Map;
import org.mpiverify.results.Console;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.ProgressLine;

/**
 * The audit's progress, drawn by the console's {@link ProgressLine}: runs done of planned with the counts per
 * outcome and what runs now as its detail, and a line for every run that is not a PASS. Used by the runner's
 * one thread only.
 */
final class AuditProgress {
    private final Console console;
    private final Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
    private ProgressLine line;
    private int planned;
    private int done;
    private String current = "";

    /** @param console where the progress goes (null: silent) */
    AuditProgress(Console console) {
        this.console = console;
    }

    void start(String target, int planned) {
        this.planned = planned;
        this.done = 0;               // one runner may audit several targets (--target all): counts are per target
        this.counts.clear();
        this.current = "";
        if (console == null) return;
        console.out().println("audit " + target + ": " + planned + " runs planned");
        line = console.progress("audit " + target, planned, "runs");
    }

    void running(String column, String scenario, int repeat, int repeats) {
        current = column + " " + scenario + " (" + repeat + "/" + repeats + ")";
        if (line != null) line.detail(detail());
    }

    void done(Outcome o) {
        done++;
        counts.merge(o, 1, Integer::sum);
        if (line == null) return;
        if (o != Outcome.PASS) line.println("  " + current + " -> " + o);
        line.detail(detail());
        line.set(done);
    }

    /** Runs planned but not made (a cell stopped early). */
    void skip(int n) {
        planned -= n;
        if (line != null) line.total(planned);
    }

    void finish() {
        if (line == null) return;
        current = "";
        line.detail(detail() + " -- done");
        line.close();
        line = null;
    }

    private String detail() {
        StringBuilder sb = new StringBuilder();
        counts.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : " ").append(k).append(' ').append(v));
        if (!current.isEmpty()) sb.append(sb.isEmpty() ? "" : " | ").append(current);
        return sb.toString();
    }
}
