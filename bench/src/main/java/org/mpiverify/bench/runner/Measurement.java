package org.mpiverify.bench.runner;

import java.util.List;

/**
 * One thing a figure runs once per trial; {@link Run#measure()} returns one value per slot, in order
 * (a single job run often yields several figures' values, e.g. message rate and mutex wait time).
 * An {@code optional} measurement (a comparison target's run) may fail: the figure then goes on
 * without that trial's point; a failing core measurement fails the figure.
 */
public record Measurement(String label, List<Slot> slots, Run run, boolean optional) {

    @FunctionalInterface
    public interface Run {
        double[] measure() throws Exception;
    }

    public Measurement {
        slots = List.copyOf(slots);
    }

    public Measurement(String label, List<Slot> slots, Run run) {
        this(label, slots, run, false);
    }

    public static Measurement of(String label, Slot slot, SingleRun run) {
        return new Measurement(label, List.of(slot), () -> new double[] {run.measure()});
    }

    /** A comparison target's run: if it fails, the point is left out and the figure goes on. */
    public static Measurement comparison(String label, Slot slot, SingleRun run) {
        return new Measurement(label, List.of(slot), () -> new double[] {run.measure()}, true);
    }

    @FunctionalInterface
    public interface SingleRun {
        double measure() throws Exception;
    }
}
