package org.mpiverify.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.results.Outcome;

/** A timing counts only from a run whose data was right: the judges reject every known-bad report. */
class MeasuringScenarioJudgeTest {
    private final PingPongScenario pingPong = new PingPongScenario(2, 10, PingPongScenario.MULTIPLE);

    private static RankReport rank(int r, Map<String, String> facts) {
        return new RankReport(r, facts, List.of(), null);
    }

    private static List<RankReport> good() {
        return List.of(rank(0, Map.of(PingPongScenario.FACT, "312.5", "bad", "0")), rank(1, Map.of("bad", "0")));
    }

    @Test
    void aCleanRunPassesAndItsTimingIsRead() {
        assertEquals(Outcome.PASS, pingPong.judge(good()).outcome());
        assertEquals(312.5, ScenarioTiming.value(pingPong, good(), PingPongScenario.FACT, "test"));
    }

    @Test
    void wrongDataMissingTimingsFailedRanksAndMissingRanksFail() {
        List<List<RankReport>> bad = List.of(
                List.of(rank(0, Map.of(PingPongScenario.FACT, "312.5", "bad", "0")), rank(1, Map.of("bad", "3"))),
                List.of(rank(0, Map.of("bad", "0")), rank(1, Map.of("bad", "0"))),
                List.of(rank(0, Map.of(PingPongScenario.FACT, "-1", "bad", "0")), rank(1, Map.of("bad", "0"))),
                List.of(rank(0, Map.of(PingPongScenario.FACT, "fast", "bad", "0")), rank(1, Map.of("bad", "0"))),
                List.of(rank(0, Map.of(PingPongScenario.FACT, "312.5", "bad", "0")),
                        new RankReport(1, Map.of(), List.of(), "java.lang.IllegalStateException: boom")),
                List.of(rank(0, Map.of(PingPongScenario.FACT, "312.5", "bad", "0"))));
        for (List<RankReport> reports : bad) {
            Verdict v = pingPong.judge(reports);
            assertEquals(Outcome.FAIL, v.outcome(), reports.toString());
            assertTrue(!v.evidence().isEmpty(), "the failure says why");
            assertThrows(IllegalStateException.class,
                    () -> ScenarioTiming.value(pingPong, reports, PingPongScenario.FACT, "test"));
        }
    }

    @Test
    void everyScenarioNamesItsPaperAndRankCount() {
        List<Scenario> all = List.of(pingPong, new DupScenario(4, 2, 10),
                new MessageRateScenario("BLOCKING", 2, true, 5), new MessageRateScenario("BLOCKING", 2, false, 5),
                new MessageRateScenario("PROC_NULL", 3, true, 5));
        List<Integer> ranks = List.of(2, 4, 3, 4, 1);
        for (int i = 0; i < all.size(); i++) {
            Scenario s = all.get(i);
            assertEquals(ranks.get(i), s.ranks(), s.id());
            assertTrue(s.origin().contains("Fig"), s.origin());
            assertTrue(s.deadline().compareTo(Duration.ZERO) > 0);
        }
        assertThrows(IllegalArgumentException.class, () -> new MessageRateScenario("SOMETIMES", 1, true, 1));
        assertThrows(IllegalArgumentException.class, () -> new PingPongScenario(0, 1, 0));
    }

    @Test
    void skippedComparisonsSayWhyAndARegisteredTargetIsNotSkipped() {
        List<String> off = ComparisonTargets.skippedLines(List.of(), false);
        assertEquals(3, off.size());
        assertTrue(off.get(0).startsWith("MPICH: comparisons switched off"), off.toString());
        ComparisonTarget mpich = new ComparisonTarget() {
            @Override
            public String name() {
                return "MPICH 4.0.2";
            }

            @Override
            public List<RankReport> run(Scenario scenario, Duration deadline) {
                throw new UnsupportedOperationException("not run in this test");
            }
        };
        List<String> on = ComparisonTargets.skippedLines(List.of(mpich), true);
        assertEquals(2, on.size());
        assertTrue(on.stream().noneMatch(l -> l.startsWith("MPICH")), on.toString());
        assertTrue(on.stream().allMatch(l -> l.contains("registered") || l.contains("install the Debian package")),
                on.toString());
    }
}
