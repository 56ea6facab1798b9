package org.mpiverify.mutate.report;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.mpiverify.results.MutationKillMatrixFile;

/**
 * The machine's 1-minute load average over a run: at its start, the highest of samples taken every ten seconds,
 * and at its end. A run's times mean little without it: the machines are shared, and a mutant's time bound is
 * a multiple of its tests' time. Thread-safe: the sampler thread and the caller meet in synchronized methods.
 */
public final class LoadSampler implements AutoCloseable {
    private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "load-sampler");
        t.setDaemon(true);
        return t;
    });
    private final double start;
    private double max;

    public LoadSampler() {
        start = os.getSystemLoadAverage();
        max = start;
        timer.scheduleAtFixedRate(this::sample, 10, 10, TimeUnit.SECONDS);
    }

    private synchronized void sample() {
        max = Math.max(max, os.getSystemLoadAverage());
    }

    /** Start, highest sample and now, rounded to two decimals (negative where the platform has no load average). */
    public synchronized MutationKillMatrixFile.LoadAverage summary() {
        sample();
        return new MutationKillMatrixFile.LoadAverage(round(start), round(max), round(os.getSystemLoadAverage()));
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
