package org.mpiverify.audit.run;

import java.util.List;
import java.util.Map;
import org.mpiverify.audit.scenario.Verdict.Outcome;

/**
 * One cell of the audit matrix: a scenario on one configuration over {@code runs} runs. {@code verdict}
 * is the worst outcome over the runs ({@link #SEVERITY}); {@code summary} and {@code evidence} are those
 * of the first run with that outcome.
 */
public record CellResult(String id, String title, String origin, Outcome verdict, String summary, int runs,
                         Map<Outcome, Integer> counts, List<String> evidence, double seconds) {

    /** Worst first: the cell verdict is the first of these that any run produced. */
    public static final List<Outcome> SEVERITY = List.of(Outcome.FAIL, Outcome.HANG, Outcome.CRASH, Outcome.HAZARD,
            Outcome.UNSUPPORTED, Outcome.PASS);

    public CellResult {
        counts = Map.copyOf(counts);
        evidence = List.copyOf(evidence);
    }

    /** Whether {@code a} is worse than {@code b}. */
    public static boolean worse(Outcome a, Outcome b) {
        return SEVERITY.indexOf(a) < SEVERITY.indexOf(b);
    }
}
