package org.mpiverify.bench.figures;

import java.util.List;

/**
 * One thing a figure runs once per trial; {@link Run#measure()} returns one value per slot, in order
 * (a single job run often yields several figures' values, e.g. message rate and mutex wait time).
 */
public record Measurement(String label, List<Slot> slots, Run run) {

    @FunctionalInterface
    public interface Run {
        double[] measure() throws Exception;
    }

    public Measurement {
        slots = List.copyOf(slots);
    }

    public static Measurement of(String label, Slot slot, SingleRun run) {
        return new Measurement(label, List.of(slot), () -> new double[] {run.measure()});
    }

    @FunctionalInterface
    public interface SingleRun {
        double measure() throws Exception;
    }
}
