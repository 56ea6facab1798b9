package org.mpiverify.audit.scenario;

import java.util.List;

/**
 * The outcome of a scenario run on a target.
 *
 * @param outcome  PASS, FAIL, HANG, CRASH, UNSUPPORTED or HAZARD
 * @param summary  one line a reader sees in the matrix
 * @param evidence what supports it: which message went where, which ids collided, thread stacks
 */
public record Verdict(Outcome outcome, String summary, List<String> evidence) {

    public enum Outcome {
        PASS,
        /** Wrong result: a message lost, duplicated, misdelivered, an id reused, a bad checksum. */
        FAIL,
        /** Deadline exceeded; evidence holds every thread's stack. */
        HANG,
        /** A rank died or threw where the scenario expected none. */
        CRASH,
        /** The operation does not exist in this implementation. */
        UNSUPPORTED,
        /** Allowed by the standard, unsafe for users (for example false matching with probe+recv). */
        HAZARD
    }

    public Verdict {
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
