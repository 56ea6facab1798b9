package org.mpiverify.specs;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One state of a TLC counterexample.
 *
 * @param number     TLC's state number (1 is the initial state)
 * @param action     the action TLC names for the step into this state ("Initial predicate" for 1,
 *                   "Stuttering" for a stuttering end)
 * @param variables  every variable's value as TLC prints it (TLA+ syntax, one line)
 */
public record TraceState(int number, String action, Map<String, String> variables) {
    public TraceState {
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    }

    public boolean isStuttering() {
        return "Stuttering".equals(action);
    }

    /** The variables whose value differs from {@code previous} (all of them for the first state). */
    public Map<String, String> changedSince(TraceState previous) {
        Map<String, String> changed = new LinkedHashMap<>();
        variables.forEach((k, v) -> {
            if (previous == null || !v.equals(previous.variables.get(k))) changed.put(k, v);
        });
        return changed;
    }
}
