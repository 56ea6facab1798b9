package org.mpiverify.mutate.pit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * PIT's bound per test on a loaded 2-core machine, with the figures of the last core.request record run (load
 * averages 16 to 23; {@code CompletionTest}'s slowest test 10.6 s unmutated; a Lincheck stress test of seconds,
 * which PIT was told took 60 s). The oracle is a healthy test's wall time, stretched by the load as a CPU-bound
 * test's is: a bound below it counts a kill that is not one and costs a minion.
 */
class TimeBoundTest {
    private static final int CORES = 2;

    @Test
    void aHealthyTestMeasuredInALullIsNotAHangWhenTheLoadReturns() {
        // measured at load 2 while the 15-minute average said 16; the mutants then run at 23
        TimeBound b = TimeBound.forLoad(2, 16, CORES);
        long healthy = (long) (10_600 * TimeBound.stretch(23, CORES) / TimeBound.stretch(2, CORES));
        assertTrue(healthy < b.millis(10_600), "a healthy 10.6 s test takes " + healthy + " ms at load 23, past the bound "
                + b.millis(10_600) + " ms (" + b + ")");
    }

    @Test
    void onAnIdleMachineTheBoundIsPitsAndAHangIsCaughtInSeconds() {
        TimeBound idle = TimeBound.forLoad(0.2, 0.5, CORES);
        assertTrue(idle.factor() == TimeBound.BASE_FACTOR, "idle: " + idle);
        // a stress test measured at 3 s at load 16 (recent 23): its bound, not the 2 x 60 s + 15 s of an assumed minute
        long stress = TimeBound.forLoad(16, 23, CORES).millis(3_000);
        assertTrue(stress < 2 * 60_000 + 15_000, "a hanging mutant holds the minion " + stress + " ms");
    }
}
