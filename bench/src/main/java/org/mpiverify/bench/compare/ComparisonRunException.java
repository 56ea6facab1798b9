package org.mpiverify.bench.compare;

/**
 * A comparison run that gave no timing: it hung past its deadline (its processes were killed), crashed,
 * or its judge rejected it. The message is one line for the console; {@link #evidence()} holds what the
 * target collected (thread dumps of every rank, the launcher's last output).
 */
public final class ComparisonRunException extends Exception {
    private final String evidence;

    public ComparisonRunException(String oneLine, String evidence) {
        super(oneLine);
        this.evidence = evidence == null ? "" : evidence;
    }

    public String evidence() {
        return evidence;
    }
}
