package org.mpiverify.specs;

import java.util.List;
import java.util.Map;

/**
 * What one TLC run reported, read from its {@code -tool} output.
 *
 * @param outcome               how the run ended
 * @param violated              the invariant or property TLC named as violated, if it named one
 * @param distinctStates        distinct states found (-1 in simulation mode, where TLC does not count them)
 * @param generatedStates       states generated
 * @param depth                 depth of the state graph (exhaustive) or -1
 * @param tlcVersion            e.g. "2.18 of 20 March 2023"
 * @param trace                 the counterexample, empty on success
 * @param backToState           for a lasso: the state number the loop returns to, else -1
 * @param message               TLC's own words for the outcome (error text for {@link TlcOutcome#ERROR})
 * @param coverage              action name to the number of states it generated ({@code -coverage});
 *                              empty in simulation mode or when TLC printed none
 * @param exitCode              TLC's exit code, or -1 if it did not end by itself
 * @param crashedAfterViolation TLC reported a violation and then failed (its counterexample search
 *                              crashed): an error, worth one more attempt
 * @param raw                   TLC's raw output (with the command line), possibly cut at
 *                              {@link #MAX_RAW_CHARS}
 * @param workers               the TLC workers the run used
 */
public record TlcResult(TlcOutcome outcome, String violated, long distinctStates, long generatedStates,
                        int depth, String tlcVersion, List<TraceState> trace, int backToState, String message,
                        Map<String, Long> coverage, int exitCode, boolean crashedAfterViolation, String raw,
                        int workers) {
    /** Raw output kept per model (our models print far less; coverage of a big spec stays under it). */
    static final int MAX_RAW_CHARS = 4_000_000;

    public TlcResult {
        trace = List.copyOf(trace);
        coverage = Map.copyOf(coverage);
    }

    public static TlcResult error(String message) {
        return new TlcResult(TlcOutcome.ERROR, null, -1, -1, -1, "unknown", List.of(), -1, message, Map.of(), -1,
                false, "", 0);
    }

    public boolean hasTrace() {
        return !trace.isEmpty();
    }

    /** A copy with the raw output of every attempt and the workers used. */
    TlcResult withRaw(String rawOutput, int workersUsed) {
        return new TlcResult(outcome, violated, distinctStates, generatedStates, depth, tlcVersion, trace,
                backToState, message, coverage, exitCode, crashedAfterViolation, rawOutput, workersUsed);
    }
}
