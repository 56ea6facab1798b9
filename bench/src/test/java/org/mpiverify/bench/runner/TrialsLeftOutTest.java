package org.mpiverify.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.compare.ComparisonRunException;

/** A failing comparison run leaves its point out and the figure goes on; a failing core run ends it. */
@Timeout(10)
class TrialsLeftOutTest {
    private final ByteArrayOutputStream text = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);
    private final Slot core = new Slot("p", "core", 1), mpich = new Slot("p", "MPICH 4.0.2", 1);

    @Test
    void aFailedComparisonRunIsLeftOutWithOneLineAndItsEvidence() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        LeftOutPoints left = new LeftOutPoints();
        Map<Slot, Stats> stats = Trials.run("fig", List.of(Measurement.of("core", core, () -> 5.0),
                Measurement.comparison("MPICH 1 B", mpich, () -> {
                    if (calls.incrementAndGet() == 2) {   // trial 1 of 2 fails, the warm-up and trial 2 pass
                        throw new ComparisonRunException("MPICH 4.0.2: x HUNG: deadline of 7000 ms exceeded",
                                "deadline of 7000 ms exceeded\n\"main\" at MPI_Recv");
                    }
                    return 9.0;
                })), 2, out, left);
        assertEquals(2, stats.get(core).n());
        assertEquals(1, stats.get(mpich).n(), "the failed trial's point is left out, the other kept");
        assertEquals(1, left.lines().size());
        assertTrue(left.lines().getFirst().contains("MPICH 1 B (trial 1): MPICH 4.0.2: x HUNG"), left.lines().toString());
        assertTrue(text.toString(StandardCharsets.UTF_8).contains(left.lines().getFirst()));
        assertTrue(left.evidence().getFirst().contains("MPI_Recv"), left.evidence().toString());
        assertEquals(List.of("before", left.lines().getFirst()), left.appendTo(List.of("before")));
    }

    @Test
    void theSameFailureInEveryTrialIsOneLineWithItsTrialsAndOneEvidence() throws Exception {
        LeftOutPoints left = new LeftOutPoints();
        Map<Slot, Stats> stats = Trials.run("fig", List.of(Measurement.of("core", core, () -> 5.0),
                Measurement.comparison("MPJ PROC_NULL", mpich, () -> {
                    throw new ComparisonRunException("MPJ: FAIL rejects PROC_NULL", "stack");
                })), 3, out, left);
        assertFalse(stats.containsKey(mpich));
        assertEquals(List.of("point left out: MPJ PROC_NULL (warm-up, trials 1, 2, 3): MPJ: FAIL rejects PROC_NULL"),
                left.lines());
        assertEquals(1, left.evidence().size(), left.evidence().toString());
        assertTrue(text.toString(StandardCharsets.UTF_8).contains("MPJ PROC_NULL (trial 3)"), "each failure is printed as it happens");
    }

    @Test
    void aComparisonThatNeverWorksLeavesNoSeries() throws Exception {
        Map<Slot, Stats> stats = Trials.run("fig", List.of(Measurement.of("core", core, () -> 5.0),
                Measurement.comparison("MPICH 1 B", mpich, () -> {
                    throw new IllegalStateException("rank 0 failed");
                })), 1, out, new LeftOutPoints());
        assertTrue(stats.containsKey(core));
        assertFalse(stats.containsKey(mpich));
    }

    @Test
    void aFailedCoreRunEndsTheFigure() {
        IllegalStateException boom = new IllegalStateException("core broke");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Trials.run("fig",
                List.of(Measurement.of("core", core, () -> {
                    throw boom;
                })), 1, out, new LeftOutPoints()));
        assertSame(boom, e);
    }
}
