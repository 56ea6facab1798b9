package org.mpiverify.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.core.CoreAuditMpi;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Outcome;

/**
 * The ping-pong, dup and message-rate kernels check what they receive, on every implementation alike:
 * over the core they pass, and through a binding that changes one word of one received message, or
 * reports a wrong count, they are rejected (a run with wrong data has no timing).
 */
class KernelPayloadChecksTest {
    private final CoreTarget core = CoreTarget.of(Granularity.LOCK_FREE, MatchingKind.QUEUES);

    private static List<MeasuringScenario> scenarios() {
        return List.of(new PingPongScenario(2, 50, PingPongScenario.MULTIPLE),
                new MessageRateScenario("BLOCKING", 2, true, 3), new MessageRateScenario("NONBLOCKING", 1, false, 3));
    }

    @Test
    void everyKernelPassesOnTheCore() {
        for (MeasuringScenario sc : scenarios()) {
            Verdict v = sc.judge(OnTheCore.run(sc, () -> core.runOnce(sc)));
            assertEquals(Outcome.PASS, v.outcome(), sc.id() + ": " + v.evidence());
        }
        DupScenario dup = new DupScenario(2, 2, 20);
        assertEquals(Outcome.PASS, dup.judge(OnTheCore.run(dup, () -> core.runOnce(dup))).outcome());
    }

    @Test
    void aWrongPayloadOrCountIsRejected() {
        for (MeasuringScenario sc : scenarios()) {
            for (boolean count : new boolean[] {false, true}) {
                OnTheCore.Lie lie = count ? OnTheCore.Lie.COUNT : OnTheCore.Lie.ELEMENT_0;
                List<RankReport> reports = OnTheCore.run(sc, () -> core.runOnce(sc,
                        (mpi, name) -> OnTheCore.corrupting(new CoreAuditMpi(mpi, name), 1, 3, lie)));
                Verdict v = sc.judge(reports);
                assertEquals(Outcome.FAIL, v.outcome(), sc.id() + (count ? " count" : " payload") + ": went unnoticed");
                assertThrows(IllegalStateException.class, () -> ScenarioTiming.value(sc, reports, sc.timingFact(), "test"));
            }
        }
    }
}
