package org.mpiverify.harness.nativempi;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.results.Outcome;

/** Defaults for the binding's own test scenarios: two ranks, one repeat, a 30 s deadline. */
abstract class TestScenario implements Scenario {
    @Override public String id() { return "native-test-" + getClass().getSimpleName(); }
    @Override public String title() { return getClass().getSimpleName(); }
    @Override public String origin() { return "audit native binding tests"; }
    @Override public int ranks() { return 2; }
    @Override public int repeats(boolean full) { return 1; }
    @Override public Duration deadline() { return Duration.ofSeconds(30); }

    /** PASS when no rank threw; scenarios with a property to check override this. */
    @Override
    public Verdict judge(List<RankReport> reports) {
        List<String> errors = reports.stream().filter(RankReport::failed).map(r -> "rank " + r.rank() + ": " + r.error()).toList();
        return errors.isEmpty() ? Verdict.pass("no rank failed") : new Verdict(Outcome.CRASH, "a rank threw", errors);
    }
}
