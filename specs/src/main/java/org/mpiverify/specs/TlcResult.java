package org.mpiverify.specs;

import java.util.List;

/**
 * What one TLC run reported, read from its {@code -tool} output.
 *
 * @param outcome         how the run ended
 * @param violated        the invariant or property TLC named as violated, if it named one
 * @param distinctStates  distinct states found (-1 in simulation mode, where TLC does not count them)
 * @param generatedStates states generated
 * @param depth           depth of the state graph (exhaustive) or -1
 * @param tlcVersion      e.g. "2.18 of 20 March 2023"
 * @param trace           the counterexample, empty on success
 * @param backToState     for a lasso: the state number the loop returns to, else -1
 * @param message         TLC's own words for the outcome (error text for {@link Outcome#ERROR})
 */
public record TlcResult(Outcome outcome, String violated, long distinctStates, long generatedStates,
                        int depth, String tlcVersion, List<TraceState> trace, int backToState, String message) {
    public TlcResult {
        trace = List.copyOf(trace);
    }

    public boolean hasTrace() {
        return !trace.isEmpty();
    }
}
