package org.mpiverify.bench.compare;

import java.util.ArrayList;
import java.util.List;
import org.mpiverify.audit.scenario.RankReport;
import org.mpiverify.audit.scenario.Scenario;
import org.mpiverify.audit.scenario.Verdict;

/**
 * Shared judging for the benchmarks' scenarios: a run passes when every rank finished, rank 0 reports
 * a positive, finite timing, and every rank reports {@code bad=0} (no wrong payload, count or size seen).
 * A timing from a run that delivered wrong data is not a timing.
 */
abstract class MeasuringScenario implements Scenario {
    static final String BAD = "bad";

    /** The fact of rank 0 holding the figure's value. */
    abstract String timingFact();

    @Override
    public int repeats(boolean full) {
        return 1;
    }

    @Override
    public Verdict judge(List<RankReport> reports) {
        List<String> evidence = new ArrayList<>();
        if (reports.size() != ranks()) {
            evidence.add("expected " + ranks() + " reports, got " + reports.size());
        }
        for (RankReport r : reports) {
            if (r.failed()) {
                evidence.add("rank " + r.rank() + " failed: " + r.error());
            } else if (!"0".equals(r.fact(BAD))) {
                evidence.add("rank " + r.rank() + " saw " + r.fact(BAD) + " wrong messages or results; "
                        + r.evidence());
            }
        }
        String t = reports.isEmpty() ? null : reports.get(0).fact(timingFact());
        double v = Double.NaN;
        try {
            v = t == null ? Double.NaN : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            evidence.add("rank 0's " + timingFact() + " is not a number: " + t);
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            evidence.add("rank 0 reported no positive " + timingFact() + " (" + t + ")");
        }
        if (!evidence.isEmpty()) {
            return Verdict.fail(id() + ": no valid timing", evidence);
        }
        return Verdict.pass(id() + ": " + timingFact() + " = " + t);
    }
}
