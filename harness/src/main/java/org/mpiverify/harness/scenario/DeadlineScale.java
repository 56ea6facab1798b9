package org.mpiverify.harness.scenario;

import java.time.Duration;

/**
 * How much longer than its own deadline a scenario gets in this JVM: the system property
 * {@value #PROPERTY} (a whole number, 1 when unset). A target whose transport is slower by nature — a native
 * library over TCP, where a blocking call costs milliseconds where shared memory costs microseconds — starts its rank
 * JVMs with it, so that a HANG still means "no progress" and not "slower than shared memory" (MPICH's test suite
 * does the same with {@code MPITEST_TIMEOUT_MULTIPLIER}). {@link BaseScenario#deadline()} applies it; the driver,
 * which waits for the ranks, multiplies by the same factor itself.
 */
public final class DeadlineScale {
    public static final String PROPERTY = "mpiverify.deadlineFactor";

    private DeadlineScale() { }

    /** The factor of this JVM: {@value #PROPERTY}, or 1. A value that is not a positive whole number is an error. */
    public static int factor() {
        String v = System.getProperty(PROPERTY);
        if (v == null) return 1;
        try {
            int f = Integer.parseInt(v.strip());
            if (f >= 1) return f;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(PROPERTY + " must be a positive whole number, not '" + v + "'");
    }

    /** {@code d} times this JVM's factor. */
    public static Duration scaled(Duration d) { return d.multipliedBy(factor()); }
}
