package org.mpiverify.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * A recorded trace with one event dropped or two events swapped, as a hand edit would leave it: the check
 * that trace validation rejects what the implementation did not do. The edit is applied to the events TLC
 * reads; the constants are the original trace's (the same calls, processes and capacities). Checked as one
 * window ({@link #steps()} of the original length at most), since windows are cut by the original's indices.
 */
public final class EditedTrace extends ForwardingTraceModel {
    private final List<TraceStep> steps;
    private final String edit;

    private EditedTrace(TraceModel original, List<TraceStep> steps, String edit) {
        super(original);
        this.steps = List.copyOf(steps);
        this.edit = edit;
    }

    /** {@code original} without its event number {@code n} (from 1). */
    public static EditedTrace dropping(TraceModel original, int n) {
        List<TraceStep> s = new ArrayList<>(original.steps());
        check(s, n);
        s.remove(n - 1);
        return new EditedTrace(original, renumber(s), "event " + n + " dropped");
    }

    /** {@code original} with its events number {@code a} and {@code b} (from 1) in each other's place. */
    public static EditedTrace swapping(TraceModel original, int a, int b) {
        List<TraceStep> s = new ArrayList<>(original.steps());
        check(s, a);
        check(s, b);
        TraceStep x = s.get(a - 1);
        s.set(a - 1, s.get(b - 1));
        s.set(b - 1, x);
        return new EditedTrace(original, renumber(s), "events " + a + " and " + b + " swapped");
    }

    private static void check(List<TraceStep> s, int n) {
        if (n < 1 || n > s.size()) throw new IllegalArgumentException("no event " + n + " in a trace of " + s.size());
    }

    private static List<TraceStep> renumber(List<TraceStep> s) {
        List<TraceStep> out = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            TraceStep t = s.get(i);
            out.add(new TraceStep(i + 1, t.seq(), t.lane(), t.javaThread(), t.tla(), t.description(), t.site()));
        }
        return out;
    }

    /** What was edited, in words. */
    public String edit() {
        return edit;
    }

    @Override public String name() { return original.name() + " (" + edit + ")"; }

    @Override public List<TraceStep> steps() { return steps; }

    @Override
    public Map<String, String> constants(int from, int to) {
        return original.constants(0, original.steps().size());
    }
}
