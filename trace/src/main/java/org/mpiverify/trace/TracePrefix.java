package org.mpiverify.trace;

import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;

/**
 * The first events of a recorded trace: what a quick check validates of a long run. A prefix of a behavior
 * of the spec is one too, so a rejected prefix is a rejected trace; an accepted one says nothing of the rest,
 * which {@link #truncation()} states.
 */
public final class TracePrefix implements TraceModel {
    private final TraceModel original;
    private final int events;

    /** The first {@code events} events of {@code original} (all of them if it has fewer). */
    public static TraceModel of(TraceModel original, int events) {
        return events <= 0 || original.steps().size() <= events ? original : new TracePrefix(original, events);
    }

    private TracePrefix(TraceModel original, int events) {
        this.original = original;
        this.events = events;
    }

    @Override public String name() { return original.name(); }

    @Override public Algorithm algorithm() { return original.algorithm(); }

    @Override public String variant() { return original.variant(); }

    @Override public String specFolder() { return original.specFolder(); }

    @Override public String traceModule() { return original.traceModule(); }

    @Override public List<String> invariants() { return original.invariants(); }

    @Override public List<String> properties() { return original.properties(); }

    @Override public List<TraceStep> steps() { return original.steps().subList(0, events); }

    @Override public Map<String, String> constants(int from, int to) { return original.constants(from, to); }

    @Override public Map<String, String> definitions() { return original.definitions(); }

    @Override
    public String truncation() {
        String mine = "the first " + events + " of " + original.steps().size() + " events validated";
        return original.truncation().isEmpty() ? mine : original.truncation() + "; " + mine;
    }
}
