package org.mpiverify.bench.runner;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpiverify.bench.Stats;

/**
 * Runs a figure's measurements {@code trials + 1} times, interleaved (trial by trial, every measurement
 * once per trial) so that drift on a shared machine hits all series alike; the first round is a warm-up
 * and is dropped. A live progress line says which trial and measurement is running.
 *
 * <p>An optional measurement (a comparison target's run, bounded by its own deadline) that throws prints
 * one line and leaves that point out of the trial; a series point with no value in any trial is left
 * out of the plot. A core measurement that throws ends the figure.
 */
public final class Trials {
    private Trials() {
    }

    public static Map<Slot, Stats> run(String figure, List<Measurement> measurements, int trials, PrintStream out)
            throws Exception {
        return run(figure, measurements, trials, out, new LeftOutPoints());
    }

    public static Map<Slot, Stats> run(String figure, List<Measurement> measurements, int trials, PrintStream out,
                                       LeftOutPoints leftOut) throws Exception {
        Map<Slot, List<Double>> values = new LinkedHashMap<>();
        for (Measurement m : measurements) {
            for (Slot s : m.slots()) {
                values.put(s, new ArrayList<>());
            }
        }
        long start = System.nanoTime();
        int width = 0;
        for (int t = 0; t <= trials; t++) {
            for (int i = 0; i < measurements.size(); i++) {
                Measurement m = measurements.get(i);
                String line = String.format(Locale.ROOT, "  %s %s %d/%d, %d/%d: %s (%.0f s)", figure,
                        t == 0 ? "warm-up" : "trial", t, trials, i + 1, measurements.size(), m.label(),
                        (System.nanoTime() - start) / 1e9);
                out.print("\r" + line + " ".repeat(Math.max(0, width - line.length())));
                out.flush();
                width = line.length();
                double[] v;
                try {
                    v = m.run().measure();
                } catch (Exception e) {
                    if (!m.optional()) {
                        throw e;
                    }
                    String left = leftOut.add(m.label(), t, e);
                    out.println();
                    out.println("  " + left);
                    width = 0;
                    continue;
                }
                if (v.length != m.slots().size()) {
                    throw new IllegalStateException(m.label() + " returned " + v.length + " values for "
                            + m.slots().size() + " slots");
                }
                if (t > 0) {
                    for (int k = 0; k < v.length; k++) {
                        values.get(m.slots().get(k)).add(v[k]);
                    }
                }
            }
        }
        out.printf(Locale.ROOT, "\r  %s: %d measurements x %d trials (+1 warm-up) in %.1f s%s%n", figure,
                measurements.size(), trials, (System.nanoTime() - start) / 1e9, " ".repeat(Math.max(0, width - 40)));
        Map<Slot, Stats> stats = new LinkedHashMap<>();
        values.forEach((slot, v) -> {
            if (!v.isEmpty()) {
                stats.put(slot, Stats.of(v.stream().mapToDouble(Double::doubleValue).toArray()));
            }
        });
        return stats;
    }
}
