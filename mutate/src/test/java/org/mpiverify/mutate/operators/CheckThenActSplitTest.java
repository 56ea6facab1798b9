package org.mpiverify.mutate.operators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.mutate.operators.fixtures.SectionFixture;
import org.pitest.mutationtest.engine.MutationDetails;

/**
 * CHECK_THEN_ACT_SPLIT: a known-good site, mutated as intended and observable; known-bad methods untouched;
 * and the difference from SPLIT_CRITICAL_SECTION, which splits only where a source line starts: a test whose
 * act is on its own line can be split from it by both, a test and its act on one line only by this one.
 */
class CheckThenActSplitTest {
    private final FixtureMutants f = new FixtureMutants("CHECK_THEN_ACT_SPLIT", SectionFixture.class);

    @Test
    void testsUnderOneAcquisitionAndTakesUnderTheNext() {
        List<MutationDetails> ms = f.in("take");
        assertEquals(1, ms.size(), "the test of free: " + ms);
        byte[] mutant = f.bytes(ms.get(0));
        List<String> after = FixtureMutants.code(mutant, "take");
        int read = FixtureMutants.indexOf(after, "SectionFixture.free"), jump = FixtureMutants.indexOf(after, "IFLE");
        int unlock = FixtureMutants.indexOf(after, "unlock");
        assertTrue(read < unlock && unlock < jump, "the gap is between the test's read and its jump: " + after);
        assertEquals("took true, free 0", f.load(f.original()).apply("another take between two acquisitions"));
        assertEquals("took true, free -1", f.load(mutant).apply("another take between two acquisitions"));
    }

    @Test
    void splitsATestFromAnActOnItsLineWhichSplitCriticalSectionCannot() {
        List<MutationDetails> ms = f.in("takeCompact");
        assertEquals(1, ms.size(), "the test of free: " + ms);
        assertEquals("took true, free -1", f.load(f.bytes(ms.get(0))).apply("compact take between two acquisitions"));
        FixtureMutants split = new FixtureMutants("SPLIT_CRITICAL_SECTION", SectionFixture.class);
        for (MutationDetails d : split.in("takeCompact")) {
            assertEquals("took true, free 0", split.load(split.bytes(d)).apply("compact take between two acquisitions"),
                    "a split at a line's start re-evaluates the test after its gap: " + d.getDescription());
        }
        assertEquals("took true, free 0", f.load(f.original()).apply("compact take between two acquisitions"));
    }

    @Test
    void noSiteForATestOnALocalOrATestWithNothingToAct() {
        assertEquals(List.of(), f.in("own"), "the test is on a local");
        assertEquals(List.of(), f.in("peek"), "nothing to act on");
    }
}
