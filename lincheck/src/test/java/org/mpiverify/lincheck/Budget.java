package org.mpiverify.lincheck;

/**
 * Lincheck budgets. Quick mode (plain {@code mvn verify}) keeps the whole module under 10 minutes on
 * two cores; {@code -Pfull} sets system property {@code mpiverify.full=true} and multiplies them.
 * Lincheck's own defaults (100 iterations of 10 000 invocations) would take minutes per suite.
 *
 * @param iterations             scenarios generated
 * @param invocations            invocations (interleavings explored / stress runs) per scenario
 * @param threads                parallel threads of a scenario
 * @param actorsPerThread        operations per thread
 * @param actorsBeforeAfter      operations of the sequential init and post parts (0 for suites whose
 *                               operations name their thread with ThreadIdGen: Lincheck runs init and
 *                               post on one thread but gives their actors arbitrary thread ids)
 */
public record Budget(int iterations, int invocations, int threads, int actorsPerThread, int actorsBeforeAfter) {
    public Budget(int iterations, int invocations, int threads, int actorsPerThread) {
        this(iterations, invocations, threads, actorsPerThread, 2);
    }

    /** True under {@code -Pfull}. */
    public static boolean full() {
        return Boolean.getBoolean("mpiverify.full");
    }

    /** Model checking: a few scenarios, a few hundred interleavings each (many more with -Pfull). */
    public static Budget modelChecking() {
        return full() ? new Budget(100, 2_000, 2, 3) : new Budget(8, 120, 2, 3);
    }

    /** Stress: more scenarios, cheap invocations. */
    public static Budget stress() {
        return full() ? new Budget(100, 20_000, 2, 3) : new Budget(6, 200, 2, 3);
    }

    /** Twins: enough to find the planted defect, stopping at the first failure. */
    public static Budget twin() {
        return full() ? new Budget(100, 2_000, 2, 3) : new Budget(30, 300, 2, 3);
    }

    public Budget scaled(double iterationsFactor, double invocationsFactor) {
        return new Budget(Math.max(1, (int) (iterations * iterationsFactor)),
                Math.max(1, (int) (invocations * invocationsFactor)), threads, actorsPerThread, actorsBeforeAfter);
    }

    public Budget withActors(int threads, int actorsPerThread) {
        return new Budget(iterations, invocations, threads, actorsPerThread, actorsBeforeAfter);
    }

    /** No init or post part: for suites whose results depend on the calling thread's identity. */
    public Budget parallelOnly() {
        return new Budget(iterations, invocations, threads, actorsPerThread, 0);
    }
}
