package org.mpiverify.harness.scenario;

import java.util.List;
import org.mpiverify.results.Outcome;

/**
 * The outcome of a scenario run on a target.
 *
 * @param outcome  PASS, FAIL, HANG, CRASH, UNSUPPORTED or HAZARD (the shared vocabulary of {@link Outcome},
 *                 whose order makes a cell the worst of its runs); never {@link Outcome#NO_RESULT}
 * @param summary  one line a reader sees in the matrix
 * @param evidence what supports it: which message went where, which ids collided, thread stacks
 */
public record Verdict(Outcome outcome, String summary, List<String> evidence) {

    public Verdict {
        if (outcome == Outcome.NO_RESULT) throw new IllegalArgumentException("a run always has an outcome: " + summary);
        evidence = List.copyOf(evidence);
    }

    public static Verdict pass(String summary) { return new Verdict(Outcome.PASS, summary, List.of()); }

    public static Verdict fail(String summary, List<String> evidence) {
        return new Verdict(Outcome.FAIL, summary, evidence);
    }

    public static Verdict hazard(String summary, List<String> evidence) {
        return new Verdict(Outcome.HAZARD, summary, evidence);
    }
}
