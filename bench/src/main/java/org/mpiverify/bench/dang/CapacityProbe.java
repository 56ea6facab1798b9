package org.mpiverify.bench.dang;

import java.time.Duration;
import java.util.Locale;

/**
 * One run of {@link ScaleRun} in a JVM of its own, started by {@link DangCapacityFigure} with the JVM's
 * default heap: {@code java -cp CLASSPATH org.mpiverify.bench.dang.CapacityProbe THREADS DEADLINE_SECONDS}.
 * Prints one line {@code RESULT threads seconds heapBytesPerThread maxHeapBytes} and exits 0 if every
 * thread posted its receive and got its message; any failure (an {@code OutOfMemoryError}, a passed
 * deadline) ends it with a non-zero exit code.
 */
public final class CapacityProbe {
    private CapacityProbe() {
    }

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        Duration deadline = Duration.ofSeconds(Long.parseLong(args[1]));
        try {
            ScaleRun.Result r = ScaleRun.run(threads, false, deadline);
            System.out.printf(Locale.ROOT, "RESULT %d %.3f %.1f %d%n", r.threads(), r.totalSeconds(),
                    r.heapBytesPerThread(), Runtime.getRuntime().maxMemory());
            System.exit(0);
        } catch (Throwable e) {
            System.out.println("FAILED " + e);
            System.exit(3);
        }
    }
}
