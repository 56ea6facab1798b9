package org.mpiverify.audit.target;

import java.util.List;
import org.mpiverify.audit.scenario.RankReport;

/** How one run of a scenario on a target ended, before the scenario's judge sees it. */
public sealed interface RunOutcome {

    /** Every rank returned (or threw, see {@link RankReport#failed()}) and reported; one report per rank, in rank order. */
    record Completed(List<RankReport> reports) implements RunOutcome {
        public Completed { reports = List.copyOf(reports); }
    }

    /** The deadline passed: {@code stacks} holds every thread's stack of every rank, taken before the run was killed. */
    record Hung(List<String> stacks) implements RunOutcome {
        public Hung { stacks = List.copyOf(stacks); }
    }

    /** A rank process died or a report is missing: exit codes, missing ranks, the last lines of output. */
    record Crashed(List<String> evidence) implements RunOutcome {
        public Crashed { evidence = List.copyOf(evidence); }
    }
}
