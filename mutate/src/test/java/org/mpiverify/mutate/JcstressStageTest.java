package org.mpiverify.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which jcstress tests the stage runs on a mutant: those whose bytecode, or that of a harness they drive the class
 * through, names the mutated class. The bit-vector scheduler's races reach {@code BitVectorWorker} and its
 * {@code ReadyBitVector} only through {@code BitVectorWorkerHarness} (the class is package-private): a mutant of
 * {@code ReadyBitVector.isIdle} without its test, which {@code IdleHandshakeDekkerRace} shows as a lost wake-up,
 * must go to that race.
 */
class JcstressStageTest {
    private static final String SCHED = "^org\\.mpiverify\\.jcstress\\.core\\.sched\\.";
    private static final String DEKKER = "org.mpiverify.jcstress.core.sched.IdleHandshakeDekkerRace";
    private static final String TAKE = "org.mpiverify.jcstress.core.sched.ReadyBitVectorSignalVsTakeRace";

    @Test
    void aRaceThatDrivesTheClassThroughAHarnessUsesIt() throws Exception {
        List<String> ready = JcstressStage.testsUsing(SCHED, "org.mpiverify.core.sched.ReadyBitVector");
        assertTrue(ready.contains(DEKKER), "through BitVectorWorkerHarness and BitVectorWorker: " + ready);
        assertTrue(ready.contains(TAKE), "directly: " + ready);
        assertTrue(JcstressStage.testsUsing(SCHED, "org.mpiverify.core.sched.IdleHandshake").contains(DEKKER));
    }

    @Test
    void aNameMatchesWhole() throws Exception {
        // the Dekker race names BitVectorWorkerHarness, whose name begins with BitVectorWorker's: it uses the worker
        // through it, but the take race, which names neither, does not
        assertEquals(List.of(DEKKER), JcstressStage.testsUsing(SCHED, "org.mpiverify.core.sched.BitVectorWorker"));
        assertEquals(List.of(), JcstressStage.testsUsing(SCHED, "org.mpiverify.core.request.Completion"),
                "named by no race, no harness and no class a harness drives");
    }
}
