package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.results.Outcome;

/** Runs a measuring scenario on a comparison target and reads its timing: only a PASS run counts. */
public final class ScenarioTiming {
    private ScenarioTiming() {
    }

    /** Runs once and returns rank 0's {@code fact} as a number; throws if the judge did not pass the run. */
    public static double measure(ComparisonTarget target, Scenario scenario, String fact, Duration deadline)
            throws Exception {
        List<RankReport> reports = target.run(scenario, deadline);
        return value(scenario, reports, fact, target.name());
    }

    public static double value(Scenario scenario, List<RankReport> reports, String fact, String where) {
        Verdict v = scenario.judge(reports);
        if (v.outcome() != Outcome.PASS) {
            throw new IllegalStateException(scenario.id() + " on " + where + ": " + v.outcome() + " " + v.summary()
                    + " " + v.evidence());
        }
        return Double.parseDouble(reports.get(0).fact(fact));
    }
}
