package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import org.mpiverify.audit.run.AuditColumn;
import org.mpiverify.audit.run.CoreColumns;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Outcome;

/** Test helpers: run one scenario on the core under a preemptive deadline that prints every thread's stack. */
final class AuditTesting {
    static final boolean FULL = Boolean.getBoolean("mpiverify.full");

    private AuditTesting() { }

    static CoreTarget core(Granularity g, MatchingKind m) {
        return CoreTarget.of(g, m);
    }

    static CoreTarget column(String name) {
        return (CoreTarget) CoreColumns.configurations().stream().filter(c -> c.name().equals(name)).findFirst()
                .map(AuditColumn::target).orElseThrow();
    }

    static List<String> unsafeNames() {
        return CoreColumns.unsafeConfigurations(null).stream().map(AuditColumn::name).toList();
    }

    /** One judged run, with a test deadline above the scenario's own (the target must report a hang itself). */
    static Verdict judge(CoreTarget target, Scenario s, CoreTarget.Binding binding) {
        Duration bound = s.deadline().plusSeconds(30);
        try {
            return assertTimeoutPreemptively(bound, () -> {
                RunOutcome o = target.runOnce(s, binding);
                return switch (o) {
                    case RunOutcome.Completed c -> s.judge(c.reports());
                    case RunOutcome.Hung h -> new Verdict(Outcome.HANG, "hung", List.of(h.stacks()));
                    case RunOutcome.Crashed c -> new Verdict(Outcome.CRASH, c.evidence(), List.of(c.evidence()));
                };
            });
        } catch (AssertionError e) {
            System.err.println(Job.threadDump());
            throw e;
        }
    }

    static Verdict judge(CoreTarget target, String scenarioId) {
        return judge(target, ScenarioCatalog.byId(scenarioId), org.mpiverify.harness.core.CoreAuditMpi::new);
    }

    static String describe(Verdict v) {
        return v.outcome() + ": " + v.summary() + "\n" + String.join("\n", v.evidence().stream()
                .map(e -> e.length() > 3000 ? e.substring(0, 3000) + "..." : e).limit(10).toList());
    }
}
