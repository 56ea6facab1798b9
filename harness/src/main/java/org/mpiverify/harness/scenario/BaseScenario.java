package org.mpiverify.harness.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.results.Outcome;

/**
 * The common part of every catalog scenario: its fixed parameters, and a judge that first turns
 * ranks that threw into a verdict (UNSUPPORTED for a missing operation, FAIL for an MPI error the
 * scenario did not expect, HANG for threads still inside MPI calls at the scenario's bound, CRASH for
 * anything else) and only then asks the scenario's own judge.
 */
public abstract class BaseScenario implements Scenario {
    private final String id;
    private final String title;
    private final String origin;
    private final int ranks;
    private final int quickRepeats;
    private final int fullRepeats;
    private final Duration deadline;

    protected BaseScenario(String id, String title, String origin, int ranks, int quickRepeats, int fullRepeats,
                           Duration deadline) {
        this.id = id;
        this.title = title;
        this.origin = origin;
        this.ranks = ranks;
        this.quickRepeats = quickRepeats;
        this.fullRepeats = fullRepeats;
        this.deadline = deadline;
    }

    @Override public final String id() { return id; }
    @Override public final String title() { return title; }
    @Override public final String origin() { return origin; }
    @Override public final int ranks() { return ranks; }
    @Override public final int repeats(boolean full) { return full ? fullRepeats : quickRepeats; }
    /** The scenario's deadline, times this JVM's {@link DeadlineScale} (a rank JVM of a slow transport's target). */
    @Override public final Duration deadline() { return DeadlineScale.scaled(deadline); }

    @Override
    public final Verdict judge(List<RankReport> reports) {
        if (reports.size() != ranks) {
            return new Verdict(Outcome.CRASH, "expected " + ranks + " rank reports, got " + reports.size(),
                    List.of());
        }
        List<RankReport> failed = reports.stream().filter(RankReport::failed).toList();
        if (!failed.isEmpty()) {
            return judgeErrors(failed);
        }
        return judgeReports(reports);
    }

    /** The scenario's own judge, called only when every rank returned normally. */
    protected abstract Verdict judgeReports(List<RankReport> reports);

    private static Verdict judgeErrors(List<RankReport> failed) {
        List<String> evidence = new ArrayList<>();
        for (RankReport r : failed) {
            // a hang's evidence is where every left-behind thread waits, Java and native frames: keep it whole
            evidence.add("rank " + r.rank() + ": " + firstLines(r.error(), leftThreadsBehind(r.error()) ? 400 : 40));
            evidence.addAll(r.evidence());
        }
        for (RankReport r : failed) {
            if (r.error().contains("java.lang.UnsupportedOperationException")) {
                return new Verdict(Outcome.UNSUPPORTED,
                        "rank " + r.rank() + ": " + causeLine(r.error(), "java.lang.UnsupportedOperationException"),
                        evidence);
            }
        }
        // The root cause is the first rank that did not merely see the job being aborted after it.
        RankReport root = failed.stream().filter(r -> !r.error().contains("ERR_ABORTED")).findFirst()
                .orElse(failed.get(0));
        String first = root.error().lines().findFirst().orElse("");
        if (leftThreadsBehind(first)) {
            // nothing failed: the rank's threads were still inside MPI calls at the scenario's bound
            return new Verdict(Outcome.HANG, "rank " + root.rank() + ": " + first.substring(first.indexOf(": ") + 2),
                    evidence);
        }
        boolean mpiError = first.startsWith(AuditException.class.getName());
        return new Verdict(mpiError ? Outcome.FAIL : Outcome.CRASH,
                "rank " + root.rank() + (mpiError ? " got an MPI error: " : " threw: ") + first, evidence);
    }

    /** Whether a rank's error is its threads outliving the scenario's bound (nothing else failed). */
    private static boolean leftThreadsBehind(String error) {
        return error.startsWith(Workers.ThreadsLeftBehind.class.getName());
    }

    private static String causeLine(String error, String type) {
        return error.lines().filter(l -> l.contains(type)).findFirst().orElse(error.lines().findFirst().orElse(""))
                .replaceFirst("^\\s*(Caused by: )?", "");
    }

    static String firstLines(String s, int n) {
        List<String> lines = s.lines().limit(n + 1L).toList();
        return String.join("\n", lines.subList(0, Math.min(n, lines.size())))
                + (lines.size() > n ? "\n    ..." : "");
    }

    /** PASS with {@code summary} if no rank recorded evidence of a problem, else FAIL with all of it. */
    protected static Verdict passUnlessEvidence(List<RankReport> reports, String passSummary, String failSummary) {
        List<String> evidence = new ArrayList<>();
        for (RankReport r : reports) {
            evidence.addAll(r.evidence());
        }
        return evidence.isEmpty() ? Verdict.pass(passSummary)
                : Verdict.fail(failSummary + " (" + evidence.size() + " problem" + (evidence.size() == 1 ? "" : "s")
                        + "; first: " + evidence.get(0) + ")", evidence);
    }

    /** Sum of a numeric fact over all ranks. */
    protected static long sum(List<RankReport> reports, String key) {
        return reports.stream().mapToLong(r -> r.longFact(key)).sum();
    }
}
