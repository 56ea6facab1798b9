package org.mpiverify.harness.launch;

import java.util.List;
import org.mpiverify.harness.scenario.RankReport;

/** What one run of a scenario on a target produced, before the scenario judges it. */
public sealed interface RunOutcome {
    /** Every rank returned (possibly with an error): {@code reports} in rank order. */
    record Completed(List<RankReport> reports, long nanos) implements RunOutcome { }

    /** The deadline passed: {@code stacks} holds every thread of every rank; processes were killed. */
    record Hung(String stacks, long nanos) implements RunOutcome { }

    /** A rank's process died or the run could not start: exit codes, last output. */
    record Crashed(String evidence, long nanos) implements RunOutcome { }
}
