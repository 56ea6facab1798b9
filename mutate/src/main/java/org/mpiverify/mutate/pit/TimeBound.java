package org.mpiverify.mutate.pit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * PIT's bound on one test's run against a mutant, by PIT's rule {@code factor × t + constant} with {@code t} the
 * test's measured time on the unmutated code (PIT's coverage run for the covering tests, a forked run before PIT for
 * the Lincheck stress tests): a test past it is stopped, its minion JVM killed and restarted, and the mutant counted
 * TIMED_OUT. A fixed factor reads a healthy test as a hang when the machine is busier during the mutants than it
 * was during the measurement (a 10.6 s test measured in a lull of a 2-core machine at load 2 takes about 85 s at load
 * 23, past 2 × 10.6 s + 15 s), and each such false hang costs a minion and counts a kill that is not one.
 *
 * <p>So the factor is stretched by the load: a CPU-bound test with {@code L} other runnable threads on {@code n} cores
 * takes about {@code max(1, (L + 1) / n)} times its idle time, and the bound plans for the load rising to half again
 * above the highest of the 1-, 5- and 15-minute averages when the run starts ({@link #forLoad}). The base factor and
 * constant stay PIT's margins for a test's own variance (2, 15 s). A hang is still caught, later on a busy machine.
 *
 * @param factor         PIT's {@code timeoutFactor}
 * @param constantMillis PIT's {@code timeoutConstant}
 */
public record TimeBound(float factor, long constantMillis) {
    /** PIT's margin for a test's variance at an unchanged load. */
    public static final float BASE_FACTOR = 2.0f;
    public static final long CONSTANT_MILLIS = 15_000;
    /** The load the bound plans for, as a multiple of the highest recent average. */
    static final double PLANNED_RISE = 1.5;

    /** How much longer a CPU-bound thread takes at this load average on {@code cores} cores than on an idle machine. */
    static double stretch(double load, int cores) {
        return Math.max(1, (load + 1) / cores);
    }

    /**
     * The bound for tests measured at load {@code measuredAt} when the recent averages reached {@code recentMax}.
     */
    public static TimeBound forLoad(double measuredAt, double recentMax, int cores) {
        double planned = PLANNED_RISE * Math.max(measuredAt, recentMax);
        return new TimeBound((float) (BASE_FACTOR * stretch(planned, cores) / stretch(measuredAt, cores)), CONSTANT_MILLIS);
    }

    /** The bound for this machine now: the 1-minute average as the measurement's load, the highest of the three as the recent one. */
    public static TimeBound now() {
        double[] l = loadAverages();
        return forLoad(l[0], Math.max(l[0], Math.max(l[1], l[2])), Runtime.getRuntime().availableProcessors());
    }

    /** PIT's bound for a test measured at {@code measuredMillis}. */
    public long millis(long measuredMillis) {
        return (long) (factor * measuredMillis) + constantMillis;
    }

    /** The 1-, 5- and 15-minute load averages ({@code /proc/loadavg}; zeros where there is none). */
    public static double[] loadAverages() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
            return new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])};
        } catch (IOException | RuntimeException e) {
            return new double[] {0, 0, 0};
        }
    }
}
