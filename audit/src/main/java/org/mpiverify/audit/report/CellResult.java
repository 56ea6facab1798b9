package org.mpiverify.audit.report;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Outcome;

/**
 * One cell of the audit matrix: a scenario on one configuration over {@code runs} runs. {@code verdict}
 * is the worst outcome over the runs ({@link Outcome#worst}); {@code summary} and {@code evidence} are those
 * of the first run with that outcome. {@code trace} is what TLC decided about the runs' traces ({@code audit --trace}),
 * or null when the cell's runs were not traced.
 */
public record CellResult(String id, String title, String origin, Outcome verdict, String summary, int runs,
                         Map<Outcome, Integer> counts, List<String> evidence, double seconds, CellTrace trace) {

    /** A run's possible outcomes, worst first ({@link Outcome}'s order reversed): how counts are listed. */
    public static final List<Outcome> SEVERITY = Arrays.stream(Outcome.values())
            .filter(o -> o != Outcome.NO_RESULT).sorted(Comparator.reverseOrder()).toList();

    public CellResult {
        counts = Map.copyOf(counts);
        evidence = List.copyOf(evidence);
    }

    /** The same cell with the trace verdict of its runs. */
    public CellResult withTrace(CellTrace t) {
        return new CellResult(id, title, origin, verdict, summary, runs, counts, evidence, seconds, t);
    }
}
