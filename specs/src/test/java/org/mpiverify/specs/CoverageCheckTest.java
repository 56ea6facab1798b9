package org.mpiverify.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The coverage check on synthetic outcomes: it must report what never fired and what is not listed. */
class CoverageCheckTest {
    private static final Manifest MANIFEST = Manifest.parse(Path.of("."), """
            {"specs": [{"path": "locking", "actions": {"BlockingLocks": ["Send", "Deposit"]},
                        "notCovered": {"BlockingLocks": {"RecvWake": "a reason"}},
              "models": [{"name": "a", "module": "BlockingLocks", "result": "success"},
                         {"name": "m", "module": "BlockingLocks", "overrides": {"X": "Y"}, "result": "success"}]}]}
            """);

    private static ModelOutcome run(String name, Map<String, Long> coverage) {
        TlcResult r = new TlcResult(TlcOutcome.SUCCESS, null, 10, 20, 3, "2.18", List.of(), -1, "ok", coverage, 0,
                false, "", 1);
        return new ModelOutcome(MANIFEST.model(name), r, 1.0, null);
    }

    @Test
    void everyListedActionFiredAndEveryReportedOneIsListed() {
        assertEquals(List.of(), CoverageCheck.problems(MANIFEST,
                List.of(run("a", Map.of("Send", 3L, "Deposit", 1L, "RecvWake", 0L)))));
    }

    @Test
    void anActionThatNeverFiredIsReported() {
        List<String> p = CoverageCheck.problems(MANIFEST, List.of(run("a", Map.of("Send", 3L, "Deposit", 0L))));
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.getFirst().contains("Deposit never fired"), p.toString());
    }

    @Test
    void anActionTheManifestDoesNotKnowIsReported() {
        List<String> p = CoverageCheck.problems(MANIFEST,
                List.of(run("a", Map.of("Send", 3L, "Deposit", 1L, "RecvLook", 2L))));
        assertTrue(p.size() == 1 && p.getFirst().contains("RecvLook"), p.toString());
    }

    /** A mutant's coverage does not count: it runs another specification. */
    @Test
    void aMutantDoesNotCoverTheSpecification() {
        List<String> p = CoverageCheck.problems(MANIFEST, List.of(run("a", Map.of("Send", 3L, "Deposit", 0L)),
                run("m", Map.of("Send", 3L, "Deposit", 5L))));
        assertTrue(p.size() == 1 && p.getFirst().contains("Deposit never fired"), p.toString());
    }
}
