package org.mpiverify.trace;

import java.util.List;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * The first events of a recorded trace: what a quick check validates of a long run. A prefix of a behavior
 * of the spec is one too, so a rejected prefix is a rejected trace; an accepted one says nothing of the rest,
 * which {@link #truncation()} states.
 */
public final class TracePrefix extends ForwardingTraceModel {
    private final int events;

    /** The first {@code events} events of {@code original} (all of them if it has fewer). */
    public static TraceModel of(TraceModel original, int events) {
        return events <= 0 || original.steps().size() <= events ? original : new TracePrefix(original, events);
    }

    private TracePrefix(TraceModel original, int events) {
        super(original);
        this.events = events;
    }

    @Override public List<TraceStep> steps() { return original.steps().subList(0, events); }

    @Override
    public String truncation() {
        String mine = "the first " + events + " of " + original.steps().size() + " events validated";
        return original.truncation().isEmpty() ? mine : original.truncation() + "; " + mine;
    }
}
