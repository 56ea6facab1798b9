package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.results.Outcome;

/** The p2p scenario's judge passes exactly the reports a correct library produces and rejects tampered ones. */
@Timeout(10)
class PointToPointJudgeTest {
    private final ThreadedPointToPointScenario scenario = new ThreadedPointToPointScenario();

    private static List<RankReport> correct() {
        List<RankReport> reports = new ArrayList<>();
        for (int rank = 0; rank < 2; rank++) {
            Map<String, String> facts = new HashMap<>();
            for (int t = 0; t < ThreadedPointToPointScenario.THREADS; t++) {
                facts.put("received." + t, Integer.toString(ThreadedPointToPointScenario.MESSAGES));
                facts.put("checksum." + t, Long.toString(ThreadedPointToPointScenario.expectedChecksum(1 - rank, t)));
                facts.put("disorder." + t, "0");
            }
            reports.add(new RankReport(rank, facts, List.of(), null));
        }
        return reports;
    }

    private static List<RankReport> with(String key, String value) {
        List<RankReport> reports = correct();
        RankReport r = reports.get(1);
        Map<String, String> facts = new HashMap<>(r.facts());
        facts.put(key, value);
        reports.set(1, new RankReport(1, facts, r.evidence(), null));
        return reports;
    }

    @Test
    void correctReportsPass() {
        assertEquals(Outcome.PASS, scenario.judge(correct()).outcome());
    }

    @Test
    void aLostMessageFails() {
        assertEquals(Outcome.FAIL, scenario.judge(with("received.2", "199")).outcome());
    }

    @Test
    void aCorruptedOrMisdeliveredPayloadFails() {
        assertEquals(Outcome.FAIL, scenario.judge(with("checksum.0",
                Long.toString(ThreadedPointToPointScenario.expectedChecksum(1, 0)))).outcome()); // rank 1's own data
    }

    @Test
    void overtakingFails() {
        assertEquals(Outcome.FAIL, scenario.judge(with("disorder.3", "2")).outcome());
    }

    @Test
    void aRankThatThrewIsACrash() {
        List<RankReport> reports = correct();
        reports.set(0, new RankReport(0, Map.of(), List.of(), "java.lang.IllegalStateException: boom"));
        assertEquals(Outcome.CRASH, scenario.judge(reports).outcome());
    }
}
